// batch_lines/: provincial control lines. liuguanghui and immaotianyi rows carry official source URLs and win a
// duplicate over luanche (merged from two upstream schemas; 756 exact duplicates already removed upstream).
import { cleanText, parseNumber } from '../../normalize.ts';
import { rowRef, text, type ImportContext, type Outcome } from '../context.ts';
import { Duplicates, batchFamily, provinceYear } from './common.ts';

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
  line_name: string | null;
  category: string | null;
  score: string;
  pref: number;
  source_file: string;
  source_ref: string;
  source_url: string | null;
}

export async function importBatchLines(ctx: ImportContext): Promise<void> {
  const dup = new Duplicates(ctx);
  const add = (r: BatchInput): Outcome => {
    const py = provinceYear(r.province, r.year, r.subject_type);
    if (typeof py === 'string') return { reject: py };
    const batch = cleanText(r.batch);
    if (!batch) return { reject: 'no batch' };
    const score = parseNumber(r.score);
    if (score === null) return { reject: 'no score' };
    const bf = batchFamily(batch);
    const clean = py.misaligned ? 'misaligned_subject' : score <= 0 ? 'no_score' : null;
    const id = ctx.insert('batch_lines', {
      province: py.province, year: py.year, subject_type: py.subject_label, subject_type_raw: py.subject_type, subject_family: py.subject_family, subject_fit: py.subject_fit,
      batch, batch_family: bf, line_name: text(r.line_name ?? ''), category: text(r.category ?? ''), score,
      source_file: r.source_file, source_ref: r.source_ref, source_url: text(r.source_url ?? ''), cleaned: clean ? 1 : 0, clean_reason: clean,
    });
    if (!clean) {
      // The same line from two sources has the same family, batch family and score; sub-lines (艺术 462/465) differ in score.
      dup.add('batch_lines', id, [py.province, py.year, py.subject_family ?? py.subject_type ?? '', bf ?? batch, score].join('|'), r.pref);
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
      province: f[c.province], year: f[c.year], subject_type: f[c.subject_group], batch: f[c.batch_section] || f[c.batch],
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
