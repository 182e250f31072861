// The volunteer-filling page. Every figure comes from the site's data: search, the major ranking and catalogue, the
// rank table and the admission simulation through the public legacy endpoints (/api/recommendation/*, /api/majors/*,
// POST /api/simulation/mirofish, in the {code, message, data} envelope), the rest through the same-origin page API
// (POST /page-api/{tool}: the same tools and answers as /v1/tools/{tool}). This script lays them out, draws the chart of a university's lines with /assets/chart.js, and
// shows what the service refused in words.
import { $, api, ApiError, el, ready, showError } from '/assets/site.js';
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

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The longest wait (s) retried by itself; a longer one is said in the section's alert, with its wait, at once. */
const AUTO_RETRY_MAX = 15;

/**
 * Runs a request, retrying a 429 (too many requests) or 503 (service unavailable) up to 5 times after the wait the
 * service asks for (Retry-After, else 2, 4, 8 … s), with the countdown shown in `statusNode`; a busy service is never
 * shown as "no data". A wait longer than AUTO_RETRY_MAX, and any other refusal, is thrown as it is (the caller shows
 * it in words, the service's wait included). `onWait` runs when a countdown starts (the page is then settled: it
 * shows what it is waiting for).
 */
async function withRetry(fn, statusNode, what, onWait) {
  for (let attempt = 0; ; attempt++) {
    try {
      const out = await fn();
      statusNode.hidden = true;
      statusNode.textContent = '';
      return out;
    } catch (e) {
      const asked = Number(e?.retryAfter);
      if (!(e instanceof ApiError) || (e.status !== 429 && e.status !== 503) || attempt >= 5 || (Number.isFinite(asked) && asked > AUTO_RETRY_MAX)) {
        statusNode.hidden = true;
        throw e;
      }
      let wait = Number.isFinite(asked) && asked > 0 ? Math.ceil(asked) : Math.min(AUTO_RETRY_MAX, 2 ** (attempt + 1));
      const why = e.status === 429 ? '请求太频繁' : '服务暂时不可用';
      onWait?.();
      statusNode.hidden = false;
      for (; wait > 0; wait--) {
        statusNode.textContent = `${what}：${why}，${wait} 秒后自动重试（第 ${attempt + 1} 次）…`;
        await sleep(1000);
      }
      statusNode.textContent = `${what}：正在重试…`;
    }
  }
}

/** Runs an action with its button marked busy and its errors shown in the section's alert. Busy is aria-disabled,
 * not disabled: a disabled button would drop the keyboard's focus to the page. A second run while one is in flight
 * goes ahead (a filter changed twice must load the second): the actions drop an answer that is no longer current. */
async function guarded(button, alertNode, action) {
  showError(alertNode, null);
  button.setAttribute('aria-disabled', 'true');
  try {
    await action();
  } catch (e) {
    showError(alertNode, e);
  } finally {
    button.removeAttribute('aria-disabled');
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
  // the exam facts not loaded (a refused or failed request) is not "no data": say what happened
  if (!exams.size) return { error: '各省的考试信息还没有载入（正在重试或网络有问题），请稍候再试或刷新页面。' };
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
const match = { query: null, candidate: null, label: '稳', page: 1, seq: 0 };

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
    it.university_id ? cardActions(it) : null,
  );
}

/**
 * A card's actions: 加入志愿表 adds at once the university's unit this card stands for (same campus and programme,
 * the label and chance nearest the card's), so one tap gives an entry; 其他志愿单位 opens all its units (groups or
 * majors), each with its own 加入 button.
 */
function cardActions(it) {
  const name = it.university_name ?? it.school_name;
  const box = el('div', { class: 'units-box' });
  const add = el('button', { type: 'button', class: 'small-button add-target', 'aria-label': `把${name}加入志愿表`, dataset: { uni: String(it.university_id) }, onclick: () => addCardUnit(it, add) }, '加入志愿表');
  const more = el('button', { type: 'button', class: 'secondary small-button open-units', 'aria-expanded': 'false', 'aria-label': `${name}的其他志愿单位`, onclick: () => openUnits(it.university_id, box, more) }, '其他志愿单位');
  return el('div', {}, el('div', { class: 'target-actions' }, add, more), box);
}

/** The unit of a university a match card stands for: same campus and programme; then the card's label; then the
 * chance nearest the card's. Null when the university has no unit for the candidate. */
function cardUnit(it, units) {
  const same = units.filter((u) => (u.campus ?? null) === (it.campus ?? null) && (u.unit ?? null) === (it.unit ?? null));
  const pool = same.length ? same : units;
  const scored = pool.filter((u) => typeof u.probability === 'number');
  if (!scored.length) return pool[0] ?? null;
  const p = typeof it.probability === 'number' ? it.probability : 0.5;
  return [...scored].sort((a, b) => Number(b.label === it.label) - Number(a.label === it.label) || Math.abs(a.probability - p) - Math.abs(b.probability - p))[0];
}

