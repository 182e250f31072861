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
        for ld in m.get('loads', []):
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
        cache.append((m, L, k, T, fef, dofs, udl, points))
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
    for m, L, k, T, fef, dofs, udl, points in cache:
        d_loc = T @ u[dofs]
        fl = k @ d_loc + fef
        Ni, Vi, Mi = -fl[0], fl[1], -fl[2]
        Nj, Vj, Mj = fl[3], -fl[4], fl[5]
        qx = sum(q[0] for q in udl)
        qy = sum(q[1] for q in udl)
        def Mx(x):
            return (Mi + Vi * x + qy * x * x / 2 + sum(p[2] * (x - p[0]) for p in points if x > p[0])) / 1e6

        def Vx(x):
            return (Vi + qy * x + sum(p[2] for p in points if x > p[0])) / 1000.0

        def Nx(x):
            return (Ni - qx * x - sum(p[1] for p in points if x > p[0])) / 1000.0

        xs = np.linspace(0, L, stations)
        extra = [p[0] for p in points]
        if abs(qy) > 0:  # zero-shear points of the UDL segments
            breaks = sorted([0.0] + extra + [L])
            for a0, a1 in zip(breaks[:-1], breaks[1:]):
                Va = Vx(a0 + 1e-6) * 1000.0 - qy * 1e-6
                x0 = a0 - Va / qy
                if a0 < x0 < a1:
                    extra.append(x0)
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
