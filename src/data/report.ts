// The data report (`npm run data-report`): what the import did with every file, how school names were resolved
// (with the 学校标识码 conflicts and the top unresolved names), province × year coverage of score lines, rank
// tables, plans and batch lines, and cross-source agreement of score lines. Built from the database alone, as one
// document model rendered twice: Markdown (committed as docs/data-report.md) and a self-contained HTML page.
import type { DB } from '../db/open.ts';
import { NAME_MATCH } from './normalize.ts';
import { AGREEMENT_META_KEY, COVERAGE_MATRIX_META_KEY, COVERAGE_TABLES, agreementSummary, coverageMatrices, metaJson, type CoverageMatrix } from './overview.ts';
import type { Agreement } from './import/sources/common.ts';

type Cell = string | number | null;
export interface ReportTable {
  head: string[];
  rows: Cell[][];
}
export interface ReportSection {
  title: string;
  text: string[];
  tables: ReportTable[];
}
export interface Report {
  title: string;
  intro: string[];
  sections: ReportSection[];
}

const n = (x: number) => x.toLocaleString('en');
const TOP_UNRESOLVED = 40;

function fileSection(db: DB): ReportSection {
  const files = db.prepare('SELECT file, dataset, rows_read, rows_kept, rows_cleaned, rows_merged, rows_rejected, reasons FROM import_files ORDER BY dataset, file').all() as Array<{
    file: string; dataset: string; rows_read: number; rows_kept: number; rows_cleaned: number; rows_merged: number; rows_rejected: number; reasons: string;
  }>;
  const reasons = (json: string) => {
    const r = JSON.parse(json) as Record<string, Record<string, number>>;
    return Object.entries(r)
      .flatMap(([kind, m]) => Object.entries(m).map(([k, v]) => `${kind} ${k}: ${n(v)}`))
      .join('; ');
  };
  return {
    title: 'Rows per file',
    text: ['Read = data rows of the bundle file; kept = served by default; cleaned = kept but served only with raw=true; merged = folded into another row or table; rejected = unusable.'],
    tables: [{
      head: ['dataset', 'file', 'read', 'kept', 'cleaned', 'merged', 'rejected', 'reasons'],
      rows: files.map((f) => [f.dataset, f.file, n(f.rows_read), n(f.rows_kept), n(f.rows_cleaned), n(f.rows_merged), n(f.rows_rejected), reasons(f.reasons)]),
    }],
  };
}

function namesSection(db: DB): ReportSection {
  const methods = db.prepare('SELECT name_match, COUNT(*) AS names, SUM(rows) AS rows FROM school_names GROUP BY name_match ORDER BY rows DESC').all() as Array<{ name_match: keyof typeof NAME_MATCH; names: number; rows: number }>;
  const conflicts = db
    .prepare(
      `SELECT c.school_name, c.school_code, cu.name AS code_name, u.name AS name_university, c.rows, c.source_file
       FROM name_conflicts c JOIN universities cu ON cu.id = c.code_university_id LEFT JOIN universities u ON u.id = c.university_id
       ORDER BY c.rows DESC, c.school_name`,
    )
    .all() as Array<{ school_name: string; school_code: string; code_name: string; name_university: string | null; rows: number; source_file: string }>;
  const unresolved = db.prepare('SELECT school_name, rows FROM school_names WHERE name_match = ? ORDER BY rows DESC, school_name LIMIT ?').all('unresolved', TOP_UNRESOLVED) as Array<{ school_name: string; rows: number }>;
  const campuses = db.prepare('SELECT campus, COUNT(*) AS rows FROM score_lines WHERE campus IS NOT NULL AND cleaned = 0 GROUP BY campus ORDER BY rows DESC, campus LIMIT 30').all() as Array<{ campus: string; rows: number }>;
  return {
    title: 'School names',
    text: [
      'Every distinct school spelling of the dataset tables, by how it was resolved. A 学校标识码 given next to a name is only compared with the name: where it points to another university, the row keeps its name and is resolved by name (conflicts below; src/data/import/resolve.ts explains why the codes disagree). Non-exact links come from rules (folding, programme and campus suffixes, cut-off 院) or from the reviewed table src/data/import/school-names.csv.',
    ],
    tables: [
      { head: ['method', 'meaning', 'spellings', 'rows'], rows: methods.map((m) => [m.name_match, NAME_MATCH[m.name_match] ?? '', n(m.names), n(m.rows)]) },
      {
        head: ['published name', '学校标识码 given', 'the code names', 'the name resolves to', 'rows', 'file'],
        rows: conflicts.map((c) => [c.school_name, c.school_code, c.code_name, c.name_university ?? '(unresolved)', n(c.rows), c.source_file]),
      },
      { head: ['unresolved name (top)', 'rows'], rows: unresolved.map((u) => [u.school_name, n(u.rows)]) },
      { head: ['campus (served score lines)', 'rows'], rows: campuses.map((c) => [c.campus, n(c.rows)]) },
    ],
  };
}

function matrixTable(m: CoverageMatrix): ReportTable {
  return { head: ['province', ...m.years.map(String)], rows: m.provinces.map((p) => [p.province, ...p.rows.map((x) => (x ? n(x) : '–'))]) };
}

