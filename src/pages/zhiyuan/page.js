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

/* ---------- the candidate: province-aware inputs ---------- */

// GET /api/recommendation/exams: per province, each year's exam system, full mark, subject families (the first the
// default) and 选考 rule; the inputs follow it so 山东 offers 综合 and a score above the full mark is refused here.
let exams = new Map();

function examOf() {
  const p = exams.get($('m-province').value);
  return p?.years.find((y) => String(y.year) === $('m-year').value) ?? p?.years[0] ?? null;
}

function fillYears() {
  const p = exams.get($('m-province').value);
  const sel = $('m-year');
  sel.textContent = '';
  // the first year is the next exam, ranked with the latest 一分一段 table (table_year)
  for (const y of p?.years ?? []) sel.append(el('option', { value: String(y.year) }, y.table_year !== y.year ? `${y.year}（备考：按 ${y.table_year} 年一分一段表换算位次）` : String(y.year)));
  fillSubjects();
}

function fillSubjects() {
  const y = examOf();
  const sel = $('m-subject');
  const before = sel.value;
  sel.textContent = '';
  for (const f of y?.families ?? []) sel.append(el('option', { value: f.value }, f.label));
  if ((y?.families ?? []).some((f) => f.value === before)) sel.value = before;
  $('m-score').max = String(y?.max_score ?? 750);
  $('m-score-hint').textContent = y ? `${$('m-province').value} ${y.year} 年：${y.system === '文理' ? '文理分科' : `${y.system} 新高考`}，满分 ${y.max_score} 分。分数与位次填一个即可。` : '';
  const box = $('m-electives-boxes');
  const chosen = new Set(checkedElectives());
  box.textContent = '';
  $('m-electives').hidden = !y?.electives;
  if (y?.electives) {
    $('m-electives-legend').textContent = y.system === '3+3' ? `选考科目（3+3：选 ${y.electives.pick} 门）` : `再选科目（3+1+2：选 ${y.electives.pick} 门，首选科目即科类）`;
    for (const s of y.electives.from) {
      const id = `m-el-${s}`;
      box.append(el('label', { for: id, class: 'check' }, el('input', { id, type: 'checkbox', name: 'electives', value: s, checked: chosen.has(s) }), s));
    }
    $('m-electives-hint').textContent = `可不选（不按选科筛选）；选了则略去数据表明选科要求不符的院校。数据中只有部分院校给出选科要求。`;
  }
}

const checkedElectives = () => [...document.querySelectorAll('#m-electives-boxes input:checked')].map((i) => i.value);

/** The candidate from the form, or a Chinese reason why it is not valid. */
function candidate() {
  const y = examOf();
  const province = $('m-province').value;
  if (!y) return { error: `数据中没有${province}的一分一段表和录取线，无法匹配。` };
  const scoreText = $('m-score').value.trim();
  const rankText = $('m-rank').value.trim();
  if (!scoreText && !rankText) return { error: '请填写高考总分或全省位次。' };
  if (scoreText && rankText) return { error: '高考总分与位次只填一个。' };
  const out = { province, year: y.year, subject_type: $('m-subject').value };
  if (scoreText) {
    const score = Number(scoreText);
    if (!Number.isFinite(score) || score < 0 || score > y.max_score) return { error: `${province} ${y.year} 年高考满分 ${y.max_score} 分，总分应在 0–${y.max_score} 之间（你填的是 ${scoreText}）。` };
    out.score = score;
  } else {
    const rank = Number(rankText);
    if (!Number.isInteger(rank) || rank < 1) return { error: `位次应为正整数（你填的是 ${rankText}）。` };
    out.rank = rank;
  }
  const electives = checkedElectives();
  if (electives.length && y.electives && electives.length !== y.electives.pick) return { error: `选考科目应选 ${y.electives.pick} 门（现在选了 ${electives.length} 门），或都不选。` };
  if (electives.length) out.electives = electives.join(',');
  return { value: out };
}

/* ---------- match: 冲/稳/保 tabs, filters, sort, paging ---------- */

const PAGE_SIZE = 20;
const match = { query: null, label: '稳', page: 1, seq: 0 };

