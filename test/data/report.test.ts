// The data report from the real database: the sections the issue asks for, the measured conflicts, and an HTML page
// that stands alone (no script, no external resource) with every value escaped.
import { describe, expect, it } from 'vitest';
import { buildReport, reportHtml, reportMarkdown } from '../../src/data/report.ts';
import { realDb } from './helpers.ts';

describe('data report', () => {
  const report = buildReport(realDb());

  it('has the per-file, names, coverage and agreement sections with figures from the database', () => {
    expect(report.sections.map((s) => s.title)).toEqual(['Rows per file', 'School names', 'Duplicates', 'Coverage (served rows, province × year)', 'Cross-source agreement of score lines']);
    const files = report.sections[0].tables[0];
    const read = realDb().prepare("SELECT rows_read FROM import_files WHERE file = 'official_provincial/shandong_regular_batch_first_choice_2021_2025.csv.gz'").pluck().get() as number;
    expect(read).toBe(96347); // official_provincial/README.txt: 96,347 rows
    expect(files.rows.find((r) => r[1] === 'official_provincial/shandong_regular_batch_first_choice_2021_2025.csv.gz')?.[2]).toBe('96,347');
    const conflicts = report.sections[1].tables[1];
    expect(conflicts.rows).toContainEqual(expect.arrayContaining(['东北大学秦皇岛分校', '4121010142', '沈阳工业大学', '东北大学']));
    const unresolved = report.sections[1].tables[2];
    expect(unresolved.rows.length).toBeGreaterThan(10);
    // every duplicate group has its served row; the programme units served include the 河南大学 联合办学 line
    const [groups, units] = report.sections[2].tables;
    expect(groups.rows.map((r) => [r[0], r[3]])).toEqual([['score_lines', '0'], ['admission_plans', '0']]);
    expect(Number(String(groups.rows[0][1]).replaceAll(',', ''))).toBe(realDb().prepare("SELECT COUNT(*) FROM score_lines WHERE clean_reason IN ('duplicate', 'derived_rank_superseded')").pluck().get());
    expect(units.rows.map((r) => r[0])).toContain('中外合作办学');
    const coverage = report.sections[3].tables.map((t) => t.head[0]);
    expect(coverage).toEqual(['score_lines', 'rank_tables', 'admission_plans', 'batch_lines']);
    expect(report.sections[4].text[0]).toMatch(/exact [\d,]+ \([\d.]+ %\), within 2 points/);
  });

  it('renders Markdown tables and a self-contained, escaped HTML page', () => {
    const md = reportMarkdown(report);
    expect(md).toMatch(/^# Data report/);
    expect(md).toContain('| 东北大学秦皇岛分校 | 4121010142 | 沈阳工业大学 | 东北大学 |');
    const html = reportHtml({ title: 'T', intro: ['a < b & "c"'], sections: [{ title: 'S', text: [], tables: [{ head: ['h'], rows: [['<script>x</script>']] }] }] });
    expect(html).toContain('a &lt; b &amp; &quot;c&quot;');
    expect(html).not.toContain('<script>');
    const full = reportHtml(report);
    expect(full).not.toMatch(/<script|<link|src=|@import/);
    expect(full).toContain('<table>');
  });
});
