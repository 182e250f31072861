// Load combinations of the frame by GB 55001-2021《工程结构通用规范》 (basic combination for the ultimate limit state,
// standard combination for serviceability) with the combination value factors of GB 50009-2012《建筑结构荷载规范》.
// The factors are written once, here, with their clauses; the combinations are generated from them and from the
// cases the model declares (G permanent; Q live, S snow, W wind — each wind case one direction, never two together).

/** The partial and combination factors, each with the clause it comes from. */
export const FACTORS = {
  gamma_G: { value: 1.3, text: '永久作用分项系数（对结构不利）', clause: 'GB 55001-2021 第 3.1.13 条' },
  gamma_G_favourable: { value: 1.0, text: '永久作用分项系数（对结构有利，如风吸力下的抗倾覆、抗上拔）', clause: 'GB 55001-2021 第 3.1.13 条' },
  gamma_Q: { value: 1.5, text: '可变作用分项系数', clause: 'GB 55001-2021 第 3.1.13 条' },
  gamma_L: { value: 1.0, text: '可变作用的设计使用年限调整系数（50 年）', clause: 'GB 55001-2021 第 3.1.13 条' },
  psi_c_Q: { value: 0.7, text: '楼面、屋面活荷载组合值系数（一般民用建筑）', clause: 'GB 50009-2012 表 5.1.1、5.3.1' },
  psi_c_W: { value: 0.6, text: '风荷载组合值系数', clause: 'GB 50009-2012 第 8.1.4 条' },
  psi_c_S: { value: 0.7, text: '雪荷载组合值系数', clause: 'GB 50009-2012 第 7.1.5 条' },
} as const;

export type CaseType = 'G' | 'Q' | 'W' | 'S';

export interface LoadCase {
  id: string;
  type: CaseType;
  name?: string | undefined;
  psi_c?: number | undefined;
}

export interface Combination {
  id: string;
  /** e.g. "1.3G + 1.5Q + 0.6×1.5WL" */
  name: string;
  limit_state: 'uls' | 'sls';
  /** factor of each case id (cases not listed: 0) */
  factors: Record<string, number>;
  /** the leading variable action's case id, or null */
  leading: string | null;
  clause: string;
}

export const CASE_NAMES: Record<CaseType, string> = { G: '恒荷载', Q: '活荷载', W: '风荷载', S: '雪荷载' };

export function psiC(c: LoadCase): number {
  return c.psi_c ?? (c.type === 'Q' ? FACTORS.psi_c_Q.value : c.type === 'W' ? FACTORS.psi_c_W.value : FACTORS.psi_c_S.value);
}

const num = (v: number) => String(Number(v.toPrecision(4)));

/**
 * Every basic (uls) and standard (sls) combination of the cases:
 *  - each variable case (or group: all Q cases act together, all S cases together, one W case at a time) leads in
 *    turn: γG·G + γQ·γL·Lead + Σ γQ·γL·ψc·Other, with every subset of the accompanying groups (an accompanying action
 *    may relieve, so the combinations without it are run too);
 *  - each wind case also with the permanent load favourable: 1.0G + 1.5W (uplift, overturning);
 *  - the permanent load alone, 1.3G (a variable action may relieve);
 *  - standard combinations: the same with the partial factors 1.0 (G + Lead + Σ ψc·Other).
 */
export function combinations(cases: LoadCase[]): Combination[] {
  const G = cases.filter((c) => c.type === 'G');
  const groups: Array<{ key: string; cases: LoadCase[] }> = [];
  for (const t of ['Q', 'S'] as const) {
    const list = cases.filter((c) => c.type === t);
    if (list.length) groups.push({ key: t, cases: list });
  }
  const winds = cases.filter((c) => c.type === 'W');
  const out: Combination[] = [];
  const gammaQ = FACTORS.gamma_Q.value * FACTORS.gamma_L.value;
  const push = (ls: 'uls' | 'sls', gG: number, lead: LoadCase[] | null, others: LoadCase[][]) => {
    const factors: Record<string, number> = {};
    const terms: string[] = [];
    const gq = ls === 'uls' ? gammaQ : 1;
    if (G.length) {
      for (const c of G) factors[c.id] = gG;
      terms.push(`${ls === 'sls' ? '' : num(gG === 1 ? 1 : gG).replace(/^1$/, '1.0')}${G.length === 1 ? G[0]!.id : `(${G.map((c) => c.id).join(' + ')})`}`);
    }
    for (const c of lead ?? []) {
      factors[c.id] = gq;
      terms.push(`${gq === 1 ? '' : num(gq)}${c.id}`);
    }
    for (const grp of others) {
      for (const c of grp) {
        const p = psiC(c);
        factors[c.id] = Number((p * gq).toPrecision(12));
        terms.push(ls === 'uls' ? `${num(p)}×${num(gq)}${c.id}` : `${num(p)}${c.id}`);
      }
    }
    const name = terms.join(' + ') || '0';
    if (out.some((o) => o.limit_state === ls && o.name === name)) return;
    out.push({ id: '', name, limit_state: ls, factors, leading: lead?.[0]?.id ?? null, clause: ls === 'uls' ? 'GB 55001-2021 第 3.1.13 条（基本组合）' : 'GB 55001-2021 第 3.1.13 条（标准组合）' });
  };
  for (const ls of ['uls', 'sls'] as const) {
    const gG = ls === 'uls' ? FACTORS.gamma_G.value : 1;
    const leads: Array<{ lead: LoadCase[]; rest: Array<LoadCase[][]> }> = [];
    // accompanying choices: each group present or absent; wind: none or one of the wind cases
    const subsets = (groupsLeft: Array<{ key: string; cases: LoadCase[] }>, windChoices: LoadCase[][]) => {
      const res: LoadCase[][][] = [];
      const n = groupsLeft.length;
      for (let mask = 0; mask < 1 << n; mask++) {
        const base = groupsLeft.filter((_, k) => mask & (1 << k)).map((g) => g.cases);
        for (const w of windChoices) res.push(w.length ? [...base, w] : base);
      }
      return res;
    };
    for (const g of groups) leads.push({ lead: g.cases, rest: subsets(groups.filter((x) => x !== g), [[], ...winds.map((w) => [w])]) });
    for (const w of winds) leads.push({ lead: [w], rest: subsets(groups, [[]]) });
    // the permanent load alone: every variable action may relieve as well as add
    if (G.length || !leads.length) push(ls, gG, null, []);
    for (const l of leads) for (const others of l.rest) push(ls, gG, l.lead, others);
    if (ls === 'uls' && G.length) for (const w of winds) push(ls, FACTORS.gamma_G_favourable.value, [w], []);
  }
  let u = 0;
  let s = 0;
  for (const c of out) c.id = c.limit_state === 'uls' ? `ULS${++u}` : `SLS${++s}`;
  return out;
}
