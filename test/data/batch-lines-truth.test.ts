// The independent author's batch-line, 专科 and rank findings (20:40 UTC) against the real database. Expected values
// come from the bundle:
//   batch_lines/immaotianyi_control_lines_2024_2026.csv.gz (data rows; file line = row + 1):
//     row 155  广东,2025,本科,本科,物理类,总分,436                       the ordinary 本科 line
//     row 159  广东,2025,本科,本科,表,专业省统考,220                     表(导)演类 (the file cut the name at 「（」)
//     row 173  广东,2025,专科,专科,表,专业省统考,205
//     row 180  广东,2025,消防本科,消防本科,物理类,总分,534               a special line, never the 本科 line
//     row 263  重庆,2025,普通类,本科批,物理类,总分,425
//     row 264  重庆,2025,普通类,特殊类型资格线,物理类,总分,498
//     row 265  重庆,2025,普通类,专科批,物理类,总分,180
//   score_lines/liuguanghui_score_lines.csv.gz line 1859 (ref 2024-ah-voc-official-5d35a2e68177d64a): 安徽 2024 物理
//     普通高职（专科）批 池州职业技术学院 336 / rank 2303; the same file's lines at 333 carry ranks 286,012–286,978 and
//     the bundle has no 安徽 2024 一分一段 table to check it against.
import { describe, expect, it } from 'vitest';
import { batchLineQuerySchema, queryBatchLines } from '../../src/data/batch-lines.ts';
import { matchByScore, matchSchema } from '../../src/data/match.ts';
import { dataAudit } from '../../src/data/audit.ts';
import { parse, realDb, walk } from './helpers.ts';

const batches = (raw: Record<string, unknown>) => walk((page) => queryBatchLines(realDb(), parse(batchLineQuerySchema, { ...raw, page, page_size: 100 }))).rows;
const match = (raw: Record<string, unknown>) => matchByScore(realDb(), parse(matchSchema, raw));

describe('batch lines are the line they claim', () => {
  it('广东 2025 物理 「本科」 is the ordinary 436, not 消防本科 534 (which is a 特殊类型 line of its own)', () => {
    expect(batches({ province: '广东', year: 2025, subject_type: '物理类', batch: '本科' }).map((r) => r.score)).toEqual([436]);
    expect(batches({ province: '广东', year: 2025, subject_type: '物理类', batch: '消防本科' })).toContainEqual(expect.objectContaining({ batch: '消防本科', score: 534, batch_family: '特殊类型' }));
  });

  it('广东 2025 「表」 rows are the 表(导)演类 art lines (220 本科, 205 专科), never an ordinary batch', () => {
    const rows = realDb().prepare("SELECT subject_type, subject_type_raw, subject_family, batch_family, score FROM batch_lines WHERE province = '广东' AND year = 2025 AND subject_type_raw = '表' ORDER BY score DESC").all();
    expect(rows).toEqual([
      { subject_type: '表(导)演类', subject_type_raw: '表', subject_family: '艺术', batch_family: '艺术体育', score: 220 },
      { subject_type: '表(导)演类', subject_type_raw: '表', subject_family: '艺术', batch_family: '艺术体育', score: 205 },
    ]);
  });

  it('重庆 2025 物理: 本科批 425, 特殊类型资格线 498, 专科批 180 (the batch column, not the 「普通类」 section)', () => {
    expect(batches({ province: '重庆', year: 2025, subject_type: '物理', batch: '本科' }).map((r) => r.score)).toEqual([425]);
    expect(batches({ province: '重庆', year: 2025, subject_type: '物理', batch: '专科' }).map((r) => r.score)).toEqual([180]);
    expect(batches({ province: '重庆', year: 2025, subject_type: '物理', batch: '特殊类型' }).map((r) => r.score)).toContain(498);
  });

  it('the audit counts no special line classed as ordinary and no ordinary batch served twice', () => {
    const checks = Object.fromEntries(dataAudit(realDb()).map((c) => [c.id, c]));
    expect(checks.batch_lines_special_as_ordinary.count).toBe(0);
    expect(checks.batch_lines_ordinary_served_twice.detail).toEqual([]);
  });
});

describe('ranks and 专科 in match_by_score', () => {
  it('池州职业技术学院 336 / 2303 (安徽 2024 物理 专科) is flagged: its rank breaks its file\'s score order', () => {
    const r = realDb().prepare("SELECT min_score, min_rank, rank_off_table FROM score_lines WHERE source_ref = '2024-ah-voc-official-5d35a2e68177d64a'").get();
    expect(r).toEqual({ min_score: 336, min_rank: 2303, rank_off_table: 1 });
  });

  it('安徽 物理 600 lists no 专科 school as 冲', () => {
    const res = match({ province: '安徽', subject_type: '物理类', score: 600, limit: 100 });
    expect(res.items.length).toBeGreaterThan(0);
    expect(res.items.filter((i) => i.label === '冲' && i.level === '专科').map((i) => i.school_name)).toEqual([]);
  });

  it('level 专科 finds 河南 专科 schools (their lines are 专业组线 while most 河南 schools have 院校线)', () => {
    const res = match({ province: '河南', subject_type: '理科', score: 450, level: '专科' });
    expect(res.items.length).toBeGreaterThan(0);
    expect(res.items.every((i) => i.level === '专科')).toBe(true);
  });

  it('山东 has no served 专科 line (jsoneft 2024 专科 rows carry no score): the answer says so, naming 专科', () => {
    const res = match({ province: '山东', score: 450, level: '专科' });
    expect(res.items).toEqual([]);
    expect(res.summary).toContain('专科院校');
  });
});
