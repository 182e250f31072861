// The /tools/concrete page's engine.js: the engine as POST /v1/calc/concrete runs it, with zod told not to probe
// `new Function` (its JIT), which the page's Content-Security-Policy forbids and reported on every load.
import { z } from 'zod';

z.config({ jitless: true });

export { calculate, describe, fmt, validateParams } from './index.ts';
