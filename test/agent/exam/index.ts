// The exam: every case, in domain order. `npm run exam` runs it; test/agent/exam.test.ts holds it to a floor.
import { BATCH_A_DATA } from './cases/batch-a-data.ts';
import { BATCH_A_TALK } from './cases/batch-a-talk.ts';
import { BATCH_B_FOLLOWUP } from './cases/batch-b-followup.ts';
import { BATCH_B_NAMES } from './cases/batch-b-names.ts';
import { BATCH_C_DATA } from './cases/batch-c-data.ts';
import { BATCH_C_FOLLOWUP } from './cases/batch-c-followup.ts';
import { BATCH_C_TALK } from './cases/batch-c-talk.ts';
import { BATCH_D_ENGINEERS } from './cases/batch-d-engineers.ts';
import { BATCH_D_FOLLOWUP } from './cases/batch-d-followup.ts';
import { BATCH_D_PARENTS } from './cases/batch-d-parents.ts';
import { CONVERSATION } from './cases/conversation.ts';
import { ENGLISH } from './cases/english.ts';
import { MADEUP } from './cases/madeup.ts';
import { MATCHING } from './cases/matching.ts';
import { RANKINGS_MAJORS } from './cases/rankings-majors.ts';
import { SCORE_LINES } from './cases/score-lines.ts';
import { SITE } from './cases/site.ts';
import { TOOL_CASES } from './cases/tools.ts';
import { UNIVERSITIES } from './cases/universities.ts';
import type { ExamCase } from './types.ts';

export const EXAM: readonly ExamCase[] = [...SCORE_LINES, ...MATCHING, ...RANKINGS_MAJORS, ...UNIVERSITIES, ...TOOL_CASES, ...SITE, ...CONVERSATION, ...ENGLISH, ...MADEUP, ...BATCH_A_DATA, ...BATCH_A_TALK, ...BATCH_B_FOLLOWUP, ...BATCH_B_NAMES, ...BATCH_C_DATA, ...BATCH_C_TALK, ...BATCH_C_FOLLOWUP, ...BATCH_D_PARENTS, ...BATCH_D_ENGINEERS, ...BATCH_D_FOLLOWUP];
