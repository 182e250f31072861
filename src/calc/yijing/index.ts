// The hexagram engine's public surface.
export { ALGORITHM_VERSION, METHODS, castLineValues, canonicalSeed, randomSeed, type LineValue, type Method } from './generator.ts';
export { castHexagram, describeCast, NOTICE, type CastRequest, type YijingCast } from './cast.ts';
export { selectReading } from './reading.ts';
export { yijingText } from './store.ts';
export { buildYijingText, type YijingText } from './text.ts';
