/** R-XP-2, R-ADV-1/2, R-CHAR-5, R-CHAR-7, R-GRIT-3 through the actor's advancement operation. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CORE, DEGENESIS, V062, withoutSkills } from "../../../src/rules/index.ts";
import { gainAdvancementOperation } from "../../../src/documents/operations/index.ts";
import { advancement, advancements, advancementSource, condition, expectRefusal, state } from "./fixtures.ts";

describe("gainAdvancementOperation", () => {
  it("R-V-7: a v0.6.2 Advancement offers no Grit roll (R-GRIT-3 is not in v0.6.2); Core's does", () => {
    expect(gainAdvancementOperation(state(), advancementSource("asceticism"), V062).outcome.offerGritRoll).toBe(false);
    expect(gainAdvancementOperation(state(), advancementSource("asceticism"), CORE).outcome.offerGritRoll).toBe(true);
  });

  it("R-CHAR-7 R-XP-2 R-GRIT-3: the first advancement is free, ends creation and offers the Grit roll", () => {
    expect(gainAdvancementOperation(state(), advancementSource("asceticism"), CORE)).toEqual({
      update: {},
      itemUpdates: [],
      outcome: { cost: 0, xpSpent: 0, xp: 0, developed: null, endsCreation: true, offerGritRoll: true, freeLeft: 0 },
    });
  });

  it("R-XP-2: the next costs 2 × the advancements held", () => {
    const { update, outcome } = gainAdvancementOperation(
      state({ xp: 7 }, ...advancements(3)),
      advancementSource("sleek"),
      CORE,
    );
    expect(update).toEqual({ "system.xp": 1 });
    expect(outcome).toEqual({
      cost: 6,
      xpSpent: 6,
      xp: 1,
      developed: null,
      endsCreation: false,
      offerGritRoll: true,
      freeLeft: 0,
    });
  });

  it("R-SAY-1 (ruling): a successor takes its ⌈n ÷ 2⌉ advancements for free (the starting one among them), one counted down each time, then pays 2 × held", () => {
    // A successor of a character with 5 advancements: 3 free, the starting one among them.
    const first = gainAdvancementOperation(state({ xp: 0, freeAdvancements: 3 }), advancementSource("sleek"), CORE);
    expect(first.update).toEqual({ "system.freeAdvancements": 2 });
    expect(first.outcome).toMatchObject({ cost: 0, xpSpent: 0, endsCreation: true, freeLeft: 2 });
    const third = gainAdvancementOperation(
      state({ xp: 5, freeAdvancements: 1 }, ...advancements(2)),
      advancementSource("sleek"),
      CORE,
    );
    expect(third.update).toEqual({ "system.freeAdvancements": 0 });
    expect(third.outcome).toMatchObject({ cost: 0, xpSpent: 0, xp: 5, freeLeft: 0 });
    // The free ones spent, the fourth costs 2 × 3 as for anyone.
    const fourth = gainAdvancementOperation(state({ xp: 7 }, ...advancements(3)), advancementSource("sleek"), CORE);
    expect(fourth.outcome).toMatchObject({ cost: 6, xpSpent: 6, xp: 1, freeLeft: 0 });
    expectRefusal(
      () => gainAdvancementOperation(state({ xp: 5 }, ...advancements(3)), advancementSource("sleek"), CORE),
      "not-enough-xp",
      /costs 6 XP/,
    );
  });

  it("R-SAY-1: a free advancement still checks the lists and Developed's cap (a free one is not a GM override)", () => {
    expectRefusal(
      () => gainAdvancementOperation(state({ freeAdvancements: 2 }), advancementSource("specialist"), CORE),
      "not-allowed",
      /not an advancement of this ruleset/,
    );
  });

  it("R-XP-2: not enough XP is refused (not-enough-xp)", () => {
    const error = expectRefusal(
      () => gainAdvancementOperation(state({ xp: 3 }, ...advancements(2)), advancementSource("sleek"), CORE),
      "not-enough-xp",
      /costs 4 XP; only 3 XP/,
    );
    expect(error.data).toEqual({ cost: 4, xp: 3 });
  });

  it("R-XP-2: a GM override grants it anyway, spending the XP down to 0 and no further", () => {
    const { update, outcome } = gainAdvancementOperation(
      state({ xp: 3 }, ...advancements(2)),
      advancementSource("sleek"),
      CORE,
      {
        gmOverride: true,
      },
    );
    expect(update).toEqual({ "system.xp": 0 });
    expect(outcome).toMatchObject({ cost: 4, xpSpent: 3, xp: 0 });
    expect(
      gainAdvancementOperation(state({ xp: 9 }, ...advancements(2)), advancementSource("sleek"), CORE, {
        gmOverride: true,
      }).update,
    ).toEqual({
      "system.xp": 5,
    });
  });

  it("R-ADV-1: an advancement already taken cannot be taken twice (not-allowed)", () => {
    const s = state({ xp: 10 }, advancement("sleek"));
    const error = expectRefusal(
      () => gainAdvancementOperation(s, advancementSource("sleek"), CORE),
      "not-allowed",
      /"sleek" has been taken already/,
    );
    expect(error.data).toEqual({ id: "sleek", reason: "already-taken" });
  });

  it("R-V-6 Expert is the free creation Advancement, a successor's too; bought later it is refused (ruling)", () => {
    expect(gainAdvancementOperation(state(), advancementSource("expert"), V062).outcome.endsCreation).toBe(true);
    const successor = state({ freeAdvancements: 2 }, advancement("eager"));
    expect(gainAdvancementOperation(successor, advancementSource("expert"), V062).outcome.cost).toBe(0);
    const later = state({ xp: 10 }, advancement("eager"));
    const error = expectRefusal(
      () => gainAdvancementOperation(later, advancementSource("expert"), V062),
      "not-allowed",
      /"expert" is taken only as a free Advancement of character creation/,
    );
    expect(error.data).toEqual({ id: "expert", reason: "creationOnly" });
  });

  it("R-V-6 Expert is refused in a world without skills, at creation too (ruling)", () => {
    const error = expectRefusal(
      () => gainAdvancementOperation(state(), advancementSource("expert"), withoutSkills(V062)),
      "not-allowed",
      /gives skills, and this world plays without them/,
    );
    expect(error.data).toEqual({ id: "expert", reason: "needsSkills" });
  });

  it("R-ADV-1: a repeatable one can (Sensory acuity)", () => {
    expect(
      gainAdvancementOperation(state({ xp: 2 }, advancement("sensoryAcuity")), advancementSource("sensoryAcuity"), CORE)
        .update,
    ).toEqual({
      "system.xp": 0,
    });
  });

  it("R-ADV-1: Ether call needs five mutations", () => {
    const mutations = Array.from({ length: 5 }, () => condition("mutation"));
    const s4 = state({ xp: 2 }, advancement("sleek"), ...mutations.slice(1));
    expectRefusal(
      () => gainAdvancementOperation(s4, advancementSource("etherCall"), CORE),
      "not-allowed",
      /needs more mutations/,
    );
    const s5 = state({ xp: 2 }, advancement("sleek"), ...mutations);
    expect(gainAdvancementOperation(s5, advancementSource("etherCall"), CORE).update).toEqual({ "system.xp": 0 });
  });

  it("R-ADV-1: a homebrew advancement skips the lists but still needs its mutations", () => {
    expect(gainAdvancementOperation(state(), advancementSource(""), CORE).outcome.cost).toBe(0);
    const needs = advancementSource("", { requiresMutations: 2 });
    const error = expectRefusal(
      () => gainAdvancementOperation(state({}, condition("mutation")), needs, CORE),
      "not-allowed",
      /needs 2 mutations; the character has 1/,
    );
    expect(error.data).toMatchObject({ reason: "needs-mutations" });
  });

  it("R-ADV-1 R-ADV-2: Specialist is a Degenesis advancement, not a Core one", () => {
    const specialist = advancementSource("specialist");
    expectRefusal(
      () => gainAdvancementOperation(state(), specialist, CORE),
      "not-allowed",
      /not an advancement of this ruleset/,
    );
    expect(gainAdvancementOperation(state(), advancementSource("specialist"), DEGENESIS).outcome.cost).toBe(0);
  });

  it("R-ADV-2: until 5 advancements a character chooses only from the common list and their own cult's", () => {
    const tesla = advancementSource("tesla", { source: "cult", cult: "chroniclers" });
    expect(gainAdvancementOperation(state({ cult: "chroniclers" }), tesla, DEGENESIS).outcome.cost).toBe(0);
    expectRefusal(
      () => gainAdvancementOperation(state({ cult: "spitalians" }), tesla, DEGENESIS),
      "not-allowed",
      /another cult.s list, open only once the character has 5 advancements/,
    );
    expect(
      gainAdvancementOperation(state({ cult: "spitalians", xp: 10 }, ...advancements(5)), tesla, DEGENESIS).update,
    ).toEqual({ "system.xp": 0 });
  });

  it("R-CHAR-6 (ruling): the Clan is its own field; a Clan that names a cult does not open that cult's list, the Cult does", () => {
    const tesla = advancementSource("tesla", { source: "cult", cult: "chroniclers" });
    const base = state();
    const clanOnly = {
      ...base,
      source: { ...base.source, identity: { ...base.source.identity, clan: "chroniclers", cult: "" } },
    };
    expectRefusal(() => gainAdvancementOperation(clanOnly, tesla, DEGENESIS), "not-allowed", /another cult.s list/);
    const withCult = {
      ...base,
      source: { ...base.source, identity: { ...base.source.identity, clan: "Balkan scouts", cult: "chroniclers" } },
    };
    expect(gainAdvancementOperation(withCult, tesla, DEGENESIS).outcome.cost).toBe(0);
  });

  it("R-CHAR-5: Developed raises the attribute it names", () => {
    const s = state({ xp: 2, attributes: { reason: 2 } }, advancement("sleek"));
    const { update, outcome } = gainAdvancementOperation(
      s,
      advancementSource("developed", { developed: "reason" }),
      CORE,
    );
    expect(update).toEqual({ "system.xp": 0, "system.attributes.reason": 3 });
    expect(outcome.developed).toBe("reason");
  });

  it("R-CHAR-5: Developed without an attribute asks for one (choice-required)", () => {
    const s = state({ attributes: { reason: 4, intuition: 4, finesse: 1 } });
    const developed = advancementSource("developed");
    const error = expectRefusal(
      () => gainAdvancementOperation(s, developed, CORE),
      "choice-required",
      /Choose the attribute Developed raises/,
    );
    expect(error.data).toEqual({ options: "finesse,exertion,attunement,influence" });
  });

  it("R-CHAR-5: no attribute above 4, and not past a total of 10 (attribute-cap)", () => {
    const atFour = state({ attributes: { reason: 4 } });
    const reason = advancementSource("developed", { developed: "reason" });
    expectRefusal(() => gainAdvancementOperation(atFour, reason, CORE), "attribute-cap", /reason is already at 4/);
    const atTen = state({ attributes: { reason: 4, intuition: 4, finesse: 2 } });
    const exertion = advancementSource("developed", { developed: "exertion" });
    expectRefusal(() => gainAdvancementOperation(atTen, exertion, CORE), "attribute-cap", /add up to 10/);
    expectRefusal(
      () => gainAdvancementOperation(atTen, advancementSource("developed"), CORE),
      "attribute-cap",
      /No attribute can be raised/,
    );
  });

  it("R-ADV-1: an advancement carrying a flag the engine does not know is refused (unknown-id)", () => {
    const odd = advancementSource("", { flags: ["teleport" as never] });
    expectRefusal(() => gainAdvancementOperation(state(), odd, CORE), "unknown-id", /"teleport" is not a rule/);
  });

  it("R-XP-2: a dead character gains nothing (dead)", () => {
    const sleek = advancementSource("sleek");
    expectRefusal(
      () => gainAdvancementOperation(state({ dead: true, xp: 10 }), sleek, CORE),
      "dead",
      /cannot gain an advancement/,
    );
  });

  it("R-XP-2: XP is never negative after gaining an advancement, with or without the GM's override", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 8 }),
        fc.boolean(),
        (xp, held, gmOverride) => {
          const s = state({ xp }, ...advancements(held));
          let update: Record<string, unknown>;
          try {
            update = gainAdvancementOperation(s, advancementSource("whirlwind"), CORE, { gmOverride }).update;
          } catch (error) {
            expect(gmOverride).toBe(false);
            expect((error as { code?: string }).code).toBe("not-enough-xp");
            expect(xp).toBeLessThan(2 * held);
            return;
          }
          const after = update["system.xp"] ?? xp;
          expect(after).toBeGreaterThanOrEqual(0);
          expect(after).toBe(Math.max(0, xp - 2 * held));
        },
      ),
    );
  });
});