/** "57%（11%–91%）" from a probability and its interval. */
function probabilityOf(item) {
  const p = item.probability;
  if (typeof p !== 'number') return null;
  const [lo, hi] = Array.isArray(item.interval) ? item.interval : [];
  const pct = (x) => `${Math.round(x * 100)}%`;
  return typeof lo === 'number' && typeof hi === 'number' ? `${pct(p)}（${pct(lo)}–${pct(hi)}）` : pct(p);
}

/** The lines an entry was compared with, newest first. */
function linesOf(item) {
  return [...(item.lines ?? [])].sort((a, b) => (b.year ?? 0) - (a.year ?? 0));
}

function lineText(l) {
  const where = [l.year && `${l.year} 年`, l.data_type, l.batch, l.major_group, l.major_name].filter(Boolean).join(' · ');
  const figures = [typeof l.min_score === 'number' && `最低 ${l.min_score} 分`, typeof l.min_rank === 'number' && `位次 ${fmt(l.min_rank)}`, typeof l.equivalent_score === 'number' && `折合今年 ${l.equivalent_score} 分`].filter(Boolean).join('，');
  return figures ? `${where}：${figures}` : where;
}

function basisText(r) {
  const parts = [];
  if (r.rank?.value) parts.push(`你的位次约 ${fmt(r.rank.value)}（${r.rank.source === 'given' ? '你填的位次' : `${r.rank.table?.year ?? r.year} 年一分一段表`}）`);
  if (Array.isArray(r.bases) && r.bases.length) parts.push(`比较：${r.bases.map((b) => `${b.year} 年${b.basis}（${b.universities} 所）`).join('、')}`);
  if (r.model) parts.push(`模型 ${r.model}`);
  const lo = r.workbench_left_out ?? {};
  const left = [lo.major_class && `往年未在本省录取该专业类 ${lo.major_class} 所`, lo.region && `所在地不符 ${lo.region} 所`, lo.city && `城市不符 ${lo.city} 所`, lo.nature && `办学性质不符 ${lo.nature} 所`, lo.elective && `选科要求不符 ${lo.elective} 所`, r.left_out?.filtered && `层次或类型不符 ${r.left_out.filtered} 所`].filter(Boolean);
  if (left.length) parts.push(`已按筛选略去：${left.join('、')}`);
  return parts.join('；');
}

function entryTarget(it) {
  return { university_id: it.university_id, campus: it.campus ?? null, unit: it.unit ?? null, name: it.university_name ?? it.school_name };
}

function matchCard(it) {
  const flags = [...(it.tags ?? [])];
  const where = [it.university_province, it.city && it.city !== it.university_province ? it.city : null, it.nature, it.type, it.ranking ? `软科 ${it.ranking}` : null].filter(Boolean).join(' · ');
  const plan = it.plan ? `${it.plan.year} 年在本省的招生计划：${it.plan.plan_count === null ? '人数未公布' : `${fmt(it.plan.plan_count)} 人`}（${it.plan.rows} 条计划）` : '数据中没有该校今年在本省的招生计划';
  const elective = it.elective ? `选科要求（${it.elective.source === 'plan' ? '今年招生计划' : '往年录取线'}）：${it.elective.texts.slice(0, 4).join('；')}${it.elective.texts.length > 4 ? ' 等' : ''}${it.elective.fits === true ? '（你的选科符合）' : ''}` : null;
  return el(
    'li',
    { class: 'match-card', dataset: { uni: String(it.university_id ?? ''), label: it.label, probability: String(it.probability ?? '') } },
    el(
      'div',
      { class: 'card-head' },
      el('span', { class: `label label-${it.label}` }, it.label),
      it.university_id ? uniButton(it.university_id, it.university_name ?? it.school_name) : el('strong', {}, it.school_name),
      it.campus ? el('span', { class: 'tag' }, it.campus) : null,
      ...flags.map((f) => el('span', { class: 'tag' }, f)),
    ),
    el('p', { class: 'small muted' }, where),
    el(
      'p',
      { class: 'prob' },
      typeof it.probability === 'number' ? ['录取概率 ', el('strong', { class: 'prob-value' }, probabilityOf(it)), typeof it.rank_diff_pct === 'number' ? el('span', { class: 'small muted' }, `；预计线位次比你${it.rank_diff_pct >= 0 ? '靠后' : '靠前'} ${Math.abs(it.rank_diff_pct).toFixed(1)}%`) : null] : `分差：往年线比你的分数${it.score_diff >= 0 ? '高' : '低'} ${Math.abs(it.score_diff)} 分（无一分一段表，不给概率）`,
    ),
    el('ul', { class: 'used-lines small' }, linesOf(it).map((l) => el('li', {}, lineText(l)))),
    el('p', { class: 'small' }, plan),
    elective ? el('p', { class: 'small' }, elective) : null,
    it.university_id ? addButton(entryTarget(it)) : null,
  );
}

