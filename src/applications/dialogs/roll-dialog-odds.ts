/** The roll dialog's exact odds, remembered per state (see ./roll-dialog-model.ts). Pure. */
import { riskyActionOdds, type EffectRule, type Odds } from "../../rules/index.ts";

// ---------------------------------------------------------------------------------------------
// The exact odds, kept per state

type OddsArgs = Parameters<typeof riskyActionOdds>[0];

/** Distinct odds states kept per Effect rule before the cache starts over. */
export const ODDS_CACHE_SIZE = 512;

/** Keyed by the ruleset's Effect rule (one per ruleset), then by the state. */
const oddsCache = new Map<EffectRule, Map<string, Odds>>();

/**
 * `riskyActionOdds`, remembered: the dialog recomputes on every click, and a user stepping the Dark
 * Dice up and down revisits the same states. The odds are immutable values of their inputs, so a
 * remembered result is the very result a new call would give (the tests check the equality).
 */
export function oddsFor(args: OddsArgs & { readonly effect: NonNullable<OddsArgs["effect"]> }): Odds {
  const { rule, rank, tags } = args.effect;
  let byState = oddsCache.get(rule);
  if (!byState) {
    byState = new Map();
    oddsCache.set(rule, byState);
  }
  const key = [
    args.light,
    args.dark,
    args.ego,
    args.slaughter ? 1 : 0,
    args.sayonara ? 1 : 0,
    args.singleDieServesBoth === false ? 0 : 1,
    rank,
    tags?.versatileTwoHanded ? 1 : 0,
    tags?.improvised ? 1 : 0,
  ].join("|");
  const known = byState.get(key);
  if (known) return known;
  const odds = riskyActionOdds(args);
  if (byState.size >= ODDS_CACHE_SIZE) byState.clear();
  byState.set(key, odds);
  return odds;
}

/** Forget every remembered odds state (the bench uses it to time a fresh dialog). */
export function clearOddsCache(): void {
  oddsCache.clear();
}
