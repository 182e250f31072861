// The volunteer-filling page. Every figure comes from the site's data: search, the major ranking and catalogue, the
// rank table and the admission simulation through the public legacy endpoints (/api/recommendation/*, /api/majors/*,
// POST /api/simulation/mirofish, in the {code, message, data} envelope), the rest through the same-origin page API
// (POST /page-api/{tool}: the same tools and answers as /v1/tools/{tool}). This script lays them out, draws the chart of a university's lines with /assets/chart.js, and
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
    for (const m of majors.items) ml.append(el('li', { dataset: { id: String(m.id) } }, el('button', { type: 'button', class: 'linklike', dataset: { major: m.code }, onclick: () => majorRanking(m.code) }, m.name), el('span', { class: 'muted small' }, ` ${m.code} · ${m.category} / ${m.subcategory}`)));
    if (!majors.items.length) ml.append(el('li', { class: 'muted' }, '数据中没有匹配的专业。'));
    $('search-result').hidden = false;
  });
}

/* ---------- majors: ranking and the catalogue ---------- */

function gradeRows(body, items, cells, empty) {
  body.textContent = '';
  for (const it of items) body.append(el('tr', { dataset: { uni: String(it.university_id ?? '') } }, ...cells(it)));
  if (!items.length) body.append(el('tr', {}, el('td', { colspan: '3', class: 'muted' }, empty)));
}

const uniCell = (it) => el('td', {}, it.university_id ? uniButton(it.university_id, it.school_name) : it.school_name);

async function majorRanking(category) {
  $('major-q').value = category;
  await guarded($('major-submit'), $('major-error'), async () => {
    const d = await legacy('/api/majors/ranking', { category });
    const m = d.major;
    const rk = d.ruanke;
    const ev = d.evaluation;
    $('major-result').dataset.major = m.code;
    $('major-summary').textContent =
      `${m.name}（${m.code}，${m.category} · ${m.subcategory}）：` +
      (rk.items.length ? `${rk.year} 年${rk.source}列出前 ${rk.items.length} 所` : `${rk.source}中没有这个专业`) +
      '；' +
      (ev.items.length ? `第${ev.round}轮学科评估（${ev.disciplines.join('、')}）列出 ${ev.items.length} 所` : `第${ev.round}轮学科评估：${ev.basis}`) +
      '。';
    gradeRows($('ruanke-body'), rk.items, (it) => [el('td', { class: 'num' }, String(it.rank)), uniCell(it), el('td', {}, it.grade ?? '—')], '数据中没有这个专业的软科排名。');
    gradeRows($('eval-body'), ev.items, (it) => [el('td', {}, it.discipline_name), uniCell(it), el('td', {}, it.grade)], '数据中没有对应学科的评估结果。');
    $('eval-basis').textContent = ev.basis;
    $('major-result').hidden = false;
  });
}

async function majorSubmit(ev) {
  ev.preventDefault();
  const q = $('major-q').value.trim();
  if (!q) return showError($('major-error'), new Error('请输入专业名称或代码。'));
  await majorRanking(q);
}

let catalogueLoaded = false;

