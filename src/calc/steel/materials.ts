// Steel grades and their design strengths (GB 50017-2017 Table 4.4.1; Q355 from GB 55006-2021 with the Q345 rows'
// f, fv, fce, fu), the physical constants of Table 4.4.8 and the grade factor εk (steel.md §1).

export const GRADES = ['Q235', 'Q355', 'Q390', 'Q420', 'Q345'] as const;
export type Grade = (typeof GRADES)[number];

/** E and G, N/mm² (Table 4.4.8). */
export const E = 206000;
export const G = 79000;

/** One thickness group of Table 4.4.1: plates up to `tMax` mm. */
interface Row {
  tMax: number;
  f: number;
  fv: number;
  fy: number;
}

interface GradeData {
  /** fy,nom: the number in the grade name, for εk (Table 3.5.1 note 1) */
  fyNom: number;
  fu: number;
  fce: number;
  rows: Row[];
}

const Q345_ROWS = (fy: number[]): Row[] =>
  [16, 40, 63, 80, 100].map((tMax, i) => ({ tMax, f: [305, 295, 290, 280, 270][i]!, fv: [175, 170, 165, 160, 155][i]!, fy: fy[i]! }));

const DATA: Record<Grade, GradeData> = {
  Q235: {
    fyNom: 235,
    fu: 370,
    fce: 320,
    rows: [
      { tMax: 16, f: 215, fv: 125, fy: 235 },
      { tMax: 40, f: 205, fv: 120, fy: 225 },
      { tMax: 100, f: 200, fv: 115, fy: 215 },
    ],
  },
  Q345: { fyNom: 345, fu: 470, fce: 400, rows: Q345_ROWS([345, 335, 325, 315, 305]) },
  Q355: { fyNom: 355, fu: 470, fce: 400, rows: Q345_ROWS([355, 345, 335, 325, 315]) },
  Q390: {
    fyNom: 390,
    fu: 490,
    fce: 415,
    rows: [
      { tMax: 16, f: 345, fv: 200, fy: 390 },
      { tMax: 40, f: 330, fv: 190, fy: 370 },
      { tMax: 63, f: 310, fv: 180, fy: 350 },
      { tMax: 100, f: 295, fv: 170, fy: 330 },
    ],
  },
  Q420: {
    fyNom: 420,
    fu: 520,
    fce: 440,
    rows: [
      { tMax: 16, f: 375, fv: 215, fy: 420 },
      { tMax: 40, f: 355, fv: 205, fy: 400 },
      { tMax: 63, f: 320, fv: 185, fy: 380 },
      { tMax: 100, f: 305, fv: 175, fy: 360 },
    ],
  },
};

/** The largest plate thickness Table 4.4.1 covers. */
export const T_MAX = 100;

export interface Strength {
  grade: Grade;
  /** thickness the row was chosen by, mm */
  t: number;
  /** "≤16", ">16, ≤40", … */
  group: string;
  f: number;
  fv: number;
  fy: number;
  fu: number;
  fce: number;
}

/** Design strengths of `grade` for a plate `t` mm thick (the schemas keep t ≤ 100 mm). */
export function strength(grade: Grade, t: number): Strength {
  const d = DATA[grade];
  const i = d.rows.findIndex((r) => t <= r.tMax);
  if (i < 0) throw new RangeError(`thickness ${t} mm is beyond Table 4.4.1 (≤ ${T_MAX} mm)`);
  const r = d.rows[i]!;
  const group = i === 0 ? `≤${r.tMax}` : `>${d.rows[i - 1]!.tMax}, ≤${r.tMax}`;
  return { grade, t, group, f: r.f, fv: r.fv, fy: r.fy, fu: d.fu, fce: d.fce };
}

export function fyNom(grade: Grade): number {
  return DATA[grade].fyNom;
}

/** εk = √(235/fy,nom) (1.3). */
export function epsK(grade: Grade): number {
  return Math.sqrt(235 / DATA[grade].fyNom);
}

/** The rows of Table 4.4.1 for one grade (GET /v1/calc/steel lists them). */
export function strengthTable(grade: Grade): Array<{ t_max: number; f: number; fv: number; fy: number }> {
  return DATA[grade].rows.map((r) => ({ t_max: r.tMax, f: r.f, fv: r.fv, fy: r.fy }));
}

export function gradeInfo(grade: Grade): { fy_nom: number; fu: number; fce: number; eps_k: number } {
  const d = DATA[grade];
  return { fy_nom: d.fyNom, fu: d.fu, fce: d.fce, eps_k: epsK(grade) };
}
