// Knowledge base and app accounts: login time with the chosen argon2id parameters (in process, against a SHA-256
// API-key check as the baseline), and retrieval latency over 10,000 chunks — hybrid p50 against each index alone —
// on SQLite and, when PostgreSQL is installed, on a throw-away cluster.
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { hashKey } from '../src/access/keys.ts';
import { loadConfig } from '../src/config.ts';
import { openStateStore } from '../src/state.ts';
import type { StateStore } from '../src/db/store.ts';
import { addChunks, createKb, type NewChunk } from '../src/kb/chunks.ts';
import { activeEmbedder } from '../src/kb/embedder.ts';
import { retrieve, type RetrievalMode } from '../src/kb/retrieve.ts';
import { seedSiteKb, siteChunks } from '../src/kb/site-seed.ts';
import { login, register } from '../src/users/accounts.ts';
import { ARGON2_PARAMS } from '../src/users/passwords.ts';
import { findPostgresBin, startPgCluster, type PgCluster } from '../scripts/pg-cluster.ts';
import type { BenchHarness, BenchRow } from './harness.ts';

const CHUNKS = 10_000;
const QUESTIONS = ['一分一段表的累计位次怎么读', '平行志愿是怎么投档的', '混凝土梁裂缝宽度的上下限', '为什么有的分数线被清洗', '年柱在立春换还是春节换', '招生计划数据从哪里来', '箍筋最大间距', '等效分怎么换算'];

/** 10,000 distinct chunks of real site text: sentences of the site's notes and READMEs recombined (seeded). */
function corpus(): NewChunk[] {
  const sentences = siteChunks(loadConfig()).flatMap((c) => c.body.split(/(?<=[。！？\n])/).map((s) => s.trim()).filter((s) => s.length > 8));
  let x = 0x2545f491;
  const next = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) % sentences.length);
  return Array.from({ length: CHUNKS }, (_, i) => ({ title: `合成段落 ${i}`, body: Array.from({ length: 4 }, () => sentences[next()]).join('') }));
}

async function retrievalRows(h: BenchHarness, store: StateStore, backend: string, samples: number): Promise<BenchRow[]> {
  const config = loadConfig();
  await seedSiteKb(store, config);
  const embedder = await activeEmbedder(store, config);
  await createKb(store, null, { id: 'bench', name: 'bench' });
  const chunks = corpus();
  const t0 = performance.now();
  for (let i = 0; i < chunks.length; i += 500) {
    await addChunks(store, embedder, 'bench', chunks.slice(i, i + 500), null);
    process.stderr.write(`\r  kb (${backend}): ${i + 500} chunks added`);
  }
  process.stderr.write(` in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  const p50: Record<RetrievalMode, number> = { hybrid: 0, fulltext: 0, vector: 0 };
  for (const mode of ['fulltext', 'vector', 'hybrid'] as const) {
    let i = 0;
    process.stderr.write(`  kb (${backend}): measuring ${mode}\n`);
    p50[mode] = (await h.latency(() => retrieve(store, embedder, ['bench'], QUESTIONS[i++ % QUESTIONS.length]!, { k: 5, mode }), samples)).p50;
  }
  return [
    { name: `${backend}: full text alone p50, ${CHUNKS.toLocaleString('en-US')} chunks`, figure: p50.fulltext, unit: 'ms', better: 'lower' },
    { name: `${backend}: vector alone p50, ${CHUNKS.toLocaleString('en-US')} chunks`, figure: p50.vector, unit: 'ms', better: 'lower' },
    { name: `${backend}: hybrid retrieval p50 (both + RRF), ${CHUNKS.toLocaleString('en-US')} chunks`, figure: p50.hybrid, unit: 'ms', better: 'lower', baseline: { name: 'slower index alone', figure: Math.max(p50.fulltext, p50.vector) } },
  ];
}

export default async function kb(h: BenchHarness): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-kb-'));
  let cluster: PgCluster | null = null;
  try {
    const sqlite = await openStateStore({ stateDb: path.join(dir, 'state.db'), stateDatabaseUrl: '' });
    try {
      await register(sqlite, { username: 'bench_user', password: 'bench pass phrase' });
      let n = 0;
      // A different address each time: the lock-out is not what is measured (every login here succeeds anyway).
      const loginMs = await h.latency(() => login(sqlite, { username: 'bench_user', password: 'bench pass phrase' }, `10.0.${(n >> 8) & 255}.${n++ & 255}`, 1), 100);
      const keyMs = await h.latency(() => hashKey('svc-0123456789abcdefghijklmnopqrstuvwxyzABCDEFG'), 2000);
      rows.push({
        name: `login p50 (argon2id m=${ARGON2_PARAMS.memoryCost} KiB, t=${ARGON2_PARAMS.timeCost}, p=${ARGON2_PARAMS.parallelism}; verify + token)`,
        figure: loginMs.p50,
        unit: 'ms',
        better: 'lower',
        baseline: { name: 'API key SHA-256', figure: keyMs.p50 },
        target: 'OWASP: m ≥ 19 MiB, t ≥ 2; well under a second per login',
        pass: loginMs.p50 < 1000,
      });
      rows.push(...(await retrievalRows(h, sqlite, 'SQLite', 200)));
    } finally {
      await sqlite.close();
    }
    if (findPostgresBin()) {
      cluster = await startPgCluster();
      const pgStore = await openStateStore({ stateDb: '', stateDatabaseUrl: await cluster.createDatabase('svc_bench_kb') });
      try {
        // PostgreSQL scans every vector (exact cosine in SQL): fewer samples keep the suite within a few minutes.
        rows.push(...(await retrievalRows(h, pgStore, 'PostgreSQL', 40)));
      } finally {
        await pgStore.close();
      }
    }
  } finally {
    await cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
