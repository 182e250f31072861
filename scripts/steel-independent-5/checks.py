"""GB 50017-2017 member checks written from the clauses (hand derivation for the independent cases)."""
from math import pi, sqrt
from steellib import (E, FU, FY_NOM, alpha0, beta_b_c01, beta_b_c04, eps_k, f_of, flange_class, flange_ratio,
                      phi_b_c01, phi_b_c05, phi_of, web_class_beam, web_class_column, web_limits_column, web_ratio,
                      xi_of)


def settle(out, ratios):
    """The governing check is the largest ratio; ok when it is ≤ 1.0 (no tolerance)."""
    gov = max(ratios, key=ratios.get)
    out.update(ratios=ratios, governing=gov, governing_ratio=ratios[gov], verdict='ok' if ratios[gov] <= 1.0 else 'fail')
    return out


def curves(s, grade, welded):
    """Table 7.2.1-1 for I/H sections with t < 40 mm."""
    if welded:
        return ('b', 'b')  # 焊接工字形, 翼缘为焰切边
    if s['b1'] / s['h'] <= 0.8:
        return ('a', 'b')
    # a* / b*: b / c for Q235, a / b for Q355 and above (Table 7.2.1-1 note 1)
    return ('b', 'c') if grade == 'Q235' else ('a', 'b')


def beam(s, grade, M, V=None, ltb=None):
    """6.1.1 (both extreme fibres), 6.1.2 (γx by the compression flange's and the web's class), 6.1.3, 6.2.2.
    M in kN·m, signed: > 0 compresses the top flange (sagging), < 0 compresses the bottom flange (hogging).
    ltb: {'l1': m, 'beta_b': value, 'table': 'C.0.1 item n' | 'C.0.4 …'} or None."""
    ek = eps_k(grade)
    top_comp = M > 0
    Mabs = abs(M) * 1e6
    comp = 1 if top_comp else 2
    bt = flange_ratio(s, comp)
    ht = web_ratio(s)
    fc, wc = flange_class(bt, ek), web_class_beam(ht, ek)
    cls = max(fc, wc)
    gamma_x = 1.05 if cls <= 3 else 1.0
    f_top, _ = f_of(grade, s['t1'])
    f_bot, _ = f_of(grade, s['t2'])
    _, fv = f_of(grade, s['tw'])
    sig_top = Mabs / (gamma_x * s['W1'])
    sig_bot = Mabs / (gamma_x * s['W2'])
    out = dict(eps_k=ek, A=s['A'], yc_from_bottom=s['yc'], Ix=s['Ix'], W_top=s['W1'], W_bottom=s['W2'],
               compression_flange='top' if top_comp else 'bottom', flange_bt=bt, flange_class=fc, web_h0tw=ht,
               web_class=wc, section_class=cls, gamma_x=gamma_x, f_top=f_top, f_bottom=f_bot,
               sigma_top=sig_top, sigma_bottom=sig_bot, ratio_top=sig_top / f_top, ratio_bottom=sig_bot / f_bot)
    out['ratio_compression_fibre'] = out['ratio_top'] if top_comp else out['ratio_bottom']
    out['ratio_tension_fibre'] = out['ratio_bottom'] if top_comp else out['ratio_top']
    out['ratio_bending'] = max(out['ratio_top'], out['ratio_bottom'])
    ratios = {'6.1.1 compression fibre': out['ratio_compression_fibre'], '6.1.1 tension fibre': out['ratio_tension_fibre']}
    if V is not None:
        tau = V * 1000 * s['Sx'] / (s['Ix'] * s['tw'])
        out.update(Sx=s['Sx'], fv=fv, tau=tau, ratio_shear=tau / fv)
        ratios['6.1.3 shear'] = tau / fv
    if ltb is not None:
        pb = phi_b_c01(s, ltb['l1'] * 1000, ltb['beta_b'], grade, compression_top=top_comp)
        f_c = f_top if top_comp else f_bot
        r = Mabs / (pb['phi_b'] * pb['Wx_comp'] * f_c)
        out.update(l1=ltb['l1'], beta_b=ltb['beta_b'], beta_b_source=ltb['table'], lambda_y=pb['lambda_y'],
                   alpha_b=pb['alpha_b'], eta_b=pb['eta_b'], phi_b_raw=pb['phi_b_raw'], phi_b=pb['phi_b'],
                   sigma_ltb=Mabs / (pb['phi_b'] * pb['Wx_comp']), ratio_ltb=r)
        ratios['6.2.2 LTB'] = r
    return settle(out, ratios)


