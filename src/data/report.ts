// The data report (`npm run data-report`): what the import did with every file, how school names were resolved
// (with the 学校标识码 conflicts and the top unresolved names), province × year coverage of score lines, rank
// tables, plans and batch lines, and cross-source agreement of score lines. Built from the database alone, as one
// document model rendered twice: Markdown (committed as docs/data-report.md) and a self-contained HTML page.
import type { DB } from '../db/open.ts';
import { NAME_MATCH } from './normalize.ts';
import { AGREEMENT_META_KEY, COVERAGE_MATRIX_META_KEY, COVERAGE_TABLES, agreementSummary, coverageMatrices, metaJson, type CoverageMatrix } from './overview.ts';
import type { Agreement } from './import/agreement.ts';

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

/** Measured once on this bundle when the duplicate rules changed (importer 6 → 7), by comparing the two databases row by row. */
const UNIT_RULE_MEASUREMENT =
  'Importer 6 keyed duplicates by university and campus only, so a programme line (…(与开封大学联合办学), …(较高收费), …(中外合作办学专业), …(医护类)) and the parent\'s line of the same province, year, subject, batch and kind competed, and the earlier or more authoritative one hid the other: 2,334 score lines (2,334 groups of importer 7; 293 of 2021, 1,527 of 2024, 514 of 2025) had no served row although their rows were valid. Importer 7 serves all 2,334 (1,833 liuguanghui, 495 jsoneft and 6 liuxusummer rows); no row served by importer 6 is cleaned or changed, every served row answers byte-identically; admission plans are unchanged (7,241 duplicates either way). Programme rows count with their university as before, so the recent lines of 377 universities (/v1/data/universities/{id}) now include the recovered programme lines, and the spread model was refitted (31,263 year pairs). Still open: rows cleaned as a duplicate of a row of the same file with another score (the "same file, other score" column) share a key that misses what told them apart in the file (a programme written in the group column, e.g. 武汉理工大学 …|中外合作(车辆、金融) against …|普通类; a major listed twice).';

function duplicatesSection(db: DB): ReportSection {
  const rows = (['score_lines', 'admission_plans'] as const).map((t) => {
    const r = db
      .prepare(
        `SELECT COUNT(*) AS losers, COUNT(DISTINCT d.duplicate_of) AS groups, SUM(w.id IS NULL OR w.cleaned = 1) AS unserved,
                SUM(COALESCE(ln.unit, '') <> COALESCE(wn.unit, '')) AS relabelled${t === 'score_lines' ? ', SUM(d.source_file = w.source_file AND d.min_score IS NOT w.min_score) AS same_file' : ', NULL AS same_file'}
         FROM ${t} d LEFT JOIN ${t} w ON w.id = d.duplicate_of
         LEFT JOIN school_names ln ON ln.school_name = d.school_name LEFT JOIN school_names wn ON wn.school_name = w.school_name
         WHERE d.clean_reason IN ('duplicate', 'derived_rank_superseded')`,
      )
      .get() as { losers: number; groups: number; unserved: number | null; relabelled: number | null; same_file: number | null };
    return [t, n(r.losers), n(r.groups), n(r.unserved ?? 0), n(r.relabelled ?? 0), r.same_file === null ? '–' : n(r.same_file)];
  });
  const units = db
    .prepare(
      `SELECT n.unit, COUNT(*) AS rows FROM score_lines s JOIN school_names n ON n.school_name = s.school_name
       WHERE s.cleaned = 0 AND n.unit IS NOT NULL GROUP BY n.unit ORDER BY rows DESC, n.unit LIMIT 25`,
    )
    .all() as Array<{ unit: string; rows: number }>;
  return {
    title: 'Duplicates',
    text: [
      'A row is a duplicate only of a row of the same admission unit (university, campus, and programme: school_names.unit), province, year, subject family, batch, line kind, group and major; the most authoritative source wins (exam authority\'s own file > exam-authority page > university site or OCR of an official PDF > third-party site > jsoneft, then a published rank over a derived one, then the earlier row) and the losers keep duplicate_of = the winner. Only rows still valid after every other cleaning rule take part, so every group has exactly one served row. Two files that publish the same score under different programme labels, where neither file lists both labels, are one line (a copy whose label was dropped or added): "relabelled" counts those.',
      UNIT_RULE_MEASUREMENT,
    ],
    tables: [
      { head: ['table', 'rows cleaned as duplicates', 'groups', 'groups without a served row', 'relabelled copies', 'same file, other score'], rows },
      { head: ['programme unit (served score lines, top)', 'rows'], rows: units.map((u) => [u.unit, n(u.rows)]) },
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
    sections: [fileSection(db), namesSection(db), duplicatesSection(db), coverageSection(db), agreementSection(db)],
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
