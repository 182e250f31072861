// Major mentions: every name of the major catalogue and of the discipline evaluations, 专业类 (计算机类), major
// codes (080901, 100201K), the chat nicknames below (计科, 软工), and a leading part of a known name (计算机) when
// the message is about majors. Names are matched longest first; one index per data database.
import type { DB } from '../../db/open.ts';
import { perHandle } from '../../access/per-store.ts';
import { NOT_IN_NAME } from './universities.ts';

/** What students call a major in chat → the catalogue name. */
export const MAJOR_NICKNAMES: Readonly<Record<string, string>> = {
  计科: '计算机科学与技术', 计算机科学: '计算机科学与技术', 软工: '软件工程', 电气: '电气工程及其自动化', 电子信息: '电子信息工程',
  自动化专业: '自动化', 临床: '临床医学', 口腔: '口腔医学', 金融: '金融学', 会计: '会计学', 经济: '经济学', 法律: '法学',
  汉语言: '汉语言文学', 中文系: '汉语言文学', 英语专业: '英语', 机械: '机械设计制造及其自动化', 土木: '土木工程', 人工智能: '人工智能',
  大数据: '数据科学与大数据技术', 数据科学: '数据科学与大数据技术', 网安: '网络空间安全', 信安: '信息安全', 通信: '通信工程',
  微电子: '微电子科学与工程', 集成电路: '集成电路设计与集成系统', 护理: '护理学', 药学专业: '药学', 师范数学: '数学与应用数学',
  数学专业: '数学与应用数学', 物理专业: '物理学', 化学专业: '化学', 生物专业: '生物科学', 新闻: '新闻学', 心理学专业: '心理学',
};

export interface MajorMention {
  written: string;
  /** catalogue or discipline name to pass to a tool */
  name: string;
  how: 'name' | 'code' | 'subcategory' | 'nickname' | 'prefix' | 'unknown';
  /** the six-character catalogue code when one was typed or the name is a catalogue name */
  code: string | null;
}

interface Index {
  /** names longest first */
  names: string[];
  nameSet: Set<string>;
  codes: Map<string, string>;
  codeOf: Map<string, string>;
  subcategories: Set<string>;
}

const indexOf = perHandle((db: DB): Index => {
  const rows = db.prepare('SELECT code, name, subcategory FROM majors').all() as Array<{ code: string; name: string; subcategory: string }>;
  let disciplines: string[] = [];
  try {
    disciplines = db.prepare('SELECT DISTINCT discipline_name FROM discipline_evaluations').pluck().all() as string[];
  } catch {
    // an older data database without evaluations
  }
  const codes = new Map(rows.map((r) => [r.code.toUpperCase(), r.name]));
  const codeOf = new Map(rows.map((r) => [r.name, r.code]));
  const names = [...new Set([...rows.map((r) => r.name), ...disciplines.filter((d) => /^[\u4e00-\u9fff]{2,}$/.test(d))])].sort((a, b) => b.length - a.length);
  return { names, nameSet: new Set(names), codes, codeOf, subcategories: new Set(rows.map((r) => r.subcategory)) };
});

/** Characters after which a major's name starts (not inside another word). */
const WORD_BOUNDARY = /[^\u4e00-\u9fff]|[□的学读报想和与或及、是在看问查选念修考]/;
/** English names of majors in questions written in English. */
export const ENGLISH_MAJORS: Readonly<Record<string, string>> = {
  'computer science and technology': '计算机科学与技术', 'computer science': '计算机科学与技术', 'software engineering': '软件工程',
  'clinical medicine': '临床医学', medicine: '临床医学', law: '法学', economics: '经济学', finance: '金融学', accounting: '会计学',
  mathematics: '数学与应用数学', 'electrical engineering': '电气工程及其自动化', 'civil engineering': '土木工程',
  'mechanical engineering': '机械设计制造及其自动化', 'artificial intelligence': '人工智能', architecture: '建筑学',
  'data science': '数据科学与大数据技术', 'electronic information engineering': '电子信息工程', 'communication engineering': '通信工程',
  automation: '自动化', chemistry: '化学', psychology: '心理学', journalism: '新闻学', pharmacy: '药学', nursing: '护理学',
};
const ENGLISH = Object.keys(ENGLISH_MAJORS).sort((a, b) => b.length - a.length);
const NICKNAMES = Object.keys(MAJOR_NICKNAMES).sort((a, b) => b.length - a.length);
const ABOUT_MAJORS = /专业|学科|排名|评估|A\+|A类|开设|就业|怎么样|强|好|实力|想学|学|major|discipline/i;

