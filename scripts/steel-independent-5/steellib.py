"""Hand derivations for GB 50017-2017 member checks, written from the standard's clauses (no project code used).

Units inside: N, mm, N/mm²; inputs kN, kN·m, m are converted by the callers. Every function names its clause.
"""
from math import pi, sqrt

E = 206000.0  # N/mm², Table 4.4.8
G_ACC = 9.81  # m/s², for self-weight ρ·A·g·L
RHO = 7850.0  # kg/m³, Table 4.4.8

# ── Table 4.4.1 (Q345 rows; Q355 takes the same f, fv, fu per GB 55006-2021 Table 3.0.4) ─────────────────────────────
F_TABLE = {
    'Q235': [(16, 215, 125), (40, 205, 120), (100, 200, 115)],
    'Q355': [(16, 305, 175), (40, 295, 170), (63, 290, 165), (80, 280, 160), (100, 270, 155)],
    'Q390': [(16, 345, 200), (40, 330, 190), (63, 310, 180), (100, 295, 170)],
    'Q420': [(16, 375, 215), (40, 355, 205), (63, 320, 185), (100, 305, 175)],
}
FU = {'Q235': 370.0, 'Q355': 470.0, 'Q390': 490.0, 'Q420': 520.0}
FY_NOM = {'Q235': 235.0, 'Q355': 355.0, 'Q390': 390.0, 'Q420': 420.0}


def f_of(grade, t):
    """f and fv for plate thickness t (Table 4.4.1)."""
    for tmax, f, fv in F_TABLE[grade]:
        if t <= tmax:
            return float(f), float(fv)
    raise ValueError('t > 100')


def eps_k(grade):
    """εk = √(235/fy) with fy the grade's nominal yield (3.5.1 note 1)."""
    return sqrt(235.0 / FY_NOM[grade])


# ── Section properties of an I/H section (plates + optional root fillets) ──────────────────────────────────────────────
def fillet_props(r):
    """Spandrel between web face, flange face and an arc of radius r: area, centroid offset from each straight edge,
    and its own second moment about its centroid parallel to an edge (closed form: square minus quarter circle)."""
    a_sq, a_qc = r * r, pi * r * r / 4
    area = a_sq - a_qc
    # first moment about an edge: square r³/2 minus quarter circle (centroid r − 4r/3π from that edge)
    yc_qc = r - 4 * r / (3 * pi)
    c = (a_sq * r / 2 - a_qc * yc_qc) / area
    # second moment about the edge: square r⁴/3; quarter circle: about its own centroid πr⁴/16 − A(4r/3π)², shifted to the edge
    i_qc_own = pi * r ** 4 / 16 - a_qc * (4 * r / (3 * pi)) ** 2
    i_edge = r ** 4 / 3 - (i_qc_own + a_qc * yc_qc ** 2)
    i_own = i_edge - area * c * c
    return area, c, i_own


