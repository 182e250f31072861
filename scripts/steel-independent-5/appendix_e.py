"""GB 50017-2017 Appendix E: effective-length factor μ of frame columns, from the stability equations the tables
E.0.1 (non-sway, 无侧移框架) and E.0.2 (sway, 有侧移框架) are computed from. Written from the clauses (no project code).

E.0.1 (non-sway):  [(π/μ)² + 2(K1+K2) − 4K1K2]·(π/μ)·sin(π/μ) − 2[(K1+K2)(π/μ)² + 4K1K2]·cos(π/μ) + 8K1K2 = 0
E.0.2 (sway):      [36K1K2 − (π/μ)²]·sin(π/μ) + 6(K1+K2)·(π/μ)·cos(π/μ) = 0
K1, K2 = Σ(Ib/lb)/Σ(Ic/lc) of the beams and columns meeting at the column's top and bottom joints (table notes 1–2:
a beam whose far end is hinged counts ×0.5 (sway) / ×1.5 (non-sway), far end fixed ×2/3 / ×2; a column base fixed to
the foundation K = 10, pinned K = 0). The root is found by bisection on u = π/μ in the bracket the tables span
(sway μ ≥ 1: u ∈ (0, π]; non-sway 0.5 ≤ μ ≤ 1: u ∈ [π, 2π)).
"""
from math import pi, sin, cos


def _bisect(f, a, b, n=200):
    fa = f(a)
    for _ in range(n):
        m = 0.5 * (a + b)
        fm = f(m)
        if (fm > 0) == (fa > 0):
            a, fa = m, fm
        else:
            b = m
    return 0.5 * (a + b)


def mu_sway(K1, K2):
    def f(u):
        return (36 * K1 * K2 - u * u) * sin(u) + 6 * (K1 + K2) * u * cos(u)
    # smallest positive root: f(0+) = 0⁺ … scan from a small u up to π for the first sign change
    lo, flo = 1e-6, None
    n = 20000
    prev_u, prev_f = 1e-6, f(1e-6)
    for k in range(1, n + 1):
        u = 1e-6 + (pi - 1e-6) * k / n
        fu = f(u)
        if (fu > 0) != (prev_f > 0):
            return pi / _bisect(f, prev_u, u)
        prev_u, prev_f = u, fu
    raise ValueError('no root')


def mu_nonsway(K1, K2):
    def f(u):
        return ((u * u + 2 * (K1 + K2) - 4 * K1 * K2) * u * sin(u) - 2 * ((K1 + K2) * u * u + 4 * K1 * K2) * cos(u)
                + 8 * K1 * K2)
    prev_u, prev_f = pi * 1.000001, f(pi * 1.000001)
    n = 20000
    for k in range(1, n + 1):
        u = pi * 1.000001 + (2 * pi * 0.999999 - pi * 1.000001) * k / n
        fu = f(u)
        if (fu > 0) != (prev_f > 0):
            return pi / _bisect(f, prev_u, u)
        prev_u, prev_f = u, fu
    return 1.0  # K1 = K2 = 0: μ = 1 (u = π is the root)


if __name__ == '__main__':
    # rows remembered from Tables E.0.2 / E.0.1 (3 decimals printed) for a sanity check of the equations
    for K1, K2, tab in [(1, 0, 2.33), (0.5, 0, 2.64), (10, 0, 2.03), (1, 1, 1.32), (10, 10, 1.03), (0.2, 10, 1.35), (1, 10, 1.12)]:
        print('sway', K1, K2, round(mu_sway(K1, K2), 4), 'table', tab)
    for K1, K2, tab in [(0, 0, 1.0), (10, 10, 0.549), (1, 1, 0.732), (0, 10, 0.732)]:
        print('nonsway', K1, K2, round(mu_nonsway(K1, K2), 4), 'table', tab)
