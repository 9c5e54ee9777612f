/**
 * The localised text of a repair record: "Ada: Ego (9 → 5)…", naming the document, the field (its
 * label under the model's LOCALIZATION_PREFIXES when there is one, else its path) and the old and new
 * values.
 */
import type { RepairRecord } from "./migrations/index.ts";

/** What a notice names: the document ("Ada", or "Ada: Blade" for an embedded item) and its model's label prefix. */
export interface RepairSubject {
  readonly name: string;
  readonly prefix: string;
}

/** A field's label: `<prefix>.FIELDS.<path without list indices>.label`, or the path itself. */
export function fieldLabel(prefix: string, path: string): string {
  const key = `${prefix}.FIELDS.${path
    .split(".")
    .filter((part) => !/^\d+$/.test(part))
    .join(".")}.label`;
  const i18n = game.i18n;
  return i18n?.has(key) ? i18n.localize(key) : path;
}

/** The text of `key` (TERRAN.Repair.notice / kept / update) for one record. */
export function repairText(key: string, subject: RepairSubject, record: RepairRecord): string {
  // A notice is drawn as (cleaned) HTML: the name and stored values, written by anyone, are shown as written.
  const esc = foundry.utils.escapeHTML;
  const data = {
    name: esc(subject.name),
    field: fieldLabel(subject.prefix, record.path),
    from: esc(record.from),
    to: esc(record.to),
    kept: esc(record.kept),
  };
  const chosen = record.kept !== "" && key === "TERRAN.Repair.notice" ? "TERRAN.Repair.kept" : key;
  return game.i18n?.format(chosen, data) ?? `${subject.name}: ${record.path} ${record.from} → ${record.to}`;
}
