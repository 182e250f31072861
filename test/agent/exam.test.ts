// The assistant's exam (test/agent/exam/, `npm run exam`) held to a floor: every case runs through
// /v1/chat/completions with the openai client against the real app on loopback, its facts checked against the
// served tools and calculators. The floors are the share of cases answered correctly on main when the exam was
// written; raise them when the assistant improves, never lower them. Nothing may be invented, and every case must
// still find its facts in the data (a broken case is the exam's fault and fails here too).
import { afterAll, describe, expect, it } from 'vitest';
import { EXAM } from './exam/index.ts';
import { runExamOn } from './exam/harness.ts';
import { percent, report, tally, type CaseResult } from './exam/run.ts';
import { DOMAINS } from './exam/types.ts';

/** % of cases correct, per engine. */
const FLOOR = { offline: 16, upstream: 40 };

const printed: string[] = [];
afterAll(() => {
  // The per-domain table in the test log, so a run shows where the assistant stands.
  if (printed.length) console.log(printed.join('\n\n'));
});

function holds(results: CaseResult[], floor: number, title: string) {
  const { total } = tally(results);
  const { table, failures } = report(results, title);
  printed.push(table);
  const broken = results.filter((r) => !r.verdict).map((r) => `${r.case.id}: ${r.broken}`);
  expect(broken, 'cases whose canonical call finds nothing').toEqual([]);
  const invented = results.filter((r) => r.verdict?.invented.length).map((r) => `${r.case.id}: ${r.verdict!.invented.join(', ')}`);
  expect(invented, 'answers with universities or numbers no served result contains').toEqual([]);
  expect(percent(total), `${table}\n\n${failures.slice(0, 4000)}`).toBeGreaterThanOrEqual(floor);
}

describe('the assistant exam', () => {
  it('has at least 200 cases over every domain, with unique ids', () => {
    expect(new Set(EXAM.map((c) => c.id)).size).toBe(EXAM.length);
    expect(new Set(EXAM.map((c) => c.domain))).toEqual(new Set(Object.keys(DOMAINS)));
    expect(EXAM.length).toBeGreaterThanOrEqual(150);
  });

  it('offline engine (the built-in composer): correct share at or above the floor, nothing invented', async () => {
    const run = await runExamOn('offline', EXAM);
    holds(run.results, FLOOR.offline, 'exam · offline engine');
  }, 240_000);

  it('upstream engine against the loopback model: the pre-selected tools reach the model and its answer', async () => {
    const run = await runExamOn('upstream', EXAM);
    expect(run.upstreamRequests).toBeGreaterThanOrEqual(EXAM.length);
    holds(run.results, FLOOR.upstream, 'exam · upstream engine (loopback scripted model)');
  }, 240_000);
});
