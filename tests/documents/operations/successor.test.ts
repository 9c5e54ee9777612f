/** R-SAY-1 / R-LEG-15 a departed character's successor takes ⌈n ÷ 2⌉ advancements for free, in Legacy too. */
import { describe, expect, it } from "vitest";
import { LEGACY } from "../../../src/rules/index.ts";
import { retireOperation, successorPlan } from "../../../src/documents/operations/index.ts";
import { legacyAdvancementTakenOperation } from "../../../src/documents/operations/legacy.ts";
import { advancement, advancements, expectRefusal, state } from "./fixtures.ts";

describe("R-LEG-15 Retire and its successor", () => {
  it("R-LEG-15: a Legacy successor takes its free Advancements without a won roll, counted down, then needs a won one", () => {
    const first = legacyAdvancementTakenOperation(state({ freeAdvancements: 2 }), LEGACY);
    expect(first.update).toEqual({ "system.freeAdvancements": 1 });
    expect(first.outcome).toEqual({ free: true });
    const second = legacyAdvancementTakenOperation(state({ freeAdvancements: 1 }, ...advancements(1)), LEGACY);
    expect(second.update).toEqual({ "system.freeAdvancements": 0 });
    expect(second.outcome).toEqual({ free: true });
    expectRefusal(
      () => legacyAdvancementTakenOperation(state({ freeAdvancements: 0 }, ...advancements(2)), LEGACY),
      "not-enough-xp",
      /Advancement roll first/,
    );
  });

  it("R-LEG-15 (ruling): Retire departs at once when taken; with 4 others held the successor gets ⌈5 ÷ 2⌉ = 3 (Retire counted)", () => {
    const retired = retireOperation(state({}, ...advancements(4), advancement("retire")));
    expect(retired.outcome).toEqual({ advancements: 5, freeAdvancements: 3 });
    const departed = state({ departed: true }, ...advancements(4), advancement("retire"));
    expect(successorPlan(departed).freeAdvancements).toBe(3);
  });

  it("R-LEG-15: Retire is refused to a character who has not taken it", () => {
    expectRefusal(() => retireOperation(state({}, advancement("tough"))), "not-allowed", /taken Retire/);
  });
});