async function addCardUnit(it, button) {
  const c = match.candidate;
  if (!c) return showError($('sim-error'), new Error('请先在“我的分数能上哪些学校”中填好考生信息并匹配。'));
  // busy, not disabled: a disabled button drops the keyboard's focus to the page
  if (button.getAttribute('aria-disabled') === 'true') return;
  button.setAttribute('aria-disabled', 'true');
  setStatus(`正在把「${it.university_name ?? it.school_name}」加入志愿表…`);
  try {
    const d = await withRetry(() => legacy('/api/recommendation/units', { ...unitsQuery(c), university_id: String(it.university_id) }), $('sim-retry'), '载入志愿单位');
    const u = cardUnit(it, d.units);
    if (!u) return setStatus(d.summary);
    addEntry({ ...u, unit_kind: d.unit }, button);
  } catch (e) {
    setStatus('');
    showError($('sim-error'), e);
  } finally {
    button.removeAttribute('aria-disabled');
  }
}

const unitsQuery = ({ electives: _e, ...who }) => Object.fromEntries(Object.entries(who).map(([k, v]) => [k, String(v)]));

function clearMatch(stale) {
  match.seq++;
  match.query = null;
  match.candidate = null;
  $('match-result').hidden = true;
  $('match-list').textContent = '';
  $('match-stale').hidden = !stale;
}

/** Fetches a page of the current tab; page 1 replaces the list. */
async function loadMatch(page) {
  const seq = ++match.seq;
  const filters = formArgs($('match-filters'));
  const sure = $('show-sure').checked;
  if (!sure && match.label === '垫底') match.label = '保';
  const r = (await withRetry(() => api(`/api/recommendation/match?${new URLSearchParams({ ...match.query, ...filters, label: match.label, page: String(page), page_size: String(PAGE_SIZE), ...(sure ? { sure: 'true' } : {}) })}`), $('match-retry'), '匹配')).data;
  if (seq !== match.seq) return; // the input changed meanwhile: this answer is stale
  match.page = page;
  // the open tab in the address too, so back and forward return to it
  const here = new URLSearchParams(location.search);
  if (here.get('province') && here.get('label') !== match.label) {
    here.set('label', match.label);
    history.replaceState(null, '', `${location.pathname}?${here}${location.hash}`);
  }
  $('match-summary').textContent = summaryText(r);
  $('match-thresholds').textContent = r.thresholds ?? '';
  $('match-basis').textContent = basisText(r);
  $('tab-垫底').hidden = !sure;
  for (const b of document.querySelectorAll('.tabs [role=tab]')) {
    b.querySelector('.count').textContent = `（${r.counts[b.dataset.label] ?? 0}）`;
    b.setAttribute('aria-selected', String(b.dataset.label === match.label));
    b.tabIndex = b.dataset.label === match.label ? 0 : -1;
  }
  $('match-panel').setAttribute('aria-labelledby', `tab-${match.label}`);
  const list = $('match-list');
  if (page === 1) list.textContent = '';
  for (const it of r.items) list.append(matchCard(it));
  if (!r.total) list.append(el('li', { class: 'muted' }, `没有落在“${match.label}”范围内的院校${r.counts.冲 + r.counts.稳 + r.counts.保 + (r.counts.垫底 ?? 0) ? '；看看其他标签或放宽筛选' : ''}。`));
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
  ev?.preventDefault();
  const c = candidate();
  clearMatch(false);
  if (c.error) return showError($('match-error'), new Error(c.error));
  match.query = Object.fromEntries(Object.entries(c.value).map(([k, v]) => [k, String(v)]));
  match.candidate = { ...c.value };
  saveCandidate(c.value);
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

/** WAI-ARIA tabs: the arrow keys (and Home/End) move to the next visible tab and select it. */
function tabKeys(ev) {
  const tabs = [...document.querySelectorAll('.tabs [role=tab]')].filter((t) => !t.hidden);
  const i = tabs.indexOf(document.activeElement);
  if (i < 0) return;
  const to = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: tabs.length - 1 }[ev.key];
  if (to === undefined) return;
  ev.preventDefault();
  const t = tabs[(to + tabs.length) % tabs.length];
  for (const x of tabs) x.tabIndex = x === t ? 0 : -1;
  t.focus();
  selectTab(t.dataset.label);
}

