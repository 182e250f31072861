// `npm run llms-txt`: regenerates the repository's llms.txt from the registry and the served routes.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config.ts';
import { renderRepoLlmsTxt } from '../src/http/llms-txt-file.ts';

const file = path.join(REPO_ROOT, 'llms.txt');
fs.writeFileSync(file, await renderRepoLlmsTxt());
console.error(`wrote ${path.relative(process.cwd(), file)}`);
