/**
 * R-LUCK-1 a roll's luck (src/rules/luck.ts) against FULL ENUMERATION of the dice: every throw of a
 * small pool, and every explosion chain up to a total, listed one by one with its probability by an
 * enumerator written here (nothing shared with the code under test but the dice's faces).
 */
import { describe, expect, it } from "vitest";
import {
  chainLaw,
  combinedRollLuck,
  defaultEffectTotal,
  keptExplodingLuck,
  outcomeLuck,
  separateRollLuck,
} from "../../src/rules/luck.ts";
import { effectDiceFor } from "../../src/rules/effect-roll.ts";
import { CORE, DEGENESIS, LEGACY } from "../../src/rules/rulesets/index.ts";
import { RulesError } from "../../src/rules/errors.ts";

const CLOSE = 12;

/** Every throw of n d6, each with probability 6^−n. */
function throws(n: number): number[][] {
  let all: number[][] = [[]];
  for (let i = 0; i < n; i++) all = all.flatMap((t) => [1, 2, 3, 4, 5, 6].map((f) => [...t, f]));
  return all;
}

/** Every explosion chain (after an exploding die) whose sum is at most `max`: [the dice, probability]. */
function chains(threshold: number, max: number): [number[], number][] {
  const out: [number[], number][] = [];
  const walk = (dice: number[], p: number, sum: number): void => {
    for (let f = 1; f <= 6; f++) {
      if (sum + f > max) continue;
      if (f >= threshold) walk([...dice, f], p / 6, sum + f);
      else out.push([[...dice, f], p / 6]);
    }
  };
  walk([], 1, 0);
  return out;
}

const sum = (xs: readonly number[]): number => xs.reduce((t, x) => t + x, 0);
const rung = (h: number): number => (h >= 6 ? 2 : h >= 4 ? 1 : 0);

/** One enumerated outcome: the rung, the default Effect total (0: none) and its mass. */
interface Atom {
  readonly rung: number;
  readonly total: number;
  readonly p: number;
  readonly faces: number[];
  readonly chain: number[];
}

/** The combined throw, enumerated: each throw of n dice, its default Effect die, and each of its chains up to `max`. */
function combinedAtoms(n: number, threshold: number, max: number): Atom[] {
  const atoms: Atom[] = [];
  const pThrow = Math.pow(6, -n);
  for (const faces of throws(n)) {
    const sorted = [...faces].sort((a, b) => b - a);
    const h = sorted[0] ?? 0;
    const face = n === 1 ? sorted[0] : sorted[1];
    if (face === undefined) {
      atoms.push({ rung: rung(h), total: 0, p: pThrow, faces, chain: [] });
    } else if (face < threshold) {
      atoms.push({ rung: rung(h), total: face, p: pThrow, faces, chain: [] });
    } else {
      for (const [chain, pc] of chains(threshold, max - face))
        atoms.push({ rung: rung(h), total: face + sum(chain), p: pThrow * pc, faces, chain });
    }
  }
  return atoms;
}

const mass = (atoms: readonly Atom[], keep: (a: Atom) => boolean): number =>
  atoms.filter(keep).reduce((t, a) => t + a.p, 0);

