/**
 * Migrations of the items' `system` data from schema 1 (see index.ts for the old shapes): weapons,
 * armour, advancements and conditions.
 */
import { TIER_RANKS } from "../../rules/effect.ts";
import { isWeaponTag } from "../../rules/equipment.ts";
import { isMechanicsFlag, type MechanicsFlag } from "../../rules/mechanics.ts";
import { RULESETS } from "../../rules/rulesets/index.ts";
import type { WeaponTag } from "../../rules/rulesets/types.ts";
import type { ArmourKind } from "../source.ts";
import {
  canKeepAside,
  cloneRecord,
  isRecord,
  keepAside,
  parseModifier,
  renameField,
  show,
  type Conversion,
  type MigrationResult,
} from "./values.ts";

const MIN_RANK = TIER_RANKS[0];
const MAX_RANK = TIER_RANKS[TIER_RANKS.length - 1] ?? 4;

/** R-RA-4 a Core modifier −1…+3 is rank 0…4: rank = modifier + 1. */
function toRank(value: unknown): Conversion<number> {
  const modifier = parseModifier(value);
  return modifier.ok ? { ok: true, value: modifier.value + 1 } : modifier;
}

function migrateEffect(out: Record<string, unknown>, notes: string[]): void {
  const old = out.effect;
  const rank = renameField(out, notes, "effect", "rank", toRank);
  if (rank !== undefined && (rank < MIN_RANK || rank > MAX_RANK)) {
    notes.push(
      `effect: ${show(old)} gives rank ${rank}, outside ${MIN_RANK}–${MAX_RANK} (Core −1e…+3e); ` +
        "converted as is, not clamped (the data model validates it).",
    );
  }
}

/**
 * R-EQ-3 "Versatile, Nimble, Serrated" → tags ["versatile", "nimble"] (the engine's tags, matched
 * regardless of case) and customTags [..., "Serrated"] (the rest, as written).
 */
function migrateTags(out: Record<string, unknown>, notes: string[]): void {
  const stored = out.tags;
  if (stored === undefined || Array.isArray(stored)) return;
  if (typeof stored !== "string") {
    notes.push(`tags: ${show(stored)} is neither a list nor comma-separated text; left as it was.`);
    return;
  }
  const tags: WeaponTag[] = [];
  const custom: string[] = [];
  for (const piece of stored.split(",").map((s) => s.trim())) {
    if (piece === "") continue;
    const id = piece.toLowerCase();
    if (isWeaponTag(id)) {
      if (!tags.includes(id)) tags.push(id);
    } else if (!custom.includes(piece)) {
      custom.push(piece);
    }
  }
  const existing = out.customTags;
  if (custom.length > 0) {
    if (existing === undefined) {
      out.customTags = custom;
    } else if (Array.isArray(existing)) {
      const list: readonly unknown[] = existing;
      out.customTags = [...list, ...custom.filter((tag) => !list.includes(tag))];
    } else if (canKeepAside(out, [])) {
      const kept = keepAside(out, ["tags"], stored);
      notes.push(
        `tags: customTags (${show(existing)}) is not a list, so the tags ${custom.join(", ")} could not join it; ` +
          `the old text is kept under ${String(kept)}.`,
      );
    } else {
      notes.push(
        `tags: customTags (${show(existing)}) is not a list and unmigrated is not an object; tags left as they were.`,
      );
      return;
    }
  }
  out.tags = tags;
}

/** Every range id of every ruleset (a weapon keeps its ranges when the world switches ruleset). */
const RANGE_IDS: readonly string[] = [...new Set(Object.values(RULESETS).flatMap((r) => r.ranges.map((x) => x.id)))];
const squash = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/** R-EQ-1/2 a single range "Contact" → ranges ["contact"]; a name no ruleset knows is kept as written. */
function toRanges(value: unknown): Conversion<string[]> {
  if (typeof value !== "string") return { ok: false, reason: "is not a range name" };
  const text = value.trim();
  if (text === "") return { ok: true, value: [] };
  return { ok: true, value: [RANGE_IDS.find((id) => squash(id) === squash(text)) ?? text] };
}

