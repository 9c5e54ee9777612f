/** Valid inputs of the rules engine's entry points, as fast-check arbitraries (the fuzz's valid half). */
import fc from "fast-check";
import {
  ACTIVATED_ADVANCEMENTS,
  activationOutcome,
  addSceneEffect,
  ATTRIBUTES,
  BODY_ARMOUR,
  CORE,
  V062,
  DEGENESIS,
  LEGACY,
  GROUPS,
  MECHANICS_FLAGS,
  WEAPON_TAGS,
  WOUND_TRACKS,
  type ArmourState,
  type AttributeShift,
  type StoredShift,
  type Attributes,
  type Band,
  type DiceModifier,
  type Facet,
  type HarmTarget,
  type Malaise,
  type PoolDie,
  type PoolInput,
  type RollTarget,
  type Ruleset,
  type SceneEffect,
  type Selection,
  type TierRank,
  type Track,
  type Weapon,
  type Wounds,
} from "../../src/rules/index.ts";

export const face = fc.integer({ min: 1, max: 6 });
export const faces = (max = 6): fc.Arbitrary<number[]> => fc.array(face, { maxLength: max });
export const rating = fc.integer({ min: 0, max: 4 });
export const small = fc.integer({ min: 0, max: 20 });
export const ego = fc.integer({ min: 0, max: 6 });
export const rank = fc.constantFrom<TierRank>(0, 1, 2, 3, 4);
export const ruleset = fc.constantFrom<Ruleset>(CORE, DEGENESIS, LEGACY, V062);
export const rulesetId = fc.constantFrom("core" as const, "degenesis" as const, "legacy" as const, "v062" as const);
export const attribute = fc.constantFrom(...ATTRIBUTES);
export const group = fc.constantFrom(...GROUPS);
export const track = fc.constantFrom(...WOUND_TRACKS);
export const band = fc.constantFrom<Band>("fail", "partial", "success");

export const attributes: fc.Arbitrary<Attributes> = fc.record({
  intuition: rating,
  reason: rating,
  finesse: rating,
  exertion: rating,
  attunement: rating,
  influence: rating,
});

/** R-COND-1 an Obsessive Focus shift: three attributes, not always different (the rules refuse repeats). */
export const attributeShift: fc.Arbitrary<AttributeShift> = fc.record({
  raise: attribute,
  lower: fc.tuple(attribute, attribute),
});
/** R-COND-1 a shift as stored: each part an attribute or "" (not chosen). */
export const storedShift: fc.Arbitrary<StoredShift> = fc.record({
  raise: fc.oneof(attribute, fc.constant("")),
  lower: fc.tuple(fc.oneof(attribute, fc.constant("")), fc.oneof(attribute, fc.constant(""))),
});
/** A shift naming things that are not attributes, or not shaped as one. */
export const hostileShift: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ raise: fc.constantFrom("__proto__", "luck", "", "constructor"), lower: fc.tuple(attribute, attribute) }),
  fc.record({ raise: attribute, lower: fc.constantFrom([], ["reason"], ["toString", "reason"]) }),
  fc.constantFrom(null, {}, { raise: "reason" }, "reason"),
);
export const wounds: fc.Arbitrary<Wounds> = fc.record({
  stressed: fc.boolean(),
  broken: fc.boolean(),
  weary: fc.boolean(),
});

export const flags = fc.subarray([...MECHANICS_FLAGS]).map((f) => new Set(f));

export const rollTarget: fc.Arbitrary<RollTarget> = fc.oneof(
  attribute.map((a) => ({ kind: "attribute" as const, attribute: a })),
  group.map((g) => ({ kind: "save" as const, group: g })),
);

export const modifierScope = fc.oneof(
  fc.constant("any" as const),
  attribute,
  group.map((g) => `save:${g}` as const),
);

export const diceModifier: fc.Arbitrary<DiceModifier> = fc.record({
  id: fc.constantFrom("a", "b", "c"),
  dice: fc.constantFrom(-4, -3, -2, -1, 1, 2, 3, 4),
  label: fc.constantFrom("TERRAN.Mod.sleek", "My own"),
  appliesTo: fc.array(modifierScope, { minLength: 1, maxLength: 3 }),
  situational: fc.boolean(),
});

export const weaponFor = (r: Ruleset): fc.Arbitrary<Weapon> =>
  fc.record({
    rank,
    ranges: fc.subarray(r.ranges.map((x) => x.id)),
    tags: fc.subarray([...WEAPON_TAGS, "custom"]),
    twoHanded: fc.boolean(),
  });

export const poolInput: fc.Arbitrary<PoolInput> = ruleset.chain((r) =>
  fc.record(
    {
      ruleset: fc.constant(r),
      target: rollTarget,
      attributes,
      wounds,
      flags,
      position: fc.integer({ min: -10, max: 10 }),
      weapon: weaponFor(r),
      range: fc.constantFrom(...r.ranges.map((x) => x.id)),
      heavyArmour: fc.boolean(),
      hinderedByHeavyArmour: fc.boolean(),
      modifiers: fc.array(diceModifier, { maxLength: 3 }),
      ticked: fc.subarray(["a", "b", "c"]).map((t) => new Set(t)),
      skillDie: fc.integer({ min: 0, max: 1 }),
      dark: fc.integer({ min: 0, max: 12 }),
      darkMax: fc.integer({ min: 0, max: 50 }),
    },
    { requiredKeys: ["ruleset", "target", "attributes", "wounds", "flags", "dark"] },
  ),
);

