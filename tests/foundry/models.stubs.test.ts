/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry.ts): checks the limits each schema field
 * declares and the derived data our models compute — not Foundry's own validation.
 */
import "../stubs/foundry.ts";
import { describe, expect, it } from "vitest";
import { ArrayField, NumberField, SchemaField, SetField, StringField, type StubField } from "../stubs/foundry.ts";
import { CharacterData, characterJointError, defineCharacterSchema } from "../../src/data/actor/character.ts";
import { ChallengeData, defineChallengeSchema } from "../../src/data/actor/challenge.ts";
import { AdvancementData, defineAdvancementSchema } from "../../src/data/item/advancement.ts";
import { ArmourData, defineArmourSchema } from "../../src/data/item/armour.ts";
import { ConditionData, defineConditionSchema } from "../../src/data/item/condition.ts";
import { defineWeaponSchema, WeaponData } from "../../src/data/item/weapon.ts";
import { ATTRIBUTES, CONDITION_KINDS, MECHANICS_FLAGS, WEAPON_TAGS } from "../../src/rules/index.ts";
import type { CharacterSource } from "../../src/data/source.ts";
import { LIMITS, type FieldLimit } from "../../src/data/limits.ts";
import { TerranDataModel } from "../../src/data/base-model.ts";

/** Every field of a schema, by dotted path. */
function flatten(fields: Record<string, unknown>, prefix = ""): Map<string, StubField> {
  const out = new Map<string, StubField>();
  for (const [name, field] of Object.entries(fields)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (field instanceof SchemaField) for (const [p, f] of flatten(field.fields, path)) out.set(p, f);
    else if (field instanceof ArrayField) {
      out.set(path, field);
      const element = field.element;
      if (element instanceof SchemaField) for (const [p, f] of flatten(element.fields, `${path}.*`)) out.set(p, f);
      else out.set(`${path}.*`, element);
    } else if (field instanceof NumberField || field instanceof StringField || field instanceof Object)
      out.set(path, field as StubField);
  }
  return out;
}

const opts = (fields: Map<string, StubField>, path: string): Record<string, unknown> => {
  const field = fields.get(path);
  if (!field) throw new Error(`no field ${path}`);
  return field.options;
};

describe("[Foundry stand-ins] the limits table and the schemas agree, field by field", () => {
  const schemas = {
    character: defineCharacterSchema(),
    challenge: defineChallengeSchema(),
    weapon: defineWeaponSchema(),
    armour: defineArmourSchema(),
    advancement: defineAdvancementSchema(),
    condition: defineConditionSchema(),
  } as const;

  /** The limit a schema field declares, in the table's terms (null: a field with no limit to repair). */
  function declared(fields: Map<string, StubField>, path: string, field: StubField): FieldLimit | null {
    const o = field.options;
    if (field instanceof NumberField) {
      return {
        kind: "integer",
        min: o.min as number,
        initial: o.initial as number,
        ...(o.max === undefined ? {} : { max: o.max as number }),
      };
    }
    if (field instanceof ArrayField) {
      const element = fields.get(`${path}.*`);
      const choices = element?.options.choices;
      if (Array.isArray(choices)) return { kind: "choices", choices: choices as string[] };
      return element instanceof StringField && element.options.blank === false ? { kind: "texts" } : null;
    }
    if (field instanceof StringField && Array.isArray(o.choices))
      return { kind: "choice", choices: o.choices as string[], initial: o.initial as string };
    return null;
  }

  it.each(Object.keys(schemas) as (keyof typeof schemas)[])(
    "every limited field of %s is in the limits table with the same limits, and nothing else",
    (type) => {
      const fields = flatten(schemas[type]);
      const fromSchema: Record<string, FieldLimit> = {};
      for (const [path, field] of fields) {
        if (path.endsWith(".*") || path.startsWith("repairs.")) continue;
        const limit = declared(fields, path, field);
        if (limit) fromSchema[path] = limit;
      }
      expect(fromSchema).toEqual(LIMITS[type]);
    },
  );
});