async function catalogue() {
  if (!$('catalogue').open || catalogueLoaded) return;
  showError($('catalogue-error'), null);
  try {
    const { categories } = await legacy('/api/majors/categories', {});
    const list = $('catalogue-list');
    list.textContent = '';
    for (const c of categories) {
      list.append(
        el('li', { dataset: { code: c.code } }, el('strong', {}, `${c.code} ${c.name}`), el('span', { class: 'muted small' }, `（${c.majors} 个专业）`), el('ul', {}, c.subcategories.map((sc) => el('li', { dataset: { code: sc.code } }, `${sc.code} ${sc.name}`, el('span', { class: 'muted small' }, ` ${sc.majors} 个`))))),
      );
    }
    const subs = categories.reduce((n, c) => n + c.subcategories.length, 0);
    $('catalogue-summary').textContent = `${categories.length} 个门类、${subs} 个专业类、${categories.reduce((n, c) => n + c.majors, 0)} 个专业。`;
    catalogueLoaded = true;
  } catch (e) {
    showError($('catalogue-error'), e);
  }
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
          el(
            'td',
            { 'data-label': '院校' },
            it.university_id ? uniButton(it.university_id, it.university_name ?? it.school_name) : it.school_name,
            it.campus ? el('span', { class: 'tag' }, it.campus) : null,
            el('span', { class: 'muted small' }, ` ${it.university_province ?? ''}`),
            it.university_id ? addButton({ university_id: it.university_id, campus: it.campus ?? null, unit: it.unit ?? null, name: it.university_name ?? it.school_name }) : null,
          ),
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

/* ---------- mirofish: the admission simulation of a list ---------- */

// The list of targets: {university_id, campus, unit, name, major}; at most 50 (the endpoint's limit). It is the reader's
// own work, so it is kept in this browser (localStorage) and survives a reload.
const SIM_MAX = 50;
const SIM_KEY = 'svc.zhiyuan.targets';
const targets = [];
const targetKey = (t) => `${t.university_id}|${t.campus ?? ''}|${t.unit ?? ''}`;

function saveTargets() {
  try {
    localStorage.setItem(SIM_KEY, JSON.stringify(targets));
  } catch {
    // storage full or disabled: the list still works for this visit
  }
}

function loadTargets() {
  try {
    const saved = JSON.parse(localStorage.getItem(SIM_KEY) ?? '[]');
    if (!Array.isArray(saved)) return;
    for (const t of saved.slice(0, SIM_MAX)) {
      if (Number.isInteger(t?.university_id) && typeof t.name === 'string') {
        const text = (v) => (typeof v === 'string' && v ? v : null);
        targets.push({ university_id: t.university_id, campus: text(t.campus), unit: text(t.unit), name: t.name, major: text(t.major) ?? '' });
      }
    }
  } catch {
    localStorage.removeItem(SIM_KEY);
  }
}

function addButton(target) {
  return el('button', { type: 'button', class: 'secondary small-button add-target', dataset: { target: targetKey(target) }, 'aria-label': `把${target.name}${target.campus ? `（${target.campus}）` : ''}加入模拟`, onclick: () => addTarget(target) }, '加入模拟');
}

function addTarget(t) {
  showError($('sim-error'), null);
  if (targets.some((x) => targetKey(x) === targetKey(t))) return;
  if (targets.length >= SIM_MAX) return showError($('sim-error'), new Error(`最多模拟 ${SIM_MAX} 个目标。`));
  targets.push({ ...t, major: '' });
  renderTargets();
}

function renderTargets() {
  const list = $('sim-targets');
  list.textContent = '';
  targets.forEach((t, i) => {
    const id = `sim-major-${i}`;
    const major = el('input', { id, type: 'text', maxlength: '50', value: t.major, placeholder: '不限', oninput: (ev) => ((t.major = ev.target.value), saveTargets()) });
    list.append(
      el(
        'li',
        { dataset: { target: targetKey(t) } },
        el('span', { class: 'target-name' }, t.name, t.campus ? el('span', { class: 'tag' }, t.campus) : null),
        el('label', { for: id, class: 'small' }, '专业关键词'),
        major,
        el('button', { type: 'button', class: 'secondary small-button', 'aria-label': `从模拟中移除${t.name}`, onclick: () => (targets.splice(targets.indexOf(t), 1), renderTargets()) }, '移除'),
      ),
    );
  });
  $('sim-empty').hidden = targets.length > 0;
  $('sim-submit').disabled = !targets.length;
  saveTargets();
}

/** The body of POST /api/simulation/mirofish for the list and the candidate in the match form. */
function simulationBody() {
  const m = formArgs($('match-form'));
  const seed = $('sim-seed').value.trim();
  return {
    province: m.province,
    ...(m.subject_type ? { subject_type: m.subject_type } : {}),
    ...(m.year !== undefined ? { year: m.year } : {}),
    score: m.score,
    targets: targets.map((t) => ({ university_id: t.university_id, ...(t.campus ? { campus: t.campus } : {}), ...(t.unit ? { unit: t.unit } : {}), ...(t.major.trim() ? { major: t.major.trim() } : {}) })),
    draws: Number($('sim-draws').value),
    ...(seed ? { seed } : {}),
  };
}

const STATUS = { ok: '已模拟', no_history: '往年无可用的录取线', not_found: '数据中没有这所院校', ambiguous: '名称对应多所院校' };

async function simulate(ev) {
  ev.preventDefault();
  if (!targets.length) return showError($('sim-error'), new Error('请先从匹配结果或院校详情中加入院校。'));
  if (formArgs($('match-form')).score === undefined) return showError($('sim-error'), new Error('请在“我的分数能上哪些学校”表单中填写省份、科类与高考总分。'));
  await guarded($('sim-submit'), $('sim-error'), async () => {
    const r = (await api('/api/simulation/mirofish', { method: 'POST', body: simulationBody() })).data;
    $('sim-summary').textContent = r.summary;
    const rank = r.candidate?.rank;
    $('sim-basis').textContent = [`${r.province} ${r.year} 年（${r.year_reason}）`, rank?.value && `你的位次约 ${fmt(rank.value)}`, `随机种子 ${r.seed}，每个目标模拟 ${fmt(r.draws)} 次`].filter(Boolean).join('；');
    $('sim-result').dataset.seed = String(r.seed);
    $('sim-model').textContent = `${r.model.name}：${r.model.description} ${r.model.labels ?? ''}`;
    const body = $('sim-body');
    body.textContent = '';
    for (const x of r.results) {
      const name = [x.university_name ?? (typeof x.input === 'object' ? x.input.university_name : x.input), x.major && ` · ${x.major}`].filter(Boolean).join('');
      body.append(
        el(
          'tr',
          { dataset: { uni: String(x.university_id ?? ''), status: x.status, label: x.label ?? '' } },
          el('td', { 'data-label': '目标' }, name),
          el('td', { 'data-label': '结果' }, x.label ? el('span', { class: `label label-${x.label}` }, x.label) : null, ` ${STATUS[x.status] ?? x.status}`),
          el('td', { class: 'num', 'data-label': '录取概率' }, typeof x.probability === 'number' ? `${probabilityOf(x)} ±${(x.se * 100).toFixed(1)}` : '—'),
          el('td', { class: 'num', 'data-label': '预计线位次' }, fmt(x.predicted_line_rank)),
          el('td', { class: 'small', 'data-label': '依据' }, ...linesOf(x).map((l) => el('div', { class: 'used-line' }, lineText(l)))),
          el('td', { class: 'small', 'data-label': '缺少' }, (x.missing ?? []).join('；') || '—'),
        ),
      );
    }
    $('sim-result').hidden = false;
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
    $('detail-add').onclick = () => addTarget({ university_id: u.id, campus: null, unit: null, name: u.name });
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
$('major-form').addEventListener('submit', majorSubmit);
$('catalogue').addEventListener('toggle', catalogue);
$('sim-form').addEventListener('submit', simulate);
$('sim-clear').addEventListener('click', () => {
  targets.length = 0;
  renderTargets();
});
loadTargets();
renderTargets();
$('match-form').addEventListener('submit', match);
$('lines-form').addEventListener('submit', lines);
$('rank-form').addEventListener('submit', rank);
$('chart-form').addEventListener('submit', chart);
$('lines-more').addEventListener('click', () => guarded($('lines-more'), $('lines-error'), () => loadLines(linesPage + 1)));
ready();
