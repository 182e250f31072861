// admission_plans/: liuguanghui (mostly official 吉林/西藏/云南 plans) and the four immaotianyi files, whose
// documented defects (admission_plans/README.txt) are kept cleaned: 广东 2026 is a byte copy of 2025 and 福建 2026
// is misaligned.
import { cleanText, parseIntLoose, parseNumber } from '../../normalize.ts';
import type { CleanReason } from '../../schema.ts';
import { rowRef, text, type ImportContext, type Outcome } from '../context.ts';
import { cleanCodeConflicts, Duplicates, levelCheck, groupDigits, majorKey, schoolKey, rowHead } from './common.ts';

export const PLAN_FILES = {
  liuguanghui: 'admission_plans/liuguanghui_admission_plans.csv.gz',
  immaotianyi: [
    { file: 'admission_plans/immaotianyi_plans_2024.csv.gz', year: 2024 },
    { file: 'admission_plans/immaotianyi_plans_2024_history.csv.gz', year: 2024 },
    { file: 'admission_plans/immaotianyi_plans_2025.csv.gz', year: 2025 },
    { file: 'admission_plans/immaotianyi_plans_2026.csv.gz', year: 2026 },
  ],
  zhejiang2026: 'official_provincial/zhejiang_2026_putonglei_plan_wuhuasheng.csv.gz',
} as const;

/** official_provincial/README.txt: the 浙江 2026 file holds only the items open to 物理+化学+生物 candidates. */
export const ZHEJIANG_2026_PARTIAL = 'partial: 浙江 2026 普通类平行 plan, only the items open to candidates who chose 物理+化学+生物 (not the whole plan)';

interface PlanInput {
  province: string;
  year: string;
  subject_type: string;
  batch: string;
  school_name: string;
  school_code: string | null;
  major_group: string | null;
  major_name: string | null;
  major_code: string | null;
  elective: string | null;
  plan_count: number | null;
  tuition: string | null;
  scope: string | null;
  prev_min_score: number | null;
  prev_min_rank: number | null;
  pref: number;
  source_file: string;
  source_ref: string;
  source_url: string | null;
  clean: CleanReason | null;
  /** extra duplicate-key part: 浙江 lists the same major name twice under different major codes (campus, fee) */
  dup_extra?: string;
}

function addPlan(ctx: ImportContext, dup: Duplicates, r: PlanInput): Outcome {
  const head = rowHead(r);
  if ('reject' in head) return head;
  const { py, school, batch } = head;
  let res = ctx.resolver.resolve(school, {}, null, r.source_file);
  const level = levelCheck(ctx, res, head.bf, batch);
  if (level.unlink) res = { id: null, method: 'unresolved', campus: null, unit: res.unit };
  const bf = level.bf;
  const clean: CleanReason | null = py.misaligned ? 'misaligned_subject' : (r.clean ?? level.clean);
  const id = ctx.insert('admission_plans', {
    province: py.province, year: py.year, subject_type: py.subject_label, subject_type_raw: py.subject_type, subject_family: py.subject_family, subject_fit: py.subject_fit,
    batch, batch_family: bf, university_id: res.id, school_name: school, name_match: res.method, campus: res.campus,
    school_code: text(r.school_code ?? ''), major_group: text(r.major_group ?? ''), major_name: text(r.major_name ?? ''),
    major_code: text(r.major_code ?? ''), elective: text(r.elective ?? ''), plan_count: r.plan_count, tuition: text(r.tuition ?? ''),
    scope: text(r.scope ?? ''), prev_min_score: r.prev_min_score, prev_min_rank: r.prev_min_rank,
    source_file: r.source_file, source_ref: r.source_ref, source_url: text(r.source_url ?? ''),
    cleaned: clean ? 1 : 0, clean_reason: clean,
  });
  if (!clean) {
    const key = [py.province, py.year, py.subject_family ?? py.subject_type, bf ?? '', schoolKey(res.id, school, res.campus), groupDigits(r.major_group), majorKey(r.major_name), text(r.scope ?? '') ?? '', ...(r.dup_extra ? [r.dup_extra] : [])].join('|');
    dup.add('admission_plans', id, key, r.pref, 2, res.unit);
  }
}

/** A single major's plan above this many places is a group total or a misaligned number (汕头大学 1,347; 福建 316,116). */
const MAX_PLAUSIBLE_PLAN = 1000;

