"""GB 55001-2021 combinations of actions for the frame cases, and the per-member envelope. Written from the clauses.

Basic combination (GB 55001-2021 3.1.13 and its 3.1.13 table of partial factors; persistent design situation, design
working life 50 years, γL = 1.0):  Σ γG·Gk + γQ1·Q1k + Σ γQj·ψcj·Qjk
  γG = 1.3 (unfavourable), 1.0 (favourable);  γQ = 1.5.
ψc (GB 50009-2012): roof live load 0.7 (5.3.1), snow 0.7 (7.1.5), wind 0.6 (8.1.4).
Enumeration used here: 1.3G alone; each variable action (Q, S, each wind direction) leading, with every subset of the
accompanying ones (a variable action is only taken where it is unfavourable, so the combination without an accompanying
one is a combination too); the two wind directions are never together; and 1.0G + 1.5W for each wind direction
(permanent load favourable: uplift / overturning). Standard combinations (for deflection and drift): the same with all
partial factors 1.0 (G + Q1 + Σψc Qj).
"""
from itertools import combinations as _subsets

PSI_C = {'Q': 0.7, 'S': 0.7, 'W': 0.6}


def _kind(case_id, types):
    return types[case_id]


def _accompanying_sets(lead, variables, types):
    others = [v for v in variables if v != lead and not (types[v] == 'W' and types[lead] == 'W')]
    out = []
    for n in range(len(others) + 1):
        for sub in _subsets(others, n):
            ws = [v for v in sub if types[v] == 'W']
            if len(ws) > 1:
                continue
            out.append(sub)
    return out


def _combinations(types, g_unfav, g_fav, gamma_q, uplift):
    """The enumeration shared by the basic (γG, γQ) and the standard (all factors 1.0) combinations."""
    gs = [c for c, t in types.items() if t == 'G']
    variables = [c for c, t in types.items() if t != 'G']
    combos = [{g: g_unfav for g in gs}]
    for lead in variables:
        for sub in _accompanying_sets(lead, variables, types):
            f = {g: g_unfav for g in gs}
            f[lead] = gamma_q
            for v in sub:
                f[v] = gamma_q * PSI_C[types[v]]
            combos.append(f)
    if uplift:
        for w in [c for c in variables if types[c] == 'W']:
            f = {g: g_fav for g in gs}
            f[w] = gamma_q
            combos.append(f)
    seen, out = set(), []  # de-duplicate (same factors)
    for f in combos:
        key = tuple(sorted((k, round(v, 9)) for k, v in f.items()))
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def basic_combinations(types):
    """types: {case_id: 'G'|'Q'|'W'|'S'} → list of {case_id: factor}: γG 1.3 (1.0 favourable, with wind), γQ 1.5."""
    return _combinations(types, 1.3, 1.0, 1.5, uplift=True)


def standard_combinations(types):
    """G + Q1 + Σ ψc Qj (all partial factors 1.0)."""
    return _combinations(types, 1.0, 1.0, 1.0, uplift=False)


def name(f):
    return ' + '.join(f'{v:g}{k}' for k, v in f.items())


def envelope(per_combo, member_ids):
    """per_combo: list of (factors, solve-result). Per member: M_pos (largest M_max, > 0), M_neg (smallest M_min,
    < 0), N_tension (largest N, signed), N_compression (smallest N, signed), V_abs; each with its combination and the
    relative margin to the runner-up combination (a margin below 0.5 % means the governing combination is not
    asserted: two combinations give practically the same value)."""
    env = {}
    for mid in member_ids:
        rows = [(f, next(x for x in res['members'] if x['id'] == mid)) for f, res in per_combo]

        def best(key, sign):
            vals = sorted(((sign * row[key], k) for k, (f, row) in enumerate(rows)), reverse=True)
            v0, k0 = vals[0]
            v1 = vals[1][0] if len(vals) > 1 else None
            margin = (v0 - v1) / abs(v0) if v1 is not None and v0 != 0 else None
            f, row = rows[k0]
            x = None
            if key == 'M_max':
                x = row['x_M_max']
            elif key == 'M_min':
                x = row['x_M_min']
            return {'value': sign * v0, 'combination': f, 'combination_name': name(f), 'x': x,
                    'margin_to_next': margin, 'combination_asserted': margin is not None and margin > 0.005}
        env[mid] = {'M_pos': best('M_max', 1), 'M_neg': best('M_min', -1), 'N_tension': best('N_max', 1),
                    'N_compression': best('N_min', -1), 'V_abs': best('V_abs_max', 1)}
    return env
