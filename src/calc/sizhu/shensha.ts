// 神煞 as a declarative table: each star names its basis (which character is looked up), its lookup table, where
// it is looked for, the rule text and its source. Schools differ; this is the rule set used and every hit says why.
import { BRANCHES, STEMS, mod, sixtyFromName, sixtyIndex, xunKong } from './ganzhi.ts';
import { PILLAR_NAMES } from './relations.ts';

export type Basis = '日干' | '年干' | '月支' | '年支' | '日支' | '日柱' | '时柱' | '四柱天干' | '四柱地支';

interface LookupStar {
  kind: 'lookup';
  name: string;
  /** the characters looked up; several bases are tried in order (e.g. 日干 then 年干) */
  bases: Basis[];
  /** key → targets; keys are stems, branches or branch groups such as 申子辰 (any member matches) */
  table: string;
  /** which positions are searched: 'branches' (地支), 'stems' (天干), 'both', or only the hour branch */
  in: 'branches' | 'stems' | 'both' | 'hour-branch';
  /** whether the basis pillar's own branch may carry the star (true for stem bases) */
  includeSelf: boolean;
  rule: string;
  source: string;
}
interface PillarStar {
  kind: 'pillar';
  name: string;
  /** pillars (sixty-cycle names) that are the star; keyed by season group of the month branch when seasonal */
  table: string;
  seasonal?: boolean;
  at: Array<'日' | '时' | '年' | '月'>;
  rule: string;
  source: string;
}
interface SpecialStar {
  kind: 'special';
  name: string;
  rule: string;
  source: string;
}
export type StarRule = LookupStar | PillarStar | SpecialStar;

const SANMING_3 = '《三命通会》卷三';
const stemBranch = (name: string, bases: Basis[], table: string, rule: string, source: string, extra: Partial<LookupStar> = {}): LookupStar =>
  ({ kind: 'lookup', name, bases, table, in: 'branches', includeSelf: true, rule, source, ...extra });
const branchBranch = (name: string, bases: Basis[], table: string, rule: string, source: string): LookupStar =>
  ({ kind: 'lookup', name, bases, table, in: 'branches', includeSelf: false, rule, source });
const dayPillars = (name: string, table: string, rule: string, source: string, at: PillarStar['at'] = ['日'], seasonal = false): PillarStar =>
  ({ kind: 'pillar', name, table, at, rule, source, seasonal });
/** a year-branch star at a fixed offset from the year branch */
const offsetTable = (offset: number): string => BRANCHES.map((b, i) => `${b}:${BRANCHES[mod(i + offset, 12)]}`).join(' ');

