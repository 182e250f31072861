// English questions: answered in English, with the same facts.
import { beamAs, call, match, profile, rankOf, says, schoolLine } from '../checks.ts';
import type { ExamCase } from '../types.ts';

export const ENGLISH: ExamCase[] = [
  { id: 'english-01', domain: 'english', english: true, ask: 'What was the minimum score of 郑州大学 in Henan in 2024 for science students?', checks: [schoolLine('郑州大学', '河南', 2024, '理科')] },
  { id: 'english-02', domain: 'english', english: true, ask: 'what rank is 600 points in henan physics 2025', checks: [rankOf('河南', 2025, 600, '物理')] },
  { id: 'english-03', domain: 'english', english: true, ask: 'Which universities can I get into with 600 in Henan, physics track?', checks: match({ score: 600, province: '河南', subject_type: '物理' }) },
  { id: 'english-04', domain: 'english', english: true, ask: 'Is Peking University a 985 university?', checks: [says(/\byes\b|\bis a 985\b|is one of the 985/i, 'answers yes')] },
  { id: 'english-05', domain: 'english', english: true, ask: 'hi, who are you?', checks: [says(/assistant|site|svc/i, 'introduces the site assistant')] },
  { id: 'english-06', domain: 'english', english: true, ask: 'Design a beam: C30, 250x500 mm, M = 180 kN·m, HRB400. How much steel do I need?', checks: [beamAs({ concrete_grade: 30, steel_grade: 360, moment: 180, b: 250, h: 500 })] },
  { id: 'english-07', domain: 'english', english: true, ask: 'What major is code 080901?', checks: [{ from: call('get_major', { name: '080901' }), paths: ['major.name'] }] },
  { id: 'english-08', domain: 'english', english: true, ask: 'top 10 universities for computer science and technology in china?', checks: [{ from: call('query_major_rankings', { major_name: '计算机科学与技术' }), top: 10, field: 'school_name' }] },
  { id: 'english-09', domain: 'english', english: true, ask: 'Tell me about Harbin Institute of Technology (哈工大)', checks: [profile('哈尔滨工业大学', ['city', 'ranking.ruanke_2026_main'])] },
  { id: 'english-10', domain: 'english', english: true, ask: 'thanks a lot!', checks: [says(/welcome|glad|pleasure|anytime|no problem/i, 'answers the thanks')] },
];
