// The four-pillar chart and the hexagram caster. Both run the site's own engines through the same-origin page API
// (POST /page-api/sizhu and /page-api/yijing: the same tools as /v1/sizhu and /v1/yijing, no key in the page);
// this script only lays the answer out. Every text comes from the engine's JSON and is inserted as text.
import { $, api, el, ready, showError } from '/assets/site.js';

const POSITIONS = ['year', 'month', 'day', 'hour'];

/* ---------- 四柱 ---------- */

function sizhuInput() {
  const [y, mo, d] = ($('sz-date').value || '').split('-').map(Number);
  const [h, mi] = ($('sz-time').value || '').split(':').map(Number);
  const missing = [];
  if (!y || !mo || !d) missing.push('出生日期');
  if (!Number.isInteger(h) || !Number.isInteger(mi)) missing.push('出生时间');
  if (missing.length) return { error: `请填写${missing.join('和')}。` };
  const body = { year: y, month: mo, day: d, hour: h, minute: mi, sex: document.querySelector('input[name="sex"]:checked')?.value ?? 'm' };
  const lon = $('sz-lon').value.trim();
  if (lon !== '') {
    const n = Number(lon);
    if (!Number.isFinite(n) || n < -180 || n > 180) return { error: '经度须为 −180 到 180 之间的数（东经为正），或留空。', field: 'longitude' };
    body.longitude = n;
  }
  return { body };
}

function pillarRow(label, cells, cls) {
  return el('tr', { class: cls }, el('th', { scope: 'row' }, label), ...cells);
}

function hiddenStems(p) {
  return el(
    'td',
    { class: 'hidden-stems' },
    ...p.hidden_stems.map((h) => el('div', { class: 'hs', dataset: { stem: h.stem } }, el('span', { class: 'el', dataset: { el: h.element } }, h.stem), ` ${h.ten_god}`, el('span', { class: 'muted small' }, ` ${h.kind}`))),
  );
}

const LUCK_METHOD_ZH = { 'tyme-default': '按秒折算', china95: '按分钟折算，余数舍去', 'lunar-sect1': '按天数与时辰折算', 'lunar-sect2': '按分钟折算，节气取至分钟' };
const ZI_HOUR = { 'day-changes-at-23': '子初换日（23 点起算次日）', split: '晚子时日柱不换' };
const PILLAR_ORDER = [['year', '年'], ['month', '月'], ['day', '日'], ['hour', '时']];

/** A warning in Chinese with its alternative pillars shown (the engine names the convention and the field in English). */
function warningText(w) {
  const alt = w.alternative_pillars ? PILLAR_ORDER.map(([k, zh]) => `${w.alternative_pillars[k]}${zh}`).join(' ') : '';
  const text = w.message.replace(/day-changes-at-23|split/g, (m) => ZI_HOUR[m]).replace(/的四柱见 alternative_pillars/, '的四柱为');
  if (!alt) return text;
  return /的四柱为$/.test(text) ? `${text}：${alt}` : `${text}；另一侧的四柱为：${alt}`;
}

