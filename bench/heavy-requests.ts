// The heaviest valid request of each CPU-bound route, for the event-loop test (test/http/event-loop.test.ts) and
// the load benchmark (bench/load.ts): each within the route's documented limits, each seconds of work on a machine
// where a light request takes a millisecond.
import { INPUT_LIMITS } from '../src/agent/request.ts';
import { MAX_DRAWS } from '../src/data/mirofish.ts';
import { regularFrame } from './steel-frame.ts';

export interface HeavyRequest {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** the statuses it may answer with */
  expect: number[];
}

// 50 targets (the most mirofish takes), real universities with lines in 河南
const TARGETS = ['北京大学', '清华大学', '浙江大学', '复旦大学', '上海交通大学', '南京大学', '武汉大学', '中山大学', '四川大学', '山东大学', '郑州大学', '吉林大学', '厦门大学', '南开大学', '天津大学', '同济大学', '东南大学', '湖南大学', '中南大学', '重庆大学', '西安交通大学', '哈尔滨工业大学', '华中科技大学', '北京航空航天大学', '北京理工大学', '中国人民大学', '北京师范大学', '华南理工大学', '大连理工大学', '电子科技大学', '西北工业大学', '兰州大学', '东北大学', '中国农业大学', '中国海洋大学', '华东师范大学', '中央民族大学', '西北农林科技大学', '中国科学技术大学', '苏州大学', '南京航空航天大学', '南京理工大学', '北京交通大学', '北京科技大学', '北京邮电大学', '华北电力大学', '中国矿业大学', '河海大学', '江南大学', '暨南大学'];

/** 2,000 nodes in a row, each also joined to a node far away: no numbering gives a narrow band. */
function wideBandFrame() {
  const n = 2000;
  const nodes = Array.from({ length: n }, (_, i) => ({ id: `n${i}`, x: i % 100, y: Math.floor(i / 100) }));
  const props = { A: 11845, I: 201860000 };
  const members = [
    ...Array.from({ length: n - 1 }, (_, i) => ({ id: `m${i}`, i: `n${i}`, j: `n${i + 1}`, ...props })),
    ...Array.from({ length: 100 }, (_, k) => ({ id: `x${k}`, i: `n${k * 7}`, j: `n${n - 1 - k * 11}`, ...props })),
  ];
  return { nodes, members, supports: [{ node: 'n0', type: 'fixed' }, { node: `n${n - 1}`, type: 'fixed' }], nodal_loads: [{ node: 'n1000', fx: 10 }] };
}

export const HEAVY_REQUESTS: HeavyRequest[] = [
  {
    name: 'chat',
    method: 'POST',
    path: '/v1/chat/completions',
    body: { model: 'svc', messages: [{ role: 'user', content: '北京大学和清华大学哪个好，河南600分能上吗？'.repeat(INPUT_LIMITS.messageChars).slice(0, INPUT_LIMITS.messageChars) }] },
    expect: [200],
  },
  { name: 'steel frame', method: 'POST', path: '/v1/calc/steel-frame', body: { ...regularFrame(10, 15, { checked: true }), samples: 101 }, expect: [200, 400] },
  { name: 'steel frame (wide band)', method: 'POST', path: '/v1/calc/steel-frame', body: wideBandFrame(), expect: [200, 400] },
  { name: 'match_by_score (cold)', method: 'POST', path: '/v1/tools/match_by_score', body: { province: '河南', subject_type: '物理', score: 580, major: '临床医学' }, expect: [200] },
  { name: 'mirofish', method: 'POST', path: '/api/simulation/mirofish', body: { province: '河南', subject_type: '物理', score: 600, targets: TARGETS, draws: MAX_DRAWS }, expect: [200] },
  { name: 'workbench (cold)', method: 'GET', path: `/api/recommendation/match?province=${encodeURIComponent('湖北')}&score=560&subject_type=${encodeURIComponent('物理')}&major=${encodeURIComponent('计算机')}`, expect: [200] },
];