function clearMatch(stale) {
  match.seq++;
  match.query = null;
  $('match-result').hidden = true;
  $('match-list').textContent = '';
  $('match-stale').hidden = !stale;
}

/** Fetches a page of the current tab; page 1 replaces the list. */
async function loadMatch(page) {
  const seq = ++match.seq;
  const filters = formArgs($('match-filters'));
  const r = (await api(`/api/recommendation/match?${new URLSearchParams({ ...match.query, ...filters, label: match.label, page: String(page), page_size: String(PAGE_SIZE) })}`)).data;
  if (seq !== match.seq) return; // the input changed meanwhile: this answer is stale
  match.page = page;
  $('match-summary').textContent = summaryText(r);
  $('match-thresholds').textContent = r.thresholds ?? '';
  $('match-basis').textContent = basisText(r);
  for (const b of document.querySelectorAll('.tabs [role=tab]')) {
    b.querySelector('.count').textContent = `（${r.counts[b.dataset.label]}）`;
    b.setAttribute('aria-selected', String(b.dataset.label === match.label));
    b.tabIndex = b.dataset.label === match.label ? 0 : -1;
  }
  $('match-panel').setAttribute('aria-labelledby', `tab-${match.label}`);
  const list = $('match-list');
  if (page === 1) list.textContent = '';
  for (const it of r.items) list.append(matchCard(it));
  if (!r.total) list.append(el('li', { class: 'muted' }, `没有落在“${match.label}”范围内的院校${r.counts.冲 + r.counts.稳 + r.counts.保 ? '；看看其他标签或放宽筛选' : ''}。`));
  $('match-page-note').textContent = r.total ? `${match.label}：共 ${r.total} 所，已列出 ${Math.min(r.total, page * PAGE_SIZE)} 所。` : '';
  $('match-more').hidden = !r.has_more;
  $('match-result').hidden = false;
  $('match-stale').hidden = true;
}

function summaryText(r) {
  const who = r.rank ? (r.rank.source === 'given' ? `位次 ${fmt(r.rank.value)}` : `${r.score} 分约为第 ${fmt(r.rank.value)} 名`) : `${r.score} 分`;
  const total = r.counts.冲 + r.counts.稳 + r.counts.保;
  return `${r.province} ${r.year ?? ''} 年${r.subject_label ?? ''}，${who}：${total ? `符合的院校共 ${total} 所（冲 ${r.counts.冲}、稳 ${r.counts.稳}、保 ${r.counts.保}）。` : r.summary}`;
}

async function matchSubmit(ev) {
  ev.preventDefault();
  const c = candidate();
  clearMatch(false);
  if (c.error) return showError($('match-error'), new Error(c.error));
  match.query = Object.fromEntries(Object.entries(c.value).map(([k, v]) => [k, String(v)]));
  await guarded($('match-submit'), $('match-error'), async () => {
    try {
      await loadMatch(1);
    } catch (e) {
      clearMatch(false);
      throw e;
    }
  });
}

async function reloadMatch() {
  if (!match.query) return;
  await guarded($('match-submit'), $('match-error'), () => loadMatch(1));
}

function selectTab(label) {
  if (match.label === label) return;
  match.label = label;
  reloadMatch();
}

/* ---------- the 志愿表: the reader's ordered list, simulated by mirofish ---------- */

