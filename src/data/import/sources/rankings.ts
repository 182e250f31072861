// rankings_evaluations/: 学科评估 (第四轮 official grades, 第五轮 self-announcements), 软科 major rankings 2025/2026,
// 软科 university rankings 2026, best subjects, 双一流 disciplines and 一流本科专业.
import { cleanText, gradeOrder, parseIntLoose, parseNumber, normalizeProvince } from '../../normalize.ts';
import { rowRef, text, type ImportContext } from '../context.ts';
import { Duplicates, schoolKey } from './common.ts';

export const RANKING_FILES = {
  eval4: 'rankings_evaluations/eval4_official_canmou.csv.gz',
  eval4Copy: 'rankings_evaluations/eval4_jamesbong10.csv.gz',
  eval5: 'rankings_evaluations/eval5_announcements_zjsxply.csv.gz',
  bcmr2026: 'rankings_evaluations/ruanke_bcmr_2026_major_rankings.csv.gz',
  bcmr2025: 'rankings_evaluations/ruanke_bcmr_2025_major_rankings_henry.csv.gz',
  bcur: 'rankings_evaluations/ruanke_bcur_2026_university_rankings.csv.gz',
  subjects: 'rankings_evaluations/ruanke_gras_best_subjects_henry.csv.gz',
  dfc: 'rankings_evaluations/double_first_class_disciplines_2022.csv.gz',
  firstClass: 'rankings_evaluations/first_class_undergrad_majors_swyc.csv.gz',
} as const;

function colsOf(names: string[], col: (n: string) => number): Record<string, number> {
  return Object.fromEntries(names.map((n) => [n, col(n)]));
}

