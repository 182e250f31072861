// One real call per registered tool, for the tests that run every tool over every transport (answers are checked
// against each tool's outputSchema, not against expected values: the tools' own tests cite their sources). A tool
// added to the registry needs its entry here.
export const TOOL_CALLS: Record<string, Record<string, unknown>> = {
  site_about: {},
  yijing: { question: '今年考研', seed: 'hello' },
  sizhu: { year: 1990, month: 5, day: 17, hour: 8, minute: 30, sex: 'm' },
  search_universities: { q: '北大' },
  get_university: { name: '哈工大' },
  search_majors: { q: '哲学' },
  get_major: { name: '哲学' },
  query_score_lines: { university_name: '北京大学', province: '河南', year: 2024, page_size: 5 },
  match_by_score: { score: 600, province: '河南', subject_type: '物理', limit: 10 },
  query_rank_table: { province: '河南', year: 2024, score: 600 },
  query_admission_plans: { province: '吉林', year: 2025, page_size: 5 },
  query_batch_lines: { province: '河南', year: 2024 },
  query_major_rankings: { major_name: '哲学', page_size: 5 },
  query_discipline_evaluations: { university_name: '北大', page_size: 5 },
  read_notes: { kind: '记', page_size: 5 },
  random_note: { seed: 'mcp' },
  search_forum: { q: '志愿', full: true, page_size: 5 },
  daily_brief: { date: '2026-11-23' },
  search_site: { q: '志愿' },
  read_page: { slug: 'about' },
  calc_concrete: { kind: 'beam', params: { concrete_grade: 30, steel_grade: 360, moment: 180, b: 250, h: 500 } },
};
