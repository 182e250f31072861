// The reference cases of ../shared/reference/sizhu.json (each with its own source and cross-checks).
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../src/config.ts';

export interface RefPillars {
  year: string;
  month: string;
  day: string;
  hour: string;
}
export interface RefCase {
  id: string;
  input: { year: number; month: number; day: number; hour: number; minute: number; sex: 'm' | 'f' };
  inputTimeBasis: string;
  source: string;
  note: string;
  expected: {
    pillars: RefPillars;
    pillarsIfDayChangesAt23?: RefPillars;
    hiddenStems: Record<string, string[]>;
    tenGodsStem: Record<string, string>;
    tenGodsHidden: Record<string, string[]>;
    naYin: Record<string, string>;
    diShi: Record<string, string>;
    dayXunKong: string;
    taiYuan: string;
    mingGong: string;
    shenGong: string;
    prevJie: string;
    nextJie: string;
    minutesFromNearestJie: number;
    luck: {
      forward: boolean;
      firstDaYun: string;
      firstDaYunStartAge: number;
      firstDaYunStartYear: number;
      startLunarSect1: { years: number; months: number; days: number; startDate: string };
      startLunarSect2: { years: number; months: number; days: number; hours: number; startDateTime: string };
      startTymeDefault: { years: number; months: number; days: number; hours: number; minutes: number; startDateTime: string };
    };
  };
}

export const REFERENCE_FILE = path.resolve(REPO_ROOT, '../shared/reference/sizhu.json');
export const REF_CASES: RefCase[] = JSON.parse(fs.readFileSync(REFERENCE_FILE, 'utf8'));
export const refCase = (id: string): RefCase => REF_CASES.find((c) => c.id === id)!;
