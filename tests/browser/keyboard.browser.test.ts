/**
 * Accessibility, keyboard: in Chromium, with the keyboard only (no click anywhere in this file), a player
 * plays a Risky Action from the sheet to a confirmed Effect; every control a mouse uses on our screens
 * is reached by Tab and pressed by Enter or Space; each focus stop shows the focus ring in both themes;
 * and after a re-render the focus is back where the player was (src/applications/a11y/focus.ts, which
 * the sandbox page runs around its re-renders as the Foundry glue does).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { riskyCardResult, riskyCardView, type RiskyCardState } from "../../src/chat/index.ts";
import { applyCardClick, applyDialogChange, rollDialog } from "../../sandbox/actions.ts";
import { DIALOG_SETTINGS, PLAYER, type CardDoc } from "../../sandbox/fixtures.ts";
import { scenes } from "../../sandbox/scenes.ts";
import { sheetDialogFixture, sheetDialogId } from "../../sandbox/sheet-rolls.ts";
import { initialChoices } from "../../src/applications/dialogs/roll-dialog-model.ts";
import { LIVE_REGION_ID } from "../../src/applications/a11y/live.ts";
import { english } from "../support/templates.ts";
import { afterUpdate, clean, useSession, watchErrors } from "./browser.ts";

const session = useSession();
let page: Page;
let errors: string[];

async function open(path: string): Promise<void> {
  page = await session().context.newPage();
  errors = watchErrors(page);
  await page.goto(`${session().sandbox.url}${path}`);
}

async function closePage(): Promise<void> {
  await page.close();
  expect(errors).toEqual([]);
}

/** Does the focused element match `selector`? */
function focusedIs(selector: string): Promise<boolean> {
  return page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector);
}

/** Presses Tab (Shift+Tab when `back`) until the focus is on `selector`; fails after `max` presses. */
async function tabTo(selector: string, { back = false, max = 150 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await focusedIs(selector)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Presses a key on the focused control and waits for the page to apply the server's answer. */
function pressAndWait(key = "Enter"): Promise<void> {
  return afterUpdate(page, () => page.keyboard.press(key));
}

const text = async (selector: string): Promise<string> => clean(await page.locator(selector).first().textContent());

describe("accessibility: a Risky Action by keyboard only", { timeout: 60_000 }, () => {
  it("R-RA-1 R-RA-3 R-EGO-2: from the sheet's Finesse button: open the dialog, add a Dark Die, roll, choose Precision and Effect, confirm", async () => {
    // What the real rules make of it (the sandbox's dice are seeded: the same state rolls the same).
    const id = sheetDialogId("character-seasoned", "finesse");
    const fixture = sheetDialogFixture(id);
    if (!fixture) throw new Error("the seasoned sheet rolls Finesse in the sandbox");
    const choices = applyDialogChange(fixture, initialChoices(fixture.subject, DIALOG_SETTINGS), { action: "darkUp" });
    let doc: CardDoc = rollDialog(fixture, choices, PLAYER).card;
    const stateOf = (d: CardDoc): RiskyCardState => {
      if (d.kind !== "risky") throw new Error("a Risky Action card");
      return d.state;
    };
    const view = riskyCardView(stateOf(doc), { ...PLAYER, gmOnline: true, mayApply: false, mayApplyReason: null });
    // The highest die for Precision (so the Effect lands), another die for the Effect.
    const precision = view.dice.filter((d) => d.clickRole === "precision").sort((a, b) => b.face - a.face)[0];
    if (!precision) throw new Error("the roll has a die to make the Precision");
    const effect = view.dice.find((d) => d.index !== precision.index && d.effectButton);
    if (!effect) throw new Error("the roll has another die to make the Effect");
    doc = applyCardClick(doc, PLAYER, { action: "select-die", index: precision.index, role: "precision" });
    doc = applyCardClick(doc, PLAYER, { action: "select-die", index: effect.index, role: "effect" });
    doc = applyCardClick(doc, PLAYER, { action: "confirm-effect", index: null, role: null });
    const expected = riskyCardResult(stateOf(doc));

    await open("/scene/sheet/character-seasoned");
    // Open the dialog: the sheet's Finesse button, reached by Tab and pressed by Enter.
    await tabTo('[data-action="roll"][data-roll="finesse"]');
    await pressAndWait();
    expect(await page.locator('[data-sandbox="dialog"]').count()).toBe(1);
    expect(
      await page.evaluate(() => document.activeElement?.closest('[data-sandbox="dialog"]') !== null),
      "the dialog's first render takes the focus",
    ).toBe(true);

    // Add a Dark Die: the focus stays on the stepper after the dialog re-renders.
    await tabTo('[data-action="darkUp"]');
    await pressAndWait();
    expect(await text(".rd-dark-count")).toBe("1");
    expect(await focusedIs('[data-action="darkUp"]'), "focus back on the Dark Dice + after the re-render").toBe(true);
    // The odds that changed are said politely.
    expect(await page.locator(`#${LIVE_REGION_ID}`).getAttribute("aria-live")).toBe("polite");
    expect(clean(await page.locator(`#${LIVE_REGION_ID}`).textContent())).toContain(
      `${english("TERRAN.Dialog.dark.heading")} 1`,
    );

    // Roll: Space presses a button as Enter does.
    await tabTo('[data-action="roll"]:not([data-roll])');
    await pressAndWait(" ");
    const card = page.locator("#sandbox-chat-log [data-card=risky]");
    expect(await card.count()).toBe(1);

    // On the card: the Precision die, then the Effect die, each reached by Tab.
    await tabTo(`#sandbox-chat-log button.die-face[data-index="${precision.index}"]`);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "")).toMatch(
      /^(Light|Dark) die, \d/,
    );
    await pressAndWait();
    expect(
      await focusedIs(`#sandbox-chat-log [data-action="select-die"][data-index="${precision.index}"]`),
      "focus stays on the die just chosen",
    ).toBe(true);
    // The Effect row follows the whole tray (review 3 K1): forward from any die.
    await tabTo(`#sandbox-chat-log button.die-make-effect[data-index="${effect.index}"]`);
    await pressAndWait();

    // Confirm.
    await tabTo('#sandbox-chat-log [data-action="confirm-effect"]');
    await pressAndWait();
    expect(await page.locator("#sandbox-chat-log .risky-card.locked").count()).toBe(1);
    expect(await text("#sandbox-chat-log .outcome .band")).toBe(english(`TERRAN.Band.${expected.band}`));
    expect(await page.locator("#sandbox-chat-log .outcome .band").getAttribute("role")).toBe("heading");
    if (!expected.effect) throw new Error("the highest die lands the Effect in this seeded roll");
    expect(Number(await text("#sandbox-chat-log .effect .effect-value"))).toBe(expected.effect.value);
    expect(await page.locator("#sandbox-chat-log .die.role-effect .die-face").getAttribute("aria-label")).toContain(
      english("TERRAN.Card.Die.role.effect"),
    );
    expect(await page.locator(`#sandbox-chat-log .die.role-precision .die-face`).getAttribute("aria-label")).toContain(
      english("TERRAN.Card.Die.role.precision"),
    );
    // After Confirm the focus goes to the card's next action, Apply Effect (Confirm is gone).
    expect(await page.evaluate(() => document.activeElement?.closest("[data-card=risky]") !== null)).toBe(true);
    expect(await focusedIs('#sandbox-chat-log [data-action="apply-effect"]'), "focus on Apply Effect").toBe(true);
    expect(clean(await page.locator(`#${LIVE_REGION_ID}`).textContent())).toContain(
      english(`TERRAN.Band.${expected.band}`),
    );
    await closePage();
  });
});