/** The candidate in the address (so back and forward keep it) and in this browser (so a reload does). */
const CANDIDATE_KEY = 'svc.zhiyuan.candidate';
function saveCandidate(c) {
  const q = new URLSearchParams(Object.entries(c).map(([k, v]) => [k, String(v)]));
  history.replaceState(null, '', `${location.pathname}?${q}${location.hash}`);
  try {
    localStorage.setItem(CANDIDATE_KEY, JSON.stringify(c));
  } catch {
    // storage disabled: the address still holds it
  }
}
function savedCandidate() {
  const q = new URLSearchParams(location.search);
  if (q.get('province')) {
    const c = { province: q.get('province'), year: q.get('year'), subject_type: q.get('subject_type') ?? '' };
    if (q.get('score')) c.score = Number(q.get('score'));
    else if (q.get('rank')) c.rank = Number(q.get('rank'));
    if (q.get('electives')) c.electives = q.get('electives');
    return c;
  }
  try {
    return JSON.parse(localStorage.getItem(CANDIDATE_KEY) ?? 'null');
  } catch {
    return null;
  }
}

/* ---------- the 志愿表: the province's units, in order, with the candidate it was made for ---------- */

// The list is the reader's work, kept in this browser (localStorage) together with the candidate it was made for, so
// a reload, back or forward brings both back, and a list made for one province is never simulated as another's.
// Entries are the province's units (GET /api/recommendation/units): 院校专业组 with its code and majors, 专业+院校,
// or 院校; each carries its label and probability from the moment it is added.
const LIST_KEY = 'svc.zhiyuan.list';
const LIST_MAX = 120;
const list = { candidate: null, entries: [] };
const entryKey = (e) => [e.university_id, e.campus ?? '', e.unit ?? '', e.major_group ?? '', e.major_name ?? ''].join('|');
let rules = new Map();
let lastSim = null;

const sameExam = (a, b) => Boolean(a && b) && a.province === b.province && String(a.year) === String(b.year) && (a.subject_type ?? '') === (b.subject_type ?? '');
const candidateText = (c) => (c ? `${c.province} ${c.year} 年${c.subject_type ? ` ${familyText(c)}` : ''}，${c.score !== undefined ? `${c.score} 分` : `位次 ${fmt(c.rank)}`}` : '');
function familyText(c) {
  const y = exams.get(c.province)?.years.find((x) => String(x.year) === String(c.year));
  return y?.families.find((f) => f.value === c.subject_type)?.label ?? c.subject_type;
}

function saveList() {
  try {
    localStorage.setItem(LIST_KEY, JSON.stringify({ v: 2, candidate: list.candidate, entries: list.entries }));
  } catch {
    // storage full or disabled: the list still works for this visit
  }
}

function loadList() {
  localStorage.removeItem('svc.zhiyuan.targets'); // the old list of universities carried no candidate: not reusable
  try {
    const saved = JSON.parse(localStorage.getItem(LIST_KEY) ?? 'null');
    if (!saved || saved.v !== 2 || !Array.isArray(saved.entries)) return;
    if (saved.candidate && typeof saved.candidate.province === 'string') list.candidate = saved.candidate;
    for (const e of saved.entries.slice(0, LIST_MAX)) if (Number.isInteger(e?.university_id) && typeof e.name === 'string') list.entries.push({ majors: [], excluded: [], lines: [], years: [], ...e });
  } catch {
    localStorage.removeItem(LIST_KEY);
  }
}

/** The rule of the list's province-year (GET /api/recommendation/rules), or null, read as the service reads the
 * table (volunteer-rules.ts ruleFor): the year's own row, else the province's latest earlier row of a year with the
 * same exam system (the box then says which year's text it is). */
function ruleOf(c) {
  if (!c) return null;
  const exact = rules.get(`${c.province}|${c.year}`);
  if (exact) return exact;
  const systemOf = (y) => exams.get(c.province)?.years.find((x) => String(x.year) === String(y))?.system ?? null;
  const system = systemOf(c.year);
  const earlier = [...rules.values()].filter((r) => r.province === c.province && r.year < Number(c.year) && system && systemOf(r.year) === system);
  return earlier.sort((a, b) => b.year - a.year)[0] ?? null;
}

