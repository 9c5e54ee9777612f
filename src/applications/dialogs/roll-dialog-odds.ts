/** The roll dialog's exact odds, remembered per state, and the risk advisor's rows on them. */
import { riskyActionOdds, adviceRows, combinedAdviceFigures, type EffectRule, type Odds } from "../../rules/index.ts";
import { advisorView, type AdvisorView } from "./advisor-view.ts";

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

/**
 * The risk advisor: the rows of src/rules/advice.ts on the dialog's own remembered odds (`oddsAt`). Its
 * rows are worked out only while it is open (each is a full odds state, the Effect's law included); closed,
 * it shows its summary alone and the host renders again when the player opens it.
 */
export function dialogAdvisor(
  darkMax: number,
  oddsAt: (dark: number) => Odds,
  dark: number,
  settings: { readonly advisorOpen?: boolean; readonly locale?: string },
): AdvisorView {
  const open = settings.advisorOpen === true;
  const rows = open ? adviceRows(darkMax, oddsAt, combinedAdviceFigures) : [];
  return advisorView(rows, dark, "expected", { open, locale: settings.locale, last: darkMax });
}
