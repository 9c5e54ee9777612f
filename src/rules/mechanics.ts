/**
 * The mechanics flags and situational dice modifiers (R-POOL-2) advancements and conditions carry; a flag not
 * listed here is not a flag.
 */
import { isAttribute, isGroup, type Attribute, type Group } from "./attributes.ts";
import { assertInteger, assertText, RulesError } from "./errors.ts";
import { getRuleset, RULESET_IDS } from "./rulesets/index.ts";

export const MECHANICS_FLAGS = [
  "ignoreBroken", // R-HARM-4 Could be worse
  "ignoreWeary", // R-HARM-4 Unyielding
  "effectFirst", // R-RA-9 Fast
  "effectLast", // R-RA-9 Slow
  "dieHard", // R-GRIT-1
  "eager", // R-EGO-1
  "elephantSkin", // R-HARM-2
  "asceticism", // R-GRIT-2
  "whirlwind", // R-RA-10
  "dangerSense", // R-POOL-2, R-ADV-1
  "developed", // R-CHAR-5
  "specialist", // R-ADV-2
  "attributeShift", // R-COND-1 Obsessive Focus
  "tough", // R-LEG-4 Tough
  "protected", // R-LEG-6 Protected
  "multiAttack", // R-LEG-15 Multi-attack
  "skillFocus", // R-LEG-16 Obsessive Focus (Legacy)
  "egoMaxDown", // R-LEG-16 Estranged (Legacy)
  "martialCombatant", // R-V-10, R-V-17 an unarmed weapon's Improvised −1d is gone
] as const;
export type MechanicsFlag = (typeof MECHANICS_FLAGS)[number];

export function isMechanicsFlag(id: string): id is MechanicsFlag {
  return (MECHANICS_FLAGS as readonly string[]).includes(id);
}

export type RollTarget =
  { readonly kind: "attribute"; readonly attribute: Attribute } | { readonly kind: "save"; readonly group: Group };

/** "any", an attribute id, `save:<group>`, or `skill:<skill>` (R-LEG-16). */
export type ModifierScope = "any" | Attribute | `save:${Group}` | `skill:${string}`;

/** R-LEG-16 as scopes `skill:<id>`. */
export const SKILL_SCOPES: readonly `skill:${string}`[] = [
  ...new Set(RULESET_IDS.flatMap((id) => (getRuleset(id).skills?.list ?? []).map((s) => `skill:${s.id}` as const))),
];

export function isModifierScope(value: string): value is ModifierScope {
  if (typeof value !== "string") return false;
  if (value === "any" || isAttribute(value)) return true;
  if (value.startsWith("skill:")) return (SKILL_SCOPES as readonly string[]).includes(value);
  return value.startsWith("save:") && isGroup(value.slice(5));
}

/** R-POOL-2 */
export interface DiceModifier {
  /** Unique within its source; ticked by it in the dialog. */
  readonly id: string;
  readonly dice: number;
  /** An i18n key, or a user's own label. */
  readonly label: string;
  readonly appliesTo: readonly ModifierScope[];
  /** Ticked by the player when it applies; the rest always apply. */
  readonly situational: boolean;
}

export function assertDiceModifier(modifier: DiceModifier): DiceModifier {
  assertText(modifier.label, "A modifier's label");
  assertText(modifier.id, "A modifier's id");
  assertInteger(modifier.dice, `The dice of "${modifier.label}"`, -4, 4);
  if (modifier.dice === 0) {
    throw new RulesError("out-of-range", `The modifier "${modifier.label}" changes no dice.`, {
      label: modifier.label,
    });
  }
  for (const scope of modifier.appliesTo) {
    if (!isModifierScope(scope)) {
      throw new RulesError("unknown-id", `"${String(scope)}" is not an attribute, a save or "any".`, {
        id: String(scope),
      });
    }
  }
  return modifier;
}

export function modifierApplies(modifier: DiceModifier, target: RollTarget): boolean {
  return modifier.appliesTo.some((scope) => {
    if (scope === "any") return true;
    if (target.kind === "attribute") return scope === target.attribute;
    return scope === `save:${target.group}`;
  });
}

export function collectFlags(sources: Iterable<{ readonly flags: readonly string[] }>): Set<MechanicsFlag> {
  const flags = new Set<MechanicsFlag>();
  for (const source of sources) {
    for (const flag of source.flags) {
      if (!isMechanicsFlag(flag))
        throw new RulesError("unknown-id", `"${flag}" is not a rule the engine knows.`, { id: flag });
      flags.add(flag);
    }
  }
  return flags;
}