function renderRule() {
  // the list's candidate, else the province and year chosen in the form (the rule shows before a score is typed)
  const y = exams.size ? examOf() : null;
  const c = list.candidate ?? (y ? { province: $('m-province').value, year: y.year } : null);
  const box = $('sim-rule');
  box.textContent = '';
  const r = ruleOf(c);
  box.dataset.unit = r?.unit ?? '';
  box.dataset.volunteers = r ? String(r.volunteers) : '';
  if (!c) return;
  if (!r) {
    box.append(el('p', {}, `本站没有${c.province} ${c.year} 年志愿填报规则的原文（只收录能引到省级考试院原文的规则），志愿个数和单位请以考试院公布为准；本页按数据中往年的线别列出志愿单位。`));
    return;
  }
  const adjust = r.adjustment === 'choice' ? '每个志愿可选是否服从调剂' : r.adjustment === 'not_applicable' ? '一个志愿就是一个专业，没有组内调剂' : null;
  box.append(
    String(r.year) !== String(c.year) ? el('p', {}, `本站没有${c.province} ${c.year} 年的规则原文；下面是同一高考模式下最近的 ${r.year} 年规则，${c.year} 年请以考试院公布为准。`) : '',
    el('p', {}, el('strong', {}, `${r.province} ${r.year} 年${r.batch}：`), `一个志愿是一个“${r.unit}”，最多填 ${r.volunteers} 个`, r.majors_per_unit && r.unit !== '专业+院校' ? `，每个志愿内可填 ${r.majors_per_unit} 个专业` : '', adjust ? `；${adjust}` : '', r.rounds ? `；该批次共 ${r.rounds} 次（段）填报` : '', r.batch_order ? `；批次顺序：${r.batch_order.join(' → ')}` : '', '。'),
    el('p', { class: 'muted' }, '来源：', ...r.sources.flatMap((src, i) => [i ? '；' : '', el('a', { href: src.url, rel: 'noopener noreferrer', target: '_blank' }, `《${src.title}》`), `（${src.publisher}${src.published ? `，${src.published}` : ''}）`]), r.dates.length ? '' : '。填报时间请看考试院当年的通知（本表未收录日期）。'),
  );
}

function setStatus(text) {
  $('sim-status').textContent = text;
}

/** The candidate the list belongs to against the one in the form: a list is only simulated for its own candidate. */
function checkOwner() {
  const c = candidate().value ?? null;
  const owner = list.candidate;
  const mismatch = Boolean(owner && list.entries.length && c && !sameExam(owner, c));
  $('sim-mismatch').hidden = !mismatch;
  if (mismatch) $('sim-mismatch-text').textContent = `这张志愿表是为 ${candidateText(owner)} 的考生排的，上面表单里现在是 ${candidateText(c)}；不同省份、年份或科类的志愿不能混用。`;
  $('sim-owner').textContent = owner && list.entries.length ? `这张志愿表的考生：${candidateText(owner)}。` : '';
  return !mismatch;
}

/** Puts a saved candidate back into the form. */
function restoreCandidate(c) {
  if (!c || !exams.has(c.province)) return;
  $('m-province').value = c.province;
  fillYears();
  if ([...$('m-year').options].some((o) => o.value === String(c.year))) $('m-year').value = String(c.year);
  fillSubjects();
  if (c.subject_type && [...$('m-subject').options].some((o) => o.value === c.subject_type)) $('m-subject').value = c.subject_type;
  $('m-score').value = c.score !== undefined ? String(c.score) : '';
  $('m-rank').value = c.rank !== undefined ? String(c.rank) : '';
  const chosen = new Set(String(c.electives ?? '').split(',').filter(Boolean));
  for (const box of document.querySelectorAll('#m-electives-boxes input')) box.checked = chosen.has(box.value);
}

function addEntry(u, button) {
  showError($('sim-error'), null);
  const c = match.candidate;
  if (!c) return showError($('sim-error'), new Error('请先在“我的分数能上哪些学校”中填好考生信息并匹配。'));
  if (list.entries.length && list.candidate && !sameExam(list.candidate, c)) return showError($('sim-error'), new Error(`志愿表是为 ${candidateText(list.candidate)} 排的，不能加入 ${c.province} ${c.year} 年的志愿；先清空志愿表或恢复它的考生信息。`));
  const entry = { university_id: u.university_id, campus: u.campus ?? null, unit: u.unit ?? null, name: u.name, school_code: u.school_code ?? null, major_group: u.major_group ?? null, major_name: u.major_name ?? null, majors: u.majors ?? [], excluded: [], plan: u.plan ?? null, probability: u.probability ?? null, label: u.label ?? null, years: u.years ?? [], lines: (u.lines ?? []).map(lineText), unit_kind: u.unit_kind };
  const at = list.entries.findIndex((e) => entryKey(e) === entryKey(entry));
  if (at >= 0) {
    setStatus(`「${entry.name}」已在志愿表中（第 ${at + 1} 个）。`);
    return;
  }
  const allowed = ruleOf(c)?.volunteers ?? LIST_MAX;
  if (list.entries.length >= Math.min(allowed, LIST_MAX)) return showError($('sim-error'), new Error(`志愿表已有 ${list.entries.length} 个志愿，${ruleOf(c) ? `${c.province} ${c.year} 年最多可填 ${allowed} 个` : `本页最多 ${LIST_MAX} 个`}。`));
  list.candidate = { ...c };
  list.entries.push(entry);
  renderTargets();
  const n = list.entries.length;
  setStatus(`已加入志愿表：第 ${n} 个「${entry.name}」${typeof entry.probability === 'number' ? `，录取概率 ${pct(entry.probability)}（${entry.label}）` : '，往年无可用的线，无法估计概率'}。`);
  if (button) {
    button.textContent = `已加入（第 ${n} 个）`;
    button.setAttribute('aria-label', `已加入（第 ${n} 个）：${entry.name}`); // stays focusable: focus never drops to the page
  }
}

