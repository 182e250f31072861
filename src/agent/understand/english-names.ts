// English names of the universities in the data, generated from their Chinese names the way Chinese universities
// name themselves in English: the place in pinyin (pinyin-pro) and the kind of university translated
// (郑州大学 → Zhengzhou University, 北京邮电大学 → Beijing University of Posts and Telecommunications, 中国矿业大学 →
// China University of Mining and Technology). A form two universities would share (University of Technology is both
// 工业大学 and 理工大学) is kept as ambiguous, never resolved to one; the curated ENGLISH_NAMES come first.
import { pinyin } from 'pinyin-pro';

/** Chinese kind suffix → its English forms; `{P}` is the place. Longest suffix first. */
const KINDS: Array<[string, string[]]> = [
  ['航空航天大学', ['{P} University of Aeronautics and Astronautics']],
  ['电子科技大学', ['{P} University of Electronic Science and Technology', 'University of Electronic Science and Technology of {P}']],
  ['邮电大学', ['{P} University of Posts and Telecommunications']],
  ['科学技术大学', ['University of Science and Technology of {P}', '{P} University of Science and Technology']],
  ['科技大学', ['{P} University of Science and Technology']],
  ['理工大学', ['{P} University of Technology', '{P} Institute of Technology', '{P} University of Science and Technology']],
  ['工业大学', ['{P} University of Technology', '{P} Polytechnic University', '{P} Polytechnical University', '{P} Institute of Technology']],
  ['交通大学', ['{P} Jiaotong University', '{P} Jiao Tong University']],
  ['师范大学', ['{P} Normal University']],
  ['财经大学', ['{P} University of Finance and Economics']],
  ['政法大学', ['{P} University of Political Science and Law']],
  ['中医药大学', ['{P} University of Chinese Medicine', '{P} University of Traditional Chinese Medicine']],
  ['医科大学', ['{P} Medical University']],
  ['药科大学', ['{P} Pharmaceutical University']],
  ['农业大学', ['{P} Agricultural University']],
  ['林业大学', ['{P} Forestry University']],
  ['外国语大学', ['{P} Foreign Studies University', '{P} International Studies University']],
  ['石油大学', ['{P} University of Petroleum']],
  ['矿业大学', ['{P} University of Mining and Technology']],
  ['地质大学', ['{P} University of Geosciences']],
  ['海洋大学', ['{P} Ocean University', 'Ocean University of {P}']],
  ['海事大学', ['{P} Maritime University']],
  ['传媒大学', ['Communication University of {P}', '{P} University of Communication']],
  ['民族大学', ['{P} Minzu University', 'Minzu University of {P}']],
  ['大学', ['{P} University', 'University of {P}']],
];

/** 中国 and 北京 are the names universities use in English; the rest is pinyin of the place, run together. */
/** Regions that universities translate rather than spell (西北工业大学 → Northwestern Polytechnical University). */
const REGIONS: Record<string, string[]> = {
  西北: ['Northwestern', 'Northwest'],
  东北: ['Northeastern', 'Northeast'],
  西南: ['Southwestern', 'Southwest'],
  东南: ['Southeast'],
  华南: ['South China'],
  华东: ['East China'],
  华中: ['Central China', 'Huazhong'],
  华北: ['North China'],
};

/** The place's English forms: 中国 is China, a region is translated (and spelled), the rest is pinyin run together. */
function placeNames(place: string): string[] {
  if (!/^[\u4e00-\u9fff]{1,6}$/.test(place)) return [];
  if (place === '中国') return ['China'];
  const spelled = pinyin(place, { toneType: 'none', type: 'array' }).join('');
  return [...(REGIONS[place] ?? []), spelled];
}

/** A written English name in the form the index keys it by: lower case, single spaces, no punctuation or "the". */
export function englishKey(text: string): string {
  // (a possessive is not part of the name: Sichuan University's lowest score)
  return text.toLowerCase().replace(/['’]s\b/g, '').replace(/[^a-z\s]/g, ' ').replace(/\bthe\b/g, ' ').replace(/\s+/g, ' ').trim();
}

/** English key → the official Chinese names it may mean (one: resolved; several: ambiguous). */
export function englishIndex(officialNames: readonly string[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const name of officialNames) {
    const kind = KINDS.find(([suffix]) => name.endsWith(suffix) && name.length > suffix.length);
    if (!kind) continue;
    for (const place of placeNames(name.slice(0, name.length - kind[0].length))) {
      for (const form of kind[1]) {
        const key = englishKey(form.replace('{P}', place));
        const list = index.get(key) ?? [];
        if (!list.includes(name)) list.push(name);
        index.set(key, list);
      }
    }
  }
  return index;
}

const NAME_WORD = /\b(university|institute|college|polytechnic)\b/gi;

/** Spans of the text that may be an English university name: up to six words around each "University". */
export function englishSpans(text: string): Array<{ start: number; end: number; key: string }> {
  const out: Array<{ start: number; end: number; key: string }> = [];
  const words = [...text.matchAll(/[A-Za-z][A-Za-z'-]*/g)].map((m) => ({ w: m[0], start: m.index, end: m.index + m[0].length }));
  const anchors = new Set<number>();
  words.forEach((w, i) => {
    NAME_WORD.lastIndex = 0;
    if (NAME_WORD.test(w.w)) anchors.add(i);
  });
  for (const a of anchors) {
    for (let from = Math.max(0, a - 6); from <= a; from++) {
      for (let to = Math.min(words.length - 1, a + 7); to >= a; to--) {
        out.push({ start: words[from]!.start, end: words[to]!.end, key: englishKey(words.slice(from, to + 1).map((x) => x.w).join(' ')) });
      }
    }
  }
  // longest first: "Beijing University of Posts and Telecommunications" before "Beijing University"
  return out.sort((x, y) => y.end - y.start - (x.end - x.start));
}