function coverageSection(db: DB): ReportSection {
  const matrices = metaJson<ReturnType<typeof coverageMatrices>>(db, COVERAGE_MATRIX_META_KEY) ?? coverageMatrices(db);
  return {
    title: 'Coverage (served rows, province × year)',
    text: COVERAGE_TABLES.map((t) => `${t}: ${matrices[t].provinces.length} provinces, years ${matrices[t].years[0] ?? '–'}–${matrices[t].years.at(-1) ?? '–'}.`),
    tables: COVERAGE_TABLES.map((t) => ({ ...matrixTable(matrices[t]), head: [t, ...matrixTable(matrices[t]).head.slice(1)] })),
  };
}

function agreementSection(db: DB): ReportSection {
  const stored = metaJson<Agreement>(db, AGREEMENT_META_KEY) ?? [];
  const s = agreementSummary(stored);
  const names = new Map<number, string>();
  const name = (id: number) => {
    if (!names.has(id)) names.set(id, (db.prepare('SELECT name FROM universities WHERE id = ?').pluck().get(id) as string | undefined) ?? String(id));
    return names.get(id)!;
  };
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '–');
  const examples = stored
    .filter((p) => p.examples.length)
    .sort((a, b) => b.keys - a.keys)
    .flatMap((p) => p.examples.slice(0, 4).map((e) => [
      e.line.replace(/\bu(\d{10})(\/\S+)?/, (_m, id, campus) => `${name(Number(id))}${campus ?? ''}`),
      `${e.scores[0]} (${p.sources[0].split('/').pop()} ${e.refs[0]})`,
      `${e.scores[1]} (${p.sources[1].split('/').pop()} ${e.refs[1]})`,
    ]));
  return {
    title: 'Cross-source agreement of score lines',
    text: [
      `Where two files give the same line (${s.basis}): ${n(s.total.lines)} lines; exact ${n(s.total.exact)} (${pct(s.total.exact, s.total.lines)}), within 2 points ${n(s.total.within_2)} (${pct(s.total.within_2, s.total.lines)}), larger ${n(s.total.larger)} (${pct(s.total.larger, s.total.lines)}).`,
    ],
    tables: [
      {
        head: ['source A', 'source B', 'lines', 'exact', 'within 2', 'larger'],
        rows: s.pairs.map((p) => [p.sources[0], p.sources[1], n(p.lines), `${n(p.exact)} (${pct(p.exact, p.lines)})`, `${n(p.within_2)} (${pct(p.within_2, p.lines)})`, `${n(p.larger)} (${pct(p.larger, p.lines)})`]),
      },
      { head: ['line (province year family kind batch school group major)', 'source A', 'source B'], rows: examples },
    ],
  };
}

/** The whole report from a built data database. */
export function buildReport(db: DB): Report {
  const meta = Object.fromEntries((db.prepare('SELECT key, value FROM meta').all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]));
  return {
    title: 'Data report',
    intro: [
      `Built from the data database of importer version ${meta.importer_version ?? '?'}, imported ${meta.completed_at ?? '?'} (data version ${(meta.data_version ?? '').slice(0, 16)}). Regenerate with \`npm run data-report\`.`,
    ],
    sections: [fileSection(db), namesSection(db), coverageSection(db), agreementSection(db)],
  };
}

const mdCell = (c: Cell) => String(c ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function reportMarkdown(r: Report): string {
  const out = [`# ${r.title}`, '', ...r.intro, ''];
  for (const s of r.sections) {
    out.push(`## ${s.title}`, '', ...s.text.flatMap((t) => [t, '']));
    for (const t of s.tables) {
      if (t.rows.length === 0) {
        out.push(`(no ${t.head[0]} rows)`, '');
        continue;
      }
      out.push(`| ${t.head.map(mdCell).join(' | ')} |`, `|${t.head.map(() => '---').join('|')}|`, ...t.rows.map((row) => `| ${row.map(mdCell).join(' | ')} |`), '');
    }
  }
  return out.join('\n');
}

const esc = (c: Cell) => String(c ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One HTML page with inline styles: no script, no external resource. */
export function reportHtml(r: Report): string {
  const body = r.sections
    .map((s) => {
      const tables = s.tables
        .map((t) =>
          t.rows.length === 0
            ? `<p>(no ${esc(t.head[0])} rows)</p>`
            : `<table><thead><tr>${t.head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${t.rows
                .map((row) => `<tr>${row.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`)
                .join('')}</tbody></table>`,
        )
        .join('\n');
      return `<section><h2>${esc(s.title)}</h2>${s.text.map((p) => `<p>${esc(p)}</p>`).join('')}\n${tables}</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(r.title)}</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:1em 0;font-size:12px}th,td{border:1px solid #ccc;padding:2px 6px;text-align:right;vertical-align:top}th{background:#f3f3f3;position:sticky;top:0}td:first-child,th:first-child{text-align:left}section{margin-bottom:2em}</style>
</head><body><h1>${esc(r.title)}</h1>${r.intro.map((p) => `<p>${esc(p)}</p>`).join('')}
${body}
</body></html>
`;
}