/** The units of a university for the matched candidate, each with its own 加入 button, shown in `box`. */
async function openUnits(universityId, box, opener) {
  const c = match.candidate;
  if (!c) return showError($('sim-error'), new Error('请先在“我的分数能上哪些学校”中填好考生信息并匹配。'));
  if (opener.getAttribute('aria-expanded') === 'true') {
    box.textContent = '';
    opener.setAttribute('aria-expanded', 'false');
    return;
  }
  opener.setAttribute('aria-expanded', 'true');
  box.textContent = '';
  const status = el('p', { class: 'small muted', role: 'status' }, '正在载入该校的志愿单位…');
  box.append(status);
  try {
    const d = await withRetry(() => legacy('/api/recommendation/units', { ...unitsQuery(c), university_id: String(universityId) }), status, '载入志愿单位');
    box.textContent = '';
    const sure = $('show-sure').checked;
    const shown = d.units.filter((u) => sure || u.label !== '垫底');
    const ul = el('ul', { class: 'unit-list', 'aria-label': `${d.university.name}的志愿单位` });
    for (const u of shown) {
      const add = el('button', { type: 'button', class: 'secondary small-button add-unit', 'aria-label': `把${u.name}加入志愿表`, onclick: () => addEntry({ ...u, unit_kind: d.unit }, add) }, '加入志愿表');
      if (list.entries.some((e) => entryKey(e) === entryKey(u))) {
        add.textContent = '已在志愿表中';
        add.setAttribute('aria-label', `已在志愿表中：${u.name}`);
      }
      ul.append(
        el(
          'li',
          { class: 'unit', dataset: { key: entryKey(u), label: u.label ?? '', probability: String(u.probability ?? '') } },
          el('div', { class: 'card-head' }, u.label ? el('span', { class: `label label-${u.label}` }, u.label) : null, el('strong', {}, u.name), typeof u.probability === 'number' ? el('span', { class: 'prob-value' }, pct(u.probability)) : el('span', { class: 'muted small' }, '往年无可用的线')),
          el('p', { class: 'small' }, codesText(u, d.unit)),
          u.majors.length ? el('p', { class: 'small' }, `组内专业（${u.majors_source === 'plan' ? '今年招生计划' : '往年录取线'}）：${u.majors.join('、')}`) : null,
          el('p', { class: 'small' }, planText(u)),
          el('ul', { class: 'used-lines small' }, u.lines.map((l) => el('li', {}, lineText(l)))),
          add,
        ),
      );
    }
    const hidden = d.units.length - shown.length;
    box.append(el('p', { class: 'small muted' }, d.summary, hidden ? ` 另有 ${hidden} 个录取概率高于 99% 的（垫底）未列出，勾选上方“也列出录取概率高于 99% 的院校”可见。` : ''), ul);
    if (!shown.length) box.append(el('p', { class: 'muted' }, '没有可加入的志愿单位。'));
  } catch (e) {
    box.textContent = '';
    box.append(el('p', { class: 'alert', role: 'alert' }, e instanceof ApiError ? e.message : `出错了：${e?.message ?? e}`));
  }
}

function codesText(u, kind = u.unit_kind) {
  return [u.school_code && `院校代码 ${u.school_code}`, kind === '院校专业组' && u.major_group && `专业组 ${u.major_group}`, kind === '专业+院校' && u.major_name && `专业 ${u.major_name}`].filter(Boolean).join(' · ') || '数据中没有本省的院校代码';
}

function planText(u) {
  return u.plan ? `${u.plan.year} 年招生计划：${u.plan.plan_count === null ? '人数未公布' : `${fmt(u.plan.plan_count)} 人`}（${u.plan.rows} 条）` : '数据中没有今年这个单位的招生计划';
}