def i_section(h, b1, t1, b2, t2, tw, r=0.0):
    """Flange 1 = top. y from the bottom fibre. Returns a dict of properties (mm units)."""
    hw = h - t1 - t2
    parts = [  # (area, y, Ix_own, Iy_own, x for Iy shift)
        (b1 * t1, h - t1 / 2, b1 * t1 ** 3 / 12, t1 * b1 ** 3 / 12, 0.0),
        (tw * hw, t2 + hw / 2, tw * hw ** 3 / 12, hw * tw ** 3 / 12, 0.0),
        (b2 * t2, t2 / 2, b2 * t2 ** 3 / 12, t2 * b2 ** 3 / 12, 0.0),
    ]
    if r > 0:
        af, c, io = fillet_props(r)
        for y in (h - t1 - c, t2 + c):
            for x in (tw / 2 + c, -(tw / 2 + c)):
                parts.append((af, y, io, io, x))
    A = sum(p[0] for p in parts)
    yc = sum(p[0] * p[1] for p in parts) / A
    Ix = sum(p[2] + p[0] * (p[1] - yc) ** 2 for p in parts)
    Iy = sum(p[3] + p[0] * p[4] ** 2 for p in parts)
    # first moment of the part above the neutral axis (6.1.3): top flange, web above, top fillets
    Sx = b1 * t1 * (h - t1 / 2 - yc) + tw * (h - t1 - yc) ** 2 / 2
    if r > 0:
        af, c, io = fillet_props(r)
        Sx += 2 * af * (h - t1 - c - yc)
    I1, I2 = t1 * b1 ** 3 / 12, t2 * b2 ** 3 / 12
    return dict(h=h, b1=b1, t1=t1, b2=b2, t2=t2, tw=tw, r=r, hw=hw, A=A, yc=yc, Ix=Ix, Iy=Iy,
                W1=Ix / (h - yc), W2=Ix / yc, Wy=Iy / (max(b1, b2) / 2), ix=sqrt(Ix / A), iy=sqrt(Iy / A), Sx=Sx,
                alpha_b=I1 / (I1 + I2))


# GB/T 11263-2017 HN/HW/HM dimensions (h×b×tw×tf, r); tabulated A (cm²), Ix, Iy (cm⁴) of the standard for comparison
HN_TABLE = {
    'HN400x200x8x13': (400, 200, 8, 13, 13, 83.37, 23500, 1740),
    'HN450x200x9x14': (450, 200, 9, 14, 13, 95.43, 32900, 1870),
    'HN500x200x10x16': (500, 200, 10, 16, 13, 112.3, 46800, 2140),
    'HN600x200x11x17': (600, 200, 11, 17, 13, 131.7, 75600, 2270),
    'HN350x175x7x11': (350, 175, 7, 11, 13, 62.91, 13500, 984),
    'HM294x200x8x12': (294, 200, 8, 12, 13, 71.05, 11100, 1600),
    'HW300x300x10x15': (300, 300, 10, 15, 13, 118.5, 20200, 6750),
    'HW250x250x9x14': (250, 250, 9, 14, 13, 91.43, 10700, 3650),
    # added for wave 5 (GB/T 11263-2017 dimensions and r; tabulated A, Ix, Iy as printed there)
    'HW200x200x8x12': (200, 200, 8, 12, 13, 63.53, 4720, 1600),
    'HN300x150x6.5x9': (300, 150, 6.5, 9, 13, 46.78, 7210, 508),
    'HW350x350x12x19': (350, 350, 12, 19, 13, 171.9, 39800, 13600),
}


def rolled(designation):
    h, b, tw, tf, r, A_t, Ix_t, Iy_t = HN_TABLE[designation]
    s = i_section(h, b, tf, b, tf, tw, r)
    s['designation'] = designation
    s['table'] = {'A_cm2': A_t, 'Ix_cm4': Ix_t, 'Iy_cm4': Iy_t, 'source': 'GB/T 11263-2017 Table A (HN/HM/HW series)'}
    return s


def welded(h, b, tw, tf, b2=None, tf2=None):
    return i_section(h, b, tf, b2 or b, tf2 or tf, tw, 0.0)


# ── Table 3.5.1: plate classes ─────────────────────────────────────────────────────────────────────────────────────────
def flange_ratio(s, which=1):
    b, t = (s['b1'], s['t1']) if which == 1 else (s['b2'], s['t2'])
    return ((b - s['tw']) / 2 - s['r']) / t


def web_ratio(s):
    return (s['hw'] - 2 * s['r']) / s['tw']


def flange_class(bt, ek):
    for k, lim in enumerate((9 * ek, 11 * ek, 13 * ek, 15 * ek, 20.0), start=1):
        if bt <= lim:
            return k
    return 6  # beyond S5