export async function importAdmissionPlans(ctx: ImportContext): Promise<void> {
  const dup = new Duplicates(ctx);
  {
    const file = PLAN_FILES.liuguanghui;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'admission_plans', (csv) => {
      c = Object.fromEntries(['province', 'year', 'subject_type', 'batch', 'school_name', 'school_code', 'major_group', 'major_name', 'major_code',
        'elective_requirement', 'plan_count', 'tuition', 'scope', 'source_url', 'record_id'].map((n) => [n, csv.col(n)]));
    }, (f, n) => {
      const plan = parseIntLoose(f[c.plan_count]);
      return addPlan(ctx, dup, {
        province: f[c.province], year: f[c.year], subject_type: f[c.subject_type], batch: f[c.batch], school_name: f[c.school_name],
        school_code: f[c.school_code], major_group: f[c.major_group], major_name: f[c.major_name], major_code: f[c.major_code],
        elective: f[c.elective_requirement], plan_count: plan, tuition: f[c.tuition], scope: f[c.scope],
        prev_min_score: null, prev_min_rank: null, pref: 1,
        source_file: file, source_ref: text(f[c.record_id]) ?? rowRef(n), source_url: f[c.source_url],
        clean: plan !== null && plan > MAX_PLAUSIBLE_PLAN ? 'implausible' : null,
      });
    });
  }
  for (const { file, year } of PLAN_FILES.immaotianyi) {
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'admission_plans', (csv) => {
      const scoreCol = csv.header.find((h) => /^lowest_score_\d{4}$/.test(h.trim()))!;
      const rankCol = csv.header.find((h) => /^lowest_rank_\d{4}$/.test(h.trim()))!;
      c = Object.fromEntries(['province', 'subject_group', 'batch', 'university_code', 'university_name', 'group_code', 'major_code', 'major_name',
        'plan_count', 'tuition'].map((n) => [n, csv.col(n)]));
      c.score = csv.col(scoreCol.trim());
      c.rank = csv.col(rankCol.trim());
      const req = csv.header.findIndex((h) => h.trim() === 'subject_requirement');
      c.req = req;
    }, (f, n) => {
      const province = cleanText(f[c.province]);
      const plan = parseIntLoose(f[c.plan_count]);
      // admission_plans/README.txt: 广东 2026 is byte-identical to 2025; 福建 2026 is misaligned.
      const documented = year === 2026 && (province === '广东' || province === '福建');
      return addPlan(ctx, dup, {
        province: f[c.province], year: String(year), subject_type: f[c.subject_group], batch: f[c.batch], school_name: f[c.university_name],
        school_code: f[c.university_code], major_group: f[c.group_code], major_name: f[c.major_name], major_code: f[c.major_code],
        elective: c.req >= 0 ? f[c.req] : null, plan_count: plan, tuition: f[c.tuition], scope: null,
        prev_min_score: parseNumber(f[c.score]), prev_min_rank: parseIntLoose(f[c.rank]), pref: 2,
        source_file: file, source_ref: rowRef(n), source_url: null,
        clean: documented || (plan !== null && plan > MAX_PLAUSIBLE_PLAN) ? 'implausible' : null,
      });
    });
  }
  {
    const file = PLAN_FILES.zhejiang2026;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'admission_plans', (csv) => {
      c = Object.fromEntries(['province', 'year', 'school_code', 'school_name', 'major_code', 'major_name', 'plan_count', 'subject_requirement', 'tuition_raw']
        .map((n) => [n, csv.col(n)]));
    }, (f, n) => addPlan(ctx, dup, {
      province: f[c.province], year: f[c.year], subject_type: '综合', batch: '普通类平行', school_name: f[c.school_name],
      school_code: f[c.school_code], major_group: null, major_name: f[c.major_name], major_code: f[c.major_code],
      elective: f[c.subject_requirement], plan_count: parseIntLoose(f[c.plan_count]), tuition: f[c.tuition_raw], scope: ZHEJIANG_2026_PARTIAL,
      prev_min_score: null, prev_min_rank: null, pref: 0, source_file: file, source_ref: rowRef(n), source_url: null, clean: null,
      dup_extra: `${cleanText(f[c.school_code])}/${cleanText(f[c.major_code])}`,
    }));
  }
  cleanCodeConflicts(ctx, 'admission_plans');
  dup.resolve('admission_plans');
}
