/**
 * Migration of a Challenge's `system` data from schema 1 (see index.ts for the old shapes).
 */
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
  type MigrationResult,
} from "./values.ts";

/** R-CH-1 a plain number Disposition becomes `{ value: n, max: n }`; an object is already current. */
function migrateDisposition(out: Record<string, unknown>, notes: string[]): void {
  const stored = out.disposition;
  if (stored === undefined || isRecord(stored)) return;
  const parsed = parseWhole(stored);
  if (parsed.ok) {
    out.disposition = { value: parsed.value, max: parsed.value };
    noteRange(notes, "disposition", parsed.value, 0);
    return;
  }
  if (!canKeepAside(out, [])) {
    notes.push(`disposition: ${show(stored)} ${parsed.reason}; ${keptWhere(null, "disposition")}.`);
    return;
  }
  delete out.disposition;
  notes.push(
    `disposition: ${show(stored)} ${parsed.reason}; ${keptWhere(keepAside(out, ["disposition"], stored), "disposition")}.`,
  );
}

export function migrateChallengeWithReport(source: Readonly<Record<string, unknown>>): MigrationResult {
  const out = cloneRecord(source);
  const notes: string[] = [];
  migrateDisposition(out, notes);
  const dice = renameField(out, notes, "effectDice", "dice", parseWhole);
  if (dice !== undefined) noteRange(notes, "effectDice", dice, 0);
  return { source: out, notes };
}

export function migrateChallenge(source: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return migrateChallengeWithReport(source).source;
}