describe("accessibility: every mouse path on our screens has a keyboard path", { timeout: 60_000 }, () => {
  /** Tab to a control of the sheet and press Enter: the sandbox's sheet says which action ran (Foundry runs it). */
  async function pressSheetAction(selector: string, action: string): Promise<void> {
    await tabTo(selector);
    await page.keyboard.press("Enter");
    expect(await text("#sandbox-notice"), selector).toContain(`"${action}"`);
  }

  it("the character sheet: portrait, rating circles, wounds, Rest, tabs, and each item row's expand, equip, reorder and delete", async () => {
    await open("/scene/sheet/character-seasoned");
    await pressSheetAction('img.te-portrait[role="button"]', "editImage");
    // A row of circles is one Tab stop (a WAI-ARIA radio group): its checked circle.
    await pressSheetAction('[data-action="setRating"][data-attribute="finesse"][tabindex="0"]', "setRating");
    await pressSheetAction('[data-action="toggleWound"]', "toggleWound");
    await pressSheetAction('[data-action="rest"]', "rest");
    // Tabs: one Tab stop (the open tab); the right arrow opens the Items tab and shows its panel.
    await tabTo('[role="tab"][data-tab="main"]', { back: true });
    await pressAndWait("ArrowRight");
    expect(await page.locator('.tab[data-tab="items"]').isVisible()).toBe(true);
    expect(await page.locator('[role="tab"][data-tab="items"]').getAttribute("aria-selected")).toBe("true");
    for (const action of ["toggleExpand", "toggleEquipped", "moveDown", "moveUp", "deleteItem", "createItem"]) {
      await pressSheetAction(`.tab.active [data-action="${action}"]:not(:disabled, [aria-disabled="true"])`, action);
    }
    await closePage();
  });

  it("the creation panel: roll the ratings, Grit and Ego by keyboard", async () => {
    await open("/scene/sheet/character-fresh");
    await pressSheetAction('.te-creation [data-action="rollRatings"]', "rollRatings");
    await closePage();
  });

  it("the roll dialog: both steppers, a situational modifier (Space ticks it) and its fields", async () => {
    await open("/scene/dialog/weapon");
    await tabTo('input[data-action="toggleModifier"]');
    await pressAndWait(" ");
    expect(await focusedIs('input[data-action="toggleModifier"]'), "focus back on the box after the re-render").toBe(
      true,
    );
    expect(await page.locator('input[data-action="toggleModifier"]').first().isChecked()).toBe(true);
    await tabTo('[data-action="darkUp"]');
    await pressAndWait();
    await tabTo('[data-action="darkDown"]', { back: true });
    await pressAndWait();
    expect(await text(".rd-dark-count")).toBe("0");
    // darkDown is now disabled (no Dark Die left): the focus goes to the control at its place, not to the page.
    expect(await page.evaluate(() => document.activeElement?.closest('[data-sandbox="dialog"]') !== null)).toBe(true);
    await tabTo('select[name="range"]');
    await closePage();
  });

  it("the chat cards: Undo before Confirm, Apply after it; the GM's Allow on a Reaction; a Challenge's harm", async () => {
    await open("/scene/card/risky");
    await tabTo('[data-action="undo-ego"]');
    await pressAndWait();
    expect(await text(".ego-line .ego-status")).toBe(english("TERRAN.Card.Ego.undone"));
    await tabTo('[data-action="confirm-effect"]', { back: true });
    await pressAndWait();
    await tabTo('[data-action="apply-effect"]', { back: true });
    await pressAndWait();
    expect(await text(".applied .target-name")).toBe("Sandbox Challenge");
    await closePage();

    await open("/scene/card/reaction");
    await tabTo('[data-action="allow-effect"]');
    await pressAndWait();
    expect(await text(".note.reaction")).toBe(english("TERRAN.Card.Risky.reactionAllowed"));
    await closePage();

    await open("/scene/card/challenge");
    await tabTo('[data-action="apply-harm"]');
    await pressAndWait();
    expect(await page.locator(".harm li").count()).toBe(2);
    await closePage();
  });
});

