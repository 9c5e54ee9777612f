// @vitest-environment happy-dom
/**
 * The one character sheet, adapted to the Legacy ruleset: the pure context builds the main
 * tab from the ruleset's data (its attribute and skill lists, the HP health model, the Experience rolls)
 * and the real templates render it strictly; the Core sheet of the same character is unchanged.
 */
import { describe, expect, it } from "vitest";
import { characterSheetContext } from "../../../src/applications/sheets/character/character-context.ts";
import { CHARACTER_SHEET_PARTS } from "../../../src/applications/sheets/parts.ts";
import { LEGACY } from "../../../src/rules/index.ts";
import { legacyFreshCharacter, legacySeasonedCharacter } from "../../fixtures/legacy-sheets.ts";
import { GM, OBSERVER } from "../../fixtures/sheets.ts";
import { defaultLegacyValues, legacyBlocks, legacyValuesOf } from "../../fixtures/legacy-values.ts";
import { english, renderTemplate } from "../../support/templates.ts";
import { gritPart, hpPart } from "../../fixtures/sheets.ts";

const full = (input: Parameters<typeof characterSheetContext>[0]) => {
  const view = characterSheetContext(input);
  if (view.limited) throw new Error("expected a full view");
  return view;
};

function render(input: Parameters<typeof characterSheetContext>[0]): HTMLElement {
  const root = document.createElement("form");
  root.innerHTML = Object.values(CHARACTER_SHEET_PARTS)
    .map((p) => renderTemplate(p.replace(/^templates\//, ""), characterSheetContext(input)))
    .join("\n");
  return root;
}

const text = (el: Element | null): string => (el?.textContent ?? "").replace(/\s+/g, " ").trim();

describe("the character sheet adapts to the Legacy ruleset", () => {
  it("R-LEG-1 R-LEG-3: the attributes and skills are the ruleset's lists, in its order, rated 0–4; no groups, Saves or Grit", () => {
    const view = full(legacySeasonedCharacter());
    expect("groups" in view.main).toBe(false);
    const legacy = hpPart(view);
    if (!legacy) throw new Error("no Legacy view");
    expect(legacy.attributes.map((a) => [a.id, a.value])).toEqual(
      LEGACY.attributes.list.map((a) => [a.id, { strength: 2, agility: 1, insight: 1, charisma: 2 }[a.id]]),
    );
    expect(legacy.attributes.every((a) => a.circles.length === LEGACY.attributes.max)).toBe(true);
    expect(legacy.skills?.map((s) => [s.id, s.value, s.target])).toEqual([
      ["violence", 2, 6],
      ["exploration", 0, 0],
      ["social", 1, 3],
      ["survival", 1, 3],
      ["vocational", 0, 0],
    ]);
    const root = render(legacySeasonedCharacter());
    expect(root.querySelector(".te-grit")).toBeNull();
    expect(root.querySelector(".te-save")).toBeNull();
    expect(
      [...root.querySelectorAll(".te-legacy-attributes .te-attr[data-attribute]")].map((e) =>
        e.getAttribute("data-attribute"),
      ),
    ).toEqual(["strength", "agility", "insight", "charisma"]);
    expect(root.querySelectorAll(".te-skill").length).toBe(5);
  });

  it("R-LEG-3 (setting): in a game without skills the sheet shows no skills and no creation points; the stored ratings stay", () => {
    const input = { ...legacySeasonedCharacter(), withoutSkills: true };
    const legacy = hpPart(full(input));
    expect(legacy?.skills).toBeNull();
    expect(legacy?.skillPoints ?? null).toBeNull();
    const root = render(input);
    expect(root.querySelectorAll(".te-skill").length).toBe(0);
    expect(root.querySelector(".te-legacy-skills")).toBeNull();
    expect(input.system.ratings?.skills.violence).toBe(2);
  });

  it("R-LEG-4 R-LEG-7: HP and Ego show their derived maxima (Tough, Estranged); only the current values are inputs", () => {
    const legacy = hpPart(full(legacySeasonedCharacter()));
    expect(legacy?.hp).toMatchObject({ value: 0, max: 9 });
    expect(legacy?.ego).toMatchObject({ value: 2, max: 4 });
    const root = render(legacySeasonedCharacter());
    expect(root.querySelector<HTMLInputElement>('input[name="system.hitPoints.value"]')?.max).toBe("9");
    expect(root.querySelector('input[name="system.hitPoints.max"]')).toBeNull();
    expect(text(root.querySelector(".te-hp .te-track-max"))).toBe("9");
    expect(text(root.querySelector(".te-ego .te-track-max"))).toBe("4");
  });

  it('R-LEG-7 (ruling): a lost character\'s "Take a Condition" is closed and says why; before 0 it is open', () => {
    const seasoned = legacySeasonedCharacter();
    expect(hpPart(full(seasoned)).ego.refill.disabled).toBe(false);
    const lost = legacySeasonedCharacter({
      system: {
        ...seasoned.system,
        lost: true,
        ...legacyBlocks({ ...legacyValuesOf(seasoned.system), ego: { value: 0 } }),
      },
    });
    const refill = hpPart(full(lost)).ego.refill;
    expect(refill?.disabled).toBe(true);
    expect(english(refill?.tooltip.key ?? "")).toMatch(/lost/i);
  });

  it("R-LEG-4 R-LEG-7 (ruling): a stored value above its maximum is shown as the maximum", () => {
    const seasoned = legacySeasonedCharacter();
    const over = legacySeasonedCharacter({
      system: {
        ...seasoned.system,
        ...legacyBlocks({ ...legacyValuesOf(seasoned.system), hp: { value: 12 }, ego: { value: 7 } }),
      },
    });
    expect(hpPart(full(over)).hp).toMatchObject({ value: 9, max: 9 });
    expect(hpPart(full(over)).ego).toMatchObject({ value: 4, max: 4 });
  });

  it("R-LEG-5: the wound stages come from the ruleset; a Critical wound costs every roll a die and a night is refused with the reason", () => {
    const legacy = hpPart(full(legacySeasonedCharacter()));
    expect(legacy?.wounds.map((w) => [w.id, w.marked])).toEqual([
      ["critical", true],
      ["mortal", false],
    ]);
    expect(legacy?.penalty).toEqual({ key: "TERRAN.Sheet.Legacy.penalty", value: "1" });
    expect(legacy?.attributes.map((a) => a.roll.light)).toEqual([1, 0, 0, 1]);
    expect(legacy?.hp.night).toMatchObject({ disabled: true, tooltip: { key: "TERRAN.Sheet.Legacy.nightWounded" } });
    expect(legacy?.hp.week.disabled).toBe(false);
    const root = render(legacySeasonedCharacter());
    const night = root.querySelector<HTMLButtonElement>('[data-action="legacyRecover"][data-kind="night"]');
    expect(night?.disabled).toBe(true);
    expect(night?.closest("[data-tooltip]")?.getAttribute("data-tooltip")).toBe(
      english("TERRAN.Sheet.Legacy.nightWounded"),
    );
  });

  it("R-LEG-12 R-LEG-13: Experience — the Advancement roll's target is Ego max + HP max; the session's end offers the Ego lost", () => {
    const view = full(legacySeasonedCharacter());
    expect(hpPart(view).experience).toMatchObject({
      target: 13,
      egoLost: 2,
      roll: { disabled: false },
      endSession: { disabled: false },
    });
    expect(view.xp.text).toEqual({ key: "TERRAN.Sheet.Legacy.target", value: "13" });
    const fresh = hpPart(full(legacyFreshCharacter()));
    expect(fresh?.experience.roll).toMatchObject({ disabled: true, tooltip: { key: "TERRAN.Sheet.Legacy.noXp" } });
    expect(fresh?.experience.endSession).toMatchObject({
      disabled: true,
      tooltip: { key: "TERRAN.Sheet.Legacy.noEgoLost" },
    });
  });

  it("R-LEG-2 R-LEG-17: a fresh character is offered the creation roll, not Core's creation panel; Legacy has no Sayonara", () => {
    const view = full(legacyFreshCharacter());
    expect(hpPart(view).creation.shown).toBe(true);
    expect(view.main.creating).toBe(false);
    expect(view.sayonara.shown).toBe(false);
    const root = render(legacyFreshCharacter());
    expect(root.querySelector('[data-action="rollLegacyCreation"]')).not.toBeNull();
    expect(root.querySelector('[data-action="rollRatings"]')).toBeNull();
    expect(root.querySelector('[data-action="sayonara"]')).toBeNull();
    expect(hpPart(full(legacySeasonedCharacter())).creation.shown).toBe(false);
  });

  it("an observer sees the values but every button and input is closed", () => {
    const root = render(legacySeasonedCharacter({ permissions: OBSERVER }));
    expect(root.querySelector<HTMLInputElement>('input[name="system.hitPoints.value"]')?.disabled).toBe(true);
    for (const b of root.querySelectorAll<HTMLButtonElement>(
      '.te-tab-main button[data-action="setLegacyRating"], .te-tab-main [data-action="roll"], [data-action="advancementRoll"]',
    )) {
      expect(b.disabled, b.outerHTML).toBe(true);
    }
  });

  it("the same character on Core shows Core's sheet, with its Core values, and no Legacy part", () => {
    const core = full({ ...legacySeasonedCharacter(), rulesetId: "core" });
    expect("hp" in core.main).toBe(false);
    expect(gritPart(core).groups.map((g) => g.id)).toEqual(["insight", "prowess", "resolve"]);
    expect(gritPart(core).grit).toMatchObject({ value: 2, max: 5 });
    expect(core.sayonara.shown).toBe(true);
  });
});

describe("Challenges by level in a Legacy world", () => {
  it("R-LEG-10: the level select offers Legacy's six levels; a Core Exceptional reads as Extreme, and Legacy's Extreme as Exceptional on Core", async () => {
    const { challengeSheetContext } = await import("../../../src/applications/sheets/challenge/challenge-context.ts");
    const { multiFacetChallenge } = await import("../../fixtures/sheets.ts");
    const input = multiFacetChallenge("legacy");
    const exceptional = challengeSheetContext({ ...input, system: { ...input.system, tier: "exceptional" } });
    if (exceptional.limited) throw new Error("limited");
    const main = exceptional.facets[0]?.tier;
    expect(main?.options.map((o) => o.value)).toEqual(LEGACY.challengeTiers.map((t) => t.id));
    expect(main?.options.find((o) => o.selected)?.value).toBe("extreme");
    expect(main?.labelKey).toBe("TERRAN.ChallengeTier.extreme");
    const core = challengeSheetContext({
      ...multiFacetChallenge("core"),
      system: { ...input.system, tier: "extreme" },
    });
    if (core.limited) throw new Error("limited");
    expect(core.facets[0]?.tier.options.find((o) => o.selected)?.value).toBe("exceptional");
  });
});

describe("the Legacy sheet speaks Legacy's rules, not Core's", () => {
  it("R-LEG-5: a Mortally Wounded Legacy character's banner says −2d and the attribute lost, not Core's empty pool", () => {
    const seasoned = legacySeasonedCharacter();
    const system = seasoned.system;
    const legacy = legacyValuesOf(system);
    const mortal = {
      ...seasoned,
      system: { ...system, ...legacyBlocks({ ...legacy, wounds: { critical: false, mortal: true } }) },
    };
    const banner = full(mortal).banners.find((b) => b.kind === "mortal");
    expect(banner?.text.key).toBe("TERRAN.Sheet.Banner.mortal.textHp");
    expect(english(banner?.text.key ?? "")).toMatch(/−2d/);
    expect(english(banner?.text.key ?? "")).not.toMatch(/No Light Dice/);
  });

  it("R-LEG-2: the creation button names Legacy's roll of the four attributes, not Core's group dice", () => {
    const button = render(legacyFreshCharacter()).querySelector('[data-action="rollLegacyCreation"]');
    expect(text(button)).toBe(english("TERRAN.Sheet.Legacy.rollCreation"));
    expect(text(button)).not.toBe(english("TERRAN.Sheet.Creation.rollRatings"));
  });

  it("R-LEG-3: during creation the sheet shows the skill points left and disables a circle that would place more than 4, with the reason", () => {
    const fresh = legacyFreshCharacter();
    const placed = {
      ...fresh,
      system: {
        ...fresh.system,
        ...legacyBlocks({
          ...defaultLegacyValues(),
          skills: { violence: 2, exploration: 1, social: 0, survival: 0, vocational: 0 },
        }),
      },
    };
    const legacy = hpPart(full(placed));
    expect(legacy?.skillPoints).toEqual({ key: "TERRAN.Sheet.Legacy.skillPointsLeft", value: "1" });
    const social = legacy?.skills?.find((s) => s.id === "social");
    // Social to 1 is open (4 placed); to 2 it would place 5.
    expect(social?.circles.map((c) => c.button.disabled)).toEqual([false, true, true, true]);
    expect(social?.circles[1]?.button.tooltip).toEqual({ key: "TERRAN.Sheet.Legacy.skillPointsOver", value: "4" });
    // Lowering is always open; Violence up to 3 is within 4 (2 → 3: 4 placed).
    const violence = legacy?.skills?.find((s) => s.id === "violence");
    expect(violence?.circles.map((c) => c.button.disabled)).toEqual([false, false, false, true]);
    const root = render(placed);
    expect(text(root.querySelector(".te-legacy-skills .te-attr-total"))).toBe(
      english("TERRAN.Sheet.Legacy.skillPointsLeft").replace("{value}", "1"),
    );
    expect(root.querySelector('.te-skill[data-skill="social"] [data-value="2"]')?.hasAttribute("disabled")).toBe(true);
  });

  it("R-LEG-3 R-LEG-13: after creation the points are not shown; a player's skill circles are disabled (skill development instead), a GM's are open", () => {
    const legacy = hpPart(full(legacySeasonedCharacter()));
    expect(legacy?.skillPoints).toBeNull();
    const circles = legacy?.skills?.flatMap((s) => s.circles) ?? [];
    expect(
      circles.every((c) => c.button.disabled && c.button.tooltip.key === "TERRAN.Sheet.Legacy.skillsAfterCreation"),
    ).toBe(true);
    const gm = hpPart(full(legacySeasonedCharacter({ permissions: GM })));
    expect(gm?.skills?.flatMap((s) => s.circles).every((c) => !c.button.disabled)).toBe(true);
    // Skill development stays open to the player.
    expect(legacy?.skills?.find((s) => s.id === "violence")?.develop.disabled).toBe(false);
  });
});
