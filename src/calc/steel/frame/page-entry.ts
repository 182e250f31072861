// The /tools/steel-frame page's engine.js: the frame engine as POST /v1/calc/steel-frame runs it, with zod told not
// to probe `new Function` (its JIT), which the page's Content-Security-Policy forbids and would report.
import { z } from 'zod';

z.config({ jitless: true });

export { analyseFrame, validateFrame } from './index.ts';
export { describeFrame } from './describe.ts';
export { DESIGNATIONS } from '../schema.ts';
export { GRADES } from '../materials.ts';
