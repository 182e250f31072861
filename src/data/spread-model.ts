// The production noise model of simulate.ts: fitted by `npm run backtest -- --write` on every year-over-year pair of
// line ranks in the data database and stored next to this file, so serving never refits (the fit reads ~600k lines).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { usableModel, type SpreadModel } from './simulate.ts';

export const SPREAD_MODEL_FILE = fileURLToPath(new URL('./spread-model.json', import.meta.url));

let model: SpreadModel | null = null;

export function spreadModel(): SpreadModel {
  model ??= usableModel(JSON.parse(fs.readFileSync(SPREAD_MODEL_FILE, 'utf8')) as SpreadModel);
  return model;
}