export const STARS: readonly StarRule[] = [
  stemBranch('天乙贵人', ['日干', '年干'], '甲戊庚:丑未 乙己:子申 丙丁:亥酉 壬癸:卯巳 辛:午寅', '甲戊庚牛羊，乙己鼠猴乡，丙丁猪鸡位，壬癸兔蛇藏，六辛逢马虎', `${SANMING_3}论天乙贵人`),
  stemBranch('太极贵人', ['日干', '年干'], '甲乙:子午 丙丁:卯酉 戊己:辰戌丑未 庚辛:寅亥 壬癸:巳申', '甲乙生人子午中，丙丁鸡兔定亨通，戊己两干临四季，庚辛寅亥禄丰隆，壬癸巳申偏喜美', '太极贵人通行口诀'),
  stemBranch('文昌贵人', ['日干', '年干'], '甲:巳 乙:午 丙:申 丁:酉 戊:申 己:酉 庚:亥 辛:子 壬:寅 癸:卯', '甲乙巳午报君知，丙戊申宫丁己鸡，庚猪辛鼠壬逢虎，癸人见卯入云梯', '文昌贵人通行口诀'),
  stemBranch('国印贵人', ['日干', '年干'], '甲:戌 乙:亥 丙:丑 丁:寅 戊:丑 己:寅 庚:辰 辛:巳 壬:未 癸:申', '甲见戌，乙见亥，丙见丑，丁见寅，戊见丑，己见寅，庚见辰，辛见巳，壬见未，癸见申', '国印贵人通行口诀'),
  stemBranch('福星贵人', ['日干', '年干'], '甲丙:寅子 乙癸:卯丑 戊:申 己:未 丁:亥 庚:午 辛:巳 壬:辰', '甲丙相邀入虎乡，更游鼠穴最高强，戊猴己未丁宜亥，乙癸逢牛卯禄昌，庚赶马头辛到巳，壬骑龙背喜非常', '福星贵人通行口诀'),
  stemBranch('天官贵人', ['日干', '年干'], '甲:未 乙:辰 丙:巳 丁:酉 戊:戌 己:卯 庚:亥 辛:申 壬:寅 癸:午', '甲见未，乙见辰，丙见巳，丁见酉，戊见戌，己见卯，庚见亥，辛见申，壬见寅，癸见午', '天官贵人通行口诀'),
  stemBranch('禄神', ['日干'], '甲:寅 乙:卯 丙戊:巳 丁己:午 庚:申 辛:酉 壬:亥 癸:子', '甲禄在寅，乙禄在卯，丙戊禄在巳，丁己禄在午，庚禄在申，辛禄在酉，壬禄在亥，癸禄在子（十干临官之位）', `${SANMING_3}论十干禄`),
  stemBranch('羊刃', ['日干'], '甲:卯 乙:辰 丙戊:午 丁己:未 庚:酉 辛:戌 壬:子 癸:丑', '禄前一位为刃：甲刃在卯，乙刃在辰，丙戊刃在午，丁己刃在未，庚刃在酉，辛刃在戌，壬刃在子，癸刃在丑（阴干取禄前一位之说）', `${SANMING_3}论羊刃`),
  stemBranch('飞刃', ['日干'], '甲:酉 乙:戌 丙戊:子 丁己:丑 庚:卯 辛:辰 壬:午 癸:未', '羊刃所冲之位为飞刃', '飞刃通行规则（羊刃之冲）'),
  stemBranch('红艳煞', ['日干'], '甲:午 乙:申 丙:寅 丁:未 戊己:辰 庚:戌 辛:酉 壬:子 癸:申', '多情多欲少人知，六丙逢寅辛见鸡，癸临申上丁见未，甲乙午申庚见戌，戊己怕辰壬怕子', '红艳煞通行口诀'),
  stemBranch('金舆', ['日干'], '甲:辰 乙:巳 丙戊:未 丁己:申 庚:戌 辛:亥 壬:丑 癸:寅', '禄前二位为金舆：甲龙乙蛇丙戊羊，丁己猴歌庚犬方，辛猪壬牛癸逢虎', '金舆通行口诀'),
  stemBranch('学堂', ['日干'], '甲:亥 乙:午 丙戊:寅 丁己:酉 庚:巳 辛:子 壬:申 癸:卯', '日干长生之位为学堂（甲亥、乙午、丙戊寅、丁己酉、庚巳、辛子、壬申、癸卯）', '学堂通行规则（日干长生位）'),
  stemBranch('流霞', ['日干'], '甲:酉 乙:戌 丙:未 丁:申 戊:巳 己:午 庚:辰 辛:卯 壬:亥 癸:寅', '甲鸡乙犬丙见羊，丁是猴乡戊见蛇，己马庚龙辛逐兔，壬猪癸虎是流霞', '流霞通行口诀'),
  stemBranch('暗禄', ['日干'], '甲:亥 乙:戌 丙戊:申 丁己:未 庚:巳 辛:辰 壬:寅 癸:丑', '禄神六合之支为暗禄（甲禄寅合亥，乙禄卯合戌 …）', '暗禄通行规则（禄之六合）'),
  stemBranch('截路空亡', ['日干'], '甲己:申酉 乙庚:午未 丙辛:辰巳 丁壬:寅卯 戊癸:子丑', '甲己申酉最为愁，乙庚午未不须求，丙辛辰巳何劳问，丁壬寅卯一场空，戊癸子丑高堂坐（只看时支）', '截路空亡通行口诀', { in: 'hour-branch' }),
  stemBranch('天德贵人', ['月支'], '寅:丁 卯:申 辰:壬 巳:辛 午:亥 未:甲 申:癸 酉:寅 戌:丙 亥:乙 子:巳 丑:庚', '正丁二坤中，三壬四辛同，五乾六甲上，七癸八艮逢，九丙十居乙，子巽丑庚中（坤申、乾亥、艮寅、巽巳）', `${SANMING_3}论天月德`, { in: 'both' }),
  stemBranch('天德合', ['月支'], '寅:壬 卯:巳 辰:丁 巳:丙 午:寅 未:己 申:戊 酉:亥 戌:辛 亥:庚 子:申 丑:乙', '与天德相合之干支（丁壬合、申巳合、辛丙合、亥寅合、甲己合、癸戊合、丙辛合、乙庚合）', `${SANMING_3}论天月德（德合）`, { in: 'both' }),
  stemBranch('月德贵人', ['月支'], '寅午戌:丙 申子辰:壬 亥卯未:甲 巳酉丑:庚', '寅午戌月在丙，申子辰月在壬，亥卯未月在甲，巳酉丑月在庚', `${SANMING_3}论天月德`, { in: 'stems' }),
  stemBranch('月德合', ['月支'], '寅午戌:辛 申子辰:丁 亥卯未:己 巳酉丑:乙', '与月德相合之干：丙辛、壬丁、甲己、庚乙', `${SANMING_3}论天月德（德合）`, { in: 'stems' }),
  stemBranch('月空', ['月支'], '寅午戌:壬 申子辰:丙 亥卯未:庚 巳酉丑:甲', '月德所冲之干：寅午戌月壬，申子辰月丙，亥卯未月庚，巳酉丑月甲', '月空通行规则（月德之冲）', { in: 'stems' }),
  branchBranch('天医', ['月支'], '寅:丑 卯:寅 辰:卯 巳:辰 午:巳 未:午 申:未 酉:申 戌:酉 亥:戌 子:亥 丑:子', '月支后一位为天医（正月丑，二月寅 …）', '天医通行规则'),
  branchBranch('驿马', ['年支', '日支'], '申子辰:寅 寅午戌:申 巳酉丑:亥 亥卯未:巳', '申子辰马在寅，寅午戌马在申，巳酉丑马在亥，亥卯未马在巳', `${SANMING_3}论驿马`),
  branchBranch('华盖', ['年支', '日支'], '申子辰:辰 寅午戌:戌 巳酉丑:丑 亥卯未:未', '三合局之墓库为华盖：申子辰见辰，寅午戌见戌，巳酉丑见丑，亥卯未见未', `${SANMING_3}论华盖`),
  branchBranch('将星', ['年支', '日支'], '申子辰:子 寅午戌:午 巳酉丑:酉 亥卯未:卯', '三合局之中神为将星：申子辰见子，寅午戌见午，巳酉丑见酉，亥卯未见卯', `${SANMING_3}论将星`),
  branchBranch('桃花', ['年支', '日支'], '申子辰:酉 寅午戌:卯 巳酉丑:午 亥卯未:子', '咸池：申子辰在酉，寅午戌在卯，巳酉丑在午，亥卯未在子', `${SANMING_3}论咸池`),
  branchBranch('劫煞', ['年支', '日支'], '申子辰:巳 寅午戌:亥 巳酉丑:寅 亥卯未:申', '申子辰见巳，寅午戌见亥，巳酉丑见寅，亥卯未见申', `${SANMING_3}论亡神劫煞`),
  branchBranch('灾煞', ['年支', '日支'], '申子辰:午 寅午戌:子 巳酉丑:卯 亥卯未:酉', '将星所冲之位：申子辰见午，寅午戌见子，巳酉丑见卯，亥卯未见酉', `${SANMING_3}论灾煞`),
  branchBranch('亡神', ['年支', '日支'], '申子辰:亥 寅午戌:巳 巳酉丑:申 亥卯未:寅', '申子辰见亥，寅午戌见巳，巳酉丑见申，亥卯未见寅', `${SANMING_3}论亡神劫煞`),
  branchBranch('孤辰', ['年支'], '亥子丑:寅 寅卯辰:巳 巳午未:申 申酉戌:亥', '亥子丑人见寅，寅卯辰人见巳，巳午未人见申，申酉戌人见亥', `${SANMING_3}论孤辰寡宿`),
  branchBranch('寡宿', ['年支'], '亥子丑:戌 寅卯辰:丑 巳午未:辰 申酉戌:未', '亥子丑人见戌，寅卯辰人见丑，巳午未人见辰，申酉戌人见未', `${SANMING_3}论孤辰寡宿`),
  branchBranch('红鸾', ['年支'], '子:卯 丑:寅 寅:丑 卯:子 辰:亥 巳:戌 午:酉 未:申 申:未 酉:午 戌:巳 亥:辰', '卯上起子逆行：子年卯，丑年寅，寅年丑 … 亥年辰', '红鸾通行口诀'),
  branchBranch('天喜', ['年支'], '子:酉 丑:申 寅:未 卯:午 辰:巳 巳:辰 午:卯 未:寅 申:丑 酉:子 戌:亥 亥:戌', '红鸾对冲之位：子年酉，丑年申 … 亥年戌', '天喜通行口诀（红鸾之冲）'),
  branchBranch('丧门', ['年支'], offsetTable(2), '太岁前二辰为丧门（子年寅，丑年卯 …）', '丧门通行规则'),
  branchBranch('吊客', ['年支'], offsetTable(-2), '太岁后二辰为吊客（子年戌，丑年亥 …）', '吊客通行规则'),
  branchBranch('披麻', ['年支'], offsetTable(-3), '太岁后三辰为披麻（子年酉，丑年戌 …）', '披麻通行规则'),
  branchBranch('勾绞煞', ['年支'], BRANCHES.map((b, i) => `${b}:${BRANCHES[mod(i + 3, 12)]}${BRANCHES[mod(i - 3, 12)]}`).join(' '), '命前三辰为勾，命后三辰为绞（阳男阴女前勾后绞，阴男阳女反之，所见之位相同）', `${SANMING_3}论勾绞`),
  dayPillars('魁罡', '庚辰 庚戌 壬辰 戊戌', '日柱为庚辰、庚戌、壬辰、戊戌', `${SANMING_3}论魁罡`),
  dayPillars('阴差阳错', '丙子 丁丑 戊寅 辛卯 壬辰 癸巳 丙午 丁未 戊申 辛酉 壬戌 癸亥', '日柱为丙子、丁丑、戊寅、辛卯、壬辰、癸巳、丙午、丁未、戊申、辛酉、壬戌、癸亥', `${SANMING_3}论阴差阳错`),
  dayPillars('十恶大败', '甲辰 乙巳 丙申 丁亥 戊戌 己丑 庚辰 辛巳 壬申 癸亥', '日柱为甲辰、乙巳、丙申、丁亥、戊戌、己丑、庚辰、辛巳、壬申、癸亥（禄入空亡之日）', `${SANMING_3}论十恶大败`),
  dayPillars('孤鸾煞', '乙巳 丁巳 辛亥 戊申 甲寅 戊午 壬子 丙午', '日柱为乙巳、丁巳、辛亥、戊申、甲寅、戊午、壬子、丙午', '孤鸾煞通行口诀'),
  dayPillars('六秀日', '丙午 丁未 戊子 戊午 己丑 己未', '日柱为丙午、丁未、戊子、戊午、己丑、己未', '六秀日通行口诀'),
  dayPillars('十灵日', '甲辰 乙亥 丙辰 丁酉 戊午 庚戌 庚寅 辛亥 壬寅 癸未', '日柱为甲辰、乙亥、丙辰、丁酉、戊午、庚戌、庚寅、辛亥、壬寅、癸未', '十灵日通行口诀'),
  dayPillars('八专', '甲寅 乙卯 丁未 戊戌 己未 庚申 辛酉 癸丑', '干支同气之日：甲寅、乙卯、丁未、戊戌、己未、庚申、辛酉、癸丑', '八专日通行口诀'),
  dayPillars('九丑', '丁酉 戊子 戊午 己卯 己酉 辛卯 辛酉 壬子 壬午', '日柱为丁酉、戊子、戊午、己卯、己酉、辛卯、辛酉、壬子、壬午', '九丑日通行口诀'),
  dayPillars('日德', '甲寅 丙辰 戊辰 庚辰 壬戌', '日柱为甲寅、丙辰、戊辰、庚辰、壬戌', '日德通行口诀'),
  dayPillars('日贵', '丁酉 丁亥 癸巳 癸卯', '日柱为丁酉、丁亥、癸巳、癸卯（日坐天乙贵人）', '日贵通行口诀'),
  dayPillars('金神', '乙丑 己巳 癸酉', '日柱或时柱为乙丑、己巳、癸酉', `${SANMING_3}论金神`, ['日', '时']),
  dayPillars('天赦日', '寅卯辰:戊寅 巳午未:甲午 申酉戌:戊申 亥子丑:甲子', '春戊寅，夏甲午，秋戊申，冬甲子（以月支定季）', `${SANMING_3}论天赦`, ['日'], true),
  dayPillars('四废', '寅卯辰:庚申,辛酉 巳午未:壬子,癸亥 申酉戌:甲寅,乙卯 亥子丑:丙午,丁巳', '春庚申辛酉，夏壬子癸亥，秋甲寅乙卯，冬丙午丁巳（日柱逢本季所克之旺气）', '四废日通行口诀', ['日'], true),
  { kind: 'special', name: '空亡', rule: '以日柱所在旬之空亡二支，查年、月、时三支', source: `${SANMING_3}论空亡` },
  { kind: 'special', name: '元辰', rule: '阳男阴女：年支之冲后一位；阴男阳女：年支之冲前一位（子年阳男见未，阴男见巳）', source: `${SANMING_3}论元辰` },
  { kind: 'special', name: '天罗地网', rule: '四柱戌亥并见为天罗，辰巳并见为地网', source: '天罗地网通行规则' },
  { kind: 'special', name: '三奇贵人', rule: '天干顺布乙丙丁（地下三奇）、甲戊庚（天上三奇）、壬癸辛（人中三奇），年月日或月日时相连', source: `${SANMING_3}论三奇` },
];

