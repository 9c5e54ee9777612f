/**
 * Migration of a character's `system` data from schema 1 (see index.ts for the old shapes) and schema 3
 * (`legacy`'s parts to their models' blocks, docs/MIGRATIONS.md).
 */
import { ATTRIBUTE_MAX, ATTRIBUTES } from "../../rules/attributes.ts";
import {
  canKeepAside,
  cloneRecord,
  getOwn,
  isRecord,
  keepAside,
  keptWhere,
  noteRange,
  parseWhole,
  renameField,
  setOwn,
  show,
  type Conversion,
  type MigrationResult,
} from "./values.ts";

/** R-CHAR-1 each rating: "3" → 3, { value: "3" } → 3; numbers are already current. */
function migrateAttributes(out: Record<string, unknown>, notes: string[]): void {
  const stored = out.attributes;
  if (stored === undefined) return;
  if (!isRecord(stored)) {
    notes.push(`attributes: ${show(stored)} is not an object of ratings; left as it was.`);
    return;
  }
  for (const attribute of ATTRIBUTES) {
    const path = `attributes.${attribute}`;
    const value = stored[attribute];
    if (value === undefined || typeof value === "number") continue;
    const wrapped = isRecord(value) && Object.hasOwn(value, "value");
    const rating = parseWhole(wrapped ? value.value : value);
    if (!rating.ok) {
      if (!canKeepAside(out, ["attributes"])) {
        notes.push(`${path}: ${show(value)} ${rating.reason}; ${keptWhere(null, path)}.`);
        continue;
      }
      delete stored[attribute];
      notes.push(
        `${path}: ${show(value)} ${rating.reason}; ${keptWhere(keepAside(out, ["attributes", attribute], value), path)}.`,
      );
      continue;
    }
    if (wrapped) {
      const rest = Object.fromEntries(Object.entries(value).filter(([key]) => key !== "value"));
      if (Object.keys(rest).length > 0) {
        if (!canKeepAside(out, ["attributes"])) {
          const held = Object.keys(rest).join(", ");
          notes.push(
            `${path}: the old rating object also holds ${held}; left as it was because unmigrated is not an object.`,
          );
          continue;
        }
        const kept = keepAside(out, ["attributes", attribute], rest);
        notes.push(
          `${path}: the old rating object also held ${Object.keys(rest).join(", ")}; kept under ${String(kept)}.`,
        );
      }
    }
    stored[attribute] = rating.value;
    noteRange(notes, path, rating.value, 0, ATTRIBUTE_MAX);
  }
}

/** R-GRIT-1 `hp: { value, max }` becomes `grit` (its dice are left for the schema's default). */
function migrateHp(out: Record<string, unknown>, notes: string[]): void {
  const hp = out.hp;
  if (hp === undefined) return;
  if (out.grit !== undefined) {
    notes.push("hp and grit are both present; kept grit and left hp as it was.");
    return;
  }
  if (!isRecord(hp)) {
    notes.push(`hp: ${show(hp)} is not a { value, max } object; kept under hp, and grit falls back to its default.`);
    return;
  }
  const grit: Record<string, unknown> = { ...hp };
  const residue: Record<string, unknown> = {};
  for (const key of ["value", "max"] as const) {
    if (hp[key] === undefined) continue;
    const parsed = parseWhole(hp[key]);
    if (parsed.ok) {
      grit[key] = parsed.value;
      noteRange(notes, `hp.${key}`, parsed.value, 0);
    } else {
      delete grit[key];
      residue[key] = hp[key];
      notes.push(
        `hp.${key}: ${show(hp[key])} ${parsed.reason}; kept under hp.${key}, and grit.${key} falls back to its default.`,
      );
    }
  }
  if (Object.keys(grit).length === 0 && Object.keys(residue).length > 0) return;
  out.grit = grit;
  if (Object.keys(residue).length > 0) out.hp = residue;
  else delete out.hp;
}

const isMark = (value: unknown): Conversion<boolean> =>
  typeof value === "boolean" ? { ok: true, value } : { ok: false, reason: "is not true or false" };

