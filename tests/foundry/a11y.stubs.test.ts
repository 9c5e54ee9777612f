// @vitest-environment happy-dom
/**
 * Accessibility against the FOUNDRY STAND-INS (tests/stubs/applications.ts: an ApplicationV2 stand-in that
 * calls `_preRender` before and `_onRender` after each render): OUR wiring of the focus and the live
 * values into the roll dialog and the character sheet. After a stepper press, or an update of the
 * actor, the re-rendered window has the focus where the player was, and what changed (odds, dice,
 * Ego) is said by the page's polite live region; a card clicked keeps the focus in the message element
 * that replaces it. Foundry's own rendering and chat log are not exercised.
 */
import "../stubs/foundry-client.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GENERATIONS, resetWorld, world } from "../stubs/foundry-client.ts";
import { RollDialog } from "../../src/applications/dialogs/roll-dialog.ts";
import { SeparateRollDialog } from "../../src/applications/resolution/separate-dialog.ts";
import { CharacterSheet } from "../../src/applications/sheets/character/character-sheet.ts";
import { LIVE_REGION_ID } from "../../src/applications/a11y/live.ts";
import { english } from "../support/templates.ts";
import { cardShown } from "../../src/applications/chat/card-a11y.ts";
import { onCardClick, registerCardPresenter } from "../../src/applications/chat/card-presenter.ts";
import { markEgoSpent } from "../../src/chat/index.ts";
import { card, GM, ROLLER } from "../chat/fixtures.ts";
import { asMessage, message, shown } from "./card-builders.ts";
import { find, hero, open, settle, stub } from "./sheet-harness.ts";

interface Host {
  element: HTMLElement;
  renders: number;
}

const live = (): string => (document.getElementById(LIVE_REGION_ID)?.textContent ?? "").replace(/\s+/g, " ");
const focused = (): HTMLElement | null => document.activeElement as HTMLElement | null;

