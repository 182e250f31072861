"""Post every case of independent-cases-5.json to a running service once and record what it serves (first sight).

Usage: SVC_BASE=http://127.0.0.1:8792 SVC_KEY=… python3 first_sight.py [out.md [case-id …]]
Reads each case's `service_request` (the documented API body), maps the expected keys to the documented answer names
(docs/steel.md; shared/spec/steel.md Part B "Output names"), and compares with the case's tolerance. Nothing here
feeds back into the cases: derive5.py never reads a served value.
"""
import json
import math
import os
import sys
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, '..', '..', 'test', 'calc', 'steel', 'independent-cases-5.json')
BASE = os.environ.get('SVC_BASE', 'http://127.0.0.1:8792')
KEY = os.environ.get('SVC_KEY', '')


def post(path, body):
    req = urllib.request.Request(BASE + path, data=json.dumps(body).encode(), method='POST',
                                 headers={'content-type': 'application/json', 'authorization': 'Bearer ' + KEY})
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return r.status, json.loads(r.read().decode())
    except urllib.error.HTTPError as e:
        txt = e.read().decode()
        try:
            return e.code, json.loads(txt)
        except ValueError:
            return e.code, txt


class Cmp:
    def __init__(self, tol):
        self.rel = tol.get('rel', 0.005)
        self.abs = tol.get('abs', 1e-6)
        self.rows = []  # (label, expected, served, ok)

    def num(self, label, exp, got, rel=None, abs_=None):
        rel = self.rel if rel is None else rel
        ab = self.abs if abs_ is None else abs_
        if got is None:
            self.rows.append((label, exp, 'not served', False))
            return
        try:
            g = float(got)
            # the answer rounds check figures to six significant figures (docs/steel.md, "Answer size"): half a unit
            # of the served value's 6th figure is the finest comparison it allows
            half_unit = 0.5 * 10 ** (math.floor(math.log10(abs(g))) - 5) if g != 0 else 0.0
            ok = abs(g - float(exp)) <= max(rel * abs(float(exp)), ab, half_unit)
        except (TypeError, ValueError):
            ok = False
        self.rows.append((label, exp, got, ok))

    def eq(self, label, exp, got):
        self.rows.append((label, exp, 'not served' if got is None else got, got is not None and got == exp))

    def flag(self, label, exp, got, ok):
        self.rows.append((label, exp, got, ok))

    def ok(self):
        return all(r[3] for r in self.rows)


FLANGE_ZH = {'top': '上翼缘', 'bottom': '下翼缘'}


def flange_of(v):
    s = str(v)
    if s in ('top', '上翼缘'):
        return 'top'
    if s in ('bottom', '下翼缘'):
        return 'bottom'
    return s


def warn_text(resp):
    return json.dumps(resp.get('warnings', []), ensure_ascii=False).lower() if isinstance(resp, dict) else ''


WARN_TOKENS = [('s5', ['s5']), ('gamma_x_above_table', ['gamma_x_above']), ('f_above_grade', ['f_above']),
               ('slenderness', ['slender', '长细比']), ('0.1 < θ', ['0.1', 'second', '二阶']),
               ('θ computed', None), ('θ computed per storey', None)]


def check_warnings(c, case, resp):
    wt = warn_text(resp)
    for w in case.get('warnings_expected', []):
        toks = None
        for key, t in WARN_TOKENS:
            if w.lower().startswith(key.lower()):
                toks = t
                break
        if toks is None:
            continue  # θ computed: checked by the θ values themselves
        c.flag('warning: ' + w[:60], 'present', 'present' if any(t in wt for t in toks) else 'absent',
               any(t in wt for t in toks))
    for w in case.get('warnings_absent', []):
        toks = {'slenderness': ['slender', '长细比'], 'f_above_grade': ['f_above'], '无水平荷载': ['无水平荷载', 'no horizontal']}.get(w, [w.lower()])
        present = any(t in wt for t in toks)
        c.flag('no warning: ' + w, 'absent', 'present' if present else 'absent', not present)


