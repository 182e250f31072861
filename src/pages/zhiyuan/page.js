// The volunteer-filling page. Every figure comes from the site's data: search and the rank table through the public
// legacy endpoints (/api/recommendation/search, /api/recommendation/rank-table, in the {code, message, data}
// envelope), the rest through the same-origin page API (POST /page-api/{tool}: the same tools and answers as
// /v1/tools/{tool}). This script lays them out, draws the chart of a university's lines with /assets/chart.js, and
// shows what the service refused in words.
import { $, api, el, ready, showError } from '/assets/site.js';
import { legend, lineChart } from '/assets/chart.js';

const PROVINCES = ['北京', '天津', '河北', '山西', '内蒙古', '辽宁', '吉林', '黑龙江', '上海', '江苏', '浙江', '安徽', '福建', '江西', '山东', '河南', '湖北', '湖南', '广东', '广西', '海南', '重庆', '四川', '贵州', '云南', '西藏', '陕西', '甘肃', '青海', '宁夏', '新疆'];
const SUBJECTS = [
  ['', '不限 / 3+3 省份'],
  ['物理', '物理类（理科）'],
  ['历史', '历史类（文科）'],
  ['综合', '综合（3+3）'],
];

const tool = (name, args) => api(`/page-api/${name}`, { method: 'POST', body: args });
/** GET a legacy endpoint; its envelope's data (a refusal in the envelope throws like any other). */
const legacy = async (path, params) => (await api(`${path}?${new URLSearchParams(params)}`)).data;
const fmt = (n) => (n === null || n === undefined ? '—' : Number(n).toLocaleString('zh-CN'));

/** The form's non-empty fields; number inputs become numbers. */
function formArgs(form) {
  const out = {};
  for (const input of form.querySelectorAll('input[name], select[name]')) {
    const v = input.value.trim();
    if (v === '') continue;
    out[input.name] = input.type === 'number' ? Number(v) : v;
  }
  return out;
}

/** Runs an action with its button disabled and its errors shown in the section's alert. */
async function guarded(button, alertNode, action) {
  showError(alertNode, null);
  button.disabled = true;
  try {
    await action();
  } catch (e) {
    showError(alertNode, e);
  } finally {
    button.disabled = false;
  }
}

function source(row) {
  const text = row.source_url ? '来源' : row.source_file ?? row.source?.file ?? '';
  const url = row.source_url ?? row.source?.url;
  return url ? el('a', { href: url, rel: 'noopener noreferrer', target: '_blank' }, text) : el('span', { class: 'muted small' }, text);
}

function uniButton(id, name) {
  return el('button', { type: 'button', class: 'linklike', dataset: { uni: String(id) }, onclick: () => showDetail(id) }, name);
}

/* ---------- search ---------- */

async function search(ev) {
  ev.preventDefault();
  const q = $('search-q').value.trim();
  if (!q) return showError($('search-error'), new Error('请输入院校或专业名称。'));
  await guarded($('search-submit'), $('search-error'), async () => {
    const found = await legacy('/api/recommendation/search', { q });
    const unis = { items: found.universities, more: found.more?.universities };
    const majors = { items: found.majors, more: found.more?.majors };
    $('search-uni-count').textContent = `${unis.items.length} 所${unis.more ? '（仅列前几所，可换更具体的名称）' : ''}`;
    $('search-major-count').textContent = `${majors.items.length} 个${majors.more ? '（仅列前几个）' : ''}`;
    const ul = $('search-unis');
    ul.textContent = '';
    for (const u of unis.items) {
      const flags = [u.is_985 && '985', u.is_211 && '211', u.is_double_first_class && '双一流'].filter(Boolean);
      ul.append(el('li', { dataset: { id: String(u.id) } }, uniButton(u.id, u.name), el('span', { class: 'muted small' }, ` ${u.province} ${u.city ?? ''} · ${u.type ?? ''} · ${u.level ?? ''}${u.ranking ? ` · 软科 ${u.ranking}` : ''}`), ...flags.map((f) => el('span', { class: 'tag' }, f))));
    }
    if (!unis.items.length) ul.append(el('li', { class: 'muted' }, '数据中没有匹配的院校。'));
    const ml = $('search-majors');
    ml.textContent = '';
    for (const m of majors.items) ml.append(el('li', { dataset: { id: String(m.id) } }, el('strong', {}, m.name), el('span', { class: 'muted small' }, ` ${m.code} · ${m.category} / ${m.subcategory}`)));
    if (!majors.items.length) ml.append(el('li', { class: 'muted' }, '数据中没有匹配的专业。'));
    $('search-result').hidden = false;
  });
}

