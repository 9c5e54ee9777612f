/**
 * The Challenge sheet's pure context builder (R-CH-1 … R-CH-5, R-RA-7): the Challenge's own tier as
 * its first facet and its further facets as a table, each with its tier, Disposition bar and Effect
 * dice; armour; GM-only notes. A viewer with limited permission gets the name, image and tier only.
 * Also the pure edits the sheet makes: a tier preset (R-CH-1) and a facet change.
 */
import {
  challengeArmourShown,
  challengeScale,
  challengeStats,
  challengeTierDef,
  getRuleset,
  moraleOdds,
  type ChallengeTierId,
  type Ruleset,
  type RulesetId,
} from "../../../rules/index.ts";
import type { ChallengeSource, FacetSource } from "../../../data/source.ts";
import { button, message, percentOf, type ButtonView, type Message } from "../common.ts";
import { challengeForecastView, type ForecastView } from "./challenge-forecast.ts";
import type { ChallengeSheetInput } from "../inputs.ts";
import { tooltipText } from "../../tooltip-text.ts";
import { percent } from "../../format.ts";
import { moraleStats } from "../../../documents/operations/challenge.ts";
import { moraleRolled } from "../../../data/morale-mark.ts";

export interface TierOptionView {
  readonly value: ChallengeTierId;
  readonly labelKey: string;
  readonly selected: boolean;
}

export interface FacetView {
  /** "" for the Challenge's own tier, else the facet's index in `system.facets`. */
  readonly index: string;
  readonly isMain: boolean;
  readonly name: string;
  readonly tier: {
    readonly id: ChallengeTierId;
    readonly labelKey: string;
    readonly options: readonly TierOptionView[];
  };
  /** Exceptional's n. */
  readonly n: { readonly shown: boolean; readonly value: number };
  readonly disposition: {
    readonly value: number;
    readonly max: number;
    readonly percent: number;
    readonly overcome: boolean;
  };
  readonly dice: { readonly value: number; readonly halved: boolean; readonly text: Message };
  readonly roll: ButtonView;
  /** R-V-16 a sentient Challenge's track at 0: Roll Morale, with the odds of each result beside it. */
  readonly morale: { readonly button: ButtonView; readonly odds: readonly MoraleOddsView[] } | null;
  readonly remove: ButtonView;
  /** Input names for the Challenge's own fields (submitted with the form); facets are edited by the sheet. */
  readonly names: { readonly value: string; readonly max: string; readonly dice: string };
}

export interface MoraleOddsView {
  readonly labelKey: string;
  readonly text: string;
}

export interface ChallengeLimitedView {
  readonly limited: true;
  readonly cssClass: string;
  readonly name: string;
  readonly img: string;
  readonly tier: { readonly labelKey: string };
}

export interface ChallengeFullView {
  readonly limited: false;
  readonly cssClass: string;
  readonly name: string;
  /** The name, escaped for the portrait's tooltip. */
  readonly nameTooltip: string;
  readonly img: string;
  readonly uuid: string;
  readonly editable: boolean;
  readonly isGM: boolean;
  /**
   * The controls this viewer may use at all: a player who only observes the Challenge gets neither
   * Roll Effect (owner or GM) nor the facet controls (edit), rather than every control shown closed.
   */
  readonly controls: { readonly roll: boolean; readonly edit: boolean };
  readonly ruleset: { readonly labelKey: string };
  readonly tier: { readonly labelKey: string };
  readonly overcome: boolean;
  readonly facets: readonly FacetView[];
  /**
   * R-CH-6 the Challenge's armour: a house rule in Core and Degenesis, shown (and labelled as one) only
   * while the world's house rule is on; never in Legacy (R-LEG-6).
   */
  readonly armour: { readonly shown: boolean; readonly value: number; readonly max: number; readonly hint: Message };
  /** R-V-16 the "sentient" box, where the ruleset has Morale. */
  readonly sentient: { readonly shown: boolean; readonly checked: boolean; readonly hint: Message };
  readonly addFacet: ButtonView;
  /** R-CH-5 (ruling) the reminder that one facet at 0 overcomes the whole Challenge (shown with facets). */
  readonly facetRule: { readonly shown: boolean; readonly key: string };
  readonly notes: {
    readonly shown: boolean;
    readonly name: string;
    readonly value: string;
    readonly enriched: string;
    readonly editable: boolean;
    readonly labelKey: string;
  };
  /** The forecast panel is shown: to the GM only (players never get it nor its data). */
  readonly forecastShown: boolean;
  readonly forecastOpen: boolean;
  /** The panel's content: computed only while it is open (null when closed or for players). */
  readonly forecast: ForecastView | null;
}

export type ChallengeSheetView = ChallengeLimitedView | ChallengeFullView;

/** A tier's Effect dice as read: "2d", or "d/2" for Trivial. */
export function diceText(dice: number, halved: boolean): Message {
  return halved ? message("TERRAN.Sheet.Challenge.halved") : message("TERRAN.Sheet.Challenge.dice", dice);
}

