// When each dataset was imported and from which bundle files (with their hashes and row counts): the answer of
// /api/v1/sync/status. Everything comes from the data database's own meta and import_files tables, so it describes
// exactly the data this node serves.
import type { DB } from '../db/open.ts';
import { prepared } from './paging.ts';

export interface SyncFile {
  file: string;
  sha256: string;
  rows_read: number;
  rows_kept: number;
  rows_cleaned: number;
  rows_merged: number;
  rows_rejected: number;
}

export interface SyncDataset {
  dataset: string;
  served_rows: number;
  cleaned_rows: number;
  files: SyncFile[];
}

export interface SyncStatus {
  status: string;
  importer_version: string;
  data_version: string;
  completed_at: string;
  duration_ms: number;
  datasets: SyncDataset[];
}

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
