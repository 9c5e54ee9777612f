/**
 * The Token Action HUD's list and its click values (src/applications/integrations/token-action-hud/hud-actions.ts),
 * pure: every action's id reads back as the command it stands for, and a value the system did not make
 * (stale, foreign, hand-made) is no command at all.
 */
import { describe, expect, it } from "vitest";
import { CORE, DEGENESIS, LEGACY, type Ruleset } from "../../../src/rules/index.ts";
import type { ButtonView } from "../../../src/applications/sheets/common.ts";
import {
  hudActions,
  hudCommand,
  type HudInput,
} from "../../../src/applications/integrations/token-action-hud/hud-actions.ts";

const open: ButtonView = { disabled: false, tooltip: { key: "TERRAN.Sheet.Roll.attribute", value: "" } };
const dead: ButtonView = { disabled: true, tooltip: { key: "TERRAN.Sheet.Disabled.dead", value: "" } };
/** Every roll the rulesets name, open on the sheet. */
const rolls = new Map<string, ButtonView>(
  [CORE, DEGENESIS, LEGACY].flatMap((r) => [
    ...r.attributes.list.map((a) => [a.id, open] as const),
    ...r.attributes.groups.map((g) => [`save:${g.id}`, open] as const),
  ]),
);
const character: Extract<HudInput, { kind: "character" }> = {
  kind: "character",
  rolls,
  weapons: [{ id: "abcdefghijklmnop", name: "Spear", img: "spear.webp", roll: open }],
  endScene: open,
  moves: [{ id: "rest", labelKey: "TERRAN.Sheet.Grit.rest", button: open }],
  gm: true,
};
const challenge: HudInput = {
  kind: "challenge",
  disposition: { value: 3, max: 10 },
  roll: open,
  facets: [{ name: "Pack", disposition: { value: 1, max: 5 }, roll: open }],
};

describe("the Token Action HUD's actions", () => {
  it.each([CORE, DEGENESIS, LEGACY] as Ruleset[])(
    "R-RA-1 R-CH-2 ($id): every action's id reads back as a command, and ids are unique",
    (ruleset) => {
      for (const input of [character, challenge]) {
        const actions = hudActions(ruleset, input);
        expect(new Set(actions.map((a) => a.id)).size).toBe(actions.length);
        for (const action of actions) expect(hudCommand(action.id), action.id).not.toBeNull();
      }
    },
  );

  it("R-CHAR-3 R-LEG-1: Saves are listed only where the ruleset has them", () => {
    const saves = (ruleset: Ruleset) => hudActions(ruleset, character).filter((a) => a.group === "saves");
    expect(saves(CORE).map((a) => a.id)).toEqual(["roll|save:insight", "roll|save:prowess", "roll|save:resolve"]);
    expect(saves(LEGACY)).toEqual([]);
  });

  it("R-HARM-5: a control the sheet closes is offered with the sheet's reason; one the sheet does not draw is left out", () => {
    const actions = hudActions(CORE, {
      ...character,
      rolls: new Map([...rolls].map(([what, b]) => [what, what === "finesse" ? dead : b])),
      weapons: [{ id: "abcdefghijklmnop", name: "Spear", img: "spear.webp", roll: dead }],
      moves: [
        { id: "rest", labelKey: "TERRAN.Sheet.Grit.rest", button: dead },
        { id: "resetEgo", labelKey: "TERRAN.Sheet.Ego.reset.core", button: null },
      ],
      endScene: null,
    });
    const refusals = Object.fromEntries(actions.map((a) => [a.id, a.refusal?.key ?? null]));
    expect(refusals["roll|finesse"]).toBe("TERRAN.Sheet.Disabled.dead");
    expect(refusals["roll|reason"]).toBeNull();
    expect(refusals["roll|abcdefghijklmnop"]).toBe("TERRAN.Sheet.Disabled.dead");
    expect(refusals["move|rest"]).toBe("TERRAN.Sheet.Disabled.dead");
    expect(Object.keys(refusals)).not.toContain("move|resetEgo");
    expect(Object.keys(refusals)).not.toContain("endScene|");
  });

  it("R-FORT-1: the Fortune die is offered to a GM only", () => {
    const fortune = (gm: boolean) => hudActions(CORE, { ...character, gm }).some((a) => a.id === "fortune|");
    expect(fortune(true)).toBe(true);
    expect(fortune(false)).toBe(false);
  });

  it("the commands read back: a roll, a move, a facet's Effect, the Challenge's own Effect", () => {
    expect(hudCommand("roll|save:insight")).toEqual({ kind: "roll", what: "save:insight" });
    expect(hudCommand("move|rest")).toEqual({ kind: "move", move: "rest" });
    expect(hudCommand("effect|2")).toEqual({ kind: "effect", facet: 2 });
    expect(hudCommand("effect|")).toEqual({ kind: "effect", facet: null });
    expect(hudCommand("endScene|")).toEqual({ kind: "endScene" });
  });

  it.each([
    null,
    undefined,
    "",
    "roll",
    "roll|",
    "move|",
    "effect|-1",
    "effect|1.5",
    "effect|x",
    "fortune|6",
    "itemMacro|abc",
    "|",
  ])("a value the system did not make (%j) is no command", (value) => {
    expect(hudCommand(value)).toBeNull();
  });
});
