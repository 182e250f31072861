// Argument extraction driven by a tool's input schema: each field is filled from what the message mentions by the
// field's name (province, year, score, rank, subject_type, batch, university_name / name / id, major_name, q, kind,
// slug, seed, date, question, birth moment and sex, concrete kind/params (understand/concrete.ts), steel kind/params (steel-args.ts), a frame's tables as JSON, …) and, for enum fields, by any of the
// enum's values appearing in the text. A tool added to the registry later gets its arguments without any change
// here as long as its fields use these names.
import type { z } from 'zod';
import type { SiteTool } from '../../tools/types.ts';
import type { Mentions } from './mentions.ts';
import { matchForm } from './text.ts';
import { readConcrete } from './understand/concrete.ts';
import { steelKind, steelParams } from './steel-args.ts';
import { toolEntity, toolFields } from './tool-fields.ts';


// Words that say what to do rather than what it is about: removed to leave a question or a search text.
const COMMAND_WORDS = /请|随便|随机|帮我|帮忙|给我|麻烦|一下|查一查|查查|查询|查一下|搜一下|搜索|找一下|看看|告诉我|我想知道|想问|问一下|问问|用铜钱法|用蓍草法|用随机法|铜钱|蓍草|起一卦|算一卦|占一卦|卜一卦|起个卦|起卦|算卦|占卜|周易|易经|关于|[，。！？、,.!?:：；;\s]+/g;

function residue(m: Mentions, keywords: string[]): string {
  let s = m.text.replace(/(?:种子|seed)\s*(?:就用|就写|用的是|写的是|为|是|用|写|取|叫|=|:|：)?\s*["“「]?[A-Za-z0-9_\-]{1,50}["”」]?/gi, ' ');
  if (m.seed) s = s.split(m.seed).join(' ').replace(/(?:种子|seed)\s*(?:就用|就写|用的是|写的是|为|是|用|写|取|叫|=|:|：)?/gi, ' ');
  s = s.replace(/用\S{1,4}?法/g, ' ').replace(COMMAND_WORDS, ' ');
  for (const k of [...keywords].sort((a, b) => b.length - a.length)) if (k.length > 1) s = s.split(k).join(' ');
  s = s.replace(COMMAND_WORDS, ' ').trim().replace(/^[问求看]\s*/, '').trim();
  s = s.replace(/\s+/g, ' ').replace(/^[的了吧呢啊]+|[的了吧呢啊吗]+$/g, '').trim();
  return [...s.replace(/\s/g, '')].length >= 2 ? s : '';
}

/**
 * Arguments for `tool` from the mentions of one message. Only fields the tool declares are filled; values are
 * what the user wrote (the tool's own schema normalises and validates them, so a bad value is the tool's 400).
 */
/** The first JSON object written in a message (a frame model pasted after the question), or null. */
function jsonObject(text: string): Record<string, unknown> | null {
  for (let start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
    let depth = 0;
    let inString = false;
    for (let k = start; k < text.length; k++) {
      const ch = text[k];
      if (inString) {
        if (ch === '\\') k++;
        else if (ch === '"') inString = false;
      } else if (ch === '"') inString = true;
      else if (ch === '{') depth++;
      else if (ch === '}' && --depth === 0) {
        try {
          const v: unknown = JSON.parse(text.slice(start, k + 1));
          if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
        } catch {
          // not JSON: try the next brace
        }
        break;
      }
    }
  }
  return null;
}

