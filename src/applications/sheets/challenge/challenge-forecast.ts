/**
 * The Challenge sheet's forecast panel (GM only), pure: from the Challenge, the characters the GM may pick
 * and the GM's choices, what the panel shows (src/rules/forecast.ts, exact). Never throws: a choice out of
 * range is clamped and said so, one the rules refuse says why.
 * A character's Light Dice are its pool (R-POOL-1 … R-POOL-3, no position or situational dice) and its
 * armour counts (R-HARM-2); the ruleset's resolution model reads the pool (../../resolution/approach.ts).
 * Legacy (R-LEG-3, R-LEG-11, R-LEG-5): the character's best skill, wound penalty and best equipped tool.
 */
import {
  challengeArmour,
  challengeEffectLaw,
  challengeForecast,
  forecastActionLaw,
  getRuleset,
  RulesError,
  TIER_RANKS,
  type EffectOrder,
  type Forecast,
  type ForecastMorale,
  type Ruleset,
  type RulesetId,
  type TierRank,
  tierOptions,
} from "../../../rules/index.ts";
import type { ChallengeSource, FacetSource } from "../../../data/source.ts";
import type { CharacterState } from "../../../documents/operations/types.ts";
import { moraleStats } from "../../../documents/operations/challenge.ts";
import { characterApproach } from "../../resolution/approach.ts";
import { decimal } from "../../format.ts";
import { message, type Message } from "../common.ts";

/** A character the GM may take as the approach. */
export interface ForecastCharacter {
  readonly id: string;
  readonly name: string;
  /** Read for the chosen character only (the others are listed by name); without it the approach is by hand. */
  readonly state?: CharacterState;
}

/** What the GM chose in the panel; the sheet keeps it between renders. */
export interface ForecastChoices {
  /** "" for the Challenge's own Disposition, else a facet's index. */
  readonly facet: string;
  /** "" for an approach by hand, else a character's id. */
  readonly character: string;
  /** An attribute id of the world's ruleset (`ruleset.attributes.list`); an unknown one reads as its first. */
  readonly attribute: string;
  readonly light: number;
  readonly dark: number;
  readonly rank: TierRank;
  /** The character's armour, by hand (a chosen character brings their own). */
  readonly armour: number;
  readonly order: EffectOrder;
}

export const DEFAULT_FORECAST_CHOICES: ForecastChoices = {
  facet: "",
  character: "",
  attribute: "finesse",
  light: 2,
  dark: 0,
  rank: 1,
  armour: 0,
  order: "gm",
};

/** The fields the panel's inputs name (`data-forecast`). */
export const FORECAST_FIELDS = ["facet", "character", "attribute", "light", "dark", "rank", "armour", "order"] as const;
export type ForecastField = (typeof FORECAST_FIELDS)[number];

export function isForecastField(value: unknown): value is ForecastField {
  return typeof value === "string" && (FORECAST_FIELDS as readonly string[]).includes(value);
}

/** The limits of the numbers the GM types. */
export const FORECAST_LIMITS = { light: [0, 4], dark: [0, 10], armour: [0, 10] } as const;
const ORDERS: readonly EffectOrder[] = ["gm", "player-first", "player-last"];
/** Bars shown at most (the table goes on until P ≥ 99.95 % or this many). */
export const FORECAST_BARS = 12;

export interface ForecastInput {
  readonly rulesetId: RulesetId;
  readonly name: string;
  readonly system: ChallengeSource;
  readonly characters: readonly ForecastCharacter[];
  readonly choices: ForecastChoices;
  /** R-RA-2 setting (default on). */
  readonly singleDieServesBoth: boolean;
  /** R-CH-6 the Challenge armour house rule (default off; Legacy never counts a Challenge's armour, R-LEG-6). */
  readonly challengeArmour: boolean;
  /** The client's language (`game.i18n.lang`): figures are written its way ("5,1" in pt-BR). Default English. */
  readonly locale?: string;
}

export interface OptionView {
  readonly value: string;
  /** An i18n key, or (for names) the text itself. */
  readonly label: string;
  readonly localize: boolean;
  readonly selected: boolean;
}

export interface ForecastBar {
  readonly n: number;
  /** "66.0" */
  readonly percent: string;
  /** Bar width, 0–100. */
  readonly width: number;
}

export interface ForecastResultView {
  readonly never: boolean;
  /** "5.1" actions; "" when never. */
  readonly expected: string;
  readonly median: string;
  readonly n90: string;
  readonly bars: readonly ForecastBar[];
  /** Where the list stops and what is left. */
  readonly tail: Message;
  readonly harm: {
    readonly strikes: string;
    readonly effect: string;
    readonly damage: string;
    readonly unscathed: string;
    readonly armour: number;
  };
  readonly perAction: { readonly fail: string; readonly partial: string; readonly success: string };
  /** R-V-16 where Morale is counted: that it is, and the Morale rolls expected (null: not counted). */
  readonly morale: Message | null;
}

