/**
 * The repair after the migrations: every limited value brought inside its limits (src/data/limits.ts),
 * each change recorded, so no stored value can make a document invalid. Why repair, not refuse, and the
 * rules per field: docs/MIGRATIONS.md.
 */
import { JOINT, limitsOf, type FieldLimit, type JointLimits } from "../limits.ts";
import { canKeepAside, cloneRecord, getOwn, isRecord, keepAside, parseWhole, setOwn } from "./values.ts";

/** One repaired field, as stored in a document's `repairs` list. */
export interface RepairRecord {
  readonly path: string;
  /** JSON text of the stored value. */
  readonly from: string;
  /** JSON text of the value now in place (the schema's default when the old one was kept aside). */
  readonly to: string;
  /** Where the old value was kept (`unmigrated.…`), or "" when it was only bounded. */
  readonly kept: string;
}

export interface RepairResult {
  readonly source: Record<string, unknown>;
  readonly repairs: RepairRecord[];
}

export interface RepairOptions {
  /** R-CHAR-5: ratings to lower first when the total is over the cap (those an update changed). */
  readonly lowerFirst?: readonly string[];
}

/** The key of the `system` object where repair records are kept. */
export const REPAIRS_KEY = "repairs";

const json = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? "null";
  } catch {
    return "null";
  }
};

/** Every concrete path a limit's path names in `source` ("facets.*.n" → "facets.0.n", "facets.1.n"). */
function expand(source: Readonly<Record<string, unknown>>, path: string): string[] {
  const star = path.indexOf(".*.");
  if (star < 0) return [path];
  const head = path.slice(0, star);
  const tail = path.slice(star + 3);
  const list = read(source, head);
  if (!Array.isArray(list)) return [];
  return list.flatMap((_, i) => expand(source, `${head}.${i}.${tail}`));
}

/** The value at a dotted path (list indices included), or undefined. */
export function read(source: unknown, path: string): unknown {
  let node: unknown = source;
  for (const part of path.split(".")) {
    if (Array.isArray(node)) node = /^\d+$/.test(part) ? (node as unknown[])[Number(part)] : undefined;
    else if (isRecord(node)) node = getOwn(node, part);
    else return undefined;
  }
  return node;
}

/** The object holding the last key of `path`, and that key (null when the way is not there). */
function holder(
  source: Record<string, unknown>,
  path: string,
): { readonly node: Record<string, unknown> | unknown[]; readonly key: string } | null {
  const parts = path.split(".");
  const key = parts.pop();
  if (key === undefined) return null;
  let node: unknown = source;
  for (const part of parts)
    node = Array.isArray(node) ? (node as unknown[])[Number(part)] : isRecord(node) ? getOwn(node, part) : undefined;
  return isRecord(node) || Array.isArray(node) ? { node, key } : null;
}

function write(source: Record<string, unknown>, path: string, value: unknown): void {
  const at = holder(source, path);
  if (!at) return;
  if (Array.isArray(at.node)) at.node[Number(at.key)] = value;
  else setOwn(at.node, at.key, value);
}

function remove(source: Record<string, unknown>, path: string): void {
  const at = holder(source, path);
  if (at && isRecord(at.node)) delete at.node[at.key];
}

/** Collects records, one per path: the first stored value, the last new one. */
class Recorder {
  readonly #byPath = new Map<string, RepairRecord>();
  note(path: string, from: unknown, to: unknown, kept = ""): void {
    const earlier = this.#byPath.get(path);
    this.#byPath.set(path, {
      path,
      from: earlier?.from ?? json(from),
      to: json(to),
      kept: earlier && earlier.kept !== "" ? earlier.kept : kept,
    });
  }
  get records(): RepairRecord[] {
    return [...this.#byPath.values()].filter((r) => r.from !== r.to || r.kept !== "");
  }
}

/** Moves an unusable value aside under `unmigrated.<path>` and removes it (the default fills in). */
function setAside(
  out: Record<string, unknown>,
  path: string,
  value: unknown,
  initial: unknown,
  recorder: Recorder,
): void {
  const parts = path.split(".");
  const kept = canKeepAside(out, parts.slice(0, -1)) ? keepAside(out, parts, value) : null;
  if (kept === null) {
    // unmigrated is not an object: the old value survives only in the record.
    write(out, path, initial);
    recorder.note(path, value, initial);
    return;
  }
  const at = holder(out, path);
  if (at && Array.isArray(at.node)) write(out, path, initial);
  else remove(out, path);
  recorder.note(path, value, initial, kept);
}

function repairInteger(
  out: Record<string, unknown>,
  path: string,
  limit: Extract<FieldLimit, { kind: "integer" }>,
  recorder: Recorder,
): void {
  const stored = read(out, path);
  if (stored === undefined) return;
  let value: number;
  if (typeof stored === "number" && Number.isFinite(stored)) value = Math.floor(stored);
  else {
    const parsed = parseWhole(stored);
    if (!parsed.ok) return setAside(out, path, stored, limit.initial, recorder);
    value = parsed.value;
  }
  value = Math.max(limit.min, value);
  if (limit.max !== undefined) value = Math.min(limit.max, value);
  if (value !== stored) {
    write(out, path, value);
    recorder.note(path, stored, value);
  }
}

function repairChoice(
  out: Record<string, unknown>,
  path: string,
  limit: Extract<FieldLimit, { kind: "choice" }>,
  recorder: Recorder,
): void {
  const stored = read(out, path);
  if (stored === undefined || (typeof stored === "string" && limit.choices.includes(stored))) return;
  setAside(out, path, stored, limit.initial, recorder);
}