export interface StarHit {
  name: string;
  /** positions, e.g. ["日支"], ["时柱"] */
  pillars: string[];
  basis: string;
  /** what the basis points at, e.g. "午寅" */
  target: string;
  rule: string;
  source: string;
}

export interface ChartChars {
  stems: readonly number[]; // year, month, day, hour
  branches: readonly number[];
  male: boolean;
}

function parseTable(table: string): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const entry of table.split(' ')) {
    const [keys, values] = entry.split(':');
    const targets = values.includes(',') ? values.split(',') : [...values];
    for (const k of keys) m.set(k, targets);
  }
  return m;
}
function parseSeasonal(table: string): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const entry of table.split(' ')) {
    const [keys, values] = entry.split(':');
    for (const k of keys) m.set(k, values.split(','));
  }
  return m;
}
function parseStar(s: LookupStar | PillarStar): Map<string, string[]> {
  if (s.kind === 'lookup') return parseTable(s.table);
  return s.seasonal ? parseSeasonal(s.table) : new Map([['*', s.table.split(' ')]]);
}
const PARSED = new Map<StarRule, Map<string, string[]>>(STARS.flatMap((s) => (s.kind === 'special' ? [] : [[s, parseStar(s)] as const])));

const BASIS_POSITION: Record<string, { pillar: number; stem: boolean }> = {
  日干: { pillar: 2, stem: true }, 年干: { pillar: 0, stem: true }, 月支: { pillar: 1, stem: false }, 年支: { pillar: 0, stem: false }, 日支: { pillar: 2, stem: false },
};

