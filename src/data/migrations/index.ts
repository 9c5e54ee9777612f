/**
 * Pure data migrations of the documents' `system` data, from older schema versions to
 * `SCHEMA_VERSION` (src/data/source.ts). Each data model's `static migrateData(source)` calls the
 * migration of its type; the world migration runner calls the dispatchers and the version helpers.
 * No Foundry and no DOM here: plain functions on plain objects, tested as they are.
 *
 * ## Schema 1, the "0.0.x prototype" (what these functions convert)
 *
 * Character
 * - `attributes.<id>` stored as text (`"3"`) or as an object (`{ value: "3" }`, value text or number)
 *   → a whole number (R-CHAR-1).
 * - `experience` → `xp`.
 * - `hp: { value, max }` → `grit: { value, max }`; there were no Grit dice, so `grit.dice` is left for
 *   the schema's default. Any other key of `hp` moves into `grit` with it.
 * - `wounds` missing entirely (left for the schema's default: nothing marked), or with the old track
 *   name `hazed` → `stressed` (R-HARM-4: "Hazed" is the same track).
 * - `ego` without `dice`: nothing to convert (the schema's default fills it).
 *
 * Challenge
 * - `disposition` a plain number n → `{ value: n, max: n }` (the prototype kept only the current
 *   value; it is taken as the maximum too).
 * - `effectDice` → `dice`. No `facets`: left for the schema's default (none).
 *
 * Weapon
 * - `effect`: a Core modifier −1…+3 (number, or text such as `"+2"`) → `rank` = modifier + 1 (0…4).
 * - `tags` as comma-separated text (`"Versatile, Nimble, Serrated"`) → the engine's tags in `tags`
 *   (`["versatile", "nimble"]`), the others, as written, appended to `customTags` (`["Serrated"]`).
 * - `range` a single text → `ranges: [range]`.
 *
 * Armour: `armourType` → `kind`. Advancement, Condition: `flags` as an object (`{ dieHard: true }`)
 * → an array of the flags set to true (`["dieHard"]`).
 *
 * ## Readings added here (not in the list above)
 * - Numbers that the prototype may have kept as text are read from text wherever a field is
 *   converted (`experience: "12"`, `hp.value: "7"`, `disposition: "20"`, `effectDice: "2"`); only
 *   whole numbers are accepted (`"2.5"`, `""`, `"three"` are not).
 * - An Effect modifier may also be written with a Unicode minus (`"−1"`), as `"±0"`, or with the
 *   rules' trailing `e` (`"+1e"`).
 * - Tag names, armour kinds and range names are matched regardless of case (and, for ranges, of
 *   spaces and dashes: `"Far Away"` → `"farAway"`). A range no ruleset knows is kept as written.
 * - A flag the engine knows set to `false` is simply not set.
 *
 * ## How the migrations behave
 * - They return a new object and never mutate their input; the result shares no object or array
 *   with the input (Foundry mutates the source it is handed).
 * - Only the fields above are touched; every other key is copied through unchanged. Missing fields
 *   are never added (Foundry also runs `migrateData` on partial update data, where adding a default
 *   would overwrite the stored value): the schema supplies defaults.
 * - Idempotent: current data comes back deep-equal, and migrating twice equals migrating once.
 * - The conversions clamp nothing: a rating `"7"` becomes 7 and the report says so. The repair that runs
 *   after them (./repair.ts, called by every data model's `migrateData` and by the world runner) then
 *   brings every value inside its limits and records what it changed.
 * - A value that cannot be converted is never lost, and its new key is left for the schema's default:
 *   - for a renamed field it stays under its old key (`experience: "lots"`, `hp.max: "x"`,
 *     `armourType: "medium"`, `effect: "big"`, `range: 3`, `wounds.hazed: "yes"`);
 *   - for a field whose key does not change (`attributes.<id>`, `disposition`, `flags.<name>`, the
 *     text of `tags` when `customTags` is not a list) it moves to `unmigrated.<old path>`
 *     (`unmigrated: { attributes: { intuition: "three" } }`), never overwriting what is there.
 *   The data models must declare `unmigrated` (and the old keys) to keep them past Foundry's
 *   cleaning, which drops keys the schema does not know.
 * - When an old key and its new key are both present, the new one wins and the old is left as it was.
 * - Every value not converted, and every converted value out of range, gets a readable note in the
 *   report (`migrateXWithReport`); already-current data gives no notes.
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
