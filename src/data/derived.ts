/**
 * Derived character data, computed from the stored source and the character's items with the
 * rules (no Foundry here, so it is tested as is). The character model's `prepareDerivedData` and the
 * documents' operations both read it: one place computes it.
 */
import {
  advancementCost,
  armourValue,
  collectFlags,
  deriveSaves,
  isMortallyWounded,
  type ArmourLine,
  type ArmourState,
  type BodyArmour,
  type DiceModifier,
  type MechanicsFlag,
  type Saves,
} from "../rules/index.ts";
import type { CharacterSource, ItemSnapshot } from "./source.ts";
import { deriveLegacy, type LegacyDerived } from "./legacy.ts";

export interface CharacterDerived {
  /** R-CHAR-3 */
  readonly saves: Saves;
  /** R-HARM-5 */
  readonly mortallyWounded: boolean;
  /** Flags of every advancement and condition (R-POOL-2, R-GRIT-1, R-RA-9…). */
  readonly flags: ReadonlySet<MechanicsFlag>;
  /** Dice modifiers of every advancement and condition, for the roll dialog (R-POOL-2). */
  readonly modifiers: readonly DiceModifier[];
  /** R-HARM-2 the armour worn and its value. */
  readonly armour: ArmourState & {
    readonly value: number;
    readonly lines: readonly ArmourLine[];
    readonly heavy: boolean;
  };
  readonly advancements: number;
  /** R-XP-2 the XP the next advancement costs (0 while a successor has free ones left, R-SAY-1). */
  readonly nextAdvancementCost: number;
  /** R-SAY-1 / R-LEG-15 a successor's advancements still free (0 for anyone else). */
  readonly freeAdvancements: number;
  /** R-CHAR-7 the character is being created until it takes its (free) first advancement. */
  readonly inCreation: boolean;
  /** Conditions of the kind "mutation" (R-ADV-1 Ether call). */
  readonly mutations: number;
  /** The Legacy ruleset's HP and Ego with their derived maxima, and its wounds (src/data/legacy.ts). */
  readonly legacy: LegacyDerived;
}

/** Equipped, intact armour: the best body armour and whether a shield is carried. */
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
    mortallyWounded: isMortallyWounded(source.wounds),
    flags,
    modifiers,
    armour: { ...state, ...armourValue(state), heavy: worn.body === "heavy" },
    advancements,
    nextAdvancementCost: free > 0 ? 0 : advancementCost(advancements),
    freeAdvancements: free,
    inCreation: advancements === 0,
    mutations: items.filter((i) => i.type === "condition" && i.system.kind === "mutation").length,
    legacy: deriveLegacy(source, items),
  };
}
