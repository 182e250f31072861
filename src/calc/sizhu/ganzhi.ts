// Stems, branches, the sixty cycle and their fixed attributes. Pure data; indices are 0-based (甲=0, 子=0, 甲子=0).
export const STEMS = ['甲', '乙', '丙', '丁', '戊', '己', '庚', '辛', '壬', '癸'] as const;
export const BRANCHES = ['子', '丑', '寅', '卯', '辰', '巳', '午', '未', '申', '酉', '戌', '亥'] as const;
export const ELEMENTS = ['木', '火', '土', '金', '水'] as const;
export type Element = (typeof ELEMENTS)[number];
export type Stem = (typeof STEMS)[number];
export type Branch = (typeof BRANCHES)[number];

/** element index (木0 火1 土2 金3 水4) of each stem */
export const STEM_ELEMENT = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4] as const;
/** element index of each branch (子水 丑土 寅木 卯木 辰土 巳火 午火 未土 申金 酉金 戌土 亥水) */
export const BRANCH_ELEMENT = [4, 2, 0, 0, 2, 1, 1, 2, 3, 3, 2, 4] as const;
export const ZODIAC = ['鼠', '牛', '虎', '兔', '龙', '蛇', '马', '羊', '猴', '鸡', '狗', '猪'] as const;

export const mod = (n: number, m: number): number => ((n % m) + m) % m;

/** yang stems and branches have even indices */
export const isYang = (index: number): boolean => index % 2 === 0;
export const yinYangName = (index: number): '阳' | '阴' => (isYang(index) ? '阳' : '阴');

/** the sixty-cycle index of a stem/branch pair of the same parity (n ≡ s mod 10, n ≡ b mod 12) */
export const sixtyIndex = (stem: number, branch: number): number => mod(6 * stem - 5 * branch, 60);
export const sixtyName = (n: number): string => STEMS[n % 10] + BRANCHES[n % 12];
export function sixtyFromName(name: string): number {
  const s = STEMS.indexOf(name[0] as Stem);
  const b = BRANCHES.indexOf(name[1] as Branch);
  if (s < 0 || b < 0 || s % 2 !== b % 2) throw new Error(`not a sixty-cycle name: ${name}`);
  return sixtyIndex(s, b);
}

/** element a generates (木→火→土→金→水→木) and element a controls (木→土→水→火→金→木) */
export const generates = (a: number): number => (a + 1) % 5;
export const controls = (a: number): number => (a + 2) % 5;

/**
 * 六十甲子纳音, one name per pair (甲子乙丑 海中金 …). Source: the 纳音 table of 《三命通会·卷一·论纳音取象》,
 * the same table lunar-typescript and tyme4ts carry.
 */
export const NA_YIN = [
  '海中金', '炉中火', '大林木', '路旁土', '剑锋金', '山头火', '涧下水', '城头土', '白蜡金', '杨柳木',
  '泉中水', '屋上土', '霹雳火', '松柏木', '长流水', '沙中金', '山下火', '平地木', '壁上土', '金箔金',
  '覆灯火', '天河水', '大驿土', '钗钏金', '桑柘木', '大溪水', '沙中土', '天上火', '石榴木', '大海水',
] as const;
export const naYin = (sixty: number): string => NA_YIN[Math.floor(sixty / 2)];
/** the element of a 纳音 name is its last character */
export const naYinElement = (sixty: number): number => ELEMENTS.indexOf(naYin(sixty).slice(-1) as Element);

/** 旬空: the two branches the ten-day week (旬) of a sixty-cycle pair leaves without a stem */
export function xunKong(sixty: number): [number, number] {
  const first = sixty - (sixty % 10); // the 甲 pair that opens the 旬
  const b = mod(first % 12 + 10, 12);
  return [b, (b + 1) % 12];
}
export const xunKongName = (sixty: number): string => xunKong(sixty).map((b) => BRANCHES[b]).join('');

/** the 旬 (e.g. 甲子旬) a pair belongs to */
export const xunName = (sixty: number): string => sixtyName(sixty - (sixty % 10)) + '旬';
