import { frameRequest } from '../src/calc/steel/frame/index.ts';
import { offload } from '../src/offload/pool.ts';
import { frameOutput } from '../src/calc/steel/frame/output.ts';
import { defineTool, READ_ONLY } from './types.ts';
import { col, fmt, say } from '../src/agent/voice.ts';
import type { z } from 'zod';

type FrameResult = z.output<typeof frameOutput>;
type Reaction = FrameResult['reactions'][number];

export default defineTool({
  name: 'calc_steel_frame',
  title: '平面钢框架分析与验算 · Plane steel frame analysis',
  description:
    '平面刚架（框架、连续梁、桁架）一阶线弹性分析，直接刚度法（带状求解器）：输入节点（m）、杆件（A mm²、I mm⁴、E，可设端部铰接）、支座（fixed 固定、pinned 铰支、roller 滚动，可给倾角）与荷载（节点力 kN、kN·m；杆件均布 kN/m 与集中力 kN），返回节点位移（mm、rad）、支座反力、杆端力与沿杆的 M/V/N 与挠度及其极值和位置、各层二阶效应系数 θ（GB 50017-2017 第 5.1.6 条，作为提示）。给出 load_cases（G 恒、Q 活、W 风（每个风向一个工况）、S 雪）并在荷载上标 case 时，按 GB 55001-2021 自动组合（含自重 ρAg），返回各杆内力包络、控制组合、挠度与风荷载层间位移验算（附录 B）；柱计算长度按附录 E 求 μ。几何可变或输入有误时指出是哪个节点或字段。设计符号：N 受拉为正，M 使局部 −y 侧受拉为正（水平梁下侧受拉为正）。用户要求计算框架、刚架、连续梁或桁架的内力、弯矩图、位移或反力时调用。\n' +
    'First-order linear elastic analysis of a plane frame (portal and multi-storey frames, continuous beams, trusses) by the direct stiffness method with a banded solver: nodes (m), members (A mm², I mm⁴, E; end hinges), supports (fixed, pinned, roller with an optional angle) and loads (nodal kN and kN·m; member UDL kN/m and point kN) give nodal displacements (mm, rad), reactions, member end forces, M/V/N and deflection along each member with extremes and their positions, and the storey drift ratio θ of GB 50017-2017 5.1.6 as a warning. With load_cases (G, Q, W per direction, S) and a case on each load it combines them by GB 55001-2021 (self-weight ρAg included) and returns the envelope of each member, the governing combination, deflection and wind-drift checks (Appendix B); column effective lengths come from Appendix E. An unstable model or a bad field is refused naming the node or field. Design signs: N > 0 tension, M > 0 with the local −y side in tension (sagging on a left-to-right beam).',
  inputSchema: frameRequest,
  outputSchema: frameOutput,
  annotations: READ_ONLY,
  examples: [
    '门式刚架：柱高 4 m、跨度 6 m，柱底固定，梁上均布荷载 20 kN/m，求弯矩图和柱底反力',
    '两跨连续梁每跨 6 m，均布荷载 10 kN/m，支座弯矩是多少？',
    '三杆桁架节点受 100 kN 竖向荷载，求各杆轴力与节点位移',
    'Analyse a fixed-base portal frame, 4 m columns and a 4 m beam, with 10 kN lateral load at the beam level',
  ],
  tags: ['calculator', 'steel', 'structure', 'frame'],
  keywords: ['刚架', '框架内力', '平面框架', '门式刚架', '连续梁', '桁架', '矩阵位移法', '直接刚度法', '弯矩图', '剪力图', '轴力图', '支座反力', '节点位移', 'plane frame', 'portal frame', 'continuous beam', 'truss', 'frame analysis', 'direct stiffness'],
  // bounded by what it costs and solved on a worker thread (src/offload, frame-cost.ts): never on the event loop
  async handler(args, ctx) {
    return JSON.parse(await offload(ctx.config.dataDb, 'calc_steel_frame', args)) as FrameResult;
  },
  answer: {
    // the analysis's own summary (extremes, governing member), then the reactions; the diagrams are on the page
    lead: (r: FrameResult, c) => say(c.lang, r.summary, `${r.title.split(' · ')[1] ?? r.title}: ${r.summary}`),
    isEmpty: () => false,
    rows: (r: FrameResult) => r.reactions as unknown as Array<Record<string, unknown>>,
    columns: [
      col<Reaction>('支座节点', 'support node', 'node'),
      col<Reaction>('Rx kN', 'Rx kN', (x) => fmt(x.rx)),
      col<Reaction>('Ry kN', 'Ry kN', (x) => fmt(x.ry)),
      col<Reaction>('Mz kN·m', 'Mz kN·m', (x) => fmt(x.mz)),
    ],
    notes(r: FrameResult, c) {
      // a warning is written 「中文 · English」: the answer's language only
      const out = r.warnings.map((w) => `⚠ ${w.message.split(/\s+·\s+|(?<=[）)])·\s*/)[c.lang === 'en' ? 1 : 0] ?? w.message}（${w.clause}）`);
      out.push(say(c.lang, `依据 ${r.code}（一阶线弹性分析）。弯矩、剪力、轴力图与各杆验算见 /tools/steel-frame。`, `Per ${r.code} (first-order linear analysis). Diagrams and member checks: /tools/steel-frame.`));
      return out;
    },
  },
});
