// Batch C (follow-ups and several questions in one message), written by an author who has not read the assistant's
// code (issue 30): the later turn changes one thing — school, family, filter, year, one calculator input, the hour of
// a birth — and everything else the user said is kept.
import { batch, beamAs, call, line, match, pillars, planTotal, rankOf, says, yes } from '../checks.ts';
import { HN, lowestGroup, steel, topOf } from '../checks-more.ts';
import type { ExamCase } from '../types.ts';

export const BATCH_C_FOLLOWUP: ExamCase[] = [
  { id: 'bc-followup-01', domain: 'followup', ask: ['太原理工26年山西物理最低分', '山西大学呢'], checks: [lowestGroup('山西大学', '山西', 2026, '物理', '306')], invented: 'universities',
    note: 'the ordinary lowest group of 山西大学 (its 大同校区 and 专项/定向 groups are listed apart)' },
  { id: 'bc-followup-02', domain: 'followup', ask: ['四川2026物理600分排多少名', '那历史类呢'], checks: [rankOf('四川', 2026, 600, '历史')] },
  { id: 'bc-followup-03', domain: 'followup', ask: ['福建物理位次1万 想留在福建', '那去广东呢'], checks: match({ rank: 10000, province: '福建', subject_type: '物理', university_province: '广东' }), invented: 'universities',
    note: 'the destination changes from 福建 to 广东; the candidate is still a 福建 物理 candidate' },
  { id: 'bc-followup-04', domain: 'followup', ask: ['软科2026机械工程前五', '那车辆工程呢'], checks: [topOf('query_major_rankings', { major_name: '车辆工程', year: 2026 }, 5, 'school_name')], invented: 'universities' },
  { id: 'bc-followup-05', domain: 'followup', ask: ['长春理工2025在吉林物理类招多少人', '历史类呢'], checks: [planTotal({ province: '吉林', year: 2025, university_name: '长春理工大学', subject_type: '历史' })] },
  { id: 'bc-followup-06', domain: 'followup', ask: ['梁300x600 C30 HRB400 M=200 求As', '截面宽度改成250', '再把弯矩改成260'], checks: [beamAs({ moment: 260, b: 250, h: 600, concrete_grade: 30, steel_grade: 360 })],
    note: 'three turns: b changes, then M; h, the grades and everything else are kept' },
  { id: 'bc-followup-07', domain: 'followup', ask: ['HW300x300x10x15 Q355 轴压 N=1800 l0x=6 l0y=3 稳定够吗', '平面外计算长度改成6m'], checks: [steel('compression', { section: HN('HW300x300x10x15'), grade: 'Q355', N: 1800, l0x: 6, l0y: 6 }, ['values.phi', 'governing_ratio'])] },
  { id: 'bc-followup-08', domain: 'followup', ask: ['2001年3月12日早上7点15 女 八字', '搞错了 是晚上7点15'], checks: [pillars({ year: 2001, month: 3, day: 12, hour: 19, minute: 15, sex: 'f' })] },
  { id: 'bc-followup-09', domain: 'followup', ask: ['陕西2026历史本科线多少', '特控线呢'], checks: [batch({ province: '陕西', year: 2026, subject_type: '历史' }, { batch: '特控线' })] },
  { id: 'bc-followup-10', domain: 'followup', ask: ['浙大图灵班2026浙江多少分', '那2025年呢'], checks: [line({ university_name: '浙江大学', province: '浙江', year: 2025, major_name: '图灵', data_type: '专业线' }, { school_name: '浙江大学', major_name: '工科试验班(竺可桢学院图灵班)' })], invented: 'universities' },
  { id: 'bc-followup-11', domain: 'followup', ask: ['上海2026年550分排多少', '那560呢', '600呢'], checks: [rankOf('上海', 2026, 600)] },
  { id: 'bc-followup-12', domain: 'followup', ask: ['焊接工字形 600×250×10×16 Q235 简支梁 M=350 跨度6m 跨中无侧向支撑 上翼缘均布荷载 整体稳定', '跨中加一道侧向支撑再算'],
    checks: [steel('beam', { section: { type: 'welded_i', h: 600, b: 250, tw: 10, tf: 16 }, grade: 'Q235', Mx: 350, ltb: { l1: 3, item: 5 } }, ['values.phi_b', 'governing_ratio'])],
    note: 'one brace at mid-span: l1 = 3 m and Table C.0.1 item 5 (UDL on the top flange, one lateral support at mid-span)' },
  { id: 'bc-followup-13', domain: 'followup', ask: ['中南大学26年湖南物理最低多少', '国家专项的最低呢'],
    checks: [line({ university_name: '中南大学', province: '湖南', year: 2026, subject_type: '物理', data_type: '院校线', page_size: 100 }, { school_name: '中南大学', major_group: '第318组(国家专项)' })], invented: 'universities',
    note: 'its two 国家专项 groups: 319 (610) and 318 (600); the lower is asked' },

  // ── several questions in one message
  { id: 'bc-multipart-01', domain: 'multipart', ask: '四川2026物理本科线多少 600分排多少名', checks: [batch({ province: '四川', year: 2026, subject_type: '物理' }, { batch: '普通类本科批次控制线' }), rankOf('四川', 2026, 600, '物理')] },
  { id: 'bc-multipart-02', domain: 'multipart', ask: '中南大学是985吗 26年在湖南物理最低多少分', checks: [...yes('985'), lowestGroup('中南大学', '湖南', 2026, '物理', '第112组')], invented: 'universities' },
  // 《周易·泰》卦辞：“泰：小往大来，吉亨。”
  { id: 'bc-multipart-03', domain: 'multipart', ask: '泰卦卦辞是啥 顺便用种子 2027 给我起一卦', checks: [says(/小往大来/, '泰卦卦辞 小往大来'), { from: call('yijing', { seed: '2027' }), paths: ['primary_hexagram.name'] }] },
  { id: 'bc-multipart-04', domain: 'multipart', ask: 'C30 250x500 M=150 HRB400 As多少，另外b类λ=70 Q355的φ', checks: [beamAs({ moment: 150, b: 250, h: 500, concrete_grade: 30, steel_grade: 360 }), steel('phi', { lambda: 70, class: 'b', grade: 'Q355' }, ['values.phi'])] },
];
