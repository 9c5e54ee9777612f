// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts: an ApplicationV2 stand-in that
 * renders the PARTS with the real template and dispatches `data-action` clicks to DEFAULT_OPTIONS.actions).
 * It checks OUR RollDialog host: every action and field is wired, each change recomputes the exact
 * odds and re-renders, Roll posts the card, and a blocked roll does nothing. Foundry's own windowing
 * and rendering are not exercised.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GENERATIONS, resetWorld, world, type ActorStub } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import { RollDialog } from "../../src/applications/dialogs/roll-dialog.ts";
import { DIALOG_ACTIONS } from "../../src/applications/dialogs/roll-dialog-model.ts";
import { SeparateRollDialog } from "../../src/applications/resolution/separate-dialog.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { AdvancementData } from "../../src/data/item/advancement.ts";
import { TerranActor } from "../../src/documents/actor.ts";
import { riskyActionOdds } from "../../src/rules/index.ts";
import { advancementSource, character, type CharacterOptions } from "../documents/operations/fixtures.ts";
import { percent } from "../../src/applications/format.ts";

type ModelClass = ConstructorParameters<typeof ActorStub>[0]["model"];
const asModel = (cls: unknown): ModelClass => cls as ModelClass;

function hero(options: CharacterOptions = {}, specialist = false): TerranActor {
  const items = specialist
    ? [
        {
          id: "adv0000000000001",
          name: "Specialist",
          type: "advancement",
          system: new (asModel(AdvancementData))(
            { ...advancementSource("specialist", { specialty: "Locks" }) },
            { parent: null },
          ),
        },
      ]
    : [];
  const actor: unknown = Reflect.construct(TerranActor, [
    { name: "Mira", type: "character", model: asModel(CharacterData), source: { ...character(options) }, items },
  ]);
  return actor as TerranActor;
}

interface Host {
  element: HTMLElement;
  renders: number;
  closed: boolean;
}

async function open(actor: TerranActor): Promise<RollDialog & Host> {
  const dialog = new RollDialog({
    actor,
    target: { kind: "attribute", attribute: "finesse" },
    weapon: null,
  }) as RollDialog & Host;
  await dialog.render({ force: true });
  return dialog;
}

/** Clicks `[data-action=name]` and waits for the re-render it causes. */
async function press(dialog: RollDialog & Host, name: string): Promise<void> {
  const before = dialog.renders;
  const el = dialog.element.querySelector<HTMLElement>(`[data-action="${name}"]`);
  if (!el) throw new Error(`no ${name} button`);
  el.click();
  await vi.waitFor(() => expect(dialog.renders).toBeGreaterThan(before));
}

