// The built-in composer (no upstream model): joins the parts of a turn into one answer. Each tool says its own
// result (its `answer` declaration in tools/*.ts: the answer sentence with the asked figures, the columns that
// matter, how "nothing found" is said); this module only puts the parts together — several tools, a part that
// could not be answered said plainly, greetings, questions for missing arguments — and adds the rows' data years
// and sources, named by publisher and title. A tool without a declaration gets the generic table. Nothing here
// knows a fact of its own: a result that found nothing is said to be not in the data.
import type { Config } from '../config.ts';
import { sourceTitle } from '../data/sources.ts';
import type { AnswerColumn, AnswerContext, AnswerLang, SiteTool, ToolAnswer } from '../../tools/types.ts';
import type { FieldInfo } from './tool-fields.ts';
import type { AnswerFacets } from './facets.ts';
import { knowledgeText, type Knowledge } from './knowledge.ts';
import type { ToolOutcome } from './tools.ts';
import { fmt, say } from './voice.ts';

/** Rows shown when the user named no number: a phone shows about ten table rows; the rest are a link away. */
const MAX_ROWS = 10;
/** Characters of an answer part when the user named no number of rows (issue 30: answers a phone can read). */
export const ANSWER_BUDGET = 1500;
const MAX_TEXT = 800;

type Row = Record<string, unknown>;

// The generic table's columns (tools without an answer declaration), in this order.
const COLUMNS: Array<[string, string, string]> = [
  ['label', '冲稳保', 'tier'],
  ['university_name', '院校', 'university'],
  ['school_name', '院校', 'university'],
  ['name', '名称', 'name'],
  ['title', '标题', 'title'],
  ['province', '省份', 'province'],
  ['city', '城市', 'city'],
  ['year', '年份', 'year'],
  ['subject_type', '科类', 'subject'],
  ['batch', '批次', 'batch'],
  ['data_type', '线别', 'line'],
  ['major_name', '专业', 'major'],
  ['discipline_name', '学科', 'discipline'],
  ['code', '代码', 'code'],
  ['score', '分数', 'score'],
  ['cumulative_rank', '累计位次', 'rank'],
  ['min_score', '最低分', 'lowest score'],
  ['min_rank', '最低位次', 'lowest rank'],
  ['plan_count', '计划数', 'places'],
  ['grade', '等级', 'grade'],
  ['rank', '名次', 'rank'],
  ['level', '层次', 'level'],
  ['type', '类型', 'type'],
];

function flatten(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [k2, v2] of Object.entries(v as Row)) if (!(k2 in out) && !(k2 in row)) out[k2] = v2;
    } else out[k] = v;
  }
  return out;
}

/** Bundle file paths (score_lines/liuguanghui_score_lines.csv.gz) named by their publisher and title instead. */
export function withoutInternalPaths(text: string): string {
  return text.replace(/(?:[\w.-]+\/)*[\w.-]+\.(?:csv|gz|xlsx?|parquet|db)(?:\.gz)?\b/g, (file) => `《${sourceTitle(file)}》`);
}

function cell(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.join('、') || '—';
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (typeof v === 'number') return fmt(v);
  return cleanLabel(withoutInternalPaths(String(v))).replace(/\|/g, '/').replace(/\s+/g, ' ').slice(0, 80);
}

/**
 * A label as a person reads it: a source's tags after a name (天津大学[公办]) and a stray bracket of a group number
 * (专业组线（2]）) are left out; the data rows keep them as published.
 */
export function cleanLabel(text: string): string {
  return text.replace(/(?<=[\u4e00-\u9fff）)])\[(?:公办|民办|中外合作|独立学院|本科|专科)\]/g, '').replace(/(?<=[（(])(\d{1,3})\](?=[）)])/g, '$1').replace(/(?<=\s|^)(\d{1,3})\](?=\s|$)/g, '$1');
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && !v.length);

