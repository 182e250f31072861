// Rank tables whose copies disagree (issue 22): a rule decides which copy is wrong where it can, and the audit says
// which tables are resolved and which stay open. Cited rows:
//   immaotianyi_yifenyiduan_2024_2026.csv line 630: 四川,2024,历史类,本科批,550,316,10640
//   liuguanghui_rank_tables.csv line 70131: 四川,2024,文科,,550,,,316,10489,10804,official-sichuan-rank-…
//   jsoneft_2024_admission_data.csv line 5469: 四川,2024,文科,本科第一批,3304,宁波诺丁汉大学,… 550, rank 10804
//   rank_tables/README.txt: "山西 2025 appears twice (official + dxsbb source_id) -> dedupe by preferring … official-";
//   liuxusummer "江苏 2025 has 2 glitches".
import { describe, expect, it } from 'vitest';
import { dataAudit } from '../../src/data/audit.ts';
import { RANK_AGREEMENT_META_KEY } from '../../src/data/overview.ts';
import { judgeRankDisagreements } from '../../src/data/rank-verdict.ts';
import { realDb } from './helpers.ts';

const verdicts = () => judgeRankDisagreements(realDb(), JSON.parse(realDb().prepare('SELECT value FROM meta WHERE key = ?').pluck().get(RANK_AGREEMENT_META_KEY) as string));
const of = (table: string) => verdicts().filter((v) => v.table === table);

describe('disagreeing rank tables', () => {
  it('四川 2024 历史: the immaotianyi copy (550 → 10,640) is wrong by the published ranks (jsoneft 宁波诺丁汉大学 550 at 10,804, the official table\'s 550)', () => {
    const [v] = of('四川|2024|历史|');
    expect(v).toMatchObject({ status: 'resolved', wrong: 'rank_tables/immaotianyi_yifenyiduan_2024_2026.csv.gz', wrong_served: false });
    expect(v.reason).toMatch(/^published ranks: /);
    const served = v.evidence.find((e) => e.served)!;
    expect(served.copy).toMatch(/^rank_tables\/liuguanghui_rank_tables\.csv\.gz \(official-sichuan/);
    expect(served.ranks_off_band).toBeLessThan(v.evidence.find((e) => !e.served)!.ranks_off_band);
  });

  it('山西 2025 物理 and 江苏 2025 物理: the copy with falling or inconsistent cumulative counts is wrong (the README\'s third-party 山西 copy; liuxusummer 江苏 2025 glitches)', () => {
    expect(of('山西|2025|物理|')[0]).toMatchObject({ status: 'resolved', wrong: 'rank_tables/liuguanghui_rank_tables.csv.gz (third-party-rank-conversion-summary)', wrong_served: false });
    const [js] = of('江苏|2025|物理|');
    expect(js).toMatchObject({ status: 'resolved', wrong: 'rank_tables/liuxusummer_rank_tables.csv.gz (unverified)' });
    expect(js.reason).toMatch(/^consistency: /);
  });

  it('a table no rule decides stays open with its reason, never a silent pick; no served copy is judged wrong; the audit prints both counts', () => {
    const all = verdicts();
    for (const v of all) {
      expect(['resolved', 'open']).toContain(v.status);
      expect(v.reason.length).toBeGreaterThan(0);
      if (v.status === 'open') expect(v.wrong).toBeNull();
    }
    // 四川 2026: no published ranks of that year to compare with
    expect(of('四川|2026|物理|')[0]).toMatchObject({ status: 'open', wrong: null });
    const audit = Object.fromEntries(dataAudit(realDb()).map((c) => [c.id, c]));
    expect(audit.rank_tables_disagreeing_resolved.count + audit.rank_tables_disagreeing_open.count).toBe(audit.rank_tables_disagreeing.count);
    expect(audit.rank_tables_disagreeing_resolved.count).toBe(all.filter((v) => v.status === 'resolved').length);
    expect(audit.rank_tables_wrong_copy_served.count).toBe(0);
  });
});
