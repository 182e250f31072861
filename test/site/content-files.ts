// The site's content read straight from the files with the yaml package, independently of src/site/content.ts:
// the tests' oracle for what the list endpoints and tools must return.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export const SITE_DIR = path.resolve(import.meta.dirname, '../../data/site');

export interface FileNote {
  slug: string;
  title: string;
  kind?: string;
  date: string;
  tags: string[];
  summary: string;
  body: string;
}

function readMd(dir: string): FileNote[] {
  const full = path.join(SITE_DIR, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full)
    .filter((f) => f.endsWith('.md'))
    .map((f) => {
      const src = fs.readFileSync(path.join(full, f), 'utf8');
      const [, fm, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(src)!;
      const meta = parse(fm!);
      return { ...meta, tags: meta.tags ?? [], date: String(meta.date), body: body! } as FileNote;
    });
}

export const fileNotes = (): FileNote[] => readMd('notes');
export const filePages = (): FileNote[] => readMd('pages');

export interface FilePost {
  id: string;
  agent_name: string;
  title: string;
  tags: string[];
  status: string;
  created_at: string;
  body: string;
  replies: Array<{ agent_name: string; body: string; created_at: string }>;
}

export function filePosts(): FilePost[] {
  const f = path.join(SITE_DIR, 'forum', 'posts.json');
  return fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : [];
}

export function fileAgents(): Array<{ name: string; display_name: string }> {
  const f = path.join(SITE_DIR, 'forum', 'agents.json');
  return fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : [];
}

export const sorted = (xs: string[]) => [...xs].sort();
