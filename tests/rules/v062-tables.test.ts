/**
 * §12 v0.6.2's tables: R-V-2 (archetypes), R-V-5 (skill groups), R-V-6 (the extra die's bands), and a label in both
 * languages for every `labelKey` they hold (built with template strings, so the lang guard cannot see them).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import * as v062 from "../../src/rules/rulesets/v062.ts";
import {
  V062_ADVANCEMENT_IDS,
  V062_ARCHETYPES,
  V062_ATTRIBUTES,
  V062_CONDITION_IDS,
  V062_SAYONARA,
  V062_SKILL_GROUPS,
  V062_SKILLS,
  V062,
} from "../../src/rules/rulesets/v062.ts";
import { ADVANCEMENTS, getAdvancement } from "../../src/rules/advancements.ts";
import { deriveSaves } from "../../src/rules/attributes.ts";
import { CONDITIONS } from "../../src/rules/conditions.ts";
import { darkDieCosts } from "../../src/rules/ego.ts";
import { applyHarm } from "../../src/rules/harm.ts";
import { sayonaraTrack, successorAdvancements } from "../../src/rules/sayonara.ts";
import { buildPool, saveLabelKey } from "../../src/rules/pool.ts";
import { CORE } from "../../src/rules/rulesets/index.ts";
import type { Ruleset } from "../../src/rules/rulesets/types.ts";
import { attrs, poolInput } from "./fixtures.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const read = (lang: string): unknown => JSON.parse(readFileSync(resolve(ROOT, `lang/${lang}.json`), "utf8"));

function lookup(tree: unknown, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>(
      (node, part) =>
        typeof node === "object" && node !== null && Object.hasOwn(node, part)
          ? (node as Record<string, unknown>)[part]
          : undefined,
      tree,
    );
}

/** Every `labelKey` (and `saveLabelKey`-like key) anywhere inside `value`. */
function labelKeys(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) labelKeys(v, into);
  else if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (/^(?:labelKey|[a-z]+LabelKey)$/.test(k) && typeof v === "string") into.add(v);
      else labelKeys(v, into);
    }
  }
  return into;
}

describe("v0.6.2 labels", () => {
  const keys = [...labelKeys(Object.values(v062))];
  const tableKeys = [...labelKeys(Object.entries(v062).flatMap(([name, v]) => (name === "V062" ? [] : [v])))];

  it("the walk finds the labels of every table (groups, skills, archetypes, Panic, tiers, Morale, weapons, Saves)", () => {
    const prefixes = new Set(tableKeys.map((k) => k.split(".").slice(0, 2).join(".")));
    expect([...prefixes].sort()).toEqual(
      [
        "TERRAN.Archetype",
        "TERRAN.Attribute",
        "TERRAN.ChallengeTier",
        "TERRAN.Group",
        "TERRAN.Morale",
        "TERRAN.Panic",
        "TERRAN.Save",
        "TERRAN.SkillGroup",
        "TERRAN.SkillName",
        "TERRAN.Weapon",
      ].sort(),
    );
    expect(tableKeys.length).toBe(9 + 63 + 18 + 3 + 5 + 3 + 23 + 6 + 3 + 3);
  });

  it("the walk finds the ruleset's own labels too: its name, approach rows, ranges, token states, Trauma tracks", () => {
    const own = keys.filter((k) => !tableKeys.includes(k));
    expect(own).toEqual(expect.arrayContaining(["TERRAN.Ruleset.v062", "TERRAN.EffectTier.v062.advantaged"]));
    const prefixes = new Set(own.map((k) => k.split(".").slice(0, 2).join(".")));
    expect([...prefixes].sort()).toEqual(
      ["TERRAN.EffectTier", "TERRAN.Range", "TERRAN.Ruleset", "TERRAN.States", "TERRAN.Wound"].sort(),
    );
  });

  it.each(["en", "pt-BR"])("every labelKey of the v0.6.2 tables is a non-empty string in lang/%s.json", (lang) => {
    const tree = read(lang);
    const missing = keys.filter((k) => {
      const value = lookup(tree, k);
      return typeof value !== "string" || value.trim() === "";
    });
    expect(missing).toEqual([]);
  });

  it.each(["en", "pt-BR"])("the v0.6.2 weapon tags have a label in lang/%s.json", (lang) => {
    const tree = read(lang);
    const tags = [...new Set(v062.V062_WEAPONS.flatMap((w) => w.tags))].map((t) => `TERRAN.Tag.${t}`);
    expect(tags.filter((k) => typeof lookup(tree, k) !== "string" || lookup(tree, k) === "")).toEqual([]);
  });

  it("the check catches a missing key", () => {
    expect(lookup(read("en"), "TERRAN.SkillName.noSuchSkill")).toBeUndefined();
    expect(lookup(read("en"), "TERRAN.SkillName.zeroG")).toBe("Zero-G");
  });
});

