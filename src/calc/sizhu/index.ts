// Public surface of the four-pillar engine.
export { computeChart, buildChart, type SizhuChart } from './chart.ts';
export { sizhuInput, type SizhuInput } from './input.ts';
export { STARS } from './shensha.ts';
export { LUCK_METHODS } from './luck.ts';