describe("[Foundry stand-ins] schema declarations", () => {
  const character = flatten(defineCharacterSchema());

  it("R-CHAR-1 (stand-ins): the six ratings are whole numbers 0–4", () => {
    for (const a of ATTRIBUTES)
      expect(opts(character, `attributes.${a}`)).toMatchObject({ integer: true, min: 0, max: 4, nullable: false });
  });

  it("R-GRIT-1 R-EGO-1 R-XP-1 (stand-ins): Grit, Ego, dice and XP are whole numbers with their bounds", () => {
    expect(opts(character, "grit.value")).toMatchObject({ integer: true, min: 0 });
    expect(opts(character, "grit.dice")).toMatchObject({ integer: true, min: 0, max: 10, initial: 1 });
    expect(opts(character, "ego.value")).toMatchObject({ integer: true, min: 0, max: 6 });
    expect(opts(character, "ego.max")).toMatchObject({ integer: true, min: 0, max: 6 });
    expect(opts(character, "ego.dice")).toMatchObject({ initial: 1 });
    expect(opts(character, "xp")).toMatchObject({ integer: true, min: 0, initial: 0 });
  });

  it("every number field of every model is a whole number with a minimum", () => {
    const schemas = [
      defineCharacterSchema(),
      defineChallengeSchema(),
      defineWeaponSchema(),
      defineArmourSchema(),
      defineAdvancementSchema(),
      defineConditionSchema(),
    ];
    for (const schema of schemas) {
      for (const [path, field] of flatten(schema)) {
        if (!(field instanceof NumberField)) continue;
        expect(field.options, path).toMatchObject({ integer: true, nullable: false, required: true });
        expect(typeof field.options.min, path).toBe("number");
      }
    }
  });

  it("R-CH-1 R-CH-5 R-LEG-10 (stand-ins): a Challenge's tier and each facet's tier are one of Core's five or Legacy's Extreme and Fantastical", () => {
    const challenge = flatten(defineChallengeSchema());
    const tiers = ["trivial", "dangerous", "serious", "formidable", "exceptional", "extreme", "fantastical"];
    expect(opts(challenge, "tier").choices).toEqual(tiers);
    expect(opts(challenge, "facets.*.tier").choices).toEqual(tiers);
    expect(opts(challenge, "n")).toMatchObject({ min: 4 });
    expect(opts(challenge, "disposition.value")).toMatchObject({ integer: true, min: 0 });
  });

  it("R-EQ-3 R-EQ-4 (stand-ins): weapon ranks 0–4, tags and ranges from the rules; armour kinds", () => {
    const weapon = flatten(defineWeaponSchema());
    expect(opts(weapon, "rank")).toMatchObject({ integer: true, min: 0, max: 4 });
    expect(opts(weapon, "tags.*").choices).toEqual(WEAPON_TAGS);
    expect(opts(weapon, "ranges.*").choices).toEqual(["contact", "reach", "short", "long", "nearby", "farAway"]);
    expect(flatten(defineWeaponSchema()).get("tags")).toBeInstanceOf(SetField);
    expect(opts(flatten(defineArmourSchema()), "kind").choices).toEqual(["light", "heavy", "shield"]);
  });

  it("R-ADV-1 R-COND-1 (stand-ins): mechanics flags and dice modifiers are limited to what the engine knows", () => {
    for (const schema of [defineAdvancementSchema(), defineConditionSchema()]) {
      const fields = flatten(schema);
      expect(opts(fields, "flags.*").choices).toEqual(MECHANICS_FLAGS);
      expect(opts(fields, "dice.*.dice")).toMatchObject({ integer: true, min: -4, max: 4 });
      expect(opts(fields, "dice.*.appliesTo.*").choices).toEqual(
        expect.arrayContaining(["any", "reason", "save:insight"]),
      );
    }
    expect(opts(flatten(defineConditionSchema()), "kind").choices).toEqual(CONDITION_KINDS);
    expect(opts(flatten(defineAdvancementSchema()), "developed").choices).toEqual(["", ...ATTRIBUTES]);
  });
});