export function extractArgs(tool: SiteTool, m: Mentions): Record<string, unknown> {
  const fields = toolFields(tool);
  const has = new Set(fields.map((f) => f.name));
  const entity = toolEntity(tool);
  const args: Record<string, unknown> = {};
  // Enum values are looked for outside the tool's own trigger words (the kind 记 is not in 笔记).
  let text = matchForm(m.text);
  for (const k of (tool.keywords ?? []).map(matchForm).sort((a, b) => b.length - a.length)) if (k) text = text.split(k).join(' ');
  const university = m.universities[0];
  const major = m.majors[0];
  const birthTool = has.has('month') && has.has('day');
  // Structured inputs (a frame's tables) cannot be read out of prose: they come as JSON in the message, by field name.
  const json = fields.some((f) => f.kind === 'other' || f.kind === 'object') ? jsonObject(m.text) : null;
  // the steel calculator's {kind, params}: recognised by its kinds
  const steelTool = fields.some((f) => f.name === 'kind' && f.values.includes('beam_column'));

  for (const f of fields) {
    const n = f.name;
    let v: unknown;
    if (n === 'province') v = m.provinces[0];
    else if (n === 'year') v = birthTool ? m.birth?.year : m.years[m.years.length - 1];
    else if (birthTool && (n === 'month' || n === 'day' || n === 'hour' || n === 'minute')) v = m.birth?.[n];
    else if (n === 'sex' || n === 'gender') v = m.sex ?? undefined;
    else if (n === 'longitude') v = m.longitude ?? undefined;
    else if (n === 'score') v = m.scores[0] ?? (m.scoreRange ? undefined : undefined);
    else if (n === 'score_from' || n === 'min_score_from') v = m.scoreRange?.[0];
    else if (n === 'score_to' || n === 'min_score_to') v = m.scoreRange?.[1];
    else if (n === 'rank') v = m.rank ?? undefined;
    else if (n === 'max_ranking') v = m.topN ?? undefined;
    else if (n === 'subject_type') v = m.subjectType ?? undefined;
    else if (n === 'batch') v = m.batch ?? undefined;
    else if (n === 'grade') v = m.grade ?? undefined;
    else if (n === 'level' && f.kind === 'enum') v = m.level && f.values.includes(m.level) ? m.level : undefined;
    else if (n === 'university_id') v = m.universityId ?? undefined;
    else if (n === 'university_name') v = university;
    else if (n === 'major_name' || n === 'discipline_name') v = major;
    else if (n === 'id' && entity === 'university') v = m.universityId ?? undefined;
    else if (n === 'name') v = entity === 'major' ? (major ?? m.quoted[0]) : entity === 'university' ? university : m.quoted[0];
    else if (n === 'q' || n === 'query' || n === 'keyword') {
      v = m.quoted[0] ?? (entity === 'university' ? university : entity === 'major' ? major : undefined);
      if (v === undefined && entity === 'other') v = residue(m, tool.keywords ?? []) || undefined;
    } else if (n === 'question') {
      // what the user asks about (考研能不能上岸); an English request's leftover words are no question
      const left = residue(m, tool.keywords ?? []);
      // what is asked about, not what to do (「本卦变卦都告诉我」「给我起个卦吧」 ask nothing of the cast)
      v = left && /[\u4e00-\u9fff]/.test(left) && /能否|能不能|会不会|是否|好不好|怎么样|如何|吗|运势|前景|顺利|成功|结果|考研|考试|工作|感情|事业|财运|问/.test(left) ? left : undefined;
    }
    else if (n === 'seed') v = m.seed ?? undefined;
    else if (n === 'slug') v = /(?<![A-Za-z0-9-])([a-z0-9]+(?:-[a-z0-9]+)+)(?![A-Za-z0-9-])/.exec(m.text)?.[1];
    else if (n === 'date') v = m.date ?? undefined;
    else if (n === 'kind' && f.kind === 'enum' && has.has('params')) v = steelTool ? steelKind(m.text) : readConcrete(m.text)?.kind;
    else if (n === 'params' && has.has('kind')) {
      const p = steelTool ? steelParams(m.text, args.kind as string | undefined) : (readConcrete(m.text)?.params ?? {});
      v = Object.keys(p).length ? p : undefined;
    }
    if (v === undefined && json && json[n] !== undefined && (f.kind === 'other' || f.kind === 'object')) v = json[n];
    if (v === undefined && f.kind === 'enum' && n !== 'order') {
      // Any enum value written in the message (note kinds 思辨/复盘/记, method names, …); the longest wins.
      // (a value of two characters or more also counts inside a trigger word: 复盘 in 复盘类; 记 in 笔记 does not)
      const raw = matchForm(m.text);
      const hit = [...f.values].sort((a, b) => b.length - a.length).find((value) => value.length > 0 && (text.includes(value.toLowerCase()) || (n === 'kind' && [...value].length >= 2 && /[\u4e00-\u9fff]/.test(value) && raw.includes(value))));
      if (hit && !(n === 'level' && hit.length <= 2 && /本科|专科/.test(hit) && m.batch)) v = hit;
    }
    if (v === undefined && n === 'method' && f.kind === 'enum') {
      // 「随机起个卦」 is casting at random (the default method); the method named random is 梅花 / 随机法 / random method
      const method = /蓍草|yarrow/i.test(m.text) ? 'yarrow' : /梅花|随机法|随机方法|随机的方法|random (?:method|casting)|method[: ]+random/i.test(m.text) ? 'random' : /铜钱|硬币|coins?/i.test(m.text) ? 'coins' : undefined;
      if (method && f.values.includes(method)) v = method;
    }
    if (v !== undefined && v !== null && v !== '') args[n] = v;
  }
  // A search text left over from the message does not repeat what an enum field already says ("复盘类笔记").
  for (const key of ['q', 'query', 'keyword']) {
    if (typeof args[key] !== 'string' || m.quoted.includes(args[key] as string)) continue;
    let q = args[key] as string;
    for (const f of fields) if (f.kind === 'enum' && typeof args[f.name] === 'string') q = q.split(`${args[f.name]}类`).join(' ').split(args[f.name] as string).join(' ');
    q = q.replace(/\s+/g, ' ').trim();
    if ([...q.replace(/\s/g, '')].length >= 2) args[key] = q;
    else delete args[key];
  }
  return args;
}
