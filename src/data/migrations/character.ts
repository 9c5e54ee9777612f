/**
 * Migration of a character's `system` data from schema 1 (see index.ts for the old shapes).
 */
import { ATTRIBUTE_MAX, ATTRIBUTES } from "../../rules/attributes.ts";
import {
  canKeepAside,
  cloneRecord,
  isRecord,
  keepAside,
  keptWhere,
  noteRange,
  parseWhole,
  renameField,
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

export function migrateCharacterWithReport(source: Readonly<Record<string, unknown>>): MigrationResult {
  const out = cloneRecord(source);
  const notes: string[] = [];
  migrateAttributes(out, notes);
  const xp = renameField(out, notes, "experience", "xp", parseWhole);
  if (xp !== undefined) noteRange(notes, "experience", xp, 0);
  migrateHp(out, notes);
  migrateWounds(out, notes);
  return { source: out, notes };
}

export function migrateCharacter(source: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return migrateCharacterWithReport(source).source;
}
