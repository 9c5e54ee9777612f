/**
 * R-POOL-1 … R-POOL-5 a Risky Action's or a Reaction's pool: the base, each modifier as a labelled line, the
 * clamp, Dark Dice, the empty pool.
 */
import { assertAttribute, assertGroup, deriveSaves, groupOf, type Attributes, type Group } from "./attributes.ts";
import { ATTRIBUTE_MAX } from "./attributes.ts";
import { assertId, assertInteger, assertText, RulesError } from "./errors.ts";
import { hasTag, isCloseRange, assertRange, type Weapon } from "./equipment.ts";
import {
  assertDiceModifier,
  modifierApplies,
  type DiceModifier,
  type MechanicsFlag,
  type RollTarget,
} from "./mechanics.ts";
import type { Ruleset } from "./rulesets/types.ts";
import { isMortallyWounded, woundPenaltyTrack, type Wounds } from "./wounds.ts";

/** R-POOL-3 */
export const LIGHT_MIN = 0;
export const LIGHT_MAX = ATTRIBUTE_MAX;
/** R-POOL-4 (setting) the dialog's default Dark Dice maximum. */
export const DEFAULT_DARK_MAX = 10;

export interface PoolInput {
  readonly ruleset: Ruleset;
  readonly target: RollTarget;
  readonly attributes: Attributes;
  readonly wounds: Wounds;
  readonly flags: ReadonlySet<MechanicsFlag>;
  /** The GM's position modifier. */
  readonly position?: number;
  readonly weapon?: Weapon;
  readonly range?: string;
  /** R-EQ-4 the action is one Heavy armour hinders (run, observe, sneak, swim). */
  readonly heavyArmour?: boolean;
  readonly hinderedByHeavyArmour?: boolean;
  /** Of the character's advancements and conditions… */
  readonly modifiers?: readonly DiceModifier[];
  /** … and the situational ones the player ticked. */
  readonly ticked?: ReadonlySet<string>;
  /** R-V-5 the held skill's die, from `skillDie` (0 or 1). */
  readonly skillDie?: number;
  readonly dark: number;
  /** R-POOL-4 omit for no maximum. */
  readonly darkMax?: number;
}

export type PoolLineId =
  | "position"
  | "skill"
  | "wound"
  | "improvised"
  | "heavyFirepower"
  | "unhandy"
  | "outOfRange"
  | "heavyArmour"
  | "dangerSense"
  | "modifier";

export interface PoolLine {
  readonly id: PoolLineId;
  /** An i18n key, or a user's own label. */
  readonly label: string;
  readonly dice: number;
  readonly rule: string;
}

export type ClampReason = "max" | "min" | "mortal" | null;

export interface Pool {
  readonly base: number;
  readonly baseLabel: string;
  readonly lines: readonly PoolLine[];
  /** Before the clamp. */
  readonly raw: number;
  readonly light: number;
  readonly dark: number;
  /** R-POOL-3 why `light` differs from `raw`. */
  readonly clamp: ClampReason;
  /** R-POOL-5 */
  readonly empty: boolean;
}

const ROLL_KINDS: readonly RollTarget["kind"][] = ["attribute", "save"];

/** Whose wounds and Save concern this roll. */
export function targetGroup(target: RollTarget): Group {
  assertId(target.kind, ROLL_KINDS, "a kind of roll");
  return target.kind === "save" ? assertGroup(target.group) : groupOf(assertAttribute(target.attribute));
}

/** R-POOL-1 the rating, or a Reaction's Save. */
export function poolBase(attributes: Attributes, target: RollTarget): number {
  assertId(target.kind, ROLL_KINDS, "a kind of roll");
  if (target.kind === "save") return deriveSaves(attributes)[assertGroup(target.group)];
  const attribute = assertAttribute(target.attribute);
  return assertInteger(attributes[attribute], `${attribute} rating`, 0, ATTRIBUTE_MAX);
}

/** R-V-17 (ruling) Martial combatant and a weapon marked unarmed, where the ruleset knows the mark. */
function trainedUnarmed(input: PoolInput): boolean {
  const known = input.ruleset.weaponTags.includes("unarmed");
  return known && input.flags.has("martialCombatant") && hasTag(input.weapon, "unarmed");
}

