/**
 * Legacy in play, the pure half (docs/RULES.md §9–10): R-LEG-15 Sneak attack and Sniper's Effect dice, R-LEG-10
 * ganged-up dice, R-LEG-14 the montage's target and reading. The glue (documents/legacy-play.ts) throws the
 * dice.
 */
import {
  assertInteger,
  challengeEffect,
  challengeStats,
  gangUp,
  montagePool,
  RulesError,
  type ChallengeEffect,
  type Ruleset,
} from "../../rules/index.ts";
import type { ItemSnapshot } from "../../data/source.ts";

// R-LEG-15 Sneak attack and Sniper

/** R-LEG-15 in the prompt's order. */
export const EFFECT_EDGES = ["sneakAttack", "sniper"] as const;
export type EffectEdge = (typeof EFFECT_EDGES)[number];

/** In lang: TERRAN.Dialog.Legacy.edge*. */
export const EFFECT_EDGE_LABELS: Readonly<Record<EffectEdge, string>> = {
  sneakAttack: "TERRAN.Dialog.Legacy.edgeSneakAttack",
  sniper: "TERRAN.Dialog.Legacy.edgeSniper",
};

export function isEffectEdge(value: unknown): value is EffectEdge {
  return typeof value === "string" && (EFFECT_EDGES as readonly string[]).includes(value);
}

/** R-LEG-15 */
export function heldEffectEdges(items: readonly ItemSnapshot[]): EffectEdge[] {
  return EFFECT_EDGES.filter((edge) => items.some((i) => i.type === "advancement" && i.system.key === edge));
}

/**
 * R-LEG-15 (R-LEG-11 ruling) one die per held edge whose situation is met (both: two, ruling); an edge not
 * held, or claimed twice, is refused.
 */
export function effectEdgeDice(items: readonly ItemSnapshot[], claimed: readonly EffectEdge[]): number {
  const held = heldEffectEdges(items);
  for (const [i, edge] of claimed.entries()) {
    if (!isEffectEdge(edge) || !held.includes(edge))
      throw new RulesError("not-allowed", `The character does not hold ${String(edge)}: no extra Effect die.`, {
        id: String(edge),
      });
    if (claimed.indexOf(edge) !== i)
      throw new RulesError("bad-choice", `${edge} adds its Effect die once.`, { id: edge });
  }
  return claimed.length;
}

// R-LEG-10 Challenges ganging up

export interface ChallengeDiceSource {
  readonly tier: string;
  readonly n: number;
  readonly dice: number;
  readonly halved: boolean;
}

export interface ChallengeRollDice {
  readonly tier: string;
  readonly dice: number;
  readonly halved: boolean;
  /** 2 or more, or null for one alone. */
  readonly gangUp: number | null;
}

/**
 * R-LEG-10 alone its own stored dice; two or more raise the level (`gangUp`, into Fantastical); a ruleset with
 * no gang-up rule refuses 2+.
 */
export function gangedDice(ruleset: Ruleset, source: ChallengeDiceSource, count = 1): ChallengeRollDice {
  const many = assertInteger(count, "The number of Challenges", 1, 100);
  if (many === 1) return { tier: source.tier, dice: source.dice, halved: source.halved, gangUp: null };
  // Another ruleset's level first reads as this one's (R-LEG-10 ruling).
  const own = challengeStats(ruleset, source.tier, source.n);
  const raised = gangUp(ruleset, own.tier, many, own.n ?? undefined);
  return { tier: raised.tier, dice: raised.dice, halved: raised.halved, gangUp: many };
}

// R-LEG-14 the montage

/** Its actor's id and name, and its own dice. */
export interface MontageChallenge extends ChallengeDiceSource {
  readonly uuid: string;
  readonly name: string;
}

/** Null for anything but a Challenge. */
export interface TargetedActor {
  readonly uuid: string;
  readonly name: string;
  readonly challenge: ChallengeDiceSource | null;
}

/** R-LEG-14 a token targeted twice counts once; null unless exactly one. */
export function montageTarget(targets: readonly TargetedActor[]): MontageChallenge | null {
  const challenges = new Map<string, MontageChallenge>();
  for (const t of targets) if (t.challenge) challenges.set(t.uuid, { ...t.challenge, uuid: t.uuid, name: t.name });
  const [only, ...more] = [...challenges.values()];
  return only && more.length === 0 ? only : null;
}

/** R-LEG-14 its level's dice, the ones the dialog's odds use, whatever was typed on its sheet. */
export function montageDice(
  ruleset: Ruleset,
  challenge: ChallengeDiceSource,
): { readonly tier: string; readonly dice: number; readonly halved: boolean } {
  if (!ruleset.montage) throw new RulesError("not-allowed", "This ruleset has no montage.");
  const stats = challengeStats(ruleset, challenge.tier, challenge.n);
  return { tier: stats.tier, dice: stats.dice, halved: stats.halved };
}

export interface MontageRead {
  /** R-LEG-10 */
  readonly challenge: ChallengeEffect;
  /** R-LEG-14 clamped 0–4. */
  readonly complication: number;
  readonly light: number;
}

/** R-LEG-14 `faces` as its level throws them, `chain` after a 6; the Light Dice left of `raw`. */
export function readMontageChallenge(
  ruleset: Ruleset,
  challenge: ChallengeDiceSource,
  raw: number,
  faces: readonly number[],
  chain: readonly number[],
): MontageRead {
  const effect = challengeEffect(montageDice(ruleset, challenge), faces, chain);
  const pool = montagePool(ruleset, raw, effect.value);
  return { challenge: effect, complication: pool.complication, light: pool.light };
}
