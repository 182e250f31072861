import { describe, expect, it } from 'vitest';
import { syncStatus } from '../../src/data/sync-status.ts';
import { realDb } from './helpers.ts';

describe('sync status', () => {
  const s = syncStatus(realDb());

  it('names the importer version, the data version and when the import completed', () => {
    expect(s.status).toBe('complete');
    expect(s.importer_version).toMatch(/^\d+$/);
    expect(s.data_version).toMatch(/^[0-9a-f]{64}$/);
    expect(Number.isNaN(Date.parse(s.completed_at))).toBe(false);
  });

  it('lists every bundle file with its sha256 and row counts under its dataset', () => {
    const universities = s.datasets.find((d) => d.dataset === 'universities')!;
    // universities/README.txt: the 2025 national list has 2,919 institutions.
    expect(universities.served_rows).toBe(2919);
    const file = universities.files.find((f) => f.file === 'universities/universities.csv.gz')!;
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(file.rows_read).toBe(2919);
    for (const d of s.datasets) for (const f of d.files) expect(f.rows_read).toBeGreaterThanOrEqual(f.rows_kept + f.rows_cleaned);
  });
});
