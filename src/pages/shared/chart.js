// A small line chart drawn as inline SVG (no library, no inline style: colours are classes in site.css).
// lineChart({series: [{name, points: [{x, y, label}]}], xLabel, yLabel}) returns an <svg> element that scales with
// its container; each point carries a <title> (its label) and data attributes for tests and assistive tools.
const NS = 'http://www.w3.org/2000/svg';

function node(tag, attrs = {}, text) {
  const n = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  if (text !== undefined) n.textContent = text;
  return n;
}

/** Round step for about `n` ticks between lo and hi. */
function niceStep(lo, hi, n) {
  const raw = Math.max((hi - lo) / n, 1e-9);
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw);
}

export function lineChart({ series, width = 640, xLabel = '', yLabel = '', title = '' }) {
  // drawn at the container's width (320–720), so the text keeps its size on a phone
  const W = Math.max(320, Math.min(720, Math.round(width) || 640));
  const H = 300;
  const m = { l: 52, r: 16, t: 16, b: 40 };
  const pts = series.flatMap((s) => s.points);
  const xs = [...new Set(pts.map((p) => p.x))].sort((a, b) => a - b);
  let yLo = Math.min(...pts.map((p) => p.y));
  let yHi = Math.max(...pts.map((p) => p.y));
  if (yLo === yHi) [yLo, yHi] = [yLo - 5, yHi + 5];
  const step = niceStep(yLo, yHi, 5);
  yLo = Math.floor(yLo / step) * step;
  yHi = Math.ceil(yHi / step) * step;
  // x is linear (a missing year leaves a gap), ticks only where there is data
  const xAt = (x) => (xs.length === 1 ? (m.l + W - m.r) / 2 : m.l + 20 + ((W - m.l - m.r - 40) * (x - xs[0])) / (xs.at(-1) - xs[0]));
  const yAt = (y) => m.t + ((H - m.t - m.b) * (yHi - y)) / (yHi - yLo);

  const svg = node('svg', { viewBox: `0 0 ${W} ${H}`, class: 'line-chart', role: 'img', 'aria-label': title || `${yLabel}随${xLabel}变化` });
  if (title) svg.append(node('title', {}, title));
  const axes = node('g', { class: 'axes' });
  for (let y = yLo; y <= yHi + 1e-9; y += step) {
    axes.append(node('line', { x1: m.l, x2: W - m.r, y1: yAt(y), y2: yAt(y), class: 'grid' }));
    axes.append(node('text', { x: m.l - 6, y: yAt(y) + 4, 'text-anchor': 'end', class: 'tick' }, String(Math.round(y))));
  }
  for (const x of xs) axes.append(node('text', { x: xAt(x), y: H - m.b + 18, 'text-anchor': 'middle', class: 'tick' }, String(x)));
  axes.append(node('text', { x: (m.l + W - m.r) / 2, y: H - 4, 'text-anchor': 'middle', class: 'axis-label' }, xLabel));
  axes.append(node('text', { x: 12, y: m.t + (H - m.t - m.b) / 2, 'text-anchor': 'middle', class: 'axis-label', transform: `rotate(-90 12 ${m.t + (H - m.t - m.b) / 2})` }, yLabel));
  svg.append(axes);

  series.forEach((s, i) => {
    const g = node('g', { class: `series s${i % 8}`, 'data-name': s.name });
    const sorted = [...s.points].sort((a, b) => a.x - b.x);
    if (sorted.length > 1) g.append(node('polyline', { points: sorted.map((p) => `${xAt(p.x)},${yAt(p.y)}`).join(' '), class: 'path' }));
    for (const p of sorted) {
      const c = node('circle', { cx: xAt(p.x), cy: yAt(p.y), r: 4, class: 'point', 'data-x': p.x, 'data-y': p.y });
      c.append(node('title', {}, p.label ?? `${s.name} ${p.x}：${p.y}`));
      g.append(c);
    }
    svg.append(g);
  });
  return svg;
}

/** The legend as an HTML list (class s0…s7 matches the series colour). */
export function legend(series) {
  const ul = document.createElement('ul');
  ul.className = 'chart-legend';
  series.forEach((s, i) => {
    const li = document.createElement('li');
    li.className = `s${i % 8}`;
    li.textContent = s.name;
    ul.append(li);
  });
  return ul;
}
