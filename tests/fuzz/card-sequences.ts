/**
 * The card state machines driven by random sequences of clicks and records from the roller, another
 * player and the GM (stale versions, double clicks, clicks after Undo, forged records). After every
 * step the card must keep its invariants (R-RA-7, R-RA-10, R-EGO-2, R-CH-4, R-HARM-1…5):
 *
 * - a refused action (RulesError) changes nothing; any other exception is a break;
 * - an accepted action moves the version on by exactly 1 (or returns the card as it was);
 * - a stale click or a record with a forged value is never accepted; only the roller or a GM changes choices;
 * - only a GM gives or withdraws a leave (R-RA-8 an Effect, R-RA-1 a success at a cost), and a success is
 *   given only on a Fail;
 * - a hit is applied once, and each record holds the card's Effect and a Disposition that follows;
 * - Ego is spent once and given back once, never given back before it is spent;
 * - once confirmed, the dice, the Effect and the second hit never change;
 * - the Effect is never below the ruleset's floor, Ego stays 0–6, no NaN or undefined anywhere;
 * - a Challenge card records each target once (ids compared as text), and each record follows R-HARM-1…5.
 */
import fc from "fast-check";
import {
  cardTags,
  createChallengeCard,
  createRiskyCard,
  riskyCardResult,
  type ChallengeCardState,
  type RiskyCardState,
} from "../../src/chat/index.ts";
import { getRuleset, RulesError } from "../../src/rules/index.ts";
import { challengeInput, harmAction, riskyAction, riskyInput, runHarm, runRisky, type RiskyAction } from "./cards.ts";
import type { EntryPoint } from "./harness.ts";
import { badValue, snapshot } from "./invariants.ts";

function sameJson(a: unknown, b: unknown): boolean {
  return snapshot(a) === snapshot(b);
}

/** What is wrong with the step `prev` → `next` made by `action`, or null. */
function riskyStepBreak(
  prev: RiskyCardState,
  next: RiskyCardState,
  action: RiskyAction,
  forged: boolean,
): string | null {
  if (next === prev) return null;
  if (next.version !== prev.version + 1) return `version ${prev.version} → ${next.version}`;
  if (action.stale) return `a stale ${action.kind} was accepted`;
  if (forged) return `a forged record was accepted`;
  const changesChoices = action.kind !== "record" && action.kind !== "allow" && action.kind !== "succeed";
  if (changesChoices && action.user.id !== next.rollerId && !action.user.isGM)
    return `${action.user.id} (not the roller) did ${action.kind}`;
  const leaveChanged =
    prev.gmAllowsEffect !== next.gmAllowsEffect || (prev.gmAllowsSuccess ?? false) !== (next.gmAllowsSuccess ?? false);
  if (leaveChanged && !action.user.isGM) return `${action.user.id} (not a GM) changed the GM's leave`;
  if (!(prev.gmAllowsSuccess ?? false) && next.gmAllowsSuccess === true && riskyCardResult(prev).band !== "fail")
    return "a success at a cost given on no Fail";
  // Ego: spent once, given back once, never before it was spent.
  if (prev.ego.spent && !next.ego.spent) return "Ego un-spent";
  if (prev.ego.undone && !next.ego.undone) return "Ego undo withdrawn";
  if (action.kind === "spend" && prev.ego.spent) return "Ego spent twice";
  if (action.kind === "undo" && prev.ego.undone) return "Ego given back twice";
  if (next.ego.undone && !next.ego.spent) return "Ego given back before it was spent";
  // Locked choices.
  if (prev.effect && (!sameJson(prev.selection, next.selection) || !sameJson(prev.effect, next.effect)))
    return "a confirmed choice changed";
  if (prev.effect && leaveChanged) return "the GM's leave changed after confirming";
  if (prev.secondHit?.chain && !sameJson(prev.secondHit, next.secondHit)) return "a confirmed second hit changed";
  // Records: each hit once, each consistent with the card.
  const hits = next.applied.map((a) => String(a.hit));
  if (new Set(hits).size !== hits.length) return `a hit applied twice (${hits.join(", ")})`;
  if (!sameJson(prev.applied, next.applied.slice(0, prev.applied.length))) return "an earlier record changed";
  const result = riskyCardResult(next);
  for (const a of next.applied) {
    const value = a.hit === "effect" ? result.effect?.value : a.hit === "second" ? result.second?.value : undefined;
    if (value === undefined) return `a record for "${String(a.hit)}", which has no Effect`;
    if (a.effect !== value) return `record of Effect ${a.effect}, card's is ${value}`;
    const least = Math.max(0, a.before - value);
    if (a.after < least || a.after > a.before) return `Disposition ${a.before} → ${a.after} with Effect ${value}`;
  }
  return null;
}

