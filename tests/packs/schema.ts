/**
 * Checks a pack document's `system` against the data models' OWN schema declarations, built with the
 * FOUNDRY STAND-INS of tests/stubs/foundry.ts (which record each field's options). This reads the
 * limits our models declare (required, integer, min, max, choices, blank, nullable) and applies them
 * to the data; it is not Foundry's validation, which cannot run here. On top: the pure migrations must
 * find nothing to change (the data is at the current schema), and the rules' own checks must accept
 * the mechanics (flags, dice modifiers, tier ranks, a Challenge's tier figures).
 */
import "../stubs/foundry.ts";
import { isDeepStrictEqual } from "node:util";
import {
  ArrayField,
  BooleanField,
  NumberField,
  ObjectField,
  SchemaField,
  SetField,
  StringField,
  type StubField,
} from "../stubs/foundry.ts";
import { defineChallengeSchema } from "../../src/data/actor/challenge.ts";
import { defineCharacterSchema } from "../../src/data/actor/character.ts";
import { defineAdvancementSchema } from "../../src/data/item/advancement.ts";
import { defineArmourSchema } from "../../src/data/item/armour.ts";
import { defineConditionSchema } from "../../src/data/item/condition.ts";
import { defineWeaponSchema } from "../../src/data/item/weapon.ts";
import {
  migrateActorSystemWithReport,
  migrateItemSystemWithReport,
  repairSystem,
} from "../../src/data/migrations/index.ts";
import {
  asTierRank,
  assertDiceModifier,
  challengeScale,
  challengeStats,
  collectFlags,
  CORE,
  getRuleset,
  RULESET_IDS,
  type DiceModifier,
  type Ruleset,
} from "../../src/rules/index.ts";

type Fields = Record<string, StubField>;

/** A schema as the stand-ins built it (fvtt-types types the builders with Foundry's own field classes). */
const stub = (define: () => object) => (): Fields => define() as unknown as Fields;