/* ---------- match_by_score ---------- */

/** "57%（11%–91%）" from the entry's probability and interval, when match_by_score gives them. */
function probabilityOf(item) {
  const p = item.probability;
  if (typeof p !== 'number') return null;
  const [lo, hi] = Array.isArray(item.interval) ? item.interval : [];
  const pct = (x) => `${Math.round(x * 100)}%`;
  return typeof lo === 'number' && typeof hi === 'number' ? `${pct(p)}（${pct(lo)}–${pct(hi)}）` : pct(p);
}

/** The lines an entry was compared with, newest first (one `line` in older answers). */
function linesOf(item) {
  return [...(item.lines ?? (item.line ? [item.line] : []))].sort((a, b) => (b.year ?? 0) - (a.year ?? 0));
}

function lineText(l) {
  const where = [l.year && `${l.year}`, l.data_type, l.batch, l.major_group, l.major_name].filter(Boolean).join(' · ');
  const figures = [typeof l.min_score === 'number' && `${l.min_score} 分`, typeof l.min_rank === 'number' && `位次 ${fmt(l.min_rank)}`, typeof l.equivalent_score === 'number' && `折合今年 ${l.equivalent_score} 分`].filter(Boolean).join('，');
  return figures ? `${where}：${figures}` : where;
}

function basisText(r) {
  if (Array.isArray(r.bases) && r.bases.length) return `比较：${r.bases.map((b) => `${b.year} 年${b.basis}（${b.universities} 所）`).join('、')}${r.model ? `；模型 ${r.model}` : ''}`;
  return [r.basis && `依据：${r.year ?? ''} 年${r.basis}`, r.basis_reason].filter(Boolean).join('；');
}

async function match(ev) {
  ev.preventDefault();
  const args = formArgs($('match-form'));
  if (args.score === undefined) return showError($('match-error'), new Error('请输入高考总分。'));
  args.limit = 30;
  await guarded($('match-submit'), $('match-error'), async () => {
    const r = await tool('match_by_score', args);
    $('match-summary').textContent = r.summary;
    $('match-basis').textContent = [basisText(r), r.rank?.value && `你的位次约 ${fmt(r.rank.value)}（${r.rank.table ? `${r.rank.table.year} 年一分一段` : r.rank.source}）`].filter(Boolean).join('；');
    $('match-thresholds').textContent = r.thresholds ?? '';
    const withProb = r.items.some((i) => probabilityOf(i) !== null);
    $('match-prob-h').hidden = !withProb;
    const body = $('match-body');
    body.textContent = '';
    for (const it of r.items) {
      const used = linesOf(it);
      const latest = used[0] ?? {};
      body.append(
        el(
          'tr',
          { dataset: { uni: String(it.university_id ?? ''), label: it.label } },
          el('td', { 'data-label': '冲稳保' }, el('span', { class: `label label-${it.label}` }, it.label)),
          el('td', { 'data-label': '院校' }, it.university_id ? uniButton(it.university_id, it.university_name ?? it.school_name) : it.school_name, it.campus ? el('span', { class: 'tag' }, it.campus) : null, el('span', { class: 'muted small' }, ` ${it.university_province ?? ''}`)),
          el('td', { class: 'small', 'data-label': '依据' }, ...used.map((l) => el('div', { class: 'used-line' }, lineText(l)))),
          el('td', { class: 'num', 'data-label': '最低分' }, fmt(latest.min_score)),
          el('td', { class: 'num', 'data-label': '最低位次' }, fmt(latest.min_rank)),
          el('td', { class: 'num', 'data-label': '位次差' }, typeof it.rank_diff_pct === 'number' ? `${it.rank_diff_pct > 0 ? '+' : ''}${it.rank_diff_pct.toFixed(1)}%` : typeof it.score_diff === 'number' ? `${it.score_diff} 分` : '—'),
          withProb ? el('td', { class: 'num', 'data-label': '录取概率' }, probabilityOf(it) ?? '—') : null,
        ),
      );
    }
    if (!r.items.length) body.append(el('tr', {}, el('td', { colspan: '7', class: 'muted' }, '没有落在冲 / 稳 / 保范围内的院校。')));
    $('match-result').hidden = false;
  });
}

