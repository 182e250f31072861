// Provincial batch control lines (批次线). batch is fuzzy: a text that folds into a batch family ("一批", "本一",
// "本科一批") matches the family, and any text also matches as a substring of the published batch or line name.
import { z } from 'zod';
import { ORDINARY_BATCH_FAMILIES } from './normalize.ts';
import type { DB } from '../db/open.ts';
import { batchField, provinceField, rawField, subjectField, yearField } from './filters.ts';
import { pageFields, compactRow, pageQuery, type Page } from './paging.ts';
import { Where } from './where.ts';
import { rowSchema } from './responses.ts';

export const batchLineQuerySchema = z
  .object({
    province: provinceField.optional(),
    year: yearField.optional(),
    subject_type: subjectField.optional(),
    batch: batchField.optional(),
    raw: rawField,
    ...pageFields,
  })
  .strict();
export type BatchLineQuery = z.output<typeof batchLineQuerySchema>;

const COLUMNS = [
  'id', 'province', 'year', 'subject_type', 'subject_family', 'batch', 'batch_family', 'line_name', 'category', 'score',
  'source_file', 'source_ref', 'source_url', 'cleaned', 'clean_reason',
] as const;
/** A served row as a zod schema (types and docs from schema.ts), for tool output and OpenAPI responses. */
export const batchLineRow = rowSchema('batch_lines', COLUMNS);
/** A row as served: null fields are left out (compactRow). */
export type BatchLine = Partial<Record<(typeof COLUMNS)[number], unknown>>;

export function batchLinesSql(f: BatchLineQuery) {
  const w = new Where().eq('province', f.province).eq('year', f.year).eq('subject_family', f.subject_type);
  if (f.batch !== undefined) {
    // Fuzzy: the folded family, or the text anywhere in the published batch or line name. An ordinary batch (本科批,
    // 本科一批, 专科批 …) is answered by its family only: 「本科」 is also a substring of 消防本科, 中职升学…本科批 and
    // 戏曲类本科…, special lines that never stand for the ordinary batch (batchLineKind at import).
    const substring = '(instr(batch, @batch_text) > 0 OR instr(line_name, @batch_text) > 0)';
    if (f.batch.family && ORDINARY_BATCH_FAMILIES.has(f.batch.family)) w.when(f.batch, 'batch_family = @batch_family', { batch_family: f.batch.family });
    else if (f.batch.family) w.when(f.batch, `(batch_family = @batch_family OR ${substring})`, { batch_text: f.batch.text, batch_family: f.batch.family });
    else w.when(f.batch, substring, { batch_text: f.batch.text });
  }
  w.served(f.raw);
  const sql = `SELECT ${COLUMNS.join(', ')} FROM batch_lines ${w}
    ORDER BY year DESC, province, subject_family, score DESC, id LIMIT @limit OFFSET @offset`;
  return { sql, params: w.params };
}

export function queryBatchLines(db: DB, f: BatchLineQuery): Page<BatchLine> {
  const { sql, params } = batchLinesSql(f);
  return pageQuery<BatchLine>(db, sql, params, f, compactRow);
}
