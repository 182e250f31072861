// Reading the imported text back from the data database. The one module of the engine that touches a database (the
// text lives in the data bundle, not in code); it parses the 64 hexagrams once per database handle.
import type Database from 'better-sqlite3';
import { UnavailableError } from '../../errors.ts';
import { buildYijingText, type HexagramText, type LineText, type TrigramText, type UseText, type YijingText } from './text.ts';

const cache = new WeakMap<Database.Database, YijingText>();

interface HexagramRow {
  number: number;
  fuxi: number;
  name: string;
  full_name: string;
  symbol: string;
  binary: string;
  upper_trigram: string;
  lower_trigram: string;
  judgment: string;
  judgment_commentary: string;
  image: string;
  lines_json: string;
  use_json: string | null;
}

function load(db: Database.Database): YijingText {
  const present = db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('yijing_hexagrams', 'yijing_trigrams', 'yijing_source')").pluck().get() as number;
  if (present !== 3) {
    throw new UnavailableError('the 易经 text is not in the data database yet; run `npm run import`', 'data_not_imported');
  }
  const trigrams = db.prepare('SELECT idx AS "index", name, nature, symbol, binary, family FROM yijing_trigrams ORDER BY idx').all() as TrigramText[];
  const rows = db.prepare('SELECT * FROM yijing_hexagrams ORDER BY number').all() as HexagramRow[];
  const hexagrams: HexagramText[] = rows.map((r) => ({
    number: r.number,
    fuxi: r.fuxi,
    name: r.name,
    full_name: r.full_name,
    symbol: r.symbol,
    binary: r.binary,
    upper: r.upper_trigram,
    lower: r.lower_trigram,
    judgment: r.judgment,
    judgment_commentary: r.judgment_commentary,
    image: r.image,
    lines: JSON.parse(r.lines_json) as LineText[],
    use: r.use_json ? (JSON.parse(r.use_json) as UseText) : null,
  }));
  const meta = new Map((db.prepare('SELECT key, value FROM yijing_source').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
  const source = {
    title: meta.get('title') ?? '',
    source: JSON.parse(meta.get('source') ?? '{}') as Record<string, string>,
    errata_applied: Number(meta.get('errata_applied') ?? 0),
  };
  return buildYijingText(hexagrams, trigrams, source);
}

/** The 64 hexagrams of the data database, parsed and checked on first use of this handle. */
export function yijingText(db: Database.Database): YijingText {
  let text = cache.get(db);
  if (!text) {
    text = load(db);
    cache.set(db, text);
  }
  return text;
}
