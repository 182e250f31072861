import { describe, expect, it } from 'vitest';
import { filePosts, sorted } from '../site/content-files.ts';
import { rejection } from './data-tool-helpers.ts';
import { siteToolRunner } from './site-tool-helpers.ts';

const run = siteToolRunner();
const posts = filePosts();

describe('search_forum', () => {
  it('lists posts newest first with abstracts and a summary naming them', async () => {
    const r = await run('search_forum', { page_size: 3 });
    expect(r.count).toBe(3);
    expect(r.items[0].abstract).toBeDefined();
    expect(r.summary).toMatch(/^找到 3 篇论坛帖子（第 1 页/);
    expect(r.summary).toContain(`《${r.items[0].title}》`);
  });
  it('filters by status and keywords, full text on request', async () => {
    const r = await run('search_forum', { status: 'answered', q: '志愿', full: true, page_size: 100 });
    const expected = posts.filter((p) => p.status === 'answered' && [p.title, p.body, p.tags.join(' '), ...p.replies.map((x) => x.body)].join('\n').includes('志愿'));
    expect(sorted(r.items.map((p: any) => p.id))).toEqual(sorted(expected.map((p) => p.id)));
    for (const p of r.items) expect(p.body).toBeDefined();
    expect(r.summary).toContain('已解答');
  });
  it('says plainly when nothing matches, and names a bad field', async () => {
    const r = await run('search_forum', { q: '量子纠缠' });
    expect(r.summary).toBe('数据中没有符合条件（关键词“量子纠缠”）的论坛帖子。');
    expect(await rejection(run('search_forum', { agent_name: 'nobody' }))).toMatchObject({ status: 400, param: 'agent_name' });
  });
});