function renderChart(c) {
  $('sz-summary').textContent = c.summary;
  const warn = $('sz-warnings');
  warn.textContent = '';
  for (const w of c.warnings) warn.append(el('li', { dataset: { kind: w.kind } }, warningText(w)));

  const ps = POSITIONS.map((k) => c.pillars[k]);
  const body = $('sz-pillars-body');
  body.textContent = '';
  body.append(
    pillarRow('十神', ps.map((p) => el('td', { class: 'ten-god' }, p.ten_god)), 'row-ten-god'),
    pillarRow('天干', ps.map((p, i) => el('td', { class: 'gz stem', dataset: { pos: POSITIONS[i], name: p.name } }, el('span', { class: 'el', dataset: { el: p.stem_element } }, p.stem), el('span', { class: 'muted small' }, ` ${p.stem_element}${p.stem_yin_yang}`))), 'row-stem'),
    pillarRow('地支', ps.map((p) => el('td', { class: 'gz branch' }, el('span', { class: 'el', dataset: { el: p.branch_element } }, p.branch), el('span', { class: 'muted small' }, ` ${p.branch_element} · ${p.zodiac}`))), 'row-branch'),
    pillarRow('藏干', ps.map(hiddenStems), 'row-hidden'),
    pillarRow('纳音', ps.map((p) => el('td', { class: 'na-yin' }, p.na_yin)), 'row-na-yin'),
    pillarRow('地势', ps.map((p) => el('td', {}, p.di_shi)), 'row-di-shi'),
    pillarRow('旬空', ps.map((p) => el('td', {}, p.xun_kong)), 'row-xun-kong'),
  );

  const fe = c.five_elements;
  const facts = [
    ['日主', `${c.day_master.name}（${c.day_master.yin_yang}）`],
    ['强弱', `${c.strength.level}（${c.strength.score} 分：${c.strength.factors.map((f) => `${f.name} ${f.score}/${f.max}`).join('，')}）`],
    ['喜用', `${c.favourable.favourable.join('、')}；忌：${c.favourable.unfavourable.join('、')}`],
    ['取用依据', c.favourable.rule_fired],
    ['格局', `${c.pattern.name}（${c.pattern.basis}）`],
    ['五行（加权）', Object.entries(fe.weighted_score).map(([k, v]) => `${k} ${v}`).join(' · ') + (fe.missing.length ? `；原局不见 ${fe.missing.join('、')}` : '')],
    ['胎元 / 命宫 / 身宫', [c.tai_yuan, c.ming_gong, c.shen_gong].map((x) => `${x.pillar}（${x.na_yin}）`).join(' / ')],
  ];
  const dl = $('sz-facts');
  dl.textContent = '';
  for (const [k, v] of facts) dl.append(el('div', {}, el('dt', {}, k), el('dd', {}, v)));

  const l = c.luck;
  $('sz-luck-start').textContent = `大运${l.direction}，约于 ${l.start.start_time.slice(0, 10)}（虚岁 ${l.start.start_age} 岁）交入第一步大运；出生后 ${l.start.years} 年 ${l.start.months} 个月 ${l.start.days} 天起运（${LUCK_METHOD_ZH[l.method] ?? '起运折算见下'}）。`;
  const lb = $('sz-luck-body');
  lb.textContent = '';
  for (const cy of l.cycles) {
    lb.append(
      el(
        'tr',
        { dataset: { pillar: cy.pillar } },
        el('td', { class: 'num', 'data-label': '步' }, String(cy.index)),
        el('td', { class: 'gz', 'data-label': '大运' }, cy.pillar),
        el('td', { 'data-label': '十神' }, `${cy.stem_ten_god} / ${cy.branch_ten_god}`),
        el('td', { 'data-label': '纳音' }, cy.na_yin),
        el('td', { class: 'num', 'data-label': '虚岁' }, `${cy.start_age}–${cy.end_age}`),
        el('td', { class: 'num', 'data-label': '年份' }, `${cy.start_year}–${cy.end_year}`),
      ),
    );
  }

  const interp = $('sz-interp');
  interp.textContent = '';
  for (const para of c.interpretation.split('\n').filter(Boolean)) {
    const m = para.match(/^【(.+?)】(.*)$/);
    interp.append(m ? el('p', {}, el('strong', {}, `【${m[1]}】`), m[2]) : el('p', {}, para));
  }

  const t = c.time;
  const tf = $('sz-time-facts');
  tf.textContent = '';
  const timeFacts = [
    ['输入钟表时间', t.clock_input],
    ['夏令时', t.daylight_saving],
    ['北京时间', t.beijing_time],
    ['真太阳时', t.true_solar_time ?? '未给经度，不计算'],
    ['日柱、时柱所用时间', t.day_hour_clock],
    ['年界', c.conventions.year_boundary],
    ['月界', c.conventions.month_boundary],
    ['子时', c.conventions.zi_hour_rule],
  ];
  for (const [k, v] of timeFacts) tf.append(el('div', {}, el('dt', {}, k), el('dd', {}, v ?? '—')));
  $('sz-result').hidden = false;
  $('sz-result').dataset.chart = POSITIONS.map((k) => c.pillars[k].name).join(' ');
}

async function castChart(ev) {
  ev?.preventDefault();
  const err = $('sz-error');
  for (const f of document.querySelectorAll('#sz-form .field')) f.classList.remove('invalid');
  const { body, error, field } = sizhuInput();
  if (error) {
    if (field) document.querySelector(`#sz-form .field[data-name="${field}"]`)?.classList.add('invalid');
    $('sz-result').hidden = true; // the old chart is not this input's: never left under the error
    return showError(err, new Error(error));
  }
  showError(err, null);
  $('sz-submit').disabled = true;
  try {
    renderChart(await api('/page-api/sizhu', { method: 'POST', body }));
  } catch (e) {
    if (e.param) document.querySelector(`#sz-form .field[data-name="${['year', 'month', 'day'].includes(e.param) ? 'date' : ['hour', 'minute'].includes(e.param) ? 'time' : e.param}"]`)?.classList.add('invalid');
    $('sz-result').hidden = true;
    showError(err, e);
  } finally {
    $('sz-submit').disabled = false;
  }
}

/* ---------- 周易 ---------- */

const OLD = { 9: '老阳', 6: '老阴' };

/** Six lines drawn from the top (上爻) down; moving lines of the primary are marked. */
function figure(hex, values, kind) {
  const lines = el('div', { class: 'hex-lines', role: 'img', 'aria-label': `${kind}${hex.full_name}，自上而下六爻` });
  for (let pos = 6; pos >= 1; pos--) {
    const line = hex.lines[pos - 1];
    const v = values?.[pos - 1];
    const moving = kind === '本卦' && line.moving;
    lines.append(
      el(
        'div',
        { class: `hex-line ${line.yang ? 'yang' : 'yin'}${moving ? ' moving' : ''}`, dataset: { position: String(pos), yang: String(line.yang) } },
        el('span', { class: 'bar' }),
        line.yang ? null : el('span', { class: 'bar' }),
        el('span', { class: 'mark', 'aria-hidden': 'true' }, moving ? (v === 9 ? '○' : '×') : ''),
      ),
    );
  }
  return [
    el('figcaption', {}, el('span', { class: 'muted small' }, kind), ' ', el('strong', { class: 'hex-name' }, `${hex.symbol} ${hex.full_name}`), el('span', { class: 'muted small' }, ` 第 ${hex.number} 卦 · 上${hex.upper_trigram.name}${hex.upper_trigram.nature} 下${hex.lower_trigram.name}${hex.lower_trigram.nature}`)),
    lines,
  ];
}

