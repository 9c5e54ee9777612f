/** Who rolls when a roll link is clicked (src/documents/operations/roller.ts). */
import { describe, expect, it } from "vitest";
import { chooseRoller, type RollerCandidate } from "../../../src/documents/operations/roller.ts";

const mine = (name: string): RollerCandidate<string> => ({ actor: name, isCharacter: true, isOwner: true });
const challenge: RollerCandidate<string> = { actor: "bridge", isCharacter: false, isOwner: true };
const theirs: RollerCandidate<string> = { actor: "Vex", isCharacter: true, isOwner: false };

describe("the roller of a roll link", () => {
  it("the single selected token's character, before the assigned one", () => {
    expect(chooseRoller([mine("Mira")], mine("Oren"))).toEqual({ ok: true, actor: "Mira", from: "selected" });
  });

  it("the assigned character with no token selected, or with several", () => {
    expect(chooseRoller([], mine("Oren"))).toEqual({ ok: true, actor: "Oren", from: "assigned" });
    expect(chooseRoller([mine("Mira"), mine("Kai")], mine("Oren"))).toEqual({
      ok: true,
      actor: "Oren",
      from: "assigned",
    });
  });

  it("a single selection that cannot roll is refused with its reason, never passed over", () => {
    expect(chooseRoller([challenge], mine("Oren"))).toEqual({ ok: false, refusal: "selectedNotCharacter" });
    expect(chooseRoller([null], mine("Oren"))).toEqual({ ok: false, refusal: "selectedNotCharacter" });
    expect(chooseRoller([theirs], mine("Oren"))).toEqual({ ok: false, refusal: "selectedNotOwned" });
  });

  it("neither: says how to fix it", () => {
    expect(chooseRoller([], null)).toEqual({ ok: false, refusal: "noActor" });
    expect(chooseRoller([mine("Mira"), mine("Kai")], null)).toEqual({ ok: false, refusal: "severalSelected" });
    expect(chooseRoller([], challenge)).toEqual({ ok: false, refusal: "noActor" });
    expect(chooseRoller([], theirs)).toEqual({ ok: false, refusal: "assignedNotOwned" });
  });
});
