"""(Copied from the previous wave's independent cases and extended: chord-relative deflection, roller_y.)
A small plane-frame direct-stiffness solver (first-order, linear elastic, axial deformation included, no shear
deformation), written for these cases only. Units: kN, m in; N, mm inside; results kN, kN·m, mm.

Sign convention of the results (design convention): N > 0 tension; M > 0 when the fibre on the member's local −y
side is in tension (local x from i to j, local y = x turned +90°): sagging for a left→right beam, tension on the +X
face of a bottom→top column; V > 0 upward (+y) on the left face of a cut. Reactions in global axes, counter-clockwise
moments positive.
"""
import numpy as np
from math import hypot


_GX, _GW = np.polynomial.legendre.leggauss(6)


def _gauss(a, b):
    """6-point Gauss–Legendre nodes and weights on [a, b] (exact for polynomials up to degree 11)."""
    h = (b - a) / 2
    return [(a + h * (1 + x), h * w) for x, w in zip(_GX, _GW)]


def _lin(d, t):
    """Local (qx, qy) of a linear distributed piece d at t."""
    a, b, qx1, qy1, qx2, qy2 = d
    r = (t - a) / (b - a) if b > a else 0.0
    return qx1 + (qx2 - qx1) * r, qy1 + (qy2 - qy1) * r


def _local_components(direction, c, s):
    """Unit load along `direction` in local (x, y) components."""
    if direction == 'local_y':
        return (0.0, 1.0)
    if direction == 'local_x':
        return (1.0, 0.0)
    gx, gy = (1.0, 0.0) if direction == 'global_x' else (0.0, 1.0)
    return (gx * c + gy * s, -gx * s + gy * c)


def _clamped_point_v(x, a, py, L, EI):
    """Deflection at x of a clamped–clamped member under a point load py at a (mm, N)."""
    b = L - a
    if x <= a:
        return py * b * b * x * x * (3 * a * L - 3 * a * x - b * x) / (6 * EI * L ** 3)
    xx = L - x
    return py * a * a * xx * xx * (3 * b * L - 3 * b * xx - a * xx) / (6 * EI * L ** 3)