def compression(s, grade, N, l0x, l0y, welded=False, An=None, holes_virtual=False, role='column'):
    """7.1.2 → 7.1.1-1 gross section (7.1.1-2 at 虚孔 only), 7.2.1 stability, 7.4.6 slenderness limit."""
    ek = eps_k(grade)
    tmax = max(s['t1'], s['t2'], s['tw'])
    f, _ = f_of(grade, tmax)
    cx, cy = curves(s, grade, welded)
    lx, ly = l0x * 1000 / s['ix'], l0y * 1000 / s['iy']
    px, lnx = phi_of(lx, cx, grade)
    py, lny = phi_of(ly, cy, grade)
    phi = min(px, py)
    Nn = N * 1000
    out = dict(A=s['A'], ix=s['ix'], iy=s['iy'], f=f, curve_x=cx, curve_y=cy, lambda_x=lx, lambda_y=ly,
               lambda_n_x=lnx, lambda_n_y=lny, phi_x=px, phi_y=py, phi=phi,
               ratio_strength_gross=Nn / (s['A'] * f), ratio_stability=Nn / (phi * s['A'] * f))
    ratios = {'7.1.1-1 gross': out['ratio_strength_gross'], '7.2.1 stability': out['ratio_stability']}
    if An is not None:
        out['An'] = An
        out['fu'] = FU[grade]
        out['ratio_net_at_holes'] = Nn / (An * 0.7 * FU[grade])
        out['ratio_net_if_An_times_f_(2003_style, not 2017)'] = Nn / (An * f)
        if holes_virtual:
            ratios['7.1.1-2 net (虚孔)'] = out['ratio_net_at_holes']
    # 7.3.1: local stability of an H section in axial compression; λ = the larger slenderness, within [30, 100];
    # h0 and b as in Table 3.5.1 note 2 (rolled: fillets excluded). 7.3.2: when N < φAf the limits may be
    # multiplied by √(φAf/N).
    lam_c = min(max(max(lx, ly), 30.0), 100.0)
    wl, fl = (25 + 0.5 * lam_c) * ek, (10 + 0.1 * lam_c) * ek
    amp = sqrt(phi * s['A'] * f / Nn) if Nn < phi * s['A'] * f else 1.0
    bt, ht = ((s['b1'] - s['tw']) / 2 - s['r']) / s['t1'], (s['hw'] - 2 * s['r']) / s['tw']
    out.update(flange_bt=bt, web_h0tw=ht, flange_limit_7_3_1=fl, web_limit_7_3_1=wl, local_ok_7_3_1=bt <= fl and ht <= wl,
               amplification_7_3_2=amp, local_ok_with_7_3_2=bt <= fl * amp and ht <= wl * amp)
    lam = max(lx, ly)
    util = out['ratio_stability']
    base = 150.0 if role == 'column' else 200.0
    limit = 200.0 if util <= 0.5 else base
    out.update(lambda_max=lam, utilisation_7_4_6=util, slenderness_limit=limit, slenderness_ok=lam <= limit)
    return settle(out, ratios)


def tension(s, grade, N, An):
    """7.1.1-1 gross yielding N/A ≤ f and 7.1.1-2 net fracture N/An ≤ 0.7fu."""
    tmax = max(s['t1'], s['t2'], s['tw'])
    f, _ = f_of(grade, tmax)
    Nn = N * 1000
    g = Nn / (s['A'] * f)
    n = Nn / (An * 0.7 * FU[grade])
    out = dict(A=s['A'], An=An, f=f, fu=FU[grade], sigma_gross=Nn / s['A'], sigma_net=Nn / An, ratio_gross=g,
               ratio_net=n, Nu=min(s['A'] * f, 0.7 * FU[grade] * An) / 1000)
    out['governing'] = '7.1.1-1 gross' if g >= n else '7.1.1-2 net'
    out['governing_ratio'] = max(g, n)
    out['verdict'] = 'ok' if max(g, n) <= 1.0 else 'fail'
    return out


