// The assistant's exam (test/agent/exam/, `npm run exam`) held to a floor: every case runs through
// /v1/chat/completions with the openai client against the real app on loopback, its facts checked against the
// served tools and calculators. The floors are the share of cases answered correctly on main when the exam was
// written; raise them when the assistant improves, never lower them. Nothing may be invented, and every case must
// still find its facts in the data (a broken case is the exam's fault and fails here too).
// The upstream engine's run is exam-upstream.test.ts (a file of its own, so the two run side by side).
import { describe, expect, it } from 'vitest';
import { EXAM } from './exam/index.ts';
import { FLOOR, holds } from './exam/floor.ts';
import { runExamOn } from './exam/harness.ts';
import { DOMAINS } from './exam/types.ts';
import { answerLength, formProblems, percentile } from './exam/shape.ts';

describe('the assistant exam', () => {
  it('has at least 200 cases over every domain, with unique ids', () => {
    expect(new Set(EXAM.map((c) => c.id)).size).toBe(EXAM.length);
    expect(new Set(EXAM.map((c) => c.domain))).toEqual(new Set(Object.keys(DOMAINS)));
    expect(EXAM.length).toBeGreaterThanOrEqual(200);
    expect(EXAM.filter((c) => !c.checks.length).map((c) => c.id), 'cases without a check').toEqual([]);
  });

  it('offline engine (the built-in composer): correct share at or above the floor, nothing invented', async () => {
    const run = await runExamOn('offline', EXAM);
    holds(run.results, FLOOR.offline, 'exam · offline engine');
    // Issue 30: answers a phone can read, in the question's language, without internal names — over every answer
    const lengths = run.results.map((r) => answerLength(r.answer));
    expect(percentile(lengths, 90), 'p90 answer length (characters)').toBeLessThanOrEqual(1500);
    const form = run.results.flatMap((r) => formProblems(r).map((why) => `${r.case.id}: ${why}`));
    expect(form, "answers not in the question's language, or showing internal field names, tags or fragments").toEqual([]);
  }, 240_000);
});
