/**
 * R-LEG-9 the pool of a ruleset whose Light Dice are an attribute plus one skill and whose wounds are HP
 * stages; the same `Pool` shape as R-POOL-*'s, so cards and dialogs show either.
 */
import { assertInteger, assertText, RulesError } from "./errors.ts";
import { hpWoundPenalty, type HpWound } from "./hp.ts";
import type { Pool, PoolLine } from "./pool.ts";
import { assertAttributeOf, assertRatingsOf, assertSkillOf, assertSkillRatings, type Ratings } from "./ratings.ts";
import type { Ruleset } from "./rulesets/types.ts";

/** R-LEG-9 scoped to "any", an attribute id, or `skill:<id>` (R-LEG-16). */
export interface SkillDiceModifier {
  readonly id: string;
  readonly dice: number;
  readonly label: string;
  readonly appliesTo: readonly string[];
  readonly situational: boolean;
}

export interface SkillPoolInput {
  readonly ruleset: Ruleset;
  readonly attribute: string;
  /** R-LEG-3 or null. */
  readonly skill: string | null;
  readonly ratings: Ratings;
  readonly skills: Ratings;
  readonly wound: HpWound;
  /** The GM's modifier. */
  readonly position?: number;
  /** R-LEG-11 −1d. */
  readonly improvised?: boolean;
  /** R-LEG-6 Heavy armour hinders run, observe, sneak, swim. */
  readonly heavyArmour?: boolean;
  readonly hinderedByHeavyArmour?: boolean;
  /** R-LEG-14 Light Dice lost to the Challenge's Effect. */
  readonly complication?: number;
  readonly modifiers?: readonly SkillDiceModifier[];
  readonly ticked?: ReadonlySet<string>;
  readonly dark: number;
  /** Omit for none. */
  readonly darkMax?: number;
}

/** Any, its attribute, or `skill:` its skill. */
export function skillModifierApplies(modifier: SkillDiceModifier, attribute: string, skill: string | null): boolean {
  return modifier.appliesTo.some(
    (scope) => scope === "any" || scope === attribute || (skill !== null && scope === `skill:${skill}`),
  );
}

function assertModifier(ruleset: Ruleset, modifier: SkillDiceModifier): SkillDiceModifier {
  assertText(modifier.label, "A modifier's label");
  assertText(modifier.id, "A modifier's id");
  assertInteger(modifier.dice, `The dice of "${modifier.label}"`, -4, 4);
  if (modifier.dice === 0)
    throw new RulesError("out-of-range", `The modifier "${modifier.label}" changes no dice.`, {
      label: modifier.label,
    });
  const attributes = ruleset.attributes.list.map((a) => a.id);
  const skills = ruleset.skills?.list.map((s) => `skill:${s.id}`) ?? [];
  for (const scope of modifier.appliesTo) {
    if (scope !== "any" && !attributes.includes(scope) && !skills.includes(scope)) {
      throw new RulesError("unknown-id", `"${String(scope)}" is not an attribute, a skill or "any".`, {
        id: String(scope),
      });
    }
  }
  return modifier;
}

/** R-LEG-9 */
export function skillPoolLines(input: SkillPoolInput): PoolLine[] {
  const { ruleset } = input;
  const lines: PoolLine[] = [];
  if (input.skill !== null) {
    const skill = assertSkillOf(ruleset, input.skill);
    const rating = assertSkillRatings(ruleset, input.skills)[skill] ?? 0;
    if (rating !== 0) lines.push({ id: "modifier", label: `TERRAN.Skill.${skill}`, dice: rating, rule: "R-LEG-3" });
  }
  const position = assertInteger(input.position ?? 0, "The GM's modifier", -10, 10);
  if (position !== 0) lines.push({ id: "position", label: "TERRAN.Pool.position", dice: position, rule: "R-LEG-9" });
  const penalty = hpWoundPenalty(ruleset, input.wound);
  if (penalty !== 0) lines.push({ id: "wound", label: `TERRAN.Wound.${input.wound}`, dice: -penalty, rule: "R-LEG-5" });
  if (input.improvised) lines.push({ id: "improvised", label: "TERRAN.Tag.improvised", dice: -1, rule: "R-LEG-11" });
  if (input.heavyArmour && input.hinderedByHeavyArmour)
    lines.push({ id: "heavyArmour", label: "TERRAN.Armour.heavy", dice: -1, rule: "R-LEG-6" });
  const complication = assertInteger(input.complication ?? 0, "A montage complication", 0, 10);
  if (complication !== 0)
    lines.push({ id: "modifier", label: "TERRAN.Pool.complication", dice: -complication, rule: "R-LEG-14" });
  for (const modifier of input.modifiers ?? []) {
    assertModifier(ruleset, modifier);
    if (!skillModifierApplies(modifier, input.attribute, input.skill)) continue;
    if (modifier.situational && !input.ticked?.has(modifier.id)) continue;
    lines.push({ id: "modifier", label: modifier.label, dice: modifier.dice, rule: "R-LEG-9" });
  }
  return lines;
}

/** R-LEG-9 */
export function buildSkillPool(input: SkillPoolInput): Pool {
  const { ruleset } = input;
  if (ruleset.health.kind !== "hp")
    throw new RulesError(
      "not-allowed",
      "This ruleset builds its pool from attributes, Saves and wound tracks (R-POOL-1 … R-POOL-5).",
    );
  const attribute = assertAttributeOf(ruleset, input.attribute);
  const base = assertRatingsOf(ruleset, input.ratings)[attribute] ?? 0;
  const darkMax =
    input.darkMax === undefined ? Number.POSITIVE_INFINITY : assertInteger(input.darkMax, "The Dark Dice maximum", 0);
  const dark = assertInteger(input.dark, "Dark Dice", 0, darkMax);
  const lines = skillPoolLines(input);
  const raw = lines.reduce((t, l) => t + l.dice, base);
  const max = ruleset.resolution.lightMax;
  const light = Math.min(max, Math.max(0, raw));
  const clamp = raw > max ? "max" : raw < 0 ? "min" : null;
  return {
    base: Math.min(base, max),
    baseLabel: `TERRAN.Attribute.${attribute}`,
    lines,
    raw,
    light,
    dark,
    clamp,
    empty: light + dark === 0,
  };
}

/** R-LEG-16 Obsessive Focus (Legacy): four different skills; no rating moves. */
export function skillFocusModifiers(
  ruleset: Ruleset,
  raise: string,
  lower: readonly [string, string, string],
): SkillDiceModifier[] {
  const up = assertSkillOf(ruleset, raise);
  if (!Array.isArray(lower) || lower.length !== 3)
    throw new RulesError("bad-choice", "Choose three skills to lose a die.");
  const down = lower.map((id) => assertSkillOf(ruleset, id));
  if (new Set([up, ...down]).size !== 4)
    throw new RulesError("bad-choice", "Obsessive Focus needs four different skills: one raised, three lowered.");
  return [
    {
      id: "obsessiveFocus+",
      dice: 1,
      label: "TERRAN.Cond.obsessiveFocus",
      appliesTo: [`skill:${up}`],
      situational: false,
    },
    {
      id: "obsessiveFocus-",
      dice: -1,
      label: "TERRAN.Cond.obsessiveFocus",
      appliesTo: down.map((d) => `skill:${d}`),
      situational: false,
    },
  ];
}