function migrateRange(out: Record<string, unknown>, notes: string[]): void {
  const ranges = renameField(out, notes, "range", "ranges", toRanges);
  for (const range of ranges ?? []) {
    if (!RANGE_IDS.includes(range))
      notes.push(`range: ${show(range)} is not a range of any ruleset; kept as written in ranges.`);
  }
}

export function migrateWeaponWithReport(source: Readonly<Record<string, unknown>>): MigrationResult {
  const out = cloneRecord(source);
  const notes: string[] = [];
  migrateEffect(out, notes);
  migrateTags(out, notes);
  migrateRange(out, notes);
  return { source: out, notes };
}

export function migrateWeapon(source: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return migrateWeaponWithReport(source).source;
}

const ARMOUR_KINDS: readonly ArmourKind[] = ["light", "heavy", "shield"];
const isArmourKind = (id: string): id is ArmourKind => (ARMOUR_KINDS as readonly string[]).includes(id);

/** R-EQ-4 `armourType` "Light" → `kind` "light". */
function toArmourKind(value: unknown): Conversion<ArmourKind> {
  const id = typeof value === "string" ? value.trim().toLowerCase() : "";
  return isArmourKind(id) ? { ok: true, value: id } : { ok: false, reason: "is not light, heavy or shield" };
}

export function migrateArmourWithReport(source: Readonly<Record<string, unknown>>): MigrationResult {
  const out = cloneRecord(source);
  const notes: string[] = [];
  renameField(out, notes, "armourType", "kind", toArmourKind);
  return { source: out, notes };
}

export function migrateArmour(source: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return migrateArmourWithReport(source).source;
}

/**
 * `flags: { dieHard: true, eager: false }` → `["dieHard"]`. A known flag set to false is simply not
 * set; an unknown flag, or a value other than true/false, is kept under `unmigrated.flags`.
 */
function migrateFlags(out: Record<string, unknown>, notes: string[]): void {
  const stored = out.flags;
  if (stored === undefined || Array.isArray(stored)) return;
  if (!isRecord(stored)) {
    notes.push(`flags: ${show(stored)} is neither a list nor an object of flags; left as it was.`);
    return;
  }
  const flags: MechanicsFlag[] = [];
  const leftovers: [string, unknown][] = [];
  for (const [key, value] of Object.entries(stored)) {
    if (isMechanicsFlag(key) && value === true) flags.push(key);
    else if (!(isMechanicsFlag(key) && value === false)) leftovers.push([key, value]);
  }
  if (leftovers.length > 0 && !canKeepAside(out, ["flags"])) {
    notes.push(
      `flags: ${leftovers.map(([key]) => key).join(", ")} cannot be converted and unmigrated is not an object; flags left as they were.`,
    );
    return;
  }
  for (const [key, value] of leftovers) {
    const reason = isMechanicsFlag(key)
      ? `${show(value)} is not true or false`
      : `the engine knows no flag ${show(key)}`;
    notes.push(`flags.${key}: ${reason}; kept under ${String(keepAside(out, ["flags", key], value))}.`);
  }
  out.flags = flags;
}

function migrateMechanics(source: Readonly<Record<string, unknown>>): MigrationResult {
  const out = cloneRecord(source);
  const notes: string[] = [];
  migrateFlags(out, notes);
  return { source: out, notes };
}

export function migrateAdvancementWithReport(source: Readonly<Record<string, unknown>>): MigrationResult {
  return migrateMechanics(source);
}

export function migrateAdvancement(source: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return migrateMechanics(source).source;
}

export function migrateConditionWithReport(source: Readonly<Record<string, unknown>>): MigrationResult {
  return migrateMechanics(source);
}

export function migrateCondition(source: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return migrateMechanics(source).source;
}