// Targets: {university_id, campus, unit, name, major}; at most 50 (the endpoint's limit). The reader's own work, kept in
// this browser (localStorage), so it survives a reload.
const SIM_MAX = 50;
const SIM_KEY = 'svc.zhiyuan.targets';
const targets = [];
const targetKey = (t) => `${t.university_id}|${t.campus ?? ''}|${t.unit ?? ''}`;
let lastSim = null;

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
  return el('button', { type: 'button', class: 'secondary small-button add-target', dataset: { target: targetKey(target) }, 'aria-label': `把${target.name}${target.campus ? `（${target.campus}）` : ''}加入志愿表`, onclick: () => addTarget(target) }, '加入志愿表');
}

function addTarget(t) {
  showError($('sim-error'), null);
  if (targets.some((x) => targetKey(x) === targetKey(t))) return;
  if (targets.length >= SIM_MAX) return showError($('sim-error'), new Error(`志愿表最多 ${SIM_MAX} 个志愿。`));
  targets.push({ ...t, major: '' });
  renderTargets();
}

/** The list changed: the last simulation no longer describes it. */
function listChanged() {
  lastSim = null;
  $('sim-result').hidden = true;
  saveTargets();
}

function move(t, by) {
  const i = targets.indexOf(t);
  const j = i + by;
  if (j < 0 || j >= targets.length) return;
  [targets[i], targets[j]] = [targets[j], targets[i]];
  renderTargets();
  $('sim-targets').children[j]?.querySelector(by < 0 ? '.up' : '.down')?.focus();
}

function renderTargets() {
  const list = $('sim-targets');
  list.textContent = '';
  targets.forEach((t, i) => {
    const id = `sim-major-${i}`;
    const name = `${t.name}${t.campus ? `（${t.campus}）` : ''}`;
    const major = el('input', { id, type: 'text', maxlength: '50', value: t.major, placeholder: '不限', oninput: (ev) => ((t.major = ev.target.value), listChanged()) });
    list.append(
      el(
        'li',
        { dataset: { target: targetKey(t) } },
        el('span', { class: 'target-name' }, t.name, t.campus ? el('span', { class: 'tag' }, t.campus) : null),
        el('label', { for: id, class: 'small' }, '专业关键词'),
        major,
        el('span', { class: 'target-actions' },
          el('button', { type: 'button', class: 'secondary small-button up', 'aria-label': `把${name}上移`, disabled: i === 0, onclick: () => move(t, -1) }, '上移'),
          el('button', { type: 'button', class: 'secondary small-button down', 'aria-label': `把${name}下移`, disabled: i === targets.length - 1, onclick: () => move(t, 1) }, '下移'),
          el('button', { type: 'button', class: 'secondary small-button', 'aria-label': `从志愿表中移除${name}`, onclick: () => (targets.splice(targets.indexOf(t), 1), renderTargets()) }, '移除'),
        ),
      ),
    );
  });
  $('sim-empty').hidden = targets.length > 0;
  for (const id of ['sim-submit', 'sim-csv', 'sim-print']) $(id).disabled = !targets.length;
  listChanged();
}

/** The body of POST /api/simulation/mirofish for the list and the candidate in the match form. */
function simulationBody(c) {
  const seed = $('sim-seed').value.trim();
  const { electives: _electives, ...who } = c;
  return {
    ...who,
    targets: targets.map((t) => ({ university_id: t.university_id, ...(t.campus ? { campus: t.campus } : {}), ...(t.unit ? { unit: t.unit } : {}), ...(t.major.trim() ? { major: t.major.trim() } : {}) })),
    draws: Number($('sim-draws').value),
    ...(seed ? { seed } : {}),
  };
}

const STATUS = { ok: '已模拟', no_history: '往年无可用的录取线', not_found: '数据中没有这所院校', ambiguous: '名称对应多所院校' };
const pct = (x) => `${(x * 100).toFixed(1)}%`;

