// Assembles the full chart from the modules: one call, plain JSON out. Member names are English snake_case,
// values Chinese.
import { parseInput } from '../../errors.ts';
import { formatSeconds, formatWall } from './civil.ts';
import { BRANCHES, BRANCH_ELEMENT, ELEMENTS, STEMS, STEM_ELEMENT, ZODIAC, naYin, sixtyIndex, sixtyName, xunKongName, yinYangName, mod } from './ganzhi.ts';
import { HIDDEN_KINDS, HIDDEN_STEMS, hiddenWeights } from './hidden-stems.ts';
import { tenGod } from './ten-gods.ts';
import { diShi } from './di-shi.ts';
import { fourPillars, type FourPillars, type ZiHour } from './pillars.ts';
import { LUCK_METHOD_RULES, luckCore, type LuckMethod } from './luck.ts';
import { termInstant, termName } from './terms.ts';
import { elementStats } from './elements.ts';
import { dayMasterStrength } from './strength.ts';
import { favourableElements } from './favourable.ts';
import { findPattern } from './pattern.ts';
import { palaces, relatives } from './palaces.ts';
import { branchRelations, stemRelations } from './relations.ts';
import { findStars, STARS } from './shensha.ts';
import { describeMoment, resolveMoment, type Moment } from './moment.ts';
import { interpret } from './interpret.ts';
import { sizhuInput, type SizhuInput } from './input.ts';
import type { DstStatus } from './dst.ts';

export const CALENDAR_LIBRARY = 'tyme4ts 1.5.2（寿星天文历算法，节气精确到秒，北京时间）';
export const LUCK_CYCLES = 10;
/** births this close (seconds) to a 节 or a 时辰 edge carry a warning with the alternative pillars */
export const BOUNDARY_SECONDS = 180;

const PILLAR_KEYS = ['year', 'month', 'day', 'hour'] as const;
type PillarKey = (typeof PILLAR_KEYS)[number];
export type PillarNames = Record<PillarKey, string>;

const pillarNames = (p: FourPillars): PillarNames => ({ year: sixtyName(p.year), month: sixtyName(p.month), day: sixtyName(p.day), hour: sixtyName(p.hour) });

function pillarDetail(sixty: number, dayStem: number, key: PillarKey) {
  const s = sixty % 10;
  const b = sixty % 12;
  const weights = hiddenWeights(b);
  return {
    name: sixtyName(sixty),
    stem: STEMS[s],
    branch: BRANCHES[b],
    stem_element: ELEMENTS[STEM_ELEMENT[s]],
    stem_yin_yang: yinYangName(s),
    branch_element: ELEMENTS[BRANCH_ELEMENT[b]],
    branch_yin_yang: yinYangName(b),
    zodiac: ZODIAC[b],
    na_yin: naYin(sixty),
    ten_god: key === 'day' ? '日主' : tenGod(dayStem, s),
    hidden_stems: HIDDEN_STEMS[b].map((h, k) => ({ stem: STEMS[h], kind: HIDDEN_KINDS[k], element: ELEMENTS[STEM_ELEMENT[h]], ten_god: tenGod(dayStem, h), weight: weights[k] })),
    di_shi: diShi(dayStem, b),
    self_seat: diShi(s, b),
    xun_kong: xunKongName(sixty),
  };
}

/** 命宫 and 身宫 (《三命通会》: 子上起正月…), 胎元 (月干进一、月支进三) */
export function palacesOfLife(year: number, month: number, hour: number) {
  const ys = year % 10;
  const mb = month % 12;
  const hb = hour % 12;
  const withStem = (b: number): number => {
    const k = mod(b - 2, 12) + 2; // 寅 … 丑 in the order of the year's months (五虎遁)
    return sixtyIndex(mod(2 * ys + k, 10), b);
  };
  const ming = withStem(mod(5 - mb - hb, 12));
  const shen = withStem(mod(1 + mb + hb, 12));
  const tai = sixtyIndex((month % 10 + 1) % 10, (mb + 3) % 12);
  return { ming, shen, tai };
}

interface Clocks {
  cst: number;
  local: number;
}

