// The data API at production scale: a 2.5M-row score-line table (scripts/build-scale-db.ts, built from the real
// rows when missing) answers the typical queries inside the engine (zod parsing and normalisation included) and
// over HTTP with key auth. Each query class cycles through many real parameter sets (provinces, years,
// universities, pages 1–10) so the figures are not those of one hot page.
import fs from 'node:fs';
import { loadConfig } from '../src/config.ts';
import { openDataDb, type DB } from '../src/db/open.ts';
import { parseInput } from '../src/errors.ts';
import { queryScoreLines, scoreLineQuerySchema } from '../src/data/score-lines.ts';
import { buildScaleDb, SCALE_DB } from '../scripts/build-scale-db.ts';
import type { BenchHarness, BenchRow } from './harness.ts';

type Query = Record<string, string | number>;

/** Deterministic parameter sets drawn from the scale database itself. */
function querySets(db: DB): Record<string, Query[]> {
  const buckets = db
    .prepare(
      `SELECT province, year, subject_family AS f FROM score_lines INDEXED BY score_lines_pyf_score
       WHERE year BETWEEN 2023 AND 2025 AND subject_family IN ('物理', '历史', '综合') GROUP BY province, year, subject_family`,
    )
    .all() as Array<{ province: string; year: number; f: string }>;
  const universities = db
    .prepare(`SELECT id, name FROM universities WHERE ranking IS NOT NULL ORDER BY ranking LIMIT 60`)
    .all() as Array<{ id: number; name: string }>;
  const aliases = ['北大', '清华', '复旦', '哈工大', '上海交大', '浙大', '武大', '华科', '中山大学', '四川大学'];
  const out: Record<string, Query[]> = { 'province+year': [], 'province+year+subject, score window': [], 'province+year+subject, rank window': [], university_id: [], 'university_name (short names)': [] };
  buckets.forEach((b, i) => {
    const page = (i % 10) + 1;
    out['province+year'].push({ province: b.province, year: b.year, page });
    out['province+year+subject, score window'].push({ province: b.province, year: b.year, subject_type: b.f, min_score_from: 520 + (i % 8) * 10, min_score_to: 560 + (i % 8) * 10, page: (i % 5) + 1 });
    out['province+year+subject, rank window'].push({ province: b.province, year: b.year, subject_type: b.f, min_rank_from: 2000 + (i % 10) * 3000, min_rank_to: 12000 + (i % 10) * 3000, page: (i % 5) + 1 });
  });
  universities.forEach((u, i) => out.university_id.push({ university_id: u.id, page: (i % 10) + 1 }));
  aliases.forEach((a, i) => out['university_name (short names)'].push({ university_name: a, page: (i % 5) + 1 }));
  return out;
}

function toPath(q: Query): string {
  return `/v1/data/score-lines?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()}`;
}

export default async function dataScale(h: BenchHarness): Promise<BenchRow[]> {
  if (!fs.existsSync(SCALE_DB)) buildScaleDb(loadConfig().dataDb, SCALE_DB, 2_500_000, (s) => process.stderr.write(`[data-scale] ${s}\n`));
  const db = openDataDb(SCALE_DB);
  const rows: BenchRow[] = [];
  const sets = querySets(db);
  const scoreLines = db.prepare('SELECT COUNT(*) FROM score_lines').pluck().get() as number;
  try {
    for (const [name, queries] of Object.entries(sets)) {
      if (queries.length === 0) throw new Error(`no parameter sets for ${name}`);
      let i = 0;
      let found = 0;
      const lat = await h.latency(() => {
        const q = queries[i++ % queries.length];
        found += queryScoreLines(db, parseInput(scoreLineQuerySchema, q)).items.length;
      }, 3000);
      if (found === 0) throw new Error(`${name}: every query came back empty`);
      rows.push({ name: `engine p50, ${name} (${(scoreLines / 1e6).toFixed(2)}M rows)`, figure: lat.p50, unit: 'ms', better: 'lower', target: '≤ 2 ms', pass: lat.p50 <= 2 });
      rows.push({ name: `engine p99, ${name}`, figure: lat.p99, unit: 'ms', better: 'lower', target: '≤ 10 ms', pass: lat.p99 <= 10 });
    }
  } finally {
    db.close();
  }

  // Typical traffic repeats itself, and the route caches answers (ResultCache): after a warm-up pass this measures
  // key auth + quota counting + sending pages of 20 rows (~11 KB each) from the cache.
  const server = await h.startServer('app', { dataDb: SCALE_DB });
  try {
    const headers = { authorization: `Bearer ${server.key}` };
    const paths = Object.values(sets).flat().map(toPath);
    // Steady state: one short pass first (JIT warm-up, the first answer to each query fills the cache).
    await h.http(`${server.url}/v1/data/score-lines`, { connections: 64, headers, paths, seconds: 2 });
    const r = await h.http(`${server.url}/v1/data/score-lines`, { connections: 64, headers, paths });
    if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx and ${r.errors} errors during the HTTP run`);
    const share = r.rps / h.bare.http.rps;
    rows.push({ name: `GET /v1/data/score-lines, key auth, typical mix (${paths.length} queries, cached after first), 64 conns`, figure: r.rps, unit: 'req/s', better: 'higher', baseline: { name: 'bare route', figure: h.bare.http.rps } });
    rows.push({ name: 'HTTP p99 latency, typical mix', figure: r.p99, unit: 'ms', better: 'lower' });
    rows.push({ name: 'typical mix: throughput share of the bare route', figure: share * 100, unit: '%', better: 'higher', target: '≥ 25 %', pass: share >= 0.25 });
  } finally {
    await server.close();
  }
  return rows;
}