/** What is wrong with a Risky card as it stands (its derived result), or null. */
function riskyStateBreak(state: RiskyCardState): string | null {
  const result = riskyCardResult(state);
  const bad = badValue(result, {}) ?? badValue(state, {});
  if (bad) return bad;
  if (result.ego.egoAfter < 0 || result.ego.egoAfter > 6) return `Ego ${result.ego.egoAfter}`;
  // R-RA-1 / R-RA-6 a success the GM allowed on a Fail reads as 4–5: the Challenge's Effect lands too.
  if (
    result.gmSuccess &&
    (result.band !== "fail" || !result.landing.challenge || result.resolution?.succeeded !== true)
  )
    return "a GM's success that is not a Fail's 4–5";
  const rule = getRuleset(state.rulesetId).effect;
  for (const e of [result.effect, result.second]) {
    if (e && e.value < rule.minimum(e.rank, cardTags(state))) return `Effect ${e.value} below the floor`;
  }
  return null;
}

export function riskyScenario(input: Parameters<typeof createRiskyCard>[0], actions: readonly RiskyAction[]): string[] {
  let state = createRiskyCard(input);
  const breaks: string[] = [];
  for (const action of actions) {
    const before = snapshot(state);
    try {
      const { next, forged } = runRisky(state, action);
      const bad = riskyStepBreak(state, next, action, forged) ?? riskyStateBreak(next);
      if (bad) breaks.push(`${action.kind} by ${action.user.id}: ${bad}`);
      state = next;
    } catch (error) {
      if (!(error instanceof RulesError)) {
        breaks.push(
          `${action.kind} threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
        );
        break;
      }
      if (snapshot(state) !== before) breaks.push(`a refused ${action.kind} changed the card`);
    }
  }
  return breaks;
}

function harmBreak(prev: ChallengeCardState, next: ChallengeCardState, stale: boolean, forged: boolean): string | null {
  if (next === prev) return null;
  if (next.version !== prev.version + 1) return `version ${prev.version} → ${next.version}`;
  if (stale) return "a stale record was accepted";
  if (forged) return "a forged harm record was accepted";
  const keys = next.harm.map((h) =>
    h.targetUuid === undefined ? `name:${h.targetName}` : `id:${String(h.targetUuid)}`,
  );
  if (new Set(keys).size !== keys.length) return `a target recorded twice (${keys.join(", ")})`;
  for (const h of next.harm) {
    if (h.model !== "grit") return `a ${h.model} record among Grit harm`;
    // R-HARM-1 … R-HARM-5, stated independently of the card's own check.
    const damage = h.shieldSacrificed ? 0 : Math.max(0, h.effect - h.armour);
    if (h.damage !== damage) return `damage ${h.damage}, not ${damage}`;
    if (h.gritAfter !== Math.max(0, h.gritBefore - damage))
      return `Grit ${h.gritBefore} → ${h.gritAfter} after ${damage} damage`;
    const mustMark = damage > 0 && (damage > h.gritBefore || h.gritBefore === 0);
    if (h.wound !== null && (!mustMark || h.dead))
      return `a wound marked after ${damage} damage against Grit ${h.gritBefore}`;
    if (mustMark && h.wound === null && !h.dead) return "no wound marked though the damage exceeded the Grit";
    if (h.dead && (!h.mortallyWounded || damage === 0)) return "death without Mortally Wounded and damage";
  }
  return null;
}

export function challengeScenario(
  input: Parameters<typeof createChallengeCard>[0],
  actions: readonly Parameters<typeof runHarm>[1][],
): string[] {
  let state = createChallengeCard(input);
  const breaks: string[] = [];
  for (const action of actions) {
    const before = snapshot(state);
    try {
      const step = runHarm(state, action);
      if (!step) continue;
      const bad = harmBreak(state, step.next, action.stale, step.forged) ?? badValue(step.next, {});
      if (bad)
        breaks.push(
          `harm by ${action.user.id} (forgery ${action.forge}): ${bad}; record ${snapshot(step.next.harm.at(-1))}`,
        );
      state = step.next;
    } catch (error) {
      if (!(error instanceof RulesError)) {
        breaks.push(`harm threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
        break;
      }
      if (snapshot(state) !== before) breaks.push("a refused record changed the card");
    }
  }
  return breaks;
}

/** A sequence of actions in which some are clicked twice in a row (a double click, or two users at once). */
function clicks<T>(action: fc.Arbitrary<T>, maxLength: number): fc.Arbitrary<T[]> {
  return fc
    .array(fc.tuple(action, fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength })
    .map((list) => list.flatMap(([a, n]) => (n === 0 ? [a, a] : [a])));
}

export const SEQUENCE_ENTRIES: Readonly<Record<string, EntryPoint>> = {
  "risky card: click sequences": {
    args: fc.tuple(riskyInput, clicks(riskyAction, 14)),
    call: (args) => riskyScenario(args[0] as Parameters<typeof riskyScenario>[0], args[1] as RiskyAction[]),
    scenario: true,
  },
  "challenge card: harm sequences": {
    args: fc.tuple(challengeInput, clicks(harmAction, 8)),
    call: (args) =>
      challengeScenario(args[0] as Parameters<typeof challengeScenario>[0], args[1] as Parameters<typeof runHarm>[1][]),
    scenario: true,
  },
};
