// `npm run exam`: the assistant's exam (test/agent/exam/). Starts the real app on a loopback listener, sends every
// conversation through /v1/chat/completions with the openai client, checks each answer's facts against the served
// tools and calculators, and prints correct / partly / wrong / refused / invented per domain. The failing cases with
// their answers go to test-artifacts/exam-<engine>.md, one JSON line per case to test-artifacts/exam-<engine>.jsonl.
//   npm run exam                      offline engine (the built-in composer; what a fresh machine serves)
//   npm run exam -- --upstream        also through the upstream engine against the loopback scripted model
//   npm run exam -- --domain score    only the cases of one domain (repeatable); --id score-03 for one case
//   npm run exam -- --all             every answer in the file, correct ones too (to read what passes)
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EXAM } from '../test/agent/exam/index.ts';
import { runExamOn, type Engine } from '../test/agent/exam/harness.ts';
import { report } from '../test/agent/exam/run.ts';
import { answerLength, formProblems, percentile } from '../test/agent/exam/shape.ts';

const { values } = parseArgs({
  options: {
    upstream: { type: 'boolean', default: false },
    'upstream-only': { type: 'boolean', default: false },
    domain: { type: 'string', multiple: true },
    id: { type: 'string', multiple: true },
    all: { type: 'boolean', default: false },
  },
});

const cases = EXAM.filter((c) => (!values.domain?.length || values.domain.includes(c.domain)) && (!values.id?.length || values.id.includes(c.id)));
const engines: Engine[] = values['upstream-only'] ? ['upstream'] : values.upstream ? ['offline', 'upstream'] : ['offline'];
fs.mkdirSync('test-artifacts', { recursive: true });
for (const engine of engines) {
  const started = Date.now();
  const run = await runExamOn(engine, cases);
  const { table, failures } = report(run.results, `exam · ${engine} engine · ${cases.length} cases · ${((Date.now() - started) / 1000).toFixed(1)} s`, values.all);
  const file = path.join('test-artifacts', `exam-${engine}.md`);
  fs.writeFileSync(file, `${table}\n\n${failures}`);
  // One line per case, for comparing two runs (jq, diff) while the assistant changes.
  const rows = run.results.map((r) => ({ id: r.case.id, domain: r.case.domain, grade: r.verdict?.grade ?? 'broken', missing: r.verdict?.missing ?? [], problems: r.verdict?.problems ?? [], invented: r.verdict?.invented ?? [], tools: r.tools }));
  fs.writeFileSync(path.join('test-artifacts', `exam-${engine}.jsonl`), rows.map((x) => JSON.stringify(x)).join('\n') + '\n');
  console.log(`${table}\n`);
  // the form of the answers (issue 30): length, language, internal names
  const lengths = run.results.map((r) => answerLength(r.answer));
  const shape = run.results.flatMap((r) => formProblems(r).map((why) => `${r.case.id}: ${why}`));
  console.log(`answer length p50 ${percentile(lengths, 50)}, p90 ${percentile(lengths, 90)}, max ${percentile(lengths, 100)} characters; over 1,500: ${lengths.filter((n) => n > 1500).length} (${run.results.filter((r) => answerLength(r.answer) > 1500).map((r) => `${r.case.id} ${answerLength(r.answer)}`).slice(0, 12).join(', ')})`);
  if (shape.length) console.log(`form problems (${shape.length}):\n${shape.join('\n')}`);
  console.log(failures.length > 6000 ? `failing cases with their answers: ${file}\n` : `${failures}\n(also in ${file})\n`);
}
