// The /tools/steel-frame page's engine.js: the frame engine as POST /v1/calc/steel-frame runs it, with what the page
// shows besides (section designations, grades). zod is made jitless before this runs (src/calc/zod-jitless.ts).
export { analyseFrame, validateFrame } from './index.ts';
export { describeFrame } from './describe.ts';
export { DESIGNATIONS } from '../schema.ts';
export { GRADES } from '../materials.ts';