/* ---------- score lines ---------- */

let linesQuery = null;
let linesPage = 1;

function lineRow(l) {
  return el(
    'tr',
    { dataset: { id: String(l.id) } },
    el('td', { class: 'num', 'data-label': '年份' }, String(l.year)),
    el('td', { 'data-label': '省份' }, l.province),
    el('td', { 'data-label': '院校' }, l.school_name, l.campus ? el('span', { class: 'tag' }, l.campus) : null),
    el('td', { class: 'small', 'data-label': '科类批次' }, `${l.subject_type ?? ''} · ${l.batch ?? ''}`),
    el('td', { class: 'small', 'data-label': '线别' }, l.data_type),
    el('td', { class: 'small', 'data-label': '专业' }, [l.major_group, l.major_name].filter(Boolean).join(' · ') || '—'),
    el('td', { class: 'num', 'data-label': '最低分' }, fmt(l.min_score)),
    el('td', { class: 'num', 'data-label': '最低位次' }, fmt(l.min_rank)),
    el('td', { class: 'small', 'data-label': '来源' }, source(l)),
  );
}

async function loadLines(page) {
  const r = await tool('query_score_lines', { ...linesQuery, page, page_size: 50 });
  linesPage = page;
  if (page === 1) $('lines-body').textContent = '';
  for (const l of r.items) $('lines-body').append(lineRow(l));
  if (page === 1 && !r.items.length) $('lines-body').append(el('tr', {}, el('td', { colspan: '9', class: 'muted' }, '数据中没有符合条件的录取线。')));
  $('lines-summary').textContent = r.summary;
  $('lines-more').hidden = !r.has_more;
  $('lines-result').hidden = false;
}

async function lines(ev) {
  ev.preventDefault();
  const args = formArgs($('lines-form'));
  if (!args.university_name && !(args.province && args.year)) return showError($('lines-error'), new Error('请给出 省份 + 年份，或院校名称。'));
  linesQuery = args;
  await guarded($('lines-submit'), $('lines-error'), () => loadLines(1));
}

/* ---------- rank table ---------- */