def solve(nodes, members, supports, nodal_loads=(), stations=201):
    idx = {n['id']: k for k, n in enumerate(nodes)}
    xy = {n['id']: (n['x'] * 1000.0, n['y'] * 1000.0) for n in nodes}
    ndof = 3 * len(nodes)
    K = np.zeros((ndof, ndof))
    F = np.zeros(ndof)
    cache = []
    for m in members:
        (xi, yi), (xj, yj) = xy[m['i']], xy[m['j']]
        L = hypot(xj - xi, yj - yi)
        c, s = (xj - xi) / L, (yj - yi) / L
        EA, EI = m.get('E', 206000.0) * m['A'], m.get('E', 206000.0) * m['I']
        k = np.array([
            [EA / L, 0, 0, -EA / L, 0, 0],
            [0, 12 * EI / L ** 3, 6 * EI / L ** 2, 0, -12 * EI / L ** 3, 6 * EI / L ** 2],
            [0, 6 * EI / L ** 2, 4 * EI / L, 0, -6 * EI / L ** 2, 2 * EI / L],
            [-EA / L, 0, 0, EA / L, 0, 0],
            [0, -12 * EI / L ** 3, -6 * EI / L ** 2, 0, 12 * EI / L ** 3, -6 * EI / L ** 2],
            [0, 6 * EI / L ** 2, 2 * EI / L, 0, -6 * EI / L ** 2, 4 * EI / L]])
        T = np.zeros((6, 6))
        for b in (0, 3):
            T[b:b + 2, b:b + 2] = [[c, s], [-s, c]]
            T[b + 2, b + 2] = 1
        # fixed-end forces (local, forces the supports exert on the member) for the member's loads
        fef = np.zeros(6)
        udl = []  # local (qx, qy) in N/mm
        points = []  # (a mm, px N, py N)
        dist = []  # partial / trapezoidal: (a mm, b mm, qx at a, qy at a, qx at b, qy at b) in N/mm
        for ld in m.get('loads', []):
            if ld['type'] == 'udl' and any(k in ld for k in ('a', 'b', 'w2')):
                # partial (a, b in m from i) and trapezoidal (w at a, w2 at b): the integral of the point-load
                # kernels, by Gauss–Legendre (exact: kernel cubic × linear load)
                a1 = ld.get('a', 0.0) * 1000.0
                b1 = ld.get('b', L / 1000.0) * 1000.0
                w1, w2 = ld['w'], ld.get('w2', ld['w'])
                comp = _local_components(ld.get('dir', 'global_y'), c, s)
                dist.append((a1, b1, w1 * comp[0], w1 * comp[1], w2 * comp[0], w2 * comp[1]))
                for t, wt in _gauss(a1, b1):
                    qx_t, qy_t = _lin(dist[-1], t)
                    bb = L - t
                    fef += wt * np.array([-qx_t * bb / L, -qy_t * bb * bb * (3 * t + bb) / L ** 3, -qy_t * t * bb * bb / L ** 2,
                                          -qx_t * t / L, -qy_t * t * t * (t + 3 * bb) / L ** 3, qy_t * t * t * bb / L ** 2])
                continue
            if ld['type'] == 'udl':
                gx, gy = (ld['w'], 0.0) if ld.get('dir', 'global_y') == 'global_x' else (0.0, ld['w'])
                if ld.get('dir') == 'local_y':
                    qx, qy = 0.0, ld['w']
                else:
                    qx, qy = gx * c + gy * s, -gx * s + gy * c
                udl.append((qx, qy))  # kN/m = N/mm
                fef += [-qx * L / 2, -qy * L / 2, -qy * L * L / 12, -qx * L / 2, -qy * L / 2, qy * L * L / 12]
            else:
                P = ld['p'] * 1000.0
                gx, gy = (P, 0.0) if ld.get('dir', 'global_y') == 'global_x' else (0.0, P)
                px, py = gx * c + gy * s, -gx * s + gy * c
                a = ld['a'] * 1000.0
                b = L - a
                points.append((a, px, py))
                fef += [-px * b / L, -py * b * b * (3 * a + b) / L ** 3, -py * a * b * b / L ** 2,
                        -px * a / L, -py * a * a * (a + 3 * b) / L ** 3, py * a * a * b / L ** 2]
        dofs = [3 * idx[m['i']] + q for q in range(3)] + [3 * idx[m['j']] + q for q in range(3)]
        kg = T.T @ k @ T
        K[np.ix_(dofs, dofs)] += kg
        F[dofs] -= T.T @ fef
        cache.append((m, L, k, T, fef, dofs, udl, points, dist))
    for nl in nodal_loads:
        b = 3 * idx[nl['node']]
        F[b] += nl.get('fx', 0.0) * 1000.0
        F[b + 1] += nl.get('fy', 0.0) * 1000.0
        F[b + 2] += nl.get('mz', 0.0) * 1e6
    fixed = set()
    for sp in supports:
        b = 3 * idx[sp['node']]
        fixed |= {'fixed': {b, b + 1, b + 2}, 'pinned': {b, b + 1}, 'roller': {b + 1}, 'roller_y': {b + 1}}[sp['type']]
    free = [d for d in range(ndof) if d not in fixed]
    u = np.zeros(ndof)
    u[free] = np.linalg.solve(K[np.ix_(free, free)], F[free])
    R = K @ u - F
    out_nodes = [{'id': n['id'], 'ux': u[3 * k], 'uy': u[3 * k + 1], 'rz': u[3 * k + 2]} for k, n in enumerate(nodes)]
    reactions = []
    for sp in supports:
        b = 3 * idx[sp['node']]
        reactions.append({'node': sp['node'], 'rx': R[b] / 1000.0, 'ry': R[b + 1] / 1000.0, 'mz': R[b + 2] / 1e6})
    out_members = []
    for m, L, k, T, fef, dofs, udl, points, dist in cache:
        d_loc = T @ u[dofs]
        fl = k @ d_loc + fef
        Ni, Vi, Mi = -fl[0], fl[1], -fl[2]
        Nj, Vj, Mj = fl[3], -fl[4], fl[5]
        qx = sum(q[0] for q in udl)
        qy = sum(q[1] for q in udl)
        def dist_part(x, f):
            # Σ over the distributed pieces of ∫ f(x, t, qx(t), qy(t)) dt for t from the piece's start up to x
            tot = 0.0
            for d in dist:
                hi = min(x, d[1])
                if hi > d[0]:
                    for t, wt in _gauss(d[0], hi):
                        qx_t, qy_t = _lin(d, t)
                        tot += wt * f(x, t, qx_t, qy_t)
            return tot

        def Mx(x):
            return (Mi + Vi * x + qy * x * x / 2 + sum(p[2] * (x - p[0]) for p in points if x > p[0])
                    + dist_part(x, lambda x_, t, qx_t, qy_t: qy_t * (x_ - t))) / 1e6

        def Vx(x):
            return (Vi + qy * x + sum(p[2] for p in points if x > p[0])
                    + dist_part(x, lambda x_, t, qx_t, qy_t: qy_t)) / 1000.0

        def Nx(x):
            return (Ni - qx * x - sum(p[1] for p in points if x > p[0])
                    - dist_part(x, lambda x_, t, qx_t, qy_t: qx_t)) / 1000.0

        xs = np.linspace(0, L, stations)
        extra = [p[0] for p in points]
        if abs(qy) > 0:  # zero-shear points of the UDL segments
            breaks = sorted([0.0] + extra + [L])
            for a0, a1 in zip(breaks[:-1], breaks[1:]):
                Va = Vx(a0 + 1e-6) * 1000.0 - qy * 1e-6
                x0 = a0 - Va / qy
                if a0 < x0 < a1:
                    extra.append(x0)
        if dist:
            dense = np.linspace(0, L, 4001)
            vd = [Vx(x) for x in dense]
            for x0, x1, v0, v1 in zip(dense[:-1], dense[1:], vd[:-1], vd[1:]):
                if v0 == 0 or (v0 > 0) != (v1 > 0):
                    lo, hi = x0, x1
                    for _ in range(80):
                        mid = 0.5 * (lo + hi)
                        if (Vx(mid) > 0) == (v0 > 0):
                            lo = mid
                        else:
                            hi = mid
                    extra.append(0.5 * (lo + hi))
            extra += [d[0] for d in dist] + [d[1] for d in dist]
        xs = np.unique(np.concatenate([xs, np.array(extra)]))

        Ms = [Mx(x) for x in xs]
        Ns = [Nx(x) for x in xs]
        Vs = [Vx(x) for x in xs]
        kmax, kmin = int(np.argmax(Ms)), int(np.argmin(Ms))
        EI = m.get('E', 206000.0) * m['I']

        def v_rel(x):
            # transverse deflection relative to the chord (local y, mm): Hermite end rotations + clamped particular
            # solutions (UDL qy x²(L−x)²/(24EI); point py: py b² x²(3aL − 3ax − bx)/(6EIL³) for x ≤ a, mirrored)
            z = x / L
            v = L * (z - 2 * z * z + z ** 3) * d_loc[2] + L * (-z * z + z ** 3) * d_loc[5]
            v += qy * x * x * (L - x) ** 2 / (24 * EI)
            for d in dist:  # the kernel changes form at t = x: integrate each side separately (exact)
                for lo, hi in ((d[0], min(x, d[1])), (max(x, d[0]), d[1])):
                    if hi > lo:
                        for t, wt in _gauss(lo, hi):
                            v += wt * _clamped_point_v(x, t, _lin(d, t)[1], L, EI)
            for a, px_, py in points:
                b = L - a
                if x <= a:
                    v += py * b * b * x * x * (3 * a * L - 3 * a * x - b * x) / (6 * EI * L ** 3)
                else:
                    xx = L - x
                    v += py * a * a * xx * xx * (3 * b * L - 3 * b * xx - a * xx) / (6 * EI * L ** 3)
            return v

        vs = [v_rel(x) for x in np.linspace(0, L, 2001)]
        out_members.append({
            'id': m['id'], 'L': L / 1000.0, 'v_rel_min': min(vs), 'v_rel_max': max(vs),
            'N_i': Ni / 1000.0, 'V_i': Vi / 1000.0, 'M_i': Mi / 1e6, 'N_j': Nj / 1000.0, 'V_j': Vj / 1000.0, 'M_j': Mj / 1e6,
            'M_max': Ms[kmax], 'x_M_max': xs[kmax] / 1000.0, 'M_min': Ms[kmin], 'x_M_min': xs[kmin] / 1000.0,
            'N_max': max(Ns), 'N_min': min(Ns), 'V_abs_max': max(abs(v) for v in Vs),
        })
    return {'nodes': out_nodes, 'reactions': reactions, 'members': out_members}
