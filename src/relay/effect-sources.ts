/**
 * The cards whose Effect a player applies to a Challenge (R-RA-7), each read by the one step of
 * ./card-changes.ts the same way, from the card as stored (never from the request):
 * - a Risky Action card (one throw: its Effect or Whirlwind's second hit, confirmed on the card;
 *   R-RA-1 … R-RA-10);
 * - a Legacy Effect card (a separate roll, R-LEG-11): it applies only when it names a Risky card that
 *   succeeded and that names it back as the Effect of that hit (`legacyEffectRolledAs`).
 * Each says who rolled, the card's version, whether a hit was applied, the Effect that lands, whose
 * Effect comes first (R-RA-9) and the card with an application recorded. The kinds are card kinds
 * (src/chat/card-kinds.ts), looked up here as the card registry looks them up.
 */
import {
  assertLegacyEffectState,
  assertLegacyMontageState,
  montageSucceeded,
  recordMontageApplied,
  type LegacyMontageState,
  legacyEffectRolledAs,
  legacyEffectValue,
  recordApplied,
  recordLegacyApplied,
  riskyCardResult,
  withoutAction,
  type AppliedEntry,
  type CardUser,
  type LegacyEffectState,
} from "../chat/index.ts";
import type { AppliedHit } from "./queries.ts";
import { RulesError, type EffectOrder } from "../rules/index.ts";
import { storedCard, type StoredCard } from "../documents/card-flags.ts";

export interface EffectSource {
  readonly rollerId: string;
  readonly version: number;
  /** Was `hit` applied already (as the card records it)? */
  readonly applied: (hit: AppliedHit) => boolean;
  /** The Effect `hit` lands with against a Disposition of `disposition`; a refusal when none does. */
  readonly effect: (hit: AppliedHit, disposition: number) => number;
  /** The one Challenge the card may lower (its uuid), or null: the one the user targets. */
  readonly target: string | null;
  /** R-RA-9 whose Effect comes first. */
  readonly order: EffectOrder;
  /** The card with `entry` recorded (the card's own checks), and its version then. */
  readonly record: (asker: CardUser, entry: AppliedEntry) => { readonly card: StoredCard; readonly version: number };
}

function noEffect(): RulesError {
  return new RulesError("not-allowed", "None of this Effect lands.", { reason: "noEffect" });
}

/** R-LEG-11 the Risky card a Legacy Effect names exists, succeeded, and names this Effect card for that hit. */
function assertLinkedAction(state: LegacyEffectState, messageId: string): void {
  if (state.action === null) throw withoutAction();
  const action = game.messages?.get(state.action.messageId);
  const risky = action ? storedCard(action) : null;
  const linked =
    risky?.kind === "legacyRisky" &&
    risky.state.actorUuid === state.actorUuid &&
    legacyEffectRolledAs(risky.state, state.action.hit, messageId);
  if (!linked)
    throw new RulesError("not-allowed", "This Effect's Risky Action is missing or did not succeed.", {
      reason: "notLinked",
    });
}

/**
 * R-LEG-14 (ruling) a montage that succeeded overcomes its own Challenge: the Effect is the whole
 * Disposition it has, on the Challenge the card names (never another), once. Its order is the GM's: a
 * montage is the whole Challenge, not an exchange (R-RA-9 does not arise).
 */
function montageSource(state: LegacyMontageState): EffectSource {
  return {
    rollerId: state.rollerId,
    version: state.version,
    applied: () => state.applied.length > 0,
    effect: (hit, disposition) => {
      if (hit !== "effect" || !montageSucceeded(state)) throw noEffect();
      return disposition;
    },
    order: "gm",
    target: state.challengeUuid,
    record: (asker, entry) => {
      const next = recordMontageApplied(state, asker, entry, state.version);
      return { card: { kind: "legacyMontage", state: next }, version: next.version };
    },
  };
}

/** The Effect source a message's card is, checked; a card of no such kind is refused. */
export function effectSource(stored: StoredCard | null, messageId: string): EffectSource {
  if (stored?.kind === "risky") {
    const state = stored.state;
    const result = riskyCardResult(state);
    return {
      rollerId: state.rollerId,
      version: state.version,
      applied: (hit) => state.applied.some((a) => a.hit === hit),
      effect: (hit) => {
        const value = (hit === "effect" ? result.effect : result.second)?.value;
        if (value === undefined) throw noEffect();
        return value;
      },
      order: result.order,
      target: null,
      record: (asker, entry) => {
        const next = recordApplied(state, asker, entry, state.version);
        return { card: { kind: "risky", state: next }, version: next.version };
      },
    };
  }
  if (stored?.kind === "legacyEffect") {
    const state = assertLegacyEffectState(stored.state);
    assertLinkedAction(state, messageId);
    return {
      rollerId: state.rollerId,
      version: state.version,
      applied: () => state.applied.length > 0,
      effect: (hit) => {
        if (hit !== "effect") throw noEffect();
        return legacyEffectValue(state);
      },
      order: state.order,
      target: null,
      record: (asker, entry) => {
        const next = recordLegacyApplied(state, asker, entry, state.version);
        return { card: { kind: "legacyEffect", state: next }, version: next.version };
      },
    };
  }
  if (stored?.kind === "legacyMontage") return montageSource(assertLegacyMontageState(stored.state));
  throw new RulesError("not-allowed", "That message holds no card with an Effect to apply.", { reason: "badRequest" });
}