def beam_pairs(c, e, v, top):
    """Compare a beam check (expected dict e, served values v)."""
    c.num('gamma_x', e['gamma_x'], v.get('gamma_x'))
    if 'flange_class' in e:
        c.eq('flange_class (compressed)', e['flange_class'], v.get('flange_class'))
    if 'web_class' in e:
        c.eq('web_class', e['web_class'], v.get('web_class'))
    if 'section_class' in e:
        c.eq('class', e['section_class'], v.get('class'))
    comp = e.get('compression_flange')
    if comp:
        served = v.get('compressed_flange')
        c.eq('compressed flange', comp, flange_of(served) if served is not None else None)
    if 'sigma_top' in e:
        sc = e['sigma_top'] if comp == 'top' else e['sigma_bottom']
        st = e['sigma_bottom'] if comp == 'top' else e['sigma_top']
        c.num('σ compression fibre', sc, v.get('sigma_bending_c', v.get('sigma_bending')))
        if abs(sc - st) > 1e-9 * max(sc, 1):
            c.num('σ tension fibre', st, v.get('sigma_bending_t'))
        rb = e.get('ratio_bending', max(e['ratio_top'], e['ratio_bottom']))
        c.num('ratio_bending (max of both fibres)', rb, v.get('ratio_bending'))
    for k in ('tau', 'ratio_shear', 'xi', 'beta_b', 'eta_b', 'phi_b_raw', 'phi_b', 'lambda_y', 'ratio_ltb'):
        if k in e:
            c.num(k, e[k], v.get(k))
    if 'l1' in e:
        c.num('l1 (mm)', e['l1'] * 1000, v.get('l1'))


def member_case(case, resp):
    c = Cmp(case['tolerance'])
    e = case['expected']
    kind = case['input']['kind']
    v = resp.get('values', {})
    if kind == 'beam':
        if 'gamma_x' in e and 'sigma_top' in e:
            beam_pairs(c, e, v, e.get('compression_flange') == 'top')
        for k in ('v_T', 'v_Q', 'v_T_limit', 'v_Q_limit'):
            if k in e:
                c.num(k, e[k], v.get(k))
    elif kind == 'compression':
        for k, s in [('A', 'A'), ('f', 'f'), ('lambda_x', 'lambda_x'), ('lambda_y', 'lambda_y'), ('lambda_n_x', 'lambda_n_x'),
                     ('lambda_n_y', 'lambda_n_y'), ('phi_x', 'phi_x'), ('phi_y', 'phi_y'),
                     ('ratio_strength_gross', 'ratio_strength'), ('ratio_stability', 'ratio_stability'),
                     ('slenderness_limit', 'lambda_limit')]:
            if k in e:
                c.num(k + ('' if k == s else ' → ' + s), e[k], v.get(s))
        c.eq('curve_x → class_x', e['curve_x'], v.get('class_x'))
        c.eq('curve_y → class_y', e['curve_y'], v.get('class_y'))
        if 'ratio_net_at_holes' in e:
            c.num('ratio_net_at_holes → ratio_net', e['ratio_net_at_holes'], v.get('ratio_net'))
    elif kind == 'beam_column':
        for k, s in [('A', 'A'), ('Ix', 'Ix'), ('f', 'f'), ('alpha0', 'alpha0'), ('flange_bt', 'flange_bt'),
                     ('web_h0tw', 'web_htw'), ('gamma_x', 'gamma_x'), ('lambda_x', 'lambda_x'), ('lambda_y', 'lambda_y'),
                     ('phi_x', 'phi_x'), ('phi_y', 'phi_y'), ('NEx_prime', 'NEx_prime'), ('Ncr', 'Ncr'),
                     ('beta_mx', 'beta_mx'), ('beta_tx', 'beta_tx'), ('eta', 'eta'), ('phi_b', 'phi_b'),
                     ('W_compression', 'Wx')]:
            if k in e:
                c.num(k + ('' if k == s else ' → ' + s), e[k], v.get(s))
        for k, s in [('flange_class', 'flange_class'), ('web_class', 'web_class'), ('section_class', 'class'),
                     ('curve_x', 'class_x'), ('curve_y', 'class_y')]:
            c.eq(k + ('' if k == s else ' → ' + s), e[k], v.get(s))
        r = e['ratios']
        c.num('8.1.1 (max of both fibres) → ratio_strength', max(r['8.1.1 compression fibre'], r['8.1.1 other fibre']), v.get('ratio_strength'))
        c.num('8.2.1-1 → ratio_in_plane', r['8.2.1-1 in plane'], v.get('ratio_in_plane'))
        c.num('8.2.1-3 → ratio_out_plane', r['8.2.1-3 out of plane'], v.get('ratio_out_plane'))
        if '8.2.1-4 (larger flange compressed)' in r:
            c.num('8.2.1-4 → ratio_in_plane_2', r['8.2.1-4 (larger flange compressed)'], v.get('ratio_in_plane_2'))
    if 'governing_ratio' in e:
        c.num('governing ratio', e['governing_ratio'], resp.get('governing_ratio'))
    if case.get('verdict'):
        c.eq('verdict', case['verdict'], resp.get('verdict'))
    check_warnings(c, case, resp)
    return c


