// The repository's top-level llms.txt: the same document the service serves, rendered with the default
// configuration (SITE_URL etc. unset), so the file in git is reproducible on any machine.
import { loadConfig } from '../config.ts';
import { createContext } from '../context.ts';
import { buildApp } from './app.ts';
import { TOOLS } from '../../tools/index.ts';
import { llmsTxt } from '../discovery/llms-txt.ts';

export async function renderRepoLlmsTxt(): Promise<string> {
  const ctx = createContext(loadConfig({}, { LOG_LEVEL: 'silent', STATE_DB: ':memory:' }));
  const app = await buildApp(ctx);
  await app.ready();
  const text = llmsTxt(ctx.config, TOOLS, app.routeCatalog());
  await app.close();
  await ctx.close();
  return text;
}
