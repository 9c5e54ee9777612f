// @vitest-environment happy-dom
/**
 * R-XP-1 the GM's end-of-session dialog's view (src/applications/gm/session-context.ts) and its template: with
 * no player character the Award button is closed, and says why where a keyboard reaches it.
 */
import { describe, expect, it } from "vitest";
import { sessionDialogContext } from "../../src/applications/gm/session-context.ts";
import { english, renderTemplate } from "../support/templates.ts";

describe("the end-of-session dialog", () => {
  it("R-XP-1: with no player character Award is closed with its reason; with one it is open and says nothing", () => {
    expect(sessionDialogContext([]).award).toEqual({ disabled: true, tooltipKey: "TERRAN.Session.Dialog.none" });
    const one = sessionDialogContext([
      { uuid: "Actor.a1", name: "Mira", played: true, xp: 2, current: 3, status: null },
    ]);
    expect(one.award).toEqual({ disabled: false, tooltipKey: null });
  });

  it("R-XP-1: a closed Award stays focusable (aria-disabled, never disabled) with its reason as tooltip and title", () => {
    const root = document.createElement("div");
    root.innerHTML = renderTemplate("dialogs/session-award.hbs", sessionDialogContext([]));
    const award = root.querySelector<HTMLButtonElement>('[data-action="award"]');
    const reason = english("TERRAN.Session.Dialog.none");
    expect(award?.disabled).toBe(false);
    expect(award?.getAttribute("aria-disabled")).toBe("true");
    expect(award?.getAttribute("title")).toBe(reason);
    expect(award?.closest("[data-tooltip]")?.getAttribute("data-tooltip")).toBe(reason);
    const open = document.createElement("div");
    open.innerHTML = renderTemplate(
      "dialogs/session-award.hbs",
      sessionDialogContext([{ uuid: "Actor.a1", name: "Mira", played: true, xp: 2, current: 3, status: null }]),
    );
    const button = open.querySelector<HTMLButtonElement>('[data-action="award"]');
    expect(button?.hasAttribute("aria-disabled")).toBe(false);
    expect(button?.hasAttribute("title")).toBe(false);
  });
});
