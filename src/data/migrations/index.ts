/**
 * Pure migrations of the documents' `system` data to `SCHEMA_VERSION`, with their dispatchers and the
 * world runner's version helpers. What each converts and how: docs/MIGRATIONS.md.
 */
import { SCHEMA_VERSION } from "../source.ts";
import { migrateCharacterWithReport } from "./character.ts";
import { migrateChallengeWithReport } from "./challenge.ts";
import {
  migrateAdvancementWithReport,
  migrateArmourWithReport,
  migrateConditionWithReport,
  migrateWeaponWithReport,
} from "./items.ts";
import { cloneRecord, cloneValue, deepEqual, getOwn, isRecord, setOwn, type MigrationResult } from "./values.ts";

export { migrateCharacter, migrateCharacterWithReport } from "./character.ts";
export { migrateChallenge, migrateChallengeWithReport } from "./challenge.ts";
export {
  migrateAdvancement,
  migrateAdvancementWithReport,
  migrateArmour,
  migrateArmourWithReport,
  migrateCondition,
  migrateConditionWithReport,
  migrateWeapon,
  migrateWeaponWithReport,
} from "./items.ts";
export { UNMIGRATED_KEY, type MigrationResult } from "./values.ts";
export {
  REPAIRS_KEY,
  repairSystem,
  repairWithRecords,
  storedRepairs,
  type RepairRecord,
  type RepairResult,
  type RepairOptions,
} from "./repair.ts";

type Migration = (source: Readonly<Record<string, unknown>>) => MigrationResult;

const ACTOR_MIGRATIONS: Readonly<Record<string, Migration>> = {
  character: migrateCharacterWithReport,
  challenge: migrateChallengeWithReport,
};

const ITEM_MIGRATIONS: Readonly<Record<string, Migration>> = {
  weapon: migrateWeaponWithReport,
  armour: migrateArmourWithReport,
  advancement: migrateAdvancementWithReport,
  condition: migrateConditionWithReport,
};

function dispatch(
  table: Readonly<Record<string, Migration>>,
  documentName: string,
  type: string,
  source: Readonly<Record<string, unknown>>,
): MigrationResult {
  const migrate = Object.hasOwn(table, type) ? table[type] : undefined;
  if (migrate) return migrate(source);
  return {
    source: cloneRecord(source),
    notes: [`No migration is known for the ${documentName} type "${type}"; its data is left as it was.`],
  };
}

/** The migration of an Actor's `system` data by its type ("character", "challenge"). */
export function migrateActorSystemWithReport(type: string, source: Readonly<Record<string, unknown>>): MigrationResult {
  return dispatch(ACTOR_MIGRATIONS, "Actor", type, source);
}

export function migrateActorSystem(type: string, source: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return migrateActorSystemWithReport(type, source).source;
}

/** The migration of an Item's `system` data by its type ("weapon", "armour", "advancement", "condition"). */
export function migrateItemSystemWithReport(type: string, source: Readonly<Record<string, unknown>>): MigrationResult {
  return dispatch(ITEM_MIGRATIONS, "Item", type, source);
}

export function migrateItemSystem(type: string, source: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return migrateItemSystemWithReport(type, source).source;
}

/** A stored schema version as a whole number ≥ 0 (`2`, `"2"`), or null when missing or garbage. */
export function parseSchemaVersion(stored: unknown): number | null {
  if (typeof stored === "number") return Number.isInteger(stored) && stored >= 0 ? stored : null;
  if (typeof stored === "string" && /^\s*\d+\s*$/.test(stored)) return Number(stored);
  return null;
}

/** What the world runner should do with the schema version a world stored. */
export type WorldMigrationPlan =
  | { readonly action: "none"; readonly current: number }
  /** `from` is null when the world stored no version, or one that cannot be read. */
  | { readonly action: "migrate"; readonly from: number | null; readonly to: number }
  /** The world was last saved by a newer version of the system: do not migrate, warn. */
  | { readonly action: "newer"; readonly stored: number; readonly current: number };

export function worldMigrationPlan(
  stored: number | string | undefined | null,
  current = SCHEMA_VERSION,
): WorldMigrationPlan {
  const version = parseSchemaVersion(stored);
  if (version === null || version < current) return { action: "migrate", from: version, to: current };
  if (version > current) return { action: "newer", stored: version, current };
  return { action: "none", current };
}

/** Missing, 0, "1", 1 or garbage → true; the current version or a newer one → false. */
export function needsWorldMigration(stored: number | string | undefined | null, current = SCHEMA_VERSION): boolean {
  return worldMigrationPlan(stored, current).action === "migrate";
}

/**
 * Makes `target` hold exactly `next` (keys missing from `next` are deleted) and returns `target`.
 * Foundry ignores what `migrateData` returns and keeps the object it passed in, so a data model
 * writes the pure result back: `return super.migrateData(overwriteSource(source, migrateX(source)))`.
 */
export function overwriteSource(
  target: Record<string, unknown>,
  next: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const copy = cloneRecord(next);
  for (const key of Object.keys(target)) if (!Object.hasOwn(copy, key)) delete target[key];
  for (const [key, value] of Object.entries(copy)) setOwn(target, key, value);
  return target;
}

/**
 * Dotted paths present in `before` and gone from `after` (`["experience", "wounds.hazed"]`): what a
 * migration removed. The world runner does not delete them from the database (that would take
 * `"system.-=experience": null` on v13 and the `_del` operator on v14, dnd5e 5.3 migration.mjs); Foundry's
 * cleaning leaves keys the schema does not know out on load. Objects present in both are compared inside.
 */
export function removedPaths(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  prefix = "",
): string[] {
  const paths: string[] = [];
  for (const [key, value] of Object.entries(before)) {
    const next = getOwn(after, key);
    if (!Object.hasOwn(after, key)) paths.push(prefix + key);
    else if (isRecord(value) && isRecord(next)) paths.push(...removedPaths(value, next, `${prefix}${key}.`));
  }
  return paths;
}

/**
 * What a write must carry to turn `before` into `after` by a recursive merge: the keys of `after`
 * whose values differ, objects compared inside, anything else whole. Keys only `before` has are left
 * (see `removedPaths`); an empty list or object `before` lacks is what loading it gives anyway. Empty
 * when nothing changes.
 */
export function changedFields(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    const old = getOwn(before, key);
    const empty = (Array.isArray(value) && value.length === 0) || (isRecord(value) && Object.keys(value).length === 0);
    if (!Object.hasOwn(before, key) && empty) continue;
    if (isRecord(value) && isRecord(old)) {
      const inner = changedFields(old, value);
      if (Object.keys(inner).length > 0) setOwn(out, key, inner);
    } else if (!Object.hasOwn(before, key) || !deepEqual(old, value)) setOwn(out, key, cloneValue(value));
  }
  return out;
}