const base: CharacterSource = {
  archetype: "hero",
  identity: { culture: "", clan: "", concept: "", cult: "" },
  attributes: { intuition: 2, reason: 0, finesse: 3, exertion: 1, attunement: 0, influence: 0 },
  grit: { value: 3, max: 4, dice: 1 },
  ego: { value: 4, max: 5, dice: 1 },
  wounds: { stressed: true, broken: true, weary: true },
  dead: false,
  lost: false,
  xp: 3,
  sayonara: false,
  biography: "",
  notes: "",
};

/** The stand-in model's constructor, which takes a plain parent (Foundry's would take an Actor). */
const makeCharacter = CharacterData as unknown as new (
  source: CharacterSource,
  options: { parent: { items: unknown[] } },
) => CharacterData;

function item(
  model: new (source: Record<string, unknown>) => unknown,
  type: string,
  system: Record<string, unknown>,
  id: string,
) {
  return { id, name: id, type, system: new model(system) };
}

describe("[Foundry stand-ins] character derived data", () => {
  it("R-CHAR-3 R-HARM-5 R-HARM-2 R-XP-2 (stand-ins): saves, Mortally Wounded, armour, flags and the next cost are derived", () => {
    const items = [
      item(ArmourData, "armour", { kind: "heavy", value: 2, equipped: true, destroyed: false, description: "" }, "a1"),
      item(ArmourData, "armour", { kind: "shield", value: 1, equipped: true, destroyed: true, description: "" }, "a2"),
      item(ArmourData, "armour", { kind: "light", value: 1, equipped: false, destroyed: false, description: "" }, "a3"),
      item(
        AdvancementData,
        "advancement",
        {
          key: "fast",
          source: "core",
          cult: "",
          dice: [],
          flags: ["effectFirst"],
          developed: "",
          specialty: "",
          requiresMutations: 0,
          description: "",
        },
        "v1",
      ),
      item(
        ConditionData,
        "condition",
        {
          kind: "mutation",
          key: "",
          dice: [{ id: "m", dice: -1, label: "Claws", appliesTo: ["finesse"], situational: true }],
          flags: [],
          description: "",
        },
        "c1",
      ),
      item(
        WeaponData,
        "weapon",
        {
          rank: 1,
          ranges: ["contact"],
          tags: ["nimble"],
          customTags: [],
          twoHanded: false,
          equipped: true,
          description: "",
        },
        "w1",
      ),
    ];
    const model = new makeCharacter(base, { parent: { items } });
    model.prepareDerivedData();
    const d = model.derived;
    expect(d.saves).toEqual({ insight: 1, prowess: 2, resolve: 0 });
    expect(d.mortallyWounded).toBe(true);
    expect(d.armour).toMatchObject({ body: "heavy", shield: false, value: 2, heavy: true });
    expect([...d.flags]).toEqual(["effectFirst"]);
    expect(d.modifiers).toEqual([{ id: "m", dice: -1, label: "Claws", appliesTo: ["finesse"], situational: true }]);
    expect(d).toMatchObject({ advancements: 1, nextAdvancementCost: 2, inCreation: false, mutations: 1 });
  });

  it("R-CHAR-7 (stand-ins): a character with no advancement is in creation and its first advancement is free", () => {
    const model = new makeCharacter(base, { parent: { items: [] } });
    model.prepareDerivedData();
    expect(model.derived).toMatchObject({ inCreation: true, nextAdvancementCost: 0, advancements: 0 });
    expect(model.derived.armour).toMatchObject({ body: "none", value: 0 });
  });

  it("R-CHAR-5 (stand-ins): joint limits — attributes total 10 at most, Grit and Ego not above their maximum", () => {
    expect(characterJointError(base)).toBeNull();
    expect(characterJointError({ ...base, attributes: { ...base.attributes, reason: 4, influence: 1 } })).toBe(
      "TERRAN.Error.attributeTotal",
    );
    expect(characterJointError({ ...base, grit: { value: 5, max: 4, dice: 1 } })).toBe("TERRAN.Error.gritAboveMax");
    expect(characterJointError({ ...base, ego: { value: 6, max: 5, dice: 1 } })).toBe("TERRAN.Error.egoAboveMax");
    // Not a throw (foundryvtt#8743, #14133): the model repairs instead (tests/data/repair.stubs.test.ts).
    expect(Object.hasOwn(CharacterData, "validateJoint")).toBe(false);
  });

  it("R-RA-7 R-CH-5 (stand-ins): a Challenge is overcome when its Disposition or a facet's reaches 0", () => {
    const challenge = (value: number, facet: number) =>
      new ChallengeData({
        tier: "dangerous",
        n: 4,
        disposition: { value, max: 10 },
        dice: 1,
        halved: false,
        armour: 0,
        notes: "",
        facets: [{ name: "Talk", tier: "trivial", n: 4, disposition: { value: facet, max: 5 }, dice: 0, halved: true }],
      });
    expect(challenge(4, 5).overcome).toBe(false);
    expect(challenge(0, 5).overcome).toBe(true);
    expect(challenge(4, 0).overcome).toBe(true);
  });
});