function texts(hex, values) {
  const box = el('div', { class: 'hex-text' });
  box.append(el('p', {}, el('strong', {}, '卦辞：'), hex.judgment), el('p', {}, el('strong', {}, '彖曰：'), hex.judgment_commentary), el('p', {}, el('strong', {}, '象曰：'), hex.image));
  const ol = el('ol', { class: 'line-texts' });
  for (const line of hex.lines) {
    const v = values?.[line.position - 1];
    ol.append(el('li', { class: line.moving ? 'moving' : '', dataset: { position: String(line.position) } }, el('strong', {}, `${line.label}：`), line.text, el('span', { class: 'muted' }, ` 象曰：${line.image}`), line.moving && values ? el('span', { class: 'tag' }, `动爻 · ${OLD[v] ?? ''}`) : null));
  }
  box.append(ol);
  if (hex.use) box.append(el('p', {}, el('strong', {}, `${hex.use.label ?? '用'}：`), hex.use.text ?? ''));
  return box;
}

function renderCast(r) {
  $('yj-summary').textContent = r.summary;
  // the method by its name in the form; the algorithm's version stays available to those who look (title)
  const method = [...$('yj-method').options].find((o) => o.value === r.method)?.textContent ?? '';
  $('yj-seed-used').textContent = `方法：${method} · 种子 ${JSON.stringify(r.seed)}${r.seed_drawn ? '（随机生成，可填入“种子”复现）' : ''}${r.question ? ` · 所问：${r.question}` : ''}`;
  $('yj-seed-used').title = `算法版本 ${r.algorithm}`;
  const primary = $('yj-primary');
  primary.textContent = '';
  primary.append(...figure(r.primary_hexagram, r.line_values, '本卦'));
  primary.dataset.number = String(r.primary_hexagram.number);
  const changed = $('yj-changed');
  changed.textContent = '';
  const hasChanged = Boolean(r.changed_hexagram) && r.moving_lines.length > 0;
  changed.hidden = !hasChanged;
  $('yj-changed-block').hidden = !hasChanged;
  if (hasChanged) {
    changed.append(...figure(r.changed_hexagram, null, '变卦'));
    changed.dataset.number = String(r.changed_hexagram.number);
  } else delete changed.dataset.number;

  const rd = r.reading;
  const reading = $('yj-reading');
  reading.textContent = '';
  const quote = (x) => el('p', { class: 'quote', dataset: { from: x.from, kind: x.kind } }, el('strong', {}, `${x.hexagram_name}${x.label ? ` ${x.label}` : x.kind === 'judgment' ? ' 卦辞' : ''}：`), x.text, x.image ? el('span', { class: 'muted' }, ` 象曰：${x.image}`) : null);
  reading.append(el('p', { class: 'small' }, `${rd.rule}（${rd.rule_source}）`));
  if (rd.main) reading.append(quote(rd.main));
  for (const s of rd.secondary ?? []) reading.append(quote(s));

  const pt = $('yj-primary-text');
  pt.textContent = '';
  pt.append(texts(r.primary_hexagram, r.line_values));
  const ct = $('yj-changed-text');
  ct.textContent = '';
  if (hasChanged) ct.append(texts(r.changed_hexagram, null));
  const rel = (label, h) => (h ? `${label} ${h.symbol} ${h.full_name}` : null);
  $('yj-related').textContent = [rel('互卦', r.nuclear_hexagram), rel('错卦', r.opposite_hexagram), rel('综卦', r.inverted_hexagram)].filter(Boolean).join(' · ');
  $('yj-notice').textContent = `${r.notice} 经文：${r.text_source.title}（${r.text_source.source.npm}，校勘 ${r.text_source.errata_applied} 处）。`;
  $('yj-result').hidden = false;
}

async function cast(ev) {
  ev?.preventDefault();
  const err = $('yj-error');
  showError(err, null);
  const body = { method: $('yj-method').value };
  const q = $('yj-question').value.trim();
  const seed = $('yj-seed').value.trim();
  if (q) body.question = q;
  if (seed) body.seed = seed;
  $('yj-submit').disabled = true;
  try {
    renderCast(await api('/page-api/yijing', { method: 'POST', body }));
  } catch (e) {
    $('yj-result').hidden = true;
    showError(err, e);
  } finally {
    $('yj-submit').disabled = false;
  }
}

$('sz-form').addEventListener('submit', castChart);
$('yj-form').addEventListener('submit', cast);
ready();