/**
 * R-LEG-10 (ruling) the level as this ruleset reads it: its own, or another ruleset's through its
 * `tierAliases` (a Core Exceptional shows as Legacy's Extreme, and back). The stored id is not changed.
 */
function readTier(ruleset: Ruleset, tier: ChallengeTierId): ChallengeTierId {
  if (ruleset.challengeTiers.some((t) => t.id === tier)) return tier;
  return (Object.hasOwn(ruleset.tierAliases, tier) ? ruleset.tierAliases[tier] : undefined) ?? tier;
}

function tierOptions(ruleset: Ruleset, tier: ChallengeTierId): TierOptionView[] {
  const read = readTier(ruleset, tier);
  return ruleset.challengeTiers.map((t) => ({ value: t.id, labelKey: t.labelKey, selected: t.id === read }));
}

function tierLabel(ruleset: Ruleset, tier: ChallengeTierId): string {
  const read = readTier(ruleset, tier);
  return ruleset.challengeTiers.find((t) => t.id === read)?.labelKey ?? `TERRAN.ChallengeTier.${tier}`;
}

/** R-V-16 the Morale control of a track at 0, when the ruleset has Morale and the Challenge is sentient. */
function moraleView(
  ruleset: Ruleset,
  system: ChallengeSource,
  facet: number | null,
  notOwner: Message | null,
  locale: string,
): FacetView["morale"] {
  const rows = ruleset.morale;
  const track = facet === null ? system : system.facets[facet];
  if (!rows || !system.sentient || track?.disposition.value !== 0) return null;
  const noDice = !track.halved && track.dice === 0 ? message("TERRAN.Sheet.Disabled.noDice") : null;
  const rolled = moraleRolled(track) ? message("TERRAN.Sheet.Disabled.moraleRolled") : null;
  const odds = noDice ? null : moraleOdds({ tiers: ruleset.challengeTiers, rows }, moraleStats(system, facet, ruleset));
  return {
    button: button(message("TERRAN.Sheet.Challenge.moraleHint"), notOwner, rolled, noDice),
    odds: odds ? rows.map((r) => ({ labelKey: r.labelKey, text: percent(odds[r.result], locale).text })) : [],
  };
}

export function challengeSheetContext(input: ChallengeSheetInput): ChallengeSheetView {
  const ruleset = getRuleset(input.rulesetId);
  const { system, permissions } = input;
  if (permissions.limited) {
    return {
      limited: true,
      cssClass: "is-limited",
      name: input.name,
      img: input.img,
      tier: { labelKey: tierLabel(ruleset, system.tier) },
    };
  }
  const notEditable = permissions.editable ? null : message("TERRAN.Sheet.Disabled.notEditable");
  const notOwner = permissions.owner || permissions.isGM ? null : message("TERRAN.Sheet.Disabled.notOwner");
  const facet = (source: FacetSource | ChallengeSource, index: number | null, name: string): FacetView => {
    const noDice = !source.halved && source.dice === 0 ? message("TERRAN.Sheet.Disabled.noDice") : null;
    return {
      index: index === null ? "" : String(index),
      isMain: index === null,
      name,
      tier: { id: source.tier, labelKey: tierLabel(ruleset, source.tier), options: tierOptions(ruleset, source.tier) },
      n: { shown: challengeTierDef(ruleset, source.tier).scales !== undefined, value: source.n },
      disposition: {
        value: source.disposition.value,
        max: source.disposition.max,
        percent: percentOf(source.disposition.value, source.disposition.max),
        overcome: source.disposition.value === 0,
      },
      dice: { value: source.dice, halved: source.halved, text: diceText(source.dice, source.halved) },
      roll: button(message("TERRAN.Sheet.Challenge.rollHint"), notOwner, noDice),
      morale: moraleView(ruleset, system, index, notOwner, input.locale ?? "en"),
      remove: button(message("TERRAN.Sheet.Challenge.removeFacet"), notEditable),
      names:
        index === null
          ? { value: "system.disposition.value", max: "system.disposition.max", dice: "system.dice" }
          : { value: "", max: "", dice: "" },
    };
  };
  const facets = [facet(system, null, input.name), ...system.facets.map((f, i) => facet(f, i, f.name))];
  const overcome = facets.some((f) => f.disposition.overcome);
  return {
    limited: false,
    cssClass: overcome ? "is-overcome" : "",
    name: input.name,
    nameTooltip: tooltipText(input.name),
    img: input.img,
    uuid: input.uuid,
    editable: permissions.editable,
    isGM: permissions.isGM,
    controls: { roll: notOwner === null, edit: notEditable === null },
    ruleset: { labelKey: ruleset.labelKey },
    tier: { labelKey: tierLabel(ruleset, system.tier) },
    overcome,
    facets,
    armour: {
      shown: challengeArmourShown({ ruleset, houseRule: input.challengeArmour }),
      value: system.armour,
      max: 10,
      hint: message("TERRAN.Sheet.Challenge.armourHouseRule"),
    },
    sentient: {
      shown: ruleset.morale !== null,
      checked: system.sentient,
      hint: message("TERRAN.Sheet.Challenge.sentientHint"),
    },
    addFacet: button(message("TERRAN.Sheet.Challenge.addFacet"), notEditable),
    facetRule: { shown: system.facets.length > 0, key: "TERRAN.Sheet.Challenge.facetRule" },
    notes: {
      shown: permissions.isGM,
      name: "system.notes",
      value: permissions.isGM ? system.notes : "",
      enriched: permissions.isGM ? input.enriched.notes : "",
      editable: permissions.isGM && permissions.editable,
      labelKey: "TERRAN.Challenge.FIELDS.notes.label",
    },
    ...forecastPart(input),
  };
}

