// The floors the suite holds the exam to, and the assertion both engines' test files make. Raise them as the assistant
// improves, never lower them. When the exam was written main scored 17.2 % offline and 38.6 % upstream; after the
// understanding and the tools' own answers: 98.3 % offline, 86.1 % upstream (303 cases). The floors sit a few cases
// under those figures, so one new honest failure does not break the suite but a regression does. Issue 30 grew the
// exam to 585 cases with two independent batches (first sight 64.9 % and 60.3 %); after the fixes: 96.8 % offline,
// 83.6 % upstream — the floors stay at 96 and 83, under what was measured.
import { afterAll, expect } from 'vitest';
import { percent, report, tally, type CaseResult } from './run.ts';

/**
 * Cases whose canonical call the data no longer answers because the data was put right (issue 29), with the reason;
 * they count as broken (out of the share) and are kept so that they come back when a source gives the line. Any
 * other case whose call finds nothing still fails the suite.
 */
export const RETIRED_BY_DATA: Record<string, string> = {
  'score-13': '郑州大学 河南 2024 信息安全: jsoneft repeats several units\' values for the major without saying whose (unattributable_repeat)',
  'score-28': '河北 2025 历史 院校线: liuguanghui lists the school under two codes with different values (unattributable_repeat)',
  'score-29': 'as score-28 (山东大学)',
  'score-31': 'as score-28 (中南大学)',
  'score-32': 'as score-28 (暨南大学)',
  'followup-15': 'as score-29',
  'batch-09': '四川 2024: the source\'s batch column says 本科 (459), not 本科二批; the old label came from another column (importer 11)',
  'ba-batch-07': 'as batch-09',
  'bb-batch-01': 'special lines are told apart by name now; the family 特殊类型 row the case selects is no longer one row (importer 11)',
  'bb-followup-07': 'its match_by_score call finds no ordinary line with a rank once unattributable repeats are not lines',
};

/** % of cases correct, per engine. */
export const FLOOR = { offline: 96, upstream: 83 };

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
  const broken = results.filter((r) => !r.verdict && !(r.case.id in RETIRED_BY_DATA)).map((r) => `${r.case.id}: ${r.broken}`);
  expect(broken, 'cases whose canonical call finds nothing').toEqual([]);
  const invented = results.filter((r) => r.verdict?.invented.length).map((r) => `${r.case.id}: ${r.verdict!.invented.join(', ')}`);
  expect(invented, 'answers with universities or numbers no served result contains').toEqual([]);
  expect(percent(total), `${table}\n\n${failures.slice(0, 4000)}`).toBeGreaterThanOrEqual(floor);
}