function move(e, by) {
  const i = list.entries.indexOf(e);
  const j = i + by;
  if (j < 0 || j >= list.entries.length) return;
  [list.entries[i], list.entries[j]] = [list.entries[j], list.entries[i]];
  renderTargets();
  setStatus(`「${e.name}」移到第 ${j + 1} 个。`);
  // focus stays on the moved entry: on the same button, or on the other one where that is now disabled (top, bottom)
  const li = $('sim-targets').children[j];
  const same = li?.querySelector(by < 0 ? '.up' : '.down');
  (same && !same.disabled ? same : li?.querySelector(by < 0 ? '.down' : '.up'))?.focus();
}

function renderTargets() {
  const ol = $('sim-targets');
  ol.textContent = '';
  list.entries.forEach((e, i) => {
    const excluded = new Set(e.excluded);
    ol.append(
      el(
        'li',
        { dataset: { target: entryKey(e), uni: String(e.university_id), label: e.label ?? '' } },
        el('span', { class: 'order', 'aria-hidden': 'true' }, String(i + 1)),
        el(
          'div',
          { class: 'target-body' },
          el('div', { class: 'card-head' }, e.label ? el('span', { class: `label label-${e.label}` }, e.label) : null, el('span', { class: 'target-name' }, e.name), typeof e.probability === 'number' ? el('span', { class: 'prob-value' }, pct(e.probability)) : el('span', { class: 'muted small' }, '无概率')),
          el('p', { class: 'small' }, codesText(e), ' · ', planText(e)),
          e.lines.length ? el('p', { class: 'small muted' }, `往年：${e.lines.join('；')}`) : null,
          e.majors.length
            ? el(
                'details',
                { class: 'majors' },
                el('summary', {}, `组内 ${e.majors.length} 个专业${excluded.size ? `（不愿读 ${excluded.size} 个）` : ''}`),
                el('p', { class: 'small muted' }, '勾选你不愿读的专业：组内专业都不愿读时会提示调剂风险。'),
                ...e.majors.map((m, k) =>
                  el('label', { class: 'check', for: `ex-${i}-${k}` }, el('input', { type: 'checkbox', id: `ex-${i}-${k}`, checked: excluded.has(m), onchange: (ev) => ((e.excluded = ev.target.checked ? [...new Set([...e.excluded, m])] : e.excluded.filter((x) => x !== m)), listChanged()) }), `不愿读：${m}`),
                ),
              )
            : null,
          el('p', { class: 'land small', dataset: { land: '' } }),
        ),
        el('span', { class: 'target-actions' },
          el('button', { type: 'button', class: 'secondary small-button up', 'aria-label': `把第 ${i + 1} 个志愿${e.name}上移`, disabled: i === 0, onclick: () => move(e, -1) }, '上移'),
          el('button', { type: 'button', class: 'secondary small-button down', 'aria-label': `把第 ${i + 1} 个志愿${e.name}下移`, disabled: i === list.entries.length - 1, onclick: () => move(e, 1) }, '下移'),
          el('button', { type: 'button', class: 'secondary small-button', 'aria-label': `从志愿表中移除第 ${i + 1} 个志愿${e.name}`, onclick: () => (list.entries.splice(list.entries.indexOf(e), 1), renderTargets(), setStatus(`已移除「${e.name}」。`)) }, '移除'),
        ),
      ),
    );
  });
  if (!list.entries.length) list.candidate = null;
  $('sim-empty').hidden = list.entries.length > 0;
  const r = ruleOf(list.candidate);
  $('sim-count').textContent = list.entries.length ? `（${list.entries.length}${r ? ` / ${r.volunteers}` : ''} 个志愿）` : '';
  for (const id of ['sim-submit', 'sim-csv', 'sim-print']) $(id).disabled = !list.entries.length;
  listChanged();
  renderRule();
  checkOwner();
}

/** The list changed: the last simulation no longer describes it. */
function listChanged() {
  lastSim = null;
  $('sim-result').hidden = true;
  saveList();
}

/** The body of POST /api/simulation/mirofish (mode list) for the list and its candidate. */
function simulationBody(c) {
  const seed = $('sim-seed').value.trim();
  const { electives: _electives, ...who } = c;
  return {
    ...who,
    mode: 'list',
    targets: list.entries.map((e) => ({
      university_id: e.university_id,
      ...(e.campus ? { campus: e.campus } : {}),
      ...(e.unit ? { unit: e.unit } : {}),
      ...(e.major_group && e.unit_kind === '院校专业组' ? { major_group: e.major_group } : {}),
      ...(e.major_name && e.unit_kind === '专业+院校' ? { major_name: e.major_name } : {}),
      ...(e.school_code ? { school_code: e.school_code } : {}),
      ...(e.excluded.length ? { excluded_majors: e.excluded } : {}),
    })),
    draws: Number($('sim-draws').value),
    ...(seed ? { seed } : {}),
  };
}