/** R-POOL-2 */
export function poolLines(input: PoolInput): PoolLine[] {
  const lines: PoolLine[] = [];
  const position = assertInteger(input.position ?? 0, "The GM's modifier", -10, 10);
  if (position !== 0 && !input.ruleset.gmPosition)
    throw new RulesError("not-allowed", "This ruleset has no GM position die.", { reason: "noPosition" });
  if (position !== 0) lines.push({ id: "position", label: "TERRAN.Pool.position", dice: position, rule: "R-POOL-2" });
  const skill = assertInteger(input.skillDie ?? 0, "The skill die", 0, 1);
  if (skill !== 0) lines.push({ id: "skill", label: "TERRAN.Pool.skill", dice: skill, rule: "R-V-5" });

  const track = woundPenaltyTrack(input.wounds, targetGroup(input.target), {
    ignoreBroken: input.flags.has("ignoreBroken"),
    ignoreWeary: input.flags.has("ignoreWeary"),
  });
  if (track) lines.push({ id: "wound", label: `TERRAN.Wound.${track}`, dice: -1, rule: "R-HARM-4" });

  const weapon = input.weapon;
  if (hasTag(weapon, "improvised") && !trainedUnarmed(input))
    lines.push({ id: "improvised", label: "TERRAN.Tag.improvised", dice: -1, rule: "R-EQ-3" });
  if (hasTag(weapon, "heavyFirepower"))
    lines.push({ id: "heavyFirepower", label: "TERRAN.Tag.heavyFirepower", dice: 1, rule: "R-V-17" });
  if (weapon && input.range !== undefined && input.ruleset.rangePenalties) {
    const range = assertRange(input.ruleset, input.range);
    if (hasTag(weapon, "unhandy") && isCloseRange(input.ruleset, range)) {
      lines.push({ id: "unhandy", label: "TERRAN.Tag.unhandy", dice: -1, rule: "R-EQ-3" });
    }
    if (!weapon.ranges.includes(range)) {
      lines.push({ id: "outOfRange", label: "TERRAN.Pool.outOfRange", dice: -1, rule: "R-POOL-2" });
    }
  }
  if (input.heavyArmour && input.hinderedByHeavyArmour) {
    lines.push({ id: "heavyArmour", label: "TERRAN.Armour.heavy", dice: -1, rule: "R-EQ-4" });
  }
  if (input.flags.has("dangerSense") && input.target.kind === "save" && input.target.group === "insight") {
    lines.push({ id: "dangerSense", label: "TERRAN.Adv.dangerSense", dice: 1, rule: "R-ADV-1" });
  }
  for (const modifier of input.modifiers ?? []) {
    assertDiceModifier(modifier);
    if (!modifierApplies(modifier, input.target)) continue;
    if (modifier.situational && !input.ticked?.has(modifier.id)) continue;
    lines.push({ id: "modifier", label: modifier.label, dice: modifier.dice, rule: "R-POOL-2" });
  }
  return lines;
}

/** R-POOL-3 Mortally Wounded gathers none. */
export function clampLight(raw: number, mortallyWounded: boolean): { light: number; clamp: ClampReason } {
  assertInteger(raw, "The Light Dice gathered", Number.NEGATIVE_INFINITY);
  if (mortallyWounded) return { light: 0, clamp: raw === 0 ? null : "mortal" };
  if (raw > LIGHT_MAX) return { light: LIGHT_MAX, clamp: "max" };
  if (raw < LIGHT_MIN) return { light: LIGHT_MIN, clamp: "min" };
  return { light: raw, clamp: null };
}

const CLAMPS: readonly (ClampReason & string)[] = ["max", "min", "mortal"];

/** R-POOL-1 … R-POOL-5 a card's stored pool, checked; with the dice thrown, exactly that many. */
export function assertPool(pool: Pool, light?: number, dark?: number): Pool {
  assertInteger(pool.base, "The pool's base", 0, ATTRIBUTE_MAX);
  assertText(pool.baseLabel, "The pool's label");
  assertInteger(pool.raw, "The dice gathered", Number.NEGATIVE_INFINITY);
  assertInteger(pool.light, "Light Dice", LIGHT_MIN, LIGHT_MAX);
  assertInteger(pool.dark, "Dark Dice", 0);
  for (const line of pool.lines) {
    assertText(line.id, "A pool line");
    assertText(line.label, "A pool line's label");
    assertText(line.rule, "A pool line's rule");
    assertInteger(line.dice, "A pool line's dice", Number.NEGATIVE_INFINITY);
  }
  if (pool.clamp !== null) assertId(pool.clamp, CLAMPS, "a clamp");
  if (pool.empty !== (pool.light + pool.dark === 0))
    throw new RulesError("bad-choice", "The pool says it is empty when it is not, or the reverse.");
  if ((light !== undefined && pool.light !== light) || (dark !== undefined && pool.dark !== dark)) {
    throw new RulesError(
      "out-of-range",
      `The pool has ${pool.light} Light and ${pool.dark} Dark Dice, but ${String(light)} Light and ${String(dark)} Dark were thrown.`,
      { what: "The dice thrown", value: (light ?? 0) + (dark ?? 0) },
    );
  }
  return pool;
}

/** R-CHAR-3 a Save's name as the ruleset has it (R-V-3: v0.6.2's Evasion and Resolve). */
export function saveLabelKey(ruleset: Pick<Ruleset, "attributes">, group: Group): string {
  const id = assertGroup(group);
  return ruleset.attributes.groups.find((g) => g.id === id)?.saveLabelKey ?? `TERRAN.Save.${id}`;
}

/** R-POOL-1 … R-POOL-5 */
export function buildPool(input: PoolInput): Pool {
  const darkMax =
    input.darkMax === undefined ? Number.POSITIVE_INFINITY : assertInteger(input.darkMax, "The Dark Dice maximum", 0);
  const dark = assertInteger(input.dark, "Dark Dice", 0, darkMax);
  const base = poolBase(input.attributes, input.target);
  const lines = poolLines(input);
  const raw = lines.reduce((t, l) => t + l.dice, base);
  const { light, clamp } = clampLight(raw, isMortallyWounded(input.wounds));
  const baseLabel =
    input.target.kind === "save"
      ? saveLabelKey(input.ruleset, input.target.group)
      : `TERRAN.Attribute.${input.target.attribute}`;
  return { base, baseLabel, lines, raw, light, dark, clamp, empty: light + dark === 0 };
}
