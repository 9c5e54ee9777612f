// @vitest-environment happy-dom
/**
 * R-ADV-1 / R-ADV-2 activated advancements on the character sheet (pure context and template): the
 * Activate button on Brainwave's and Nova's rows only, what is active until the scene ends, and the
 * controls that end it — each closed control saying why. And the roll dialog's reading of the scene's
 * bonus (a tickable situational row).
 */
import { describe, expect, it } from "vitest";
import {
  characterSheetContext,
  type CharacterFullView,
} from "../../../src/applications/sheets/character/character-context.ts";
import { CHARACTER_SHEET_PARTS } from "../../../src/applications/sheets/parts.ts";
import { readCharacter } from "../../../src/applications/dialogs/roll-dialog-model.ts";
import { activationOutcome, type SceneEffect } from "../../../src/rules/index.ts";
import { advancementRow, brainwaveCharacter, characterSource, OBSERVER } from "../../fixtures/sheets.ts";
import { advancement, state } from "../../documents/operations/fixtures.ts";
import { renderTemplate } from "../../support/templates.ts";

function full(input: Parameters<typeof characterSheetContext>[0]): CharacterFullView {
  const view = characterSheetContext(input);
  if (view.limited) throw new Error("expected the full view");
  return view;
}

const row = (view: CharacterFullView, id: string) => {
  const r = view.lists.advancements.rows.find((x) => x.id === id);
  if (!r) throw new Error(`no row ${id}`);
  return r;
};

