// One-sentence Chinese summaries of query results for the data tools: what was asked, what was found, and
// whether more pages exist. A result with no rows says plainly that the data holds nothing for the question.
import type { BatchFilter } from './filters.ts';
import type { DataType } from './normalize.ts';
import type { Page } from './paging.ts';

export interface FilterText {
  province?: string;
  year?: number;
  subject_type?: string;
  batch?: BatchFilter;
  data_type?: DataType[];
  university_id?: number;
  university_name?: string;
  major_name?: string;
  discipline_name?: string;
  grade?: string;
  min_score_from?: number;
  min_score_to?: number;
  min_rank_from?: number;
  min_rank_to?: number;
  score?: number;
  score_from?: number;
  score_to?: number;
  raw?: boolean;
}

function range(from: number | undefined, to: number | undefined, unit: string): string | null {
  if (from === undefined && to === undefined) return null;
  if (from !== undefined && to !== undefined) return `${from}–${to}${unit}`;
  return from !== undefined ? `${from}${unit}以上` : `${to}${unit}以下`;
}

/** The filters as short phrases: ["河南", "2024 年", "物理类（含理科）", "北京大学"]. */
export function describeFilters(f: FilterText): string[] {
  const parts: string[] = [];
  if (f.province) parts.push(f.province);
  if (f.year !== undefined) parts.push(`${f.year} 年`);
  if (f.subject_type) parts.push(['物理', '历史'].includes(f.subject_type) ? `${f.subject_type}类（含${f.subject_type === '物理' ? '理科' : '文科'}）` : f.subject_type);
  if (f.batch) parts.push(`批次“${f.batch.text}”`);
  if (f.data_type) parts.push(f.data_type.join('/'));
  if (f.university_name) parts.push(`院校“${f.university_name}”`);
  if (f.university_id !== undefined) parts.push(`院校 id ${f.university_id}`);
  if (f.major_name) parts.push(`专业“${f.major_name}”`);
  if (f.discipline_name) parts.push(`学科“${f.discipline_name}”`);
  if (f.grade) parts.push(`等级 ${f.grade}`);
  const s = range(f.min_score_from, f.min_score_to, ' 分');
  if (s) parts.push(`最低分 ${s}`);
  const r = range(f.min_rank_from, f.min_rank_to, ' 名');
  if (r) parts.push(`最低位次 ${r}`);
  if (f.score !== undefined) parts.push(`${f.score} 分`);
  const sr = range(f.score_from, f.score_to, ' 分');
  if (sr) parts.push(sr);
  return parts;
}

/**
 * "找到 20 条分数线（河南、2024 年；第 1 页，还有更多：page=2）：…。" or "数据中没有符合条件（河南、2024 年）的分数线。"
 * `noun` names the thing with its measure word, e.g. {measure: '条', name: '分数线'}.
 */
export function pageSummary(page: Page<unknown>, noun: { measure: string; name: string }, conditions: string[], raw?: boolean, extra = ''): string {
  const cond = conditions.join('、');
  if (page.items.length === 0) {
    if (page.page > 1) return `第 ${page.page} 页没有更多${noun.name}了${cond ? `（${cond}）` : ''}，结果已在前面的页中列完。`;
    const hint = raw === false ? '被清洗掉的异常行可加 raw=true 查看' : '';
    return `数据中没有${cond ? `符合条件（${cond}）的` : ''}${noun.name}${hint ? `；${hint}` : ''}。`;
  }
  const more = page.has_more ? `，还有更多：page=${page.page + 1}` : '';
  return `找到 ${page.items.length} ${noun.measure}${noun.name}（${cond ? `${cond}；` : ''}第 ${page.page} 页${more}）${extra ? `：${extra}` : ''}。`;
}

/** The first few names of a list, "A、B、C 等". */
export function firstNames(names: string[], n = 5): string {
  const unique = [...new Set(names)];
  const shown = unique.slice(0, n).join('、');
  return unique.length > n ? `${shown} 等` : shown;
}