/** Warnings about the list as a whole: too risky, or places wasted. */
function listWarnings(r) {
  const ok = r.results.map((x, i) => ({ ...x, i })).filter((x) => x.status === 'ok');
  const out = [];
  if (!ok.length) return ['志愿表中没有可模拟的院校（往年无录取线），无法估计录取机会。'];
  if (ok.every((x) => x.label === '冲' || x.label === '难')) out.push('风险过高：志愿表里全是“冲”或更难的院校，很可能一个也录不上；请加入几所“稳”和“保”的院校。');
  else if (r.list.at_least_one < 0.9) out.push(`风险偏高：至少被录取一个的概率只有 ${pct(r.list.at_least_one)}；可以再加“保”的院校。`);
  const sure = ok.find((x) => x.probability >= 0.99);
  const after = sure ? targets.length - sure.i - 1 : 0;
  if (sure && after > 0) out.push(`浪费志愿：第 ${sure.i + 1} 个志愿（${targets[sure.i].name}）录取概率约 ${pct(sure.probability)}，排在它后面的 ${after} 个志愿几乎用不上；可以把它后移，前面多填想冲的院校。`);
  const inversion = ok.find((x, k) => ok.slice(k + 1).some((y) => y.probability > x.probability + 0.3 && x.probability >= 0.8));
  if (inversion) out.push(`顺序可能不当：第 ${inversion.i + 1} 个志愿把握较大，却排在更难的院校前面；平行志愿按顺序检索，把握大的通常放在后面。`);
  return out;
}

async function simulate(ev) {
  ev.preventDefault();
  if (!targets.length) return showError($('sim-error'), new Error('请先从匹配结果或院校详情中加入院校。'));
  const c = candidate();
  if (c.error) return showError($('sim-error'), new Error(`请先在“我的分数能上哪些学校”中填好：${c.error}`));
  $('sim-result').hidden = true;
  await guarded($('sim-submit'), $('sim-error'), async () => {
    const r = (await api('/api/simulation/mirofish', { method: 'POST', body: simulationBody(c.value) })).data;
    lastSim = r;
    $('sim-summary').textContent = `${r.province} ${r.year} 年，你的位次约 ${fmt(r.candidate.rank.value)}：${r.results.filter((x) => x.status === 'ok').length} 个志愿可模拟，${r.results.filter((x) => x.status === 'no_history').length} 个往年无可用的录取线，${r.results.filter((x) => x.status === 'not_found' || x.status === 'ambiguous').length} 个未能确定院校。`;
    $('sim-list').textContent = `按这个顺序填报，至少被录取一个的概率约 ${pct(r.list.at_least_one)}（±${(r.list.se * 100).toFixed(1)} 个百分点）。`;
    const warnings = $('sim-warnings');
    warnings.textContent = '';
    for (const w of listWarnings(r)) warnings.append(el('li', {}, w));
    $('sim-basis').textContent = [`随机种子 ${r.seed}，每个志愿模拟 ${fmt(r.draws)} 次`].join('；');
    $('sim-result').dataset.seed = String(r.seed);
    $('sim-model').textContent = `${r.model.name}：${r.model.description} ${r.model.labels ?? ''}`;
    const body = $('sim-body');
    body.textContent = '';
    r.results.forEach((x, i) => {
      const name = `${i + 1}. ${targets[i]?.name ?? x.university_name ?? ''}${x.major ? ` · ${x.major}` : ''}`;
      body.append(
        el(
          'tr',
          { dataset: { uni: String(x.university_id ?? ''), status: x.status, label: x.label ?? '' } },
          el('td', { 'data-label': '志愿' }, name),
          el('td', { 'data-label': '结果' }, x.label ? el('span', { class: `label label-${x.label}` }, x.label) : null, ` ${STATUS[x.status] ?? x.status}`),
          el('td', { class: 'num', 'data-label': '录取概率' }, typeof x.probability === 'number' ? probabilityOf(x) : '—'),
          el('td', { class: 'num', 'data-label': '由此录取' }, typeof r.list.admitted_by[i] === 'number' ? pct(r.list.admitted_by[i]) : '—'),
          el('td', { class: 'num', 'data-label': '预计线位次' }, fmt(x.predicted_line_rank)),
          el('td', { class: 'small', 'data-label': '依据' }, el('div', {}, ...linesOf(x).map((l) => el('div', { class: 'used-line' }, lineText(l))))),
          el('td', { class: 'small', 'data-label': '缺少' }, (x.missing ?? []).join('；') || '—'),
        ),
      );
    });
    $('sim-result').hidden = false;
  });
}

