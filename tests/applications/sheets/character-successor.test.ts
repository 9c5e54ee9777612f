// @vitest-environment happy-dom
/**
 * R-SAY-1 / R-LEG-15 the last scene and the departure on the character sheet (pure context and
 * template): a character in Sayonara can end their last scene from the sheet; a departed one is shown as
 * such, rolls nothing (each closed control says why), and offers "Start a successor" to whoever may
 * create it, saying why to anyone else.
 */
import { describe, expect, it } from "vitest";
import {
  characterSheetContext,
  type CharacterFullView,
} from "../../../src/applications/sheets/character/character-context.ts";
import { CHARACTER_SHEET_PARTS } from "../../../src/applications/sheets/parts.ts";
import type { CharacterSheetInput } from "../../../src/applications/sheets/inputs.ts";
import type { characterSource } from "../../fixtures/sheets.ts";
import { GM, seasonedCharacter } from "../../fixtures/sheets.ts";
import { renderTemplate } from "../../support/templates.ts";
import { gritPart } from "../../fixtures/sheets.ts";

function full(input: CharacterSheetInput): CharacterFullView {
  const view = characterSheetContext(input);
  if (view.limited) throw new Error("expected the full view");
  return view;
}

function html(part: keyof typeof CHARACTER_SHEET_PARTS, view: CharacterFullView): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = renderTemplate(CHARACTER_SHEET_PARTS[part].replace(/^templates\//, ""), view);
  return root;
}

/** The seasoned character (4 advancements) with `over` on its stored data. */
function seasoned(over: Parameters<typeof characterSource>[0], input: Partial<CharacterSheetInput> = {}) {
  const base = seasonedCharacter("core");
  return { ...base, system: { ...base.system, ...over }, ...input };
}

describe("R-SAY-1 the last scene on the sheet", () => {
  it("R-SAY-1 in Sayonara with nothing activated, the sheet still offers to end the (last) scene, saying the character departs", () => {
    const view = full(seasoned({ sayonara: true }, { scene: [] }));
    expect(view.scene).toEqual({
      effects: [],
      panicKey: null,
      endScene: { disabled: false, tooltip: { key: "TERRAN.Activation.endLastSceneHint", value: "" } },
    });
    expect(html("main", view).querySelector('.te-sheet-footer [data-action="endScene"]')).not.toBeNull();
    expect(html("items", view).querySelector('.te-scene [data-action="endScene"]')).not.toBeNull();
    // Not in Sayonara and nothing active: no scene control at all.
    const calm = full(seasoned({}, { scene: [] }));
    expect(calm.scene).toBeNull();
    expect(html("main", calm).querySelector('[data-action="endScene"]')).toBeNull();
  });
});

describe("R-SAY-1 R-LEG-15 a departed character on the sheet", () => {
  it("R-SAY-1 the banner says the story is over and the successor's free advancements (⌈4 ÷ 2⌉ = 2)", () => {
    const view = full(seasoned({ departed: true }));
    expect(view.banners).toContainEqual({
      kind: "departed",
      title: { key: "TERRAN.Sheet.Banner.departed.title", value: "" },
      text: { key: "TERRAN.Sheet.Banner.departed.text", value: "2" },
    });
    expect(view.cssClass).toContain("is-departed");
  });

  it("R-SAY-1 a departed character rolls nothing: every roll and the rest are closed with the reason", () => {
    const view = full(seasoned({ departed: true }));
    for (const group of gritPart(view).groups) {
      for (const attribute of group.attributes)
        expect(attribute.roll).toMatchObject({ disabled: true, tooltip: { key: "TERRAN.Sheet.Disabled.departed" } });
      expect(group.save.roll.disabled).toBe(true);
    }
    expect(gritPart(view).grit.rest).toMatchObject({
      disabled: true,
      tooltip: { key: "TERRAN.Sheet.Disabled.departed" },
    });
    expect(view.sayonara.disabled).toBe(true);
  });

  it("R-SAY-1 Start a successor: open to a GM; a player who may not create actors is told to ask the GM", () => {
    const gm = full(seasoned({ departed: true }, { permissions: GM }));
    expect(gm.successor).toMatchObject({ shown: true, free: 2, disabled: false });
    expect(gm.successor.tooltip).toEqual({ key: "TERRAN.Sheet.Successor.hint", value: "2" });
    const player = full(seasoned({ departed: true }));
    expect(player.successor).toMatchObject({
      disabled: true,
      tooltip: { key: "TERRAN.Sheet.Disabled.cannotCreateActor" },
    });
    const trusted = full(seasoned({ departed: true }, { successor: { started: false, mayCreate: true } }));
    expect(trusted.successor.disabled).toBe(false);
    const again = full(seasoned({ departed: true }, { successor: { started: true, mayCreate: true } }));
    expect(again.successor).toMatchObject({
      disabled: true,
      tooltip: { key: "TERRAN.Sheet.Disabled.successorStarted" },
    });
    const gmAgain = full(
      seasoned({ departed: true }, { permissions: GM, successor: { started: true, mayCreate: true } }),
    );
    expect(gmAgain.successor.disabled).toBe(false);
    const button = html("main", gm).querySelector('[data-action="startSuccessor"]');
    expect(button).not.toBeNull();
    expect(button?.hasAttribute("disabled")).toBe(false);
  });

  it("R-SAY-1 a character still in the story shows no successor button", () => {
    const view = full(seasoned({ sayonara: true }));
    expect(view.successor.shown).toBe(false);
    expect(html("main", view).querySelector('[data-action="startSuccessor"]')).toBeNull();
  });
});
