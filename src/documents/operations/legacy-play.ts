/**
 * Legacy in play, the pure half (docs/RULES.md §9–10): R-LEG-15 which of Sneak attack and Sniper a
 * character holds (each, when its situation is met, adds one Effect die: R-LEG-11 ruling; both met, two:
 * R-LEG-15 ruling); R-LEG-10 the
 * dice a Challenge throws when several gang up; R-LEG-14 the montage: the one Challenge targeted, and
 * the whole roll read (the Challenge's Effect, its complication off the pool, the outcome for the whole
 * Challenge, the Ego at 2 per costly Dark Die). The glue (src/documents/legacy-play.ts) throws the dice.
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

/** The advancements whose +1d reaches the Effect roll (R-LEG-15), in the order the prompt lists them. */
export const EFFECT_EDGES = ["sneakAttack", "sniper"] as const;
export type EffectEdge = (typeof EFFECT_EDGES)[number];

/** The prompt's words for each edge's situation (lang: TERRAN.Dialog.Legacy.edge*). */
export const EFFECT_EDGE_LABELS: Readonly<Record<EffectEdge, string>> = {
  sneakAttack: "TERRAN.Dialog.Legacy.edgeSneakAttack",
  sniper: "TERRAN.Dialog.Legacy.edgeSniper",
};

export function isEffectEdge(value: unknown): value is EffectEdge {
  return typeof value === "string" && (EFFECT_EDGES as readonly string[]).includes(value);
}

/** R-LEG-15 the edges a character holds: an advancement item whose key is Sneak attack or Sniper. */
export function heldEffectEdges(items: readonly ItemSnapshot[]): EffectEdge[] {
  return EFFECT_EDGES.filter((edge) => items.some((i) => i.type === "advancement" && i.system.key === edge));
}

/**
 * R-LEG-15 (R-LEG-11 ruling) the extra Effect dice of the situations claimed: one die per held edge
 * whose situation is met — Sneak attack and Sniper both met give two (ruling: two advancements, each
 * "+1d to the attack and its Effect", as the Risky Action's situational lines give the attack two) —
 * none for none. An edge the character does not hold, or one claimed twice, is refused.
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

/** What a Challenge (or one facet) stores about its dice. */
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
  /** How many Challenges gang up (2 or more), or null for one alone. */
  readonly gangUp: number | null;
}

/**
 * R-LEG-10 the dice a Challenge's Effect throws when `count` Challenges gang up: alone, its own stored
 * dice; two or more, the level raised by one per two beyond the first (the engine's `gangUp`, which
 * goes on into Fantastical with one more die per level). A ruleset with no gang-up rule refuses 2+.
 */
export function gangedDice(ruleset: Ruleset, source: ChallengeDiceSource, count = 1): ChallengeRollDice {
  const many = assertInteger(count, "The number of Challenges", 1, 100);
  if (many === 1) return { tier: source.tier, dice: source.dice, halved: source.halved, gangUp: null };
  // A level of another ruleset (a world that switched) first reads as this ruleset's (R-LEG-10 ruling).
  const own = challengeStats(ruleset, source.tier, source.n);
  const raised = gangUp(ruleset, own.tier, many, own.n ?? undefined);
  return { tier: raised.tier, dice: raised.dice, halved: raised.halved, gangUp: many };
}

// R-LEG-14 the montage

/** A Challenge the montage is against: its actor's id and name, and its own dice. */
export interface MontageChallenge extends ChallengeDiceSource {
  readonly uuid: string;
  readonly name: string;
}

/** A targeted token's actor: a Challenge (its dice) or anything else (null). */
export interface TargetedActor {
  readonly uuid: string;
  readonly name: string;
  readonly challenge: ChallengeDiceSource | null;
}

/**
 * R-LEG-14 the montage's Challenge: the one Challenge among the targets (a token targeted twice
 * counts once), else null.
 */
export function montageTarget(targets: readonly TargetedActor[]): MontageChallenge | null {
  const challenges = new Map<string, MontageChallenge>();
  for (const t of targets) if (t.challenge) challenges.set(t.uuid, { ...t.challenge, uuid: t.uuid, name: t.name });
  const [only, ...more] = [...challenges.values()];
  return only && more.length === 0 ? only : null;
}

/**
 * R-LEG-14 the dice a montage's Challenge throws: its level's (R-LEG-10, `challengeStats`), the same the
 * dialog's exact odds are computed for (`montageOdds`), whatever dice were typed on its sheet.
 */
export function montageDice(
  ruleset: Ruleset,
  challenge: ChallengeDiceSource,
): { readonly tier: string; readonly dice: number; readonly halved: boolean } {
  if (!ruleset.montage) throw new RulesError("not-allowed", "This ruleset has no montage.");
  const stats = challengeStats(ruleset, challenge.tier, challenge.n);
  return { tier: stats.tier, dice: stats.dice, halved: stats.halved };
}

export interface MontageRead {
  /** The Challenge's Effect (R-LEG-10): its kept die and chain, the value. */
  readonly challenge: ChallengeEffect;
  /** Light Dice the Effect takes off, and the Light Dice then thrown (R-LEG-14's table, clamped 0–4). */
  readonly complication: number;
  readonly light: number;
}

/**
 * R-LEG-14 the first half of a montage, read from the Challenge's dice: its Effect (`faces` as its level
 * throws them, `chain` after a 6), and the Light Dice that are left of the pool's `raw` count.
 */
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
