// The floors the suite holds the exam to, and the assertion both engines' test files make. The floors are the share
// of cases answered correctly on main when the exam was written; raise them as the assistant improves, never lower
// them.
import { afterAll, expect } from 'vitest';
import { percent, report, tally, type CaseResult } from './run.ts';

/** % of cases correct, per engine. */
export const FLOOR = { offline: 17, upstream: 38 };

const printed: string[] = [];
afterAll(() => {
  // The per-domain table in the test log, so a run shows where the assistant stands.
  if (printed.length) console.log(printed.join('\n\n'));
});

/** No case broken (its facts not found in the data: the exam's fault), nothing invented, correct share ≥ floor. */
export function holds(results: CaseResult[], floor: number, title: string): void {
  const { total } = tally(results);
  const { table, failures } = report(results, title);
  printed.push(table);
  const broken = results.filter((r) => !r.verdict).map((r) => `${r.case.id}: ${r.broken}`);
  expect(broken, 'cases whose canonical call finds nothing').toEqual([]);
  const invented = results.filter((r) => r.verdict?.invented.length).map((r) => `${r.case.id}: ${r.verdict!.invented.join(', ')}`);
  expect(invented, 'answers with universities or numbers no served result contains').toEqual([]);
  expect(percent(total), `${table}\n\n${failures.slice(0, 4000)}`).toBeGreaterThanOrEqual(floor);
}