def combos_by_id(resp):
    return {x['id']: {k: float(f) for k, f in x['factors'].items() if f} for x in resp.get('combinations', [])}


def same_factors(a, b):
    a = {k: round(v, 6) for k, v in a.items() if v}
    b = {k: round(v, 6) for k, v in b.items() if v}
    return a == b


def member_row(resp, mid):
    return next((m for m in resp.get('members', []) if m.get('id') == mid), {})


def frame_case(case, resp):
    c = Cmp(case['tolerance'])
    e = case['expected']
    cid = case['id']
    cb = combos_by_id(resp)
    if 'envelope' in e:
        for mid, env in e['envelope'].items():
            se = member_row(resp, mid).get('envelope', {})
            for k, x in env.items():
                got = se.get(k, {})
                c.num(f'{mid} {k}', x['value'], got.get('value') if isinstance(got, dict) else None, abs_=1e-4)
                if x.get('combination_asserted'):
                    served = cb.get(got.get('combination')) if isinstance(got, dict) else None
                    c.flag(f'{mid} {k} combination', x['combination_name'],
                           (got.get('combination'), served) if served is not None else 'not served',
                           served is not None and same_factors(served, x['combination']))
    if 'self_weight_total_kN' in e:
        c.num('self_weight.total', e['self_weight_total_kN'], resp.get('self_weight', {}).get('total'))
    if 'self_weight_kN_per_m' in e:
        for mid, w in e['self_weight_kN_per_m'].items():
            c.num(f'self_weight {mid} (kN/m)', w, resp.get('self_weight', {}).get('per_member', {}).get(mid))
    if 'sum_vertical_reactions_standard_G_kN' in e:
        rb = resp.get('reactions_by_combination', {})
        uls1 = next((k for k, f in cb.items() if same_factors(f, {'G': 1.3})), None)
        got = sum(r['ry'] for r in rb.get(uls1, [])) if uls1 in rb else None
        c.num('Σ ry of 1.3G (= 1.3 × Σ weights and loads)', 1.3 * e['sum_vertical_reactions_standard_G_kN'], got)
    for nm, reacts in e.get('reactions_per_combination', {}).items():
        # find the served combination with the same factors
        mine = {}
        for term in nm.split(' + '):
            num = ''.join(ch for ch in term if ch in '0123456789.')
            mine[term[len(num):]] = float(num)
        target = next((sid for sid, f in cb.items() if same_factors(f, mine)), None)
        rb = resp.get('reactions_by_combination', {}).get(target, []) if target else []
        for r in reacts:
            sr = next((x for x in rb if x['node'] == r['node']), None)
            for k in ('rx', 'ry', 'mz'):
                c.num(f'reaction {r["node"]}.{k} [{nm}]', r[k], sr.get(k) if sr else None, abs_=1e-4)
    if isinstance(e.get('reactions'), list):
        for r in e['reactions']:
            sr = next((x for x in resp.get('reactions', []) if x.get('node') == r['node']), None)
            for k in ('rx', 'ry', 'mz'):
                c.num(f'reaction {r["node"]}.{k}', r[k], sr.get(k) if sr else None, abs_=1e-5)
    if isinstance(e.get('members'), list):
        for m in e['members']:
            sm = member_row(resp, m['id'])
            for k, x in m.items():
                if k != 'id':
                    c.num(f'{m["id"]} {k}', x, sm.get(k), abs_=1e-5)
    if 'closed_form' in e and cid in ('m5-ss-beam-trapezoid-two-points', 'm5-fixed-beam-partial-udl'):
        cf = e['closed_form']
        sm = member_row(resp, 'AB')
        ra = {x['node']: x for x in resp.get('reactions', [])}
        for k, x in cf.items():
            if k in ('R_A', 'R_B'):
                got = ra.get(k[-1], {}).get('ry')
            elif k in ('mz_A', 'mz_B'):
                got = ra.get(k[-1], {}).get('mz')
            else:
                got = sm.get(k)
            c.num(f'closed form {k}', x, got, abs_=1e-5)
    if cid == 'm5-frame-beam-deflection-B11':
        d = next((x for x in resp.get('serviceability', {}).get('deflections', []) if x.get('member') == 'B1'), {})
        for k in ('v_T', 'v_Q', 'v_T_limit', 'v_Q_limit'):
            c.num(k, e[k], d.get(k))
    if cid == 'm5-frame-drift-single-storey-H150':
        dr = resp.get('serviceability', {}).get('drift', [])
        for w, x in e['drift_per_wind_case'].items():
            d = next((y for y in dr if y.get('case') == w), None)
            c.num(f'drift {w}', x['max_abs_top'], abs(d['delta_u']) if d else None)
            c.num(f'drift limit {w}', e['drift_limit'], d.get('limit') if d else None)
    if 'columns' in e:
        ch = resp.get('checks', {})
        for col, x in e['columns'].items():
            cc = ch.get(col, {})
            c.num(f'{col} K1', x['K1'], cc.get('K1'), rel=1e-6)
            c.num(f'{col} K2', x['K2'], cc.get('K2'), rel=1e-6)
            c.num(f'{col} μ', x['mu'], cc.get('mu'))
            c.num(f'{col} l0x (m)', x['l0x_m'], cc.get('l0x'))
    if 'storeys' in e:
        st = resp.get('storeys', [])
        for k, (nm, x) in enumerate(e['storeys'].items()):
            s = st[k] if k < len(st) else {}
            for a, b in (('sum_N', 'sum_N'), ('delta_u', 'delta_u'), ('sum_H', 'sum_H'), ('theta', 'theta'), ('alpha_II', 'alpha_II')):
                c.num(f'{nm} {a}', x[a], s.get(b))
        c.num('theta_max', e['theta_max'], resp.get('theta_max'))
    if cid == 'm5-continuous-beam-hogging-zone':
        m = member_row(resp, 'AB')
        for k, x in e['analysis_AB'].items():
            c.num(f'AB {k}', x, m.get(k), abs_=1e-4)
        chk = resp.get('checks', {}).get('AB', {})
        variants = chk.get('by_flange') or {}
        for key, flange in (('check_AB_hogging_bottom_flange_compressed', 'bottom'), ('check_AB_sagging_top_flange_compressed', 'top')):
            ex = e[key]
            summary = None
            if isinstance(variants, list):
                summary = next((y for y in variants if flange_of(y.get('compressed_flange')) == flange), None)
            if flange_of(chk.get('compressed_flange')) == flange:
                beam_pairs(c, ex, chk, flange == 'top')  # the full check of the governing sign
            if summary is None:
                c.flag(key, 'a check with the %s flange compressed' % flange, 'not served', False)
                continue
            mine = max(ex['ratio_top'], ex['ratio_bottom'], ex.get('ratio_shear', 0.0))
            c.num(f'{flange} flange compressed: governing ratio (by_flange)', mine, summary.get('ratio'))
            c.num(f'{flange} flange compressed: |Mx| (by_flange)', abs(e['analysis_AB']['M_min' if flange == 'bottom' else 'M_max']), summary.get('Mx'))
    if cid == 'm5-frame-overhang-cantilever-C04':
        m = member_row(resp, 'BC')
        c.num('BC M_min', e['analysis_BC']['M_min'], m.get('M_min'), abs_=1e-4)
        chk = resp.get('checks', {}).get('BC', {})
        beam_pairs(c, e['check_BC'], chk, False)
        c.eq('BC verdict', case['verdict'], chk.get('verdict'))
    if cid == 'm5-frame-cantilever-singly-symmetric-hogging':
        chk = resp.get('checks', {}).get('K', {})
        v = chk
        bf = chk.get('by_flange')
        if isinstance(bf, dict) and (bf.get('bottom') or bf.get('下翼缘')):
            v = bf.get('bottom') or bf.get('下翼缘')
        beam_pairs(c, e['check_K_strength'], v.get('values', v), False)
    check_warnings(c, case, resp)
    return c


