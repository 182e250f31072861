// Material properties of GB 50010-2010 (2015 edition) for the grades the API accepts (concrete/spec Part A §1,
// Part B 2). Values are the tabulated ones: fc is never derived from fck (the table rounds differently).

export const CONCRETE_GRADES = [20, 25, 30, 35, 40, 45, 50] as const;
export type ConcreteGrade = (typeof CONCRETE_GRADES)[number];

export interface Concrete {
  grade: ConcreteGrade;
  /** characteristic axial tensile strength, MPa (Table 4.1.3-2); used by the crack width */
  ftk: number;
  /** design axial compressive strength, MPa (Table 4.1.4-1) */
  fc: number;
  /** design axial tensile strength, MPa (Table 4.1.4-2) */
  ft: number;
  /** elastic modulus, MPa (Table 4.1.5) */
  Ec: number;
}

const CONCRETE_TABLE: Record<ConcreteGrade, Omit<Concrete, 'grade'>> = {
  20: { ftk: 1.54, fc: 9.6, ft: 1.1, Ec: 2.55e4 },
  25: { ftk: 1.78, fc: 11.9, ft: 1.27, Ec: 2.8e4 },
  30: { ftk: 2.01, fc: 14.3, ft: 1.43, Ec: 3.0e4 },
  35: { ftk: 2.2, fc: 16.7, ft: 1.57, Ec: 3.15e4 },
  40: { ftk: 2.39, fc: 19.1, ft: 1.71, Ec: 3.25e4 },
  45: { ftk: 2.51, fc: 21.1, ft: 1.8, Ec: 3.35e4 },
  50: { ftk: 2.64, fc: 23.1, ft: 1.89, Ec: 3.45e4 },
};

export function concrete(grade: ConcreteGrade): Concrete {
  return { grade, ...CONCRETE_TABLE[grade] };
}

/** For every grade up to C50 (6.2.6, 6.3.1, 6.2.1-5); the API accepts no higher grade, so these are constants. */
export const ALPHA1 = 1.0;
export const BETA1 = 0.8;
export const BETA_C = 1.0;
export const EPS_CU = 0.0033;

export const STEEL_KEYS = [300, 360, 435] as const;
export type SteelKey = (typeof STEEL_KEYS)[number];

export interface Steel {
  key: SteelKey;
  name: 'HPB300' | 'HRB400' | 'HRB500';
  /** design tensile strength, MPa (Table 4.2.3-1) */
  fy: number;
  /** design compressive strength of an axially compressed member, MPa (Table 4.2.3-1 and its 2015 note) */
  fyc: number;
  /** stirrup strength in shear: fy capped at 360 MPa (4.2.3) */
  fyv: number;
  /** MPa (Table 4.2.5) */
  Es: number;
  /** relative bond characteristic ν (Table 7.1.2-2): plain bars 0.7, ribbed 1.0 */
  nu: number;
  /** minimum total longitudinal ratio of a column for ≤ C50 (Table 8.5.1) */
  rhoMinColumn: number;
  plain: boolean;
}

const STEEL_TABLE: Record<SteelKey, Omit<Steel, 'key'>> = {
  300: { name: 'HPB300', fy: 270, fyc: 270, fyv: 270, Es: 2.1e5, nu: 0.7, rhoMinColumn: 0.006, plain: true },
  360: { name: 'HRB400', fy: 360, fyc: 360, fyv: 360, Es: 2.0e5, nu: 1.0, rhoMinColumn: 0.0055, plain: false },
  // HRB500: fy′ = 400 for axial-compression members (2015 note); fyv capped at 360 in shear (4.2.3).
  435: { name: 'HRB500', fy: 435, fyc: 400, fyv: 360, Es: 2.0e5, nu: 1.0, rhoMinColumn: 0.005, plain: false },
};

export function steel(key: SteelKey): Steel {
  return { key, ...STEEL_TABLE[key] };
}

/** Relative depth of the balanced compression zone from the formula 6.2.7-1 (not the printed 0.518 etc.). */
export function xiB(s: Steel): number {
  return BETA1 / (1 + s.fy / (s.Es * EPS_CU));
}