describe("R-LUCK-1 a combined throw (Core, Degenesis) against full enumeration", () => {
  const MAX = 16;
  for (const ruleset of [CORE, DEGENESIS]) {
    for (const slaughter of [false, true]) {
      const threshold = slaughter ? 5 : 6;
      for (const n of [1, 2, 3, 4]) {
        it(`R-LUCK-1: ${ruleset.id}, ${n} dice, explodes on ${threshold}+: outcome, Effect and chance of every throw and chain up to ${MAX}`, () => {
          const atoms = combinedAtoms(n, threshold, MAX);
          const seen = new Set<string>();
          for (const atom of atoms) {
            const key = `${atom.rung}/${atom.total}`;
            if (seen.has(key)) continue;
            seen.add(key);
            const luck = combinedRollLuck({
              faces: atom.faces,
              slaughter,
              singleDieServesBoth: true,
              chosen: atom.chain.length > 0 ? { face: threshold, chain: atom.chain } : null,
            });
            const pRung = (r: number): number => throws(n).filter((t) => rung(Math.max(...t)) === r).length / 6 ** n;
            let worseRung = 0;
            for (let r = 0; r < atom.rung; r++) worseRung += pRung(r);
            expect(luck.outcome).toBeCloseTo(worseRung + pRung(atom.rung) / 2, CLOSE);
            const below = mass(atoms, (a) => a.total < atom.total);
            const same = mass(atoms, (a) => a.total === atom.total);
            expect(luck.effect).toBeCloseTo(below + same / 2, CLOSE);
            expect(luck.chance).toBeCloseTo(
              mass(atoms, (a) => a.total === atom.total && a.rung === atom.rung),
              CLOSE,
            );
          }
        });
      }
    }
  }

  it("R-LUCK-1: an empty pool (R-POOL-5) is a certain Fail: percentile ½, chance 1, no Effect", () => {
    expect(combinedRollLuck({ faces: [], slaughter: false, singleDieServesBoth: true, chosen: null })).toEqual({
      outcome: 0.5,
      effect: null,
      chance: 1,
    });
  });

  it("R-LUCK-1: a lone die with R-RA-2's setting off has no Effect; its outcome is read alone", () => {
    const luck = combinedRollLuck({ faces: [6], slaughter: false, singleDieServesBoth: false, chosen: null });
    expect(luck.effect).toBeNull();
    expect(luck.outcome).toBeCloseTo(5 / 6 + 1 / 12, CLOSE);
    expect(luck.chance).toBeCloseTo(1 / 6, CLOSE);
  });
});

describe("R-LUCK-1 the Effect where the player chooses the die (ruling)", () => {
  it("R-LUCK-1 (ruling): the Effect read is the default die's, whichever die the player took", () => {
    // 6, 3: the default Effect die is the 3 (the 6 is the Precision), even if the player took the 6 and rolled a chain.
    expect(
      defaultEffectTotal({
        faces: [3, 6],
        slaughter: false,
        singleDieServesBoth: true,
        chosen: { face: 6, chain: [2] },
      }),
    ).toBe(3);
  });

  it("R-LUCK-1 (ruling): an exploding default die takes the chain rolled for the chosen die, when that die exploded", () => {
    expect(
      defaultEffectTotal({
        faces: [6, 6, 2],
        slaughter: false,
        singleDieServesBoth: true,
        chosen: { face: 6, chain: [6, 1] },
      }),
    ).toBe(13);
    expect(
      defaultEffectTotal({
        faces: [5, 5, 6],
        slaughter: true,
        singleDieServesBoth: true,
        chosen: { face: 6, chain: [3] },
      }),
    ).toBe(8);
  });

  it("R-LUCK-1 (ruling): no chain yet, or the chosen die did not explode: the Effect is unknown (null), the outcome still read", () => {
    const noChain = { faces: [6, 6], slaughter: false, singleDieServesBoth: true, chosen: null };
    expect(defaultEffectTotal(noChain)).toBeNull();
    expect(combinedRollLuck(noChain).effect).toBeNull();
    expect(combinedRollLuck(noChain).outcome).toBeCloseTo(25 / 36 + 11 / 72, CLOSE);
    expect(
      defaultEffectTotal({
        faces: [6, 6, 4],
        slaughter: false,
        singleDieServesBoth: true,
        chosen: { face: 4, chain: [] },
      }),
    ).toBeNull();
  });

  it("R-LUCK-1: a chain that does not follow R-RA-3 is refused", () => {
    const bad = (chain: number[]) => () =>
      defaultEffectTotal({ faces: [6, 6], slaughter: false, singleDieServesBoth: true, chosen: { face: 6, chain } });
    expect(bad([])).toThrow(RulesError);
    expect(bad([6])).toThrow(RulesError);
    expect(bad([2, 3])).toThrow(RulesError);
    expect(bad([7])).toThrow(RulesError);
  });
});

