// What a piece of a message asks for, as an intent named after the question (not after a keyword list): cues
// read together with the entities found (a university, a major, a score or rank, a code), in an order where the
// more specific question wins (招多少人 before 分数线, 哪些学校是A+ before 专业怎么样). Each intent names the
// site tool that answers it; an intent with no cue falls back to the tools' own keywords (the router).
import type { Reading } from './reading.ts';
import { looksConcrete } from './concrete.ts';
import { looksSteel, looksSteelFrame } from '../steel-args.ts';
import { asksIdentity } from './smalltalk.ts';
import { CUES, siteTopic } from './cues.ts';

export type Intent =
  | 'steel'
  | 'steel_frame'
  | 'concrete'
  | 'chart'
  | 'hexagram'
  | 'identity'
  | 'plans'
  | 'batch_lines'
  | 'rank_table'
  | 'match'
  | 'evaluations'
  | 'major_rankings'
  | 'score_lines'
  | 'university'
  | 'universities'
  | 'major'
  | 'majors'
  | 'site_search'
  | 'forum'
  | 'notes'
  | 'page'
  | 'rules'
  | 'calendar';

/** The site tool each intent runs (calc_concrete is found by its fields when a registry names it otherwise). */
export const INTENT_TOOL: Record<Intent, string> = {
  steel: 'calc_steel',
  steel_frame: 'calc_steel_frame',
  concrete: 'calc_concrete',
  chart: 'sizhu',
  hexagram: 'yijing',
  identity: 'site_about',
  plans: 'query_admission_plans',
  batch_lines: 'query_batch_lines',
  rank_table: 'query_rank_table',
  match: 'match_by_score',
  evaluations: 'query_discipline_evaluations',
  major_rankings: 'query_major_rankings',
  score_lines: 'query_score_lines',
  university: 'get_university',
  universities: 'search_universities',
  major: 'get_major',
  majors: 'search_majors',
  site_search: 'search_site',
  forum: 'search_forum',
  notes: 'read_notes',
  page: 'read_page',
  rules: 'read_page',
  calendar: 'daily_brief',
};

