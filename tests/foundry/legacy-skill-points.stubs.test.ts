// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts and ./applications.ts; the sheet is the
 * system's CharacterSheet rendered with the real templates), on v13 and v14: R-LEG-3 the 4 creation skill
 * points in a Legacy world — a click within them sets the skill, the circle past them is disabled with
 * its reason, a forged click past them is refused with a localised warning and nothing changes; after
 * creation a player's skill circles are closed (skill development instead) and the GM's open.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { GENERATIONS, makeGm, resetWorld, world } from "../stubs/foundry-client.ts";
import { click, find, open } from "./sheet-harness.ts";
import { CharacterSheet } from "../../src/applications/sheets/character/character-sheet.ts";
import type { CharacterData } from "../../src/data/actor/character.ts";
import { type LegacyValues, legacyValuesOf } from "../fixtures/legacy-values.ts";
import { setLegacyRating } from "../../src/documents/legacy-actions.ts";
import { legacyAdvancement, legacyHero } from "./legacy-builders.ts";

const skills = (actor: { system: unknown }): LegacyValues["skills"] =>
  legacyValuesOf((actor.system as CharacterData).toObject()).skills;
const circle = (skill: string, value: number): string =>
  `.te-skill[data-skill="${skill}"] [data-action="setLegacyRating"][data-value="${value}"]`;

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] the Legacy creation skill points on the sheet", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    world.settings.set("ruleset", "legacy");
  });

  it("R-LEG-3 (stand-ins): during creation a click within the 4 points sets the skill; past them the circle is disabled with the reason and the points left are shown", async () => {
    const mira = legacyHero("Mira", {
      legacy: { skills: { violence: 2, exploration: 1, social: 0, survival: 0, vocational: 0 } },
    });
    const sheet = await open(CharacterSheet, mira);
    expect(find(sheet, ".te-legacy-skills .te-attr-total").textContent).toContain("1");
    await click(sheet, circle("social", 1));
    expect(skills(mira).social).toBe(1);
    await sheet.render();
    const past = find(sheet, circle("survival", 1));
    // Closed, its reason in the keyboard's reach (src/applications/a11y/disabled.ts).
    expect(past.getAttribute("aria-disabled")).toBe("true");
    expect(past.closest("[data-tooltip]")?.getAttribute("data-tooltip")).toContain("4");
  });

  it("R-LEG-3 (stand-ins): a forged change past the 4 points is refused with a localised warning; nothing changes", async () => {
    const mira = legacyHero("Mira", {
      legacy: { skills: { violence: 4, exploration: 0, social: 0, survival: 0, vocational: 0 } },
    });
    await setLegacyRating(mira, "skill", "social", 1);
    expect(skills(mira).social).toBe(0);
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.skillPoints"]);
    // Moving a point inside the 4 is free.
    await setLegacyRating(mira, "skill", "violence", 3);
    await setLegacyRating(mira, "skill", "social", 1);
    expect(skills(mira)).toMatchObject({ violence: 3, social: 1 });
  });

  it("R-LEG-3 R-LEG-13 (stand-ins): after creation a player's skill change is refused (skill development instead); the GM sets it", async () => {
    const mira = legacyHero("Mira", { items: [legacyAdvancement("tough")] });
    const sheet = await open(CharacterSheet, mira);
    expect(find(sheet, circle("social", 1)).getAttribute("aria-disabled")).toBe("true");
    expect(sheet.element.querySelector(".te-legacy-skills .te-attr-total")).toBeNull();
    await setLegacyRating(mira, "skill", "social", 1);
    expect(skills(mira).social).toBe(0);
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.skillsAfterCreation"]);
    world.user = makeGm();
    await setLegacyRating(mira, "skill", "social", 3);
    expect(skills(mira).social).toBe(3);
  });
});
