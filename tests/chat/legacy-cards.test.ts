/**
 * The Legacy ruleset's cards (src/chat/legacy-cards.ts), rendered with the real
 * result-card template (strict Handlebars).
 */
import { describe, expect, it } from "vitest";
import {
  experienceRollCard,
  legacyCreationCard,
  legacyEffectCard,
  legacyHarmCard,
  legacyRiskyCard,
} from "../../src/chat/legacy-cards.ts";
import type { ResultCardView } from "../../src/chat/index.ts";
import { english } from "../support/templates.ts";
import { renderDom, text } from "./fixtures.ts";

const render = (view: ResultCardView): HTMLElement => renderDom("chat/result-card.hbs", view);
const lines = (root: HTMLElement): string[] =>
  [...root.querySelectorAll(".result-line")].map(
    (l) => `${text(l.querySelector("dt"))}: ${text(l.querySelector("dd"))}`,
  );

describe("Legacy cards", () => {
  it("R-LEG-9 R-LEG-8: a Risky Action reads the highest die of all thrown; the Dark Dice that cost Ego are marked", () => {
    const view = legacyRiskyCard({
      actorName: "Oskar",
      attributeLabelKey: "TERRAN.Character.FIELDS.ratings.attributes.strength.label",
      skillLabelKey: "TERRAN.Character.FIELDS.ratings.skills.violence.label",
      light: [2, 4],
      dark: [5, 1],
      costly: [false, true],
      ego: { before: 3, after: 2 },
      lost: false,
    });
    expect(view).toMatchObject({
      titleKey: "TERRAN.Card.Legacy.riskyTitle",
      tone: "neutral",
      noteKey: "TERRAN.Card.Legacy.band.partial",
    });
    const root = render(view);
    expect(text(root.querySelector(".actor-name"))).toBe("Oskar");
    const dice = [...root.querySelectorAll(".die")];
    expect(dice.map((d) => d.classList.contains("kept"))).toEqual([false, false, true, false]);
    expect(dice.map((d) => d.classList.contains("tone-dark"))).toEqual([false, false, true, true]);
    expect(dice.map((d) => d.classList.contains("costs-ego"))).toEqual([false, false, false, true]);
    // R-LEG-8 marked as Core marks it (R-EGO-2): "−1 Ego" on the die, not only a ring.
    expect(dice.map((d) => text(d.querySelector(".die-cost")))).toEqual(["", "", "", "\u22121 Ego"]);
    expect(lines(root)).toEqual([
      `${english("TERRAN.Card.Legacy.attribute")}: Strength`,
      `${english("TERRAN.Card.Legacy.skill")}: Violence`,
      `${english("TERRAN.Card.Legacy.outcome")}: ${english("TERRAN.Band.partial")}`,
      `${english("TERRAN.Card.Legacy.ego")}: 3 → 2`,
    ]);
  });

  it("R-LEG-9: a 6 succeeds, 1–3 fails, no dice fails; Ego reaching 0 says the character is lost", () => {
    const base = {
      attributeLabelKey: "TERRAN.Character.FIELDS.ratings.attributes.agility.label",
      skillLabelKey: null,
      dark: [],
      costly: [],
      ego: { before: 2, after: 2 },
      lost: false,
    };
    expect(legacyRiskyCard({ ...base, light: [6, 3] })).toMatchObject({
      tone: "light",
      noteKey: "TERRAN.Card.Legacy.band.success",
    });
    expect(legacyRiskyCard({ ...base, light: [3, 1] })).toMatchObject({
      tone: "dark",
      noteKey: "TERRAN.Card.Legacy.band.fail",
    });
    expect(legacyRiskyCard({ ...base, light: [] })).toMatchObject({
      tone: "dark",
      noteKey: "TERRAN.Card.Legacy.noDice",
    });
    const lost = legacyRiskyCard({
      ...base,
      light: [4],
      dark: [1],
      costly: [true],
      ego: { before: 1, after: 0 },
      lost: true,
    });
    expect(lost.noteKey).toBe("TERRAN.Card.Legacy.lost");
    expect(lines(render(lost))).toContain(`${english("TERRAN.Card.Legacy.ego")}: 1 → 0`);
  });

  it("R-LEG-11: the Effect card shows the tool, the kept die, the explosion chain and the total", () => {
    const view = legacyEffectCard({
      actorName: "Oskar",
      toolName: "Large axe",
      tierLabelKey: "TERRAN.Card.Legacy.tier",
      faces: [2, 6],
      chain: [6, 3],
      kept: 6,
      halved: false,
      bonus: 0,
      total: 15,
    });
    const root = render(view);
    const dice = [...root.querySelectorAll(".die")];
    expect(dice.map((d) => text(d))).toEqual(["2", "6", "6", "3"]);
    expect(dice.map((d) => d.classList.contains("kept"))).toEqual([false, true, true, true]);
    expect(lines(root)).toContain(`${english("TERRAN.Card.Legacy.chain")}: +6 +3`);
    expect(lines(root)).toContain(`${english("TERRAN.Card.Legacy.effect")}: 15`);
    expect(text(root.querySelector(".note"))).toBe(english("TERRAN.Card.Legacy.exploded"));
  });

  it("R-LEG-11: a halved tool and a two-handed bonus each get their line; a name is shown as text", () => {
    const view = legacyEffectCard({
      toolName: "<img src=x onerror=alert(1)>",
      tierLabelKey: "TERRAN.Card.Legacy.tier",
      faces: [3],
      chain: [],
      kept: 3,
      halved: true,
      bonus: 1,
      total: 3,
    });
    const root = render(view);
    expect(root.querySelector("img")).toBeNull();
    expect(lines(root)).toContain(
      `${english("TERRAN.Card.Legacy.halved")}: ${english("TERRAN.Card.Legacy.halvedValue")}`,
    );
    expect(lines(root)).toContain(`${english("TERRAN.Card.Legacy.twoHanded")}: +1`);
    expect(view.noteKey).toBeNull();
  });

  it("R-LEG-4 R-LEG-5 R-LEG-6: harm shows armour, HP, the wound reached, the attribute lost, and death", () => {
    const critical = legacyHarmCard({
      effect: 5,
      armour: 1,
      damage: 4,
      hp: { before: 3, after: 0, max: 5 },
      wound: "critical",
      attributeLostLabelKey: null,
      dead: false,
      shieldSacrificed: false,
    });
    expect(critical).toMatchObject({ noteKey: "TERRAN.Card.Legacy.critical", tone: "dark" });
    expect(lines(render(critical))).toEqual([
      `${english("TERRAN.Card.Legacy.incoming")}: 5`,
      `${english("TERRAN.Card.Legacy.armour")}: −1`,
      `${english("TERRAN.Card.Legacy.damage")}: 4`,
      `${english("TERRAN.Card.Legacy.hp")}: 3 → 0 / 5`,
      `${english("TERRAN.Card.Legacy.wound")}: ${english("TERRAN.Wound.critical")}`,
    ]);
    const mortal = legacyHarmCard({
      effect: 2,
      armour: 0,
      damage: 2,
      hp: { before: 0, after: 0, max: 5 },
      wound: "mortal",
      attributeLostLabelKey: "TERRAN.Character.FIELDS.ratings.attributes.agility.label",
      dead: false,
      shieldSacrificed: false,
    });
    expect(mortal.noteKey).toBe("TERRAN.Card.Legacy.mortal");
    expect(lines(render(mortal))).toContain(`${english("TERRAN.Card.Legacy.attributeLost")}: Agility`);
    const dead = legacyHarmCard({
      effect: 1,
      armour: 0,
      damage: 1,
      hp: { before: 0, after: 0, max: 5 },
      wound: null,
      attributeLostLabelKey: null,
      dead: true,
      shieldSacrificed: false,
    });
    expect(dead.noteKey).toBe("TERRAN.Card.Legacy.dead");
    const shield = legacyHarmCard({
      effect: 9,
      armour: 1,
      damage: 0,
      hp: { before: 3, after: 3, max: 5 },
      wound: null,
      attributeLostLabelKey: null,
      dead: false,
      shieldSacrificed: true,
    });
    expect(shield).toMatchObject({ noteKey: "TERRAN.Card.Legacy.noDamage", tone: "neutral" });
  });

  it("R-LEG-6 R-LEG-8: the harm card shows Protected's Dark Dice (those that cost Ego marked), what they took off and the Ego spent", () => {
    const base = {
      effect: 6,
      armour: 1,
      hp: { before: 5, after: 4, max: 5 },
      wound: null,
      attributeLostLabelKey: null,
      dead: false,
      shieldSacrificed: false,
    } as const;
    const view = legacyHarmCard({
      ...base,
      damage: 1,
      protected: { faces: [3, 5], by: 4, costly: [true, false], ego: { before: 3, after: 2 }, lost: false },
    });
    const root = render(view);
    const dice = [...root.querySelectorAll(".die")];
    expect(dice.map((d) => text(d.querySelector(".die-face")))).toEqual(["3", "5"]);
    expect(dice.map((d) => d.classList.contains("tone-dark"))).toEqual([true, true]);
    expect(dice.map((d) => d.classList.contains("costs-ego"))).toEqual([true, false]);
    expect(dice.map((d) => text(d.querySelector(".die-cost")))).toEqual(["\u22121 Ego", ""]);
    expect(lines(root)).toEqual([
      `${english("TERRAN.Card.Legacy.incoming")}: 6`,
      `${english("TERRAN.Card.Legacy.armour")}: −1`,
      `${english("TERRAN.Card.Legacy.protected")}: −4`,
      `${english("TERRAN.Card.Legacy.protectedEgo")}: 3 → 2`,
      `${english("TERRAN.Card.Legacy.damage")}: 1`,
      `${english("TERRAN.Card.Legacy.hp")}: 5 → 4 / 5`,
    ]);
    // All taken off: Protected's note, not the armour's; the last Ego taken: the character is lost.
    const all = legacyHarmCard({
      ...base,
      hp: { before: 5, after: 5, max: 5 },
      damage: 0,
      protected: { faces: [6], by: 5, costly: [false], ego: { before: 8, after: 8 }, lost: false },
    });
    expect(all).toMatchObject({ noteKey: "TERRAN.Card.Legacy.protectedAll", tone: "neutral" });
    const lost = legacyHarmCard({
      ...base,
      damage: 4,
      protected: { faces: [1], by: 1, costly: [true], ego: { before: 1, after: 0 }, lost: true },
    });
    expect(lost.noteKey).toBe("TERRAN.Card.Legacy.lost");
    // No dice thrown: no dice and no Protected lines.
    const none = legacyHarmCard({ ...base, damage: 5, protected: null });
    expect(none.dice).toEqual([]);
    expect(lines(render(none)).some((l) => l.startsWith(english("TERRAN.Card.Legacy.protected")))).toBe(false);
  });

  it("R-LEG-13: the Advancement and skill rolls sum every die against their target", () => {
    const won = experienceRollCard({
      kind: "advancement",
      skillLabelKey: null,
      faces: [6, 5, 4],
      sum: 15,
      target: 9,
      success: true,
      rating: null,
    });
    expect(won).toMatchObject({
      titleKey: "TERRAN.Card.Legacy.advancementTitle",
      noteKey: "TERRAN.Card.Legacy.advancementWon",
      tone: "light",
    });
    const root = render(won);
    expect([...root.querySelectorAll(".die")].every((d) => d.classList.contains("kept"))).toBe(true);
    expect(lines(root)).toEqual([
      `${english("TERRAN.Card.Legacy.xpSpent")}: 3`,
      `${english("TERRAN.Card.Legacy.sum")}: 15 / 9`,
    ]);
    const missed = experienceRollCard({
      kind: "skill",
      skillLabelKey: "TERRAN.Character.FIELDS.ratings.skills.social.label",
      faces: [1, 2],
      sum: 3,
      target: 6,
      success: false,
      rating: 2,
    });
    expect(missed).toMatchObject({ noteKey: "TERRAN.Card.Legacy.skillMissed", tone: "dark" });
    expect(lines(render(missed))).toContain(`${english("TERRAN.Card.Legacy.rating")}: 2`);
  });

  it("R-LEG-2: the creation card lists each attribute's two dice and its rating, and the starting HP and Ego", () => {
    const view = legacyCreationCard({
      rolls: [
        { labelKey: "TERRAN.Character.FIELDS.ratings.attributes.strength.label", faces: [3, 6], rating: 2 },
        { labelKey: "TERRAN.Character.FIELDS.ratings.attributes.agility.label", faces: [4, 1], rating: 1 },
      ],
      hp: 5,
      ego: 2,
    });
    const root = render(view);
    expect([...root.querySelectorAll(".die")].map((d) => d.classList.contains("kept"))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(lines(root).slice(0, 2)).toEqual(["Strength: 3, 6 → 2", "Agility: 4, 1 → 1"]);
  });
});
