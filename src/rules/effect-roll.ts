/**
 * R-LEG-11 the separate Effect roll: the tool's dice (+1d extra), highest kept, exploding, read by the tool.
 * R-LEG-15 *Multi-attack*'s extra hits.
 */
import { assertFaces, highest, type Face } from "./dice.ts";
import { toolFor, type EffectTags, type EffectValue, type TierRank } from "./effect.ts";
import { assertInteger, RulesError } from "./errors.ts";
import { explosionTotal, type ExplosionResult } from "./explosion.ts";
import type { Ruleset, ToolTierDef } from "./rulesets/types.ts";

export interface EffectDice {
  readonly tool: ToolTierDef;
  /** The tool's, plus the extra (Sneak attack, Sniper). */
  readonly dice: number;
  readonly halved: boolean;
  readonly explodeOn: Face;
}

function separate(ruleset: Ruleset): Extract<Ruleset["resolution"], { kind: "separate" }> {
  if (ruleset.resolution.kind !== "separate") {
    throw new RulesError(
      "not-allowed",
      "In this ruleset the Effect die comes from the Risky Action's own throw (R-RA-2).",
    );
  }
  return ruleset.resolution;
}

/** R-LEG-11 (ruling: +1d is one more die, highest kept). */
export function effectDiceFor(ruleset: Ruleset, rank: TierRank, tags: EffectTags = {}, extra = 0): EffectDice {
  const resolution = separate(ruleset);
  const tool = toolFor(ruleset.tools, rank, tags.improvised ?? false);
  const more = assertInteger(extra, "Extra Effect dice", 0, 6);
  return { tool, dice: tool.dice + more, halved: tool.halved, explodeOn: resolution.explodeOn };
}

export interface EffectRollInput {
  readonly rank: TierRank;
  readonly tags?: EffectTags;
  readonly extra?: number;
  /** Exactly as many as `effectDiceFor` says. */
  readonly faces: readonly number[];
  /** After the kept die. */
  readonly chain: readonly number[];
}

export interface EffectRoll extends EffectValue {
  readonly tool: ToolTierDef;
  readonly kept: Face;
  readonly explosion: ExplosionResult;
}

/** R-LEG-11 */
export function effectRoll(ruleset: Ruleset, input: EffectRollInput): EffectRoll {
  const spec = effectDiceFor(ruleset, input.rank, input.tags, input.extra ?? 0);
  const faces = assertFaces(input.faces, "Effect die");
  if (faces.length !== spec.dice) {
    throw new RulesError(
      "no-dice",
      `This Effect roll throws ${spec.dice} ${spec.dice === 1 ? "die" : "dice"}; ${faces.length} were given.`,
      {
        expected: spec.dice,
        given: faces.length,
      },
    );
  }
  const kept = highest(faces) as Face;
  const explosion = explosionTotal(kept, input.chain, spec.explodeOn);
  return { ...ruleset.effect.value(explosion.total, input.rank, input.tags), tool: spec.tool, kept, explosion };
}

/** R-LEG-15 in melee. */
export function multiAttackHits(darkFaces: readonly number[]): number {
  return assertFaces(darkFaces, "Dark die").filter((f) => f === 6).length;
}