interface CompiledLookup {
  /** per basis value (stem or branch index): bit masks of the target branches and stems, and the target text */
  branchMask: number[];
  stemMask: number[];
  text: string[];
}
const COMPILED = new Map<LookupStar, CompiledLookup>();
for (const s of STARS) {
  if (s.kind !== 'lookup') continue;
  const table = PARSED.get(s)!;
  const c: CompiledLookup = { branchMask: [], stemMask: [], text: [] };
  for (const [key, targets] of table) {
    const k = STEMS.includes(key as never) ? STEMS.indexOf(key as never) : BRANCHES.indexOf(key as never);
    c.branchMask[k] = targets.reduce((m, t) => (BRANCHES.includes(t as never) ? m | (1 << BRANCHES.indexOf(t as never)) : m), 0);
    c.stemMask[k] = targets.reduce((m, t) => (STEMS.includes(t as never) ? m | (1 << STEMS.indexOf(t as never)) : m), 0);
    c.text[k] = targets.join('');
  }
  COMPILED.set(s, c);
}

function evalLookup(s: LookupStar, c: ChartChars): StarHit[] {
  const compiled = COMPILED.get(s)!;
  const hits: StarHit[] = [];
  for (const basis of s.bases) {
    const pos = BASIS_POSITION[basis];
    const k = pos.stem ? c.stems[pos.pillar] : c.branches[pos.pillar];
    const text = compiled.text[k];
    if (text === undefined) continue;
    const bm = s.in === 'stems' ? 0 : compiled.branchMask[k];
    const sm = s.in === 'stems' || s.in === 'both' ? compiled.stemMask[k] : 0;
    let at: string[] | null = null;
    for (let p = s.in === 'hour-branch' ? 3 : 0; p < 4; p++) {
      if (!s.includeSelf && p === pos.pillar) continue;
      if (bm & (1 << c.branches[p])) (at ??= []).push(BRANCH_SLOTS[p]);
      if (sm & (1 << c.stems[p])) (at ??= []).push(STEM_SLOTS[p]);
    }
    if (at) hits.push({ name: s.name, pillars: at, basis: basis + (pos.stem ? STEMS[k] : BRANCHES[k]), target: text, rule: s.rule, source: s.source });
  }
  return hits;
}
const BRANCH_SLOTS = PILLAR_NAMES.map((p) => `${p}支`);
const STEM_SLOTS = PILLAR_NAMES.map((p) => `${p}干`);