function pillarsAt(c: Clocks, ziHour: ZiHour): FourPillars {
  return fourPillars(c.cst, c.local, ziHour);
}

interface Warning {
  kind: 'jie-boundary' | 'hour-boundary' | 'zi-hour-convention' | 'dst-skipped-hour' | 'dst-repeated-hour';
  message: string;
  alternative_pillars: PillarNames;
}

function warningsFor(input: SizhuInput, m: Moment, p: FourPillars, ziHour: ZiHour): Warning[] {
  const out: Warning[] = [];
  const c: Clocks = { cst: m.cst, local: m.local };
  const shifted = (delta: number, localOnly = false): PillarNames =>
    pillarNames(pillarsAt({ cst: localOnly ? c.cst : c.cst + delta, local: c.local + delta }, ziHour));
  // 节 edges: the month's opening 节 and the next one
  for (const k of [p.jie, p.jie + 2]) {
    const t = termInstant(k);
    const d = m.cst - t;
    if (Math.abs(d) <= BOUNDARY_SECONDS) {
      const after = d >= 0;
      out.push({
        kind: 'jie-boundary',
        message: `出生时刻距${termName(k)}（${formatSeconds(t)}）${after ? '之后' : '之前'} ${Math.round(Math.abs(d) / 6) / 10} 分钟，在 ±3 分钟内；若实际时刻在交节另一侧，${termName(k) === '立春' ? '年柱与' : ''}月柱不同`,
        alternative_pillars: shifted(after ? t - 1 - m.cst : t - m.cst),
      });
    }
  }
  // 时辰 edges fall on odd hours (23:00, 01:00 … 21:00) of the day-hour clock
  const sod = mod(m.local, 86400);
  const edge = Math.round((sod - 3600) / 7200) * 7200 + 3600; // nearest odd hour
  const dEdge = sod - edge;
  if (Math.abs(dEdge) <= BOUNDARY_SECONDS) {
    const after = dEdge >= 0;
    out.push({
      kind: 'hour-boundary',
      message: `${input.longitude === undefined ? '出生时刻' : '真太阳时'}距时辰交界 ${String(mod(edge / 3600, 24)).padStart(2, '0')}:00 ${after ? '之后' : '之前'} ${Math.round(Math.abs(dEdge) / 6) / 10} 分钟，在 ±3 分钟内；若在交界另一侧，时柱${mod(edge / 3600, 24) === 23 && ziHour === 'day-changes-at-23' ? '与日柱' : ''}不同`,
      alternative_pillars: shifted(after ? -dEdge - 1 : -dEdge, true),
    });
  }
  if (Math.floor(sod / 3600) === 23) {
    const other: ZiHour = ziHour === 'split' ? 'day-changes-at-23' : 'split';
    out.push({
      kind: 'zi-hour-convention',
      message: `生于 23 点后（晚子时），日柱取法因流派而异；本盘按 ${ziHour}，另一约定 ${other} 的四柱见 alternative_pillars`,
      alternative_pillars: pillarNames(pillarsAt(c, other)),
    });
  }
  if (m.dst === 'skipped' || m.dst === 'repeated') {
    const alt: DstStatus = m.dst === 'skipped' ? 'daylight' : 'standard';
    const am = resolveMoment(input, alt);
    out.push({
      kind: m.dst === 'skipped' ? 'dst-skipped-hour' : 'dst-repeated-hour',
      message: m.dst === 'skipped'
        ? '此钟点在夏令时开始当日被跳过（02:00 直接拨至 03:00），本盘按北京时间未扣除；若按夏令时扣除一小时，四柱见 alternative_pillars'
        : '此钟点在夏令时结束当日出现两次（02:00 拨回 01:00），本盘按第一次（夏令时，扣除一小时）；若为第二次（北京时间），四柱见 alternative_pillars',
      alternative_pillars: pillarNames(pillarsAt({ cst: am.cst, local: am.local }, ziHour)),
    });
  }
  return out;
}