const STATUS = { ok: '已模拟', no_history: '往年无可用的录取线', not_found: '数据中没有这所院校', ambiguous: '名称对应多所院校' };
const pct = (x) => `${(x * 100).toFixed(1)}%`;

let simSeq = 0;

async function simulate(ev) {
  ev.preventDefault();
  if (!list.entries.length) return showError($('sim-error'), new Error('请先从匹配结果或院校详情中加入志愿。'));
  const c = candidate();
  if (c.error) return showError($('sim-error'), new Error(`请先在“我的分数能上哪些学校”中填好：${c.error}`));
  if (!checkOwner()) return showError($('sim-error'), new Error('志愿表的考生与表单里的考生不是同一省份、年份和科类，没有模拟；请恢复这张表的考生信息，或清空志愿表重排。'));
  $('sim-result').hidden = true;
  await guarded($('sim-submit'), $('sim-error'), async () => {
    const seq = ++simSeq;
    const r = (await withRetry(() => api('/api/simulation/mirofish', { method: 'POST', body: simulationBody(c.value) }), $('sim-retry'), '模拟')).data;
    if (seq !== simSeq) return; // pressed again meanwhile: the later answer is shown
    lastSim = r;
    list.candidate = { ...c.value };
    r.results.forEach((x, i) => {
      const e = list.entries[i];
      if (e && x.status === 'ok') Object.assign(e, { probability: x.probability, label: x.label === '保' && x.probability > 0.99 ? '垫底' : x.label });
    });
    saveList();
    const L = r.landing;
    $('sim-summary').textContent = `${r.province} ${r.year} 年，你的位次约 ${fmt(r.candidate.rank.value)}：${r.results.filter((x) => x.status === 'ok').length} 个志愿可模拟，${r.results.filter((x) => x.status === 'no_history').length} 个往年无可用的录取线，${r.results.filter((x) => x.status === 'not_found' || x.status === 'ambiguous').length} 个未能确定院校。`;
    $('sim-list').textContent = `${L.advice}（至少被录取一个 ${pct(L.at_least_one)}，±${(L.se * 100).toFixed(1)} 个百分点；滑档 ${pct(L.none)}）`;
    $('sim-list').dataset.atLeastOne = String(L.at_least_one);
    const warnings = $('sim-warnings');
    warnings.textContent = '';
    for (const w of L.warnings) warnings.append(el('li', { dataset: { kind: w.kind } }, w.text));
    $('sim-basis').textContent = `随机种子 ${r.seed}，每个志愿模拟 ${fmt(r.draws)} 次；志愿单位：${L.unit}${L.unit_source === 'rules' ? '（本省规则）' : '（本站没有本省该年的规则原文，按数据的线别）'}`;
    $('sim-result').dataset.seed = String(r.seed);
    $('sim-model').textContent = `${r.model.name}：${r.model.description} ${r.model.labels ?? ''}`;
    const body = $('sim-body');
    body.textContent = '';
    r.results.forEach((x, i) => {
      const e = list.entries[i];
      const land = L.land[i];
      body.append(
        el(
          'tr',
          { dataset: { uni: String(x.university_id ?? ''), status: x.status, label: x.label ?? '', land: String(land ?? '') } },
          el('td', { 'data-label': '志愿' }, `${i + 1}. ${e?.name ?? x.university_name ?? ''}`),
          el('td', { class: 'small', 'data-label': '代码' }, e ? codesText(e) : '—'),
          el('td', { 'data-label': '结果' }, x.label ? el('span', { class: `label label-${x.label}` }, x.label) : null, ` ${STATUS[x.status] ?? x.status}`),
          el('td', { class: 'num', 'data-label': '录取概率' }, typeof x.probability === 'number' ? probabilityOf(x) : '—'),
          el('td', { class: 'num', 'data-label': '由此录取' }, typeof land === 'number' ? pct(land) : '—'),
          el('td', { class: 'num', 'data-label': '预计线位次' }, fmt(x.predicted_line_rank)),
          el('td', { class: 'small', 'data-label': '依据' }, el('div', {}, ...linesOf(x).map((l) => el('div', { class: 'used-line' }, lineText(l))))),
          el('td', { class: 'small', 'data-label': '缺少' }, (x.missing ?? []).join('；') || '—'),
        ),
      );
      const li = $('sim-targets').children[i];
      const p = li?.querySelector('.land');
      if (p) p.textContent = typeof land === 'number' ? `按这个顺序由它录取：${pct(land)}` : '';
    });
    $('sim-result').hidden = false;
  });
}

