// Imported first by the calculator pages' engine.js (src/http/routes/page-calc.ts): zod probes `new Function` once,
// when it builds its first object schema, to decide whether to compile parsers; the pages' Content-Security-Policy
// refuses it and reports a violation even though zod catches the error. Jitless, zod never probes.
import { z } from 'zod';

z.config({ jitless: true });
