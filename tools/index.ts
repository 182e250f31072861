// The registry: the only list of site tools. Each later capability adds its tool files here.
import type { SiteTool } from './types.ts';
import { siteAboutTool } from './site_about.ts';
import yijing from './yijing.ts';
import sizhu from './sizhu.ts';
import searchUniversities from './search_universities.ts';
import getUniversity from './get_university.ts';
import searchMajors from './search_majors.ts';
import getMajor from './get_major.ts';
import queryScoreLines from './query_score_lines.ts';
import matchByScore from './match_by_score.ts';
import queryRankTable from './query_rank_table.ts';
import queryAdmissionPlans from './query_admission_plans.ts';
import queryBatchLines from './query_batch_lines.ts';
import queryMajorRankings from './query_major_rankings.ts';
import queryDisciplineEvaluations from './query_discipline_evaluations.ts';
import readNotes from './read_notes.ts';
import randomNote from './random_note.ts';
import searchForum from './search_forum.ts';
import dailyBrief from './daily_brief.ts';
import searchSite from './search_site.ts';
import readPage from './read_page.ts';
import calcConcrete from './calc_concrete.ts';
import calcSteel from './calc_steel.ts';
import calcSteelFrame from './calc_steel_frame.ts';

export const TOOLS: SiteTool[] = [
  siteAboutTool(() => TOOLS),
  yijing,
  sizhu,
  searchUniversities,
  getUniversity,
  searchMajors,
  getMajor,
  queryScoreLines,
  matchByScore,
  queryRankTable,
  queryAdmissionPlans,
  queryBatchLines,
  queryMajorRankings,
  queryDisciplineEvaluations,
  readNotes,
  randomNote,
  searchForum,
  dailyBrief,
  searchSite,
  readPage,
  calcConcrete,
  calcSteel,
  calcSteelFrame,
] as SiteTool[];

const byName = new Map(TOOLS.map((t) => [t.name, t]));

export function findTool(name: string): SiteTool | undefined {
  return byName.get(name);
}