/** per pillar star: membership by sixty-cycle index, per month branch when seasonal */
const PILLAR_SETS = new Map<PillarStar, Uint8Array[]>();
for (const s of STARS) {
  if (s.kind !== 'pillar') continue;
  const table = PARSED.get(s)!;
  const sets = Array.from({ length: 12 }, (_, b) => {
    const names = s.seasonal ? table.get(BRANCHES[b])! : table.get('*')!;
    const set = new Uint8Array(60);
    for (const n of names) set[sixtyFromName(n)] = 1;
    return set;
  });
  PILLAR_SETS.set(s, sets);
}
const PILLAR_INDEX = { 年: 0, 月: 1, 日: 2, 时: 3 } as const;

function evalPillar(s: PillarStar, c: ChartChars): StarHit[] {
  const set = PILLAR_SETS.get(s)![c.branches[1]];
  let at: string[] | null = null;
  for (const p of s.at) {
    const i = PILLAR_INDEX[p];
    if (set[sixtyIndex(c.stems[i], c.branches[i])]) (at ??= []).push(p);
  }
  if (!at) return [];
  const table = PARSED.get(s)!;
  const names = s.seasonal ? table.get(BRANCHES[c.branches[1]])! : table.get('*')!;
  return [{ name: s.name, pillars: at.map((p) => `${p}柱`), basis: at.length === 1 && at[0] === '日' ? '日柱' : at.map((p) => `${p}柱`).join('、'), target: names.join('、'), rule: s.rule, source: s.source }];
}

