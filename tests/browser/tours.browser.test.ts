/**
 * The guided tours' targets in real Chromium: for every step of every tour (src/applications/tours/steps.ts)
 * that points at an element, the sandbox scene its stage needs (the character sheet, the roll dialog,
 * the chat card, the Challenge sheet, the GM's dialogs, per ruleset) is opened and the step's selector
 * must match an element there, and the first match (the one Foundry highlights) must be visible. The
 * templates and CSS are the real ones; Foundry's own drawing of the tour (its overlay and tooltip) is not
 * exercised. The one step the sandbox cannot show is the ruleset step, which points into Foundry's own
 * Game Settings window: the test names it, so no other step can slip through unchecked.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TOURS, type TerranTourStep, type TourId } from "../../src/applications/tours/steps.ts";
import { afterUpdate, useSession, watchErrors } from "./browser.ts";

const session = useSession();

interface Scene {
  readonly path: string;
  /** What the user does first for the step's element to be drawn (Apply shows once the dice are confirmed). */
  readonly prepare?: (page: Page) => Promise<void>;
}

const confirmDice = (page: Page): Promise<void> =>
  afterUpdate(page, () => page.locator('[data-action="confirm-effect"]').click());

/** The sandbox scenes that put `step`'s stage on screen, or null for a window the sandbox does not draw. */
function scenesFor(tour: TourId, step: TerranTourStep): readonly Scene[] | null {
  const legacy = tour === "first-action-legacy";
  const stage = step.stage;
  switch (stage.kind) {
    case "sheet":
      return legacy
        ? [{ path: "/scene/sheet/character-legacy" }, { path: "/scene/sheet/character-legacy-fresh" }]
        : [{ path: "/scene/sheet/character-seasoned" }, { path: "/scene/sheet/character-degenesis" }];
    case "roll-dialog":
      return legacy ? [{ path: "/scene/dialog/legacy" }] : [{ path: "/scene/dialog/fresh" }];
    case "card":
      if (stage.card === "risky")
        return [{ path: "/scene/card/risky", ...(step.id === "apply" ? { prepare: confirmDice } : {}) }];
      return [{ path: stage.card === "legacyRisky" ? "/scene/card/legacy-risky" : "/scene/card/legacy-effect" }];
    case "challenge-sheet":
      return [{ path: "/scene/sheet/challenge-forecast" }];
    case "gm-dialog":
      return [{ path: stage.dialog === "request" ? "/scene/tool/request-dialog" : "/scene/tool/session-dialog" }];
    case "settings":
    case "center":
      return null;
  }
}

/** Where `selector` fails in the scene: no match, or a first match that is not visible. */
async function problem(page: Page, selector: string): Promise<string | null> {
  const matches = page.locator(selector);
  if ((await matches.count()) === 0) return "matches nothing";
  if (!(await matches.first().isVisible())) return "matches an invisible element";
  return null;
}

describe("sandbox in Chromium: every tour step's element is drawn by our templates", { timeout: 120_000 }, () => {
  it("each step's selector matches a visible element in the scene its stage needs, in every ruleset", async () => {
    const failures: string[] = [];
    const unchecked: string[] = [];
    let checked = 0;
    for (const [id, tour] of Object.entries(TOURS) as [TourId, (typeof TOURS)[TourId]][]) {
      for (const step of tour.steps) {
        if (!step.selector) continue;
        const scenes = scenesFor(id, step);
        if (!scenes) {
          unchecked.push(`${id}/${step.id}`);
          continue;
        }
        for (const scene of scenes) {
          const page = await session().context.newPage();
          const errors = watchErrors(page);
          await page.goto(`${session().sandbox.url}${scene.path}`);
          await scene.prepare?.(page);
          const found = await problem(page, step.selector);
          if (found) failures.push(`${id}/${step.id} in ${scene.path}: ${step.selector} ${found}`);
          failures.push(...errors.map((e) => `${scene.path}: ${e}`));
          checked++;
          await page.close();
        }
      }
    }
    expect(failures).toEqual([]);
    // Foundry's own Game Settings window is not in the sandbox: only the ruleset step points there.
    expect(unchecked).toEqual(["table-tools/ruleset"]);
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it("a selector that matches nothing, or only a hidden element, is caught", async () => {
    const page = await session().context.newPage();
    await page.goto(`${session().sandbox.url}/scene/card/risky`);
    // A hook no template draws; the breakdown's lines, which sit in a closed <details>.
    expect(await problem(page, '[data-tour="no-such-part"]')).toBe("matches nothing");
    expect(await problem(page, ".breakdown-lines")).toBe("matches an invisible element");
    expect(await problem(page, '[data-tour="card-dice"]')).toBeNull();
    await page.close();
  });
});
