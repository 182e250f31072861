// Bad input on every field is an InputError (a 400 over HTTP) naming the field and what is allowed; an unstable
// structure names the node and direction; a fuzz over mutated frames never throws anything else and never answers
// a non-finite number.
import { describe, expect, it } from 'vitest';
import { analyseFrame, InputError, validateFrame, type FrameInput } from '../../../../src/calc/steel/frame/index.ts';
import { BAD, PORTAL } from './bad-input.ts';
import { mutatedFrame, rng } from './random-frames.ts';

function refused(body: unknown): InputError {
  try {
    analyseFrame(body);
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('accepted');
}

describe('frame input validation', () => {
  for (const [what, edit, param, words] of BAD) {
    it(`${what} → names ${param}`, () => {
      const body = structuredClone(PORTAL) as Record<string, any>;
      edit(body);
      const e = refused(body);
      expect(e.param).toBe(param);
      expect(e.status).toBe(400);
      expect(e.message).toContain(words);
      // the page's validator names the same field
      const v = validateFrame(body);
      expect(v.ok).toBe(false);
      if (!v.ok) expect(v.issues.map((i) => i.field)).toContain(param);
    });
  }

  it('the portal itself is accepted', () => {
    expect(validateFrame(PORTAL)).toEqual({ ok: true });
    expect(analyseFrame(PORTAL).members).toHaveLength(3);
  });

  it('unstable structures name the free node and direction (never NaN)', () => {
    const cases: Array<[string, FrameInput, RegExp]> = [
      ['a beam held by one pin', { ...PORTAL, members: [PORTAL.members[1]!], nodes: PORTAL.nodes.slice(1, 3), supports: [{ node: 'B', type: 'pinned' }], nodal_loads: [] }, /node "C" can move freely in (uy|rz)|node "B" can move freely in rz/],
      ['a portal on rollers', { ...PORTAL, supports: [{ node: 'A', type: 'roller' }, { node: 'D', type: 'roller' }] }, /can move freely in ux/],
      [
        'a square truss without a diagonal',
        {
          nodes: [
            { id: 'a', x: 0, y: 0 },
            { id: 'b', x: 3, y: 0 },
            { id: 'c', x: 3, y: 3 },
            { id: 'd', x: 0, y: 3 },
          ],
          members: ['ab', 'bc', 'cd', 'da'].map((id) => ({ id, i: id[0]!, j: id[1]!, A: 1000, I: 1e6, release_i: true, release_j: true })),
          supports: [
            { node: 'a', type: 'pinned' },
            { node: 'b', type: 'roller' },
          ],
          nodal_loads: [{ node: 'c', fx: 5 }],
        },
        /node "[cd]" can move freely in ux/,
      ],
      [
        'a portal with four hinges',
        { ...PORTAL, supports: [{ node: 'A', type: 'pinned' }, { node: 'D', type: 'pinned' }], members: PORTAL.members.map((m) => (m.id === 'BC' ? { ...m, release_i: true, release_j: true } : m)) },
        /unstable structure/,
      ],
    ];
    for (const [what, body, re] of cases) {
      const e = refused(body);
      expect(e.code, what).toBe('unstable_structure');
      expect(e.param, what).toBe('supports');
      expect(e.message, what).toMatch(re);
      expect(e.message).toContain('几何可变');
    }
  });

  it('a moment on a truss joint is refused naming the load', () => {
    const body = {
      nodes: [
        { id: 'a', x: 0, y: 0 },
        { id: 'b', x: 4, y: 0 },
        { id: 'c', x: 2, y: 2 },
      ],
      members: [
        { id: 'ac', i: 'a', j: 'c', A: 1000, I: 1e6, release_i: true, release_j: true },
        { id: 'bc', i: 'b', j: 'c', A: 1000, I: 1e6, release_i: true, release_j: true },
      ],
      supports: [
        { node: 'a', type: 'pinned' },
        { node: 'b', type: 'pinned' },
      ],
      nodal_loads: [{ node: 'c', fy: -10, mz: 3 }],
    };
    const e = refused(body);
    expect(e.param).toBe('nodal_loads.0.mz');
    expect(e.message).toContain('rotational stiffness');
    body.nodal_loads[0]!.mz = 0;
    const r = analyseFrame(body);
    expect(r.nodes.find((n) => n.id === 'c')!.rz).toBeNull();
  });

  it('fuzz: mutated frames are answered with finite numbers or refused with an InputError', () => {
    const junk = [null, -1, 0, 1e308, -1e308, Number.MIN_VALUE, 'x', '', true, [], {}, 1e-12, 123456789];
    const r = rng(42);
    for (let k = 0; k < 300; k++) {
      const f = mutatedFrame(r, junk);
      try {
        const out = analyseFrame(f);
        expect(JSON.stringify(out)).not.toMatch(/NaN|Infinity|null,"uy"/);
      } catch (e) {
        expect(e, String((e as Error).stack)).toBeInstanceOf(InputError);
        expect((e as InputError).message.length).toBeGreaterThan(5);
      }
    }
  });
});
