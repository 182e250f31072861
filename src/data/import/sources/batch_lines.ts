// batch_lines/: provincial control lines. liuguanghui and immaotianyi rows carry official source URLs and win a
// duplicate over luanche (merged from two upstream schemas; 756 exact duplicates already removed upstream).
import { ORDINARY_BATCH_FAMILIES, cleanText, foldBatch, parseNumber, type BatchFamily, type SubjectFamily } from '../../normalize.ts';
import { rowRef, text, type ImportContext, type Outcome } from '../context.ts';
import { Duplicates, provinceYear } from './common.ts';

export const BATCH_LINE_FILES = {
  liuguanghui: 'batch_lines/liuguanghui_control_lines.csv.gz',
  immaotianyi: 'batch_lines/immaotianyi_control_lines_2024_2026.csv.gz',
  luanche: 'batch_lines/luanche_province_control_lines_2014_2024.csv.gz',
} as const;

interface BatchInput {
  province: string;
  year: string;
  subject_type: string;
  batch: string;
  /** the level section a file files the line under (immaotianyi batch_section: 普通类, 本科院校 …), or null */
  section?: string | null;
  line_name: string | null;
  category: string | null;
  score: string;
  pref: number;
  source_file: string;
  source_ref: string;
  source_url: string | null;
}

/**
 * The kind of line a control-line row is. The batch decides the level, but a special-type marker anywhere in the
 * row (its batch, the section it is filed under, the line's name, its subject label) makes it that special line:
 * 广东 消防本科 534 is not the 本科 line, 吉林's 司法院校资格线 are not 提前批 admission lines, a 戏曲类 本科 line is an
 * art line. Lines of the art/PE families, and of the non-ordinary family 其他 (蒙授文科, 对口招生, 三校生 …), are
 * likewise never the ordinary batch of a province.
 */
export function batchLineKind(r: { batch: string; section?: string | null; line_name?: string | null; subject_type?: string | null }, family: SubjectFamily | null): BatchFamily | null {
  const bf = foldBatch(r.batch);
  if (bf === null || !ORDINARY_BATCH_FAMILIES.has(bf)) return bf;
  for (const t of [r.section, r.line_name, r.subject_type]) {
    const k = foldBatch(t);
    if (k !== null && k !== '其他' && !ORDINARY_BATCH_FAMILIES.has(k)) return k;
  }
  if (family === '艺术' || family === '体育') return '艺术体育';
  if (family === '其他') return '特殊类型';
  return bf;
}

/**
 * The segment of an ordinary batch a row names, '' for the batch itself: a sub-line (山西 本科二批C段, 四川 专科二批,
 * 湖北 专科批(独立学院、民办…) and 高职高专限定院校, 西藏 重点本科) or a candidate class (西藏 A类考生 / B类考生, in the
 * line name or category). Lines of one province-year-family-batch with different segments are different lines.
 */
export function batchSegment(r: { batch: string; line_name?: string | null; category?: string | null }): string {
  const text = [r.batch, r.line_name ?? '', r.category ?? ''].join('|').normalize('NFKC');
  const m = /([A-Za-z])[段类批]|专科([一二])批|([一二])段|限定院校|独立学院|重点/.exec(text);
  return m ? m[0] : '';
}

/**
 * immaotianyi's 广东 2024/2025 art rows name one category 「表」: the file cut 「表（导）演类」 at its bracket. The rows
 * are the only category of 广东's art list missing from those years (体育, 音乐, 舞蹈, 播音与主持, 美术与设计, 书法, 戏曲
 * are all there, same source URL), and the file's 2026 rows spell it out (row 306 表（导）演类（戏剧影视表演）).
 */
const CUT_SUBJECTS: Record<string, string> = { 表: '表(导)演类' };

