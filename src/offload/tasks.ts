// The work that runs off the event loop (pool.ts), by name: each task is an engine call whose worst valid input
// takes longer than a request may hold the loop (~100 ms): a plane-frame solve (answered as its JSON, serialised
// here), match_by_score and the workbench
// on a province not yet warmed (~2 s), a mirofish simulation of 50 targets × 100,000 draws (~2 s). The worker
// (worker.ts) runs them with its own read-only connection to the data database; what it memoises (match.ts's
// predicted lines) it keeps, so warming is done in the worker too.
import type { DB } from '../db/open.ts';
import { frameAnswerJson } from '../calc/steel/frame-cost.ts';
import { matchByScore, type MatchResult } from '../data/match.ts';
import { mirofish } from '../data/mirofish.ts';
import { workbench } from '../data/workbench.ts';
import { warmPair, warmPairs, type WarmPair } from '../data/warm-match.ts';

export const TASKS = {
  calc_steel_frame: (_db: () => DB, body: unknown): string => frameAnswerJson(body),
  match_by_score: (db: () => DB, q: Parameters<typeof matchByScore>[1]): MatchResult => matchByScore(db(), q),
  workbench: (db: () => DB, q: Parameters<typeof workbench>[1]) => workbench(db(), q),
  mirofish: (db: () => DB, body: unknown) => mirofish(db(), body as Parameters<typeof mirofish>[1]),
  warm_pairs: (db: () => DB, _: null): WarmPair[] => warmPairs(db()),
  warm_pair: (db: () => DB, p: WarmPair): boolean => warmPair(db(), p),
} as const;

export type TaskName = keyof typeof TASKS;
export type TaskInput<N extends TaskName> = Parameters<(typeof TASKS)[N]>[1];
export type TaskOutput<N extends TaskName> = ReturnType<(typeof TASKS)[N]>;
