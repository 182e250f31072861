// Shared by the yijing tests: the bundle as it is on disk (the expected texts come from here, never from the
// engine) and a temporary data database filled by the real import adapter.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig } from '../../../src/config.ts';
import { importYijing, YIJING_FILE } from '../../../src/data/import/yijing.ts';
import { tempDir } from '../../helpers/context.ts';

export interface BundleLine {
  position: number;
  label: string;
  yang: boolean;
  text: string;
  xiaoxiang: string;
}
export interface BundleHexagram {
  kingWen: number;
  name: string;
  fullName: string;
  symbol: string;
  binary: string;
  upper: string;
  lower: string;
  guaci: string;
  tuan: string;
  daxiang: string;
  lines: BundleLine[];
  yong: { label: string; text: string; xiaoxiang: string } | null;
}
export interface Bundle {
  trigrams: { name: string; nature: string; symbol: string; binary: string }[];
  hexagrams: BundleHexagram[];
}

export const DATA_DIR = loadConfig().dataDir;
export const BUNDLE_FILE = path.join(DATA_DIR, YIJING_FILE);

export function readBundle(): Bundle {
  return JSON.parse(fs.readFileSync(BUNDLE_FILE, 'utf8')) as Bundle;
}

/** The bundle's hexagram with these lines (bottom first, 1 = yang). */
export function bundleByBinary(bundle: Bundle, binary: string): BundleHexagram {
  const h = bundle.hexagrams.find((x) => x.binary === binary);
  if (!h) throw new Error(`bundle has no hexagram ${binary}`);
  return h;
}

/** A fresh data database holding only the imported 易经 text; the handle is writable, as the importer gets it. */
export function tempYijingDb(): { db: Database.Database; file: string } {
  const file = path.join(tempDir('svc-yijing-'), 'data.db');
  const db = new Database(file);
  importYijing(db, DATA_DIR);
  return { db, file };
}
