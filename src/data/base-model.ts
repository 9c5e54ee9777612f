/**
 * The base of every Terran data model: each field's limits (data/limits.ts) hold by repair, never a throw, on
 * load (`migrateData`, data/migrations/repair.ts) and on update (`_preUpdate`, data/update-repair.ts). A model
 * names only what differs, as with Draw Steel's DrawSteelSystemModel and dnd5e's SystemDataModel.
 */
import type { LIMITS } from "./limits.ts";
import { overwriteSource, repairWithRecords } from "./migrations/index.ts";
import { preUpdateRepairs } from "./update-repair.ts";

/** The keys of LIMITS in data/limits.ts. */
export type ModelKind = keyof typeof LIMITS;

/** From older schema versions. */
export type ModelMigration = (source: Readonly<Record<string, unknown>>) => Record<string, unknown>;

export abstract class TerranDataModel<
  Schema extends foundry.data.fields.DataSchema,
  Parent extends foundry.abstract.Document.Any,
> extends foundry.abstract.TypeDataModel<Schema, Parent> {
  /** The key of its limits and repairs. */
  declare static readonly KIND: ModelKind;
  /** Run before the repair on load. */
  declare static readonly MIGRATION: ModelMigration;

  static override migrateData(source: Record<string, unknown>) {
    // Foundry keeps the object it passed in (foundryvtt#13141): migrate and repair it in place.
    return super.migrateData(overwriteSource(source, repairWithRecords(this.KIND, this.MIGRATION(source)).source));
  }

  /** See data/update-repair.ts. */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<Schema, Parent>["_preUpdate"]>) {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const [changes, options] = args;
    const model = this.constructor as typeof TerranDataModel;
    preUpdateRepairs(this, model.KIND, model.LOCALIZATION_PREFIXES, changes, options);
    return allowed;
  }
}
