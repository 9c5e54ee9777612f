/**
 * The base of every Terran data model: the limits each stored field carries (src/data/limits.ts) hold
 * by repair, never by a throw, on both paths a value can come in by.
 *
 * - On load, `migrateData` converts older data (src/data/migrations) and repairs it in place, recording
 *   what it changed in `repairs` (src/data/migrations/repair.ts).
 * - On update, `_preUpdate` merges the change into the current data, runs the same repair, writes each
 *   correction into the change and tells the user who made it (src/data/update-repair.ts).
 *
 * A model names only what differs: its `KIND` (the key of its limits and repairs), its `MIGRATION`, its
 * schema, and its own extras (`_preCreate`, `prepareDerivedData`…), as Draw Steel's DrawSteelSystemModel
 * and dnd5e's SystemDataModel carry what their models share.
 */
import type { LIMITS } from "./limits.ts";
import { overwriteSource, repairWithRecords } from "./migrations/index.ts";
import { preUpdateRepairs } from "./update-repair.ts";

/** The key of a model's limits and repairs: "character", "weapon"… (src/data/limits.ts LIMITS). */
export type ModelKind = keyof typeof LIMITS;

/** A model's pure migration of its stored `system` data from older schema versions. */
export type ModelMigration = (source: Readonly<Record<string, unknown>>) => Record<string, unknown>;

export abstract class TerranDataModel<
  Schema extends foundry.data.fields.DataSchema,
  Parent extends foundry.abstract.Document.Any,
> extends foundry.abstract.TypeDataModel<Schema, Parent> {
  /** Set by every model: the key of its limits and repairs. */
  declare static readonly KIND: ModelKind;
  /** Set by every model: the conversion of its older data, run before the repair on load. */
  declare static readonly MIGRATION: ModelMigration;

  static override migrateData(source: Record<string, unknown>) {
    // Foundry keeps the object it passed in (foundryvtt#13141): migrate and repair it in place, and return it.
    return super.migrateData(overwriteSource(source, repairWithRecords(this.KIND, this.MIGRATION(source)).source));
  }

  /** The rule limits on every update, without relying on a throw (src/data/update-repair.ts). */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<Schema, Parent>["_preUpdate"]>) {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const [changes, options] = args;
    const model = this.constructor as typeof TerranDataModel;
    preUpdateRepairs(this, model.KIND, model.LOCALIZATION_PREFIXES, changes, options);
    return allowed;
  }
}
