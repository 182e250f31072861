// What makes two score lines of one school different admission units or rounds although the school, batch family,
// subject family, kind, group and major agree: a later round (征集志愿), a plan type (国家/地方/高校专项, 民族, 预科,
// 南疆) and the region a 定向 place is for, 中外合作 / 较高收费 programmes, a named campus, the label of a 单列类
// subject, and the group of a 院校线 row whose source wrote one. Sources write these in any column (batch, line kind,
// group, remark), so every descriptive column is read; the tokens are the same whichever column carried them, so a
// copy of the line in another file still meets it.
import { cleanText } from '../../normalize.ts';

/** A later round than the regular one: its line is not what a student plans with. */
export const LATER_ROUND = /征集|征求|补录|二次|第二轮|降分/;

const PLAN_TYPES: Array<[RegExp, string]> = [
  [/国家专项/, '国家专项'],
  [/地方专项/, '地方专项'],
  [/高校专项/, '高校专项'],
  [/民族预科|预科/, '预科'],
  [/民族班/, '民族班'],
  [/南疆/, '南疆单列'],
  [/中外合作|中外合办|合作办学|中[德英美法澳日加俄韩意荷爱芬新]合作|[与和][^，,;；、]{2,16}(?:大学|学院)合作/, '中外合作办学'],
  [/较高收费|高收费/, '较高收费'],
  // 公费师范 / 优师 places bind the graduate to teach; a 护理 group (a name unit 医护类 elsewhere) is admitted
  // apart from the school's ordinary groups and far lower (华中科技大学 湖北 2024 第05组 护理类 598 against 648).
  [/公费师范|免费师范|公费定向师范|优师/, '公费师范'],
  [/护理|医护/, '医护类'],
];

/** Every programme token programmeTokens can return. */
export const PROGRAMME_UNITS: readonly string[] = [...PLAN_TYPES.map(([, t]) => t), '专项'];

/** Programme tokens (plan types and programmes, not round, region or campus) of one text, in a fixed order. */
export function programmeTokens(text: string | null): string[] {
  const all = cleanText(text ?? '').replace(/非定向/g, '');
  const out: string[] = [];
  for (const [re, token] of PLAN_TYPES) if (re.test(all) && !out.includes(token)) out.push(token);
  if (!/[国地高]\S{0,2}专项/.test(all) && /专项/.test(all)) out.push('专项');
  return out;
}

/** Programme tokens every one of several texts carries (the majors of a folded group): the group's programme. */
export function commonProgrammeTokens(texts: string[]): string[] {
  if (texts.length === 0) return [];
  const [first, ...rest] = texts.map(programmeTokens);
  return first.filter((t) => rest.every((r) => r.includes(t)));
}

/**
 * A group written in words ("第105组", "03专业组", "专业组 03", "05护理学组：物+化" after a '|' in liuguanghui's 湖北
 * 院校线 rows): a line that names one is a group line.
 */
const GROUP_WRITTEN = /第\s*\d+\s*组|\d+\s*专业组|专业组\s*\d+|(?:^|[|｜\s])\d{1,3}[\u4e00-\u9fa5]{1,10}组/;

/** True when the text names a 院校专业组 (a source that files such a line as 院校线 mislabels a group line). */
export function namesGroup(text: string | null): boolean {
  return GROUP_WRITTEN.test(cleanText(text ?? ''));
}

export interface LineUnitInput {
  batch: string | null;
  data_type_raw: string | null;
  major_group: string | null;
  major_note: string | null;
  subject_type: string | null;
  subject_family: string | null;
  /** tokens the school name already carries (Resolution.unit): not repeated */
  nameUnit: string;
}

/** The tokens, '/'-joined in a fixed order ('' for the regular round of the school's own ordinary line). */
export function lineUnitTokens(r: LineUnitInput): string {
  const texts = [r.batch, r.data_type_raw, r.major_group, r.major_note].map((t) => cleanText(t ?? '')).filter(Boolean);
  // "非定向" is the ordinary place; it must not read as 定向.
  const all = texts.join(' ').replace(/非定向/g, '');
  const out: string[] = [];
  const add = (t: string) => {
    if (!out.includes(t) && !r.nameUnit.split('/').includes(t)) out.push(t);
  };
  if (LATER_ROUND.test(all)) add('征集志愿');
  for (const t of programmeTokens(all)) add(t);
  const region = /定向地区[:：]?\s*([^)）,，;；\s]+)/.exec(all) ?? /面向([^)）,，;；\s/]{2,12})/.exec(all);
  if (region) add(`定向:${region[1]}`);
  else if (/定向/.test(all)) add('定向');
  const campus = /([\u4e00-\u9fa5]{2,8}校区)/.exec(all);
  if (campus) add(campus[1]);
  // 单列类 / 蒙授 / 对口 labels fold to one family: the label is the unit (a null family keys on the label already).
  const label = cleanText(r.subject_type ?? '');
  if (label && (/单列|蒙授|民考/.test(label) || r.subject_family === '其他')) add(`科类:${label}`);
  return out.join('/');
}