/** A list keeps the entries `accepts` takes (a set once each); the others are set aside. */
function repairList(
  out: Record<string, unknown>,
  path: string,
  accepts: (entry: unknown) => entry is string,
  isSet: boolean,
  recorder: Recorder,
): void {
  const stored = read(out, path);
  if (stored === undefined) return;
  if (!Array.isArray(stored)) return setAside(out, path, stored, [], recorder);
  const list: readonly unknown[] = stored;
  const kept: string[] = [];
  const unknown: unknown[] = [];
  for (const entry of list) {
    if (accepts(entry)) {
      if (!isSet || !kept.includes(entry)) kept.push(entry);
    } else unknown.push(entry);
  }
  if (kept.length === list.length) return;
  write(out, path, kept);
  const parts = path.split(".");
  const where = unknown.length > 0 && canKeepAside(out, parts.slice(0, -1)) ? keepAside(out, parts, unknown) : null;
  recorder.note(path, list, kept, where ?? "");
}

function repairField(out: Record<string, unknown>, path: string, limit: FieldLimit, recorder: Recorder): void {
  if (limit.kind === "integer") repairInteger(out, path, limit, recorder);
  else if (limit.kind === "choice") repairChoice(out, path, limit, recorder);
  else if (limit.kind === "choices") {
    const { choices } = limit;
    repairList(out, path, (e): e is string => typeof e === "string" && choices.includes(e), true, recorder);
  } else repairList(out, path, (e): e is string => typeof e === "string" && e.trim() !== "", false, recorder);
}

/** R-CHAR-5 lowers ratings one point at a time (see the header) until their total is at most `cap`. */
function repairTotal(
  out: Record<string, unknown>,
  total: NonNullable<JointLimits["total"]>,
  lowerFirst: readonly string[],
  recorder: Recorder,
): void {
  const values = total.paths.map((path) => read(out, path));
  if (!values.every((v): v is number => typeof v === "number")) return;
  const current = new Map(total.paths.map((path, i) => [path, values[i] ?? 0]));
  let sum = values.reduce((a, b) => a + b, 0);
  const order = [...lowerFirst.filter((p) => current.has(p)), ...total.paths.filter((p) => !lowerFirst.includes(p))];
  const group = (paths: readonly string[]) => paths.filter((p) => (current.get(p) ?? 0) > 0);
  while (sum > total.cap) {
    const firsts = group(order.filter((p) => lowerFirst.includes(p)));
    const pool = firsts.length > 0 ? firsts : group(order);
    const highest = pool.reduce<string | null>(
      (best, p) => (best === null || (current.get(p) ?? 0) > (current.get(best) ?? 0) ? p : best),
      null,
    );
    if (highest === null) break;
    current.set(highest, (current.get(highest) ?? 0) - 1);
    sum--;
  }
  for (const [path, value] of current) {
    const stored = read(out, path);
    if (stored !== value) {
      write(out, path, value);
      recorder.note(path, stored, value);
    }
  }
}

function repairJoint(
  out: Record<string, unknown>,
  joint: JointLimits,
  options: RepairOptions,
  recorder: Recorder,
): void {
  if (joint.total) repairTotal(out, joint.total, options.lowerFirst ?? [], recorder);
  for (const track of joint.tracks) {
    const value = read(out, track.value);
    const max = read(out, track.max);
    if (typeof value === "number" && typeof max === "number" && value > max) {
      write(out, track.value, max);
      recorder.note(track.value, value, max);
    }
  }
}

/**
 * Brings the `system` data of a document of `type` inside its limits (see the header). Returns a new
 * object (the input is not changed) and the records of what changed; an unknown type comes back as is.
 */
export function repairSystem(
  type: string,
  source: Readonly<Record<string, unknown>>,
  options: RepairOptions = {},
): RepairResult {
  const out = cloneRecord(source);
  const recorder = new Recorder();
  for (const [path, limit] of Object.entries(limitsOf(type)))
    for (const concrete of expand(out, path)) repairField(out, concrete, limit, recorder);
  const joint = Object.hasOwn(JOINT, type) ? JOINT[type] : undefined;
  if (joint) repairJoint(out, joint, options, recorder);
  return { source: out, repairs: recorder.records };
}

/** Reads a stored `repairs` list (anything that is not a list of records counts as empty). */
export function storedRepairs(value: unknown): RepairRecord[] {
  if (!Array.isArray(value)) return [];
  const list: readonly unknown[] = value;
  return list.filter(
    (r): r is RepairRecord =>
      isRecord(r) &&
      typeof r.path === "string" &&
      typeof r.from === "string" &&
      typeof r.to === "string" &&
      typeof r.kept === "string",
  );
}

/**
 * The repair a data model's `migrateData` applies: `repairSystem`, with the records appended to the
 * source's own `repairs` list. The key is added only when something was repaired, so partial update data
 * that needs nothing stays as it was.
 */
export function repairWithRecords(
  type: string,
  source: Readonly<Record<string, unknown>>,
  options: RepairOptions = {},
): RepairResult {
  const result = repairSystem(type, source, options);
  if (result.repairs.length === 0) return result;
  const out = result.source;
  setOwn(out, REPAIRS_KEY, [...storedRepairs(getOwn(out, REPAIRS_KEY)), ...result.repairs]);
  return { source: out, repairs: result.repairs };
}