/** Our markup: the content of a window or of a chat message (tests/browser/axe.ts says why). */
const OURS = ".window-content, .message-content";

describe("accessibility: focus is visible in both themes", { timeout: 120_000 }, () => {
  it.each(scenes().map((s) => [`${s.kind}/${s.id}`, s] as const))(
    "%s: Tab reaches every control of ours, and each shows the focus ring, light and dark",
    async (_, scene) => {
      for (const theme of ["light", "dark"] as const) {
        await open(`/scene/${scene.kind}/${scene.id}?theme=${theme}`);
        const controls = await page.evaluate((ours) => {
          // A composite widget's other members (tabs, rating radios: tabindex="-1") are reached by the arrow keys.
          const selector = ':is(button, a[href], input, select, textarea, summary, [tabindex]):not([tabindex="-1"])';
          return [...document.querySelectorAll<HTMLElement>(ours)]
            .flatMap((root) => [...root.querySelectorAll<HTMLElement>(selector)])
            .filter((el) => !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0).length;
        }, OURS);
        let stops = 0;
        const faint: string[] = [];
        for (let i = 0; controls > 0 && i < 400; i++) {
          await page.keyboard.press("Tab");
          const stop = await page.evaluate((ours) => {
            const el = document.activeElement as HTMLElement | null;
            if (!el || el === document.body) return null;
            if (!el.closest(ours)) return { ours: false, again: false, what: "", ring: "" };
            // Each stop is marked when first reached: reaching a marked one again means the walk went round.
            const again = el.dataset.walk === "seen";
            el.dataset.walk = "seen";
            const style = getComputedStyle(el);
            const what = `${el.tagName.toLowerCase()}${el.dataset.action ? `[${el.dataset.action}]` : ""}${el.getAttribute("name") ? `[name=${el.getAttribute("name")}]` : ""}`;
            return {
              ours: true,
              again,
              what,
              ring: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
            };
          }, OURS);
          if (!stop) continue;
          if (!stop.ours) {
            if (stops > 0) break; // past our markup: the walk is done
            continue;
          }
          if (stop.again) break;
          stops++;
          // The ring of styles/terran.css: 2px solid, the theme's focus colour.
          if (!/^solid 2px rgb\((26, 95, 180|138, 180, 255)\)$/.test(stop.ring))
            faint.push(`${stop.what}: ${stop.ring}`);
        }
        // Every visible, enabled control of ours was a stop (nothing is left out of the Tab order).
        expect(stops, `${scene.id} (${theme}): Tab reaches every control`).toBe(controls);
        expect(faint, `${scene.id} (${theme}): focus stops without the ring`).toEqual([]);
        await closePage();
      }
    },
  );
});
