// The built-in composer (no upstream model): a readable Chinese answer written only from the tools' results — the
// tool's own `summary` first (it can be restated as is), then the key rows, the data year and the source. Nothing
// here knows a fact of its own: a result that found nothing is said to be not in the data.
import type { Config } from '../config.ts';
import type { SiteTool } from '../../tools/types.ts';
import type { FieldInfo } from './extract.ts';
import { knowledgeText, type Knowledge } from './knowledge.ts';
import type { ToolOutcome } from './tools.ts';

const COLUMNS: Array<[string, string]> = [
  ['label', '冲稳保'],
  ['university_name', '院校'],
  ['school_name', '院校'],
  ['name', '名称'],
  ['title', '标题'],
  ['province', '省份'],
  ['city', '城市'],
  ['year', '年份'],
  ['subject_type', '科类'],
  ['subject_family', '科类'],
  ['batch', '批次'],
  ['data_type', '线别'],
  ['major_name', '专业'],
  ['discipline_name', '学科'],
  ['code', '代码'],
  ['category', '门类'],
  ['subcategory', '专业类'],
  ['score', '分数'],
  ['count_at_score', '同分人数'],
  ['cumulative_rank', '累计位次'],
  ['min_score', '最低分'],
  ['min_rank', '最低位次'],
  ['lowest_min_score', '最低分（低）'],
  ['highest_min_score', '最低分（高）'],
  ['plan_count', '计划数'],
  ['tuition', '学费'],
  ['grade', '等级'],
  ['rank', '名次'],
  ['ranking', '软科名次'],
  ['level', '层次'],
  ['type', '类型'],
  ['kind', '类别'],
  ['excerpt', '摘要'],
];
const MAX_ROWS = 8;
const MAX_COLUMNS = 7;
const MAX_TEXT = 800;

type Row = Record<string, unknown>;

function flatten(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [k2, v2] of Object.entries(v as Row)) if (!(k2 in out) && !(k2 in row)) out[k2] = v2;
    } else out[k] = v;
  }
  return out;
}

function cell(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.join('、') || '—';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(1);
  return String(v).replace(/\|/g, '｜').replace(/\s+/g, ' ').slice(0, 60);
}

/** A markdown table of the first rows with the columns they actually have. */
export function rowsTable(rows: Row[]): string {
  const flat = rows.slice(0, MAX_ROWS).map(flatten);
  const seen = new Set<string>();
  const cols = COLUMNS.filter(([k, label]) => {
    if (seen.has(label) || !flat.some((r) => r[k] !== undefined && r[k] !== null && r[k] !== '')) return false;
    seen.add(label);
    return true;
  }).slice(0, MAX_COLUMNS);
  if (!cols.length) return '';
  const lines = [`| ${cols.map(([, l]) => l).join(' | ')} |`, `|${cols.map(() => ' --- ').join('|')}|`];
  for (const r of flat) lines.push(`| ${cols.map(([k]) => cell(r[k])).join(' | ')} |`);
  return lines.join('\n');
}

/** The rows to show: the list's `items`, else the first non-empty array of objects one level down. */
function rowsOf(result: Row): Row[] {
  if (Array.isArray(result.items)) return result.items as Row[];
  // Lookups (found: true) carry their rows one level down (a university's recent admission lines).
  if (result.found !== true) return [];
  for (const v of Object.values(result)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const w of Object.values(v as Row)) if (Array.isArray(w) && w.length && typeof w[0] === 'object' && w[0] !== null) return w as Row[];
    }
  }
  return [];
}

/** Data years and sources named by the rows shown (and the result itself). */
function provenance(result: Row, rows: Row[]): string {
  const years = new Set<number>();
  const sources = new Set<string>();
  const visit = (o: Row, depth: number) => {
    if (typeof o.year === 'number' && depth > 0) years.add(o.year);
    for (const key of ['source_file', 'file', 'source_url', 'url']) {
      const v = o[key];
      if (typeof v === 'string' && (key.endsWith('file') ? /\.(csv|gz|json|md|txt)/.test(v) : /^https?:/.test(v))) sources.add(v);
    }
    if (depth < 2) for (const v of Object.values(o)) if (v && typeof v === 'object' && !Array.isArray(v)) visit(v as Row, depth + 1);
  };
  for (const r of rows.slice(0, MAX_ROWS)) visit(r, 1);
  if (typeof result.year === 'number') years.add(result.year);
  const rank = result.rank as Row | undefined;
  if (rank && typeof rank === 'object') visit(rank, 1);
  const parts: string[] = [];
  if (years.size) parts.push(`数据年份：${[...years].sort().join('、')}`);
  if (sources.size) parts.push(`来源：${[...sources].slice(0, 3).join('；')}`);
  return parts.join('；');
}