export interface ForecastView {
  readonly facets: readonly OptionView[];
  readonly characters: readonly OptionView[];
  readonly byHand: boolean;
  readonly attributes: readonly OptionView[];
  readonly light: {
    readonly value: number;
    readonly min: number;
    readonly max: number;
    readonly disabled: boolean;
    readonly tooltip: Message;
  };
  readonly dark: { readonly value: number; readonly min: number; readonly max: number };
  readonly ranks: readonly OptionView[];
  /** The tier select: disabled when the chosen character's weapon or tool sets it. */
  readonly rank: { readonly disabled: boolean; readonly tooltip: Message };
  readonly armour: {
    readonly value: number;
    readonly min: number;
    readonly max: number;
    readonly disabled: boolean;
    readonly tooltip: Message;
  };
  readonly orders: readonly OptionView[];
  readonly target: { readonly name: string; readonly left: number; readonly max: number; readonly dice: Message };
  /** null when the rules refuse the inputs (`error` says why). */
  readonly result: ForecastResultView | null;
  readonly error: Message | null;
}

/** Forecasts already computed, by their inputs: a re-render with the same ones reads its forecast back. */
export class ForecastMemo {
  readonly #entries = new Map<string, Forecast>();
  /** How many forecasts were computed rather than read back. */
  computed = 0;

  constructor(readonly size: number) {}

  /** Forgets every forecast (the count stays). */
  clear(): void {
    this.#entries.clear();
  }

  /** The forecast for `key`, computed by `compute` the first time (a RulesError is not kept). */
  get(key: string, compute: () => Forecast): Forecast {
    const known = this.#entries.get(key);
    this.#entries.delete(key);
    const forecast = known ?? compute();
    if (!known) this.computed++;
    this.#entries.set(key, forecast);
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.size) break;
      this.#entries.delete(oldest);
    }
    return forecast;
  }
}

/** The panel's forecasts, shared by every open Challenge sheet. */
export const FORECASTS = new ForecastMemo(16);

/** A probability as a percentage to one decimal, as `locale` writes numbers ("66.0", "66,0"). */
const pct = (p: number, locale?: string): string => decimal(100 * p, 1, locale);
/** A figure to one decimal; "∞" for one without end (null: a Challenge never overcome). */
const fixed = (x: number | null, locale?: string): string => (x === null ? "∞" : decimal(x, 1, locale));

interface Target {
  readonly name: string;
  readonly row: FacetSource | ChallengeSource;
  /** The facet's index, null for the Challenge's own track. */
  readonly facet: number | null;
}

function targetOf(input: ForecastInput): Target {
  const index = input.choices.facet === "" ? null : Number(input.choices.facet);
  const facet = index === null ? undefined : input.system.facets[index];
  return facet ? { name: facet.name, row: facet, facet: index } : { name: input.name, row: input.system, facet: null };
}

/** R-V-16 Morale counted where the ruleset has it, the GM marked the Challenge sentient and the track has Dice. */
function moraleOf(input: ForecastInput, ruleset: Ruleset, target: Target): ForecastMorale | undefined {
  const rows = ruleset.morale;
  const rolls = target.row.halved || target.row.dice > 0;
  if (!rows || !input.system.sentient || !rolls) return undefined;
  return { tables: { tiers: ruleset.challengeTiers, rows }, stats: moraleStats(input.system, target.facet, ruleset) };
}

function resultView(f: Forecast, locale?: string): ForecastResultView {
  const bars: ForecastBar[] = [];
  for (const w of f.within) {
    if (bars.length >= FORECAST_BARS) break;
    bars.push({ n: w.n, percent: pct(w.p, locale), width: Math.round(w.p * 100) });
    if (w.p >= 0.9995) break;
  }
  const lastListed = f.within.at(-1);
  const tail = f.never
    ? message("TERRAN.Forecast.tail.never")
    : lastListed && f.beyond >= f.tailEpsilon
      ? message("TERRAN.Forecast.tail.capped", lastListed.n)
      : message("TERRAN.Forecast.tail.exact");
  return {
    never: f.never,
    expected: f.never ? "" : fixed(f.expectedActions, locale),
    median: f.median === null ? "—" : String(f.median),
    n90: f.n90 === null ? "—" : String(f.n90),
    bars: f.never ? [] : bars,
    tail,
    harm: {
      strikes: fixed(f.harm.expectedStrikes, locale),
      effect: fixed(f.harm.expectedEffect, locale),
      damage: fixed(f.harm.expectedDamage, locale),
      unscathed: pct(f.harm.pUnscathed, locale),
      armour: f.harm.characterArmour,
    },
    perAction: {
      fail: pct(f.perAction.fail, locale),
      partial: pct(f.perAction.partial, locale),
      success: pct(f.perAction.success, locale),
    },
    morale: f.morale ? message("TERRAN.Forecast.morale", fixed(f.morale.expectedRolls, locale)) : null,
  };
}

