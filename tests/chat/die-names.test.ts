/**
 * Accessibility, not by colour alone: each die on a card has an accessible name that says its tone, its
 * face and its role ("Dark die, 5, Effect"), in the card's language, so a player who cannot tell the
 * light die from the dark one by colour, or who uses a screen reader, reads the same dice.
 */
import { describe, expect, it } from "vitest";
import { challengeCardView, riskyCardView, selectDie, type RiskyCardState } from "../../src/chat/index.ts";
import { challengeDieNameKey, dieNameKey, type DieNameRole, type DieNameTone } from "../../src/chat/die-names.ts";
import { english } from "../support/templates.ts";
import { card, challenge, challengeViewer, GM, renderDom, ROLLER, viewer } from "./fixtures.ts";

/**
 * Every key the two key functions can return. The tones and roles are written as records of their
 * types, so a tone or role added to the types and not here fails to compile.
 */
const TONES: Record<DieNameTone, null> = { light: null, dark: null };
const ROLES: Record<NonNullable<DieNameRole> | "none", DieNameRole> = {
  precision: "precision",
  effect: "effect",
  both: "both",
  second: "second",
  none: null,
};
const DIE_NAME_KEYS: readonly string[] = [
  ...(Object.keys(TONES) as DieNameTone[]).flatMap((tone) =>
    Object.values(ROLES).map((role) => dieNameKey(tone, role)),
  ),
  challengeDieNameKey(true),
  challengeDieNameKey(false),
];

/** The accessible name each die's face carries on the rendered card, in tray order. */
function names(state: RiskyCardState, who = viewer(ROLLER)): (string | null)[] {
  const root = renderDom("chat/risky-card.hbs", riskyCardView(state, who));
  return [...root.querySelectorAll(".dice-tray .die .die-face")].map((el) => el.getAttribute("aria-label"));
}

describe("accessibility: a die's accessible name says tone, face and role", () => {
  it("R-RA-1: Precision and Effect chosen on a light and a dark die; the third die has no role", () => {
    let state = card([4, 2], [5]);
    state = selectDie(state, ROLLER, 0, "precision", state.version);
    state = selectDie(state, ROLLER, 2, "effect", state.version);
    expect(names(state)).toEqual(["Light die, 4, Precision", "Light die, 2", "Dark die, 5, Effect"]);
  });

  it("R-RA-1: a single die serves both, and the GM (who cannot click it as the roller does) reads the same name", () => {
    const state = card([6]);
    expect(names(state)).toEqual(["Light die, 6, Precision and Effect"]);
    expect(names(state, viewer(GM))).toEqual(["Light die, 6, Precision and Effect"]);
  });

  it("a die that can be clicked keeps its name on the button; what a click does stays its description", () => {
    let state = card([4, 2], [5]);
    state = selectDie(state, ROLLER, 0, "precision", state.version);
    const root = renderDom("chat/risky-card.hbs", riskyCardView(state, viewer(ROLLER)));
    const button = root.querySelector('button.die-face[data-index="1"]');
    expect(button?.getAttribute("aria-label")).toBe("Light die, 2");
    expect(button?.getAttribute("title")).toBe(english("TERRAN.Card.Die.makePrecision"));
    // The small Effect button names the die it would make the Effect (several dice have one).
    expect(root.querySelector('button.die-make-effect[data-index="1"]')?.getAttribute("aria-label")).toBe(
      "Effect: Light die, 2",
    );
  });

  it("R-CH-2: a Challenge's dice say which one was kept", () => {
    const root = renderDom("chat/challenge-card.hbs", challengeCardView(challenge(), challengeViewer(GM)));
    const labels = [...root.querySelectorAll(".dice-tray .die .die-face")].map((el) => el.getAttribute("aria-label"));
    expect(labels).toEqual(["Challenge die, 3, dropped", "Challenge die, 6, kept"]);
  });

  it("every name key exists in English", () => {
    expect(DIE_NAME_KEYS.length).toBe(2 * 5 + 2);
    for (const key of DIE_NAME_KEYS) expect(english(key), key).toContain("{face}");
  });
});
