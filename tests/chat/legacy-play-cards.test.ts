/**
 * Legacy in play on the cards, rendered with the real templates (strict Handlebars): R-LEG-15 the Effect
 * card names the extra die, R-LEG-14 the montage's one card, R-LEG-10 the Challenge card says how many
 * Challenges ganged up (and a stored card is checked for it).
 */
import { describe, expect, it } from "vitest";
import { legacyEffectCard } from "../../src/chat/legacy-cards.ts";
import { montageCard, type MontageCardInput } from "../../src/chat/legacy-montage-card.ts";
import {
  assertChallengeCardState,
  challengeCardView,
  type ChallengeCardState,
  type ResultCardView,
} from "../../src/chat/index.ts";
import { english } from "../support/templates.ts";
import { challenge, challengeViewer, expectCode, GM, renderDom, text } from "./fixtures.ts";

const render = (view: ResultCardView): HTMLElement => renderDom("chat/result-card.hbs", view);
const lines = (root: HTMLElement): string[] =>
  [...root.querySelectorAll(".result-line")].map(
    (l) => `${text(l.querySelector("dt"))}: ${text(l.querySelector("dd"))}`,
  );

describe("R-LEG-15 the Effect card names the extra die", () => {
  it("R-LEG-15: Sneak attack's die is on the card, with its situation; without one no such line", () => {
    const base = {
      toolName: "Sword",
      tierLabelKey: "TERRAN.Tool.normal",
      faces: [2, 5],
      chain: [],
      kept: 5,
      halved: false,
      bonus: 0,
      total: 5,
    };
    const root = render(legacyEffectCard({ ...base, extraKeys: ["TERRAN.Dialog.Legacy.edgeSneakAttack"] }));
    expect(lines(root)).toContain(`${english("TERRAN.Card.Legacy.extraDie")}: against an unaware rival (Sneak attack)`);
    expect([...root.querySelectorAll(".die")].map((d) => d.classList.contains("kept"))).toEqual([false, true]);
    expect(
      lines(render(legacyEffectCard(base))).some((l) => l.startsWith(english("TERRAN.Card.Legacy.extraDie"))),
    ).toBe(false);
    expect(lines(render(legacyEffectCard({ ...base, extraKeys: ["TERRAN.Dialog.Legacy.edgeSniper"] })))).toContain(
      `${english("TERRAN.Card.Legacy.extraDie")}: after a turn spent aiming (Sniper)`,
    );
  });
});