async function rank(ev) {
  ev.preventDefault();
  const args = formArgs($('rank-form'));
  if (!args.province || args.year === undefined || args.score === undefined) return showError($('rank-error'), new Error('请选择省份并填写年份与分数。'));
  await guarded($('rank-submit'), $('rank-error'), async () => {
    const r = await legacy('/api/recommendation/rank-table', args);
    const row = r.items[0];
    $('rank-summary').textContent = row
      ? `${args.province} ${args.year} 年${args.subject_type ? ` ${args.subject_type}` : ''} ${args.score} 分：${r.items.map((x) => `${x.subject_type} 同分 ${fmt(x.count_at_score)} 人，累计位次 ${fmt(x.cumulative_rank)}`).join('；')}。`
      : `数据中没有 ${args.province} ${args.year} 年${args.subject_type ? ` ${args.subject_type}` : ''} ${args.score} 分的一分一段数据。`;
    const body = $('rank-body');
    body.textContent = '';
    for (const row of r.items) body.append(el('tr', { dataset: { id: String(row.id) } }, el('td', {}, row.subject_type), el('td', { class: 'num' }, String(row.score)), el('td', { class: 'num' }, fmt(row.count_at_score)), el('td', { class: 'num' }, fmt(row.cumulative_rank)), el('td', { class: 'small' }, source(row))));
    if (!r.items.length) body.append(el('tr', {}, el('td', { colspan: '5', class: 'muted' }, '数据中没有这一省份、年份或分数的一分一段表。')));
    $('rank-result').hidden = false;
  });
}

/* ---------- university detail and chart ---------- */

let detailId = null;

async function showDetail(id) {
  detailId = id;
  $('detail-empty').hidden = true;
  showError($('detail-error'), null);
  $('chart').hidden = true;
  try {
    const r = await tool('get_university', { id });
    const u = r.university;
    if (!r.found || !u) throw new Error(r.summary ?? '数据中没有这所院校。');
    $('detail-name').textContent = u.name;
    $('detail-result').dataset.id = String(u.id);
    $('detail-summary').textContent = r.summary;
    const flags = Object.entries({ is_985: '985', is_211: '211', is_double_first_class: '双一流', is_qiangji: '强基计划' }).filter(([k]) => u.flags?.[k]).map(([, v]) => v);
    const facts = [
      ['所在地', `${u.province} ${u.city ?? ''}`],
      ['办学', [u.level, u.nature, u.type, u.affiliation].filter(Boolean).join(' · ')],
      ['层次', flags.join('、') || '—'],
      ['软科 2026', u.ranking?.ruanke_2026_main ? `主榜第 ${u.ranking.ruanke_2026_main} 名` : '未上主榜'],
      ['专业', u.majors_offered ? `软科专业排名上榜 ${u.majors_offered.ranked_majors} 个；国家级一流本科专业 ${u.majors_offered.first_class_national} 个` : '—'],
      ['优势学科', [...(u.strong_disciplines?.eval4_a ?? []).map((d) => `${d.discipline_name} ${d.grade}`)].join('、') || '—'],
      ['简称与曾用名', (u.aliases ?? []).join('、') || '—'],
      ['分校区', (u.campuses ?? []).map((c) => `${c.campus}（录取线 ${c.lines} 条，单列）`).join('、') || '无'],
    ];
    const dl = $('detail-facts');
    dl.textContent = '';
    for (const [k, v] of facts) dl.append(el('div', {}, el('dt', {}, k), el('dd', {}, v)));
    if (u.admission_url || u.website) dl.append(el('div', {}, el('dt', {}, '招生网'), el('dd', {}, el('a', { href: u.admission_url ?? u.website, rel: 'noopener noreferrer', target: '_blank' }, u.admission_url ?? u.website))));
    const body = $('detail-lines-body');
    body.textContent = '';
    for (const l of u.recent_admission_lines ?? []) {
      body.append(
        el(
          'tr',
          { dataset: { province: l.province, year: String(l.year) } },
          el('td', { 'data-label': '省份' }, l.province, l.campus ? el('span', { class: 'tag' }, l.campus) : null),
          el('td', { class: 'num', 'data-label': '年份' }, String(l.year)),
          el('td', { 'data-label': '科类' }, l.subject_family),
          el('td', { class: 'small', 'data-label': '线别' }, l.data_types),
          el('td', { class: 'num', 'data-label': '条数' }, String(l.lines)),
          el('td', { class: 'num', 'data-label': '最低分' }, l.lowest_min_score === l.highest_min_score ? fmt(l.lowest_min_score) : `${fmt(l.lowest_min_score)}–${fmt(l.highest_min_score)}`),
          el('td', { class: 'num', 'data-label': '最低位次' }, l.best_min_rank ? `${fmt(l.best_min_rank)}–${fmt(l.worst_min_rank)}` : '—'),
        ),
      );
    }
    if (!(u.recent_admission_lines ?? []).length) body.append(el('tr', {}, el('td', { colspan: '7', class: 'muted' }, '数据中没有这所院校的录取线。')));
    const provinces = [...new Set((u.recent_admission_lines ?? []).map((l) => l.province))];
    // the chart starts with the candidate's province from the match form when the university has lines there
    $('c-province').value = provinces.includes($('m-province').value) ? $('m-province').value : provinces[0] ?? $('m-province').value;
    $('detail-result').hidden = false;
    $('detail').scrollIntoView({ block: 'start' });
  } catch (e) {
    $('detail-result').hidden = true;
    showError($('detail-error'), e);
  }
}

