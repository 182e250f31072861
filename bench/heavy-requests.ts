// The heaviest valid request of each CPU-bound route, for the event-loop test (test/http/event-loop.test.ts) and
// the load benchmark (bench/load.ts): each within the route's documented limits, each seconds of work on a machine
// where a light request takes a millisecond.
import { INPUT_LIMITS } from '../src/agent/request.ts';
import { MAX_DRAWS } from '../src/data/mirofish.ts';
import { LIMITS as FRAME_LIMITS } from '../src/calc/steel/frame/schema.ts';
import { regularFrame } from './steel-frame.ts';

export interface HeavyRequest {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** the statuses it may answer with */
  expect: number[];
  /** requests just past the route's documented bound on this input, each refused before any engine runs with the
   * status and the field named; none when the input has no size of its own (a score, a province) */
  over: Array<{ what: string; path?: string; body: unknown; status: number; param: string }>;
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

const CHAT_QUESTION = '北京大学和清华大学哪个好，河南600分能上吗？';
const text = (chars: number) => CHAT_QUESTION.repeat(Math.ceil(chars / CHAT_QUESTION.length)).slice(0, chars);
/** A conversation of `turns` messages of `chars` characters each, the last the user's. */
const chatBody = (chars: number, turns = 1) => ({ model: 'svc', messages: Array.from({ length: turns }, (_, i) => ({ role: (turns - i) % 2 ? 'user' : 'assistant', content: text(chars) })) });
/** The most a chat request takes: as many full messages as the request's limit holds. */
const CHAT_TURNS = Math.floor(INPUT_LIMITS.requestChars / INPUT_LIMITS.messageChars);
const MIROFISH = { province: '河南', subject_type: '物理', score: 600, targets: TARGETS, draws: MAX_DRAWS };
const steelFrame = { ...regularFrame(10, 15, { checked: true }), samples: FRAME_LIMITS.samples.max };

export const HEAVY_REQUESTS: HeavyRequest[] = [
  {
    name: 'chat',
    method: 'POST',
    path: '/v1/chat/completions',
    body: chatBody(INPUT_LIMITS.messageChars, CHAT_TURNS),
    expect: [200],
    over: [
      { what: 'one character past a message', body: chatBody(INPUT_LIMITS.messageChars + 1), status: 413, param: 'messages.0.content' },
      { what: 'one message past the request', body: chatBody(INPUT_LIMITS.messageChars, CHAT_TURNS + 1), status: 413, param: 'messages' },
      { what: 'the anonymous chat, one character past', path: '/llm/chat', body: { message: '中'.repeat(INPUT_LIMITS.messageChars + 1) }, status: 413, param: 'message' },
    ],
  },
  {
    name: 'steel frame',
    method: 'POST',
    path: '/v1/calc/steel-frame',
    body: steelFrame,
    expect: [200, 400],
    over: [{ what: 'one sample past the most', body: { ...steelFrame, samples: FRAME_LIMITS.samples.max + 1 }, status: 400, param: 'samples' }],
  },
  {
    name: 'steel frame (wide band)',
    method: 'POST',
    path: '/v1/calc/steel-frame',
    body: wideBandFrame(),
    expect: [200, 400],
    over: [{ what: 'one node past the most', body: { ...wideBandFrame(), nodes: Array.from({ length: FRAME_LIMITS.nodes + 1 }, (_, i) => ({ id: `n${i}`, x: i, y: 0 })) }, status: 400, param: 'nodes' }],
  },
  { name: 'match_by_score (cold)', method: 'POST', path: '/v1/tools/match_by_score', body: { province: '河南', subject_type: '物理', score: 580, major: '临床医学' }, expect: [200], over: [] },
  {
    name: 'mirofish',
    method: 'POST',
    path: '/api/simulation/mirofish',
    body: MIROFISH,
    expect: [200],
    over: [
      { what: 'one target past the most', body: { ...MIROFISH, targets: [...TARGETS, '南昌大学'] }, status: 400, param: 'targets' },
      { what: 'one draw past the most', body: { ...MIROFISH, draws: MAX_DRAWS + 1 }, status: 400, param: 'draws' },
    ],
  },
  { name: 'workbench (cold)', method: 'GET', path: `/api/recommendation/match?province=${encodeURIComponent('湖北')}&score=560&subject_type=${encodeURIComponent('物理')}&major=${encodeURIComponent('计算机')}`, expect: [200], over: [] },
];