/** The approach the forecast reads: the GM's numbers, or the chosen character's (and why it could not be read). */
interface ForecastApproach {
  readonly light: number;
  readonly armour: number;
  /** The tool tier a chosen character brings (null: the GM's choice stands). */
  readonly rank: TierRank | null;
  readonly error: Message | null;
}

/** The approach by hand, or the chosen character's pool and armour for `attribute` (see the ruling above). */
function approachOf(
  ruleset: Ruleset,
  character: ForecastCharacter | null,
  attribute: string,
  choices: ForecastChoices,
): ForecastApproach {
  const byHand = { light: choices.light, armour: choices.armour, rank: null, error: null };
  if (!character?.state) return byHand;
  try {
    const approach = characterApproach(ruleset)(ruleset, character.state, attribute, choices.dark);
    // The ruleset's pool builder cannot read this character's pool: the approach stays by hand.
    return approach ? { ...approach, error: null } : { ...byHand, error: message("TERRAN.Forecast.noPool") };
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    return { ...byHand, error: message("TERRAN.Forecast.error", e.message) };
  }
}

/** The selects the GM picks from: the target (the Challenge or a facet), the character (or by hand), the attribute. */
function pickersView(
  input: ForecastInput,
  ruleset: Ruleset,
  target: Target,
  character: ForecastCharacter | null,
  attribute: string,
): Pick<ForecastView, "facets" | "characters" | "byHand" | "attributes"> {
  return {
    facets: [
      { value: "", label: input.name, localize: false, selected: target.row === input.system },
      ...input.system.facets.map((f, i) => ({
        value: String(i),
        label: f.name,
        localize: false,
        selected: target.row === f,
      })),
    ],
    characters: [
      { value: "", label: "TERRAN.Forecast.byHand", localize: true, selected: character === null },
      ...input.characters.map((c) => ({ value: c.id, label: c.name, localize: false, selected: c === character })),
    ],
    byHand: character === null,
    attributes: ruleset.attributes.list.map((a) => ({
      value: a.id,
      label: a.labelKey,
      localize: true,
      selected: a.id === attribute,
    })),
  };
}

/** The approach's inputs: Light Dice, Dark Dice, tier and armour, each disabled when the character sets it. */
function approachInputsView(
  ruleset: Ruleset,
  choices: ForecastChoices,
  approach: ForecastApproach,
  fromCharacter: boolean,
): Pick<ForecastView, "light" | "dark" | "ranks" | "rank" | "armour"> {
  const { light, armour, rank } = approach;
  return {
    light: {
      value: light,
      min: FORECAST_LIMITS.light[0],
      max: FORECAST_LIMITS.light[1],
      disabled: fromCharacter,
      tooltip: message(fromCharacter ? "TERRAN.Forecast.lightFromCharacter" : "TERRAN.Forecast.lightHint"),
    },
    dark: { value: choices.dark, min: FORECAST_LIMITS.dark[0], max: FORECAST_LIMITS.dark[1] },
    ranks: tierOptions(ruleset.effect, rank ?? choices.rank).map((t) => ({
      value: String(t.rank),
      label: t.labelKey,
      localize: true,
      selected: t.selected,
    })),
    rank: {
      disabled: rank !== null,
      tooltip: message(rank !== null ? "TERRAN.Forecast.rankFromCharacter" : "TERRAN.Forecast.rankHint"),
    },
    armour: {
      value: armour,
      min: FORECAST_LIMITS.armour[0],
      max: FORECAST_LIMITS.armour[1],
      disabled: fromCharacter,
      tooltip: message(fromCharacter ? "TERRAN.Forecast.armourFromCharacter" : "TERRAN.Forecast.armourHint"),
    },
  };
}

/** R-RA-9 the order select: whose Effect is applied first when both land. */
function ordersView(order: EffectOrder): OptionView[] {
  // The GM's panel: its options name the character's Effect, not "your" (the cards' TERRAN.Order is the player's).
  return ORDERS.map((o) => ({ value: o, label: `TERRAN.Forecast.Order.${o}`, localize: true, selected: o === order }));
}