/** A markdown table of `rows` with the given columns, leaving out the columns no row has a value for. */
export function columnsTable(rows: Row[], columns: AnswerColumn[], lang: AnswerLang): string {
  const cols = columns.filter((c) => rows.some((r) => present(c.cell(r, lang))));
  if (!cols.length || !rows.length) return '';
  const lines = [`| ${cols.map((c) => (lang === 'en' ? c.en : c.zh)).join(' | ')} |`, `|${cols.map(() => ' --- ').join('|')}|`];
  for (const r of rows) lines.push(`| ${cols.map((c) => cell(c.cell(r, lang))).join(' | ')} |`);
  return lines.join('\n');
}

/** The generic table: the rows' own fields in a fixed order (for a tool that declares no columns). */
export function rowsTable(rows: Row[], lang: AnswerLang = 'zh'): string {
  const flat = rows.map(flatten);
  const seen = new Set<string>();
  const cols: AnswerColumn[] = [];
  for (const [k, zh, en] of COLUMNS) {
    if (seen.has(zh) || !flat.some((r) => present(r[k]))) continue;
    seen.add(zh);
    cols.push({ zh, en, cell: (r: Row) => r[k] });
  }
  return columnsTable(flat, cols, lang);
}

/** The rows of a result: the list's `items`, else (lookups) the first non-empty array of objects one level down. */
function rowsOf(result: Row): Row[] {
  if (Array.isArray(result.items)) return result.items as Row[];
  if (result.found !== true) return [];
  for (const v of Object.values(result)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const w of Object.values(v as Row)) if (Array.isArray(w) && w.length && typeof w[0] === 'object' && w[0] !== null) return w as Row[];
    }
  }
  return [];
}

