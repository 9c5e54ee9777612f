/**
 * Derived character data, from the source and its items with the rules: `prepareDerivedData` and the operations
 * read the same.
 */
import {
  advancementCost,
  armourValue,
  collectFlags,
  deriveSaves,
  type ArmourLine,
  type ArmourState,
  type BodyArmour,
  type DiceModifier,
  type MechanicsFlag,
  type Saves,
} from "../rules/index.ts";
import type { CharacterSource, ItemSnapshot } from "./source.ts";
import { deriveHealth, type HealthDerived } from "./health/index.ts";
import { deriveRatings, type RatingsDerived } from "./ratings.ts";

/** Each health shape's part is its `derivedKey` (data/health/). */
export interface CharacterDerived extends HealthDerived {
  /** R-CHAR-3 */
  readonly saves: Saves;
  /** R-POOL-2, R-GRIT-1, R-RA-9… */
  readonly flags: ReadonlySet<MechanicsFlag>;
  /** R-POOL-2 for the roll dialog. */
  readonly modifiers: readonly DiceModifier[];
  /** R-HARM-2 */
  readonly armour: ArmourState & {
    readonly value: number;
    readonly lines: readonly ArmourLine[];
    readonly heavy: boolean;
  };
  readonly advancements: number;
  /** R-XP-2 (0 while a successor has free ones left, R-SAY-1). */
  readonly nextAdvancementCost: number;
  /** R-SAY-1 / R-LEG-15 0 for anyone but a successor. */
  readonly freeAdvancements: number;
  /** R-CHAR-7 until the (free) first advancement. */
  readonly inCreation: boolean;
  /** R-ADV-1 Ether call. */
  readonly mutations: number;
  /** See data/ratings.ts. */
  readonly ratings: RatingsDerived;
}

/** The best body armour, and whether a shield is carried. */
function wornArmour(items: readonly ItemSnapshot[]): {
  body: BodyArmour;
  bodyValue: number;
  shield: boolean;
  shieldValue: number;
} {
  let body: BodyArmour = "none";
  let bodyValue = 0;
  let shield = false;
  let shieldValue = 0;
  for (const item of items) {
    if (item.type !== "armour" || !item.system.equipped || item.system.destroyed) continue;
    if (item.system.kind === "shield") {
      if (!shield || item.system.value > shieldValue) shieldValue = item.system.value;
      shield = true;
    } else if (item.system.value > bodyValue || body === "none") {
      body = item.system.kind;
      bodyValue = item.system.value;
    }
  }
  return { body, bodyValue, shield, shieldValue };
}

export function deriveCharacter(source: CharacterSource, items: readonly ItemSnapshot[]): CharacterDerived {
  const sources = items.filter((i) => i.type === "advancement" || i.type === "condition").map((i) => i.system);
  const flags = collectFlags(sources);
  const modifiers = sources.flatMap((s) => s.dice);
  const worn = wornArmour(items);
  const state: ArmourState = {
    body: worn.body,
    shield: worn.shield,
    elephantSkin: flags.has("elephantSkin"),
    bodyValue: worn.bodyValue,
    shieldValue: worn.shieldValue,
  };
  const advancements = items.filter((i) => i.type === "advancement").length;
  const free = Math.max(0, Math.trunc(source.freeAdvancements ?? 0));
  return {
    saves: deriveSaves(source.attributes),
    ...deriveHealth(source, items),
    flags,
    modifiers,
    armour: { ...state, ...armourValue(state), heavy: worn.body === "heavy" },
    advancements,
    nextAdvancementCost: free > 0 ? 0 : advancementCost(advancements),
    freeAdvancements: free,
    inCreation: advancements === 0,
    mutations: items.filter((i) => i.type === "condition" && i.system.kind === "mutation").length,
    ratings: deriveRatings(source, items),
  };
}
