// Match constraints a family states anywhere in the conversation: the major or 专业类 of interest (想学法学), where
// the university should be (想留在省内 / 江浙沪 / 在北京), its level (985/211/双一流) and nature (公办/民办), and
// the subjects chosen (物化生 → 物理 family). Mapped onto match_by_score's filters; what the tool cannot filter on
// is kept so the writer can say it was not applied.
import { PROVINCES } from '../../data/normalize.ts';

export interface Constraints {
  /** a city to study in (想去成都读大学, 想去北京读): match_by_score.city */
  city?: string;
  /** a region (西南地区, 两广海南 → 华南): match_by_score.region */
  region?: string;
  /** 想学法学类的专业: a 专业类 (match_by_score.major_category) */
  majorCategory?: string;
  /** a major keyword the candidate wants (match_by_score.major) */
  major?: string;
  /** universities located in this province (match_by_score.university_province); 省内 → the candidate's province */
  universityProvince?: string;
  /** 省内: resolved against the candidate's province when the plan is made */
  inProvince?: boolean;
  level?: '985' | '211' | '双一流';
  /** 想读师范 → universities of that type (match_by_score.type) */
  type?: string;
  nature?: '公办' | '民办';
  /** 物化生 … as written, and the subject family it means */
  subjects?: { written: string; family: '物理' | '历史' };
}

/** 想读师范 / 想学医: a kind of university, not a major keyword. */
const KIND_OF_UNIVERSITY: Record<string, string> = { 师范: '师范', 医: '医药', 医学: '医药', 医科: '医药', 财经: '财经', 政法: '政法', 理工: '理工', 农业: '农业', 艺术: '艺术', 体育: '体育', 外语: '语言', 语言: '语言', 军校: '军事' };
const SUBJECT_SETS = /([物史])([化政地生])([化政地生])|选(?:了)?(物理|历史)(?:和|、|\+)?/;
const INTEREST = /(?:想学|想读|喜欢|想报|打算学|对)([\u4e00-\u9fff]{1,10}?)(?:专业|方向|类|感兴趣|$|[，,。？?！!\s]|，|有)/;

/** Constraints stated in one piece of text (majors resolved by the caller, who knows the catalogue). */
export function readConstraints(text: string, majors: string[]): Constraints {
  const c: Constraints = {};
  if (/省内|本省|留在(?:本)?省|家门口|不出省|不想出省|不离开本省|本地/.test(text)) c.inProvince = true;
  const region = /(华北|东北|华东|华中|华南|西南|西北)(?:地区)?/.exec(text)?.[1] ?? (/两广|广东广西|广西广东/.test(text) ? '华南' : undefined);
  if (region && /想去|去|在|到|读|上学|只看|考虑/.test(text)) c.region = region;
  const place =
    /(?:留在|去|在|想去|只看|到)(北京|上海|天津|重庆|[\u4e00-\u9fff]{2,3}?)(?:的|读|上|念)?(?:大学|学校|院校|高校|读书|上学)/.exec(text) ??
    /(?:想留在?|留在|想去|只考虑|只看)(北京|上海|天津|重庆|[\u4e00-\u9fff]{2,3}?)(?=$|[，,。？?！!\s]|的|读|上|念)/.exec(text);
  if (place) {
    const p = PROVINCES.find((x) => x.name === place[1] || x.full === place[1]);
    // a municipality named as the place to study is its city (想去北京读); a province is where the school is
    if (p && /^(北京|上海|天津|重庆)$/.test(p.name) && !/本地|省内/.test(text)) c.city = p.name;
    else if (p) c.universityProvince = p.name;
  }
  // 「985 211都行」: the wider of the two
  if (/985/.test(text) && /211/.test(text) && /都行|都可以|都可|或/.test(text)) c.level = '211';
  else if (/985/.test(text)) c.level = '985';
  else if (/211/.test(text)) c.level = '211';
  else if (/双一流/.test(text)) c.level = '双一流';
  if ((/公办/.test(text) && !/民办/.test(text)) || /不要民办|不考虑民办|非民办|排除民办|不上民办/.test(text)) c.nature = '公办';
  else if (/民办/.test(text) && !/公办/.test(text)) c.nature = '民办';
  const set = SUBJECT_SETS.exec(text);
  if (set) c.subjects = { written: set[0], family: (set[1] ?? set[4]) === '史' || set[4] === '历史' ? '历史' : '物理' };
  // 想学法学 → the catalogue name found; 想学计算机 → the words as written (the match filters by keyword)
  const interest = INTEREST.exec(text);
  const kind = interest && KIND_OF_UNIVERSITY[interest[1]!];
  const onlyKind = /(?:只想上|只上|只看|想上|想读|想去|只要)(师范|理工|财经|医科|医学|政法|农业|艺术|体育|语言|外语)类?/.exec(text);
  if (kind || onlyKind) c.type = kind || KIND_OF_UNIVERSITY[onlyKind![1]!];
  // 想学法学类的专业 / 只看计算机类专业: a 专业类
  else if (/([\u4e00-\u9fff]{2,6}类)(?:的)?专业/.test(text) && !/哪些|什么/.test(/([\u4e00-\u9fff]{2,6}类)(?:的)?专业/.exec(text)![1]!)) c.majorCategory = (/(?:想学|只看|只要|想读|想报)([\u4e00-\u9fff]{1,6}?类)(?:的)?专业/.exec(text) ?? /([\u4e00-\u9fff]{2,4}类)(?:的)?专业/.exec(text))![1]!;
  // 想学电气 → the keyword as written filters every 电气 major; a catalogue name only when nothing else was written
  else if (interest) c.major = interest[1] && interest[1].length >= 2 ? interest[1] : majors[0];
  // "wants to do software engineering", "interested in law": an English interest names a major the catalogue read
  else if (majors.length && /\b(?:wants? to (?:do|study|major in|read|learn)|interested in|to study|major(?:ing)? in|studying)\b/i.test(text)) c.major = majors[0];
  return c;
}