/** The list as CSV (with a BOM so spreadsheet programs read the Chinese), with the last simulation's figures. */
function exportCsv() {
  const cell = (v) => `"${String(v ?? '').replace(/"/g, '""')}"`;
  const head = ['序号', '院校', '校区', '办学单位', '专业关键词', '院校 id', '结果', '录取概率', '区间下限', '区间上限', '由此志愿录取的概率'];
  const rows = targets.map((t, i) => {
    const x = lastSim?.results[i];
    return [i + 1, t.name, t.campus, t.unit, t.major, t.university_id, x?.label ?? '', x?.probability ?? '', x?.interval?.[0] ?? '', x?.interval?.[1] ?? '', lastSim?.list.admitted_by[i] ?? ''];
  });
  if (lastSim) rows.push(['', '至少被录取一个的概率', '', '', '', '', '', lastSim.list.at_least_one]);
  const csv = '\ufeff' + [head, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
  const a = el('a', { href: URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' })), download: '志愿表.csv' });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function printList() {
  document.body.classList.add('print-list');
  window.addEventListener('afterprint', () => document.body.classList.remove('print-list'), { once: true });
  window.print();
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
  if (select.id !== 'c-province') select.append(el('option', { value: '' }, '请选择'));
  for (const p of PROVINCES) select.append(el('option', { value: p }, p));
}
for (const select of document.querySelectorAll('.subject-select')) for (const [v, t] of SUBJECTS) select.append(el('option', { value: v }, t));
for (const p of PROVINCES) $('m-province').append(el('option', { value: p }, p));
$('m-province').value = '河南';

$('search-form').addEventListener('submit', search);
$('major-form').addEventListener('submit', majorSubmit);
$('catalogue').addEventListener('toggle', catalogue);
$('sim-form').addEventListener('submit', simulate);
$('sim-clear').addEventListener('click', () => {
  targets.length = 0;
  renderTargets();
});
$('sim-csv').addEventListener('click', exportCsv);
$('sim-print').addEventListener('click', printList);
loadTargets();
renderTargets();
// any change to the candidate clears the result it no longer describes; a filter or the sort reloads the tab
$('m-province').addEventListener('change', fillYears);
$('m-year').addEventListener('change', fillSubjects);
$('match-form').addEventListener('input', () => {
  showError($('match-error'), null);
  if (match.query || !$('match-result').hidden) clearMatch(true);
  if (lastSim) listChanged();
});
$('match-form').addEventListener('submit', matchSubmit);
$('match-filters').addEventListener('change', reloadMatch);
// the 专业类 names for the filter's suggestions, once the filters are opened
$('match-filters').addEventListener('toggle', async () => {
  if (!$('match-filters').open || $('f-class-list').children.length) return;
  try {
    const { categories } = await legacy('/api/majors/categories', {});
    for (const c of categories) for (const sc of c.subcategories) $('f-class-list').append(el('option', { value: sc.name }, `${sc.code} ${c.name}`));
  } catch {
    // suggestions only: the field still takes what is typed
  }
});
for (const b of document.querySelectorAll('.tabs [role=tab]')) b.addEventListener('click', () => selectTab(b.dataset.label));
$('match-more').addEventListener('click', () => guarded($('match-more'), $('match-error'), () => loadMatch(match.page + 1)));
$('lines-form').addEventListener('submit', lines);
$('rank-form').addEventListener('submit', rank);
$('chart-form').addEventListener('submit', chart);
$('lines-more').addEventListener('click', () => guarded($('lines-more'), $('lines-error'), () => loadLines(linesPage + 1)));

try {
  exams = new Map((await legacy('/api/recommendation/exams', {})).provinces.map((p) => [p.province, p]));
} catch (e) {
  showError($('match-error'), e);
}
fillYears();
ready();
