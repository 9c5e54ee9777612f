/**
 * The hand-over from the roll dialog to the chat card and the roll's record
 * (`riskyCardInput` in src/applications/dialogs/risky-card-input.ts): what the player chose in the dialog is what the
 * card and the saved roll hold.
 */
import { describe, expect, it } from "vitest";
import {
  applyChange,
  initialChoices,
  rollDialogModel,
  type RollDialogSettings,
  type RollDialogSubject,
} from "../../src/applications/dialogs/roll-dialog-model.ts";
import { riskyCardInput, rollRecord } from "../../src/applications/dialogs/risky-card-input.ts";
import { createRiskyCard } from "../../src/chat/risky-card.ts";
import { CORE, DEGENESIS } from "../../src/rules/index.ts";
import { advancement, armour, condition, state } from "../documents/operations/fixtures.ts";

const SETTINGS: RollDialogSettings = { darkMax: 10, singleDieServesBoth: true, isGM: false };
const THROWN = { rollerId: "user0001", actor: { uuid: "Actor.abc", name: "Ada" }, singleDieServesBoth: true };
const SWORD: NonNullable<RollDialogSubject["weapon"]> = {
  id: "weapon0001",
  name: "Long sword",
  system: {
    rank: 3,
    ranges: ["contact"],
    tags: ["versatile"],
    customTags: ["rusty"],
    twoHanded: true,
    equipped: true,
    description: "",
  },
};

function setup(sub: RollDialogSubject, changes: Parameters<typeof applyChange>[2][] = []) {
  let choices = initialChoices(sub, SETTINGS);
  for (const change of changes) choices = applyChange(sub, choices, change, SETTINGS);
  return rollDialogModel(sub, choices, SETTINGS);
}

describe("dialog → card hand-over", () => {
  it("R-ADV-2: the Specialist tick reaches the card, and a Fail on the card is then rescued", () => {
    const sub: RollDialogSubject = {
      ruleset: DEGENESIS,
      target: { kind: "attribute", attribute: "finesse" },
      weapon: null,
      state: state({ attributes: { finesse: 2 } }, advancement("specialist", { specialty: "Climbing" })),
    };
    const unticked = riskyCardInput(sub, setup(sub), { ...THROWN, light: [3, 2], dark: [] });
    expect(unticked.flags.specialist).toBe(false);
    const view = setup(sub, [{ field: "specialist", value: "on" }]);
    const input = riskyCardInput(sub, view, { ...THROWN, light: [3, 2], dark: [] });
    expect(input.flags.specialist).toBe(true);
    const card = createRiskyCard(input);
    expect(card.flags.specialist).toBe(true);
    expect(createRiskyCard(unticked).flags.specialist).toBe(false);
  });

  it("R-RA-9 R-RA-10 R-EGO-2: Fast/Slow, Whirlwind in combat, the dice thrown, Ego and the weapon pass to the card", () => {
    const sub: RollDialogSubject = {
      ruleset: CORE,
      target: { kind: "attribute", attribute: "exertion" },
      weapon: SWORD,
      state: state(
        { attributes: { exertion: 3 }, ego: { value: 4 } },
        advancement("whirlwind"),
        condition("condition", { key: "slow", flags: ["effectLast"] }),
      ),
    };
    const view = setup(sub, [{ action: "darkUp" }]);
    const input = riskyCardInput(sub, view, { ...THROWN, light: [6, 1, 2], dark: [5] });
    expect(input).toMatchObject({
      rollerId: "user0001",
      actorUuid: "Actor.abc",
      actorName: "Ada",
      rulesetId: "core",
      reaction: false,
      light: [6, 1, 2],
      dark: [5],
      egoBefore: 4,
      rank: 3,
      combat: true,
      flags: { whirlwind: true, specialist: false, fast: false, slow: true },
      weapon: { name: "Long sword", rank: 3, tags: ["versatile", "rusty"], twoHanded: true },
    });
    expect(input.pool).toBe(view.pool);
  });

  it("R-RA-8: a Save is a Reaction on the card", () => {
    const sub: RollDialogSubject = {
      ruleset: CORE,
      target: { kind: "save", group: "insight" },
      weapon: null,
      state: state({ attributes: { intuition: 2, reason: 2 } }),
    };
    expect(riskyCardInput(sub, setup(sub), { ...THROWN, light: [4], dark: [] }).reaction).toBe(true);
  });
});

describe("the roll's record (TerranRoll options)", () => {
  it("R-POOL-1 R-POOL-2 R-POOL-3: keeps the base, every counted modifier, the GM's position, the weapon, the Ego and the dice", () => {
    const sub: RollDialogSubject = {
      ruleset: CORE,
      target: { kind: "attribute", attribute: "exertion" },
      weapon: SWORD,
      state: state({ attributes: { exertion: 2 }, ego: { value: 5, max: 6 }, wounds: ["broken"] }, armour("heavy")),
    };
    const view = setup(sub, [{ action: "positionUp" }, { action: "darkUp" }, { action: "darkUp" }]);
    const record = rollRecord(sub, view, "Actor.abc");
    expect(record).toMatchObject({
      actorUuid: "Actor.abc",
      target: sub.target,
      egoBefore: 5,
      ruleset: "core",
      light: view.light,
      dark: 2,
    });
    expect(record.weapon).toEqual({ id: "weapon0001", name: "Long sword", rank: 3, tags: ["versatile", "rusty"] });
    expect(record.breakdown[0]).toEqual({ label: view.base.labelKey, dice: 2 });
    expect(record.breakdown.at(-1)).toEqual({ label: "TERRAN.Pool.position", dice: 1 });
    // Every line that counts is in the record, with its dice; the sum is the raw pool.
    expect(record.breakdown.reduce((t, l) => t + l.dice, 0)).toBe(view.raw);
    expect(record.breakdown.length).toBe(2 + view.lines.filter((l) => l.counts).length);
    // It survives JSON (it is stored in the roll's options).
    expect(JSON.parse(JSON.stringify(record))).toEqual(record);
  });

  it("without a weapon or position, the record says so", () => {
    const sub: RollDialogSubject = {
      ruleset: CORE,
      target: { kind: "attribute", attribute: "reason" },
      weapon: null,
      state: state({ attributes: { reason: 3 } }),
    };
    const record = rollRecord(sub, setup(sub), "Actor.x");
    expect(record.weapon).toBeNull();
    expect(record.breakdown).toEqual([{ label: setup(sub).base.labelKey, dice: 3 }]);
  });
});