/** The target's Disposition left and its dice (halved or not). */
function targetView(target: Target): ForecastView["target"] {
  return {
    name: target.name,
    left: target.row.disposition.value,
    max: target.row.disposition.max,
    dice: target.row.halved
      ? message("TERRAN.Sheet.Challenge.halved")
      : message("TERRAN.Sheet.Challenge.dice", target.row.dice),
  };
}

/** The forecast itself, or why the rules refuse the approach. */
function forecastResult(
  input: ForecastInput,
  ruleset: Ruleset,
  target: Target,
  approach: ForecastApproach,
): Pick<ForecastView, "result" | "error"> {
  const { choices } = input;
  const approachIn = {
    light: approach.light,
    dark: choices.dark,
    rank: approach.rank ?? choices.rank,
    singleDieServesBoth: input.singleDieServesBoth,
  };
  const challenge = {
    disposition: target.row.disposition.value,
    armour: challengeArmour({ ruleset, houseRule: input.challengeArmour }, input.system.armour),
    dice: target.row.dice,
    halved: target.row.halved,
  };
  const options = { order: choices.order, characterArmour: approach.armour };
  try {
    const morale = moraleOf(input, ruleset, target);
    const key = JSON.stringify([ruleset.id, approachIn, challenge, options, morale?.stats ?? null]);
    const forecast = FORECASTS.get(key, () =>
      challengeForecast(
        forecastActionLaw(ruleset, approachIn),
        {
          disposition: challenge.disposition,
          armour: challenge.armour,
          effect: challengeEffectLaw(challenge),
          ...(morale ? { morale } : {}),
        },
        options,
      ),
    );
    return { result: resultView(forecast, input.locale), error: null };
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    return { result: null, error: message("TERRAN.Forecast.error", e.message) };
  }
}

/** The panel for the Challenge, the characters and the GM's choices. Never throws. */
export function challengeForecastView(input: ForecastInput): ForecastView {
  const ruleset = getRuleset(input.rulesetId);
  const { choices } = input;
  const target = targetOf(input);
  const character = input.characters.find((c) => c.id === choices.character && c.state) ?? null;
  const attributes = ruleset.attributes.list;
  const attribute = attributes.find((a) => a.id === choices.attribute)?.id ?? attributes[0]?.id ?? "";
  const approach = approachOf(ruleset, character, attribute, choices);
  const view = {
    ...pickersView(input, ruleset, target, character, attribute),
    ...approachInputsView(ruleset, choices, approach, character !== null),
    orders: ordersView(choices.order),
    target: targetView(target),
  };
  if (approach.error) return { ...view, result: null, error: approach.error };
  return { ...view, ...forecastResult(input, ruleset, target, approach) };
}

/**
 * One panel field changed: the new choices, and the correction made (a number clamped to its limits,
 * or text that is not a number), if any. Unknown values (a facet or character that is gone, an id the
 * select never offered) fall back to the defaults.
 */
export function changeForecastChoice(
  choices: ForecastChoices,
  field: ForecastField,
  raw: string,
): { readonly choices: ForecastChoices; readonly corrected: Message | null } {
  let corrected: Message | null = null;
  const whole = (limits: readonly [number, number], fallback: number): number => {
    const n = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(n)) {
      corrected = message("TERRAN.Sheet.Corrected.notNumber", fallback);
      return fallback;
    }
    const clamped = Math.min(limits[1], Math.max(limits[0], Math.round(n)));
    if (clamped !== n) corrected = message("TERRAN.Sheet.Corrected.clamped", clamped);
    return clamped;
  };
  switch (field) {
    case "facet":
      return { choices: { ...choices, facet: /^\d+$/.test(raw) ? raw : "" }, corrected };
    case "character":
      return { choices: { ...choices, character: raw }, corrected };
    case "attribute":
      return {
        choices: { ...choices, attribute: /^[A-Za-z]\w*$/.test(raw) ? raw : DEFAULT_FORECAST_CHOICES.attribute },
        corrected,
      };
    case "light":
      return { choices: { ...choices, light: whole(FORECAST_LIMITS.light, choices.light) }, corrected };
    case "dark":
      return { choices: { ...choices, dark: whole(FORECAST_LIMITS.dark, choices.dark) }, corrected };
    case "armour":
      return { choices: { ...choices, armour: whole(FORECAST_LIMITS.armour, choices.armour) }, corrected };
    case "rank": {
      const rank = TIER_RANKS.find((r) => String(r) === raw);
      return { choices: { ...choices, rank: rank ?? DEFAULT_FORECAST_CHOICES.rank }, corrected };
    }
    case "order":
      return { choices: { ...choices, order: ORDERS.find((o) => o === raw) ?? "gm" }, corrected };
  }
}