def beam_column(s, grade, N, M, l0x, l0y, beta_mx, beta_tx, welded=False, eta=1.0, top_comp=True):
    """8.1.1 strength (both fibres), 8.2.1-1 in plane (and 8.2.1-4 for a larger compression flange), 8.2.1-3 out of
    plane with φb by C.0.5; γx by the class with α0 of 3.5.1 from the section's own neutral axis."""
    ek = eps_k(grade)
    tmax = max(s['t1'], s['t2'], s['tw'])
    f, _ = f_of(grade, tmax)
    Nn, Mm = N * 1000, M * 1e6
    a0_computed, st, sb = alpha0(s, Nn, Mm if top_comp else -Mm)
    # Table 3.5.1's web formulas are written for 0 ≤ α0 ≤ 2 (pure bending = 2; GB 50017-2003 5.4.2 states the range).
    # With the neutral axis nearer the compressed (larger) flange the computed α0 exceeds 2; the limits then enter
    # with α0 = 2 (the limits grow with α0, so this is also the conservative reading). Revised after first sight.
    a0 = min(a0_computed, 2.0)
    # α0 as if the neutral axis were at mid-web (what a doubly-symmetric shortcut gives)
    h0 = s['hw'] - 2 * s['r']
    Ieq = s['Ix']
    s_mid_max = Nn / s['A'] + Mm * (h0 / 2) / Ieq
    s_mid_min = Nn / s['A'] - Mm * (h0 / 2) / Ieq
    a0_mid = (s_mid_max - s_mid_min) / s_mid_max
    comp = 1 if top_comp else 2
    bt = flange_ratio(s, comp)
    ht = web_ratio(s)
    fc = flange_class(bt, ek)
    wc = web_class_column(ht, a0, ek)
    wc_mid = web_class_column(ht, a0_mid, ek)
    cls = max(fc, wc)
    gamma_x = 1.05 if cls <= 3 else 1.0
    W1 = s['W1'] if top_comp else s['W2']
    W2 = s['W2'] if top_comp else s['W1']
    cx, cy = curves(s, grade, welded)
    lx, ly = l0x * 1000 / s['ix'], l0y * 1000 / s['iy']
    px, _ = phi_of(lx, cx, grade)
    py, _ = phi_of(ly, cy, grade)
    NEx = pi ** 2 * E * s['A'] / (1.1 * lx ** 2)
    phib = phi_b_c05(s, ly, grade, compression_top=top_comp)
    r_strength_c = (Nn / s['A'] + Mm / (gamma_x * W1)) / f
    r_strength_t = abs(Nn / s['A'] - Mm / (gamma_x * W2)) / f
    r_in = Nn / (px * s['A'] * f) + beta_mx * Mm / (gamma_x * W1 * (1 - 0.8 * Nn / NEx) * f)
    r_out = Nn / (py * s['A'] * f) + eta * beta_tx * Mm / (phib * W1 * f)
    ratios = {'8.1.1 compression fibre': r_strength_c, '8.1.1 other fibre': r_strength_t, '8.2.1-1 in plane': r_in,
              '8.2.1-3 out of plane': r_out}
    out = dict(A=s['A'], yc_from_bottom=s['yc'], Ix=s['Ix'], W_compression=W1, W_other=W2, f=f,
               sigma_web_edge_top=st, sigma_web_edge_bottom=sb, alpha0=a0, alpha0_computed=a0_computed,
               alpha0_if_mid_web=a0_mid,
               web_h0tw=ht, web_limits_S1_S5=web_limits_column(a0, ek),
               web_limits_S1_S5_if_mid_web=web_limits_column(a0_mid, ek), web_class=wc, web_class_if_mid_web=wc_mid,
               flange_bt=bt, flange_class=fc, section_class=cls, gamma_x=gamma_x,
               curve_x=cx, curve_y=cy, lambda_x=lx, lambda_y=ly, phi_x=px, phi_y=py, NEx_prime=NEx / 1000,
               beta_mx=beta_mx, beta_tx=beta_tx, eta=eta, phi_b=phib,
               lambda_y_le_120ek=ly <= 120 * ek)
    if s['b1'] * s['t1'] != s['b2'] * s['t2'] and ((top_comp and s['b1'] * s['t1'] > s['b2'] * s['t2']) or
                                                    (not top_comp and s['b2'] * s['t2'] > s['b1'] * s['t1'])):
        r4 = abs(Nn / (s['A'] * f) - beta_mx * Mm / (gamma_x * W2 * (1 - 1.25 * Nn / NEx) * f))
        ratios['8.2.1-4 (larger flange compressed)'] = r4
    out['warning_S5'] = cls >= 5
    return settle(out, ratios)