def web_class_beam(ht, ek):
    for k, lim in enumerate((65 * ek, 72 * ek, 93 * ek, 124 * ek, 250.0), start=1):
        if ht <= lim:
            return k
    return 6


def web_limits_column(a0, ek):
    """Table 3.5.1, 压弯构件 H-section web h0/tw limits S1..S5 for the stress gradient α0."""
    return [(33 + 13 * a0 ** 1.3) * ek, (38 + 13 * a0 ** 1.39) * ek, (40 + 18 * a0 ** 1.5) * ek,
            (45 + 25 * a0 ** 1.66) * ek, 250.0]


def web_class_column(ht, a0, ek):
    for k, lim in enumerate(web_limits_column(a0, ek), start=1):
        if ht <= lim:
            return k
    return 6


def alpha0(s, N, M):
    """3.5.1: α0 = (σmax − σmin)/σmax at the two web edges (the computed web depth h0), compression positive; the
    neutral axis is the section's own (yc from the bottom), not mid-web. N compression +, M > 0 compresses the top."""
    y_top_edge = s['h'] - s['t1'] - s['r'] - s['yc']  # web computed edge under the top flange (above the centroid)
    y_bot_edge = s['t2'] + s['r'] - s['yc']  # below the centroid (negative)
    sig_top = N / s['A'] + M * y_top_edge / s['Ix']
    sig_bot = N / s['A'] + M * y_bot_edge / s['Ix']
    smax, smin = max(sig_top, sig_bot), min(sig_top, sig_bot)
    return (smax - smin) / smax, sig_top, sig_bot


# ── Appendix D: φ by D.0.5 (exact π) ───────────────────────────────────────────────────────────────────────────────────
PHI_COEF = {'a': (0.41, 0.986, 0.152), 'b': (0.65, 0.965, 0.300)}


def phi_of(lam, cls, grade):
    ln = lam / pi * sqrt(FY_NOM[grade] / E)
    if cls == 'a':
        a1, a2, a3 = 0.41, 0.986, 0.152
    elif cls == 'b':
        a1, a2, a3 = 0.65, 0.965, 0.300
    elif cls == 'c':
        a1, a2, a3 = (0.73, 0.906, 0.595) if ln <= 1.05 else (0.73, 1.216, 0.302)
    else:
        a1, a2, a3 = (1.35, 0.868, 0.915) if ln <= 1.05 else (1.35, 1.375, 0.432)
    if ln <= 0.215:
        return 1 - a1 * ln * ln, ln
    q = a2 + a3 * ln + ln * ln
    return (q - sqrt(q * q - 4 * ln * ln)) / (2 * ln * ln), ln


# ── Appendix C ─────────────────────────────────────────────────────────────────────────────────────────────────────────
def phi_b_c01(s, l1, beta_b, grade, compression_top=True):
    """C.0.1-1: φb = βb·4320/λy²·(A h/Wx)·[√(1+(λy t1/4.4h)²) + ηb]·εk², then C.0.1-7 when φb > 0.6.
    Wx and t1 are those of the compression flange; ηb = 0.8(2αb−1) enlarged compression flange, 2αb−1 enlarged
    tension flange, αb = I1/(I1+I2) with I1 the compression flange."""
    t1 = s['t1'] if compression_top else s['t2']
    Wx = s['W1'] if compression_top else s['W2']
    I_top, I_bot = s['t1'] * s['b1'] ** 3 / 12, s['t2'] * s['b2'] ** 3 / 12
    Ic, It = (I_top, I_bot) if compression_top else (I_bot, I_top)
    ab = Ic / (Ic + It)
    if abs(ab - 0.5) < 1e-12:
        eta_b = 0.0
    elif ab > 0.5:
        eta_b = 0.8 * (2 * ab - 1)
    else:
        eta_b = 2 * ab - 1
    lam_y = l1 / s['iy']
    ek2 = 235.0 / FY_NOM[grade]
    raw = beta_b * 4320 / lam_y ** 2 * (s['A'] * s['h'] / Wx) * (sqrt(1 + (lam_y * t1 / (4.4 * s['h'])) ** 2) + eta_b) * ek2
    phib = min(1.07 - 0.282 / raw, 1.0) if raw > 0.6 else raw
    return dict(lambda_y=lam_y, alpha_b=ab, eta_b=eta_b, phi_b_raw=raw, phi_b=phib, Wx_comp=Wx, t1_comp=t1)