export async function importBatchLines(ctx: ImportContext): Promise<void> {
  const dup = new Duplicates(ctx);
  const add = (r: BatchInput): Outcome => {
    const subject = cleanText(r.subject_type);
    const py = provinceYear(r.province, r.year, CUT_SUBJECTS[subject] ?? r.subject_type);
    if (typeof py === 'string') return { reject: py };
    const batch = cleanText(r.batch);
    if (!batch) return { reject: 'no batch' };
    const score = parseNumber(r.score);
    if (score === null) return { reject: 'no score' };
    const bf = batchLineKind({ batch, section: r.section, line_name: r.line_name, subject_type: subject }, py.subject_family);
    const clean = py.misaligned ? 'misaligned_subject' : score <= 0 ? 'no_score' : null;
    const id = ctx.insert('batch_lines', {
      province: py.province, year: py.year, subject_type: py.subject_label, subject_type_raw: subject || null, subject_family: py.subject_family, subject_fit: py.subject_fit,
      batch, batch_family: bf, line_name: text(r.line_name ?? ''), category: text(r.category ?? ''), score,
      source_file: r.source_file, source_ref: r.source_ref, source_url: text(r.source_url ?? ''), cleaned: clean ? 1 : 0, clean_reason: clean,
    });
    if (!clean) {
      // An ordinary batch of an ordinary family is one line per segment whatever the score: two sources at two
      // scores (福建 2026 专科 235 official / 239 immaotianyi) serve the preferred source's. A special line is its own
      // line by name: 广东 2025 特控线, 军队本科 and 消防本科 are all 534 and all three are served. Art/PE sub-lines
      // (462/465) differ in score.
      const ordinary = bf !== null && ORDINARY_BATCH_FAMILIES.has(bf) && (py.subject_family === '物理' || py.subject_family === '历史' || py.subject_family === '综合');
      const key = ordinary
        ? [py.province, py.year, py.subject_family, bf, batchSegment({ batch, line_name: r.line_name, category: r.category })]
        : [py.province, py.year, py.subject_family ?? py.subject_type ?? '', bf === '特殊类型' || bf === '专项计划' ? batch.replace(/\s+/g, '') : bf ?? batch, score];
      dup.add('batch_lines', id, key.join('|'), r.pref);
    }
  };
  {
    const file = BATCH_LINE_FILES.liuguanghui;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'batch_lines', (csv) => {
      c = Object.fromEntries(['province', 'year', 'subject_type', 'batch', 'line_name', 'category_group', 'min_score', 'source_id', 'source_url'].map((n) => [n, csv.col(n)]));
    }, (f, n) => add({
      province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], batch: f[c.batch], line_name: f[c.line_name],
      category: f[c.category_group], score: f[c.min_score], pref: 1, source_file: file,
      source_ref: f[c.source_id].trim() ? `${f[c.source_id].trim()} (${rowRef(n)})` : rowRef(n), source_url: f[c.source_url],
    }));
  }
  {
    const file = BATCH_LINE_FILES.immaotianyi;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'batch_lines', (csv) => {
      c = Object.fromEntries(['province', 'year', 'batch_section', 'batch', 'subject_group', 'line_type', 'lowest_score', 'source_url'].map((n) => [n, csv.col(n)]));
    }, (f, n) => add({
      // batch is the line (本科批, 特殊类型资格线, 消防本科, 地方专项); batch_section the level it is filed under (普通类, 本科院校)
      province: f[c.province], year: f[c.year], subject_type: f[c.subject_group], batch: f[c.batch] || f[c.batch_section], section: f[c.batch_section],
      line_name: f[c.line_type], category: null, score: f[c.lowest_score], pref: 2, source_file: file, source_ref: rowRef(n), source_url: f[c.source_url],
    }));
  }
  {
    const file = BATCH_LINE_FILES.luanche;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'batch_lines', (csv) => {
      c = Object.fromEntries(['province', 'year', 'batch', 'subject_type', 'score', 'schema'].map((n) => [n, csv.col(n)]));
    }, (f, n) => add({
      province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], batch: f[c.batch], line_name: null, category: null,
      score: f[c.score], pref: 3, source_file: file, source_ref: `${rowRef(n)} schema ${f[c.schema].trim()}`, source_url: null,
    }));
  }
  dup.resolve('batch_lines');
}
