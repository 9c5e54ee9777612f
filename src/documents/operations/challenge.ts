/**
 * R-RA-7 / R-CH-5 the player's Effect against a Challenge or one facet. Every path that applies an Effect comes
 * here, so only here is the armour asked of the rules (R-CH-6, R-LEG-6).
 */
import {
  challengeArmour,
  challengeTierDef,
  damageAfterArmour,
  morale,
  reduceDisposition,
  RulesError,
  type ChallengeArmourRule,
  type ChallengeStats,
  type MoraleOutcome,
  type Ruleset,
} from "../../rules/index.ts";
import type { ChallengeSource, FacetSource } from "../../data/source.ts";
import { moraleRolled } from "../../data/morale-mark.ts";

/** Its facets array is written whole. */
export interface ChallengeUpdate {
  readonly system?: {
    readonly disposition?: { readonly value: number; readonly max?: number };
    readonly facets?: FacetSource[];
    readonly tier?: FacetSource["tier"];
    readonly dice?: number;
    readonly halved?: boolean;
    readonly n?: number;
    /** R-V-16 */
    readonly moraleRolled?: boolean;
  };
}

export interface ChallengeEffectResult {
  readonly update: ChallengeUpdate;
  readonly outcome: ChallengeEffectOutcome;
}

export interface ChallengeEffectOutcome {
  /** Null: the Challenge's own Disposition. */
  readonly facet: number | null;
  readonly effect: number;
  /** R-CH-6 0 without the house rule, and always in Legacy. */
  readonly armour: number;
  readonly applied: number;
  readonly before: number;
  readonly after: number;
  /** R-RA-7 */
  readonly overcome: boolean;
}

export function applyEffectToChallengeOperation(
  challenge: ChallengeSource,
  facet: number | null,
  effect: number,
  armourRule: ChallengeArmourRule,
): ChallengeEffectResult {
  const armour = challengeArmour(armourRule, challenge.armour);
  const applied = damageAfterArmour(effect, armour);
  if (facet === null) {
    const before = challenge.disposition.value;
    const { value, overcome } = reduceDisposition(before, applied);
    const update: ChallengeUpdate = value === before ? {} : { system: { disposition: { value } } };
    return { update, outcome: { facet, effect, armour, applied, before, after: value, overcome } };
  }
  const target = challenge.facets[facet];
  if (!target) throw new RulesError("bad-selection", `This Challenge has no facet #${facet + 1}.`, { index: facet });
  const before = target.disposition.value;
  const { value, overcome } = reduceDisposition(before, applied);
  // An array field is written whole.
  const facets = challenge.facets.map((f, i) => (i === facet ? { ...f, disposition: { ...f.disposition, value } } : f));
  const update: ChallengeUpdate = value === before ? {} : { system: { facets } };
  return { update, outcome: { facet, effect, armour, applied, before, after: value, overcome } };
}

/** The track Morale is rolled for: the Challenge's own (`facet` null) or one facet's. */
function moraleTrack(challenge: ChallengeSource, facet: number | null): FacetSource {
  if (facet === null) return { ...challenge, name: "" };
  const track = challenge.facets[facet];
  if (!track) throw new RulesError("bad-selection", `This Challenge has no facet #${facet + 1}.`, { index: facet });
  return track;
}

/** R-V-16 the Dice a track's Morale throws: its own, one for d/2. */
export function moraleDice(challenge: ChallengeSource, facet: number | null): number {
  const track = moraleTrack(challenge, facet);
  return track.halved ? 1 : track.dice;
}

/**
 * R-V-16 the track's stats as stored (its Dice and full Disposition), for Morale's roll and odds; R-LEG-10 its
 * tier as this ruleset reads it (another ruleset's level through its alias).
 */
export function moraleStats(challenge: ChallengeSource, facet: number | null, ruleset: Ruleset): ChallengeStats {
  const t = moraleTrack(challenge, facet);
  const tier = challengeTierDef(ruleset, t.tier).id;
  return { tier, disposition: t.disposition.max, dice: t.dice, halved: t.halved, n: t.n };
}

/**
 * R-V-16 why the track may not roll Morale (no table, not sentient, not at 0, rolled at this 0 already, no
 * Dice), thrown before any die is; the table when it may.
 */
export function assertMoraleOpen(
  challenge: ChallengeSource,
  ruleset: Ruleset,
  facet: number | null,
): NonNullable<Ruleset["morale"]> {
  if (!ruleset.morale) throw new RulesError("not-allowed", "This ruleset has no Morale.", { reason: "noMorale" });
  if (!challenge.sentient)
    throw new RulesError("not-allowed", "Only a sentient Challenge rolls Morale.", { reason: "notSentient" });
  if (moraleTrack(challenge, facet).disposition.value !== 0)
    throw new RulesError("not-allowed", "Morale is rolled when the Disposition reaches 0.", { reason: "notOvercome" });
  if (moraleRolled(moraleTrack(challenge, facet)))
    throw new RulesError("not-allowed", "Morale was already rolled at this 0: once per time it reaches 0.", {
      reason: "moraleRolled",
    });
  if (moraleDice(challenge, facet) === 0) throw new RulesError("no-dice", "This Challenge has no Dice for Morale.");
  return ruleset.morale;
}

export interface MoraleResult {
  readonly update: ChallengeUpdate;
  readonly outcome: MoraleOutcome & { readonly facet: number | null };
}

/**
 * R-V-16 a sentient Challenge's track at 0 rolls Morale (`faces` its Dice, `chain` the kept 6's explosion):
 * it gives up (it stays at 0, marked as rolled), pushes on a tier lower (tier, Dice and Disposition become that
 * tier's), or carries on (its Disposition back to full). Refused as `assertMoraleOpen` says.
 */
export function moraleOperation(
  challenge: ChallengeSource,
  ruleset: Ruleset,
  facet: number | null,
  faces: readonly number[],
  chain: readonly number[],
): MoraleResult {
  const rows = assertMoraleOpen(challenge, ruleset, facet);
  const track = moraleTrack(challenge, facet);
  const outcome = morale(
    { tiers: ruleset.challengeTiers, rows },
    moraleStats(challenge, facet, ruleset),
    track.disposition.max,
    faces,
    chain,
  );
  const next = nextTrack(track, outcome);
  if (facet === null) {
    if (outcome.result === "gives-up")
      return { update: { system: { moraleRolled: true } }, outcome: { ...outcome, facet } };
    const { tier, dice, halved, n, disposition, moraleRolled } = next;
    return {
      update: { system: { tier, dice, halved, n, disposition, moraleRolled } },
      outcome: { ...outcome, facet },
    };
  }
  const facets = challenge.facets.map((f, i) => (i === facet ? next : f));
  return { update: { system: { facets } }, outcome: { ...outcome, facet } };
}

/** R-V-16 the track after Morale: marked where it stays at 0 (once per time it reaches 0), unmarked above. */
function nextTrack(track: FacetSource, outcome: MoraleOutcome): FacetSource {
  if (outcome.result === "carries-on")
    return { ...track, disposition: { ...track.disposition, value: outcome.disposition }, moraleRolled: false };
  if (outcome.result === "gives-up") return { ...track, moraleRolled: true };
  const s = outcome.stats;
  return {
    ...track,
    moraleRolled: false,
    tier: s.tier,
    dice: s.dice,
    halved: s.halved,
    n: s.n ?? track.n,
    disposition: { value: s.disposition, max: s.disposition },
  };
}