function identityText(r: Row): string {
  const tools = Array.isArray(r.tools) ? (r.tools as Row[]).map((t) => String(t.title ?? t.name).split(' · ')[0]).join('、') : '';
  return `我是${String(r.name)}的助手（${String(r.url)}）。${String(r.summary_zh ?? '')}${tools ? `\n\n可用的站内工具：${tools}。` : ''}`;
}

/** One tool outcome as answer text. */
export function outcomeText(o: ToolOutcome, tool: SiteTool | undefined): string {
  const title = tool ? tool.title.split(' · ')[0] : o.tool;
  if (!o.ok) {
    if (/not found|没有|不存在/.test(o.error ?? '')) return `${title}：数据中没有要找的内容（${o.error}）。`;
    return `${title}需要补充或更正参数：${o.error}`;
  }
  const r = (o.result ?? {}) as Row;
  if (r.summary_zh && r.name && !r.summary) return identityText(r);
  const parts: string[] = [];
  const summary = typeof r.summary === 'string' ? r.summary : '';
  if (summary) parts.push(summary);
  const empty = r.found === false || (typeof r.count === 'number' && r.count === 0);
  if (empty) {
    if (!/没有|未找到|找不到/.test(summary)) parts.push('数据中没有符合条件的记录。');
    parts.push('（查不到即不在本站数据中，不做推测。）');
    return parts.join('\n');
  }
  const rows = rowsOf(r);
  const table = rows.length ? rowsTable(rows) : '';
  if (table) parts.push(table + (rows.length > MAX_ROWS || r.has_more ? `\n（仅列出前 ${Math.min(MAX_ROWS, rows.length)} 行）` : ''));
  for (const key of ['interpretation', 'notice', 'disclaimer', 'body_text', 'content']) {
    const v = r[key];
    if (typeof v === 'string' && v.trim()) parts.push(v.length > MAX_TEXT ? `${v.slice(0, MAX_TEXT)}…` : v);
  }
  const prov = provenance(r, rows);
  if (prov) parts.push(prov);
  if (!parts.length) parts.push(`${title}已完成。`);
  return parts.join('\n\n');
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
}

function capabilityLine(tools: readonly SiteTool[]): string {
  return tools.filter((t) => t.name !== 'site_about').map((t) => t.title.split(' · ')[0]).join('、');
}

/** The whole answer of the built-in composer. */
export function compose(input: ComposeInput): string {
  const { config, tools } = input;
  const parts: string[] = [];
  const knowledge = input.knowledge;
  const found = knowledge && knowledge.chunks.length ? knowledgeText(knowledge) : null;
  if (input.clientFunctions?.length) {
    parts.push(`（你提供的函数 ${input.clientFunctions.join('、')} 需要服务端配置上游模型才能调用；本回答由站内工具给出。）`);
  }
  switch (input.kind) {
    case 'greeting':
      if (input.greeting === 'thanks') parts.push('不客气！还有想查的院校、分数线或其他问题，随时问我。');
      else if (input.greeting === 'bye') parts.push('再见，祝一切顺利！');
      else parts.push(`你好！我是${config.siteName}的助手。我可以帮你：${capabilityLine(tools)}。比如：“河南物理类 600 分能上什么大学？”`);
      break;
    case 'ask': {
      const { tool, missing } = input.ask!;
      if (found) parts.push(found);
      const what = missing.map((f) => f.description.split(' · ')[0]!.split('（')[0]!.trim() || f.name).join('、');
      parts.push(`要${tool.title.split(' · ')[0]}，还需要：${what}。${tool.examples[0] ? `例如：“${tool.examples[0]}”` : ''}`);
      break;
    }
    case 'none':
      if (found) {
        parts.push(found);
        break;
      }
      if (knowledge) parts.push(knowledgeText(knowledge));
      parts.push(
        `这个问题不在本站的数据与工具范围内，我不做猜测。我能回答的是：${capabilityLine(tools)}。请换个说法，或说明省份、年份、科类、分数、院校或专业名称。`,
      );
      break;
    case 'tools':
      for (const o of input.outcomes ?? []) parts.push(outcomeText(o, tools.find((t) => t.name === o.tool)));
      if (found) parts.push(found);
      break;
  }
  return parts.join('\n\n');
}
