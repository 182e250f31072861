// Issue 33: a 100,000-character message must cost no more than a request. The understanding reads at most
// READ_CHARS characters, MAX_SENTENCES sentences, and replays at most REPLAYED_MESSAGES earlier messages of
// REPLAY_CHARS in all; what lies beyond is not read at all (so the work is bounded linearly by these constants).
import { describe, expect, it } from 'vitest';
import { MAX_SENTENCES, READ_CHARS, readMessage } from '../../../src/agent/understand/read.ts';
import { REPLAY_CHARS, REPLAYED_MESSAGES, replayedMessages, understandConversation } from '../../../src/agent/understand/understand.ts';
import type { ChatMessage } from '../../../src/agent/request.ts';
import { TOOLS } from '../../../tools/index.ts';
import { realDb } from '../../data/helpers.ts';

const deps = () => ({ tools: TOOLS, db: realDb(), itemsOf: async () => [] });
const named = (u: Awaited<ReturnType<typeof understandConversation>>) => JSON.stringify(u.parts.map((p) => (p.kind === 'tools' ? p.calls.map((c) => c.args) : p.kind)));

describe('long input is read only up to its bound', () => {
  it('a 100,000-character message is cut to READ_CHARS before any reader runs', () => {
    const m = readMessage('郑'.repeat(100_000), realDb(), undefined);
    expect(m.cut).toBe(true);
    expect(m.raw.length).toBe(READ_CHARS);
    expect(m.all.raw.length).toBeLessThanOrEqual(READ_CHARS);
  });

  it('a university named past the bound is not read; one inside it is', async () => {
    const past = await understandConversation([{ role: 'user', content: `${'啊'.repeat(100_000)}清华大学2024年在河南的分数线` }], deps());
    expect(named(past)).not.toContain('清华大学');
    const inside = await understandConversation([{ role: 'user', content: `清华大学2024年在河南的分数线${'啊'.repeat(100_000)}` }], deps());
    expect(named(inside)).toContain('清华大学');
  });

  it('a message of 10,000 questions plans at most MAX_SENTENCES of them', async () => {
    const u = await understandConversation([{ role: 'user', content: '郑州大学2024年河南物理类最低分多少？'.repeat(10_000) }], deps());
    expect(u.parts.length).toBeGreaterThan(1);
    expect(u.parts.length).toBeLessThanOrEqual(MAX_SENTENCES);
  });

  it('a history of 500 long turns replays only its recent tail, within the budget', async () => {
    const history: ChatMessage[] = [];
    for (let i = 0; i < 500; i++) history.push({ role: 'user', content: `${'郑州大学分数线，'.repeat(400)}` }, { role: 'assistant', content: '…' });
    history.push({ role: 'user', content: '我是河南物理类考生，600分' }, { role: 'assistant', content: '…' }, { role: 'user', content: '能上什么大学' });
    const last = history.length - 1;
    const idx = replayedMessages(history, last);
    expect(idx.length).toBeLessThanOrEqual(REPLAYED_MESSAGES);
    const chars = idx.map((i) => Math.min(String(history[i]!.content).length, READ_CHARS)).reduce((a, b) => a + b, 0);
    expect(chars).toBeLessThanOrEqual(REPLAY_CHARS + READ_CHARS);
    expect(idx[idx.length - 1]).toBe(last - 2);
    // what the recent turns established still carries
    const u = await understandConversation(history, deps());
    expect(u.parts[0]).toMatchObject({ kind: 'tools' });
    const call = u.parts[0]!.kind === 'tools' ? u.parts[0]!.calls[0]! : null;
    expect(call?.tool.name).toBe('match_by_score');
    expect(call?.args).toMatchObject({ province: '河南', score: 600 });
  });
});