describe.each(GENERATIONS)(
  "[Foundry stand-ins, v%i] accessibility: focus and live values across re-renders",
  (generation) => {
    beforeEach(() => {
      resetWorld(generation);
    });

    afterEach(() => {
      document.body.replaceChildren();
    });

    it("R-POOL-4 (stand-ins): the roll dialog keeps the focus on the Dark Dice + and says the new dice and odds", async () => {
      const dialog = new RollDialog({
        actor: hero({ attributes: { finesse: 2 }, ego: { value: 3 } }),
        target: { kind: "attribute", attribute: "finesse" },
        weapon: null,
      }) as RollDialog & Host;
      await dialog.render({ force: true });
      document.body.append(dialog.element);
      const up = dialog.element.querySelector<HTMLElement>('[data-action="darkUp"]');
      up?.focus();
      const renders = dialog.renders;
      up?.click();
      await vi.waitFor(() => expect(dialog.renders).toBeGreaterThan(renders));
      expect(focused()).not.toBe(up); // the old button is gone with the old HTML…
      expect(focused()?.dataset.action).toBe("darkUp"); // …and its successor has the focus
      expect(dialog.element.contains(focused())).toBe(true);
      expect(live()).toContain(`${english("TERRAN.Dialog.dark.heading")} 1`);
      expect(live()).toContain(english("TERRAN.Band.success"));
    });

    it("R-LEG-9 (stand-ins): the Legacy roll dialog, too, keeps the focus on the Dark Dice + and says the new dice", async () => {
      world.settings.set("ruleset", "legacy");
      const actor = hero();
      await actor.update({ "system.ratings.ego.value": 3 } as never);
      const dialog = new SeparateRollDialog({ actor, attribute: "strength" }) as SeparateRollDialog & Host;
      await dialog.render({ force: true });
      document.body.append(dialog.element);
      const up = dialog.element.querySelector<HTMLElement>('[data-action="darkUp"]');
      expect(up?.getAttribute("aria-disabled")).not.toBe("true");
      up?.focus();
      const renders = dialog.renders;
      up?.click();
      await vi.waitFor(() => expect(dialog.renders).toBeGreaterThan(renders));
      expect(focused()).not.toBe(up);
      expect(focused()?.dataset.action).toBe("darkUp");
      expect(dialog.element.contains(focused())).toBe(true);
      expect(live()).toContain(`${english("TERRAN.Dialog.dark.heading")} 1`);
    });

    it("R-CHAR-1 R-EGO-2 (stand-ins): the character sheet keeps the focus on the rating circle through a re-render and says the new Ego", async () => {
      const mira = hero({ attributes: { finesse: 2 }, ego: { value: 3, max: 5 } });
      const sheet = await open(CharacterSheet, mira);
      document.body.append(sheet.element);
      find(sheet, '[data-action="setRating"][data-attribute="finesse"][data-value="3"]').focus();
      await stub(mira).update({ "system.ego.value": 2 });
      await sheet.render(); // the update's re-render
      await settle();
      expect(focused()?.dataset.action).toBe("setRating");
      expect(focused()?.dataset.attribute).toBe("finesse");
      expect(sheet.element.contains(focused())).toBe(true);
      expect(live()).toContain(`${english("TERRAN.Sheet.Ego.label")} 2 / 5`);
    });
  },
);

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] accessibility: a card's re-render after a click", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    registerCardPresenter();
  });

  afterEach(() => {
    document.body.replaceChildren();
  });

  it("R-RA-1 (stand-ins): the die just chosen keeps the focus in the new message element, and the new outcome is said", async () => {
    const msg = message({ kind: "risky", state: card([5, 3, 2]) });
    world.user = { ...ROLLER, targets: new Set() };
    const id = "msg-a11y";
    // The chat log shows the message (the presenter is told, as TerranChatMessage#renderHTML tells it).
    const first = await shown(msg);
    document.body.append(first);
    cardShown(id, first);
    const die = first.querySelector<HTMLElement>('button.die-face[data-index="2"]');
    if (!die) throw new Error("die 2 can be made the Precision");
    die.focus();
    const event = new MouseEvent("click", { bubbles: true });
    Object.defineProperty(event, "target", { value: die });
    Object.defineProperty(event, "currentTarget", { value: first });
    Object.defineProperty(msg, "id", { value: id });
    await onCardClick(asMessage(msg), event);
    expect(msg.updates).toHaveLength(1);
    // The update re-renders: a new element replaces the old one in the log.
    const next = await shown(msg);
    first.replaceWith(next);
    cardShown(id, next);
    expect(next.contains(document.activeElement)).toBe(true);
    expect((document.activeElement as HTMLElement).dataset.index).toBe("2");
    const band = next.querySelector(".outcome .band")?.textContent ?? "";
    expect(band).not.toBe("");
    expect(live()).toContain(band);
  });

  it("R-RA-3 R-RA-7 (stand-ins): after Confirm the focus goes to the card's next action, Apply Effect, not to the top of what is left", async () => {
    // Dark Dice that cost Ego: a GM still sees Give back Ego after Confirm, the last control of the card.
    const msg = message({ kind: "risky", state: markEgoSpent(card([5, 3], [2], { egoBefore: 3 }), ROLLER) });
    world.user = { ...GM, targets: new Set() };
    const id = "msg-a11y-confirm";
    const first = await shown(msg);
    document.body.append(first);
    cardShown(id, first);
    const confirm = first.querySelector<HTMLElement>('[data-action="confirm-effect"]');
    if (!confirm) throw new Error("the card can be confirmed");
    confirm.focus();
    const event = new MouseEvent("click", { bubbles: true });
    Object.defineProperty(event, "target", { value: confirm });
    Object.defineProperty(event, "currentTarget", { value: first });
    Object.defineProperty(msg, "id", { value: id });
    await onCardClick(asMessage(msg), event);
    const next = await shown(msg);
    first.replaceWith(next);
    cardShown(id, next);
    expect(next.querySelector('[data-action="confirm-effect"]')).toBeNull();
    expect(next.querySelector('[data-action="undo-ego"]:not([disabled])')).not.toBeNull();
    expect((document.activeElement as HTMLElement).dataset.action).toBe("apply-effect");
  });
});