type Conventions = Readonly<Record<string, string>>;
const CONVENTIONS = new Map<string, Conventions>();
/** the conventions block depends only on the options, so each combination is built once and shared (frozen) */
function conventionsFor(ziHour: ZiHour, method: LuckMethod, basis: string, solar: boolean): Conventions {
  const key = `${ziHour}|${method}|${basis}|${solar}`;
  const hit = CONVENTIONS.get(key);
  if (hit) return hit;
  const value = Object.freeze({
    perspective: '传统命理文化研究视角：每项判断注明所依规则，解读为“传统上如何看”，不作预测',
    calendar: CALENDAR_LIBRARY,
    year_boundary: '年柱以立春交节时刻为界（非正月初一、非元旦）',
    month_boundary: '月柱以各「节」（立春、惊蛰、清明…小寒）交节时刻为界，精确到秒',
    zi_hour: ziHour,
    zi_hour_rule: ziHour === 'day-changes-at-23'
      ? '子初换日：23:00–23:59 即用次日日柱（tyme4ts 默认）；23:00–00:59 同属一个子时，时柱相同'
      : '晚子时不换日：23:00–23:59 日柱仍为当日，时干按次日起（lunar 默认）；23:00–00:59 时柱相同',
    time_basis: basis,
    time_basis_rule: basis === 'china-civil'
      ? '输入为中国钟表时间：1986–1991 年夏令时期间自动扣除 1 小时（开始日 02:00→03:00，结束日 02:00→01:00）'
      : '输入已是北京时间（UTC+8），不作夏令时扣除',
    true_solar_time: !solar
      ? '未给经度：日柱、时柱用北京时间'
      : '日柱、时柱用真太阳时 = 北京时间 + (经度 − 120°) × 4 分钟 + 均时差（Spencer 1971 公式）；年柱、月柱仍以交节绝对时刻为准',
    luck_direction: '阳年男命、阴年女命顺行，阴年男命、阳年女命逆行（年干阴阳以立春为界）；首步大运为月柱顺推或逆推一位',
    luck_method: method,
    luck_method_rule: LUCK_METHOD_RULES[method],
    start_age: '起运岁数为虚岁：起运年份 − 出生年份 + 1（与 tyme4ts、lunar 相同）',
    hidden_stems: '藏干本气/中气/余气之分依 tyme4ts 1.5.2',
    di_shi: '十二长生：阳干顺行、阴干逆行（地势以日干论四支，self_seat 为各柱天干坐本支）',
    boundary_warning: '出生时刻距交节或时辰交界 ±3 分钟内者，warnings 给出另一侧的四柱',
  });
  CONVENTIONS.set(key, value);
  return value;
}

