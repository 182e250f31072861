"""Wave-5 independent GB 50017-2017 steel cases (author: steel-author5, who never read the engine or its tests).

Run: python3 derive5.py  → writes ../../test/calc/steel/independent-cases-5.json (Python 3 + numpy).

Reuses the previous wave's independent library (steellib.py, checks.py, frame.py: written from the clauses by an author
who also never read the code) and extends it: appendix_e.py (μ of Appendix E from the stability equations),
combos.py (GB 55001-2021 combinations and the envelope), chord-relative deflection in frame.py.

Conventions of the JSON (engine-neutral, as last wave's independent-cases.json):
- units: forces kN, moments kN·m, lengths m, section dimensions mm, stresses N/mm², section properties mm-units;
- a moment M > 0 compresses the TOP flange (flange 1, b×tf); M < 0 (hogging) compresses the bottom flange (b2×tf2);
- inputs are design values unless a case says otherwise (deflection and drift take standard values);
- `expected` holds intermediate values and ratios; `tolerance.rel` applies to every number (`abs` for values near
  zero); closed forms carry rel 1e-6, table-interpolated values rel 0.005 with the table row named in `tolerance.note`;
- `verdict` is ok/fail by the ratios (≤ 1.0 passes); `warnings_expected` names warnings a checking engineer expects;
- the service rounds check figures to six significant figures (docs/steel.md): a comparison can be no finer than half
  a unit of the served value's 6th figure, whatever `tolerance.rel` says;
- `service_request` is the body this repository's documented API takes for the same question (docs/steel.md) and
  `served` maps expected keys to where the documented answer carries them; both are conveniences, not the case.
"""
import json
import os
from math import pi, sqrt

from appendix_e import mu_nonsway, mu_sway
from checks import beam, beam_column, compression, settle
from combos import basic_combinations, envelope, name, standard_combinations
from frame import solve
from steellib import (E, FU, FY_NOM, G_ACC, RHO, beta_b_c01, beta_b_c04, eps_k, f_of, phi_b_c01, phi_of, r3, rolled,
                      welded, xi_of)

CASES = []
REL_CLOSED = 1e-6
REL_TABLE = 0.005


