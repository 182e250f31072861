// The frame's load cases: each case is the model with only its own loads (and, for the permanent case, the members'
// self-weight), analysed on one factorisation of K (analyse.ts) and combined by combinations.ts. A model without
// `load_cases` is one set of design loads, as before.
import { sectionProperties } from '../sections.ts';
import type { LoadCase } from './combinations.ts';
import type { Frame } from './schema.ts';

/** Unit weight of steel, kN/m³: ρ·g with ρ = 7850 kg/m³ (GB 50017 Table 4.4.8) and g = 9.81 m/s² (issue 32: ρ·A·g).
 * GB 50009-2012 Appendix A's 78.5 kN/m³ rounds g to 10 and is 1.9 % heavier. */
export const STEEL_UNIT_WEIGHT = (7850 * 9.81) / 1000;

/** The implicit case of a model without load cases: its loads are design values, combined with the factor 1. */
export const DESIGN_CASE: LoadCase = { id: '设计荷载', type: 'G', name: '输入荷载（设计值）' };

export interface SelfWeight {
  /** kN/m of each member, by member id (members with a section or an area) */
  per_member: Record<string, number>;
  /** Σ w·L, kN */
  total: number;
}

/** Self-weight w = γ·A of every member (kN/m, A in mm² of its section or its given A) and its total Σ w·L (kN). */
export function selfWeight(frame: Frame): SelfWeight {
  const at = new Map(frame.nodes.map((n) => [n.id, n]));
  const per: Record<string, number> = {};
  let total = 0;
  for (const m of frame.members) {
    const A = m.section ? sectionProperties(m.section).A : m.A!;
    const a = at.get(m.i)!;
    const b = at.get(m.j)!;
    const w = STEEL_UNIT_WEIGHT * A * 1e-6;
    per[m.id] = w;
    total += w * Math.hypot(b.x - a.x, b.y - a.y);
  }
  return { per_member: per, total };
}

/** The model with only the loads of case `c` (all loads when the model has no load cases), plus self-weight. */
export function frameForCase(frame: Frame, c: LoadCase, legacy: boolean, weight: SelfWeight | null): Frame {
  const mine = (l: { case?: string | undefined }) => legacy || l.case === c.id;
  return {
    ...frame,
    members: frame.members.map((m) => {
      const loads = m.loads.filter(mine);
      const w = weight?.per_member[m.id];
      if (w) loads.push({ type: 'udl', w: -w, dir: 'global_y', case: c.id });
      return { ...m, loads };
    }),
    nodal_loads: frame.nodal_loads.filter(mine),
  };
}
