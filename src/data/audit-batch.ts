// The audit's checks of the batch lines (省控线): a 「本科线」 lookup answers with the province's ordinary line, once.
// Special lines (消防, 军队, 公安, 司法 资格线, 艺术/体育, 专项 …) are lines of their own kind, never the ordinary batch.
import type { DB } from '../db/open.ts';
import { ORDINARY_BATCH_FAMILIES } from './normalize.ts';
import { batchLineKind, batchSegment } from './import/sources/batch_lines.ts';

const ORDINARY = [...ORDINARY_BATCH_FAMILIES].map((f) => `'${f}'`).join(', ');

interface BatchRow {
  id: number;
  province: string;
  year: number;
  subject_family: string | null;
  subject_type_raw: string | null;
  batch: string;
  batch_family: string;
  line_name: string | null;
  category: string | null;
  score: number;
  source_file: string;
  source_ref: string;
}

const served = (db: DB): BatchRow[] =>
  db
    .prepare(
      `SELECT id, province, year, subject_family, subject_type_raw, batch, batch_family, line_name, category, score, source_file, source_ref
       FROM batch_lines WHERE cleaned = 0 AND batch_family IN (${ORDINARY})`,
    )
    .all() as BatchRow[];

/** Served rows classed as an ordinary batch although their batch, line name or subject marks a special line. */
export function specialBatchLinesAsOrdinary(db: DB): BatchRow[] {
  return served(db).filter((r) => batchLineKind({ batch: r.batch, line_name: r.line_name, subject_type: r.subject_type_raw }, r.subject_family as never) !== r.batch_family);
}

/**
 * Ordinary batch lines served more than once for one province, year, family (物理/历史/综合), batch family and
 * segment (batchSegment: 山西 本科二批C段, 西藏 A类考生 are lines of their own): one line at two scores, or two lines
 * the rows cannot tell apart (重庆 2025's three 「普通类」 rows under importer 10).
 */
export function ordinaryBatchLinesServedTwice(db: DB): Array<{ province: string; year: number; family: string; batch: string; rows: number; scores: string }> {
  const groups = new Map<string, BatchRow[]>();
  for (const r of served(db)) {
    if (r.subject_family !== '物理' && r.subject_family !== '历史' && r.subject_family !== '综合') continue;
    const k = [r.province, r.year, r.subject_family, r.batch_family, batchSegment(r)].join('|');
    let g = groups.get(k);
    if (!g) groups.set(k, (g = []));
    g.push(r);
  }
  const out: Array<{ province: string; year: number; family: string; batch: string; rows: number; scores: string }> = [];
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    const r = g[0];
    out.push({ province: r.province, year: r.year, family: r.subject_family!, batch: `${r.batch_family}${batchSegment(r) ? ` ${batchSegment(r)}` : ''}`, rows: g.length, scores: g.map((x) => `${x.score} (${x.batch}; ${x.source_file} ${x.source_ref})`).join(' / ') });
  }
  return out;
}