describe("R-V-2 R-V-5 the tables", () => {
  const groupIds = V062_SKILL_GROUPS.map((g) => g.id);

  it("R-V-2 eighteen archetypes, each naming two different known groups, except Spacer", () => {
    expect(V062_ARCHETYPES).toHaveLength(18);
    expect(new Set(V062_ARCHETYPES.map((a) => a.id)).size).toBe(18);
    expect(V062_ARCHETYPES.filter((a) => a.groups === null).map((a) => a.id)).toEqual(["spacer"]);
    for (const a of V062_ARCHETYPES) {
      if (a.groups === null) continue;
      const [first, second] = a.groups;
      expect(first, a.id).not.toBe(second);
      expect(groupIds, a.id).toContain(first);
      expect(groupIds, a.id).toContain(second);
    }
  });

  it("R-V-5 nine groups, no skill id in two groups", () => {
    expect(groupIds).toEqual([
      "administration",
      "cultures",
      "liaison",
      "athletics",
      "violence",
      "survival",
      "technology",
      "vehicles",
      "sciences",
    ]);
    const skills = V062_SKILL_GROUPS.flatMap((g) => g.skills.map((s) => s.id));
    expect(skills).toHaveLength(63);
    expect(new Set(skills).size).toBe(skills.length);
    expect(V062_SKILLS.groups).toBe(V062_SKILL_GROUPS);
    expect(V062_SKILLS.archetypes).toBe(V062_ARCHETYPES);
  });

  it("R-V-5 R-V-6 one Light Die per fitting skill; the extra die's bands cover each face once, Expert gives 2", () => {
    expect(V062_SKILLS.die).toBe(1);
    expect(V062_SKILLS.expertSkills).toBe(2);
    const faces = [1, 2, 3, 4, 5, 6].map((f) => V062_SKILLS.extra.filter((b) => f >= b.min && f <= b.max).length);
    expect(faces).toEqual([1, 1, 1, 1, 1, 1]);
  });
});

describe("R-V-10 the Advancements", () => {
  const def = (id: string) => getAdvancement(id);

  it("R-V-10 the list is v0.6.2's twenty, without Brainwave, Elephant skin, Ether call, Marathon or Number cruncher", () => {
    expect([...V062_ADVANCEMENT_IDS].sort()).toEqual(
      [
        "asceticism",
        "couldBeWorse",
        "unyielding",
        "dangerSense",
        "developed",
        "dieHard",
        "eager",
        "fast",
        "whirlwind",
        "ironhide",
        "assassin",
        "sensoryAcuity",
        "sleek",
        "expert",
        "martialCombatant",
        "bodyguard",
        "dodger",
        "healer",
        "henchkeeper",
        "spacefarer",
      ].sort(),
    );
    for (const id of V062_ADVANCEMENT_IDS) expect(ADVANCEMENTS.has(id), id).toBe(true);
    for (const gone of ["brainwave", "elephantSkin", "etherCall", "marathon", "numberCruncher"])
      expect(V062_ADVANCEMENT_IDS as readonly string[]).not.toContain(gone);
  });

  it("R-V-10 Ironhide has Elephant skin's rule", () => {
    expect(def("ironhide").flags).toEqual(def("elephantSkin").flags);
  });

  it("R-V-10 (ruling) Assassin's +2d is two Light Dice the player ticks, before the clamp", () => {
    const [assassin] = def("assassin").dice;
    expect(assassin).toMatchObject({ dice: 2, situational: true });
    if (!assassin) throw new Error("no Assassin dice");
    const pool = (ticked: string[]) =>
      buildPool(poolInput({ attributes: attrs({ finesse: 3 }), modifiers: [assassin], ticked: new Set(ticked) }));
    expect([pool(["assassin"]).raw, pool(["assassin"]).light]).toEqual([5, 4]);
    expect(pool([]).light).toBe(3);
  });

  it("R-V-10 Sensory acuity and Sleek are +1d the player ticks", () => {
    for (const id of ["sensoryAcuity", "sleek"]) expect(def(id).dice).toMatchObject([{ dice: 1, situational: true }]);
  });

  it("R-V-10 (ruling) Bodyguard, Dodger, Healer, Henchkeeper and Spacefarer automate nothing", () => {
    for (const id of ["bodyguard", "dodger", "healer", "henchkeeper", "spacefarer"])
      expect([def(id).flags, def(id).dice, def(id).activation], id).toEqual([[], [], undefined]);
  });
});