def name_of(f):
    return ' + '.join(f'{v:g}{k}' for k, v in f.items())


def run(out_md, only=None):
    doc = json.load(open(CASES))
    if only:
        doc['cases'] = [c for c in doc['cases'] if c['id'] in only]
    lines, n_ok = [], 0
    summary = []
    saved = {}
    for case in doc['cases']:
        sr = case['service_request']
        if 'endpoint' in sr:
            status, resp = post('/v1/calc/steel-frame', sr['body'])
        else:
            status, resp = post('/v1/calc/steel', sr)
        saved[case['id']] = {'status': status, 'response': resp}
        if case['input']['kind'] == 'bad_input':
            txt = json.dumps(resp, ensure_ascii=False)
            e = case['expected']
            full = e['field'] in txt
            leaf = e['field_leaf'] in txt
            ok = status == 400 and (full or leaf)
            c = Cmp(case['tolerance'])
            c.flag('status', 400, status, status == 400)
            c.flag('field named', e['field'], 'full path' if full else ('leaf only' if leaf else 'not named: ' + txt[:160]), full or leaf)
        elif status != 200:
            c = Cmp(case['tolerance'])
            c.flag('status', 200, f'{status}: {json.dumps(resp, ensure_ascii=False)[:300]}', False)
        elif case['input']['kind'] in ('beam', 'compression', 'beam_column'):
            c = member_case(case, resp)
        else:
            c = frame_case(case, resp)
        ok = c.ok()
        n_ok += ok
        summary.append((case['id'], ok, sum(1 for r in c.rows if not r[3]), len(c.rows)))
        lines.append(f'\n### {case["id"]} — {"PASS" if ok else "FAIL"}\n\n{case["title"]}\n')
        lines.append('| quantity | expected | served | |\n|---|---|---|---|')
        for label, exp, got, good in c.rows:
            if isinstance(exp, float):
                exp = f'{exp:.6g}'
            if isinstance(got, float):
                got = f'{got:.6g}'
            lines.append(f'| {label} | {exp} | {str(got)[:200]} | {"ok" if good else "**differs**"} |')
    head = [f'# First sight of the wave-5 independent steel cases against the service\n',
            f'Run once, after the cases were committed, against `{BASE}` (the service of branch steel-author5 at its merge '
            f'base with main). {n_ok}/{len(doc["cases"])} cases pass at first sight.\n',
            '| case | first sight | quantities differing / compared |', '|---|---|---|']
    head += [f'| {i} | {"pass" if ok else "FAIL"} | {nf}/{n} |' for i, ok, nf, n in summary]
    with open(out_md, 'w') as fh:
        fh.write('\n'.join(head + lines) + '\n')
    with open(os.path.splitext(out_md)[0] + '.responses.json', 'w') as fh:
        json.dump(saved, fh, ensure_ascii=False)
    print(n_ok, '/', len(doc['cases']))


if __name__ == '__main__':
    run(sys.argv[1] if len(sys.argv) > 1 else '/work/wt/FIRST-SIGHT-steel-5.md', set(sys.argv[2:]) or None)
