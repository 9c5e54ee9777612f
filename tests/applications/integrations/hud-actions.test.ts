/**
 * The Token Action HUD's list and its click values (src/applications/integrations/token-action-hud/hud-actions.ts),
 * pure: every action's id reads back as the command it stands for, and a value the system did not make
 * (stale, foreign, hand-made) is no command at all.
 */
import { describe, expect, it } from "vitest";
import { CORE, DEGENESIS, LEGACY, type Ruleset } from "../../../src/rules/index.ts";
import {
  hudActions,
  hudCommand,
  type HudInput,
} from "../../../src/applications/integrations/token-action-hud/hud-actions.ts";

const character: HudInput = {
  kind: "character",
  weapons: [{ id: "abcdefghijklmnop", name: "Spear", img: "spear.webp" }],
  sceneEnds: true,
  moves: [{ id: "rest", labelKey: "TERRAN.Sheet.Grit.rest" }],
};
const challenge: HudInput = {
  kind: "challenge",
  disposition: { value: 3, max: 10 },
  facets: [{ name: "Pack", disposition: { value: 1, max: 5 } }],
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
