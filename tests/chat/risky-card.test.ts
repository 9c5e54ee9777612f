import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allowEffect,
  allowSuccess,
  confirmEffect,
  confirmSecondHit,
  effectChainNeeded,
  markEgoSpent,
  recordApplied,
  riskyCardResult,
  riskyCardView,
  selectDie,
  undoEgo,
  type AppliedEntry,
  type RiskyCardState,
} from "../../src/chat/index.ts";
import { cardDice, cardRank } from "../../src/chat/risky-card.ts";
import { validateSelection } from "../../src/rules/index.ts";
import { card, expectCode, GM, OTHER, pool, ROLLER, viewer } from "./fixtures.ts";

const LONG_SWORD = { name: "Long sword", rank: 3 as const, tags: ["versatile"], twoHanded: true };
const COMBAT_FLAGS = { whirlwind: true, specialist: false, fast: false, slow: false };

function applied(partial: Partial<AppliedEntry> = {}): AppliedEntry {
  return {
    hit: "effect",
    targetName: "Brute",
    facet: "Fight",
    effect: 3,
    before: 10,
    after: 7,
    userId: ROLLER.id,
    ...partial,
  };
}

describe("Risky Action card: choosing dice", () => {
  it("R-RA-1 R-RA-2: a new card picks the highest die for Precision and the highest remaining for the Effect", () => {
    const state = card([2, 5], [6, 1]);
    expect(state.version).toBe(0);
    expect(state.selection).toEqual({ precision: 2, effect: 1 });
    expect(riskyCardResult(state).band).toBe("success");
  });

  it("R-RA-1 R-RA-2: clicking a die makes it Precision and keeps the Effect die", () => {
    const state = card([2, 5], [6, 1]);
    const next = selectDie(state, ROLLER, 0, "precision", 0);
    expect(next.selection).toEqual({ precision: 0, effect: 1 });
    expect(next.version).toBe(1);
    expect(riskyCardResult(next).band).toBe("fail");
    expect(state.selection).toEqual({ precision: 2, effect: 1 }); // the old state is untouched
  });

  it("R-RA-1 R-RA-2: clicking the Effect die as Precision swaps the two", () => {
    const next = selectDie(card([2, 5], [6, 1]), ROLLER, 1, "precision", 0);
    expect(next.selection).toEqual({ precision: 1, effect: 2 });
    expect(riskyCardResult(next).band).toBe("partial");
  });

  it("R-RA-2: clicking a die as Effect makes it the Effect die; clicking the Precision die swaps them", () => {
    const a = selectDie(card([2, 5], [6, 1]), ROLLER, 3, "effect", 0);
    expect(a.selection).toEqual({ precision: 2, effect: 3 });
    const b = selectDie(a, ROLLER, 2, "effect", 1);
    expect(b.selection).toEqual({ precision: 3, effect: 2 });
  });

  it("R-RA-2: a lone die is both Precision and Effect (setting on); off, it has no Effect and cannot be made one", () => {
    const on = card([5]);
    expect(on.selection).toEqual({ precision: 0, effect: 0 });
    expect(riskyCardResult(on).landing.player).toBe(true);
    const off = card([5], [], { singleDieServesBoth: false });
    expect(off.selection).toEqual({ precision: 0, effect: null });
    expect(riskyCardResult(off).landing.player).toBe(false);
    expectCode(() => selectDie(off, ROLLER, 0, "effect", 0), "same-die");
  });

  it("R-RA-1: a die that is not in the pool is refused", () => {
    expectCode(() => selectDie(card([3, 4]), ROLLER, 2, "precision", 0), "bad-selection");
    expectCode(() => selectDie(card([3, 4]), ROLLER, -1, "effect", 0), "bad-selection");
  });

  it("R-RA-1: a click that changes nothing returns the same state (no new version)", () => {
    const state = card([3, 4]);
    expect(selectDie(state, ROLLER, 1, "precision", 0)).toBe(state);
    expect(selectDie(state, ROLLER, 0, "effect", 0)).toBe(state);
  });

  it("R-RA-1: only the roller or a GM may choose the dice", () => {
    const state = card([3, 4]);
    const error = expectCode(() => selectDie(state, OTHER, 0, "precision", 0), "not-allowed");
    expect(error.data).toMatchObject({ reason: "notRoller" });
    expect(selectDie(state, GM, 0, "precision", 0).selection).toEqual({ precision: 0, effect: 1 });
  });

  it("R-RA-1 (stale): two clicks made on the same version: the first wins, the second is refused, the state stays valid", () => {
    const state = card([2, 5], [6, 1]);
    const byRoller = selectDie(state, ROLLER, 0, "precision", state.version);
    // The GM clicked at the same moment, on the card as it was (version 0); it arrives second.
    expectCode(() => selectDie(byRoller, GM, 3, "effect", state.version), "stale");
    expectCode(() => confirmEffect(byRoller, GM, [], state.version), "stale");
    const selection = byRoller.selection;
    expect(selection).not.toBeNull();
    if (selection) expect(() => validateSelection(cardDice(byRoller), selection)).not.toThrow();
    // Retried on the new version, it goes through.
    expect(selectDie(byRoller, GM, 3, "effect", byRoller.version).selection).toEqual({ precision: 0, effect: 3 });
  });

  it("R-RA-1 R-RA-2 (stale, property): any sequence of clicks by anyone on any version leaves a valid card", () => {
    const click = fc.record({
      user: fc.constantFrom(ROLLER, OTHER, GM),
      index: fc.integer({ min: -1, max: 5 }),
      role: fc.constantFrom("precision" as const, "effect" as const, "second" as const),
      lag: fc.integer({ min: 0, max: 2 }),
      confirm: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
        fc.array(click, { maxLength: 12 }),
        (light, dark, clicks) => {
          let state: RiskyCardState = card(light, dark, { combat: true, flags: COMBAT_FLAGS });
          for (const c of clicks) {
            const before = state.version;
            try {
              state = c.confirm
                ? confirmEffect(state, c.user, [], state.version - c.lag)
                : selectDie(state, c.user, c.index, c.role, state.version - c.lag);
            } catch {
              // refused: the state is unchanged
            }
            expect(state.version === before || state.version === before + 1).toBe(true);
            const selection = state.selection;
            expect(selection).not.toBeNull();
            if (selection) validateSelection(cardDice(state), selection);
            expect(() => riskyCardResult(state)).not.toThrow();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("Risky Action card: confirming the Effect", () => {
  it("R-RA-3: a 6 on the Effect die needs an explosion chain; a 5 does not, unless the weapon has Slaughter", () => {
    expect(effectChainNeeded(card([6, 6]), "effect")).toEqual({ face: 6, threshold: 6 });
    expect(effectChainNeeded(card([6, 5]), "effect")).toBeNull();
    const slaughter = card([6, 5], [], { weapon: { name: "Cleaver", rank: 1, tags: ["slaughter"], twoHanded: false } });
    expect(effectChainNeeded(slaughter, "effect")).toEqual({ face: 5, threshold: 5 });
  });

  it("R-RA-3 R-RA-6: no chain is asked for when the player's Effect does not land (a Fail)", () => {
    const fail = card([3, 6], [], {});
    const chosen = selectDie(fail, ROLLER, 0, "precision", 0);
    expect(effectChainNeeded(chosen, "effect")).toBeNull();
    const confirmed = confirmEffect(chosen, ROLLER, [], 1);
    expect(confirmed.effect).toEqual({ chain: [] });
    expect(riskyCardResult(confirmed).effect).toBeNull();
    expectCode(() => confirmEffect(chosen, ROLLER, [4], 1), "bad-chain");
  });

  it("R-RA-3: the chain must be exactly as long as the explosion: not cut short, not run on", () => {
    const state = card([6, 6]);
    expectCode(() => confirmEffect(state, ROLLER, [], 0), "bad-chain");
    expectCode(() => confirmEffect(state, ROLLER, [6], 0), "bad-chain");
    expectCode(() => confirmEffect(state, ROLLER, [3, 2], 0), "bad-chain");
    expectCode(() => confirmEffect(state, ROLLER, [7], 0), "bad-face");
    const confirmed = confirmEffect(state, ROLLER, [6, 2], 0);
    expect(riskyCardResult(confirmed).effect?.explosion.total).toBe(14);
  });

  it("R-RA-3 R-RA-4: once confirmed, the Effect adds the tier and tags (Core: long sword +2e, Versatile two-handed +1e)", () => {
    const state = card([6, 6], [], { weapon: LONG_SWORD });
    const confirmed = confirmEffect(state, ROLLER, [4], 0);
    const effect = riskyCardResult(confirmed).effect;
    expect(effect?.value).toBe(6 + 4 + 2 + 1);
    expect(effect?.lines.map((l) => l.labelKey)).toEqual([
      "TERRAN.Effect.Die",
      "TERRAN.EffectTier.core.better",
      "TERRAN.Tag.versatile",
    ]);
  });

  it("R-RA-5: Degenesis reads the tier as a floor", () => {
    const state = card([6, 2], [], { rulesetId: "degenesis", rank: 3 });
    const effect = riskyCardResult(confirmEffect(state, ROLLER, [], 0)).effect;
    expect(effect?.value).toBe(4);
    expect(effect?.floor).toBe(4);
  });

  it("R-RA-1 R-RA-3: confirming locks the choice: no more clicks, no second confirmation", () => {
    const confirmed = confirmEffect(card([5, 4]), ROLLER, [], 0);
    expect(confirmed.version).toBe(1);
    expectCode(() => selectDie(confirmed, ROLLER, 1, "precision", 1), "locked");
    expectCode(() => selectDie(confirmed, GM, 0, "effect", 1), "locked");
    expectCode(() => confirmEffect(confirmed, ROLLER, [], 1), "locked");
    expect(riskyCardResult(confirmed).locked).toBe(true);
  });

  it("R-RA-3: only the roller or a GM may confirm", () => {
    expectCode(() => confirmEffect(card([5, 4]), OTHER, [], 0), "not-allowed");
    expect(confirmEffect(card([5, 4]), GM, [], 0).effect).toEqual({ chain: [] });
  });

  it("R-V-12: in a v0.6.2 card a 4–5 halves the player's Effect after its row, rounded up; a 6 keeps it whole", () => {
    const v062 = (light: number[], rank: 0 | 1 | 2) => card(light, [], { rulesetId: "v062", rank });
    const effect = (state: RiskyCardState) => riskyCardResult(confirmEffect(state, ROLLER, [], 0)).effect;
    expect(effect(v062([5, 4], 1))?.value).toBe(2);
    expect(effect(v062([5, 5], 2))?.value).toBe(3);
    expect(effect(v062([4, 1], 0))?.value).toBe(0);
    expect(effect(v062([6, 4], 2))?.value).toBe(5);
    expect(effect(v062([5, 4], 1))?.lines.map((l) => l.labelKey)).toContain("TERRAN.Effect.partial");
    // Core reads the same partial whole.
    expect(effect(card([5, 4]))?.value).toBe(4);
  });

  it("R-V-12 (ruling): a v0.6.2 card with a weapon reads the row it was rolled on, the weapon's by default; Core keeps the weapon's tier", () => {
    const club = { name: "Club", rank: 1 as const, tags: [], twoHanded: false };
    const effect = (state: RiskyCardState) => riskyCardResult(confirmEffect(state, ROLLER, [], 0)).effect;
    // Precision 6, Effect die 4: Baseline 4, Advantaged 5, Disadvantaged 3.
    const v062 = (rank: 0 | 1 | 2) => card([6, 4], [], { rulesetId: "v062", weapon: club, rank });
    expect(effect(v062(1))?.value).toBe(4);
    expect(effect(v062(2))?.value).toBe(5);
    expect(effect(v062(0))?.value).toBe(3);
    expect(cardRank(v062(2))).toBe(2);
    expect(effect(v062(2))?.lines.map((l) => l.labelKey)).toContain("TERRAN.EffectTier.v062.advantaged");
    // Core's tier stays the weapon's whatever the card's approach says.
    const core = card([6, 4], [], { weapon: { ...club, rank: 3 }, rank: 0 });
    expect(cardRank(core)).toBe(3);
    expect(effect(core)?.value).toBe(6);
  });

  it("R-V-12 (ruling): the GM's 'succeed, but worse' halves a v0.6.2 Effect too", () => {
    const failed = card([3, 2], [], { rulesetId: "v062", rank: 2 });
    const allowed = allowSuccess(failed, GM, true, 0);
    expect(riskyCardResult(confirmEffect(allowed, ROLLER, [], 1)).effect?.value).toBe(2);
  });

  it("R-RA-6: a Fail lands only the Challenge's Effect, a partial both, a Success only the player's", () => {
    expect(riskyCardResult(card([3, 2])).landing).toEqual({ player: false, challenge: true });
    expect(riskyCardResult(card([4, 2])).landing).toEqual({ player: true, challenge: true });
    expect(riskyCardResult(card([6, 2])).landing).toEqual({ player: true, challenge: false });
  });
});

describe("Risky Action card: Reactions, Specialist, order, Whirlwind", () => {
  it("R-RA-8: a Reaction has no player Effect until a GM allows it, and only before it is confirmed", () => {
    const state = card([6, 5], [], { reaction: true, target: { kind: "save", group: "prowess" } });
    expect(riskyCardResult(state).landing.player).toBe(false);
    expect(effectChainNeeded(state, "effect")).toBeNull();
    expectCode(() => allowEffect(state, ROLLER, true, 0), "not-allowed");
    expectCode(() => allowEffect(card([6, 5]), GM, true, 0), "not-allowed");
    const allowed = allowEffect(state, GM, true, 0);
    expect(allowed.gmAllowsEffect).toBe(true);
    expect(riskyCardResult(allowed).landing.player).toBe(true);
    const confirmed = confirmEffect(allowed, ROLLER, [], 1);
    expect(riskyCardResult(confirmed).effect?.value).toBe(5);
    expectCode(() => allowEffect(confirmed, GM, false, 2), "locked");
  });

  it("R-ADV-2: a Specialist's Fail still succeeds, with the Effect held to the reduced tier, and the Challenge strikes too", () => {
    const state = card([3, 2], [], {
      weapon: LONG_SWORD,
      flags: { whirlwind: false, specialist: true, fast: false, slow: false },
    });
    const result = riskyCardResult(state);
    expect(result.band).toBe("fail");
    expect(result.resolution?.succeeded).toBe(true);
    expect(result.landing).toEqual({ player: true, challenge: true });
    const effect = riskyCardResult(confirmEffect(state, ROLLER, [], 0)).effect;
    expect(effect?.rank).toBe(1);
    expect(effect?.value).toBe(2 + 0 + 1); // die 2, Mediocre ±0e, Versatile two-handed +1e
  });

  it("R-RA-9: Fast and the Nimble tag put the player's Effect first, Slow last, both together leave it to the GM", () => {
    const flags = { whirlwind: false, specialist: false, fast: false, slow: false };
    expect(riskyCardResult(card([4, 2])).order).toBe("gm");
    expect(riskyCardResult(card([4, 2], [], { flags: { ...flags, fast: true } })).order).toBe("player-first");
    const knife = { name: "Knife", rank: 1 as const, tags: ["nimble"], twoHanded: false };
    expect(riskyCardResult(card([4, 2], [], { weapon: knife })).order).toBe("player-first");
    expect(riskyCardResult(card([4, 2], [], { flags: { ...flags, slow: true } })).order).toBe("player-last");
    expect(riskyCardResult(card([4, 2], [], { flags: { ...flags, fast: true, slow: true } })).order).toBe("gm");
  });

  it("R-RA-10: Whirlwind in combat opens a second hit on a Success once the Effect is confirmed", () => {
    const state = card([6, 4, 2, 5], [], { combat: true, flags: COMBAT_FLAGS });
    expect(state.secondHit).toBeNull();
    expectCode(() => selectDie(state, ROLLER, 2, "second", 0), "not-allowed");
    const confirmed = confirmEffect(state, ROLLER, [], 0);
    expect(confirmed.secondHit).toEqual({ die: 1, chain: null }); // the highest die left
    const chosen = selectDie(confirmed, ROLLER, 2, "second", 1);
    expect(chosen.secondHit).toEqual({ die: 2, chain: null });
    expectCode(() => selectDie(chosen, ROLLER, 0, "second", 2), "same-die");
    expect(effectChainNeeded(chosen, "second")).toBeNull();
    const done = confirmSecondHit(chosen, ROLLER, [], 2);
    const result = riskyCardResult(done);
    expect(result.effect?.value).toBe(5);
    expect(result.second?.value).toBe(2);
    expectCode(() => confirmSecondHit(done, ROLLER, [], 3), "locked");
    expectCode(() => selectDie(done, ROLLER, 1, "second", 3), "locked");
  });

  it("R-RA-10: the second hit explodes like the first", () => {
    const state = confirmEffect(card([6, 6, 6], [], { combat: true, flags: COMBAT_FLAGS }), ROLLER, [2], 0);
    expect(state.secondHit?.die).toBe(2);
    expect(effectChainNeeded(state, "second")).toEqual({ face: 6, threshold: 6 });
    expectCode(() => confirmSecondHit(state, ROLLER, [], 1), "bad-chain");
    expect(riskyCardResult(confirmSecondHit(state, ROLLER, [3], 1)).second?.value).toBe(9);
  });

  it("R-RA-10: no second hit out of combat, on a Fail, or with no die left", () => {
    const notCombat = confirmEffect(card([6, 4, 2], [], { flags: COMBAT_FLAGS }), ROLLER, [], 0);
    expect(notCombat.secondHit).toBeNull();
    expect(riskyCardResult(notCombat).secondHitAvailable).toBe(false);
    const fail = confirmEffect(card([3, 2, 1], [], { combat: true, flags: COMBAT_FLAGS }), ROLLER, [], 0);
    expect(fail.secondHit).toBeNull();
    const twoDice = confirmEffect(card([6, 4], [], { combat: true, flags: COMBAT_FLAGS }), ROLLER, [], 0);
    expect(twoDice.secondHit).toBeNull();
    expectCode(() => confirmSecondHit(twoDice, ROLLER, [], 1), "not-allowed");
  });
});

describe("Risky Action card: Ego", () => {
  it("R-EGO-2: each Dark Die showing no more than the Ego at the throw costs 1, all against that same value", () => {
    const state = card([5], [4, 2, 5, 1]); // Ego 4 at the throw: 4, 2 and 1 cost
    expect(state.ego).toEqual({ cost: 3, spent: false, undone: false });
    const result = riskyCardResult(state);
    expect(result.ego.costly).toEqual([true, true, false, true]);
    expect(result.ego.egoAfter).toBe(1);
    expect(result.lost).toBe(false);
  });

  it("R-SAY-1: during the last scene a Dark Die costs Ego only on a 1", () => {
    const state = card([5], [4, 2, 1], { sayonara: true });
    expect(state.ego.cost).toBe(1);
    expect(riskyCardResult(state).ego.costly).toEqual([false, false, true]);
  });

  it("R-EGO-3: at Ego 0 the character is lost; giving the Ego back undoes it", () => {
    const state = card([5], [1, 2], { egoBefore: 2 });
    expect(riskyCardResult(state).lost).toBe(true);
    const spent = markEgoSpent(state, ROLLER);
    const undone = undoEgo(spent, ROLLER);
    expect(riskyCardResult(undone).lost).toBe(false);
    expect(riskyCardResult(undone).ego.egoAfter).toBe(2);
  });

  it("R-EGO-2: Ego can be given back once, after it was spent, by the roller or a GM", () => {
    const state = card([5], [1, 2]);
    expectCode(() => undoEgo(state, ROLLER), "not-allowed");
    expectCode(() => markEgoSpent(state, OTHER), "not-allowed");
    const spent = markEgoSpent(state, ROLLER);
    expect(spent.ego).toEqual({ cost: 2, spent: true, undone: false });
    expectCode(() => markEgoSpent(spent, ROLLER), "not-allowed");
    expectCode(() => undoEgo(spent, OTHER), "not-allowed");
    expectCode(() => undoEgo(spent, GM, 0), "stale");
    const undone = undoEgo(spent, GM, spent.version);
    expect(undone.ego).toEqual({ cost: 2, spent: true, undone: true });
    expectCode(() => undoEgo(undone, ROLLER), "not-allowed");
  });

  it("R-EGO-2 (ruling): once the dice are confirmed only a GM gives the Ego back", () => {
    const spent = markEgoSpent(card([5], [1, 2]), ROLLER);
    const confirmed = confirmEffect(spent, ROLLER, [], spent.version);
    expect(() => undoEgo(confirmed, ROLLER)).toThrow(
      expect.objectContaining({ code: "not-allowed", data: { reason: "egoConfirmed" } }),
    );
    expect(undoEgo(confirmed, GM).ego).toEqual({ cost: 2, spent: true, undone: true });
  });

  it("R-EGO-2: a roll whose Dark Dice cost nothing has no Ego to give back", () => {
    const state = markEgoSpent(card([5], [6]), ROLLER);
    expectCode(() => undoEgo(state, ROLLER), "not-allowed");
  });
});

describe("Risky Action card: empty pool, recording, input", () => {
  it("R-POOL-5: an empty pool throws nothing: the action fails with no Effect, and there is nothing to choose or confirm", () => {
    const state = card([], []);
    expect(state.selection).toBeNull();
    const result = riskyCardResult(state);
    expect(result).toMatchObject({
      empty: true,
      band: "fail",
      effect: null,
      landing: { player: false, challenge: true },
    });
    expectCode(() => selectDie(state, ROLLER, 0, "precision", 0), "no-dice");
    expectCode(() => confirmEffect(state, ROLLER, [], 0), "no-dice");
    expect(effectChainNeeded(state, "effect")).toBeNull();
  });

  it("R-RA-7: the Effect applied is recorded once per hit, only when it landed and was confirmed", () => {
    const state = card([6, 3]);
    expectCode(() => recordApplied(state, ROLLER, applied()), "not-allowed");
    const confirmed = confirmEffect(state, ROLLER, [], 0);
    const recorded = recordApplied(confirmed, GM, applied({ userId: OTHER.id }), 1);
    expect(recorded.applied).toEqual([applied({ userId: OTHER.id })]);
    expect(recorded.version).toBe(2);
    expectCode(() => recordApplied(recorded, ROLLER, applied()), "not-allowed");
    expectCode(() => recordApplied(confirmed, ROLLER, applied({ hit: "second" })), "not-allowed");
    // The player who applied it (an owner, directly) may write their own record; nobody else.
    expect(recordApplied(confirmed, OTHER, applied({ userId: OTHER.id })).applied).toHaveLength(1);
    expectCode(() => recordApplied(confirmed, OTHER, applied({ userId: ROLLER.id })), "not-allowed");
    expectCode(() => recordApplied(confirmed, ROLLER, applied({ effect: -1 })), "out-of-range");
    const failed = confirmEffect(card([2, 1]), ROLLER, [], 0);
    expectCode(() => recordApplied(failed, ROLLER, applied()), "not-allowed");
  });

  it("R-POOL-4: the dice thrown must match the pool, and faces and Ego must be valid", () => {
    expectCode(() => card([4, 4], [], { pool: pool(3, 0) }), "out-of-range");
    expectCode(() => card([4, 7]), "bad-face");
    expectCode(() => card([4], [], { egoBefore: 9 }), "out-of-range");
    expectCode(() => card([4], [], { rank: 7 }), "out-of-range");
  });

  it("R-RA-1: the state is plain JSON: a reload derives the same card", () => {
    let state = card([6, 6, 2], [3], { combat: true, flags: COMBAT_FLAGS, weapon: LONG_SWORD });
    state = confirmEffect(markEgoSpent(state, ROLLER), ROLLER, [5], 1);
    const reloaded = JSON.parse(JSON.stringify(state)) as RiskyCardState;
    expect(reloaded).toEqual(state);
    expect(riskyCardView(reloaded, viewer(GM))).toEqual(riskyCardView(state, viewer(GM)));
  });
});