describe("R-ADV-1 the character sheet's activation controls", () => {
  it("R-ADV-1 Brainwave's row has an Activate button and shows its +1d until the scene ends; Sleek's row has none", () => {
    expect(row(full(brainwaveCharacter("core", { scene: [] })), "advBrainwave0001").activation.activate).toMatchObject({
      disabled: false,
      tooltip: { key: "TERRAN.Activation.activateHint" },
    });
    const view = full(brainwaveCharacter());
    // R-ADV-1 (ruling) once per scene: while its +1d lasts it is not rolled again, and the button says why.
    expect(row(view, "advBrainwave0001").activation.activate).toMatchObject({
      disabled: true,
      tooltip: { key: "TERRAN.Activation.refused.usedThisScene" },
    });
    expect(row(view, "advBrainwave0001").activation.active).toMatchObject({
      advancement: "brainwave",
      kind: "bonus",
      kindKey: "TERRAN.Activation.kind.bonus",
      end: { disabled: false },
    });
    expect(row(view, "advSleek00000002").activation).toEqual({ activate: null, active: null });
    expect(view.scene).toMatchObject({
      effects: [{ name: "Brainwave", kind: "bonus" }],
      endScene: { disabled: false },
    });
  });

  it("R-ADV-1 nothing active: no scene section; an observer's and the dead's Activate are closed with the reason", () => {
    expect(full(brainwaveCharacter("core", { scene: [] })).scene).toBeNull();
    const observer = full(brainwaveCharacter("core", { permissions: OBSERVER }));
    expect(row(observer, "advBrainwave0001").activation.activate).toMatchObject({
      disabled: true,
      tooltip: { key: "TERRAN.Sheet.Disabled.notOwner" },
    });
    expect(observer.scene?.endScene).toMatchObject({
      disabled: true,
      tooltip: { key: "TERRAN.Sheet.Disabled.notOwner" },
    });
    const dead = full(brainwaveCharacter("core", { system: characterSource({ dead: true }) }));
    expect(row(dead, "advBrainwave0001").activation.activate).toMatchObject({
      disabled: true,
      tooltip: { key: "TERRAN.Sheet.Disabled.dead" },
    });
  });

  it("R-ADV-1 (ruling) a Brainwave that Failed shows 'used this scene', closed with the reason and with no End to press", () => {
    const spent = activationOutcome("brainwave", "advBrainwave0001", [2]).sceneEffect;
    const view = full(brainwaveCharacter("core", { scene: spent ? [spent] : [] }));
    expect(row(view, "advBrainwave0001").activation).toMatchObject({
      activate: { disabled: true, tooltip: { key: "TERRAN.Activation.refused.usedThisScene" } },
      active: { kind: "spent", kindKey: "TERRAN.Activation.kind.spent", end: null },
    });
    expect(view.scene?.endScene.disabled).toBe(false);
  });

  it("R-ADV-2 a depleted suit: Nova's Activate and its End are closed, each saying the suit stays depleted until the scene ends", () => {
    const nova = advancementRow({ id: "advNova000000003", name: "Nova", key: "nova", sort: 300 });
    const depleted = activationOutcome("nova", "advNova000000003", [2]).sceneEffect;
    const base = brainwaveCharacter("degenesis", { scene: depleted ? [depleted] : [] });
    const view = full({ ...base, items: [...base.items, nova] });
    expect(row(view, "advNova000000003").activation).toMatchObject({
      activate: { disabled: true, tooltip: { key: "TERRAN.Activation.refused.depleted" } },
      active: { kind: "depleted", end: { disabled: true, tooltip: { key: "TERRAN.Activation.refused.depletedEnd" } } },
    });
    expect(row(view, "advBrainwave0001").activation.activate?.disabled).toBe(false);
  });

  it("R-ADV-1 a damaged flag (a forged effect) shows nothing rather than breaking the sheet", () => {
    const forged = [
      {
        advancement: "brainwave",
        itemId: "advBrainwave0001",
        kind: "bonus",
        modifier: { id: "x", dice: 9, label: "x", appliesTo: ["any"], situational: false },
        noteKey: "",
      },
    ];
    expect(full(brainwaveCharacter("core", { scene: forged as unknown as SceneEffect[] })).scene).toBeNull();
  });

  it("R-ADV-1 the template names the sheet's actions on the row and the scene section", () => {
    const html = renderTemplate(CHARACTER_SHEET_PARTS.items.replace(/^templates\//, ""), full(brainwaveCharacter()));
    const root = document.createElement("div");
    root.innerHTML = html;
    expect(root.querySelector('[data-item-id="advBrainwave0001"] [data-action="activateAdvancement"]')).not.toBeNull();
    expect(
      root.querySelector(
        '[data-item-id="advBrainwave0001"] [data-advancement="brainwave"] [data-action="endSceneEffect"]',
      ),
    ).not.toBeNull();
    expect(root.querySelector('[data-item-id="advSleek00000002"] [data-action="activateAdvancement"]')).toBeNull();
    expect(root.querySelector('.te-scene [data-action="endScene"]')).not.toBeNull();
  });
});

describe("R-POOL-2 R-ADV-1 the roll dialog reads the scene's bonus", () => {
  it("R-ADV-1 an active Brainwave is a situational +1d row named after the advancement; Nova's state is none", () => {
    const brainwave = advancement("brainwave");
    const bonus = activationOutcome("brainwave", brainwave.id, [6]).sceneEffect;
    const depleted = activationOutcome("nova", "novaItem", [1]).sceneEffect;
    const reading = readCharacter({ ...state({}, brainwave), scene: [bonus, depleted].filter((e) => e !== null) });
    expect(reading.modifiers).toHaveLength(1);
    expect(reading.modifiers[0]).toMatchObject({
      modifier: { id: "scene-brainwave", dice: 1, situational: true },
      sourceName: brainwave.name,
    });
  });

  it("R-ADV-2 Tesla's +1d is offered with the suit charged and not while it is depleted (a notice says why)", () => {
    const tesla = advancement("tesla");
    const charged = readCharacter(state({}, tesla));
    expect(charged.modifiers.map((m) => m.sourceName)).toEqual([tesla.name]);
    const depleted = activationOutcome("nova", "novaItem", [1]).sceneEffect;
    const reading = readCharacter({ ...state({}, tesla), scene: depleted ? [depleted] : [] });
    expect(reading.modifiers).toEqual([]);
    expect(reading.ignored).toEqual([{ key: "TERRAN.Dialog.teslaDepleted", value: tesla.name }]);
    const blinding = activationOutcome("nova", "novaItem", [6]).sceneEffect;
    expect(readCharacter({ ...state({}, tesla), scene: blinding ? [blinding] : [] }).modifiers).toHaveLength(1);
  });
});