export function buildChart(input: SizhuInput) {
  const ziHour: ZiHour = input.zi_hour ?? 'day-changes-at-23';
  const method: LuckMethod = input.luck_method ?? 'tyme-default';
  const male = input.sex === 'm';
  const m = resolveMoment(input);
  const p = pillarsAt({ cst: m.cst, local: m.local }, ziHour);
  const sixties = [p.year, p.month, p.day, p.hour];
  const stems = sixties.map((x) => x % 10);
  const branches = sixties.map((x) => x % 12);
  const dm = stems[2];

  const pillars = Object.fromEntries(PILLAR_KEYS.map((k, i) => [k, pillarDetail(sixties[i], dm, k)])) as Record<PillarKey, ReturnType<typeof pillarDetail>>;
  const elements = elementStats(stems, branches);
  const strength = dayMasterStrength(stems, branches);
  const favourable = favourableElements(stems, branches, strength);
  const pattern = findPattern(stems, branches, strength);
  const rel = { stems: stemRelations(stems), branches: branchRelations(branches) };
  const stars = findStars({ stems, branches, male });
  const life = palacesOfLife(p.year, p.month, p.hour);

  const luck = luckCore(m.cst, p.jie, p.month, stems[0] % 2 === 0, male, method);
  const startYear = luck.start.year;
  const cycles = Array.from({ length: LUCK_CYCLES }, (_, i) => {
    const c = luck.cycle(i);
    return {
      index: i + 1,
      pillar: sixtyName(c),
      na_yin: naYin(c),
      stem_ten_god: tenGod(dm, c % 10),
      branch_ten_god: tenGod(dm, HIDDEN_STEMS[c % 12][0]),
      start_year: startYear + 10 * i,
      end_year: startYear + 10 * i + 9,
      start_age: luck.startAge + 10 * i,
      end_age: luck.startAge + 10 * i + 9,
    };
  });
  const prevJie = termInstant(p.jie);
  const nextJie = termInstant(p.jie + 2);
  const names = pillarNames(p);
  const direction = luck.forward ? '顺行' : '逆行';
  const startDate = formatWall(luck.start);
  const dmName = `${STEMS[dm]}${ELEMENTS[STEM_ELEMENT[dm]]}`;
  const allRelations = [...rel.stems, ...rel.branches];
  const text = interpret({
    pillars: [names.year, names.month, names.day, names.hour],
    dayMaster: dmName,
    dayMasterYinYang: yinYangName(dm) + '干',
    sex: male ? '男' : '女',
    elements,
    strength,
    favourable,
    pattern,
    relations: allRelations,
    stars,
    luck: { direction, startAge: luck.startAge, startDate: startDate.slice(0, 10), first: cycles[0].pillar },
  });
  const byPillar: Record<string, string[]> = { 年: [], 月: [], 日: [], 时: [] };
  for (const s of stars) for (const at of s.pillars) if (!byPillar[at[0]].includes(s.name)) byPillar[at[0]].push(s.name);

  return {
    summary: `${male ? '男' : '女'}命四柱${names.year} ${names.month} ${names.day} ${names.hour}，日主${dmName}${strength.level}（${strength.score} 分），喜用${favourable.favourable.join('、')}（传统命理文化参考，非预测）。`,
    input: { year: input.year, month: input.month, day: input.day, hour: input.hour, minute: input.minute, sex: input.sex, longitude: input.longitude ?? null, zi_hour: ziHour, luck_method: method, time_basis: input.time_basis ?? 'china-civil' },
    conventions: conventionsFor(ziHour, method, input.time_basis ?? 'china-civil', input.longitude !== undefined),
    time: describeMoment(m, input),
    sex: male ? '男' : '女',
    pillars,
    day_master: { stem: STEMS[dm], element: ELEMENTS[STEM_ELEMENT[dm]], yin_yang: yinYangName(dm), name: dmName },
    five_elements: elements,
    strength,
    favourable,
    pattern,
    palaces: palaces(stems, branches),
    relatives: relatives(stems, branches, male),
    relations: rel,
    shen_sha: { stars, by_pillar: byPillar, rule_count: STARS.length },
    xun_kong: { day: pillars.day.xun_kong, year: pillars.year.xun_kong },
    tai_yuan: { pillar: sixtyName(life.tai), na_yin: naYin(life.tai), rule: '月干进一位、月支进三位' },
    ming_gong: { pillar: sixtyName(life.ming), na_yin: naYin(life.ming), rule: '子上起正月逆数至生月，生月上起生时顺数至卯，所落之支为命宫；天干按年干五虎遁' },
    shen_gong: { pillar: sixtyName(life.shen), na_yin: naYin(life.shen), rule: '子上起正月顺数至生月，生月上起生时逆数至酉，所落之支为身宫；天干按年干五虎遁' },
    jie: {
      previous: { name: termName(p.jie), time: formatSeconds(prevJie) },
      next: { name: termName(p.jie + 2), time: formatSeconds(nextJie) },
      minutes_from_nearest: Math.round(Math.min(m.cst - prevJie, nextJie - m.cst) / 6) / 10,
    },
    luck: {
      forward: luck.forward,
      direction,
      method,
      counted_to: { name: termName(luck.jie), time: formatSeconds(termInstant(luck.jie)) },
      start: { ...luck.span, start_time: startDate, start_age: luck.startAge, start_year: startYear },
      cycles,
    },
    warnings: warningsFor(input, m, p, ziHour),
    interpretation: text,
  };
}

export type SizhuChart = ReturnType<typeof buildChart>;

/** validates raw input (InputError naming the field) and builds the chart */
export function computeChart(raw: unknown): SizhuChart {
  return buildChart(parseInput(sizhuInput, raw));
}
