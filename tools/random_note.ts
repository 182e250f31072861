import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { NotFoundError } from '../src/errors.ts';
import { NOTE_KINDS, siteContent } from '../src/site/content.ts';
import { noteListItem, withUrl } from '../src/site/notes.ts';
import { noteItemShape } from '../src/site/responses.ts';
import { defineTool, READ_ONLY } from './types.ts';
import { say } from '../src/agent/voice.ts';

export const RANDOM_NOTE_ALGORITHM = 'v1: sha256(seed) as a 64-bit integer, modulo the number of candidate notes sorted by slug';

export default defineTool({
  name: 'random_note',
  title: '随机笔记 · Random note',
  description:
    '随机抽一篇本站笔记（可限定类别：思辨、复盘、记），返回全文。给出 seed 时结果可复现：同一 seed、同一类别、同一批笔记总得到同一篇；不给则随机生成并返回 seed。\n' +
    'Picks one of the site\'s notes at random, optionally of one kind, and returns it in full. A seed makes the pick reproducible (same seed, kind and notes give the same note); without one a seed is drawn and returned.',
  inputSchema: z
    .object({
      kind: z.enum(NOTE_KINDS).optional().describe('类别：思辨、复盘、记；不填为全部 · kind; all kinds when omitted'),
      seed: z.union([z.string().min(1).max(200), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER - 1)]).optional().describe('随机种子（字符串或整数），同一种子结果相同 · seed (string or integer) for a reproducible pick'),
    })
    .strict(),
  outputSchema: z.object({
    summary: z.string(),
    seed: z.string(),
    algorithm: z.string(),
    candidates: z.number().int(),
    note: noteItemShape.extend({ markdown: z.string() }),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: false },
  examples: ['随便给我推荐一篇笔记', '来一篇“思辨”类的文章', 'Show me a random note'],
  tags: ['site', 'notes'],
  keywords: ['随机笔记', '随机一篇', '随便看看', '推荐一篇', '抽一篇', 'random note', 'surprise me'],
  handler(args, ctx) {
    const notes = siteContent().notes.filter((n) => !args.kind || n.kind === args.kind);
    if (!notes.length) throw new NotFoundError(`the site has no notes${args.kind ? ` of kind ${args.kind}` : ''}`, 'kind');
    const seed = args.seed === undefined ? randomBytes(8).toString('hex') : String(args.seed);
    const candidates = [...notes].sort((a, b) => (a.slug < b.slug ? -1 : 1));
    const n = createHash('sha256').update(seed).digest().readBigUInt64BE(0) % BigInt(candidates.length);
    const note = candidates[Number(n)]!;
    return {
      summary: `随机抽到${args.kind ? `“${args.kind}”类` : ''}笔记《${note.title}》（${note.kind}，${note.date}）：${note.summary}`,
      seed,
      algorithm: RANDOM_NOTE_ALGORITHM,
      candidates: candidates.length,
      note: { ...withUrl(ctx.config, noteListItem(note)), markdown: note.markdown },
    };
  },

  answer: {
    lead: (r: { summary: string; seed: string; note: { title: string; url?: string; markdown: string } }, c) =>
      `${say(c.lang, r.summary, `A random note: "${r.note.title}".`)}${r.note.url ? ` ${r.note.url}` : ''}\n\n${r.note.markdown.length > 1500 ? `${r.note.markdown.slice(0, 1500)}…` : r.note.markdown}\n\n${say(c.lang, `（随机种子 ${r.seed}，用同一种子可再抽到这篇）`, `(seed ${r.seed}: the same seed draws this note again)`)}`,
    isEmpty: () => false,
    rows: () => [],
  },
});