export const poolDie: fc.Arbitrary<PoolDie> = fc.record({
  tone: fc.constantFrom("light" as const, "dark" as const),
  face: face as fc.Arbitrary<PoolDie["face"]>,
});

/** Dice and a selection that names them (sometimes a wrong one: the rules refuse it). */
export const diceAndSelection: fc.Arbitrary<[PoolDie[], Selection]> = fc
  .array(poolDie, { minLength: 1, maxLength: 8 })
  .chain((dice) =>
    fc.tuple(
      fc.constant(dice),
      fc.record({
        precision: fc.integer({ min: 0, max: dice.length - 1 }),
        effect: fc.option(fc.integer({ min: 0, max: dice.length - 1 }), { nil: null }),
      }),
    ),
  );

export const selectionSettings = fc.record({ singleDieServesBoth: fc.boolean() });

export const effectTagsArb = fc.record(
  { versatileTwoHanded: fc.boolean(), improvised: fc.boolean(), partial: fc.boolean() },
  { requiredKeys: [] },
);

/** An explosion chain: a first face and the dice after it, as long as the rule says (or not). */
export const chainFrom = (threshold: number): fc.Arbitrary<[number, number[]]> =>
  fc
    .tuple(face, fc.array(fc.integer({ min: threshold, max: 6 }), { maxLength: 4 }), face)
    .map(([first, exploding, last]) => {
      if (first < threshold) return [first, []];
      return [first, [...exploding, Math.min(last, threshold - 1)]];
    });

export const threshold = fc.constantFrom(5, 6);

export const armourState: fc.Arbitrary<ArmourState> = fc.record(
  {
    body: fc.constantFrom(...BODY_ARMOUR),
    shield: fc.boolean(),
    elephantSkin: fc.boolean(),
    bodyValue: fc.integer({ min: 0, max: 4 }),
    shieldValue: fc.integer({ min: 0, max: 3 }),
  },
  { requiredKeys: ["body", "shield", "elephantSkin"] },
);

export const harmTarget: fc.Arbitrary<HarmTarget> = fc.record({
  grit: small,
  wounds,
  dead: fc.boolean(),
  armour: armourState,
});

export const gritTrack: fc.Arbitrary<Track> = fc
  .tuple(small, small)
  .map(([a, b]) => ({ value: Math.min(a, b), max: Math.max(a, b) }));
export const egoTrack: fc.Arbitrary<Track> = fc
  .tuple(ego, ego)
  .map(([a, b]) => ({ value: Math.min(a, b), max: Math.max(a, b) }));

export const malaise: fc.Arbitrary<Malaise> = fc.oneof(
  fc.constant({ kind: "none" as const }),
  group.map((g) => ({ kind: "attribute" as const, group: g })),
  fc.constant({ kind: "egoDice" as const }),
  fc.constant({ kind: "gritDice" as const }),
);

export const malaiseTarget = fc.record({
  attributes,
  gritDice: fc.integer({ min: 0, max: 3 }),
  egoDice: fc.integer({ min: 0, max: 3 }),
});

export const challengeTier = fc.constantFrom(
  "trivial",
  "dangerous",
  "serious",
  "formidable",
  "exceptional",
  "extreme",
  "fantastical",
);

export const facets: fc.Arbitrary<Facet[]> = fc.array(
  fc.record({
    name: fc.constantFrom("Brute", "Talk"),
    tier: fc.constantFrom("trivial" as const, "dangerous" as const),
    disposition: fc.integer({ min: 1, max: 40 }),
    dice: fc.integer({ min: 0, max: 4 }),
    halved: fc.boolean(),
    n: fc.constant(null),
    value: fc.integer({ min: 0, max: 40 }),
  }),
  { minLength: 1, maxLength: 4 },
);

export const advancementId = fc.constantFrom(
  "asceticism",
  "brainwave",
  "developed",
  "etherCall",
  "specialist",
  "nova",
  "tesla",
  "deadEnd",
  "whirlwind",
  "sleek",
);

export const advancementOwner = fc.record({
  advancements: fc.array(advancementId, { maxLength: 7 }),
  cult: fc.constantFrom("", "chroniclers", "anabaptists"),
  mutations: fc.integer({ min: 0, max: 8 }),
});

export const oddsInput = fc.record(
  {
    light: rating,
    dark: fc.integer({ min: 0, max: 30 }),
    ego,
    slaughter: fc.boolean(),
    sayonara: fc.boolean(),
    singleDieServesBoth: fc.boolean(),
  },
  { requiredKeys: ["light", "dark", "ego"] },
);

/** R-ADV-1 / R-ADV-2 a scene effect as an activation leaves it (src/rules/activation.ts). */
export const sceneEffect: fc.Arbitrary<SceneEffect> = fc
  .tuple(fc.constantFrom(...ACTIVATED_ADVANCEMENTS), fc.string({ minLength: 1, maxLength: 6 }), face)
  .map(([id, itemId, f]) => activationOutcome(id, itemId, [f]).sceneEffect)
  .filter((e): e is SceneEffect => e !== null);

export const sceneEffects: fc.Arbitrary<SceneEffect[]> = fc
  .array(sceneEffect, { maxLength: 3 })
  .map((list) => list.reduce<SceneEffect[]>((all, e) => addSceneEffect(all, e), []));
