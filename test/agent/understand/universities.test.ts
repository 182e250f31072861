// University mentions against the real data database: the expected official names are rows of `universities`
// (queried here), the nicknames are the maintained list's, and a name the data lacks stays as written.
import { describe, expect, it } from 'vitest';
import { findUniversities } from '../../../src/agent/understand/universities.ts';
import { AMBIGUOUS_ALIASES, CHAT_ALIASES } from '../../../src/agent/understand/university-aliases.ts';
import { normalizeSchoolName } from '../../../src/data/normalize.ts';
import { realDb } from '../../data/helpers.ts';

const official = (name: string) => realDb().prepare('SELECT name FROM universities WHERE name_key = ?').pluck().get(normalizeSchoolName(name)) as string | undefined;

describe('findUniversities', () => {
  it('every nickname and every candidate of the maintained list is a university of the data', () => {
    for (const target of [...Object.values(CHAT_ALIASES), ...Object.values(AMBIGUOUS_ALIASES).flat()]) {
      const name = target.replace(/\(.*\)$/, '');
      expect(official(name), target).toBeDefined();
    }
  });

  it('resolves nicknames to the official name and keeps names the data itself resolves as written', () => {
    const found = findUniversities('上交和哈工大哪个好', realDb());
    expect(found.map((u) => [u.written, u.name])).toEqual([
      ['上交', official('上海交通大学')],
      ['哈工大', '哈工大'],
    ]);
    expect(found[1]!.official).toBe(official('哈尔滨工业大学'));
  });

  it('offers every candidate of a shared short name instead of choosing one', () => {
    const [hs] = findUniversities('华师的分数线', realDb());
    expect(hs).toMatchObject({ how: 'ambiguous', official: null });
    expect(hs!.candidates.sort()).toEqual(['华东师范大学', '华中师范大学', '华南师范大学'].map((n) => official(n)).sort());
  });

  it('reads a one-character typo as the one official name it is near', () => {
    expect(findUniversities('郑洲大学怎么样', realDb())).toMatchObject([{ written: '郑洲大学', name: official('郑州大学'), how: 'typo' }]);
  });

  it('keeps an unknown name as written, in Chinese and English', () => {
    expect(findUniversities('火星理工大学怎么样', null)).toMatchObject([{ name: '火星理工大学', how: 'unknown' }]);
    expect(findUniversities('霍格沃茨魔法学校在河南招多少人', realDb())).toMatchObject([{ name: '霍格沃茨魔法学校', how: 'unknown' }]);
    expect(findUniversities('What was the cutoff of Springfield University in Henan 2024?', realDb())).toMatchObject([{ name: 'Springfield University', how: 'unknown' }]);
    expect(findUniversities('Is Peking University a 985 university?', realDb())).toMatchObject([{ name: official('北京大学') }]);
  });

  it('does not read ordinary words or province names as short names', () => {
    for (const text of ['东南亚的大学', '重大变化', '河南理科600分', '广东大学生', '江苏有啥师范大学']) expect(findUniversities(text, realDb()), text).toEqual([]);
  });

  it('finds a campus written without brackets, and a shared parent name is ambiguous', () => {
    expect(findUniversities('中国地质大学武汉', realDb())).toMatchObject([{ name: official('中国地质大学（武汉）') }]);
    expect(findUniversities('中国地质大学', realDb())[0]!.candidates).toHaveLength(2);
  });
});