export async function importRankings(ctx: ImportContext): Promise<void> {
  const dup = new Duplicates(ctx);
  // These tables have no campus column: a branch campus row (软科 lists 内蒙古科技大学包头师范学院 on its own) is kept
  // by name and not attached to the parent, whose ranks and grades it would otherwise pass for.
  const r = {
    resolve(name: string) {
      const x = ctx.resolver.resolve(name);
      return x.campus ? { ...x, id: null } : x;
    },
  };

  // 第四轮: the canmou copy is the most complete (README); the jamesbong10 copy only adds what canmou lacks.
  for (const [file, pref] of [[RANKING_FILES.eval4, 1], [RANKING_FILES.eval4Copy, 2]] as const) {
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'discipline_evaluations', (csv) => {
      c = colsOf(['discipline_code', 'discipline_name', 'school_name', 'grade'], csv.col);
    }, (f, n) => {
      const school = cleanText(f[c.school_name]);
      const discipline = cleanText(f[c.discipline_name]);
      if (!school || !discipline) return { reject: 'no school or discipline' };
      const res = r.resolve(school);
      const grade = cleanText(f[c.grade]).toUpperCase();
      const id = ctx.insert('discipline_evaluations', {
        round: 4, discipline_code: text(f[c.discipline_code]), discipline_name: discipline, university_id: res.id, school_name: school,
        name_match: res.method, grade, grade_order: gradeOrder(grade), source_file: file, source_ref: rowRef(n),
      });
      dup.add('discipline_evaluations', id, `4|${discipline}|${schoolKey(res.id, school)}`, pref);
    });
  }
  {
    const file = RANKING_FILES.eval5;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'discipline_evaluations', (csv) => {
      c = colsOf(['学校', '学科', '等级/结果', '推测等级或第四轮等级', '时间', '来源', '链接', '备注', '存档'], csv.col);
    }, (f, n) => {
      const school = cleanText(f[c['学校']]);
      const discipline = cleanText(f[c['学科']]);
      if (!school || !discipline) return { reject: 'no school or discipline' };
      const res = r.resolve(school);
      const grade = text(f[c['等级/结果']]);
      const note = [
        f[c['推测等级或第四轮等级']] && `推测/第四轮: ${cleanText(f[c['推测等级或第四轮等级']])}`,
        f[c['时间']] && `时间: ${cleanText(f[c['时间']])}`,
        f[c['来源']] && `来源: ${cleanText(f[c['来源']])}`,
        f[c['备注']] && `备注: ${cleanText(f[c['备注']])}`,
        f[c['存档']] && `存档: ${cleanText(f[c['存档']])}`,
      ].filter(Boolean).join('; ');
      ctx.insert('discipline_evaluations', {
        round: 5, discipline_code: null, discipline_name: discipline, university_id: res.id, school_name: school, name_match: res.method,
        grade, grade_order: gradeOrder(grade), note: note || null, source_file: file, source_ref: rowRef(n), source_url: text(f[c['链接']]),
      });
    });
  }
  dup.resolve('discipline_evaluations');

  // 软科 major rankings: major_id by code, else by exact catalogue name.
  const majorByCode = new Map<string, { id: number; code: string }>();
  const majorByName = new Map<string, { id: number; code: string }>();
  for (const m of ctx.db.prepare('SELECT id, code, name FROM majors ORDER BY id').all() as Array<{ id: number; code: string; name: string }>) {
    majorByCode.set(m.code, m);
    if (!majorByName.has(m.name)) majorByName.set(m.name, m);
  }
  for (const file of [RANKING_FILES.bcmr2026, RANKING_FILES.bcmr2025]) {
    let c: Record<string, number> = {};
    const is2026 = file === RANKING_FILES.bcmr2026;
    await ctx.eachRow(file, 'major_rankings', (csv) => {
      c = is2026
        ? colsOf(['school_name', 'major_name', 'major_code', 'rank', 'tier', 'data_year'], csv.col)
        : colsOf(['year', 'major_name', 'school_code_ruanke', 'school_name', 'rank', 'grade', 'score'], csv.col);
    }, (f, n) => {
      const school = cleanText(f[c.school_name]);
      const major = cleanText(f[c.major_name]);
      const year = parseIntLoose(is2026 ? f[c.data_year] : f[c.year]);
      if (!school || !major || year === null) return { reject: 'no school, major or year' };
      const res = r.resolve(school);
      const code = is2026 ? text(f[c.major_code]) : null;
      const m = (code && majorByCode.get(code)) || majorByName.get(major) || null;
      const id = ctx.insert('major_rankings', {
        year, major_name: major, major_code: code ?? m?.code ?? null, major_id: m?.id ?? null, university_id: res.id, school_name: school,
        name_match: res.method, rank: parseIntLoose(f[c.rank]), grade: text(is2026 ? f[c.tier] : f[c.grade]),
        score: is2026 ? null : parseNumber(f[c.score]), source_file: file,
        source_ref: is2026 ? rowRef(n) : `${f[c.school_code_ruanke].trim()} (${rowRef(n)})`,
      });
      dup.add('major_rankings', id, `${year}|${major}|${schoolKey(res.id, school)}`, 1);
    });
  }
  dup.resolve('major_rankings');

  {
    const file = RANKING_FILES.bcur;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'university_rankings', (csv) => {
      c = colsOf(['list', 'school_name', 'school_type', 'province', 'score', 'rank'], csv.col);
    }, (f, n) => {
      const school = cleanText(f[c.school_name]);
      const list = cleanText(f[c.list]);
      if (!school || !list) return { reject: 'no school or list' };
      const res = r.resolve(school);
      const rankText = cleanText(f[c.rank]);
      const digits = /\d+/.exec(rankText);
      ctx.insert('university_rankings', {
        list, university_id: res.id, school_name: school, name_match: res.method, school_type: text(f[c.school_type]),
        province: normalizeProvince(f[c.province]), score: parseNumber(f[c.score]), rank: digits ? Number(digits[0]) : null,
        rank_text: rankText, source_file: file, source_ref: rowRef(n),
      });
    });
  }
  {
    const file = RANKING_FILES.subjects;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'subject_rankings', (csv) => {
      c = colsOf(['subject', 'school_name', 'score', 'tier'], csv.col);
    }, (f, n) => {
      const school = cleanText(f[c.school_name]);
      if (!school || !cleanText(f[c.subject])) return { reject: 'no school or subject' };
      const res = r.resolve(school);
      ctx.insert('subject_rankings', {
        subject: cleanText(f[c.subject]), university_id: res.id, school_name: school, name_match: res.method,
        score: parseNumber(f[c.score]), tier: text(f[c.tier]), source_file: file, source_ref: rowRef(n),
      });
    });
  }
  {
    const file = RANKING_FILES.dfc;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'dfc_disciplines', (csv) => {
      c = colsOf(['school_name', 'discipline_name', 'note'], csv.col);
    }, (f, n) => {
      const school = cleanText(f[c.school_name]);
      if (!school) return { reject: 'no school' };
      const res = r.resolve(school);
      ctx.insert('dfc_disciplines', {
        university_id: res.id, school_name: school, name_match: res.method, discipline_name: text(f[c.discipline_name]),
        note: text(f[c.note]), source_file: file, source_ref: rowRef(n),
      });
    });
  }
  {
    const file = RANKING_FILES.firstClass;
    let c: Record<string, number> = {};
    await ctx.eachRow(file, 'first_class_majors', (csv) => {
      c = colsOf(['school_name', 'major_name', 'batch', 'batch_year', 'tier'], csv.col);
    }, (f, n) => {
      const school = cleanText(f[c.school_name]);
      const major = cleanText(f[c.major_name]);
      if (!school || !major) return { reject: 'no school or major' };
      const res = r.resolve(school);
      ctx.insert('first_class_majors', {
        university_id: res.id, school_name: school, name_match: res.method, major_name: major, tier: cleanText(f[c.tier]) || 'national',
        batch: text(f[c.batch]), batch_year: parseIntLoose(f[c.batch_year]), source_file: file, source_ref: rowRef(n),
      });
    });
  }
}