/**
 * Majors mentioned in `text` (university names already blanked out by the caller, so 北京大学 is not 北京…).
 * At most three, longest names first.
 */
export function findMajors(text: string, db: DB | null): MajorMention[] {
  const out: MajorMention[] = [];
  let rest = text;
  const take = (written: string, m: MajorMention) => {
    if (out.some((o) => o.name === m.name)) return;
    out.push(m);
    rest = rest.split(written).join('□');
  };
  if (db) {
    const index = indexOf(db);
    for (const c of text.matchAll(/(?<![\dA-Za-z])(\d{6}[KTkt]{0,2})(?![\dA-Za-z])/g)) {
      const code = c[1]!.toUpperCase();
      const name = index.codes.get(code) ?? index.codes.get(`${code}K`) ?? index.codes.get(`${code}T`);
      if (name) take(c[1]!, { written: c[1]!, name, how: 'code', code: index.codeOf.get(name) ?? code });
    }
    for (const sub of /([\u4e00-\u9fff]{1,8}类)/.exec(rest) ? [...index.subcategories].sort((a, b) => b.length - a.length) : []) {
      if (rest.includes(sub)) take(sub, { written: sub, name: sub, how: 'subcategory', code: null });
    }
    for (const name of index.names) {
      if (out.length >= 3) break;
      const at = rest.indexOf(name);
      // 法学 inside 魔法学 is not the major 法学: a name must not continue a longer word
      if (name.length >= 2 && at >= 0 && (at === 0 || WORD_BOUNDARY.test(rest[at - 1]!) || name.length >= 4)) take(name, { written: name, name, how: 'name', code: index.codeOf.get(name) ?? null });
    }
  }
  for (const nick of NICKNAMES) {
    if (out.length >= 3) break;
    if (rest.includes(nick)) take(nick, { written: nick, name: MAJOR_NICKNAMES[nick]!, how: 'nickname', code: null });
  }
  if (/[A-Za-z]{3}/.test(text)) {
    const lower = rest.toLowerCase();
    for (const en of ENGLISH) {
      if (out.length >= 3) break;
      if (new RegExp(`\\b${en}\\b`).test(lower)) take(en, { written: en, name: ENGLISH_MAJORS[en]!, how: 'nickname', code: null });
    }
  }
  if (!out.length && db && ABOUT_MAJORS.test(text)) {
    // 计算机 for 计算机科学与技术: the longest leading part (3+ characters) of a known name found in the text
    let best = '';
    for (const name of indexOf(db).names) {
      for (let len = Math.min(name.length - 1, 8); len >= 3 && len > best.length; len--) {
        if (rest.includes(name.slice(0, len))) {
          best = name.slice(0, len);
          break;
        }
      }
    }
    if (best) take(best, { written: best, name: best, how: 'prefix', code: null });
  }
  if (!out.length) {
    // a major the catalogue does not know (魔法学专业) stays as written, so the tool can say it is not in the data:
    // the words right before 专业, after the last character that cannot be part of a name
    const m = /([\u4e00-\u9fff]{2,10})专业(?!组)/.exec(rest);
    if (m) {
      let s = m[1]!;
      for (let i = s.length - 1; i >= 0; i--) {
        if (NOT_IN_NAME.has(s[i]!)) {
          s = s.slice(i + 1);
          break;
        }
      }
      if (s.length >= 2 && !/院校|学校|大学|学院/.test(s)) take(s, { written: s, name: s, how: 'unknown', code: null });
    }
  }
  return out;
}