const text = (dialog: Host): string => dialog.element.textContent.replace(/\s+/g, " ");

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] the roll dialog", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
  });

  describe("[Foundry stand-ins] the roll dialog's host", () => {
    it("every action the template uses has a handler in DEFAULT_OPTIONS.actions", () => {
      expect(Object.keys(RollDialog.DEFAULT_OPTIONS.actions).sort()).toEqual([...DIALOG_ACTIONS].sort());
      // The Legacy dialog's template uses the same set but R-V-5's held skills (its skills are rated, R-LEG-3).
      expect(Object.keys(SeparateRollDialog.DEFAULT_OPTIONS.actions).sort()).toEqual(
        DIALOG_ACTIONS.filter((a) => a !== "toggleSkill").sort(),
      );
    });

    it("R-POOL-4 R-EGO-2 (stand-ins): the Dark Dice stepper re-renders with the exact odds of the new pool", async () => {
      const dialog = await open(hero({ attributes: { finesse: 2 }, ego: { value: 3 } }));
      const before = riskyActionOdds({ light: 2, dark: 0, ego: 3 });
      expect(text(dialog)).toContain(percent(before.outcome.success).text);
      await press(dialog, "darkUp");
      await press(dialog, "darkUp");
      const after = riskyActionOdds({ light: 2, dark: 2, ego: 3 });
      expect(text(dialog)).toContain(percent(after.outcome.success).text);
      expect(text(dialog)).toContain(percent(after.ego.pLoseAny).text);
      await press(dialog, "darkDown");
      expect(text(dialog)).toContain(percent(riskyActionOdds({ light: 2, dark: 1, ego: 3 }).outcome.success).text);
    });

    it("R-POOL-4 (stand-ins): the risk advisor, opened, draws its rows; a row's button sets the Dark Dice; it stays open", async () => {
      const dialog = await open(hero({ attributes: { finesse: 2 }, ego: { value: 3 } }));
      const disclosure = (): HTMLDetailsElement | null =>
        dialog.element.querySelector<HTMLDetailsElement>("details.rd-advisor");
      expect(disclosure()?.open).toBe(false);
      expect(dialog.element.querySelector(".rd-adv-row")).toBeNull();
      const before = dialog.renders;
      const details = disclosure();
      if (!details) throw new Error("no advisor");
      details.open = true;
      details.dispatchEvent(new Event("toggle"));
      await vi.waitFor(() => expect(dialog.renders).toBeGreaterThan(before));
      expect(dialog.element.querySelectorAll(".rd-adv-row")).toHaveLength(11);
      const three = dialog.element.querySelector<HTMLElement>('button[data-action="advisorDark"][data-key="3"]');
      const clicked = dialog.renders;
      three?.click();
      await vi.waitFor(() => expect(dialog.renders).toBeGreaterThan(clicked));
      expect(dialog.element.querySelector(".rd-dark-count")?.textContent).toBe("3");
      expect(text(dialog)).toContain(percent(riskyActionOdds({ light: 2, dark: 3, ego: 3 }).outcome.success).text);
      expect(disclosure()?.open).toBe(true);
      expect(dialog.element.querySelector('button[aria-pressed="true"]')?.getAttribute("data-key")).toBe("3");
      // Closed again, the next dialog opens it closed (the memory is per dialog kind, for the session).
      const last = disclosure();
      if (last) {
        last.open = false;
        last.dispatchEvent(new Event("toggle"));
      }
      const next = await open(hero({ attributes: { finesse: 2 }, ego: { value: 3 } }));
      expect(next.element.querySelector<HTMLDetailsElement>("details.rd-advisor")?.open).toBe(false);
    });

    it("R-POOL-4 (stand-ins): the odds are written in the client's language (game.i18n.lang pt-BR: 12,3%)", async () => {
      const i18n = (game as unknown as { i18n: { lang: string } }).i18n;
      i18n.lang = "pt-BR";
      try {
        const dialog = await open(hero({ attributes: { finesse: 2 }, ego: { value: 3 } }));
        const odds = riskyActionOdds({ light: 2, dark: 0, ego: 3 });
        expect(percent(odds.outcome.success, "pt-BR").text).toMatch(/^\d+,\d%$/);
        expect(text(dialog)).toContain(percent(odds.outcome.success, "pt-BR").text);
        expect(text(dialog)).not.toContain(percent(odds.outcome.success).text);
      } finally {
        i18n.lang = "en";
      }
    });

    it("R-ADV-2 (stand-ins): a form field's change event reaches the model (the Specialist tick), and Roll posts the card with it", async () => {
      const mira = hero({ attributes: { finesse: 2 } }, true);
      const dialog = await open(mira);
      const box = dialog.element.querySelector<HTMLInputElement>('input[name="specialist"]');
      if (!box) throw new Error("no Specialist tick");
      box.checked = true;
      const renders = dialog.renders;
      box.dispatchEvent(new Event("change", { bubbles: true }));
      await vi.waitFor(() => expect(dialog.renders).toBeGreaterThan(renders));
      expect(dialog.element.querySelector<HTMLInputElement>('input[name="specialist"]')?.checked).toBe(true);

      nextFaces.push(3, 2);
      dialog.element.querySelector<HTMLElement>('[data-action="roll"]')?.click();
      await vi.waitFor(() => expect(world.created).toHaveLength(1));
      expect(dialog.closed).toBe(true);
      expect(JSON.stringify(world.created[0]?.flags)).toContain('"specialist":true');
    });

    it("R-POOL-4 (stand-ins): a closed end of the Dark Dice stepper keeps the focus; pressed, it says why and changes nothing", async () => {
      const dialog = await open(hero({ attributes: { finesse: 2 } }));
      const down = dialog.element.querySelector<HTMLButtonElement>('[data-action="darkDown"]');
      expect(down?.getAttribute("aria-disabled")).toBe("true"); // no Dark Die to take away
      const renders = dialog.renders;
      down?.click();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(world.warnings).toEqual([down?.getAttribute("data-tooltip")]);
      expect(dialog.renders).toBe(renders);
    });

    it("R-POOL-5 (stand-ins): with nothing to roll the Roll button is closed with the reason; pressed (it keeps the focus), it says why and posts nothing", async () => {
      const dialog = await open(hero({ attributes: { finesse: 0 } }));
      const roll = dialog.element.querySelector<HTMLButtonElement>('[data-action="roll"]');
      expect(roll?.getAttribute("aria-disabled")).toBe("true");
      roll?.click();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(world.created).toEqual([]);
      expect(dialog.closed).toBe(false);
      expect(world.warnings).toHaveLength(1);
    });
  });
});