describe("R-V-3 attributes and Saves", () => {
  it("R-V-3 (ruling) the six attributes and their groups are Core's; only the Saves are named Evasion, Fortitude, Resolve", () => {
    expect(V062_ATTRIBUTES.list).toEqual(CORE.attributes.list);
    expect(V062_ATTRIBUTES.groups.map((g) => [g.id, g.labelKey, g.attributes])).toEqual(
      CORE.attributes.groups.map((g) => [g.id, g.labelKey, g.attributes]),
    );
    const en = read("en");
    expect(V062_ATTRIBUTES.groups.map((g) => lookup(en, g.saveLabelKey))).toEqual([
      "Insight · Evasion",
      "Prowess · Fortitude",
      "Resolve",
    ]);
    expect([V062_ATTRIBUTES.max, V062_ATTRIBUTES.totalCap, V062_ATTRIBUTES.saves]).toEqual([4, 10, { max: 2 }]);
  });

  it("R-V-3 a Reaction's pool is named by the ruleset's Save (the dialog's title, the card, the ledger)", () => {
    const en = read("en");
    const named = (ruleset: Ruleset, group: "insight" | "prowess" | "resolve") =>
      lookup(en, buildPool(poolInput({ ruleset, target: { kind: "save", group } })).baseLabel);
    expect([named(V062, "insight"), named(V062, "prowess"), named(V062, "resolve")]).toEqual([
      "Insight · Evasion",
      "Prowess · Fortitude",
      "Resolve",
    ]);
    expect(named(CORE, "insight")).toBe("Insight · Reflexes");
    expect(saveLabelKey(V062, "resolve")).toBe("TERRAN.Save.resolveAlone");
    expect(() => saveLabelKey(V062, "luck" as "resolve")).toThrow(/group/);
  });
});

describe("R-V-11 the pool", () => {
  it("R-V-11 (ruling) no GM position die: a position is refused with its reason; Core keeps its ±d", () => {
    expect(() => buildPool(poolInput({ ruleset: V062, position: 1 }))).toThrow(/no GM position die/);
    expect(() => buildPool(poolInput({ ruleset: V062, position: -2 }))).toThrow(/no GM position die/);
    expect(buildPool(poolInput({ ruleset: V062, position: 0 })).light).toBe(2);
    expect(buildPool(poolInput({ ruleset: CORE, position: 1 })).light).toBe(3);
    expect([V062.gmPosition, CORE.gmPosition]).toEqual([false, true]);
  });
});

describe("v0.6.2's worked examples", () => {
  it("R-V-3 the book's Save example: Attunement 3 and Influence 0 give a Resolve Reaction of 1d", () => {
    const saves = deriveSaves(attrs({ attunement: 3, influence: 0 }));
    expect(saves.resolve).toBe(1);
    const pool = buildPool(
      poolInput({ target: { kind: "save", group: "resolve" }, attributes: attrs({ attunement: 3, influence: 0 }) }),
    );
    expect(pool.light).toBe(1);
  });

  it("R-V-7 the book's Grit example: Scuff, at 5 Grit with no armour, loses 3 to a harm of 3 and stands at 2", () => {
    const result = applyHarm(
      {
        grit: 5,
        wounds: { stressed: false, broken: false, weary: false },
        dead: false,
        armour: { body: "none", shield: false, elephantSkin: false },
      },
      3,
    );
    expect([result.grit, result.wound, result.mortallyWounded]).toEqual([2, null, false]);
  });
});

describe("R-V-13 Sayonara", () => {
  const rule = { sayonara: V062_SAYONARA };

  it("R-V-13 the re-rolls keep the higher of old and new; value and maximum never fall", () => {
    expect(sayonaraTrack(rule, { value: 2, max: 5 }, 4)).toEqual({ value: 4, max: 5 });
    expect(sayonaraTrack(rule, { value: 3, max: 3 }, 1)).toEqual({ value: 3, max: 3 });
    expect(sayonaraTrack(rule, { value: 1, max: 4 }, 6)).toEqual({ value: 6, max: 6 });
  });

  it("R-V-13 for the scene a Dark Die costs Ego only on a 1; the successor starts with half the Advancements, up", () => {
    expect([1, 2, 6].map((f) => darkDieCosts(f as 1 | 2 | 6, 6, true))).toEqual([true, false, false]);
    expect([0, 1, 5].map(successorAdvancements)).toEqual([0, 1, 3]);
  });
});

describe("R-V-9 Conditions", () => {
  it("R-V-9 the nine Conditions of R-COND-1, with their effects", () => {
    expect(V062_CONDITION_IDS).toEqual(CORE.conditions);
    expect(V062_CONDITION_IDS).toHaveLength(9);
    for (const id of V062_CONDITION_IDS) expect(CONDITIONS.has(id), id).toBe(true);
  });

  it("R-V-9 (ruling) Obsessive Focus moves attribute ratings, with skills on or off", () => {
    expect(CONDITIONS.get("obsessiveFocus")?.flags).toEqual(["attributeShift"]);
  });
});