/** The GM's forecast panel (closed: its heading only, nothing computed). */
function forecastPart(
  input: ChallengeSheetInput,
): Pick<ChallengeFullView, "forecast" | "forecastOpen" | "forecastShown"> {
  const panel = input.forecast;
  if (!input.permissions.isGM || !panel) return { forecastShown: false, forecastOpen: false, forecast: null };
  if (!panel.open) return { forecastShown: true, forecastOpen: false, forecast: null };
  const view = challengeForecastView({
    rulesetId: input.rulesetId,
    name: input.name,
    system: input.system,
    characters: panel.characters,
    choices: panel.choices,
    singleDieServesBoth: panel.singleDieServesBoth,
    challengeArmour: input.challengeArmour,
    locale: panel.locale,
  });
  return { forecastShown: true, forecastOpen: true, forecast: view };
}

// ---------------------------------------------------------------------------------------------
// Edits

/** The tier fields a preset sets (R-CH-1): tier, n, full Disposition and the tier's dice. */
export interface TierPreset {
  readonly tier: ChallengeTierId;
  readonly n: number;
  readonly disposition: { readonly value: number; readonly max: number };
  readonly dice: number;
  readonly halved: boolean;
}

/**
 * R-CH-1 a tier's preset; Exceptional takes `n` (≥ 4) and, by the ruling, any Disposition ≥ 40 (10n when
 * none is given). The rules refuse anything else.
 */
export function tierPreset(rulesetId: RulesetId, tier: string, n?: number, disposition?: number): TierPreset {
  const stats = challengeStats(getRuleset(rulesetId), tier, n, disposition);
  return {
    tier: stats.tier,
    n: stats.n ?? 4,
    disposition: { value: stats.disposition, max: stats.disposition },
    dice: stats.dice,
    halved: stats.halved,
  };
}

/** Does choosing this tier need an n and a Disposition (Exceptional), and from what least values? */
export function tierNeedsN(
  rulesetId: RulesetId,
  tier: string,
): {
  readonly needed: boolean;
  readonly min: number;
  readonly minDisposition: number;
  readonly dispositionPerN: number;
} {
  const scale = challengeScale(getRuleset(rulesetId), tier);
  return scale
    ? { needed: true, min: scale.minN, minDisposition: scale.minDisposition, dispositionPerN: scale.dispositionPerN }
    : { needed: false, min: 0, minDisposition: 0, dispositionPerN: 0 };
}

/** A new facet at the Dangerous preset. */
export function newFacet(rulesetId: RulesetId, name: string): FacetSource {
  return { name, ...tierPreset(rulesetId, "dangerous") };
}

export type FacetField = "name" | "value" | "max" | "dice";

/**
 * One facet field changed from the sheet: the new facets array (whole numbers clamped to their
 * limits: Disposition 0…max, max ≥ 0, dice 0…100) and the correction made, if any.
 */
export function editFacet(
  facets: readonly FacetSource[],
  index: number,
  field: FacetField,
  raw: string,
): { readonly facets: FacetSource[]; readonly corrected: Message | null } {
  const current = facets[index];
  if (!current) return { facets: [...facets], corrected: null };
  let corrected: Message | null = null;
  const whole = (min: number, max: number, fallback: number): number => {
    const n = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(n)) {
      corrected = message("TERRAN.Sheet.Corrected.notNumber", fallback);
      return fallback;
    }
    const clamped = Math.min(max, Math.max(min, Math.round(n)));
    if (clamped !== n) corrected = message("TERRAN.Sheet.Corrected.clamped", clamped);
    return clamped;
  };
  let next: FacetSource;
  switch (field) {
    case "name":
      next = { ...current, name: raw.trim() };
      break;
    case "value":
      next = {
        ...current,
        disposition: { ...current.disposition, value: whole(0, current.disposition.max, current.disposition.value) },
      };
      break;
    case "max": {
      const max = whole(0, 1000, current.disposition.max);
      next = { ...current, disposition: { max, value: Math.min(current.disposition.value, max) } };
      break;
    }
    case "dice":
      next = { ...current, dice: whole(0, 100, current.dice) };
      break;
  }
  return { facets: facets.map((f, i) => (i === index ? next : f)), corrected };
}
