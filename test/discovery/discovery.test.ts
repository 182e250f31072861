import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRepoLlmsTxt } from '../../src/http/llms-txt-file.ts';
import { openapiPath } from '../../src/discovery/llms-txt.ts';
import { TOOLS } from '../../tools/index.ts';
import { NOT_FOR_CRAWLERS } from '../../src/discovery/crawlers.ts';
import { siteContent } from '../../src/site/content.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

describe('discovery documents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { SITE_URL: 'https://site.example.org' } });
  });
  afterAll(async () => t.close());

  it('llms.txt follows llmstxt.org: one H1, a > summary, then H2 sections of links', async () => {
    const r = await t.app.inject({ url: '/llms.txt' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/plain');
    const lines = r.body.split('\n');
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines.filter((l) => l.startsWith('# '))).toHaveLength(1);
    expect(lines.find((l) => l.trim() !== '' && !l.startsWith('# '))).toMatch(/^> /);
    const sections = lines.filter((l) => l.startsWith('## '));
    expect(sections).toEqual(['## Tools', '## Discovery', '## A2A site extension v1', '## Endpoints']);
    for (const l of lines.filter((x) => x.startsWith('- '))) expect(l).toMatch(/^- \[[^\]]+\]\(https:\/\/site\.example\.org\/[^)]*\)(: .*)?$/);
    for (const tool of TOOLS) expect(r.body).toContain(`- [${tool.name}](https://site.example.org/v1/tools/${tool.name})`);
    const alias = await t.app.inject({ url: '/v1/llms.txt' });
    expect(alias.statusCode).toBe(200);
    expect(alias.body).toBe(r.body);
  });

  it('llms.txt lists exactly the routes the app serves', async () => {
    const r = await t.app.inject({ url: '/llms.txt' });
    const listed = r.body.split('## Endpoints')[1]!.split('\n').filter((l) => l.startsWith('- ')).map((l) => /^- \[(\w+) ([^\]]+)\]/.exec(l)!.slice(1, 3).join(' '));
    // labels write path parameters the OpenAPI way ({id}); test/discovery/llms-links.test.ts GETs every link
    expect(listed).toEqual(t.app.routeCatalog().map((x) => `${x.method} ${openapiPath(x.url)}`));
  });

  it('the repository llms.txt is generated from the registry and is not stale (npm run llms-txt)', async () => {
    expect(fs.readFileSync('llms.txt', 'utf8')).toBe(await renderRepoLlmsTxt());
  });

  it('serves the agent card at all three paths with one skill per tool except site_about', async () => {
    const bodies = [];
    for (const url of ['/.well-known/agent.json', '/.well-known/agent-card.json', '/v1/agent-card.json']) {
      const r = await t.app.inject({ url });
      expect(r.statusCode).toBe(200);
      bodies.push(r.json());
    }
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    const card = bodies[0];
    for (const field of ['name', 'description', 'url', 'version', 'capabilities', 'defaultInputModes', 'defaultOutputModes', 'skills', 'securitySchemes', 'security']) {
      expect(card, field).toHaveProperty(field);
    }
    expect(card.skills.map((s: { id: string }) => s.id)).toEqual(TOOLS.filter((x) => x.name !== 'site_about').map((x) => x.name));
    expect(card.skills).toHaveLength(TOOLS.length - 1);
    const [extension] = card.capabilities.extensions;
    for (const skill of card.skills) {
      expect(extension.params.skill_input_schemas[skill.id].type).toBe('object');
      expect(skill.examples.length).toBeGreaterThan(0);
    }
    expect(Object.keys(extension.params.interfaces)).toEqual(['mcp', 'openai', 'rest']);
    // only the fields of the pinned @a2a-js/sdk's AgentCard, AgentCapabilities, AgentExtension and AgentSkill types
    // (read from its declaration file): what the site adds is under the extension
    const dir = path.join(REPO_ROOT, 'node_modules/@a2a-js/sdk/dist');
    const types = fs.readdirSync(dir).filter((f) => f.endsWith('.d.ts')).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).find((d) => d.includes('interface AgentCard {'))!;
    const fieldsOf = (name: string) => [...new RegExp(`interface ${name} \\{([\\s\\S]*?)\\n\\}`).exec(types)![1]!.matchAll(/^ {4}([A-Za-z_]+)\??:/gm)].map((m) => m[1]);
    const unknown = (value: Record<string, unknown>, type: string) => Object.keys(value).filter((k) => !fieldsOf(type).includes(k));
    expect(unknown(card, 'AgentCard')).toEqual([]);
    expect(unknown(card.capabilities, 'AgentCapabilities')).toEqual([]);
    expect(unknown(extension, 'AgentExtension')).toEqual([]);
    expect(unknown(card.provider, 'AgentProvider')).toEqual([]);
    for (const skill of card.skills) expect(unknown(skill, 'AgentSkill')).toEqual([]);
    expect(card.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('capabilities (key required) list every tool with its JSON Schema', async () => {
    expect((await t.app.inject({ url: '/v1/capabilities' })).statusCode).toBe(401);
    const caps = (await t.app.inject({ url: '/v1/capabilities', headers: t.auth })).json();
    expect(caps.tools.map((x: { name: string }) => x.name)).toEqual(TOOLS.map((x) => x.name));
    expect(caps.tools).toHaveLength(TOOLS.length);
    for (const tool of caps.tools) {
      expect(tool.description.length).toBeGreaterThan(20);
      expect(tool.input_schema.type).toBe('object');
      expect(tool.input_schema.$schema).toBeUndefined();
    }
  });

  it('publishes an OpenAPI 3 document covering every served route with its security', async () => {
    const r = await t.app.inject({ url: '/v1/openapi.json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths).map((p) => p.replace(/\{(\w+)\}/g, ':$1'));
    for (const route of t.app.routeCatalog()) expect(paths, route.url).toContain(route.url);
    expect(doc.paths['/v1/models'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/health'].get.security).toEqual([]);
  });

  it('robots.txt keeps crawlers off the API families and search results and points to the sitemap', async () => {
    const r = await t.app.inject({ url: '/robots.txt' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/plain');
    expect(r.body).toContain('User-agent: *');
    for (const p of ['/v1/', '/api/', '/page-api/', '/llm/', '/mcp', '/search']) expect(r.body).toContain(`Disallow: ${p}`);
    expect(r.body).toContain('Sitemap: https://site.example.org/sitemap.xml');
  });

  it('sitemap.xml lists every note, static page and forum post, each answering 200 and open to crawlers', async () => {
    const r = await t.app.inject({ url: '/sitemap.xml' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('application/xml');
    expect(r.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const entries = [...r.body.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map((m) => ({ loc: m[1]!, lastmod: m[2] }));
    expect(r.body.match(/<url>/g)).toHaveLength(entries.length); // every entry well formed
    const paths = entries.map((e) => e.loc.replace('https://site.example.org', ''));
    expect(entries.every((e) => e.loc.startsWith('https://site.example.org/'))).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
    const content = siteContent();
    for (const n of content.notes) expect(entries).toContainEqual({ loc: `https://site.example.org/notes/${n.slug}`, lastmod: n.date });
    for (const p of content.pages) expect(paths).toContain(`/pages/${p.slug}`);
    const posts = (await t.app.inject({ url: '/v1/site/forum/posts?page_size=100', headers: t.auth })).json();
    expect(posts.has_more).toBe(false);
    for (const p of posts.items) expect(paths).toContain(`/forum/${p.id}`);
    for (const e of entries) if (e.lastmod) expect(e.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const p of ['/', '/zhiyuan/', '/myce/', '/dialog/', '/dialog/kb/', '/forum', '/notes', '/news/', '/tools/concrete', '/tools/steel-frame']) expect(paths).toContain(p);
    for (const p of paths) {
      expect(NOT_FOR_CRAWLERS.some((d) => p.startsWith(d)), p).toBe(false);
      expect((await t.app.inject({ url: p })).statusCode, p).toBe(200);
    }
  });
});