function evalSpecial(s: SpecialStar, c: ChartChars): StarHit[] {
  const { stems, branches } = c;
  const branchNames = branches.map((b) => BRANCHES[b]);
  switch (s.name) {
    case '空亡': {
      const day = sixtyIndex(stems[2], branches[2]);
      const kong = xunKong(day);
      const at = [0, 1, 3].filter((p) => kong.includes(branches[p])).map((p) => `${PILLAR_NAMES[p]}支`);
      return at.length ? [{ name: s.name, pillars: at, basis: `日柱${STEMS[stems[2]]}${BRANCHES[branches[2]]}`, target: kong.map((b) => BRANCHES[b]).join(''), rule: s.rule, source: s.source }] : [];
    }
    case '元辰': {
      const yangYear = stems[0] % 2 === 0;
      const target = mod(branches[0] + 6 + (yangYear === c.male ? 1 : -1), 12);
      const at = [1, 2, 3].filter((p) => branches[p] === target).map((p) => `${PILLAR_NAMES[p]}支`);
      return at.length ? [{ name: s.name, pillars: at, basis: `年支${BRANCHES[branches[0]]}（${yangYear ? '阳' : '阴'}年${c.male ? '男' : '女'}命）`, target: BRANCHES[target], rule: s.rule, source: s.source }] : [];
    }
    case '天罗地网': {
      const out: StarHit[] = [];
      for (const [pairName, a, b] of [['天罗', '戌', '亥'], ['地网', '辰', '巳']] as const) {
        if (branchNames.includes(a) && branchNames.includes(b)) {
          const at = branchNames.flatMap((x, p) => (x === a || x === b ? [`${PILLAR_NAMES[p]}支`] : []));
          out.push({ name: s.name, pillars: at, basis: '四柱地支', target: `${a}${b}（${pairName}）`, rule: s.rule, source: s.source });
        }
      }
      return out;
    }
    case '三奇贵人': {
      const seq = stems.map((x) => STEMS[x]).join('');
      for (const [trio, label] of [['乙丙丁', '地下三奇'], ['甲戊庚', '天上三奇'], ['壬癸辛', '人中三奇']] as const) {
        const i = seq.indexOf(trio);
        if (i === 0 || i === 1) {
          return [{ name: s.name, pillars: [0, 1, 2].map((k) => `${PILLAR_NAMES[i + k]}干`), basis: '四柱天干', target: `${trio}（${label}）`, rule: s.rule, source: s.source }];
        }
      }
      return [];
    }
    default:
      return [];
  }
}

export function findStars(c: ChartChars): StarHit[] {
  const out: StarHit[] = [];
  for (const s of STARS) {
    if (s.kind === 'lookup') out.push(...evalLookup(s, c));
    else if (s.kind === 'pillar') out.push(...evalPillar(s, c));
    else out.push(...evalSpecial(s, c));
  }
  return out;
}
