// The /tools/steel page's engine.js: the steel engine as POST /v1/calc/steel runs it, with zod told not to probe
// `new Function` (its JIT), which the page's Content-Security-Policy forbids and would report.
import { z } from 'zod';

z.config({ jitless: true });

export * from './index.ts';
