// Cross-source agreement (score lines, 一分一段 tables), as the import records it and the overview, the audit and the
// data report show it.
export interface AgreementPair {
  /** the two source files, sorted */
  sources: [string, string];
  keys: number;
  exact: number;
  within2: number;
  larger: number;
  examples: Array<{ line: string; scores: [number, number]; refs: [string, string] }>;
}

/** Cross-source agreement of score lines: the same line (same duplicate key) as two different files publish it. */
export type Agreement = AgreementPair[];

/** How two sources' copies of one table agree: compared scores, exact cumulative counts, largest difference. */
export interface RankTableAgreement {
  table: string;
  served: string;
  other: string;
  scores: number;
  exact: number;
  max_diff: number;
  /** the other copy's table kind when it was filed under another kind than the served table (甘肃 2026 本科 against '') */
  other_kind?: string;
}
