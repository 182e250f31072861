// English questions: answered in English, with the same facts.
import { batch, beamAs, call, match, pillars, planTotal, profile, rankOf, says, schoolLine } from '../checks.ts';
import type { ExamCase } from '../types.ts';

export const ENGLISH: ExamCase[] = [
  { id: 'english-01', domain: 'english', english: true, ask: 'What was the minimum score of 郑州大学 in Henan in 2024 for science students?', checks: [schoolLine('郑州大学', '河南', 2024, '理科')] },
  { id: 'english-02', domain: 'english', english: true, ask: 'what rank is 600 points in henan physics 2025', checks: [rankOf('河南', 2025, 600, '物理')] },
  { id: 'english-03', domain: 'english', english: true, ask: 'Which universities can I get into with 600 in Henan, physics track?', checks: match({ score: 600, province: '河南', subject_type: '物理' }) },
  { id: 'english-04', domain: 'english', english: true, ask: 'Is Peking University a 985 university?', checks: [profile('北京大学', ['name']), says(/\byes\b|\bis a 985\b|is one of the 985/i, 'answers yes')] },
  { id: 'english-05', domain: 'english', english: true, ask: 'hi, who are you?', checks: [says(/assistant|site|svc/i, 'introduces the site assistant')] },
  { id: 'english-06', domain: 'english', english: true, ask: 'Design a beam: C30, 250x500 mm, M = 180 kN·m, HRB400. How much steel do I need?', checks: [beamAs({ concrete_grade: 30, steel_grade: 360, moment: 180, b: 250, h: 500 })] },
  { id: 'english-07', domain: 'english', english: true, ask: 'What major is code 080901?', checks: [{ from: call('get_major', { name: '080901' }), paths: ['major.name'] }] },
  { id: 'english-08', domain: 'english', english: true, ask: 'top 10 universities for computer science and technology in china?', checks: [{ from: call('query_major_rankings', { major_name: '计算机科学与技术' }), top: 10, field: 'school_name' }] },
  { id: 'english-09', domain: 'english', english: true, ask: 'Tell me about Harbin Institute of Technology (哈工大)', checks: [profile('哈尔滨工业大学', ['city', 'ranking.ruanke_2026_main'])] },
  { id: 'english-10', domain: 'english', english: true, ask: 'thanks a lot!', checks: [says(/welcome|glad|pleasure|anytime|no problem/i, 'answers the thanks')] },
  { id: 'english-11', domain: 'english', english: true, ask: 'How many students does Jilin University (吉林大学) plan to enrol in Jilin in 2026?', checks: [planTotal({ university_name: '吉林大学', province: '吉林', year: 2026 })] },
  { id: 'english-12', domain: 'english', english: true, ask: "what's the 2024 tier-1 cutoff line in henan", checks: [batch({ province: '河南', year: 2024, batch: '本科一批' }, { subject_type: '理科', batch_family: '本科一批' }), batch({ province: '河南', year: 2024, batch: '本科一批' }, { subject_type: '文科', batch_family: '本科一批' })] },
  { id: 'english-13', domain: 'english', english: true, ask: 'Which 985 universities are in Beijing?', checks: [{ from: call('search_universities', { province: '北京', level: '985' }), top: 8, field: 'name' }], invented: 'universities' },
  { id: 'english-14', domain: 'english', english: true, ask: 'BaZi chart for someone born 1990-05-15 08:30, male', checks: [pillars({ year: 1990, month: 5, day: 15, hour: 8, minute: 30, sex: 'm' })] },
  { id: 'english-15', domain: 'english', english: true, ask: 'hello', checks: [says(/hello|hi\b|welcome/i, 'greets back')] },
  { id: 'english-16', domain: 'english', english: true, ask: 'what is the 2025 undergraduate cutoff in sichuan for physics', checks: [batch({ province: '四川', year: 2025, subject_type: '物理' }, { subject_type: '物理类', batch_family: '本科批' })] },
  { id: 'english-17', domain: 'english', english: true, ask: 'How many people scored exactly 600 in Henan physics in 2025?', checks: [{ ...rankOf('河南', 2025, 600, '物理'), fields: ['count_at_score'] }] },
  {
    id: 'english-18',
    domain: 'english',
    english: true,
    ask: 'axial capacity of a 400x400 column, C30, l0 = 4 m, 1256 mm2 of HRB400 bars?',
    checks: [{ from: { calc: 'concrete', body: { kind: 'column', params: { concrete_grade: 30, steel_grade: 360, N: 1, b: 400, h: 400, l0: 4, As: 1256 } } }, paths: ['values.Nu'], tolerance: 0.01 }],
    note: 'no load given: the capacity Nu does not depend on N',
  },
  { id: 'english-19', domain: 'english', english: true, ask: 'Rank for 580 in Shandong 2024?', checks: [rankOf('山东', 2024, 580)] },
  { id: 'english-20', domain: 'english', english: true, ask: 'what is major 080902', checks: [{ from: call('get_major', { name: '080902' }), paths: ['major.name'] }] },
];