/** The intents a reading asks for, most specific first (empty: no cue; the caller tries the keyword router). */
export function intentsOf(r: Reading): Intent[] {
  const t = r.text;
  const m = r.m;
  const hasUniversity = r.universities.length > 0;
  const hasMajor = r.majors.length > 0;
  const hasScore = m.scores.length > 0 || m.scoreRange !== null;
  const hasRank = m.rank !== null;
  const out: Intent[] = [];
  const add = (i: Intent) => {
    if (!out.includes(i)) out.push(i);
  };
  // 「读一下页面 data-api」: a page by its slug is the page tool's (the router's) business
  if ((/[a-z0-9]+(?:-[a-z0-9]+)+/.test(t) && /页面|page|读|打开|open/i.test(t)) || /读一下页面|页面全文/.test(t)) return out;
  // 「2027年高考是几月几号」: the site's exam calendar
  if (CUES.calendar.test(t) && !hasUniversity && !m.scores.length) {
    add('calendar');
    return out;
  }
  // 「平行志愿到底咋投档的」「退档了还有学上吗」「位次和分数到底看哪个」: how 志愿 filling works, from the site's notes
  if ((CUES.rulesTopic.test(t) || /位次和分数|分数和位次|看位次还是|看分数还是/.test(t)) && CUES.rulesAsk.test(t) && !hasUniversity && !m.scores.length && m.rank === null && !hasMajor && !CUES.siteSearch.test(t)) {
    add('rules');
    return out;
  }
  // 「冲稳保是什么意思」「志愿怎么填」: a question about how things work is answered by the site's writing
  // (「乾卦的用九是什么意思」 asks the book's text of a hexagram named: the yijing tool reads it below)
  if (CUES.howTo.test(t) && !r.hexagram && !r.universities.length && !r.majors.length && !m.scores.length && m.rank === null && !m.provinces.length && siteTopic(t)) {
    add('site_search');
    return out;
  }
  if (CUES.siteSearch.test(t)) {
    // 「有讲冲稳保的笔记吗」「本站哪里讲了八字」 look for a topic; 「最近有什么新笔记」「复盘类的笔记」 list notes
    const topic = siteTopic(t);
    if (/打开|读一下|看看|看一下/.test(t) && /页面/.test(t)) add('page');
    else if (/论坛|帖子/.test(t)) add('forum');
    else if (topic && !/^(思辨|复盘|记)$/.test(topic) && !/^(站内搜索|搜索本站|本站搜索)/.test(t)) add('site_search');
    else if (/笔记/.test(t)) add('notes');
    return out;
  }
  // a birth moment with its hour and a sex, said as a birth (「…10点出生的男生 …」), is a chart question
  const born = m.birth?.hour !== undefined && m.sex !== null && /出生|生的|生日|生辰/.test(t);
  if (CUES.chart.test(t) || (r.lunar !== null && /出生|生日|生辰|命/.test(t)) || born) add('chart');
  // steel before concrete: 「Q355 的 HN400×200 梁」 is a steel member although it names a 梁 and its size
  if (!out.length && looksSteelFrame(t)) add('steel_frame');
  else if (!out.length && looksSteel(t)) add('steel');
  if (!out.length && looksConcrete(t)) add('concrete');
  // 「乾为天这一卦的卦辞」「谦卦的卦辞说的啥」: a hexagram named is read from the book (not cast)
  if (CUES.hexagram.test(t) || r.hexagram) add('hexagram');
  if (asksIdentity(t)) add('identity');
  if (out.length) return out;

  // 「浙江位次5万 想学法学 有哪些学校」「山东考生600分，想去武汉，给点建议」: a candidate's score or rank with where or
  // what they want to study asks which universities they can reach
  if ((hasScore || hasRank) && m.provinces.length && !hasUniversity && !CUES.rankTable.test(t) && !CUES.batchLines.test(t) && /(?:有)?哪些(?:学校|大学|院校)|什么(?:学校|大学)|给点建议|建议|推荐|想学|想去|想读|想在|只看|冲稳保|realistic|should i apply|which universities/i.test(t)) add('match');
  if (CUES.plans.test(t)) add('plans');
  // 「哈佛大学在河南理科多少分能上」: without a score of the candidate's own, a school's line is what is asked
  if (CUES.match.test(t) && !/^(?:你|这个网站|本站)/.test(t) && (hasScore || hasRank || !hasUniversity)) add('match');
  if (CUES.batchLines.test(t) && !hasUniversity && !hasMajor) add('batch_lines');
  // 「600分同分多少人」「排名3万约多少分」: a figure of the rank table is asked, whatever the profile around it
  if (CUES.rankTable.test(t) && !hasUniversity && (hasScore || hasRank || /一分一段/.test(t)) && !CUES.match.test(t)) add('rank_table');
  // 软科 publishes the major rankings; 学科评估 is the Ministry's evaluation of disciplines
  const ruanke = /软科|ruanke|shanghairanking/i.test(t);
  if (CUES.evaluations.test(t) && !ruanke) add('evaluations');
  const grade = m.grade !== null;
  if (grade && ruanke && (hasMajor || /专业/.test(t))) add('major_rankings');
  if (grade && !CUES.evaluations.test(t)) {
    // 「浙大有哪些A+专业」 is the 软科 major ranking of one university; 「计算机专业哪些学校是A+」 the evaluation.
    // 「计算机科学与技术专业哪些学校是A+」 asks the 软科 grade of a major; 学科 grades are the evaluations
    if ((/专业/.test(t) || (hasUniversity && hasMajor)) && !/学科/.test(t)) add('major_rankings');
    else add('evaluations');
  }
  // 「软科2026机械工程前五」: 软科 with a major (or a major's top N) is the 软科 major ranking
  if (hasMajor && !hasUniversity && (ruanke || /前\s*\d+\s*(?:名|所|位|的|个)?\s*(?:学校|大学|院校|高校)?\s*$|前\s*\d+\s*(?:名|所)?(?:的)?(?:学校|大学|院校|高校)/.test(t)) && !hasScore && !hasRank) add('major_rankings');
  if (CUES.majorRankings.test(t) && hasMajor) add('major_rankings');
  if (hasUniversity && hasMajor && /排名|排第几|实力|怎么样|强|好不好|哪个好/.test(t) && !CUES.scoreLines.test(t)) add('major_rankings');
  // 「哪些大学有临床医学」: the universities ranked for that major
  if (!hasUniversity && hasMajor && CUES.universityList.test(t) && !/开设|开了|开办/.test(t) && !hasScore && !hasRank) add('major_rankings');
  if (CUES.scoreLines.test(t) && (hasUniversity || hasMajor || /分数线|录取分|录取线|投档|最低分|最低位次/.test(t)) && !(hasScore && CUES.match.test(t))) add('score_lines');
  // 「西安交大2024河南文科」: a university with a province and a year or subject family and nothing else asks its line
  // (「不要盘锦校区」 excludes a campus from the line; it asks nothing about campuses)
  if (hasUniversity && !out.length && m.provinces.length && (m.years.length || m.subjectType) && !CUES.universityInfo.test(t.replace(/(?:不要|除了|不含|排除|不算|去掉|不考虑)[\u4e00-\u9fff]{0,8}/g, ''))) add('score_lines');
  if (hasUniversity && !out.length) add('university');
  if ((CUES.universityList.test(t) && !hasMajor) || (CUES.search.test(t) && hasUniversity)) {
    if (!hasScore && !hasRank) add('universities');
  }
  // 「搜一下哈工大」 lists what the name finds; 「介绍哈工大」 is the profile
  if (CUES.search.test(t) && hasUniversity && out[0] === 'university') out.reverse();
  if (hasMajor && (CUES.majorInfo.test(t) || r.majors[0]!.how === 'code') && r.majors[0]!.how !== 'subcategory') add('major');
  if (CUES.majorList.test(t) || r.majors[0]?.how === 'subcategory') add('majors');
  if (!out.length && hasMajor && /专业/.test(t) && !hasScore) add('major');
  return out;
}


/** The intent a piece asks by a cue of its own (an entity alone is not a question): for splitting clauses. */
export function askedIntent(r: Reading): Intent | null {
  const intents = intentsOf(r);
  const first = intents[0] ?? null;
  if (first === 'university' && !CUES.universityInfo.test(r.text) && !/是(?:不是)?(?:985|211|双一流)/.test(r.text)) return null;
  if (first === 'major' && !CUES.majorInfo.test(r.text)) return null;
  // a cue alone still asks something (its subject may come from the clause before)
  if (!first && CUES.scoreLines.test(r.text)) return 'score_lines';
  return first;
}