describe("[Foundry stand-ins] field labels", () => {
  it("every field of every model has a label under its LOCALIZATION_PREFIXES in en.json", async () => {
    const { readFileSync } = await import("node:fs");
    const en = JSON.parse(readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8")) as Record<
      string,
      unknown
    >;
    const lookup = (key: string): unknown =>
      key
        .split(".")
        .reduce<unknown>(
          (node, part) =>
            typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined,
          en,
        );
    const models = [
      [CharacterData, defineCharacterSchema()],
      [ChallengeData, defineChallengeSchema()],
      [WeaponData, defineWeaponSchema()],
      [ArmourData, defineArmourSchema()],
      [AdvancementData, defineAdvancementSchema()],
      [ConditionData, defineConditionSchema()],
    ] as const;
    const missing: string[] = [];
    for (const [model, schema] of models) {
      const [prefix] = model.LOCALIZATION_PREFIXES;
      for (const path of flatten(schema).keys()) {
        if (path.includes("*")) continue;
        const key = `${prefix}.FIELDS.${path}.label`;
        if (typeof lookup(key) !== "string") missing.push(key);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("[Foundry stand-ins] migrateData", () => {
  it("R-CHAR-1 (stand-ins): each model migrates the very object Foundry passes in, and returns it (foundryvtt#13141)", () => {
    const source: Record<string, unknown> = { experience: 5, attributes: { finesse: "3" }, keep: "me" };
    const returned = CharacterData.migrateData(source);
    expect(returned).toBe(source);
    expect(source).toMatchObject({ xp: 5, attributes: { finesse: 3 }, keep: "me" });
    expect(source).not.toHaveProperty("experience");
    const weapon: Record<string, unknown> = { effect: "+2", tags: "Versatile, Serrated" };
    expect(WeaponData.migrateData(weapon)).toBe(weapon);
    expect(weapon).toMatchObject({ rank: 3, tags: ["versatile"], customTags: ["Serrated"] });
  });
});

describe("[Foundry stand-ins] the shared base model", () => {
  const models = {
    character: CharacterData,
    challenge: ChallengeData,
    weapon: WeaponData,
    armour: ArmourData,
    advancement: AdvancementData,
    condition: ConditionData,
  } as const;

  it.each(Object.keys(models) as (keyof typeof models)[])(
    "%s extends TerranDataModel and names its own kind, the key of its limits and repairs",
    (type) => {
      const model = models[type];
      expect(model.prototype).toBeInstanceOf(TerranDataModel);
      expect(model.KIND).toBe(type);
      expect(Object.keys(LIMITS)).toContain(model.KIND);
      expect(typeof model.MIGRATION).toBe("function");
    },
  );
});