def xi_of(s, l1, compression_top=True):
    """Table C.0.1 note 1: ξ = l1 t1/(b1 h), t1 and b1 of the compression flange."""
    b, t = (s['b1'], s['t1']) if compression_top else (s['b2'], s['t2'])
    return l1 * t / (b * s['h'])


def beta_b_c01(item, xi=None, m2_m1=None):
    """Table C.0.1."""
    if item == 1:
        return 0.69 + 0.13 * xi if xi <= 2.0 else 0.95
    if item == 2:
        return 1.73 - 0.20 * xi if xi <= 2.0 else 1.33
    if item == 3:
        return 0.73 + 0.18 * xi if xi <= 2.0 else 1.09
    if item == 4:
        return 2.23 - 0.28 * xi if xi <= 2.0 else 1.67
    if item == 10:
        return min(1.75 - 1.05 * m2_m1 + 0.3 * m2_m1 ** 2, 2.3)
    return {5: 1.15, 6: 1.40, 7: 1.75, 8: 1.20, 9: 1.40}[item]


def beta_b_c04(load, xi):
    """Table C.0.4 (双轴对称工字形等截面悬臂梁), ξ = l1 t1/(b1 h) with l1 the cantilever length, 0.60 ≤ ξ ≤ 3.10.
    load: 'point_top' (自由端一个集中荷载作用在上翼缘), 'point_bottom' (…下翼缘), 'udl_top' (均布荷载作用在上翼缘)."""
    if not 0.60 <= xi <= 3.10:
        raise ValueError(f'ξ = {xi} outside Table C.0.4')
    band = 0 if xi <= 1.24 else 1 if xi <= 1.96 else 2
    table = {
        'point_top': [(0.21, 0.67), (0.72, 0.26), (1.17, 0.03)],
        'point_bottom': [(2.94, -0.65), (2.64, -0.40), (2.15, -0.15)],
        'udl_top': [(0.62, 0.82), (1.25, 0.31), (1.66, 0.10)],
    }
    a, b = table[load][band]
    return a + b * xi


def phi_b_c05(s, lam_y, grade, compression_top=True):
    """C.0.5 (λy ≤ 120εk): doubly symmetric φb = 1.07 − λy²/(44000εk²); singly symmetric
    φb = 1.07 − W1x/((2αb+0.1)A h)·λy²/(14000εk²); both ≤ 1.0."""
    ek2 = 235.0 / FY_NOM[grade]
    I_top, I_bot = s['t1'] * s['b1'] ** 3 / 12, s['t2'] * s['b2'] ** 3 / 12
    Ic, It = (I_top, I_bot) if compression_top else (I_bot, I_top)
    ab = Ic / (Ic + It)
    if abs(s['b1'] * s['t1'] - s['b2'] * s['t2']) < 1e-9 and abs(s['t1'] - s['t2']) < 1e-9:
        v = 1.07 - lam_y ** 2 / (44000 * ek2)
    else:
        W1 = s['W1'] if compression_top else s['W2']
        v = 1.07 - W1 / ((2 * ab + 0.1) * s['A'] * s['h']) * lam_y ** 2 / (14000 * ek2)
    return min(v, 1.0)


def r3(x, n=5):
    """Round to n significant figures for the JSON."""
    if isinstance(x, (int,)) or x == 0:
        return x
    from math import floor, log10
    return round(x, -int(floor(log10(abs(x)))) + (n - 1))
