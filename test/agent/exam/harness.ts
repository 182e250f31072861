// Starts what one exam run needs: the real app on a loopback listener with a freshly issued key, and for the
// upstream engine the loopback OpenAI-protocol model (scripted-model.ts) the app is configured to call.
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { startFakeUpstream, type FakeUpstream } from '../../helpers/fake-upstream.ts';
import { runExam, type CaseResult } from './run.ts';
import { scriptedAnswer } from './scripted-model.ts';
import type { ExamCase } from './types.ts';

export type Engine = 'offline' | 'upstream';

export interface ExamRun {
  results: CaseResult[];
  /** requests the loopback model received (upstream engine only) */
  upstreamRequests: number;
}

/** The official names of the universities in the data (not the abbreviations scraped with score rows), longest first. */
function universityNames(app: TestApp): string[] {
  const rows = app.ctx.dataDb().prepare('SELECT name FROM universities').all() as Array<{ name: string }>;
  return [...new Set(rows.map((r) => r.name).filter((n) => n && n.length >= 4))].sort((a, b) => b.length - a.length);
}

export async function runExamOn(engine: Engine, cases: readonly ExamCase[]): Promise<ExamRun> {
  let model: FakeUpstream | null = null;
  let app: TestApp | null = null;
  try {
    if (engine === 'upstream') {
      model = await startFakeUpstream();
      model.otherwise(scriptedAnswer);
    }
    app = await startTestApp({
      listen: true,
      config: model ? { LLM_API_URL: model.url, LLM_CHAT_MODEL: 'scripted', LLM_API_KEY: 'exam' } : {},
    });
    const results = await runExam({ url: app.url, key: app.key, universities: universityNames(app), siteName: app.ctx.config.siteName }, cases);
    return { results, upstreamRequests: model?.requests.length ?? 0 };
  } finally {
    await app?.close();
    await model?.close();
  }
}