describe("R-LEG-14 the montage card", () => {
  const input = (over: Partial<MontageCardInput> = {}): MontageCardInput => ({
    actorName: "Mira",
    challengeName: "<b>Storm</b>",
    tierKey: "TERRAN.ChallengeTier.dangerous",
    challengeFaces: [6],
    challengeChain: [2],
    challengeEffect: 8,
    complication: 2,
    attributeLabelKey: "TERRAN.Character.FIELDS.ratings.attributes.agility.label",
    skillLabelKey: "TERRAN.Character.FIELDS.ratings.skills.survival.label",
    light: [3, 5],
    dark: [2, 4],
    costly: [true, false],
    ego: { before: 3, after: 1 },
    lost: false,
    ...over,
  });

  it("R-LEG-14: ONE card shows both parts: the Challenge's Effect and its complication, then the outcome for the whole Challenge and the Ego (2 per costly die)", () => {
    const root = render(montageCard(input()));
    expect(text(root.querySelector(".card-title"))).toBe(english("TERRAN.Card.Montage.title"));
    const dice = [...root.querySelectorAll(".die")];
    expect(dice.map((d) => text(d.querySelector(".die-face")))).toEqual(["6", "2", "3", "5", "2", "4"]);
    expect(dice.map((d) => [...d.classList].find((c) => c.startsWith("tone-")))).toEqual([
      "tone-challenge",
      "tone-challenge",
      "tone-light",
      "tone-light",
      "tone-dark",
      "tone-dark",
    ]);
    // The 5 decides (the first highest); the costly Dark Die is marked.
    expect(dice.map((d) => d.classList.contains("kept"))).toEqual([true, true, false, true, false, false]);
    expect(dice[4]?.classList.contains("costs-ego")).toBe(true);
    expect(text(dice[4]?.querySelector(".die-cost"))).toBe("\u22122 Ego"); // a montage's Dark Die costs 2 (R-LEG-14)
    expect(lines(root)).toEqual([
      `${english("TERRAN.Card.Montage.challenge")}: <b>Storm</b>`,
      `${english("TERRAN.Card.Montage.tier")}: ${english("TERRAN.ChallengeTier.dangerous")}`,
      `${english("TERRAN.Card.Montage.challengeEffect")}: 8`,
      `${english("TERRAN.Card.Montage.complication")}: \u22122d`,
      `${english("TERRAN.Card.Legacy.attribute")}: Agility`,
      `${english("TERRAN.Card.Legacy.skill")}: Survival`,
      `${english("TERRAN.Card.Legacy.outcome")}: ${english("TERRAN.Band.partial")}`,
      `${english("TERRAN.Card.Montage.ego")}: 3 \u2192 1 (2 lost: 2 per Dark Die that cost)`,
    ]);
    expect(root.querySelector("b")).toBeNull();
    expect(text(root.querySelector(".note"))).toBe(english("TERRAN.Card.Montage.band.partial"));
  });

  it("R-LEG-14 R-LEG-9: a 6 overcomes the whole Challenge; no dice left fails it; Ego at 0 says the character is lost", () => {
    expect(montageCard(input({ light: [6], dark: [], costly: [] }))).toMatchObject({
      tone: "light",
      noteKey: "TERRAN.Card.Montage.band.success",
    });
    expect(
      montageCard(input({ light: [1, 3], dark: [], costly: [] })).lines.some(
        (l) => l.labelKey === "TERRAN.Card.Montage.ego",
      ),
    ).toBe(false);
    expect(montageCard(input({ light: [], dark: [], costly: [] }))).toMatchObject({
      tone: "dark",
      noteKey: "TERRAN.Card.Montage.noDice",
    });
    expect(montageCard(input({ ego: { before: 2, after: 0 }, lost: true }))).toMatchObject({
      noteKey: "TERRAN.Card.Legacy.lost",
    });
    expect(
      montageCard(input({ complication: 0 })).lines.find((l) => l.labelKey === "TERRAN.Card.Montage.complication")
        ?.value,
    ).toBe("0");
  });
});

describe("R-LEG-10 the Challenge card names the Challenges ganging up", () => {
  it("R-LEG-10: a card rolled for three Challenges says so; one alone stores nothing and says nothing", () => {
    const ganged = challenge({ gangUp: 3 });
    expect(ganged.gangUp).toBe(3);
    const root = renderDom("chat/challenge-card.hbs", challengeCardView(ganged, challengeViewer(GM)));
    expect(text(root.querySelector(".challenge-gang-up"))).toBe("Ganging up: 3");
    for (const alone of [challenge(), challenge({ gangUp: 1 }), challenge({ gangUp: null })]) {
      expect("gangUp" in alone).toBe(false);
      expect(
        renderDom("chat/challenge-card.hbs", challengeCardView(alone, challengeViewer(GM))).querySelector(
          ".challenge-gang-up",
        ),
      ).toBeNull();
    }
  });

  it("R-LEG-10: a stored card's count is a whole number of two or more, else the card is refused", () => {
    const ok = challenge({ gangUp: 5 });
    for (const bad of [1, 0, 2.5, Number.NaN, "3", null, undefined]) {
      const forged = { ...ok, gangUp: bad } as unknown as ChallengeCardState;
      expect(() => assertChallengeCardState(forged), String(bad)).toThrow();
    }
    expectCode(() => assertChallengeCardState({ ...ok, gangUp: 101 }), "out-of-range");
    expect(assertChallengeCardState(ok)).toBe(ok);
  });
});
