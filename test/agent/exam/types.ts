// The exam's vocabulary: a case is a conversation as users type it, the domain it counts under, and the checks of
// its last answer. Facts are never written here: a check names the canonical call (a site tool with arguments, or
// the concrete calculator with its body) and which parts of the served result the answer must carry; the runner
// makes the call against the same app at run time. Only yes/no and identity checks are patterns.

export const DOMAINS = {
  score: '分数线（院校线/专业线，含位次）',
  match: '按分数/位次匹配院校',
  rank: '一分一段表',
  plans: '招生计划与人数合计',
  batch: '批次线',
  rankings: '专业排名与学科评估',
  majors: '专业（名称、代码）',
  universities: '院校简介与检索',
  names: '简称、别名与错别字',
  sizhu: '八字排盘（含农历）',
  yijing: '起卦',
  concrete: '混凝土计算',
  steel: '钢结构计算（构件与框架）',
  site: '本站内容（笔记、页面、论坛）',
  rules: '志愿填报规则（平行志愿、退档、调剂、位次法、考试日期）',
  followup: '追问换工具',
  multipart: '一句多问',
  english: '英文提问',
  smalltalk: '问候、致谢、身份',
  madeup: '编造或不可能的问题',
} as const;
export type Domain = keyof typeof DOMAINS;

/** The canonical call whose served result holds the facts. */
export type Source =
  | { tool: string; args: Record<string, unknown> }
  | { calc: 'concrete'; body: { kind: string; params: Record<string, unknown> } };

/** Which parts of the canonical result the answer must carry; each listed value is one fact. */
export type Check =
  /** fields of one row of `items`: the first row whose fields equal `where` (default: the first row) */
  | { from: Source; row?: Record<string, unknown>; fields: string[] }
  /** `field` of the first `top` rows (all of them: 「前10」 is ten names) */
  | { from: Source; top: number; field: string }
  /** for each value of `per` among the rows (冲/稳/保), `field` of its first row */
  | { from: Source; firstPer: string; field: string }
  /** the sum of a numeric field over every row of the result (every page), e.g. 招多少人 */
  | { from: Source; sum: string }
  /** values at dotted paths of the result (calculators, charts); numbers match within `tolerance` (relative, default exact) */
  | { from: Source; paths: string[]; tolerance?: number }
  /** a pattern the answer must match (yes/no answers, identity, candidates offered): `label` says what it checks */
  | { says: RegExp; label: string }
  /** the answer says plainly that the thing is not in the data */
  | { notInData: true };

export interface ExamCase {
  id: string;
  domain: Domain;
  /** the user's messages in order; the assistant's answers are carried between them; the last answer is graded */
  ask: string | string[];
  checks: Check[];
  /** the question is English: the answer must be English */
  english?: boolean;
  /**
   * Declares the invented check for this case. 'universities': a university name (from the data's list) in the
   * answer that neither the canonical results nor the question contain. 'numbers': any score-like number (3 digits)
   * in the answer at all — for questions whose honest answer has none (a university or year not in the data).
   */
  invented?: 'universities' | 'numbers';
  /** why the case is shaped the way it is, where that is not obvious */
  note?: string;
}
