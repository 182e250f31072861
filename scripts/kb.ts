// `npm run kb -- <command>`: the knowledge base from the shell, on the state database the server uses.
//
//   npm run kb -- seed                 bring the site knowledge base up to date (notes, data READMEs; fits LSA)
//   npm run kb -- reembed [--all]      give every chunk not embedded by the configured embedder a new vector
//                                      (--all: every chunk); run after setting or changing LLM_EMBED_MODEL
//   npm run kb -- search "question" [--kb ID] [--k N] [--mode hybrid|fulltext|vector]
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openStateStore, StateOpenError } from '../src/state.ts';
import { ServiceError } from '../src/errors.ts';
import { reembed } from '../src/kb/chunks.ts';
import { activeEmbedder } from '../src/kb/embedder.ts';
import { retrieve, type RetrievalMode } from '../src/kb/retrieve.ts';
import { seedSiteKb } from '../src/kb/site-seed.ts';

const USAGE = `usage:
  npm run kb -- seed
  npm run kb -- reembed [--all]
  npm run kb -- search "question" [--kb ID] [--k N] [--mode hybrid|fulltext|vector]`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { all: { type: 'boolean' }, kb: { type: 'string' }, k: { type: 'string' }, mode: { type: 'string' } } });
  const [command, ...rest] = positionals;
  if (!command || !['seed', 'reembed', 'search'].includes(command)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const store = await openStateStore(config);
  try {
    if (command === 'seed') {
      const r = await seedSiteKb(store, config);
      process.stdout.write(`site knowledge base: ${r.chunks} chunks (${r.added} added, ${r.removed} removed, ${r.reembedded} re-embedded), embedder ${r.embedder}\n`);
    } else if (command === 'reembed') {
      await seedSiteKb(store, config); // fits the LSA model first when no upstream embedder is configured
      const embedder = await activeEmbedder(store, config);
      const n = await reembed(store, embedder, { all: values.all, onProgress: (done) => process.stderr.write(`\r${done} chunks re-embedded`) });
      process.stderr.write('\n');
      process.stdout.write(`${n} chunks re-embedded with ${embedder.id}\n`);
    } else {
      const query = rest.join(' ').trim();
      const mode = (values.mode ?? 'hybrid') as RetrievalMode;
      if (!query || !['hybrid', 'fulltext', 'vector'].includes(mode)) {
        process.stderr.write(`${USAGE}\n`);
        return 2;
      }
      const embedder = await activeEmbedder(store, config);
      const hits = await retrieve(store, embedder, [values.kb ?? 'site'], query, { k: Number(values.k ?? 5), mode });
      if (!hits.length) process.stdout.write('nothing in this knowledge base matches\n');
      for (const h of hits) process.stdout.write(`#${h.id} ${h.title}  (${h.source ?? 'user'}; full text ${h.ranks.fulltext ?? '-'}, vector ${h.ranks.vector ?? '-'})\n`);
    }
    return 0;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(err instanceof ConfigError || err instanceof StateOpenError || err instanceof ServiceError ? `${err.message}\n` : `${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
