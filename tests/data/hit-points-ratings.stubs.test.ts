/**
 * The HP model's and the rated character's data beside Core's (src/data/hit-points.ts, src/data/ratings.ts).
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry.ts: strict fields that fill missing values with
 * `initial` and drop undeclared keys, as Foundry's cleaning does): checks OUR schema and derived data.
 */
import "../stubs/foundry.ts";
import { describe, expect, it } from "vitest";
import { CharacterData } from "../../src/data/actor/character.ts";
import { AdvancementData } from "../../src/data/item/advancement.ts";
import { ConditionData } from "../../src/data/item/condition.ts";
import { defaultHitPoints, deriveHitPoints, hitPointsMax, hitPointsOf } from "../../src/data/hit-points.ts";
import {
  defaultRatings,
  deriveRatings,
  LEGACY_ATTRIBUTES,
  LEGACY_SKILLS,
  ratedEgoMax,
  ratingsOf,
} from "../../src/data/ratings.ts";
import { type LegacyValues, legacyBlocks } from "../fixtures/legacy-values.ts";
import type { CharacterSource, ItemSnapshot } from "../../src/data/source.ts";
import { LEGACY } from "../../src/rules/index.ts";

/** A Core character as it was stored before Legacy existed: no `hitPoints` nor `ratings` key. */
function coreSource(): CharacterSource {
  return {
    archetype: "sage",
    identity: { culture: "", clan: "", concept: "", cult: "" },
    attributes: { intuition: 2, reason: 3, finesse: 1, exertion: 0, attunement: 2, influence: 1 },
    grit: { value: 2, max: 5, dice: 2 },
    ego: { value: 3, max: 4, dice: 1 },
    wounds: { stressed: true, broken: false, weary: true },
    dead: false,
    lost: false,
    xp: 7,
    sayonara: false,
    departed: false,
    freeAdvancements: 0,
    biography: "<p>Keeper of the salt roads.</p>",
    notes: "<p>Owes the ferryman.</p>",
    unmigrated: {},
  };
}

const legacyValues = (): LegacyValues => ({
  attributes: { strength: 2, agility: 1, insight: 1, charisma: 0 },
  skills: { violence: 2, exploration: 1, social: 0, survival: 1, vocational: 0 },
  hp: { value: 4 },
  ego: { value: 1 },
  wounds: { critical: true, mortal: false },
  egoLost: 2,
  advancementsWon: 1,
});

const makeCharacter = CharacterData as unknown as new (
  source: CharacterSource,
  options: { parent: { items: unknown[] } },
) => CharacterData;

function advancement(key: string, id: string) {
  const system = {
    key,
    source: "core",
    cult: "",
    dice: [],
    flags: key === "tough" ? ["tough"] : [],
    developed: "",
    specialty: "",
    requiresMutations: 0,
    description: "",
  };
  return {
    id,
    name: key,
    type: "advancement",
    system: new (AdvancementData as unknown as new (s: unknown) => unknown)(system),
  };
}

function condition(key: string, id: string) {
  const system = { kind: "condition", key, dice: [], flags: [], description: "" };
  return {
    id,
    name: key,
    type: "condition",
    system: new (ConditionData as unknown as new (s: unknown) => unknown)(system),
  };
}

const snapshot = (type: "advancement" | "condition", key: string): ItemSnapshot =>
  type === "advancement"
    ? {
        id: key,
        name: key,
        type,
        system: {
          key,
          source: "core",
          cult: "",
          dice: [],
          flags: key === "tough" ? ["tough"] : [],
          developed: "",
          specialty: "",
          requiresMutations: 0,
          description: "",
        },
      }
    : { id: key, name: key, type, system: { kind: "condition", key, dice: [], flags: [], description: "" } };