async function chart(ev) {
  ev?.preventDefault();
  if (!detailId) return;
  const province = $('c-province').value;
  await guarded($('chart-submit'), $('chart-error'), async () => {
    const rows = [];
    for (let page = 1; page <= 10; page++) {
      const r = await tool('query_score_lines', { university_id: detailId, province, page, page_size: 100 });
      rows.push(...r.items);
      if (!r.has_more) break;
    }
    const box = $('chart-svg');
    box.textContent = '';
    // one series per campus, subject family and line kind (kinds are never mixed in a series); each year's point
    // is that kind's lowest line, the entry threshold
    const groups = new Map();
    for (const r of rows) {
      if (typeof r.min_score !== 'number') continue;
      const name = `${r.campus ? `${r.campus} · ` : ''}${r.subject_family ?? r.subject_type} ${r.data_type}`;
      const byYear = groups.get(name) ?? new Map();
      const cur = byYear.get(r.year);
      if (!cur || r.min_score < cur.min_score) byYear.set(r.year, r);
      groups.set(name, byYear);
    }
    if (!groups.size) {
      $('chart-caption').textContent = `数据中没有这所院校在${province}的录取线。`;
      $('chart').hidden = false;
      return;
    }
    const series = [...groups].sort((a, b) => b[1].size - a[1].size || (a[0] < b[0] ? -1 : 1)).map(([name, byYear]) => ({
      name,
      points: [...byYear.values()].map((r) => ({ x: r.year, y: r.min_score, label: `${name} ${r.year} 年 ${r.batch ?? ''} 最低分 ${r.min_score}${r.min_rank ? `，位次 ${r.min_rank}` : ''}` })),
    }));
    box.append(lineChart({ series, width: box.clientWidth, xLabel: '年份', yLabel: '最低分', title: `${$('detail-name').textContent}在${province}的历年录取最低分` }), legend(series));
    $('chart-caption').textContent = `${province}：每条线按科类与线别分开，每年取该线别的最低分（同一年有多条时取最低者）；共 ${rows.length} 条录取线。`;
    $('chart').hidden = false;
  });
}

/* ---------- wiring ---------- */

for (const select of document.querySelectorAll('.province-select')) {
  if (select.id !== 'm-province' && select.id !== 'c-province') select.append(el('option', { value: '' }, '请选择'));
  for (const p of PROVINCES) select.append(el('option', { value: p }, p));
}
for (const select of document.querySelectorAll('.subject-select')) for (const [v, t] of SUBJECTS) select.append(el('option', { value: v }, t));
$('m-province').value = '河南';
$('m-subject').value = '物理';

$('search-form').addEventListener('submit', search);
$('match-form').addEventListener('submit', match);
$('lines-form').addEventListener('submit', lines);
$('rank-form').addEventListener('submit', rank);
$('chart-form').addEventListener('submit', chart);
$('lines-more').addEventListener('click', () => guarded($('lines-more'), $('lines-error'), () => loadLines(linesPage + 1)));
ready();
