/**
 * The limits on the update path: every model's `_preUpdate` merges the change into the current data, repairs it
 * as a load does (lowering first what this update raised, R-CHAR-5), writes the corrections into the change and
 * tells the user. `_preUpdate` because it sees the current data, which `migrateData` does not
 * (foundryvtt#14482), and a throw may not stop a v14 save (foundryvtt#14133).
 */
import { repairSystem, storedRepairs, type RepairRecord } from "./migrations/index.ts";
import { cloneRecord, isRecord, setOwn } from "./migrations/values.ts";
import { repairText, type RepairSubject } from "./repair-text.ts";

/** The change carries repair records on purpose (the world runner writing them back). */
export const KEEP_REPAIRS_OPTION = "terranKeepRepairs";

/** Lists and other values are replaced. */
function merge(
  target: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out = cloneRecord(target);
  for (const [key, value] of Object.entries(patch)) {
    const existing = out[key];
    setOwn(out, key, isRecord(existing) && isRecord(value) ? merge(existing, value) : value);
  }
  return out;
}

/** In place. */
function expandDotted(record: Record<string, unknown>): void {
  for (const key of Object.keys(record)) {
    if (!key.includes(".")) continue;
    const value = record[key];
    delete record[key];
    const parts = key.split(".");
    let node = record;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (isRecord(next)) node = next;
      else {
        const created: Record<string, unknown> = {};
        setOwn(node, part, created);
        node = created;
      }
    }
    setOwn(node, parts.at(-1) ?? key, value);
  }
}

/** List indices included; creates objects on the way. */
function writePath(record: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split(".");
  let node: unknown = record;
  for (const part of parts.slice(0, -1)) {
    if (Array.isArray(node)) node = (node as unknown[])[Number(part)];
    else if (isRecord(node)) {
      if (!isRecord(node[part]) && !Array.isArray(node[part])) setOwn(node, part, {});
      node = node[part];
    }
  }
  const last = parts.at(-1) ?? path;
  if (Array.isArray(node)) (node as unknown[])[Number(last)] = value;
  else if (isRecord(node)) setOwn(node, last, value);
}

function readPath(record: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (node, part) =>
        Array.isArray(node) ? (node as unknown[])[Number(part)] : isRecord(node) ? node[part] : undefined,
      record,
    );
}

/**
 * `current`: stored `system` data; `changes`: as `_preUpdate` receives it (changed in place). Returns the
 * corrections, with those `migrateData` already made to this change.
 */
export function keepLimitsOnUpdate(
  type: string,
  current: Readonly<Record<string, unknown>>,
  changes: Record<string, unknown>,
  options: Readonly<Record<string, unknown>>,
): RepairRecord[] {
  expandDotted(changes);
  const system = changes.system;
  if (!isRecord(system)) return [];
  expandDotted(system);
  const keep = options[KEEP_REPAIRS_OPTION] === true;
  // On v14 a change is migrated before _preUpdate: its records are told now, not stored.
  const incoming = keep ? [] : storedRepairs(system.repairs);
  if (!keep && incoming.length > 0) delete system.repairs;
  const attributes = system.attributes;
  const lowerFirst = isRecord(attributes) ? Object.keys(attributes).map((a) => `attributes.${a}`) : [];
  const { source, repairs } = repairSystem(type, merge(current, system), { lowerFirst });
  for (const record of repairs)
    writePath(system, record.path, readPath(source, record.path) ?? (JSON.parse(record.to) as unknown));
  if (repairs.some((r) => r.kept !== "") && isRecord(source.unmigrated)) system.unmigrated = source.unmigrated;
  // One per field: the value asked for, and the value kept.
  const byPath = new Map<string, RepairRecord>();
  for (const record of [...incoming, ...repairs]) {
    const earlier = byPath.get(record.path);
    byPath.set(
      record.path,
      earlier ? { ...record, from: earlier.from, kept: earlier.kept !== "" ? earlier.kept : record.kept } : record,
    );
  }
  return [...byPath.values()];
}

/** One warning per field. */
export function warnUpdateRepairs(subject: RepairSubject, repairs: readonly RepairRecord[]): void {
  for (const record of repairs) ui.notifications?.warn(repairText("TERRAN.Repair.update", subject, record));
}

/** Its source, document and class's label prefixes. */
interface ModelLike {
  toObject(): Record<string, unknown>;
  readonly parent: unknown;
}

/** "Ada", or "Ada: Blade" for an item Ada carries. */
export function repairSubjectOf(model: ModelLike, prefixes: readonly string[]): RepairSubject {
  const doc = model.parent;
  const name = (value: unknown): string => {
    if (typeof value !== "object" || value === null) return "";
    const text: unknown = Reflect.get(value, "name");
    return typeof text === "string" ? text : "";
  };
  const owner: unknown = typeof doc === "object" && doc !== null ? Reflect.get(doc, "parent") : null;
  const own = name(doc);
  // An unlinked token's actor's parent is not named.
  const carrier =
    typeof owner === "object" && owner !== null && typeof Reflect.get(owner, "items") === "object" ? name(owner) : "";
  return { name: carrier ? `${carrier}: ${own}` : own, prefix: prefixes[0] ?? "" };
}

export function preUpdateRepairs(
  model: ModelLike,
  type: string,
  prefixes: readonly string[],
  changes: unknown,
  options: unknown,
): void {
  if (!isRecord(changes)) return;
  const repairs = keepLimitsOnUpdate(type, model.toObject(), changes, isRecord(options) ? options : {});
  if (repairs.length > 0) warnUpdateRepairs(repairSubjectOf(model, prefixes), repairs);
}
