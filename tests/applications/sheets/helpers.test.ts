/**
 * The sheets' small pure helpers: reordering (buttons and drag and drop), the roll macros' drag data and script, and
 * the engine advancements the creation helper gives.
 */
import { describe, expect, it } from "vitest";
import { CORE, V062 } from "../../../src/rules/index.ts";
import { button, dropSort, message, moveItem, percentOf, signedDice } from "../../../src/applications/sheets/common.ts";
import { engineAdvancementSource } from "../../../src/applications/sheets/character/engine-items.ts";
import {
  isRollDragData,
  ROLL_DRAG_TYPE,
  rollLabelKey,
  rollMacroCommand,
  rollMacroImg,
} from "../../../src/applications/sheets/hotbar.ts";

const rows = [
  { id: "a", sort: 100, name: "A" },
  { id: "b", sort: 200, name: "B" },
  { id: "c", sort: 300, name: "C" },
];

describe("reordering", () => {
  it("moves an item one place up or down, renumbering only what changes", () => {
    expect(moveItem(rows, "b", -1)).toEqual([
      { _id: "b", sort: 100 },
      { _id: "a", sort: 200 },
    ]);
    expect(moveItem(rows, "c", 1)).toEqual([]);
    expect(moveItem(rows, "a", -1)).toEqual([]);
    expect(moveItem(rows, "zz", 1)).toEqual([]);
  });

  it("a dropped row takes the target's place", () => {
    expect(dropSort(rows, "a", "c")).toEqual([
      { _id: "b", sort: 100 },
      { _id: "c", sort: 200 },
      { _id: "a", sort: 300 },
    ]);
    expect(dropSort(rows, "c", "a")).toEqual([
      { _id: "c", sort: 100 },
      { _id: "a", sort: 200 },
      { _id: "b", sort: 300 },
    ]);
    expect(dropSort(rows, "a", "a")).toEqual([]);
  });

  it("equal sorts fall back to names, and renumbering makes them distinct", () => {
    const same = [
      { id: "y", sort: 0, name: "Yew" },
      { id: "x", sort: 0, name: "Ash" },
    ];
    expect(moveItem(same, "y", -1)).toEqual([
      { _id: "y", sort: 100 },
      { _id: "x", sort: 200 },
    ]);
  });
});

describe("roll macros", () => {
  it("recognises the sheet's roll drag data", () => {
    const data = { type: ROLL_DRAG_TYPE, actorUuid: "Actor.abc", what: "finesse", label: "Finesse" };
    expect(isRollDragData(data)).toBe(true);
    expect(isRollDragData({ ...data, actorUuid: "" })).toBe(false);
    expect(isRollDragData({ type: "Item", uuid: "Item.x" })).toBe(false);
    expect(isRollDragData(null)).toBe(false);
  });

  it("names the roll and quotes the ids in the script", () => {
    expect(rollLabelKey(CORE, "reason")).toBe("TERRAN.Attribute.reason");
    expect(rollLabelKey(CORE, "save:resolve")).toBe("TERRAN.Save.resolve");
    // R-V-3 (ruling) v0.6.2's Saves keep the groups' names, with its own labels.
    expect(rollLabelKey(V062, "save:resolve")).toBe("TERRAN.Save.resolveAlone");
    expect(rollLabelKey(V062, "save:insight")).toBe("TERRAN.Save.evasion");
    expect(rollLabelKey(CORE, "weapLongSword001")).toBeNull();
    expect(rollMacroCommand("Actor.abc", 'x"); alert(1); ("')).toBe(
      'await TerranEngine.rollFor("Actor.abc", "x\\"); alert(1); (\\"");',
    );
    expect(rollMacroImg("save:insight", null)).toBe("icons/svg/shield.svg");
    expect(rollMacroImg("w1", "sword.webp")).toBe("sword.webp");
  });
});

describe("small pieces", () => {
  it("buttons give the first refusal, else the hint", () => {
    expect(button(message("hint"), null, false, message("no"), message("later"))).toEqual({
      disabled: true,
      tooltip: message("no"),
    });
    expect(button(message("hint"), null)).toEqual({ disabled: false, tooltip: message("hint") });
  });

  it("signs dice and bounds bars", () => {
    expect([signedDice(2), signedDice(-1), signedDice(0)]).toEqual(["+2d", "\u22121d", "\u00b10d"]);
    expect([percentOf(2, 5), percentOf(7, 5), percentOf(1, 0)]).toEqual([40, 100, 0]);
  });

  it("R-ADV-1 / R-ADV-2: engine advancements as item data, with their list", () => {
    expect(engineAdvancementSource("dieHard", "core")).toMatchObject({
      key: "dieHard",
      source: "core",
      cult: "",
      flags: ["dieHard"],
    });
    expect(engineAdvancementSource("specialist", "degenesis")).toMatchObject({
      source: "degenesis",
      flags: ["specialist"],
    });
    expect(engineAdvancementSource("tesla", "degenesis")).toMatchObject({ source: "cult", cult: "chroniclers" });
    expect(engineAdvancementSource("etherCall", "core")?.requiresMutations).toBe(5);
    expect(engineAdvancementSource("nope", "core")).toBeNull();
  });
});