describe("the HP model's and the rated character's derived maxima (src/data/hit-points.ts, ratings.ts)", () => {
  it("R-LEG-1 R-LEG-3: the stored fields are the Legacy ruleset's own attribute and skill lists, in order", () => {
    expect([...LEGACY_ATTRIBUTES]).toEqual(LEGACY.attributes.list.map((a) => a.id));
    expect([...LEGACY_SKILLS]).toEqual(LEGACY.skills?.list.map((s) => s.id));
  });

  it("R-LEG-4: HP max is Strength + Agility + 2, +1 per Advancement; Tough makes it +2 per Advancement", () => {
    const a = legacyValues().attributes;
    expect(hitPointsMax(a, 0, false)).toBe(5);
    expect(hitPointsMax(a, 2, false)).toBe(7);
    expect(hitPointsMax(a, 2, true)).toBe(9);
  });

  it("R-LEG-7 R-LEG-16: Ego max is Insight + Charisma + 2; Estranged takes 1 off (once, however many are held)", () => {
    const a = legacyValues().attributes;
    expect(ratedEgoMax(a, 0)).toBe(3);
    expect(ratedEgoMax(a, 1)).toBe(2);
    expect(ratedEgoMax({ strength: 0, agility: 0, insight: 0, charisma: 0 }, 2)).toBe(1);
  });

  it("the derived data counts the advancements, reads Tough and Estranged from the items, and the wounds' penalty", () => {
    const source = legacyBlocks(legacyValues());
    const items = [
      snapshot("advancement", "tough"),
      snapshot("advancement", "rally"),
      snapshot("condition", "estranged"),
    ];
    expect(deriveHitPoints(source, items)).toEqual({
      value: 4,
      max: 9,
      critical: true,
      mortal: false,
      woundPenalty: -1,
    });
    expect(deriveRatings(source, items)).toEqual({ ego: { value: 1, max: 2 }, advancements: 2 });
    const mortal = deriveHitPoints(legacyBlocks({ ...legacyValues(), wounds: { critical: true, mortal: true } }), []);
    expect(mortal.woundPenalty).toBe(-2);
  });

  it("a source written before Legacy reads as a fresh Legacy character: ratings 0, HP and Ego 2 of 2", () => {
    expect(ratingsOf(coreSource())).toEqual(defaultRatings());
    expect(hitPointsOf(coreSource())).toEqual(defaultHitPoints());
    expect(deriveHitPoints(coreSource(), [])).toMatchObject({ value: 2, max: 2, woundPenalty: 0 });
    expect(deriveRatings(coreSource(), []).ego).toEqual({ value: 2, max: 2 });
  });
});

/** The defaults of v0.6.2's blocks (R-V-5, R-V-2, R-V-1) on a character stored without them. */
const V062_DEFAULTS = { heldSkills: [], skillGroups: [], keepsakes: { trinket: "", patch: "", picture: "" } };

describe("[Foundry stand-ins] one character holds every ruleset's values", () => {
  it("a Core character stored before Legacy loads with every Core value as it was, and Legacy's defaults beside them", () => {
    const stored = coreSource();
    const model = new makeCharacter(structuredClone(stored), { parent: { items: [] } });
    expect(model.toObject()).toEqual({
      ...stored,
      hitPoints: defaultHitPoints(),
      ratings: defaultRatings(),
      egoLost: 0,
      advancementsWon: 0,
      ...V062_DEFAULTS,
      repairs: [],
    });
  });

  it("a character holding both rulesets' values loads them all unchanged (nothing is pruned or converted)", () => {
    const stored = { ...coreSource(), ...legacyBlocks(legacyValues()) };
    const model = new makeCharacter(structuredClone(stored), { parent: { items: [] } });
    expect(model.toObject()).toEqual({ ...stored, ...V062_DEFAULTS, repairs: [] });
  });

  it("token bars: the prepared data gives hitPoints and ratings.ego a derived max, which is never stored", () => {
    const items = [advancement("tough", "a1"), condition("estranged", "c1")];
    const model = new makeCharacter({ ...coreSource(), ...legacyBlocks(legacyValues()) }, { parent: { items } });
    model.prepareDerivedData();
    const prepared = model as unknown as {
      hitPoints: { value: number; max: number };
      ratings: { ego: { value: number; max: number } };
    };
    expect(prepared.hitPoints).toMatchObject({ value: 4, max: 7 });
    expect(prepared.ratings.ego).toEqual({ value: 1, max: 2 });
    expect(model.derived.hitPoints).toMatchObject({ value: 4, max: 7 });
    const stored = model.toObject();
    expect({ hitPoints: stored.hitPoints, ratings: stored.ratings }).toEqual({
      hitPoints: legacyBlocks(legacyValues()).hitPoints,
      ratings: legacyBlocks(legacyValues()).ratings,
    });
  });
});