/** The list as CSV (with a BOM so spreadsheet programs read the Chinese), in the province's order, with the codes. */
function exportCsv() {
  const cell = (v) => `"${String(v ?? '').replace(/"/g, '""')}"`;
  const c = list.candidate;
  const head = ['志愿序号', '院校代码', '院校', '专业组代码', '专业（类）', '组内专业', '不愿读的专业', '今年计划数', '标签', '录取概率', '由此志愿录取的概率', '往年录取线'];
  const rows = list.entries.map((e, i) => [i + 1, e.school_code, e.name, e.unit_kind === '院校专业组' ? e.major_group : '', e.unit_kind === '专业+院校' ? e.major_name : '', e.majors.join('、'), e.excluded.join('、'), e.plan?.plan_count ?? '', e.label ?? '', e.probability ?? '', lastSim?.landing?.land[i] ?? '', e.lines.join('；')]);
  if (lastSim?.landing) rows.push(['', '', '至少被录取一个的概率', '', '', '', '', '', '', lastSim.landing.at_least_one], ['', '', '滑档的概率', '', '', '', '', '', '', lastSim.landing.none]);
  // the header is the first line (a spreadsheet reads it as the columns); the candidate and the rule follow the rows
  const post = c ? [[`考生：${candidateText(c)}`], ruleOf(c) ? [`${ruleOf(c).province} ${ruleOf(c).year} 年${ruleOf(c).batch}：一个志愿是一个${ruleOf(c).unit}，最多 ${ruleOf(c).volunteers} 个`] : []].filter((r) => r.length) : [];
  const csv = '\ufeff' + [head, ...rows, ...post].map((r) => r.map(cell).join(',')).join('\r\n');
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

let rankSeq = 0;

async function rank(ev) {
  ev.preventDefault();
  const args = formArgs($('rank-form'));
  $('rank-result').hidden = true; // an old answer never stays under a new question or its error
  if (!args.province || args.year === undefined || args.score === undefined) return showError($('rank-error'), new Error('请选择省份并填写年份与分数。'));
  await guarded($('rank-submit'), $('rank-error'), async () => {
    const seq = ++rankSeq;
    const r = await withRetry(() => legacy('/api/recommendation/rank-table', args), $('rank-retry'), '查位次');
    if (seq !== rankSeq) return; // asked again meanwhile: the later answer is shown
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
    $('detail-units').textContent = '';
    $('detail-add').setAttribute('aria-expanded', 'false');
    $('detail-add').onclick = () => openUnits(u.id, $('detail-units'), $('detail-add'));
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
  list.entries.length = 0;
  renderTargets();
  setStatus('志愿表已清空。');
});
$('sim-restore').addEventListener('click', () => {
  restoreCandidate(list.candidate);
  clearMatch(false);
  checkOwner();
  renderRule();
});
$('sim-csv').addEventListener('click', exportCsv);
$('sim-print').addEventListener('click', printList);
// any change to the candidate clears the result it no longer describes; a filter or the sort reloads the tab
$('m-province').addEventListener('change', fillYears);
$('m-year').addEventListener('change', fillSubjects);
$('match-form').addEventListener('input', () => {
  showError($('match-error'), null);
  if (match.query || !$('match-result').hidden) clearMatch(true);
  if (lastSim) listChanged();
  checkOwner();
  renderRule();
});
$('match-form').addEventListener('change', () => (checkOwner(), renderRule()));
$('show-sure').addEventListener('change', reloadMatch);
document.querySelector('.tabs').addEventListener('keydown', tabKeys);
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

loadList();
// the exam facts and the rules, retried with a visible countdown when the service is busy
try {
  exams = new Map((await withRetry(() => legacy('/api/recommendation/exams', {}), $('match-retry'), '载入各省考试信息', ready)).provinces.map((p) => [p.province, p]));
} catch (e) {
  showError($('match-error'), e);
}
try {
  rules = new Map((await withRetry(() => legacy('/api/recommendation/rules', {}), $('match-retry'), '载入各省志愿规则', ready)).rows.map((r) => [`${r.province}|${r.year}`, r]));
} catch (e) {
  showError($('sim-error'), e);
}
fillYears();
// the candidate back in the form: the address first (back/forward), else the list's own, else the last one matched
const restored = new URLSearchParams(location.search).get('province') ? savedCandidate() : list.candidate ?? savedCandidate();
const restoredLabel = new URLSearchParams(location.search).get('label');
if (['冲', '稳', '保'].includes(restoredLabel)) match.label = restoredLabel;
restoreCandidate(restored);
renderTargets();
// a restored candidate gets its matches back too (reload, back and forward show what was on the page)
if (restored && !candidate().error) await matchSubmit();
ready();
