// When each dataset was imported and from which bundle files (with their hashes and row counts): the answer of
// /api/v1/sync/status. Everything comes from the data database's own meta and import_files tables, so it describes
// exactly the data this node serves.
import { z } from 'zod';
import type { DB } from '../db/open.ts';
import { prepared } from './paging.ts';

export const syncFileSchema = z.object({
  file: z.string().describe('bundle file, relative to gaokao/'),
  sha256: z.string(),
  rows_read: z.number().int(),
  rows_kept: z.number().int(),
  rows_cleaned: z.number().int(),
  rows_merged: z.number().int(),
  rows_rejected: z.number().int(),
});
export type SyncFile = z.infer<typeof syncFileSchema>;

export const syncDatasetSchema = z.object({ dataset: z.string(), served_rows: z.number().int(), cleaned_rows: z.number().int(), files: z.array(syncFileSchema) });
export type SyncDataset = z.infer<typeof syncDatasetSchema>;

export const syncStatusSchema = z.object({
  status: z.string().describe("'complete' once the import finished"),
  importer_version: z.string(),
  data_version: z.string().describe('hash of the importer version and every bundle file: equal on nodes serving the same data'),
  completed_at: z.string(),
  duration_ms: z.number(),
  datasets: z.array(syncDatasetSchema),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

export function syncStatus(db: DB): SyncStatus {
  const meta = Object.fromEntries((prepared(db, 'SELECT key, value FROM meta').all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]));
  const counts = JSON.parse(meta.counts ?? '{}') as Record<string, { served: number; cleaned: number }>;
  const files = prepared(db, 'SELECT dataset, file, sha256, rows_read, rows_kept, rows_cleaned, rows_merged, rows_rejected FROM import_files ORDER BY dataset, file').all() as Array<SyncFile & { dataset: string }>;
  const datasets = new Map<string, SyncDataset>();
  for (const [dataset, c] of Object.entries(counts)) datasets.set(dataset, { dataset, served_rows: c.served, cleaned_rows: c.cleaned, files: [] });
  for (const { dataset, ...file } of files) {
    let d = datasets.get(dataset);
    if (!d) {
      d = { dataset, served_rows: 0, cleaned_rows: 0, files: [] };
      datasets.set(dataset, d);
    }
    d.files.push(file);
  }
  return {
    status: meta.status ?? 'unknown',
    importer_version: meta.importer_version ?? '',
    data_version: meta.data_version ?? '',
    completed_at: meta.completed_at ?? '',
    duration_ms: Number(meta.duration_ms ?? 0),
    datasets: [...datasets.values()],
  };
}
