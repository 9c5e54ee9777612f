/** A repair record's text: "Ada: Ego (9 → 5)…", the field by its label (or path). */
import type { RepairRecord } from "./migrations/index.ts";

/** "Ada", or "Ada: Blade" for an embedded item. */
export interface RepairSubject {
  readonly name: string;
  readonly prefix: string;
}

/** `<prefix>.FIELDS.<path without list indices>.label`, or the path. */
export function fieldLabel(prefix: string, path: string): string {
  const key = `${prefix}.FIELDS.${path
    .split(".")
    .filter((part) => !/^\d+$/.test(part))
    .join(".")}.label`;
  const i18n = game.i18n;
  return i18n?.has(key) ? i18n.localize(key) : path;
}

/** TERRAN.Repair.notice / kept / update. */
export function repairText(key: string, subject: RepairSubject, record: RepairRecord): string {
  // A notice is (cleaned) HTML: names and values anyone wrote are escaped.
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