/** Data years and sources of the rows shown: sources by publisher and title, and the official pages they cite. */
export function provenance(result: Row, rows: Row[], lang: AnswerLang): string {
  const years = new Set<number>();
  const titles = new Set<string>();
  const urls = new Set<string>();
  const visit = (o: Row, depth: number) => {
    if (typeof o.year === 'number' && depth > 0) years.add(o.year);
    for (const key of ['source_file', 'file']) {
      const v = o[key];
      if (typeof v === 'string' && /\.(csv|gz|json)/.test(v)) titles.add(sourceTitle(v));
    }
    // `url` is a source's page only inside a source object ({file, ref, url}); elsewhere it is a link of the site.
    const url = o.source_url ?? (typeof o.file === 'string' ? o.url : undefined);
    // a web page with a real host; a bundle file written as a URL is a source title, not a page to open
    if (typeof url === 'string' && /^https?:\/\/[\w-]+(\.[\w-]+)+(?:[/?#]\S*)?$/.test(url) && !/\.(csv|gz|json|xlsx?)$/i.test(url)) urls.add(url);
    if (depth >= 3) return;
    for (const v of Object.values(o)) {
      if (Array.isArray(v)) for (const x of v.slice(0, 5)) if (x && typeof x === 'object' && !Array.isArray(x)) visit(x as Row, depth + 1);
      if (v && typeof v === 'object' && !Array.isArray(v)) visit(v as Row, depth + 1);
    }
  };
  for (const r of rows) visit(r, 1);
  if (typeof result.year === 'number') years.add(result.year);
  for (const key of ['rank', 'source']) {
    const v = result[key];
    if (v && typeof v === 'object' && !Array.isArray(v)) visit(v as Row, 1);
  }
  const parts: string[] = [];
  if (years.size) parts.push(say(lang, `数据年份：${[...years].sort().join('、')}`, `Data year: ${[...years].sort().join(', ')}`));
  if (titles.size) parts.push(say(lang, `来源：${[...titles].slice(0, 3).join('；')}`, `Source: ${[...titles].slice(0, 3).join('; ')}`));
  if (urls.size) parts.push(say(lang, `原始页面：${[...urls][0]}`, `Published at: ${[...urls][0]}`));
  return parts.join(lang === 'en' ? '. ' : '；');
}

/** Removes the paging hint a tool's summary gives API callers (an answer never tells a person to send page=2). */
export function withoutPaging(text: string): string {
  return text.replace(/[，,；;]?\s*还有更多：page=\d+/g, '').replace(/[；;，,]?\s*第 \d+ 页/g, '');
}

const NOTHING_GUESSED: Record<AnswerLang, string> = {
  zh: '（查不到即不在本站数据中，不做推测。）',
  en: '(Not in the data: what the site does not hold is not guessed.)',
};

function toolTitle(tool: SiteTool | undefined, name: string, lang: AnswerLang): string {
  if (!tool) return name;
  const [zh, en] = tool.title.split(' · ');
  return lang === 'en' ? (en ?? zh!) : zh!;
}

function isEmptyResult(r: Row): boolean {
  return r.found === false || (typeof r.count === 'number' && r.count === 0);
}

/** A result said by its tool's declaration, fitted to the answer's length budget (fewer rows, never fewer figures). */
function declaredText(answer: ToolAnswer, r: Row, c: AnswerContext): string {
  if (answer.isEmpty ? answer.isEmpty(r) : isEmptyResult(r)) {
    const text = answer.empty ? answer.empty(r, c) : answer.lead(r, c);
    return (c.lang === 'en' ? /not in the data/i : /不在本站数据中|不做推测/).test(text) ? text : `${text}\n\n${NOTHING_GUESSED[c.lang]}`;
  }
  // 「前30」 is thirty rows whatever the length; otherwise at most MAX_ROWS, fewer while the answer is over budget
  if (c.count) return declaredWith(answer, r, { ...c, limit: c.count });
  let text = '';
  for (const limit of [MAX_ROWS, 7, 5, 3]) {
    text = declaredWith(answer, r, { ...c, limit });
    if ([...text].length <= (c.budget ?? ANSWER_BUDGET)) break;
  }
  return text;
}

function declaredWith(answer: ToolAnswer, r: Row, c: AnswerContext & { limit: number }): string {
  const parts = [answer.lead(r, c)];
  const rows = answer.rows ? answer.rows(r, c) : rowsOf(r);
  const shown = rows.slice(0, c.limit);
  const columns = typeof answer.columns === 'function' ? answer.columns(r, c) : answer.columns;
  const table = columns ? columnsTable(shown, columns, c.lang) : rowsTable(shown, c.lang);
  if (table) {
    const all = answer.rows ? answer.rows(r, { ...c, limit: Number.MAX_SAFE_INTEGER }).length : rows.length;
    const declared = answer.total?.(r) ?? (typeof r.total === 'number' ? r.total : 0);
    const total = Math.max(declared, all, rows.length);
    const more = total > shown.length || r.has_more === true;
    parts.push(table + (more ? `\n\n${moreLine(shown.length, total, r.has_more === true && total === all, answer.listUrl?.(r, c) ?? null, c.lang)}` : ''));
  }
  for (const line of answer.notes?.(r, c) ?? []) if (line) parts.push(line);
  const prov = provenance(r, shown, c.lang);
  if (prov) parts.push(prov);
  return cleanLabel(withoutInternalPaths(parts.join('\n\n')));
}

/** 「以上 10 条，共 104 条；完整列表：…」: how many rows were left out, and where the full list is. */
function moreLine(shown: number, total: number, atLeast: boolean, url: string | null, lang: AnswerLang): string {
  const count = atLeast ? say(lang, `${total} 条以上`, `more than ${total}`) : say(lang, `${total} 条`, `${total}`);
  return say(
    lang,
    `（以上 ${shown} 条，共 ${count}${url ? `；完整列表：${url}` : '；可加条件缩小范围，或说明要看前多少条'}）`,
    `(${shown} of ${count} shown${url ? `; full list: ${url}` : '; narrow the question or say how many rows you want'})`,
  );
}

/** A result without a declaration: the tool's summary, the generic table, long texts shortened, the sources. */
function genericText(r: Row, title: string, c: AnswerContext): string {
  const parts: string[] = [];
  const summary = typeof r.summary === 'string' ? withoutPaging(r.summary) : '';
  if (summary) parts.push(summary);
  if (isEmptyResult(r)) {
    if (!/没有|未找到|找不到/.test(summary)) parts.push(say(c.lang, '数据中没有符合条件的记录。', 'The data holds nothing matching.'));
    parts.push(NOTHING_GUESSED[c.lang]);
    return parts.join('\n');
  }
  const rows = rowsOf(r);
  const shown = rows.slice(0, c.count ?? MAX_ROWS);
  const table = shown.length ? rowsTable(shown, c.lang) : '';
  if (table) parts.push(rows.length > shown.length ? `${table}\n\n${moreLine(shown.length, rows.length, false, null, c.lang)}` : table);
  for (const key of ['interpretation', 'notice', 'disclaimer', 'body_text', 'content']) {
    const v = r[key];
    if (typeof v === 'string' && v.trim()) parts.push(v.length > MAX_TEXT ? `${v.slice(0, MAX_TEXT)}…` : v);
  }
  const prov = provenance(r, shown, c.lang);
  if (prov) parts.push(prov);
  if (!parts.length) parts.push(say(c.lang, `${title}已完成。`, `${title}: done.`));
  return withoutInternalPaths(parts.join('\n\n'));
}

/**
 * A tool's input error as a person reads it: 「params.N: is required (number)」 → 「N（缺少，数值）」. The field is named by
 * its last part (the symbol engineers write), the schema's English said in the answer's language.
 */
export function inputError(error: string, lang: AnswerLang): string {
  return error
    .split(/;\s*|\n/)
    .map((part) => {
      const m = /^\s*([\w.[\]]+):\s*(.*)$/.exec(part);
      if (!m) return part;
      const field = m[1]!.split('.').pop()!.replace(/\[\d+\]$/, '');
      const what = m[2]!.trim();
      if (/^is required/.test(what)) return say(lang, `${field}（缺少，须给出${/number/.test(what) ? '数值' : ''}）`, `${field} (missing${/number/.test(what) ? ', a number' : ''})`);
      return say(lang, `${field}（${what.replace(/^must be/, '须为')}）`, `${field} (${what})`);
    })
    .join(say(lang, '；', '; '));
}

/** One tool outcome as answer text. */
export function outcomeText(o: ToolOutcome, tool: SiteTool | undefined, c: Omit<AnswerContext, 'args'> = { lang: 'zh', question: '', siteUrl: '' }): string {
  const title = toolTitle(tool, o.tool, c.lang);
  const ctx: AnswerContext = { ...c, args: o.args };
  if (!o.ok) {
    // a year or score outside what the data (and the schema) covers is a question the data cannot answer
    const outside = /^(year|score|rank|min_score_from|min_score_to): must be [≤≥<>]/.exec(o.error ?? '');
    if (outside) return say(c.lang, `数据中没有这样的数据：${o.error}（超出本站数据与查询的范围），不做推测。`, `The data holds nothing for this: ${o.error} (outside the site's data), and nothing is guessed.`);
    if (/not found|没有|不存在/.test(o.error ?? '')) return say(c.lang, `${title}：数据中没有要找的内容（${o.error}）。`, `${title}: the data holds nothing for this (${o.error}).`);
    return say(c.lang, `${title}还需要补充或更正：${inputError(o.error ?? '', 'zh')}`, `To answer this, the ${title} needs: ${inputError(o.error ?? '', 'en')}`);
  }
  const r = (o.result ?? {}) as Row;
  return tool?.answer ? declaredText(tool.answer, r, ctx) : genericText(r, title, ctx);
}

export interface ComposeInput {
  config: Config;
  tools: readonly SiteTool[];
  kind: 'greeting' | 'tools' | 'ask' | 'none';
  greeting?: 'hello' | 'thanks' | 'bye';
  outcomes?: ToolOutcome[];
  ask?: { tool: SiteTool; missing: FieldInfo[] };
  clientFunctions?: string[];
  /** knowledge-base chunks retrieved for the question (app chat): written out next to the tools' results */
  knowledge?: Knowledge;
  /** the user's message */
  question?: string;
  /** the answer's language and the number of rows asked for */
  facets?: AnswerFacets;
  /** parts of a several-part question that no tool answers: each is said plainly, never dropped */
  unanswered?: Array<{ text: string; reason?: string }>;
}

function capabilityLine(tools: readonly SiteTool[], lang: AnswerLang): string {
  return tools
    .filter((t) => t.name !== 'site_about')
    .map((t) => toolTitle(t, t.name, lang))
    .join(lang === 'en' ? ', ' : '、');
}

function fieldText(f: FieldInfo, lang: AnswerLang): string {
  const [zh, en] = f.description.split(' · ');
  if (lang === 'en') return (en ?? f.name).split(/[;(]/)[0]!.trim() || f.name;
  return zh!.split('（')[0]!.split('，')[0]!.trim() || f.name;
}

/** The whole answer of the built-in composer. */
export function compose(input: ComposeInput): string {
  const { config, tools } = input;
  const lang: AnswerLang = input.facets?.lang ?? 'zh';
  const parts: string[] = [];
  const knowledge = input.knowledge;
  const found = knowledge && knowledge.chunks.length ? knowledgeText(knowledge) : null;
  if (input.clientFunctions?.length) {
    parts.push(
      say(
        lang,
        `（你提供的函数 ${input.clientFunctions.join('、')} 需要服务端配置上游模型才能调用；本回答由站内工具给出。）`,
        `(Your functions ${input.clientFunctions.join(', ')} can only be called when the server has an upstream model; this answer comes from the site's own tools.)`,
      ),
    );
  }
  switch (input.kind) {
    case 'greeting':
      if (input.greeting === 'thanks') parts.push(say(lang, '不客气！还有想查的院校、分数线、位次或其他问题，随时问我。', "You're welcome! Ask me any time about universities, score lines, ranks or the site's calculators."));
      else if (input.greeting === 'bye') parts.push(say(lang, '再见，祝一切顺利！', 'Goodbye, and good luck!'));
      else {
        parts.push(
          say(
            lang,
            `你好！我是${config.siteName}的助手，回答只来自本站的数据和工具。我可以帮你：${capabilityLine(tools, lang)}。比如：“河南物理类 600 分能上什么大学？”“郑州大学 2024 年在河南的最低分和位次”。`,
            `Hello! I am the assistant of ${config.siteName}; my answers come only from the site's data and tools. I can help with: ${capabilityLine(tools, lang)}. For example: "Which universities can 600 points in Henan (physics) reach?"`,
          ),
        );
      }
      break;
    case 'ask': {
      const { tool, missing } = input.ask!;
      if (found) parts.push(found);
      const what = missing.map((f) => fieldText(f, lang)).join(lang === 'en' ? ', ' : '、');
      const example = tool.examples.find((e) => (lang === 'en') === /^[\x00-\x7f]+$/.test(e)) ?? tool.examples[0];
      parts.push(
        say(lang, `要${toolTitle(tool, tool.name, lang)}，还需要：${what}。`, `To ${toolTitle(tool, tool.name, lang).toLowerCase()}, I still need: ${what}.`) +
          (example ? say(lang, `例如：“${example}”`, ` For example: "${example}"`) : ''),
      );
      break;
    }
    case 'none':
      if (found) {
        parts.push(found);
        break;
      }
      if (knowledge) parts.push(knowledgeText(knowledge));
      parts.push(
        say(
          lang,
          `这个问题不在本站的数据与工具范围内，我不做猜测。我能回答的是：${capabilityLine(tools, lang)}。请换个说法，或说明省份、年份、科类、分数、院校或专业名称。`,
          `This question is outside the site's data and tools, and I do not guess. I can answer: ${capabilityLine(tools, lang)}. Please rephrase, or give the province, year, subject, score, university or major.`,
        ),
      );
      break;
    case 'tools':
      for (const o of input.outcomes ?? []) {
        parts.push(outcomeText(o, tools.find((t) => t.name === o.tool), { lang, question: input.question ?? '', siteUrl: config.siteUrl, ...(input.facets?.count ? { count: input.facets.count } : {}), ...(input.facets?.budget ? { budget: input.facets.budget } : {}) }));
      }
      if (found) parts.push(found);
      break;
  }
  for (const u of input.unanswered ?? []) {
    parts.push(
      say(
        lang,
        `「${u.text}」：这一问本站的数据与工具回答不了${u.reason ? `（${u.reason}）` : ''}，我不做猜测。`,
        `"${u.text}": the site's data and tools cannot answer this part${u.reason ? ` (${u.reason})` : ''}, and I do not guess.`,
      ),
    );
  }
  return withoutInternalPaths(parts.join('\n\n'));
}
