// The assistant's exam through the upstream engine, against the loopback scripted model (exam/scripted-model.ts):
// a model that understands nothing and restates the tool results it is given. What it measures is the wiring — the
// tools the site pre-selects, run with the right arguments, and their results reaching the model's context and its
// answer — not a model's quality: greetings, sums and questions the site pre-selects nothing for are refused here.
import { describe, expect, it } from 'vitest';
import { EXAM } from './exam/index.ts';
import { FLOOR, holds } from './exam/floor.ts';
import { runExamOn } from './exam/harness.ts';

describe('the assistant exam, upstream engine', () => {
  it('the pre-selected tools reach the loopback model and its answer: correct share at or above the floor', async () => {
    const run = await runExamOn('upstream', EXAM);
    expect(run.upstreamRequests).toBeGreaterThanOrEqual(EXAM.length);
    holds(run.results, FLOOR.upstream, 'exam · upstream engine (loopback scripted model)');
  }, 240_000);
});