/** R-HARM-4 the old track name `hazed` is Stressed. A missing `wounds` is left for the schema's default. */
function migrateWounds(out: Record<string, unknown>, notes: string[]): void {
  const wounds = out.wounds;
  if (wounds === undefined) return;
  if (!isRecord(wounds)) {
    notes.push(`wounds: ${show(wounds)} is not an object of tracks; left as it was.`);
    return;
  }
  renameField(wounds, notes, "hazed", "stressed", isMark, "wounds.");
}

/**
 * Schema 4: each part of schema 3's `legacy` block and where it now lives (R-LEG-4/5 the HP model's
 * `hitPoints`; R-LEG-1/7 the rated character's `ratings`; R-LEG-12, R-LEG-13 at the top). Dotted, inside
 * `legacy` and inside `system`.
 */
export const LEGACY_BLOCK_MOVES: readonly (readonly [string, string])[] = [
  ["hp.value", "hitPoints.value"],
  ["wounds.critical", "hitPoints.critical"],
  ["wounds.mortal", "hitPoints.mortal"],
  ["attributes", "ratings.attributes"],
  ["skills", "ratings.skills"],
  ["ego", "ratings.ego"],
  ["egoLost", "egoLost"],
  ["advancementsWon", "advancementsWon"],
];

/** The record at `keys` below `root`, or undefined when a step is missing or not a record. */
function parentOf(root: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> | undefined {
  let node: unknown = root;
  for (const key of keys) node = isRecord(node) ? getOwn(node, key) : undefined;
  return isRecord(node) ? node : undefined;
}

/** Like parentOf, making the missing records; undefined when a step is there but not a record. */
function madeParentOf(root: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> | undefined {
  let node = root;
  for (const key of keys) {
    const next = getOwn(node, key);
    if (next === undefined) {
      const made: Record<string, unknown> = {};
      setOwn(node, key, made);
      node = made;
    } else if (isRecord(next)) node = next;
    else return undefined;
  }
  return node;
}

/**
 * Schema 4 (`LEGACY_BLOCK_MOVES`): each part present moves as it is (the repair then holds it in its limits);
 * one whose new key is taken, or cannot be reached, stays under `legacy`. An emptied `legacy` goes.
 */
function migrateLegacyBlock(out: Record<string, unknown>, notes: string[]): void {
  const legacy = out.legacy;
  if (legacy === undefined) return;
  if (!isRecord(legacy)) {
    notes.push(`legacy: ${show(legacy)} is not an object; left as it was.`);
    return;
  }
  for (const [from, to] of LEGACY_BLOCK_MOVES) {
    const fromKeys = from.split(".");
    const toKeys = to.split(".");
    const source = parentOf(legacy, fromKeys.slice(0, -1));
    const fromKey = fromKeys.at(-1) ?? from;
    const toKey = toKeys.at(-1) ?? to;
    const value = source ? getOwn(source, fromKey) : undefined;
    if (!source || value === undefined) continue;
    const holder = parentOf(out, toKeys.slice(0, -1));
    if (holder && getOwn(holder, toKey) !== undefined) {
      notes.push(`legacy.${from} and ${to} are both present; kept ${to} and left legacy.${from} as it was.`);
      continue;
    }
    const target = madeParentOf(out, toKeys.slice(0, -1));
    if (!target) {
      notes.push(`legacy.${from}: ${to.split(".")[0] ?? to} is not an object; left legacy.${from} as it was.`);
      continue;
    }
    setOwn(target, toKey, value);
    delete source[fromKey];
  }
  for (const key of ["hp", "wounds"]) {
    const part = getOwn(legacy, key);
    if (isRecord(part) && Object.keys(part).length === 0) delete legacy[key];
  }
  if (Object.keys(legacy).length === 0) delete out.legacy;
}

export function migrateCharacterWithReport(source: Readonly<Record<string, unknown>>): MigrationResult {
  const out = cloneRecord(source);
  const notes: string[] = [];
  migrateAttributes(out, notes);
  const xp = renameField(out, notes, "experience", "xp", parseWhole);
  if (xp !== undefined) noteRange(notes, "experience", xp, 0);
  migrateHp(out, notes);
  migrateWounds(out, notes);
  migrateLegacyBlock(out, notes);
  return { source: out, notes };
}

export function migrateCharacter(source: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return migrateCharacterWithReport(source).source;
}