describe("R-LUCK-1 Legacy (separate Effect roll) against full enumeration", () => {
  it("R-LUCK-1: the outcome of 0–5 dice, every throw, against the enumerated rungs", () => {
    for (let n = 0; n <= 5; n++) {
      const all = throws(n);
      const p = (r: number): number => all.filter((t) => rung(t.length ? Math.max(...t) : 0) === r).length / all.length;
      for (const faces of all.slice(0, 200)) {
        const r = rung(faces.length ? Math.max(...faces) : 0);
        let worse = 0;
        for (let k = 0; k < r; k++) worse += p(k);
        const luck = separateRollLuck(faces);
        expect(luck.outcome).toBeCloseTo(worse + p(r) / 2, CLOSE);
        expect(luck.chance).toBeCloseTo(p(r), CLOSE);
        expect(luck.effect).toBeNull();
        expect(outcomeLuck(faces).percentile).toBe(luck.outcome);
      }
    }
  });

  for (const rank of [0, 1, 2, 3, 4] as const) {
    for (const extra of [0, 1]) {
      const spec = effectDiceFor(LEGACY, rank, {}, extra);
      it(`R-LUCK-1: a Legacy Effect roll of ${spec.dice} dice (rank ${rank}, +${extra}), kept highest, exploding on ${spec.explodeOn}: every total up to 20`, () => {
        const MAX = 20;
        const atoms: { total: number; p: number }[] = [];
        for (const faces of throws(spec.dice)) {
          const kept = Math.max(...faces);
          const pThrow = Math.pow(6, -spec.dice);
          if (kept < spec.explodeOn) atoms.push({ total: kept, p: pThrow });
          else
            for (const [c, pc] of chains(spec.explodeOn, MAX - kept))
              atoms.push({ total: kept + sum(c), p: pThrow * pc });
        }
        for (let x = 1; x <= MAX; x++) {
          const below = atoms.filter((a) => a.total < x).reduce((t, a) => t + a.p, 0);
          const same = atoms.filter((a) => a.total === x).reduce((t, a) => t + a.p, 0);
          const luck = keptExplodingLuck(spec.dice, spec.explodeOn, x);
          expect(luck.effect).toBeCloseTo(below + same / 2, CLOSE);
          expect(luck.chance).toBeCloseTo(same, CLOSE);
          expect(luck.outcome).toBeNull();
        }
      });
    }
  }
});

describe("R-LUCK-1 the explosion chain is exact, tail included", () => {
  it("R-LUCK-1: chainLaw matches the enumerated chains, and its mass up to x plus the chains past x is 1", () => {
    for (const threshold of [5, 6]) {
      const law = chainLaw(threshold, 30);
      const listed = chains(threshold, 30);
      for (let s = 1; s <= 30; s++) {
        const enumerated = listed.filter(([c]) => sum(c) === s).reduce((t, [, p]) => t + p, 0);
        expect(law[s]).toBeCloseTo(enumerated, 14);
      }
      // Every chain of at most 4 exploding dice ends by 29, so the mass past 30 is at most q^5.
      const listedMass = law.reduce((t, p) => t + p, 0);
      expect(listedMass).toBeLessThanOrEqual(1);
      expect(listedMass).toBeGreaterThanOrEqual(1 - Math.pow((7 - threshold) / 6, 5) - 1e-15);
    }
  });

  it("R-LUCK-1: a very long chain still gets a percentile just under 1 and a positive chance", () => {
    const luck = keptExplodingLuck(1, 6, 6 * 20 + 1);
    expect(luck.effect).toBeGreaterThan(0.999999);
    expect(luck.effect).toBeLessThanOrEqual(1);
    expect(luck.chance).toBeGreaterThan(0);
    expect(luck.chance).toBeCloseTo(Math.pow(1 / 6, 21), 30);
  });

  it("R-LUCK-1: bad input is refused with a RulesError", () => {
    expect(() => keptExplodingLuck(1, 6, 0)).toThrow(RulesError);
    expect(() => keptExplodingLuck(1, 6, 1.5)).toThrow(RulesError);
    expect(() => keptExplodingLuck(0, 6, 3)).toThrow(RulesError);
    expect(() => outcomeLuck([0])).toThrow(RulesError);
    expect(() => chainLaw(7, 3)).toThrow(RulesError);
  });
});
