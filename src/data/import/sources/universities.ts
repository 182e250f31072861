// universities/: the merged university list (the key every other dataset resolves to), city tiers, and the
// upstream flag list, which is only cross-checked against the merged file.
import { normalizeProvince, normalizeSchoolName, parseIntLoose, parseNumber } from '../../normalize.ts';
import { ImportError, rowRef, text, type ImportContext } from '../context.ts';
import type { UniversityRef } from '../resolve.ts';

const UNIVERSITIES = 'universities/universities.csv.gz';
const CITY_TIERS = 'universities/city_tiers.csv.gz';
const FLAGS = 'universities/source_henryTJS_moe_universities_flags.csv.gz';

/**
 * The upstream gives two universities their medical school's site (universities/README.txt: 北京大学 officialWebsite
 * = bjmu.edu.cn, the Health Science Center; 上海交通大学 = shsmu.edu.cn, its 医学院). Neither school is a university of
 * the list, so such a site is nobody's: it is left out rather than shown as the university's.
 */
const MEDICAL_SCHOOL_DOMAINS = /(^|[/.])(bjmu|shsmu)\.edu\.cn(\/|$)/i;

function ownSite(url: string): string | null {
  const v = text(url);
  return v && MEDICAL_SCHOOL_DOMAINS.test(v) ? null : v;
}

export async function importUniversities(ctx: ImportContext): Promise<UniversityRef[]> {
  const tiers = new Map<string, number>();
  let c: Record<string, number> = {};
  await ctx.eachRow(CITY_TIERS, 'universities', (csv) => {
    c = { city: csv.col('City'), full: csv.col('City_Admaster'), tier: csv.col('Tier') };
  }, (f) => {
    const tier = parseIntLoose(f[c.tier].replace(/\D+/g, ''));
    if (tier === null) return { reject: 'no tier' };
    tiers.set(f[c.city].trim(), tier);
    tiers.set(f[c.full].trim(), tier);
    return { merge: 'joined into universities.city_tier' };
  });

  const refs: UniversityRef[] = [];
  const cols = [
    'moe_code', 'name', 'province', 'city', 'level', 'nature', 'affiliation', 'type', 'type_source', 'is_985', 'is_211',
    'is_double_first_class', 'is_qiangji', 'is_buxing_hejian', 'is_vice_ministerial', 'ruanke2026_main_rank',
    'ruanke2026_main_score', 'ruanke2026_total_rank', 'dfc2022_disciplines', 'eval4_A_disciplines', 'website', 'admission_url',
  ] as const;
  let u: Record<(typeof cols)[number], number> = {} as never;
  await ctx.eachRow(UNIVERSITIES, 'universities', (csv) => {
    u = Object.fromEntries(cols.map((k) => [k, csv.col(k)])) as typeof u;
  }, (f, n) => {
    const moe = f[u.moe_code].trim();
    const province = normalizeProvince(f[u.province]);
    if (!/^\d{10}$/.test(moe)) return { reject: 'moe_code not 10 digits' };
    if (!province) return { reject: 'unknown province' };
    const city = text(f[u.city]);
    const flag = (k: (typeof cols)[number]) => (f[u[k]].trim() === '1' ? 1 : 0);
    const id = Number(moe);
    ctx.insert('universities', {
      id,
      moe_code: moe,
      name: f[u.name].trim(),
      name_key: normalizeSchoolName(f[u.name]),
      province,
      city,
      city_tier: city ? (tiers.get(city) ?? tiers.get(city.replace(/市$/, '')) ?? null) : null,
      level: text(f[u.level]),
      nature: text(f[u.nature]),
      affiliation: text(f[u.affiliation]),
      type: text(f[u.type]),
      type_source: text(f[u.type_source]),
      is_985: flag('is_985'),
      is_211: flag('is_211'),
      is_double_first_class: flag('is_double_first_class'),
      is_qiangji: flag('is_qiangji'),
      is_buxing_hejian: flag('is_buxing_hejian'),
      is_vice_ministerial: flag('is_vice_ministerial'),
      ranking: parseIntLoose(f[u.ruanke2026_main_rank]),
      ranking_score: parseNumber(f[u.ruanke2026_main_score]),
      ranking_total: parseIntLoose(f[u.ruanke2026_total_rank]),
      dfc_disciplines: text(f[u.dfc2022_disciplines]),
      eval4_a_disciplines: text(f[u.eval4_A_disciplines]),
      website: ownSite(f[u.website]),
      admission_url: ownSite(f[u.admission_url]),
      source_file: UNIVERSITIES,
      source_ref: `moe_code:${moe} (${rowRef(n)})`,
    });
    refs.push({ id, name: f[u.name].trim(), moeCode: moe, level: text(f[u.level]), city });
  });
  if (refs.length === 0) throw new ImportError(`${UNIVERSITIES}: no universities read`);

  // The upstream flag list is the source of the merged file's 985/211/双一流 flags: a disagreement means the
  // merged file is stale, which must stop the import rather than serve wrong flags.
  const byMoe = new Map(refs.map((r) => [r.moeCode, r]));
  const flagsInDb = ctx.db.prepare('SELECT is_985, is_211, is_double_first_class FROM universities WHERE id = ?');
  let g: Record<string, number> = {};
  const mismatches: string[] = [];
  await ctx.eachRow(FLAGS, 'universities', (csv) => {
    g = { moe: csv.col('学校标识码'), f985: csv.col('985'), f211: csv.col('211'), dfc: csv.col('双一流') };
  }, (f) => {
    const ref = byMoe.get(f[g.moe].trim());
    if (!ref) return { reject: 'not in universities.csv' };
    const db = flagsInDb.get(ref.id) as { is_985: number; is_211: number; is_double_first_class: number };
    const want = [f[g.f985], f[g.f211], f[g.dfc]].map((x) => (x.trim() === '1' ? 1 : 0));
    if (want[0] !== db.is_985 || want[1] !== db.is_211 || want[2] !== db.is_double_first_class) mismatches.push(ref.name);
    return { merge: 'cross-checked against universities.csv' };
  });
  if (mismatches.length) throw new ImportError(`${FLAGS}: 985/211/双一流 flags disagree with ${UNIVERSITIES} for ${mismatches.slice(0, 5).join(', ')}`);
  return refs;
}