const SCHEMAS: Readonly<Record<string, Record<string, () => Fields>>> = {
  Actor: { character: stub(defineCharacterSchema), challenge: stub(defineChallengeSchema) },
  Item: {
    weapon: stub(defineWeaponSchema),
    armour: stub(defineArmourSchema),
    advancement: stub(defineAdvancementSchema),
    condition: stub(defineConditionSchema),
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** What is wrong with `value` for `field`, by the options our schema gave the field. */
export function fieldProblems(field: StubField, value: unknown, path: string): string[] {
  const o = field.options;
  if (value === undefined) return o.required ? [`${path}: missing (write it out rather than rely on the default)`] : [];
  if (value === null) return o.nullable ? [] : [`${path}: null is not allowed`];
  if (field instanceof SchemaField) return recordProblems(field.fields, value, path);
  if (field instanceof ArrayField) {
    if (!Array.isArray(value)) return [`${path}: ${show(value)} is not a list`];
    const list: unknown[] = value;
    const problems = list.flatMap((v, i) => fieldProblems(field.element, v, `${path}[${i}]`));
    if (field instanceof SetField && new Set(list.map(show)).size !== list.length)
      problems.push(`${path}: a set holds a value twice`);
    return problems;
  }
  const problems: string[] = [];
  if (field instanceof NumberField) {
    if (typeof value !== "number" || !Number.isFinite(value)) return [`${path}: ${show(value)} is not a number`];
    if (o.integer && !Number.isInteger(value)) problems.push(`${path}: ${value} is not a whole number`);
    if (typeof o.min === "number" && value < o.min) problems.push(`${path}: ${value} is below the minimum ${o.min}`);
    if (typeof o.max === "number" && value > o.max) problems.push(`${path}: ${value} is above the maximum ${o.max}`);
  } else if (field instanceof StringField) {
    if (typeof value !== "string") return [`${path}: ${show(value)} is not text`];
    if (o.blank === false && value.trim() === "") problems.push(`${path}: may not be blank`);
  } else if (field instanceof BooleanField) {
    if (typeof value !== "boolean") problems.push(`${path}: ${show(value)} is not true or false`);
  } else if (field instanceof ObjectField) {
    if (!isRecord(value)) problems.push(`${path}: ${show(value)} is not an object`);
  } else {
    problems.push(`${path}: a field of a kind this checker does not know`);
  }
  const choices = o.choices;
  if (Array.isArray(choices) && !(choices as unknown[]).includes(value))
    problems.push(`${path}: ${show(value)} is not one of ${choices.map(show).join(", ")}`);
  return problems;
}

/** A schema's fields against an object: each field checked, and keys the schema does not declare. */
export function recordProblems(fields: Fields, value: unknown, path: string): string[] {
  if (!isRecord(value)) return [`${path}: ${show(value)} is not an object`];
  const problems = Object.entries(fields).flatMap(([key, field]) => fieldProblems(field, value[key], `${path}.${key}`));
  for (const key of Object.keys(value))
    if (!Object.hasOwn(fields, key)) problems.push(`${path}.${key}: not in the schema (Foundry would drop it)`);
  return problems;
}

function rulesProblems(type: string, system: Record<string, unknown>, path: string, own?: Ruleset): string[] {
  const problems: string[] = [];
  const attempt = (what: string, check: () => unknown, at = path) => {
    try {
      check();
    } catch (error) {
      problems.push(`${at}: ${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  if (type === "advancement" || type === "condition") {
    attempt("flags", () => collectFlags([{ flags: Array.isArray(system.flags) ? (system.flags as string[]) : [] }]));
    for (const modifier of Array.isArray(system.dice) ? (system.dice as DiceModifier[]) : [])
      attempt("dice", () => assertDiceModifier(modifier));
  }
  if (type === "weapon") attempt("rank", () => asTierRank(Number(system.rank)));
  if (type === "challenge") {
    const facets = Array.isArray(system.facets) ? (system.facets as Record<string, unknown>[]) : [];
    for (const [i, facet] of [system, ...facets].entries()) {
      const at = i === 0 ? path : `${path}.facets[${i - 1}]`;
      attempt(
        "tier",
        () => {
          // R-CH-1 R-LEG-10 R-V-14 the level as its pack's ruleset defines it, else the first ruleset that has it
          // (Legacy's Extreme and Fantastical are Legacy's); a scaling level reads n.
          const tier = String(facet.tier);
          const ruleset =
            (own?.challengeTiers.some((t) => t.id === tier) ? own : undefined) ??
            RULESET_IDS.map((id) => getRuleset(id)).find((r) => r.challengeTiers.some((t) => t.id === tier)) ??
            CORE;
          const stats = challengeStats(ruleset, tier, challengeScale(ruleset, tier) ? Number(facet.n) : undefined);
          const disposition = isRecord(facet.disposition) ? facet.disposition : {};
          if (disposition.max !== stats.disposition || facet.dice !== stats.dice || facet.halved !== stats.halved) {
            throw new Error(
              `${String(facet.tier)} has Disposition ${stats.disposition}, ${stats.halved ? "d/2" : `${stats.dice}d`}; ` +
                `found ${show(disposition.max)}, ${show(facet.dice)}d, halved ${show(facet.halved)}`,
            );
          }
          if (Number(disposition.value) > Number(disposition.max)) throw new Error("Disposition above its maximum");
        },
        at,
      );
    }
  }
  return problems;
}

/**
 * Everything wrong with a document's `system` for its type: the schema's limits (stand-ins), keys the
 * schema does not know, anything the migrations would still change, and the rules' own checks (a
 * Challenge's figures by `ruleset`, its pack's, when given).
 */
export function systemProblems(
  documentName: "Actor" | "Item",
  type: string,
  system: unknown,
  path = "system",
  ruleset?: Ruleset,
): string[] {
  const define = SCHEMAS[documentName]?.[type];
  if (!define) return [`${path}: no data model for ${documentName} type ${type}`];
  const problems = recordProblems(define(), system, path);
  if (!isRecord(system)) return problems;
  const migrate = documentName === "Actor" ? migrateActorSystemWithReport : migrateItemSystemWithReport;
  const migrated = migrate(type, system);
  problems.push(...migrated.notes.map((note) => `${path}: migration note: ${note}`));
  if (!isDeepStrictEqual(migrated.source, system))
    problems.push(`${path}: the migrations would still change it (not at the current schema)`);
  for (const record of repairSystem(type, system).repairs)
    problems.push(
      `${path}.${record.path}: outside its limits (the repair would change ${record.from} to ${record.to})`,
    );
  problems.push(...rulesProblems(type, system, path, ruleset));
  return problems;
}