def clean(v):
    if isinstance(v, dict):
        return {k: clean(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [clean(x) for x in v]
    if hasattr(v, 'item'):
        v = v.item()
    if isinstance(v, bool):
        return v
    if isinstance(v, float):
        return r3(v, 9)
    return v


def add(id, title, clauses, input, expected, verdict=None, tolerance=None, warnings=None, note=None,
        service_request=None, served=None, warnings_absent=None):
    c = dict(id=id, title=title, clauses=clauses, source='derived', input=input, expected=expected,
             tolerance=tolerance or {'rel': REL_CLOSED, 'abs': 1e-6, 'note': 'closed form'})
    if verdict is not None:
        c['verdict'] = verdict
    if warnings:
        c['warnings_expected'] = warnings
    if warnings_absent:
        c['warnings_absent'] = warnings_absent
    if note:
        c['note'] = note
    if service_request:
        c['service_request'] = service_request
    if served:
        c['served'] = served
    assert id not in {x['id'] for x in CASES}, id
    CASES.append(clean(c))


def sec_welded(h, b, tw, tf, b2=None, tf2=None, edge='flame_cut'):
    d = {'type': 'welded_i', 'h': h, 'b': b, 'tw': tw, 'tf': tf, 'flange_edge': edge}
    if b2:
        d.update(b2=b2, tf2=tf2)
    return d


def pick(d, keys):
    return {k: d[k] for k in keys if k in d}


BEAM_KEYS = ['eps_k', 'A', 'yc_from_bottom', 'Ix', 'W_top', 'W_bottom', 'compression_flange', 'flange_bt', 'flange_class',
             'web_h0tw', 'web_class', 'section_class', 'gamma_x', 'f_top', 'f_bottom', 'sigma_top', 'sigma_bottom',
             'ratio_top', 'ratio_bottom', 'ratio_compression_fibre', 'ratio_tension_fibre', 'Sx', 'fv', 'tau',
             'ratio_shear', 'l1', 'beta_b', 'beta_b_source', 'lambda_y', 'alpha_b', 'eta_b', 'phi_b_raw', 'phi_b',
             'sigma_ltb', 'ratio_ltb', 'ratios', 'governing', 'governing_ratio']
BC_KEYS = ['A', 'yc_from_bottom', 'Ix', 'W_compression', 'W_other', 'f', 'sigma_web_edge_top', 'sigma_web_edge_bottom',
           'alpha0', 'alpha0_computed', 'alpha0_if_mid_web', 'web_h0tw', 'web_limits_S1_S5', 'web_class', 'web_class_if_mid_web',
           'flange_bt', 'flange_class', 'section_class', 'gamma_x', 'curve_x', 'curve_y', 'lambda_x', 'lambda_y',
           'phi_x', 'phi_y', 'NEx_prime', 'beta_mx', 'beta_tx', 'eta', 'phi_b', 'lambda_y_le_120ek', 'ratios',
           'governing', 'governing_ratio']
COL_KEYS = ['A', 'ix', 'iy', 'f', 'curve_x', 'curve_y', 'lambda_x', 'lambda_y', 'lambda_n_x', 'lambda_n_y', 'phi_x',
            'phi_y', 'phi', 'ratio_strength_gross', 'ratio_net_at_holes', 'ratio_stability', 'lambda_max',
            'utilisation_7_4_6', 'slenderness_limit', 'slenderness_ok', 'ratios', 'governing', 'governing_ratio']
# documented output names (shared/spec/steel.md Part B "Output names", docs/steel.md) for the keys that have one
SERVED_BEAM = {'gamma_x': 'gamma_x', 'flange_class': 'flange_class', 'web_class': 'web_class', 'tau': 'tau',
               'ratio_shear': 'ratio_shear', 'beta_b': 'beta_b', 'phi_b': 'phi_b', 'ratio_ltb': 'ratio_ltb',
               'ratio_bending': 'ratio_bending', 'governing_ratio': 'governing ratio'}
SERVED_BC = {'alpha0': 'alpha0', 'gamma_x': 'gamma_x', 'phi_x': 'phi_x', 'phi_y': 'phi_y', 'NEx_prime': 'NEx_prime',
             'beta_mx': 'beta_mx', 'beta_tx': 'beta_tx', 'phi_b': 'phi_b', 'lambda_x': 'lambda_x', 'lambda_y': 'lambda_y'}
SERVED_COL = {'phi_x': 'phi_x', 'phi_y': 'phi_y', 'lambda_x': 'lambda_x', 'lambda_y': 'lambda_y',
              'ratio_stability': 'ratio_stability', 'ratio_strength_gross': 'ratio_strength', 'curve_x': 'curve_x',
              'curve_y': 'curve_y'}


def with_ratio_bending(r):
    r = dict(r)
    r['ratio_bending'] = max(r['ratio_top'], r['ratio_bottom'])
    return r


def beam_case(id, title, clauses, sec_in, s, grade, M, V=None, ltb=None, ltb_params=None, note=None, warnings=None,
              extra_params=None, override=None, extra_expected=None, warnings_absent=None, tol=None):
    """A beam case. override: {'gamma_x': v} or {'f': v} — the check is recomputed with the user's value (the user
    asked for it) and a warning is expected because the value is above the code's."""
    r = beam(s, grade, M, V=V, ltb=ltb)
    if override:
        r = apply_override(r, s, M, override)
    r = with_ratio_bending(r)
    params = {'section': sec_in, 'grade': grade, 'Mx': M}
    if V is not None:
        params['V'] = V
    params['ltb'] = ltb_params if ltb_params is not None else {'braced': True}
    if extra_params:
        params.update(extra_params)
    inp = {'kind': 'beam', 'section': sec_in, 'grade': grade, 'Mx': M}
    if V is not None:
        inp['V'] = V
    inp['lateral_torsional'] = 'braced (deck on the compression flange, 6.2.1)' if ltb is None else ltb
    if override:
        inp['override'] = override
    exp = pick(r, BEAM_KEYS + ['ratio_bending'])
    if extra_expected:
        exp.update(extra_expected)
    add(id, title, clauses, inp, exp, r['verdict'], note=note, warnings=warnings, tolerance=tol,
        service_request={'kind': 'beam', 'params': params}, served=SERVED_BEAM, warnings_absent=warnings_absent)
    return r


def apply_override(r, s, M, ov):
    Mabs = abs(M) * 1e6
    r = dict(r)
    if 'gamma_x' in ov:
        g = ov['gamma_x']
        r['gamma_x_code'] = r['gamma_x']
        r['gamma_x'] = g
    if 'f' in ov:
        r['f_code_top'], r['f_code_bottom'] = r['f_top'], r['f_bottom']
        r['f_top'] = r['f_bottom'] = float(ov['f'])
    g = r['gamma_x']
    r['sigma_top'] = Mabs / (g * s['W1'])
    r['sigma_bottom'] = Mabs / (g * s['W2'])
    r['ratio_top'] = r['sigma_top'] / r['f_top']
    r['ratio_bottom'] = r['sigma_bottom'] / r['f_bottom']
    top = M > 0
    r['ratio_compression_fibre'] = r['ratio_top'] if top else r['ratio_bottom']
    r['ratio_tension_fibre'] = r['ratio_bottom'] if top else r['ratio_top']
    ratios = dict(r['ratios'])
    ratios['6.1.1 compression fibre'] = r['ratio_compression_fibre']
    ratios['6.1.1 tension fibre'] = r['ratio_tension_fibre']
    if 'tau' in r and 'f' in ov:
        pass  # fv not overridden
    return settle(r, ratios)


def rolled_in(designation):
    return {'type': 'rolled_h', 'designation': designation}


# ═════ 1. Singly-symmetric welded beams: both fibres of 6.1.1, the compressed flange decides γx ════════════════════
# W1: h = 900, top 400×20, bottom 240×18, web 10 (flame-cut). Both flanges in the 16 < t ≤ 40 band of Table 4.4.1
# (Q235 f = 205 at both fibres, whichever plate a convention picks); the web t = 10 → fv = 125.
W1 = dict(h=900, b=400, tw=10, tf=20, b2=240, tf2=18)
sW1 = welded(**{k: W1[k] for k in ('h', 'b', 'tw', 'tf', 'b2', 'tf2')})
beam_case('m5-ss-W1-sagging-tension-fibre-Q235',
          'Welded I 900 (top 400×20, bottom 240×18), sagging 1180 kN·m: the bottom (tension) fibre governs 6.1.1',
          ['Table 4.4.1 (t 16–40: f 205; web fv 125)', '3.5.1', 'Table 3.5.1 (beam)', '6.1.1-1', '6.1.2', '6.1.3'],
          sec_welded(**W1), sW1, 'Q235', 1180.0, V=600.0,
          note='yc from the bottom = ΣA·y/A; W_top = Ix/(h − yc), W_bottom = Ix/yc < W_top. Class by the compressed '
               '(top) flange b/t = (400−10)/2/20 = 9.75 (S2) and the web 862/10 = 86.2 (S3, ≤ 93εk): γx = 1.05 at both '
               'fibres (6.1.2). σ = Mx/(γx Wn) ≤ f at each fibre; τ = V·Sx/(Ix·tw) at the neutral axis (6.1.3-1).')
beam_case('m5-ss-W1-hogging-small-flange-Q235',
          'Same section, hogging −900 kN·m: the smaller bottom flange is compressed and its fibre governs',
          ['3.5.1', 'Table 3.5.1 (beam)', '6.1.1-1', '6.1.2'],
          sec_welded(**W1), sW1, 'Q235', -900.0,
          note='Compressed flange = bottom 240×18: b/t = 6.39 (S1); web S3 → γx = 1.05. The compression fibre is now the '
               'bottom one (W_bottom) and it governs; the top (tension) fibre has the larger W.')

# W2b: top 300×14 (S2), bottom 280×10 (b/t = 13.6: S4 in Q235), web 676/8 = 84.5 (S3): γx flips with the sign of M.
W2b = dict(h=700, b=300, tw=8, tf=14, b2=280, tf2=10)
sW2b = welded(**W2b)
beam_case('m5-ss-W2b-sagging-gamma-1.05', 'Top flange S2 compressed (sagging 600): γx = 1.05',
          ['Table 3.5.1 (beam)', '6.1.2', '6.1.1-1'], sec_welded(**W2b), sW2b, 'Q235', 600.0,
          note='Flanges ≤ 16 mm: f = 215 at both fibres. Top b/t = (300−8)/2/14 = 10.43 ≤ 11 → S2; web 84.5 ≤ 93 → S3.')
beam_case('m5-ss-W2b-hogging-gamma-1.0', 'Bottom flange S4 compressed (hogging −600): γx = 1.0, same |M|',
          ['Table 3.5.1 (beam)', '6.1.2', '6.1.1-1'], sec_welded(**W2b), sW2b, 'Q235', -600.0,
          note='Bottom b/t = (280−8)/2/10 = 13.6: 13 < 13.6 ≤ 15 → S4 → γx = 1.0 (6.1.2 item 1). An engine that takes '
               'the top flange as compressed for every sign reports γx = 1.05 here (4.8 % unconservative).')

# W3: doubly symmetric, slender web 968/6 = 161.3 > 124εk: S5 → γx = 1.0 and the effective-section warning
W3 = dict(h=1000, b=300, tw=6, tf=16)
sW3 = welded(**W3)
beam_case('m5-S5-web-beam-Q235', 'Welded I 1000×300×6×16, web h0/tw = 161 (S5): γx = 1.0 and an S5 warning',
          ['Table 3.5.1 (beam web S5 ≤ 250)', '6.1.2', '6.1.1 note (S5: effective section, 8.4.2)'],
          sec_welded(**W3), sW3, 'Q235', 1000.0, V=250.0,
          warnings=['S5 section: effective section (6.1.1 / 8.4.2) required — gross-section result unconservative'],
          note='124εk = 124 < 161.3 ≤ 250 → S5; the flange (9.19, S2) does not help: the class is the worse of the two.')

# W2 in Q355: hogging compresses a bottom flange 260×10 with b/t = 12.6 > 15εk = 12.20 → S5 flange
W2 = dict(h=700, b=300, tw=8, tf=14, b2=260, tf2=10)
sW2 = welded(**W2)
beam_case('m5-ss-W2-Q355-hogging-S5-flange', 'Q355 hogging: the compressed bottom flange b/t = 12.6 is S5 (> 15εk = 12.20)',
          ['3.5.1 (εk = √(235/355))', 'Table 3.5.1 (beam flange S5 ≤ 20)', '6.1.2', '6.1.1'],
          sec_welded(**W2), sW2, 'Q355', -420.0,
          warnings=['S5 section: effective section required — gross-section result unconservative'],
          note='Sagging the same section is S4 (web 84.5 > 93εk = 75.67); hogging adds an S5 flange: the warning must '
               'follow the compressed flange.')

# ═════ 2. Overrides above the table (a warning) and below it (no warning) ═══════════════════════════════════════════
W5 = dict(h=800, b=300, tw=8, tf=14, b2=200, tf2=12)
sW5 = welded(**W5)
beam_case('m5-override-gamma-x-above-class', 'γx = 1.05 given for a section whose class gives 1.0 (web S4 in Q355): warn',
          ['Table 3.5.1', '6.1.2 (S4/S5 → γx = 1.0)', '6.1.1'], sec_welded(**W5), sW5, 'Q355', 700.0,
          override={'gamma_x': 1.05}, extra_params={'gamma_x': 1.05},
          warnings=['gamma_x_above_table: γx 1.05 above the 1.0 the section class gives (unconservative)'],
          note='Web 776/8 = 97.0 > 93εk = 75.67 → S4 (beam): γx = 1.0 by 6.1.2. The user\'s 1.05 is used (expected '
               'ratios below are computed with it) but must be warned.')
s400 = rolled('HN400x200x8x13')
beam_case('m5-override-f-above-grade', 'f = 235 given for Q235 t = 13 (Table 4.4.1: 215): warn, compute with 235',
          ['Table 4.4.1', '6.1.1'], rolled_in('HN400x200x8x13'), s400, 'Q235', 230.0,
          override={'f': 235}, extra_params={'f': 235},
          warnings=['f_above_grade: f 235 above Table 4.4.1 (215 for Q235, t ≤ 16)'])
beam_case('m5-override-f-below-grade-no-warning', 'f = 200 given (below the table\'s 215): accepted without the above-table warning',
          ['Table 4.4.1', '6.1.1'], rolled_in('HN400x200x8x13'), s400, 'Q235', 230.0,
          override={'f': 200}, extra_params={'f': 200},
          warnings_absent=['f_above_grade'],
          note='A conservative override needs no warning; the check uses 200.')

# ═════ 3. LTB of singly-symmetric beams (C.0.1, Table C.0.1 with its αb > 0.8 factors, ηb) ═══════════════════════════
W4 = dict(h=600, b=320, tw=8, tf=14, b2=180, tf2=10)
sW4 = welded(**W4)
for item, l1, factor_rule in [(3, 6.0, 'item 3, ξ ≤ 0.5 → ×0.90'), (1, 9.0, 'item 1, ξ ≤ 1.0 → ×0.95')]:
    xi = xi_of(sW4, l1 * 1000, True)
    bb0 = beta_b_c01(item, xi)
    fac = 1.0
    if sW4['alpha_b'] > 0.8:
        if item == 1 and xi <= 1.0:
            fac = 0.95
        if item == 3:
            fac = 0.90 if xi <= 0.5 else (0.95 if xi <= 1.0 else 1.0)
    bb = bb0 * fac
    M = 260.0 if item == 3 else 170.0
    r = beam_case(f'm5-ltb-W4-item{item}-alpha-b-factor',
                  f'Enlarged compression flange (αb = {sW4["alpha_b"]:.3f} > 0.8), Table C.0.1 {factor_rule}',
                  ['6.2.2', 'C.0.1-1', 'C.0.1-7', 'Table C.0.1 (item %d, note 6)' % item, '6.1.1'],
                  sec_welded(**W4), sW4, 'Q235', M,
                  ltb={'l1': l1, 'beta_b': bb, 'table': f'C.0.1 item {item}: {bb0:.6f} × {fac} (αb > 0.8), ξ = {xi:.6f}'},
                  ltb_params={'l1': l1, 'item': item},
                  extra_expected={'xi': xi, 'beta_b_before_note6': bb0, 'note6_factor': fac},
                  note=f'ξ = l1·t1/(b1·h) = {l1 * 1000:.0f}·14/(320·600) = {xi:.6f}; ηb = 0.8(2αb − 1) (enlarged compression '
                       'flange); φb > 0.6 → φb\' = 1.07 − 0.282/φb (C.0.1-7). 6.2.2: Mx/(φb·Wx·f) with Wx of the compression '
                       '(top) fibre.')

# hogging LTB with reverse curvature (item 10, M2/M1 = −0.5 → 2.35 capped at 2.3), smaller flange compressed
l1 = 7.0
bb = beta_b_c01(10, m2_m1=-0.5)
beam_case('m5-ltb-W1-hogging-item10-cap', 'Hogging segment, end moments −700 / +350 (reverse curvature): βb = min(2.35, 2.3), ηb = 2αb − 1 < 0',
          ['6.2.2', 'C.0.1-1', 'Table C.0.1 item 10 (≤ 2.3)', '6.1.1'], sec_welded(**W1), sW1, 'Q235', -700.0,
          ltb={'l1': l1, 'beta_b': bb, 'table': 'C.0.1 item 10, M2/M1 = −0.5: 1.75 + 0.525 + 0.075 = 2.35 → 2.3'},
          ltb_params={'l1': l1, 'item': 10, 'm2_m1': -0.5},
          note='Compression flange = bottom 240×18 (M < 0): αb = I_bottom/(I_bottom + I_top) < 0.5 → ηb = 2αb − 1 '
               '(enlarged tension flange); Wx and t1 of the compression (bottom) fibre; ξ is not used by item 10.')

# ═════ 4. Cantilevers: φb by C.0.4 (Table C.0.4), βb by load and ξ band; hogging ═══════════════════════════════════════
CANT = [
    # id, section input, props, grade, l (m), load key, cantilever_item, M (kN·m, hogging)
    ('m5-cant-HN300-point-bottom-band2', rolled_in('HN300x150x6.5x9'), rolled('HN300x150x6.5x9'), 'Q235', 7.0, 'point_bottom', 2, -60.0),
    ('m5-cant-welded400x20-udl-top-band3', sec_welded(400, 200, 8, 20), welded(400, 200, 8, 20), 'Q235', 9.0, 'udl_top', 3, -200.0),
    ('m5-cant-welded500x16-point-top-band1-Q355', sec_welded(500, 250, 10, 16), welded(500, 250, 10, 16), 'Q355', 6.0, 'point_top', 1, -350.0),
]
for id, sin, s, g, l, load, item, M in CANT:
    xi = xi_of(s, l * 1000, True)
    bb = beta_b_c04(load, xi)
    band = '0.60 ≤ ξ ≤ 1.24' if xi <= 1.24 else ('1.24 < ξ ≤ 1.96' if xi <= 1.96 else '1.96 < ξ ≤ 3.10')
    wrong = phi_b_c01(s, l * 1000, 1.75, g)['phi_b']
    beam_case(id, f'Cantilever l = {l} m, {load.replace("_", " ")}: Table C.0.4 row "{load}", band {band}',
              ['6.2.2', 'C.0.4', 'Table C.0.4', 'C.0.1-1 (with βb of C.0.4)', 'C.0.1-7', '6.1.1'],
              sin, s, g, M,
              ltb={'l1': l, 'beta_b': bb, 'table': f'C.0.4 {load}, ξ = {xi:.6f} ({band})'},
              ltb_params={'l1': l, 'cantilever_item': item},
              extra_expected={'xi': xi, 'not_this__phi_b_simply_supported_beta_1.75': wrong},
              tol={'rel': REL_TABLE, 'abs': 1e-4, 'note': 'Table C.0.4 is a linear formula per ξ band (row cited in beta_b_source); '
                   '0.5 % for the band coefficients as printed'},
              note='C.0.4: βb from the table for the free-end load, ξ = l1·t1/(b1·h) with l1 the cantilever length; φb by '
                   'C.0.1-1 with ηb = 0 (doubly symmetric) and φb\' by C.0.1-7 when φb > 0.6. The hogging moment '
                   'compresses the bottom flange (equal flanges: the same W).')

# ═════ 5. Deflection (Table B.1.1) of a member ════════════════════════════════════════════════════════════════════════
s500 = rolled('HN500x200x10x16')
span, qk, qqk = 9.0, 30.0, 12.0
vT = 5 * qk * (span * 1000) ** 4 / (384 * E * s500['Ix'])
vQ = 5 * qqk * (span * 1000) ** 4 / (384 * E * s500['Ix'])
Md = (1.3 * (qk - qqk) + 1.5 * qqk) * span ** 2 / 8
r = beam(s500, 'Q235', Md)
add('m5-deflection-simple-B11-4-1', 'HN500×200 simply supported 9 m, qk = 30 (of which qqk = 12 variable): vT, vQ vs l/400, l/500',
    ['Appendix B Table B.1.1 row 4(1) (main beams: [vT] = l/400, [vQ] = l/500)', '6.1.1'],
    {'kind': 'beam', 'section': rolled_in('HN500x200x10x16'), 'grade': 'Q235', 'Mx': Md,
     'service': {'span': span, 'qk': qk, 'qqk': qqk, 'support': 'simple', 'row': '4(1)'}},
    {'v_T': vT, 'v_Q': vQ, 'v_T_limit': span * 1000 / 400, 'v_Q_limit': span * 1000 / 500,
     'ratio_v_T': vT / (span * 1000 / 400), 'ratio_v_Q': vQ / (span * 1000 / 500), 'Ix': s500['Ix'],
     'gamma_x': r['gamma_x'], 'ratio_bending': max(r['ratio_top'], r['ratio_bottom'])},
    'fail' if vT > span * 1000 / 400 or vQ > span * 1000 / 500 or r['governing_ratio'] > 1 else 'ok',
    note='v = 5·q·l⁴/(384·E·Ix) (standard values, 6.3 / B.1.1); Mx is the design moment (1.3·18 + 1.5·12)·9²/8 so that '
         'the strength check is realistic; it does not enter the deflection.',
    service_request={'kind': 'beam', 'params': {'section': rolled_in('HN500x200x10x16'), 'grade': 'Q235', 'Mx': Md,
                                                'ltb': {'braced': True},
                                                'service': {'span': span, 'qk': qk, 'qqk': qqk, 'support': 'simple', 'member': '4(1)'}}},
    served={'v_T': 'v_T', 'v_Q': 'v_Q', 'v_T_limit': 'v_T_limit', 'v_Q_limit': 'v_Q_limit'})

s350 = rolled('HN350x175x7x11')
span, qk, qqk = 3.0, 20.0, 8.0
vT = qk * (span * 1000) ** 4 / (8 * E * s350['Ix'])
vQ = qqk * (span * 1000) ** 4 / (8 * E * s350['Ix'])
Md = -(1.3 * (qk - qqk) + 1.5 * qqk) * span ** 2 / 2
r = beam(s350, 'Q235', Md)
add('m5-deflection-cantilever-2l', 'HN350×175 cantilever 3 m: v = q·l⁴/(8EI) against the limit on 2l (Table B.1.1 note 1)',
    ['Appendix B Table B.1.1 row 4(1) and note 1 (cantilever: l = twice the overhang)', '6.1.1'],
    {'kind': 'beam', 'section': rolled_in('HN350x175x7x11'), 'grade': 'Q235', 'Mx': Md,
     'service': {'span': span, 'qk': qk, 'qqk': qqk, 'support': 'cantilever', 'row': '4(1)'}},
    {'v_T': vT, 'v_Q': vQ, 'v_T_limit': 2 * span * 1000 / 400, 'v_Q_limit': 2 * span * 1000 / 500,
     'ratio_v_T': vT / (2 * span * 1000 / 400), 'ratio_v_Q': vQ / (2 * span * 1000 / 500)},
    'fail' if vT > 2 * span * 1000 / 400 or vQ > 2 * span * 1000 / 500 or r['governing_ratio'] > 1 else 'ok',
    service_request={'kind': 'beam', 'params': {'section': rolled_in('HN350x175x7x11'), 'grade': 'Q235', 'Mx': Md,
                                                'ltb': {'braced': True},
                                                'service': {'span': span, 'qk': qk, 'qqk': qqk, 'support': 'cantilever', 'member': '4(1)'}}},
    served={'v_T': 'v_T', 'v_Q': 'v_Q', 'v_T_limit': 'v_T_limit', 'v_Q_limit': 'v_Q_limit'})


# ═════ 6. Axial compression: 7.1.1 gross section, 7.2.1, curves (Table 7.2.1-1/-2), 7.4.6 slenderness ════════════════
def curves_general(s, grade, kind, edge='flame_cut'):
    """Table 7.2.1-1 (t < 40) and 7.2.1-2 (t ≥ 40) for the I/H sections used here."""
    t = max(s['t1'], s['t2'])
    if kind == 'welded':
        if t < 40:
            return ('b', 'b') if edge == 'flame_cut' else ('b', 'c')
        return ('b', 'b') if edge == 'flame_cut' else ('c', 'd')
    if t >= 40:
        return ('b', 'c') if t < 80 else ('c', 'd')
    if s['b1'] / s['h'] <= 0.8:
        return ('a', 'b')
    return ('b', 'c') if grade == 'Q235' else ('a', 'b')


def column(s, grade, N, l0x, l0y, kind, edge='flame_cut', An=None, role='column'):
    ek = eps_k(grade)
    tmax = max(s['t1'], s['t2'], s['tw'])
    f, _ = f_of(grade, tmax)
    cx, cy = curves_general(s, grade, kind, edge)
    lx, ly = l0x * 1000 / s['ix'], l0y * 1000 / s['iy']
    px, lnx = phi_of(lx, cx, grade)
    py, lny = phi_of(ly, cy, grade)
    phi = min(px, py)
    Nn = N * 1000
    out = dict(A=s['A'], ix=s['ix'], iy=s['iy'], f=f, t_for_f=tmax, curve_x=cx, curve_y=cy, lambda_x=lx, lambda_y=ly,
               lambda_n_x=lnx, lambda_n_y=lny, phi_x=px, phi_y=py, phi=phi,
               ratio_strength_gross=Nn / (s['A'] * f), ratio_stability=Nn / (phi * s['A'] * f))
    ratios = {'7.1.1-1 gross (7.1.2)': out['ratio_strength_gross'], '7.2.1 stability': out['ratio_stability']}
    if An is not None:
        out['An'] = An
        out['ratio_net_at_holes'] = Nn / (An * 0.7 * FU[grade])
    lam = max(lx, ly)
    util = out['ratio_stability']
    limit = 200.0 if util <= 0.5 else (150.0 if role == 'column' else 200.0)
    out.update(lambda_max=lam, utilisation_7_4_6=util, slenderness_limit=limit, slenderness_ok=lam <= limit)
    return settle(out, ratios)


def col_case(id, title, clauses, sin, s, grade, N, l0x, l0y, kind, edge='flame_cut', An=None, note=None, warnings=None,
             warnings_absent=None, params_extra=None):
    r = column(s, grade, N, l0x, l0y, kind, edge, An)
    params = {'section': sin, 'grade': grade, 'N': N, 'l0x': l0x, 'l0y': l0y}
    if An is not None:
        params['An'] = An
    if params_extra:
        params.update(params_extra)
    inp = {'kind': 'compression', **params}
    add(id, title, clauses, inp, pick(r, COL_KEYS + ['t_for_f', 'An']), r['verdict'], note=note, warnings=warnings,
        warnings_absent=warnings_absent, service_request={'kind': 'compression', 'params': params}, served=SERVED_COL)
    return r


s250 = rolled('HW250x250x9x14')
col_case('m5-col-HW250-gross-with-holes', 'HW250 Q235 column with bolt holes (An = 0.85A): strength on the gross section (7.1.2 → 7.1.1-1)',
         ['7.1.2', '7.1.1-1', '7.1.1-2 (at holes: N/(An·0.7fu))', '7.2.1', 'Table 7.2.1-1 (b/h > 0.8, Q235: b/c)', 'D.0.5'],
         rolled_in('HW250x250x9x14'), s250, 'Q235', 1100.0, 4.0, 4.0, 'rolled', An=round(0.85 * s250['A'], 1),
         note='The 2017 code checks compression strength on the gross section: σ = N/A ≤ f (7.1.2 with 7.1.1-1); the net '
              'section only fractures at 0.7fu (7.1.1-2), here not governing. N/(An·f), the 2003 form, is not used.')

s200 = rolled('HW200x200x8x12')
# λy ≈ 179 (l0y = 9.0 m), Q235, b/h = 1 → curve c about y
py, _ = phi_of(9000 / s200['iy'], 'c', 'Q235')
Nlow = round(0.45 * py * s200['A'] * 215 / 1000, 1)
Nhigh = round(0.60 * py * s200['A'] * 215 / 1000, 1)
col_case('m5-slender-179-at-45pct', 'λ = 179 with N at 45 % of φAf: the 7.4.6 limit relaxes to 200 (no slenderness warning)',
         ['7.4.6 and note 1 (≤ 50 % of capacity: [λ] = 200)', '7.2.1', 'D.0.5'], rolled_in('HW200x200x8x12'), s200,
         'Q235', Nlow, 4.5, 9.0, 'rolled', warnings_absent=['slenderness'],
         note='Column of a frame: [λ] = 150 (Table 7.4.6), but "当杆件内力设计值不大于承载能力的50%时，容许长细比值可取200".')
col_case('m5-slender-179-at-60pct', 'Same column at 60 % of φAf: [λ] = 150 and λ = 179 exceeds it (warning)',
         ['7.4.6', '7.2.1', 'D.0.5'], rolled_in('HW200x200x8x12'), s200, 'Q235', Nhigh, 4.5, 9.0, 'rolled',
         warnings=['slenderness: λ = 179 > [λ] = 150 (7.4.6)'])
Nvlow = round(0.30 * phi_of(10400 / s200['iy'], 'c', 'Q235')[0] * s200['A'] * 215 / 1000, 1)
col_case('m5-slender-207-at-30pct', 'λ = 207 at 30 %: above even the relaxed 200 (warning)',
         ['7.4.6 note 1', '7.2.1', 'D.0.5'], rolled_in('HW200x200x8x12'), s200, 'Q235', Nvlow, 4.5, 10.4, 'rolled',
         warnings=['slenderness: λ = 207 > [λ] = 200 (7.4.6)'])

sC = welded(500, 400, 12, 20)
col_case('m5-col-welded-sheared-Q420-curve-c', 'Welded I 500×400×12×20, rolled/sheared flanges, Q420: curves b/c, λn,y > 1.05 (c branch 2)',
         ['Table 7.2.1-1 (焊接, 翼缘为轧制或剪切边: x b, y c)', 'D.0.5 (class c, λn > 1.05: α2 1.216, α3 0.302)',
          'Table 4.4.1 (Q420, t 16–40: f 355)', '7.1.1-1', '7.2.1'],
         sec_welded(500, 400, 12, 20, edge='rolled_or_sheared'), sC, 'Q420', 2600.0, 8.0, 9.0, 'welded', edge='rolled_or_sheared')

sT = welded(600, 500, 20, 45)
col_case('m5-col-welded-t45-Q355', 'Welded I 600×500×20×45 flame-cut, Q355: t ≥ 40 row of Table 7.2.1-2 (b/b), f of the 45 mm plate (290)',
         ['Table 7.2.1-2 (t ≥ 40, 焊接工字形, 焰切边: b, b)', 'Table 4.4.1 (Q355 40–63: f 290) and note 1 (thickest plate)',
          '7.1.1-1', '7.2.1', 'D.0.5'],
         sec_welded(600, 500, 20, 45), sT, 'Q355', 9000.0, 10.0, 7.0, 'welded')

s300 = rolled('HW300x300x10x15')
col_case('m5-col-HW300-Q390-a-star', 'HW300 in Q390: a*/b* resolve to a/b (Table 7.2.1-1 note 1)',
         ['Table 7.2.1-1 note 1', 'D.0.5', 'Table 4.4.1 (Q390 t ≤ 16: f 345)', '7.2.1'], rolled_in('HW300x300x10x15'),
         s300, 'Q390', 2500.0, 6.0, 6.0, 'rolled')


# ═════ 7. Beam-columns: 8.1.1 (both fibres), α0 from the real neutral axis, 8.2.1 with βmx/βtx, φb ════════════════════
def bc_case(id, title, clauses, sin, s, grade, N, M, l0x, l0y, beta_mx, beta_tx, moments, welded_=True, note=None,
            warnings=None, extra=None, override=None, phib_override=None, warnings_absent=None):
    r = beam_column(s, grade, N, M, l0x, l0y, beta_mx=beta_mx, beta_tx=beta_tx, welded=welded_)
    if phib_override is not None:  # φb of C.0.1 where λy > 120εk (C.0.5 outside its range)
        r = dict(r)
        Nn, Mm = N * 1000, M * 1e6
        r['phi_b'] = phib_override
        ratios = dict(r['ratios'])
        ratios['8.2.1-3 out of plane'] = Nn / (r['phi_y'] * s['A'] * r['f']) + beta_tx * Mm / (phib_override * r['W_compression'] * r['f'])
        r = settle(r, ratios)
    if override is not None:
        r = dict(r)
        Nn, Mm = N * 1000, M * 1e6
        r['gamma_x_code'] = r['gamma_x']
        g = override
        r['gamma_x'] = g
        NEx = r['NEx_prime'] * 1000
        rr = dict(r['ratios'])
        rr['8.1.1 compression fibre'] = (Nn / s['A'] + Mm / (g * r['W_compression'])) / r['f']
        rr['8.1.1 other fibre'] = abs(Nn / s['A'] - Mm / (g * r['W_other'])) / r['f']
        rr['8.2.1-1 in plane'] = Nn / (r['phi_x'] * s['A'] * r['f']) + beta_mx * Mm / (g * r['W_compression'] * (1 - 0.8 * Nn / NEx) * r['f'])
        if '8.2.1-4 (larger flange compressed)' in rr:  # added after first sight: 8.2.1-4 takes the same γx
            rr['8.2.1-4 (larger flange compressed)'] = abs(Nn / (s['A'] * r['f']) - beta_mx * Mm / (g * r['W_other'] * (1 - 1.25 * Nn / NEx) * r['f']))
        r = settle(r, rr)
    params = {'section': sin, 'grade': grade, 'N': N, 'Mx': M, 'l0x': l0x, 'l0y': l0y, 'moments': moments}
    if override is not None:
        params['gamma_x'] = override
    exp = pick(r, BC_KEYS)
    if extra:
        exp.update(extra)
    add(id, title, clauses, {'kind': 'beam_column', **params}, exp, r['verdict'], note=note, warnings=warnings,
        warnings_absent=warnings_absent, service_request={'kind': 'beam_column', 'params': params}, served=SERVED_BC)
    return r


def Ncr_of(s, l0x):
    return pi ** 2 * E * s['Ix'] / (l0x * 1000) ** 2  # N (8.2.1: Ncr = π²EI/(μl)²)


# (a) singly symmetric, larger flange compressed: 8.2.1-4 applies; non-sway end moments M2/M1 = 0.5
N, M, l0x, l0y = 300.0, 250.0, 8.0, 4.0
bc_case('m5-bc-W4-larger-flange-compressed-nonsway', 'Welded 600 (top 320×14, bottom 180×10) Q235: larger flange compressed, 8.2.1-4 too; βmx = 0.6 + 0.4·0.5',
        ['3.5.1 (α0)', 'Table 3.5.1 (压弯 web)', '8.1.1', '8.2.1-1', '8.2.1-3', '8.2.1-4', 'C.0.5-2 (singly symmetric)', 'D.0.5'],
        sec_welded(**W4), sW4, 'Q235', N, M, l0x, l0y, 0.6 + 0.4 * 0.5, 0.65 + 0.35 * 0.5,
        {'sway': False, 'transverse': 'none', 'm2_m1': 0.5},
        note='α0 = (σmax − σmin)/σmax at the web edges with the section\'s own neutral axis (yc from the bottom); φb by '
             'C.0.5-2 (λy ≤ 120εk): 1.07 − W1x/((2αb + 0.1)A·h)·λy²/14000. 8.2.1-4: |N/(Af) − βmx·Mx/(γx·W2x(1 − 1.25N/N\'Ex)f)|.')

# (b) sway frame column: βmx = 1 − 0.36 N/Ncr (Ncr with l0x = μl)
s400 = rolled('HN400x200x8x13')
N, M, l0x, l0y = 500.0, 120.0, 9.0, 4.0
Ncr = Ncr_of(s400, l0x)
bmx = 1 - 0.36 * N * 1000 / Ncr
bc_case('m5-bc-HN400-sway-column', 'HN400×200 Q355 sway-frame column: βmx = 1 − 0.36N/Ncr, βtx = 0.65 + 0.35·(−0.5)',
        ['8.2.1 (有侧移框架柱: βmx = 1 − 0.36N/Ncr, Ncr = π²EI/(μl)²)', '8.2.1-1', '8.2.1-3 (βtx = 0.65 + 0.35M2/M1)',
         'C.0.5-1', 'D.0.5', 'Table 7.2.1-1 (b/h ≤ 0.8: a/b)'],
        rolled_in('HN400x200x8x13'), s400, 'Q355', N, M, l0x, l0y, bmx, 0.65 + 0.35 * (-0.5),
        {'sway': True, 'transverse': 'none', 'm2_m1': -0.5}, welded_=False, extra={'Ncr': Ncr / 1000},
        note='Out of plane the column is braced at mid-height (l0y = 4.0 m, λy ≤ 120εk: C.0.5-1); its segment has end moments of opposite sign '
             '(M2/M1 = −0.5).')

# (c) non-sway, UDL only: βmqx = 1 − 0.18 N/Ncr, βtx = 1.0
s450 = rolled('HN450x200x9x14')
N, M, l0x, l0y = 350.0, 160.0, 7.0, 3.5
Ncr = Ncr_of(s450, l0x)
bc_case('m5-bc-HN450-udl-only', 'HN450×200 Q235 member with a UDL only, ends pinned: βmx = 1 − 0.18N/Ncr, βtx = 1.0',
        ['8.2.1 (无侧移, 全跨均布荷载: βmqx = 1 − 0.18N/Ncr)', '8.2.1-1', '8.2.1-3 (βtx = 1.0, transverse load only)',
         'C.0.5-1', 'D.0.5'],
        rolled_in('HN450x200x9x14'), s450, 'Q235', N, M, l0x, l0y, 1 - 0.18 * N * 1000 / Ncr, 1.0,
        {'sway': False, 'transverse': 'udl'}, welded_=False, extra={'Ncr': Ncr / 1000})

# (d) λy > 120εk: C.0.5 out of range, φb by C.0.1 with βb of item 10 for uniform moment (M2/M1 = 1: βb = 1.0)
s300b = rolled('HN300x150x6.5x9')
N, M, l0x, l0y = 120.0, 40.0, 6.0, 4.5
ly = l0y * 1000 / s300b['iy']
pb = phi_b_c01(s300b, l0y * 1000, beta_b_c01(10, m2_m1=1.0), 'Q235')
bc_case('m5-bc-HN300-lambda-y-above-120', 'HN300×150 Q235, λy = %.0f > 120εk: φb by C.0.1 (βb = 1.0 for uniform moment, item 10)' % ly,
        ['C.0.5 (valid for λy ≤ 120εk only)', 'C.0.1-1', 'Table C.0.1 item 10 (M2/M1 = 1: βb = 1.0)', 'C.0.1-7',
         '8.2.1-1', '8.2.1-3 (βtx = 0.65 + 0.35 = 1.0)'],
        rolled_in('HN300x150x6.5x9'), s300b, 'Q235', N, M, l0x, l0y, 1.0, 1.0,
        {'sway': False, 'transverse': 'none', 'm2_m1': 1.0}, welded_=False, phib_override=pb['phi_b'],
        extra={'phi_b_raw': pb['phi_b_raw'], 'beta_b': 1.0},
        note='Uniform moment over the segment: βmx = 0.6 + 0.4 = 1.0, βtx = 0.65 + 0.35 = 1.0, and item 10 of Table C.0.1 '
             'gives βb = 1.75 − 1.05 + 0.3 = 1.0, so every reading of "C.0.1 beyond C.0.5\'s range" agrees.')

# (e) cantilever column with a free-end moment: βmx = 1 − 0.36(1 − m)N/Ncr, l0x = 2l; braced out of plane at both ends
s350 = rolled('HN350x175x7x11')
l = 3.0
N, M = 250.0, 90.0
m = 0.4
Ncr = Ncr_of(s350, 2 * l)
bc_case('m5-bc-cantilever-free-end-moment', 'HN350×175 Q235 cantilever column in plane (l0x = 2l = 6 m), free-end moment 0.4 of the fixed-end: βmx = 1 − 0.36(1 − m)N/Ncr',
        ['8.2.1 (自由端作用有弯矩的悬臂柱: βmx = 1 − 0.36(1 − m)N/Ncr)', '8.2.1-3 (βtx = 0.65 + 0.35M2/M1, single curvature)', 'C.0.5-1', '8.2.1-1'],
        rolled_in('HN350x175x7x11'), s350, 'Q235', N, M, 2 * l, l, 1 - 0.36 * (1 - m) * N * 1000 / Ncr, 0.65 + 0.35 * m,
        {'sway': True, 'cantilever': True, 'm': m, 'm2_m1': m, 'transverse': 'none'}, welded_=False, extra={'Ncr': Ncr / 1000},
        note='m = free-end moment / fixed-end moment, positive without inflection (8.2.1); Ncr with μ = 2. Out of plane the '
             'member is held at both ends (l0y = l = 3 m): its segment carries end moments M and 0.4M of the same sign, so '
             'βtx = 0.65 + 0.35·0.4 (no transverse load).')

# (f) γx override above the class on a beam-column (web S4 by α0 in Q355): warn
N, M = 200.0, 450.0
rW5 = beam_column(sW5, 'Q355', N, M, 8.0, 4.0, beta_mx=1.0, beta_tx=1.0, welded=True)
bc_case('m5-bc-override-gamma-x', 'Beam-column whose web class gives γx = 1.0 (class %d by α0), γx = 1.05 given: computed with 1.05, warned' % rW5['section_class'],
        ['3.5.1 (α0)', 'Table 3.5.1 (压弯)', '8.1.1 (γx = 1.0 for S4/S5)', '8.2.1-1'],
        sec_welded(**W5), sW5, 'Q355', N, M, 8.0, 4.0, 1.0, 1.0, {'sway': False, 'transverse': 'none', 'm2_m1': 1.0},
        override=1.05, warnings=['gamma_x_above_table: 1.05 above the 1.0 of the section class'])


# ═════ 8. Frames ══════════════════════════════════════════════════════════════════════════════════════════════════════
FRAME_TOL = {'rel': REL_CLOSED, 'abs': 1e-6, 'note': 'linear algebra of an exact model (closed form up to round-off)'}
SW_PER_MM2 = RHO * G_ACC * 1e-9  # kN/m per mm² of area: ρ·g (7850 kg/m³ × 9.81 m/s² = 77.01 kN/m³)


def props(sec):
    """(A, Ix, section-dict for the service) of 'HN…' designations or welded dicts."""
    if isinstance(sec, str):
        s = rolled(sec)
        return s, rolled_in(sec)
    s = welded(sec['h'], sec['b'], sec['tw'], sec['tf'], sec.get('b2'), sec.get('tf2'))
    return s, sec_welded(**sec)


def model(nodes, mem_specs, supports):
    """mem_specs: (id, i, j, section, grade). Returns solver members (with A, I) and the service members (no loads)."""
    ms, svc = [], []
    for mid, i, j, sec, grade in mem_specs:
        s, sin = props(sec)
        ms.append({'id': mid, 'i': i, 'j': j, 'A': s['A'], 'I': s['Ix'], '_s': s})
        svc.append({'id': mid, 'i': i, 'j': j, 'section': sin, 'grade': grade})
    return ms, svc


def lengths(nodes, members):
    xy = {n['id']: (n['x'], n['y']) for n in nodes}
    return {m['id']: ((xy[m['j']][0] - xy[m['i']][0]) ** 2 + (xy[m['j']][1] - xy[m['i']][1]) ** 2) ** 0.5 for m in members}


def solve_case_combo(nodes, members, supports, case_loads, case_nodal, factors):
    ms = []
    for m in members:
        loads = []
        for case, f in factors.items():
            for ld in case_loads.get(case, {}).get(m['id'], []):
                q = dict(ld)
                if 'w' in q:
                    q['w'] = q['w'] * f
                if 'p' in q:
                    q['p'] = q['p'] * f
                loads.append(q)
        ms.append({**{k: v for k, v in m.items() if k != '_s'}, 'loads': loads})
    nl = []
    for case, f in factors.items():
        for x in case_nodal.get(case, []):
            nl.append({'node': x['node'], 'fx': x.get('fx', 0.0) * f, 'fy': x.get('fy', 0.0) * f, 'mz': x.get('mz', 0.0) * f})
    return solve(nodes, ms, supports, nl)


def with_self_weight(members, case_loads, g_case='G'):
    cl = {c: {k: list(v) for k, v in d.items()} for c, d in case_loads.items()}
    sw = {}
    for m in members:
        w = SW_PER_MM2 * m['A']
        sw[m['id']] = w
        cl.setdefault(g_case, {}).setdefault(m['id'], []).insert(0, {'type': 'udl', 'w': -w, 'dir': 'global_y'})
    return cl, sw


def svc_frame(nodes, svc_members, supports, case_loads=None, case_nodal=None, types=None, plain_loads=None,
              plain_nodal=None, extra=None, design=None):
    """The documented request (docs/steel.md, 'Load cases, combinations, envelope'): load_cases [{id, type}], every
    load with its `case`; self-weight is added by the service (on by default with load cases)."""
    body = {'nodes': nodes, 'supports': supports, 'members': []}
    for m in svc_members:
        mm = dict(m)
        loads = []
        if case_loads is not None:
            for case, per in case_loads.items():
                for ld in per.get(m['id'], []):
                    loads.append({**ld, 'case': case})
        if plain_loads is not None:
            loads += plain_loads.get(m['id'], [])
        if loads:
            mm['loads'] = loads
        if design and m['id'] in design:
            mm['design'] = design[m['id']]
        body['members'].append(mm)
    nl = []
    if case_nodal:
        for case, lst in case_nodal.items():
            nl += [{**x, 'case': case} for x in lst]
    if plain_nodal:
        nl += plain_nodal
    if nl:
        body['nodal_loads'] = nl
    if types is not None:
        body['load_cases'] = [{'id': c, 'type': t} for c, t in types.items()]
    if extra:
        body.update(extra)
    return {'endpoint': 'POST /v1/calc/steel-frame', 'body': body}


def env_cases(id, title, nodes, mem_specs, supports, case_loads, case_nodal, types, note, reactions_for=()):
    members, svc = model(nodes, mem_specs, supports)
    cl_sw, sw = with_self_weight(members, case_loads)
    combos = basic_combinations(types)
    per = [(f, solve_case_combo(nodes, members, supports, cl_sw, case_nodal, f)) for f in combos]
    env = envelope(per, [m['id'] for m in members])
    L = lengths(nodes, members)
    reac = {}
    for f, res in per:
        if name(f) in reactions_for:
            reac[name(f)] = res['reactions']
    add(id, title,
        ['GB 55001-2021 3.1.13 (γG 1.3/1.0, γQ 1.5, γL 1.0)', 'GB 50009-2012 5.3.1, 7.1.5, 8.1.4 (ψc 0.7 / 0.7 / 0.6)',
         'GB 50017-2017 Table 4.4.8 (ρ = 7850 kg/m³) for self-weight', 'GB 50017-2017 5.1 (first-order elastic analysis)'],
        {'kind': 'frame_with_load_cases', 'nodes': nodes, 'members': svc, 'supports': supports,
         'load_cases': types, 'loads_per_case': case_loads, 'nodal_loads_per_case': case_nodal,
         'self_weight': f'ρ·A·g per metre of each member in case G (ρ = {RHO} kg/m³, g = {G_ACC} m/s²)',
         'combinations': [name(f) for f in combos]},
        {'self_weight_kN_per_m': sw, 'self_weight_total_kN': sum(sw[k] * L[k] for k in sw), 'envelope': env,
         'reactions_per_combination': reac},
        None, tolerance={'rel': REL_CLOSED, 'abs': 1e-6, 'note': 'exact superposition of first-order linear analyses; '
                         'a governing combination is asserted only when it beats the runner-up by more than 0.5 % '
                         '(combination_asserted)'},
        note=note + ' Combinations (combos.py): 1.3G; each variable action leading (γQ = 1.5) with every subset of the '
                    'accompanying ones at 1.5ψc, the two wind directions never together; 1.0G + 1.5W for each wind '
                    'direction. Envelope per member over all of them: M_pos = largest sagging (local −y side in tension) '
                    'moment, M_neg = most negative, N_tension = largest N (signed, tension +), N_compression = smallest N '
                    '(signed), V_abs = largest |V|; each with its combination (factors by case id).',
        service_request=svc_frame(nodes, svc, supports, case_loads, case_nodal, types),
        served={'envelope': 'members[].envelope or envelope.{member} (M_pos, M_neg, N_tension, N_compression, V_abs, '
                            'each with its combination)', 'self_weight_total_kN': 'self_weight.total'})
    return per, env


# (a) flat portal 15 m × 6 m, beam split at mid-span (node M) so snow can load one half; fixed and pinned bases
def portal_flat(base):
    nodes = [{'id': 'A', 'x': 0, 'y': 0}, {'id': 'B', 'x': 0, 'y': 6.0}, {'id': 'M', 'x': 7.5, 'y': 6.0},
             {'id': 'C', 'x': 15.0, 'y': 6.0}, {'id': 'D', 'x': 15.0, 'y': 0}]
    specs = [('C1', 'A', 'B', 'HN400x200x8x13', 'Q355'), ('B1', 'B', 'M', 'HN500x200x10x16', 'Q355'),
             ('B2', 'M', 'C', 'HN500x200x10x16', 'Q355'), ('C2', 'D', 'C', 'HN400x200x8x13', 'Q355')]
    supports = [{'node': 'A', 'type': base}, {'node': 'D', 'type': base}]
    return nodes, specs, supports


TYPES5 = {'G': 'G', 'Q': 'Q', 'S': 'S', 'WL': 'W', 'WR': 'W'}
PORTAL_LOADS = {
    'G': {'B1': [{'type': 'udl', 'w': -6.0, 'dir': 'global_y'}], 'B2': [{'type': 'udl', 'w': -6.0, 'dir': 'global_y'}]},
    'Q': {'B1': [{'type': 'udl', 'w': -4.0, 'dir': 'global_y'}], 'B2': [{'type': 'udl', 'w': -4.0, 'dir': 'global_y'}]},
    'S': {'B1': [{'type': 'udl', 'w': -5.0, 'dir': 'global_y'}]},  # drifted snow on the left half only
    'WL': {'C1': [{'type': 'udl', 'w': 2.0, 'dir': 'global_x'}], 'C2': [{'type': 'udl', 'w': 1.2, 'dir': 'global_x'}],
           'B1': [{'type': 'udl', 'w': 1.5, 'dir': 'global_y'}], 'B2': [{'type': 'udl', 'w': 1.5, 'dir': 'global_y'}]},
    'WR': {'C1': [{'type': 'udl', 'w': -1.2, 'dir': 'global_x'}], 'C2': [{'type': 'udl', 'w': -2.0, 'dir': 'global_x'}],
           'B1': [{'type': 'udl', 'w': 1.5, 'dir': 'global_y'}], 'B2': [{'type': 'udl', 'w': 1.5, 'dir': 'global_y'}]},
}
PORTAL_NOTE = ('Characteristic loads: G = self-weight + 6 kN/m on the beam; Q = 4 kN/m roof live; S = 5 kN/m on the left '
               'half (B1) only; WL = wind from the left (+X 2.0 kN/m pressure on C1, +X 1.2 kN/m suction on C2, 1.5 kN/m '
               'uplift on the roof); WR mirrored. Columns C1 (A→B) and C2 (D→C) run bottom→top: M > 0 puts their +X face in '
               'tension.')
for base in ('fixed', 'pinned'):
    nodes, specs, supports = portal_flat(base)
    env_cases(f'm5-portal-envelope-{base}', f'Flat portal 15 × 6 m, {base} bases: G (with self-weight), Q, S (half span), W→, W←; '
              'GB 55001 envelope per member with the governing combination',
              nodes, specs, supports, PORTAL_LOADS, {}, TYPES5, PORTAL_NOTE,
              reactions_for=('1.3G + 1.5Q + 0.9WL + 1.05S', '1G + 1.5WR'))

# (b) two-bay portal (three columns), fixed bases, snow on bay 1, live on both, wind both ways with an eaves point load
nodes = [{'id': 'A', 'x': 0, 'y': 0}, {'id': 'B', 'x': 0, 'y': 7.0}, {'id': 'C', 'x': 12.0, 'y': 7.0},
         {'id': 'D', 'x': 12.0, 'y': 0}, {'id': 'E', 'x': 24.0, 'y': 7.0}, {'id': 'F', 'x': 24.0, 'y': 0}]
specs = [('C1', 'A', 'B', 'HN450x200x9x14', 'Q235'), ('C2', 'D', 'C', 'HW300x300x10x15', 'Q235'),
         ('C3', 'F', 'E', 'HN450x200x9x14', 'Q235'), ('B1', 'B', 'C', 'HN500x200x10x16', 'Q235'),
         ('B2', 'C', 'E', 'HN500x200x10x16', 'Q235')]
supports = [{'node': n, 'type': 'fixed'} for n in ('A', 'D', 'F')]
loads2 = {
    'G': {'B1': [{'type': 'udl', 'w': -5.0, 'dir': 'global_y'}], 'B2': [{'type': 'udl', 'w': -5.0, 'dir': 'global_y'}]},
    'Q': {'B1': [{'type': 'udl', 'w': -3.5, 'dir': 'global_y'}], 'B2': [{'type': 'udl', 'w': -3.5, 'dir': 'global_y'}]},
    'S': {'B1': [{'type': 'udl', 'w': -4.0, 'dir': 'global_y'}]},
    'WL': {'C1': [{'type': 'udl', 'w': 2.4, 'dir': 'global_x'}], 'C3': [{'type': 'udl', 'w': 1.5, 'dir': 'global_x'}],
           'B1': [{'type': 'udl', 'w': 1.0, 'dir': 'global_y'}], 'B2': [{'type': 'udl', 'w': 1.0, 'dir': 'global_y'}]},
    'WR': {'C1': [{'type': 'udl', 'w': -1.5, 'dir': 'global_x'}], 'C3': [{'type': 'udl', 'w': -2.4, 'dir': 'global_x'}],
           'B1': [{'type': 'udl', 'w': 1.0, 'dir': 'global_y'}], 'B2': [{'type': 'udl', 'w': 1.0, 'dir': 'global_y'}]},
}
nodal2 = {'WL': [{'node': 'B', 'fx': 6.0}], 'WR': [{'node': 'E', 'fx': -6.0}]}
env_cases('m5-two-bay-envelope-fixed', 'Two-bay portal 2 × 12 m, 7 m, fixed bases: G, Q, S (bay 1), W→ / W← with eaves point loads; envelope',
          nodes, specs, supports, loads2, nodal2, TYPES5,
          'Characteristic loads: G = self-weight + 5 kN/m on both beams; Q = 3.5 kN/m on both; S = 4 kN/m on B1 only; WL = '
          '+X 2.4 kN/m on C1, +X 1.5 kN/m on C3, 6 kN at B (+X), 1.0 kN/m uplift on both beams; WR mirrored (−X, 6 kN at E).',
          reactions_for=('1.3G + 1.5Q + 1.05S', '1.3G + 1.5WL + 1.05Q + 1.05S'))

# (c) self-weight: ρ·A·g·L summed over a two-storey frame; Σ vertical reactions = self-weight + the one point load
nodes = [{'id': 'A', 'x': 0, 'y': 0}, {'id': 'B', 'x': 0, 'y': 4.5}, {'id': 'C', 'x': 0, 'y': 8.0},
         {'id': 'D', 'x': 9.0, 'y': 0}, {'id': 'E', 'x': 9.0, 'y': 4.5}, {'id': 'F', 'x': 9.0, 'y': 8.0}]
specs = [('C1', 'A', 'B', 'HW300x300x10x15', 'Q355'), ('C2', 'B', 'C', 'HW250x250x9x14', 'Q355'),
         ('C3', 'D', 'E', 'HW300x300x10x15', 'Q355'), ('C4', 'E', 'F', 'HW250x250x9x14', 'Q355'),
         ('B1', 'B', 'E', 'HN450x200x9x14', 'Q355'), ('B2', 'C', 'F', 'HN400x200x8x13', 'Q355')]
supports = [{'node': 'A', 'type': 'fixed'}, {'node': 'D', 'type': 'pinned'}]
members, svc = model(nodes, specs, supports)
cl, sw = with_self_weight(members, {})
res = solve_case_combo(nodes, members, supports, cl, {'G': [{'node': 'C', 'fy': -10.0}]}, {'G': 1.0})
L = lengths(nodes, members)
wts = {k: sw[k] * L[k] for k in sw}
add('m5-self-weight-two-storey', 'Self-weight of a two-storey frame: Σ ρ·A·g·L per member; vertical reactions sum to it (+ a 10 kN point load)',
    ['GB 50017-2017 Table 4.4.8 (ρ = 7850 kg/m³)', 'g = 9.81 m/s² (issue 32: ρ·A·g·L)', 'statics (ΣFy = 0)'],
    {'kind': 'frame_with_load_cases', 'nodes': nodes, 'members': svc, 'supports': supports, 'load_cases': {'G': 'G'},
     'nodal_loads_per_case': {'G': [{'node': 'C', 'fy': -10.0}]}, 'self_weight': True},
    {'self_weight_kN_per_m': sw, 'member_lengths_m': L, 'member_weights_kN': wts, 'self_weight_total_kN': sum(wts.values()),
     'sum_vertical_reactions_standard_G_kN': sum(r_['ry'] for r_ in res['reactions']), 'reactions_standard_G': res['reactions']},
    None, tolerance=FRAME_TOL,
    note='A = the section\'s own area (GB/T 11263-2017 dimensions with the four root fillets); w = ρ·g·A = 77.0085 kN/m³ × A. '
         'The reactions are those of the standard G combination (factor 1.0); a 1.3G basic combination scales them by 1.3.',
    service_request=svc_frame(nodes, svc, supports, {}, {'G': [{'node': 'C', 'fy': -10.0}]}, {'G': 'G'}),
    served={'self_weight_total_kN': 'self_weight.total', 'self_weight_kN_per_m': 'self_weight.per_member'})

# (d) serviceability: beam deflection relative to the chord under the standard combinations, vs Table B.1.1 4(1);
#     storey drift under each wind case alone vs B.2 (single storey, no crane: H/150)
nodes = [{'id': 'A', 'x': 0, 'y': 0}, {'id': 'B', 'x': 0, 'y': 6.0}, {'id': 'C', 'x': 18.0, 'y': 6.0}, {'id': 'D', 'x': 18.0, 'y': 0}]
specs = [('C1', 'A', 'B', 'HN450x200x9x14', 'Q235'), ('B1', 'B', 'C', 'HN600x200x11x17', 'Q235'),
         ('C2', 'D', 'C', 'HN450x200x9x14', 'Q235')]
supports = [{'node': 'A', 'type': 'pinned'}, {'node': 'D', 'type': 'pinned'}]
members, svc = model(nodes, specs, supports)
loadsD = {'G': {'B1': [{'type': 'udl', 'w': -8.0, 'dir': 'global_y'}]},
          'Q': {'B1': [{'type': 'udl', 'w': -6.0, 'dir': 'global_y'}]}}
cl, sw = with_self_weight(members, loadsD)
typesD = {'G': 'G', 'Q': 'Q'}
rGQ = solve_case_combo(nodes, members, supports, cl, {}, {'G': 1.0, 'Q': 1.0})
rQ = solve_case_combo(nodes, members, supports, cl, {}, {'Q': 1.0})
b_GQ = next(m for m in rGQ['members'] if m['id'] == 'B1')
b_Q = next(m for m in rQ['members'] if m['id'] == 'B1')
vT, vQ = -b_GQ['v_rel_min'], -b_Q['v_rel_min']
add('m5-frame-beam-deflection-B11', 'Pinned-base portal 18 × 6 m: rafter deflection relative to its chord under G+Q (standard) and Q, vs l/400 and l/500',
    ['GB 50017-2017 Appendix B Table B.1.1 row 4(1) ([vT] = l/400, [vQ] = l/500)', 'GB 55001-2021 (standard combination G + Q)',
     'first-order elastic analysis'],
    {'kind': 'frame_with_load_cases', 'nodes': nodes, 'members': svc, 'supports': supports, 'load_cases': typesD,
     'loads_per_case': loadsD, 'self_weight': 'on (in G)'},
    {'v_T': vT, 'v_Q': vQ, 'v_T_limit': 18000 / 400, 'v_Q_limit': 18000 / 500, 'ratio_v_T': vT / 45.0, 'ratio_v_Q': vQ / 36.0,
     'v_T_combination': 'G + Q (standard)', 'v_Q_case': 'Q'},
    'ok' if vT <= 45 and vQ <= 36 else 'fail', tolerance={'rel': 1e-5, 'abs': 1e-4, 'note': 'deflection sampled at 2001 stations'},
    note='v(x) relative to the chord = Hermite shape of the two end rotations + the clamped-member solution qx²(L−x)²/(24EI) '
         '(frame.py); the largest downward value along the member. Only G and Q exist, so [vT] is G + Q and [vQ] is Q alone.',
    service_request=svc_frame(nodes, svc, supports, loadsD, {}, typesD),
    served={'v_T': 'serviceability (beam B1 deflection, vT)', 'v_Q': 'serviceability (B1, vQ)'})

loadsW = {'G': {'B1': [{'type': 'udl', 'w': -8.0, 'dir': 'global_y'}]},
          'WL': {'C1': [{'type': 'udl', 'w': 3.0, 'dir': 'global_x'}], 'C2': [{'type': 'udl', 'w': 1.8, 'dir': 'global_x'}]},
          'WR': {'C1': [{'type': 'udl', 'w': -1.8, 'dir': 'global_x'}], 'C2': [{'type': 'udl', 'w': -3.0, 'dir': 'global_x'}]}}
nodalW = {'WL': [{'node': 'B', 'fx': 4.0}], 'WR': [{'node': 'C', 'fx': -4.0}]}
typesW = {'G': 'G', 'WL': 'W', 'WR': 'W'}
cl, sw = with_self_weight(members, loadsW)
drift = {}
for w in ('WL', 'WR'):
    r_ = solve_case_combo(nodes, members, supports, cl, nodalW, {w: 1.0})
    ux = {n['id']: n['ux'] for n in r_['nodes']}
    drift[w] = {'ux_B': ux['B'], 'ux_C': ux['C'], 'max_abs_top': max(abs(ux['B']), abs(ux['C'])),
                'mean_top': (ux['B'] + ux['C']) / 2}
dmax = max(d['max_abs_top'] for d in drift.values())
add('m5-frame-drift-single-storey-H150', 'Same portal under wind alone (standard values, each direction): column-top drift vs H/150',
    ['GB 50017-2017 Appendix B.2 (单层钢结构柱顶水平位移, 无桥式吊车: H/150)', 'first-order elastic analysis'],
    {'kind': 'frame_with_load_cases', 'nodes': nodes, 'members': svc, 'supports': supports, 'load_cases': typesW,
     'loads_per_case': loadsW, 'nodal_loads_per_case': nodalW},
    {'drift_per_wind_case': drift, 'drift_max': dmax, 'drift_limit': 6000 / 150, 'ratio_drift': dmax / 40.0},
    'ok' if dmax <= 40 else 'fail', tolerance={'rel': 0.002, 'abs': 1e-6, 'note': 'linear analysis; the two column tops differ by the rafter axial shortening (0.15 %): the larger column-top drift is asserted, and a mean-of-tops reading lies within 0.2 %'},
    note='Drift under each wind case alone (the characteristic wind, no G: G is symmetric here and produces no sway). '
         'The two column tops differ only by the rafter\'s axial shortening.',
    service_request=svc_frame(nodes, svc, supports, loadsW, nodalW, typesW),
    served={'drift_max': 'serviceability (storey drift)', 'drift_limit': 'serviceability limit'})

# (e) μ of frame columns by Appendix E, K1/K2 from the frame's stiffness
def K_of(Ib_over_lb, Ic_over_lc):
    return sum(Ib_over_lb) / sum(Ic_over_lc)


def mu_case(id, title, nodes, specs, supports, sway, col_expect, note, plain_loads, plain_nodal=None):
    members, svc = model(nodes, specs, supports)
    exp = {}
    for cid, K1, K2, h in col_expect:
        s = next(m['_s'] for m in members if m['id'] == cid)
        mu = mu_sway(K1, K2) if sway else mu_nonsway(K1, K2)
        exp[cid] = {'K1': K1, 'K2': K2, 'mu': mu, 'l0x_m': mu * h, 'lambda_x': mu * h * 1000 / s['ix']}
    add(id, title, ['GB 50017-2017 8.3.1', 'Appendix E, Table E.0.2 (有侧移)' if sway else 'Appendix E, Table E.0.1 (无侧移)',
                    'Table notes: K = Σ(Ib/lb)/Σ(Ic/lc); fixed base K2 = 10, pinned base K2 = 0'],
        {'kind': 'frame', 'nodes': nodes, 'members': svc, 'supports': supports, 'sway': sway, 'loads': plain_loads,
         'nodal_loads': plain_nodal or []},
        {'columns': exp}, None,
        tolerance={'rel': REL_TABLE, 'abs': 1e-4, 'note': 'μ is the root of the stability equation that Table E.0.%d prints '
                   'to 3 decimals (interpolating the table agrees within 0.5 %%); K1, K2 are exact (rel 1e-6)' % (2 if sway else 1)},
        note=note, service_request=svc_frame(nodes, svc, supports, plain_loads=plain_loads, plain_nodal=plain_nodal,
                                             extra={'sway': sway}),
        served={'K1': 'checks.{column}.K1', 'K2': 'checks.{column}.K2', 'mu': 'checks.{column}.mu'})
    return exp


nodes = [{'id': 'A', 'x': 0, 'y': 0}, {'id': 'B', 'x': 0, 'y': 6.0}, {'id': 'C', 'x': 15.0, 'y': 6.0}, {'id': 'D', 'x': 15.0, 'y': 0}]
specs = [('C1', 'A', 'B', 'HN400x200x8x13', 'Q355'), ('B1', 'B', 'C', 'HN500x200x10x16', 'Q355'),
         ('C2', 'D', 'C', 'HN400x200x8x13', 'Q355')]
sc, sb = rolled('HN400x200x8x13'), rolled('HN500x200x10x16')
K1 = (sb['Ix'] / 15.0) / (sc['Ix'] / 6.0)
pl = {'B1': [{'type': 'udl', 'w': -20.0}]}
pn = [{'node': 'B', 'fx': 10.0}]
mu_case('m5-mu-portal-fixed-sway', 'Fixed-base portal (sway): K1 = (Ib/15)/(Ic/6), K2 = 10 → μ by E.0.2',
        nodes, specs, [{'node': 'A', 'type': 'fixed'}, {'node': 'D', 'type': 'fixed'}], True,
        [('C1', K1, 10.0, 6.0), ('C2', K1, 10.0, 6.0)],
        'Each column top joint holds one column and one beam (its far end rigid at the other column: no ×0.5/×2/3 factor).',
        pl, pn)
mu_case('m5-mu-portal-pinned-sway', 'Pinned-base portal (sway): K2 = 0 → μ ≥ 2 by E.0.2',
        nodes, specs, [{'node': 'A', 'type': 'pinned'}, {'node': 'D', 'type': 'pinned'}], True,
        [('C1', K1, 0.0, 6.0), ('C2', K1, 0.0, 6.0)], 'Pinned bases: K2 = 0 (Table E.0.2 note 2).', pl, pn)
mu_case('m5-mu-portal-fixed-nonsway', 'Same fixed-base portal declared braced (sway: false): μ by E.0.1 (≤ 1)',
        nodes, specs, [{'node': 'A', 'type': 'fixed'}, {'node': 'D', 'type': 'fixed'}], False,
        [('C1', K1, 10.0, 6.0), ('C2', K1, 10.0, 6.0)],
        'Non-sway: the same K1, K2 in the E.0.1 equation; a braced frame\'s beam far end is rigid (no ×1.5/×2 factor).',
        pl, [])

# two-storey frame: the lower column sees two columns at its top joint
nodes2 = [{'id': 'A', 'x': 0, 'y': 0}, {'id': 'B', 'x': 0, 'y': 5.0}, {'id': 'C', 'x': 0, 'y': 8.6},
          {'id': 'D', 'x': 8.0, 'y': 0}, {'id': 'E', 'x': 8.0, 'y': 5.0}, {'id': 'F', 'x': 8.0, 'y': 8.6}]
specs2 = [('C1', 'A', 'B', 'HW300x300x10x15', 'Q355'), ('C2', 'B', 'C', 'HW250x250x9x14', 'Q355'),
          ('C3', 'D', 'E', 'HW300x300x10x15', 'Q355'), ('C4', 'E', 'F', 'HW250x250x9x14', 'Q355'),
          ('B1', 'B', 'E', 'HN450x200x9x14', 'Q355'), ('B2', 'C', 'F', 'HN400x200x8x13', 'Q355')]
s1, s2, b1, b2 = rolled('HW300x300x10x15'), rolled('HW250x250x9x14'), rolled('HN450x200x9x14'), rolled('HN400x200x8x13')
Kmid = (b1['Ix'] / 8.0) / (s1['Ix'] / 5.0 + s2['Ix'] / 3.6)
Ktop = (b2['Ix'] / 8.0) / (s2['Ix'] / 3.6)
mu_case('m5-mu-two-storey-sway', 'Two-storey frame (sway), fixed bases: lower columns K1 = (Ib1/8)/(Ic1/5 + Ic2/3.6), K2 = 10; upper columns K1 = (Ib2/8)/(Ic2/3.6), K2 = the lower K1',
        nodes2, specs2, [{'node': 'A', 'type': 'fixed'}, {'node': 'D', 'type': 'fixed'}], True,
        [('C1', Kmid, 10.0, 5.0), ('C3', Kmid, 10.0, 5.0), ('C2', Ktop, Kmid, 3.6), ('C4', Ktop, Kmid, 3.6)],
        'Table E.0.2 note 1: K1, K2 = ratio of the sums of the beams\' and the columns\' linear stiffnesses I/l at the '
        'column\'s upper and lower joints.',
        {'B1': [{'type': 'udl', 'w': -25.0}], 'B2': [{'type': 'udl', 'w': -15.0}]},
        [{'node': 'B', 'fx': 12.0}, {'node': 'C', 'fx': 8.0}])


# (f) θ of 5.1.6 with wind as a UDL on the columns (plain loads, no load cases)
def theta_storeys(res, storeys):
    """storeys: list of (name, column ids, top nodes, bottom nodes, h (m), ΣH (kN))."""
    out = {}
    ux = {n['id']: n['ux'] for n in res['nodes']}
    for nm, cols, top, bot, h, sumH in storeys:
        N = sum(-min(m['N_i'], m['N_j']) for m in res['members'] if m['id'] in cols)  # compression (constant here)
        du = sum(ux[t] for t in top) / len(top) - (sum(ux[b] for b in bot) / len(bot) if bot else 0.0)
        th = N * du / (sumH * h * 1000)
        out[nm] = {'sum_N': N, 'delta_u': du, 'sum_H': sumH, 'h_mm': h * 1000, 'theta': th, 'alpha_II': 1 / (1 - th)}
    return out


nodes = [{'id': 'A', 'x': 0, 'y': 0}, {'id': 'B', 'x': 0, 'y': 7.0}, {'id': 'C', 'x': 16.0, 'y': 7.0}, {'id': 'D', 'x': 16.0, 'y': 0}]
specs = [('C1', 'A', 'B', 'HN350x175x7x11', 'Q235'), ('B1', 'B', 'C', 'HN600x200x11x17', 'Q235'),
         ('C2', 'D', 'C', 'HN350x175x7x11', 'Q235')]
supports = [{'node': 'A', 'type': 'pinned'}, {'node': 'D', 'type': 'pinned'}]
members, svc = model(nodes, specs, supports)
plain = {'B1': [{'type': 'udl', 'w': -30.0, 'dir': 'global_y'}], 'C1': [{'type': 'udl', 'w': 3.5, 'dir': 'global_x'}],
         'C2': [{'type': 'udl', 'w': 2.0, 'dir': 'global_x'}]}
res = solve_case_combo(nodes, members, supports, {'X': plain}, {}, {'X': 1.0})
sumH_lumped = (3.5 + 2.0) * 7.0 / 2
th = theta_storeys(res, [('storey 1', ('C1', 'C2'), ('B', 'C'), (), 7.0, sumH_lumped)])
th_full = theta_storeys(res, [('storey 1', ('C1', 'C2'), ('B', 'C'), (), 7.0, (3.5 + 2.0) * 7.0)])
add('m5-theta-pinned-portal-wind-udl', 'Pinned-base portal, wind only as UDLs on both columns: θ of 5.1.6 computed (never 「无水平荷载」)',
    ['GB 50017-2017 5.1.6 (θi = ΣNki·Δui/(ΣHki·hi), 5.1.6-1)', '5.4.2 (α_II = 1/(1 − θ))'],
    {'kind': 'frame', 'nodes': nodes, 'members': svc, 'supports': supports, 'loads': plain},
    {'storeys': th, 'theta_max': th['storey 1']['theta'],
     'info__theta_if_the_whole_column_udl_counted_in_sum_H': th_full['storey 1']['theta'],
     'members': [pick(m, ['id', 'N_i', 'N_j', 'M_i', 'M_j', 'M_max', 'M_min']) for m in res['members']],
     'reactions': res['reactions']},
    None, tolerance={'rel': REL_CLOSED, 'abs': 1e-6, 'note': 'linear analysis; θ with the floor-lumped ΣH (see note)'},
    warnings=['θ computed (a horizontal load exists): never 「无水平荷载」/"no horizontal load"',
              '0.1 < θ ≤ 0.25: second-order (P-Δ) analysis advised (5.1.6), α_II reported'],
    warnings_absent=['无水平荷载'],
    note='ΣHki is read as the horizontal forces acting at the storey\'s top level and above, with a column UDL lumped half to '
         'each of its end levels (the floor-level forces of a storey model; the half at the base goes to the foundation): '
         'ΣH = (3.5 + 2.0)·7/2 = 19.25 kN. This is the conservative reading (counting the whole w·h gives half the θ, kept '
         'as info__… and not asserted). ΣN = the compressions of the two columns (no load along them), Δu = mean ux of B '
         'and C (bases pinned, ux = 0).',
    service_request=svc_frame(nodes, svc, supports, plain_loads=plain),
    served={'theta_max': 'theta_max', 'storeys': 'storeys[].theta / alpha_II'})

# two-storey version: ΣH of storey 1 = w1·h1/2 + w2·h2/2 (level 1) + w2·h2/2 (level 2)
nodes2 = [{'id': 'A', 'x': 0, 'y': 0}, {'id': 'B', 'x': 0, 'y': 5.0}, {'id': 'C', 'x': 0, 'y': 8.6},
          {'id': 'D', 'x': 8.0, 'y': 0}, {'id': 'E', 'x': 8.0, 'y': 5.0}, {'id': 'F', 'x': 8.0, 'y': 8.6}]
members, svc = model(nodes2, specs2, [{'node': 'A', 'type': 'fixed'}, {'node': 'D', 'type': 'fixed'}])
sup2 = [{'node': 'A', 'type': 'fixed'}, {'node': 'D', 'type': 'fixed'}]
plain2 = {'B1': [{'type': 'udl', 'w': -60.0}], 'B2': [{'type': 'udl', 'w': -40.0}],
          'C1': [{'type': 'udl', 'w': 4.0, 'dir': 'global_x'}], 'C2': [{'type': 'udl', 'w': 4.0, 'dir': 'global_x'}]}
res = solve_case_combo(nodes2, members, sup2, {'X': plain2}, {}, {'X': 1.0})
H1 = 4.0 * 5.0 / 2 + 4.0 * 3.6 / 2 + 4.0 * 3.6 / 2
H2 = 4.0 * 3.6 / 2
th = theta_storeys(res, [('storey 1', ('C1', 'C3'), ('B', 'E'), (), 5.0, H1), ('storey 2', ('C2', 'C4'), ('C', 'F'), ('B', 'E'), 3.6, H2)])
add('m5-theta-two-storey-wind-udl', 'Two-storey fixed-base frame, wind as a UDL on the windward columns of both storeys: θ per storey',
    ['GB 50017-2017 5.1.6 (5.1.6-1)', '5.4.2'],
    {'kind': 'frame', 'nodes': nodes2, 'members': svc, 'supports': sup2, 'loads': plain2},
    {'storeys': th, 'theta_max': max(v['theta'] for v in th.values()),
     'members': [pick(m, ['id', 'N_i', 'N_j', 'M_i', 'M_j']) for m in res['members']]},
    None, tolerance={'rel': REL_CLOSED, 'abs': 1e-6, 'note': 'linear analysis; floor-lumped ΣH as in m5-theta-pinned-portal-wind-udl'},
    warnings=['θ computed per storey'], warnings_absent=['无水平荷载'],
    note='Lumped to the levels: level 1 gets 4·5/2 + 4·3.6/2 = 17.2 kN, level 2 gets 4·3.6/2 = 7.2 kN; ΣH1 = 24.4, '
         'ΣH2 = 7.2 kN. ΣN = the column compressions of the storey (constant along each column: no load along them but the '
         'horizontal UDL). Δu2 = mean ux(C, F) − mean ux(B, E).',
    service_request=svc_frame(nodes2, svc, sup2, plain_loads=plain2),
    served={'storeys': 'storeys[].theta', 'theta_max': 'theta_max'})

# (g) continuous beam of a singly-symmetric section: the hogging zone compresses the S4 bottom flange (γx 1.0)
nodes = [{'id': 'A', 'x': 0, 'y': 0}, {'id': 'B', 'x': 8.0, 'y': 0}, {'id': 'C', 'x': 16.0, 'y': 0}]
specs = [('AB', 'A', 'B', W2b, 'Q235'), ('BC', 'B', 'C', W2b, 'Q235')]
supports = [{'node': 'A', 'type': 'pinned'}, {'node': 'B', 'type': 'roller'}, {'node': 'C', 'type': 'roller'}]
members, svc = model(nodes, specs, supports)
w = 40.0
plain = {'AB': [{'type': 'udl', 'w': -w}], 'BC': [{'type': 'udl', 'w': -w}]}
res = solve_case_combo(nodes, members, supports, {'X': plain}, {}, {'X': 1.0})
mAB = next(m for m in res['members'] if m['id'] == 'AB')
Mneg, Mpos, Vmax = mAB['M_min'], mAB['M_max'], mAB['V_abs_max']
hog = with_ratio_bending(beam(sW2b, 'Q235', Mneg, V=Vmax))
sag = with_ratio_bending(beam(sW2b, 'Q235', Mpos, V=Vmax))
add('m5-continuous-beam-hogging-zone', 'Two-span continuous welded beam (top 300×14, bottom 280×10), 40 kN/m: hogging over B checked on the compressed bottom flange (S4, γx 1.0)',
    ['statics (M_B = −wL²/8, M⁺ = 9wL²/128, V = 5wL/8)', 'Table 3.5.1 (beam)', '6.1.2', '6.1.1 (both fibres)', '6.1.3'],
    {'kind': 'frame', 'nodes': nodes, 'members': svc, 'supports': supports, 'loads': plain,
     'design': 'braced: true (deck on the top flange); LTB of the hogging zone is not asserted'},
    {'closed_form': {'M_B': -w * 64 / 8, 'M_pos_max': 9 * w * 64 / 128, 'x_M_pos_from_A': 3 * 8 / 8, 'V_max': 5 * w * 8 / 8},
     'analysis_AB': pick(mAB, ['M_i', 'M_j', 'M_max', 'x_M_max', 'M_min', 'V_abs_max']),
     'check_AB_hogging_bottom_flange_compressed': pick(hog, ['compression_flange', 'flange_bt', 'flange_class', 'web_class',
                                                              'gamma_x', 'sigma_top', 'sigma_bottom', 'ratio_top', 'ratio_bottom',
                                                              'ratio_compression_fibre', 'ratio_tension_fibre', 'tau', 'ratio_shear']),
     'check_AB_sagging_top_flange_compressed': pick(sag, ['compression_flange', 'flange_bt', 'flange_class', 'gamma_x',
                                                          'sigma_top', 'sigma_bottom', 'ratio_top', 'ratio_bottom',
                                                          'ratio_compression_fibre', 'ratio_tension_fibre', 'tau',
                                                          'ratio_shear'])},
    None, tolerance=FRAME_TOL,
    note='Each sign of M is checked on the flange it compresses: sagging (M⁺ = 180 kN·m) on the S2 top flange with γx = 1.05, '
         'hogging (M_B = −320 kN·m) on the S4 bottom flange with γx = 1.0. V = 5wL/8 = 200 kN at B for the shear of both.',
    service_request=svc_frame(nodes, svc, supports, plain_loads=plain, design={'AB': {'braced': True}, 'BC': {'braced': True}}),
    served={'check_AB_hogging_bottom_flange_compressed': 'checks.AB.by_flange / M_bottom_compressed',
            'check_AB_sagging_top_flange_compressed': 'checks.AB.by_flange / M_top_compressed'})

# (h) overhang: back span A–B (pinned, roller) and a 4 m cantilever B–C with a point load at its free end: C.0.4 item 1
nodes = [{'id': 'A', 'x': 0, 'y': 0}, {'id': 'B', 'x': 7.0, 'y': 0}, {'id': 'C', 'x': 11.0, 'y': 0}]
specs = [('AB', 'A', 'B', 'HN400x200x8x13', 'Q235'), ('BC', 'B', 'C', 'HN400x200x8x13', 'Q235')]
supports = [{'node': 'A', 'type': 'pinned'}, {'node': 'B', 'type': 'roller'}]
members, svc = model(nodes, specs, supports)
P = 30.0
plain = {'AB': [{'type': 'udl', 'w': -12.0}], 'BC': [{'type': 'point', 'p': -P, 'a': 4.0}]}
res = solve_case_combo(nodes, members, supports, {'X': plain}, {}, {'X': 1.0})
mBC = next(m for m in res['members'] if m['id'] == 'BC')
s = rolled('HN400x200x8x13')
xi = xi_of(s, 4000, True)
bb = beta_b_c04('point_top', xi)
chk = with_ratio_bending(beam(s, 'Q235', mBC['M_min'], V=mBC['V_abs_max'], ltb={'l1': 4.0, 'beta_b': bb, 'table': f'C.0.4 point_top, ξ = {xi:.6f} (0.60 ≤ ξ ≤ 1.24)'}))
wrong = phi_b_c01(s, 4000, 1.75, 'Q235')
add('m5-frame-overhang-cantilever-C04', 'Beam with a 4 m overhang carrying 30 kN at its tip: the overhang is a cantilever, φb by C.0.4 item 1 (βb = 0.21 + 0.67ξ), not C.0.1',
    ['statics (M_B = −P·a)', '6.2.2', 'C.0.4', 'Table C.0.4 (自由端一个集中荷载作用在上翼缘, 0.60 ≤ ξ ≤ 1.24)', 'C.0.1-1', 'C.0.1-7', '6.1.1'],
    {'kind': 'frame', 'nodes': nodes, 'members': svc, 'supports': supports, 'loads': plain,
     'load_note': 'the point load acts on the top flange (design value)'},
    {'closed_form': {'M_B': -P * 4.0, 'V_BC': P},
     'analysis_BC': pick(mBC, ['M_i', 'M_j', 'M_min', 'V_abs_max']),
     'check_BC': pick(chk, BEAM_KEYS + ['xi', 'ratio_bending']) | {'xi': xi},
     'not_this__phi_b_by_C01_beta_1.75': wrong['phi_b']},
    chk['verdict'], tolerance={'rel': REL_TABLE, 'abs': 1e-4, 'note': 'Table C.0.4 band formula (row cited); statics exact'},
    note='Advisory (not asserted): Table C.0.4\'s note asks for the support of an overhang from an adjacent span to be '
         'detailed against torsion. BC has one free end (no member, no support at C): a cantilever of length 4 m. Hogging over the whole member, the '
         'bottom flange is compressed (equal flanges: the same W). ξ = 4000·13/(200·400) = 0.65.',
    service_request=svc_frame(nodes, svc, supports, plain_loads=plain),
    served={'check_BC': 'checks.BC (phi_b, beta_b, ratio_ltb, gamma_x, …)'})

# (i) fixed cantilever with a singly-symmetric section and a UDL: hogging, the smaller bottom flange (S4) compressed
nodes = [{'id': 'A', 'x': 0, 'y': 0}, {'id': 'B', 'x': 3.0, 'y': 0}]
specs = [('K', 'A', 'B', W2b, 'Q235')]
supports = [{'node': 'A', 'type': 'fixed'}]
members, svc = model(nodes, specs, supports)
plain = {'K': [{'type': 'udl', 'w': -60.0}]}
res = solve_case_combo(nodes, members, supports, {'X': plain}, {}, {'X': 1.0})
mK = res['members'][0]
chk = with_ratio_bending(beam(sW2b, 'Q235', mK['M_min'], V=mK['V_abs_max']))
wrong_top = with_ratio_bending(beam(sW2b, 'Q235', -mK['M_min'], V=mK['V_abs_max']))
add('m5-frame-cantilever-singly-symmetric-hogging', 'Fixed cantilever 3 m, welded 700 (top 300×14, bottom 280×10), 60 kN/m: the compressed bottom flange is S4 → γx 1.0; the top fibre is the tension fibre',
    ['statics (M = −wl²/2 = −270, V = wl = 180)', 'Table 3.5.1', '6.1.2', '6.1.1 (both fibres)', '6.1.3'],
    {'kind': 'frame', 'nodes': nodes, 'members': svc, 'supports': supports, 'loads': plain},
    {'closed_form': {'M_root': -60.0 * 9 / 2, 'V_root': 180.0},
     'check_K_strength': pick(chk, ['compression_flange', 'flange_bt', 'flange_class', 'web_class', 'gamma_x', 'sigma_top',
                                    'sigma_bottom', 'ratio_top', 'ratio_bottom', 'ratio_compression_fibre',
                                    'ratio_tension_fibre', 'tau', 'ratio_shear', 'ratio_bending']),
     'not_this__as_if_top_flange_compressed': pick(wrong_top, ['gamma_x', 'ratio_compression_fibre', 'ratio_bending'])},
    None, tolerance=FRAME_TOL,
    note='Strength only is asserted (C.0.4 is written for doubly symmetric sections; the LTB of a singly-symmetric cantilever '
         'is outside it). Reading the top flange as compressed gives γx = 1.05 and a ratio 4.8 % lower.',
    service_request=svc_frame(nodes, svc, supports, plain_loads=plain),
    served={'check_K_strength': 'checks.K (by_flange / M_bottom_compressed)'})

# ═════ 9. Bad inputs: each a 400 naming the field ═════════════════════════════════════════════════════════════════════
GOOD_BEAM = {'section': rolled_in('HN400x200x8x13'), 'grade': 'Q235', 'Mx': 100}
PORTAL_BODY = svc_frame(*portal_flat('fixed')[::2][:1], model(*portal_flat('fixed'))[1], portal_flat('fixed')[2],
                        PORTAL_LOADS, {}, TYPES5)['body']


def body_with(mutate):
    b = json.loads(json.dumps(PORTAL_BODY))
    mutate(b)
    return b


def bad(id, title, request, field, why):
    add(id, title, ['docs/steel.md: "Bad input is a 400 naming the field"', 'HELPERS: a clear 4xx naming the field, never a 500'],
        {'kind': 'bad_input', 'why': why}, {'status': 400, 'field': field, 'field_leaf': field.split('.')[-1]}, None,
        tolerance={'rel': 0, 'abs': 0, 'note': 'exact: status 400 and the field\'s path (or at least its last segment) named'},
        service_request=request)


bad('m5-bad-negative-flange-thickness', 'Welded section with tf = −5', {'kind': 'beam', 'params': {
    **GOOD_BEAM, 'section': {'type': 'welded_i', 'h': 500, 'b': 200, 'tw': 8, 'tf': -5}}}, 'params.section.tf',
    'a plate thickness must be positive')
bad('m5-bad-grade-Q275', 'Grade Q275 (not in Table 4.4.1 as offered)', {'kind': 'beam', 'params': {**GOOD_BEAM, 'grade': 'Q275'}},
    'params.grade', 'grades offered: Q235, Q355, Q390, Q420 (+ Q345 alias)')
bad('m5-bad-zero-l0y', 'Compression member with l0y = 0', {'kind': 'compression', 'params': {
    'section': rolled_in('HW250x250x9x14'), 'grade': 'Q235', 'N': 500, 'l0x': 4, 'l0y': 0}}, 'params.l0y',
    'an effective length must be positive')
bad('m5-bad-N-string', 'Beam-column with N = "abc"', {'kind': 'beam_column', 'params': {
    'section': rolled_in('HN400x200x8x13'), 'grade': 'Q235', 'N': 'abc', 'Mx': 50, 'l0x': 6, 'l0y': 3}}, 'params.N',
    'N must be a number')
bad('m5-bad-cantilever-item-4', 'Cantilever LTB with cantilever_item = 4 (Table C.0.4 has three rows)', {'kind': 'beam', 'params': {
    **GOOD_BEAM, 'Mx': -100, 'ltb': {'l1': 4, 'cantilever_item': 4}}}, 'params.ltb.cantilever_item',
    'Table C.0.4 rows 1–3')
bad('m5-bad-negative-span', 'Deflection with span = −3 m', {'kind': 'beam', 'params': {
    **GOOD_BEAM, 'service': {'span': -3, 'qk': 10, 'qqk': 4, 'support': 'simple'}}}, 'params.service.span',
    'a span must be positive')
bad('m5-bad-frame-undeclared-case', 'A member load naming case "X" that load_cases does not declare',
    {'endpoint': 'POST /v1/calc/steel-frame', 'body': body_with(lambda b: b['members'][1]['loads'][0].update(case='X'))},
    'members.1.loads.0.case', 'every load\'s case must be one of load_cases[].id')
bad('m5-bad-frame-case-type-E', 'A load case of type "E" (earthquake is not offered)',
    {'endpoint': 'POST /v1/calc/steel-frame', 'body': body_with(lambda b: b['load_cases'][0].update(type='E'))},
    'load_cases.0.type', 'types offered: G, Q, W, S')
bad('m5-bad-frame-unknown-support-node', 'A support on node "Z" that does not exist',
    {'endpoint': 'POST /v1/calc/steel-frame', 'body': body_with(lambda b: b['supports'][1].update(node='Z'))},
    'supports.1.node', 'unknown node id')
bad('m5-bad-frame-partial-udl-beyond-member', 'A partial UDL ending at b = 9 m on a 7.5 m member',
    {'endpoint': 'POST /v1/calc/steel-frame', 'body': body_with(lambda b: b['members'][1]['loads'][0].update(a=1.0, b=9.0))},
    'members.1.loads.0.b', 'a partial load must lie on the member (b ≤ L)')
bad('m5-bad-frame-psi-c-above-1', 'ψc = 1.5 for the live-load case (a combination factor is ≤ 1)',
    {'endpoint': 'POST /v1/calc/steel-frame', 'body': body_with(lambda b: b['load_cases'][1].update(psi_c=1.5))},
    'load_cases.1.psi_c', 'ψc ≤ 1 (GB 50009 / GB 55001)')
bad('m5-bad-frame-duplicate-case-id', 'Two load cases with the same id "WL"',
    {'endpoint': 'POST /v1/calc/steel-frame', 'body': body_with(lambda b: b['load_cases'][4].update(id='WL'))},
    'load_cases.4.id', 'load case ids must be unique')


# ═════ 10. Partial and trapezoidal distributed loads, several point loads per member (issue 32) ══════════════════════
from numpy.polynomial import polynomial as P_


def poly_int(coefs, lo, hi):
    """∫_lo^hi Σ c_k t^k dt, exactly (antiderivative)."""
    anti = P_.polyint(coefs)
    return P_.polyval(hi, anti) - P_.polyval(lo, anti)


# (a) simply supported 8 m: trapezoid 10 → 30 kN/m on [2, 6] m and points 20 kN at 1 m, 15 kN at 7 m (all downward)
L_, a1, b1, q1, q2 = 8.0, 2.0, 6.0, 10.0, 30.0
Pts = [(20.0, 1.0), (15.0, 7.0)]
slope = (q2 - q1) / (b1 - a1)
q_of_t = [q1 - slope * a1, slope]  # q(t) = q1 + slope (t − a1), as a polynomial in t
W_tr = poly_int(q_of_t, a1, b1)
Mom_A = poly_int(P_.polymul(q_of_t, [0, 1]), a1, b1)  # ∫ q t dt about A
RB = (Mom_A + sum(p * x for p, x in Pts)) / L_
RA = W_tr + sum(p for p, _ in Pts) - RB
# zero shear inside the trapezoid: RA − 20 − ∫_{a1}^{x} q dt = 0, u = x − a1: 10u + 2.5u² = RA − 20
A2, B2, C2 = slope / 2, q1, -(RA - Pts[0][0])
u = (-B2 + (B2 * B2 - 4 * A2 * C2) ** 0.5) / (2 * A2)
x0 = a1 + u
M_max = RA * x0 - Pts[0][0] * (x0 - Pts[0][1]) - (q1 * u * u / 2 + slope * u ** 3 / 6)
nodes = [{'id': 'A', 'x': 0, 'y': 0}, {'id': 'B', 'x': L_, 'y': 0}]
supports = [{'node': 'A', 'type': 'pinned'}, {'node': 'B', 'type': 'roller'}]
s400 = rolled('HN400x200x8x13')
loads = [{'type': 'udl', 'w': -q1, 'w2': -q2, 'a': a1, 'b': b1}, {'type': 'point', 'p': -Pts[0][0], 'a': Pts[0][1]},
         {'type': 'point', 'p': -Pts[1][0], 'a': Pts[1][1]}]
res = solve(nodes, [{'id': 'AB', 'i': 'A', 'j': 'B', 'A': s400['A'], 'I': s400['Ix'], 'loads': loads}], supports)
mm = res['members'][0]
add('m5-ss-beam-trapezoid-two-points', 'Simply supported 8 m: trapezoidal 10→30 kN/m on [2, 6] m plus 20 kN at 1 m and 15 kN at 7 m; reactions and M_max by statics',
    ['statics (ΣM_A = 0, ΣF = 0, M extreme at V = 0)'],
    {'kind': 'frame', 'nodes': nodes, 'members': [{'id': 'AB', 'i': 'A', 'j': 'B', 'section': rolled_in('HN400x200x8x13'), 'loads': loads}],
     'supports': supports},
    {'closed_form': {'R_A': RA, 'R_B': RB, 'x_M_max': x0, 'M_max': M_max, 'V_i': RA, 'V_j': -RB},
     'solver_cross_check': pick(mm, ['V_i', 'V_j', 'M_max', 'x_M_max', 'M_i', 'M_j']), 'reactions': res['reactions']},
    None, tolerance={'rel': REL_CLOSED, 'abs': 1e-6, 'note': 'closed form (statics; the zero-shear point from the quadratic)'},
    note=f'W = (10 + 30)/2·4 = {W_tr:g} kN acting at {Mom_A / W_tr:.6f} m; R_B = (ΣP·x)/8; zero shear at x = 2 + u with '
         '10u + 2.5u² = R_A − 20. No grade: analysis only. Sign: M > 0 sagging (design convention), V_j = −R_B.',
    service_request=svc_frame(nodes, [{'id': 'AB', 'i': 'A', 'j': 'B', 'section': rolled_in('HN400x200x8x13')}], supports,
                              plain_loads={'AB': loads}),
    served={'closed_form': 'reactions[].ry, members[AB].M_max / x_M_max / V_i / V_j'})

# (b) fixed–fixed 6 m, partial UDL 10 kN/m on [1, 4] m: fixed-end moments and reactions from the point kernels integrated
L_, a1, b1, w_ = 6.0, 1.0, 4.0, 10.0
# M_A = −(w/L²)∫ t(L − t)² dt ; M_B = −(w/L²)∫ t²(L − t) dt (both hogging) ; R_A = (w/L³)∫ (L − t)²(3t + L − t) dt
MA = -w_ / L_ ** 2 * poly_int(P_.polymul([0, 1], P_.polypow([L_, -1], 2)), a1, b1)
MB = -w_ / L_ ** 2 * poly_int(P_.polymul(P_.polypow([0, 1], 2), [L_, -1]), a1, b1)
RA_ = w_ / L_ ** 3 * poly_int(P_.polymul(P_.polypow([L_, -1], 2), [L_, 2]), a1, b1)
RB_ = w_ * (b1 - a1) - RA_
nodes = [{'id': 'A', 'x': 0, 'y': 0}, {'id': 'B', 'x': L_, 'y': 0}]
supports = [{'node': 'A', 'type': 'fixed'}, {'node': 'B', 'type': 'fixed'}]
loads = [{'type': 'udl', 'w': -w_, 'a': a1, 'b': b1}]
s350 = rolled('HN350x175x7x11')
res = solve(nodes, [{'id': 'AB', 'i': 'A', 'j': 'B', 'A': s350['A'], 'I': s350['Ix'], 'loads': loads}], supports)
add('m5-fixed-beam-partial-udl', 'Fixed–fixed 6 m beam, 10 kN/m on [1, 4] m only: end moments and reactions in closed form',
    ['fixed-end forces = ∫ of the point-load kernels (M_A = −P a b²/L², …) over the loaded length'],
    {'kind': 'frame', 'nodes': nodes, 'members': [{'id': 'AB', 'i': 'A', 'j': 'B', 'section': rolled_in('HN350x175x7x11'), 'loads': loads}],
     'supports': supports},
    {'closed_form': {'M_i': MA, 'M_j': MB, 'R_A': RA_, 'R_B': RB_, 'mz_A': -MA, 'mz_B': MB},
     'solver_cross_check': pick(res['members'][0], ['M_i', 'M_j', 'V_i', 'V_j', 'M_max', 'x_M_max']), 'reactions': res['reactions']},
    None, tolerance={'rel': REL_CLOSED, 'abs': 1e-6, 'note': 'closed form (polynomial integrals)'},
    note='M_A = −(w/L²)∫_a^b t(L−t)² dt, M_B = −(w/L²)∫_a^b t²(L−t) dt (design convention: hogging negative), '
         'R_A = (w/L³)∫_a^b (L−t)²(L+2t) dt. Reaction moments in global axes (counter-clockwise +): mz_A = −M_A, mz_B = +M_B.',
    service_request=svc_frame(nodes, [{'id': 'AB', 'i': 'A', 'j': 'B', 'section': rolled_in('HN350x175x7x11')}], supports,
                              plain_loads={'AB': loads}),
    served={'closed_form': 'members[AB].M_i / M_j, reactions[].ry / mz'})

# (c) portal with a trapezoidal wind on the windward column and two point loads on the beam: θ with the statically
#     equivalent level share of the trapezoid (top share = ∫ w(y)·y/h dy = h(w1 + 2w2)/6)
nodes = [{'id': 'A', 'x': 0, 'y': 0}, {'id': 'B', 'x': 0, 'y': 6.0}, {'id': 'C', 'x': 12.0, 'y': 6.0}, {'id': 'D', 'x': 12.0, 'y': 0}]
specs = [('C1', 'A', 'B', 'HN400x200x8x13', 'Q355'), ('B1', 'B', 'C', 'HN500x200x10x16', 'Q355'),
         ('C2', 'D', 'C', 'HN400x200x8x13', 'Q355')]
supports = [{'node': 'A', 'type': 'fixed'}, {'node': 'D', 'type': 'fixed'}]
members, svc = model(nodes, specs, supports)
plain = {'C1': [{'type': 'udl', 'w': 1.5, 'w2': 2.5, 'dir': 'global_x'}],
         'B1': [{'type': 'point', 'p': -60.0, 'a': 4.0}, {'type': 'point', 'p': -60.0, 'a': 8.0},
                {'type': 'udl', 'w': -8.0}]}
res = solve_case_combo(nodes, members, supports, {'X': plain}, {}, {'X': 1.0})
top_share = 6.0 * (1.5 + 2 * 2.5) / 6
th = theta_storeys(res, [('storey 1', ('C1', 'C2'), ('B', 'C'), (), 6.0, top_share)])
add('m5-portal-trapezoid-wind-two-points', 'Fixed portal: trapezoidal wind 1.5→2.5 kN/m up the windward column, two 60 kN points and 8 kN/m on the beam: forces and θ',
    ['first-order elastic analysis', 'GB 50017-2017 5.1.6 (θ, ΣH = forces at the storey top: the column load\'s statically equivalent top share)'],
    {'kind': 'frame', 'nodes': nodes, 'members': svc, 'supports': supports, 'loads': plain},
    {'reactions': res['reactions'],
     'members': [pick(m, ['id', 'N_i', 'V_i', 'M_i', 'N_j', 'V_j', 'M_j', 'M_max', 'x_M_max', 'M_min', 'x_M_min']) for m in res['members']],
     'storeys': th, 'theta_max': th['storey 1']['theta']},
    None, tolerance={'rel': REL_CLOSED, 'abs': 1e-5, 'note': 'linear analysis (own solver, exact fixed-end forces of the trapezoid)'},
    warnings_absent=['无水平荷载'],
    note='The trapezoid (w = 1.5 at A, w2 = 2.5 at B, along the column from i = A) is integrated exactly in frame.py. ΣH of '
         'the storey = the part of the column load carried to its top level, (1.5 + 2·2.5)·6/6 = 6.5 kN (for a uniform '
         'load this is w·h/2, as in m5-theta-pinned-portal-wind-udl).',
    service_request=svc_frame(nodes, svc, supports, plain_loads=plain),
    served={'reactions': 'reactions', 'members': 'members[] end forces and extremes', 'storeys': 'storeys[].theta'})


if __name__ == '__main__':
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, '..', '..', 'test', 'calc', 'steel', 'independent-cases-5.json')
    doc = {'standard': 'GB 50017-2017 (and GB 55001-2021 / GB 50009-2012 for combinations)',
           'author': 'steel-author5: independent case author, no project code or test read',
           'conventions': __doc__,
           'derivation': 'scripts/steel-independent-5/derive5.py with steellib.py, checks.py, frame.py (the previous wave\'s '
                         'independent library, extended), appendix_e.py, combos.py; Python 3 + numpy',
           'count': len(CASES), 'cases': CASES}
    with open(out, 'w') as fh:
        json.dump(doc, fh, ensure_ascii=False, indent=1)
        fh.write('\n')
    print(len(CASES), 'cases →', os.path.relpath(out))
