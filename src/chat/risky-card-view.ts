/** The Risky Action card's view model: what `templates/chat/risky-card.hbs` shows, as `viewer` sees it. */
import {
  explosionThreshold,
  getRuleset,
  isWeaponTag,
  type Band,
  type EffectRule,
  type PlayerEffect,
  type Ruleset,
} from "../rules/index.ts";
import { isRollerOrGm, undoEgoPermission } from "./permissions.ts";
import { dieNameKey } from "./die-names.ts";
import {
  cardDice,
  cardRank,
  effectChainNeeded,
  isSlaughter,
  riskyCardResult,
  type RiskyCardResult,
  type RiskyCardState,
} from "./risky-card.ts";
import { appliedRowView, type AppliedEntry, type AppliedRowView } from "./applied.ts";
import {
  CARD_REASON,
  labelOf,
  signed,
  type CardButtonView,
  type CardViewer,
  type ExplosionDieView,
} from "./card-views.ts";

export type DieRoleView = "precision" | "effect" | "both" | "second" | null;

export interface DieTileView {
  readonly index: number;
  readonly tone: "light" | "dark";
  readonly face: number;
  readonly role: DieRoleView;
  readonly roleKey: string | null;
  /** R-EGO-2 a Dark Die that costs Ego. */
  readonly costsEgo: boolean;
  /** The face can be clicked (the roller or a GM, before the choice is locked). */
  readonly clickable: boolean;
  /** What a click on the face makes this die. */
  readonly clickRole: "precision" | "second" | null;
  readonly clickTitleKey: string | null;
  /** A small button that makes this die the Effect die. */
  readonly effectButton: boolean;
  /** The die's tooltip (with `{face}`). */
  readonly titleKey: string;
  /** Its accessible name (what a screen reader says): tone, face and role: "Dark die, 5, Effect" (with `{face}`). */
  readonly nameKey: string;
  readonly cssClass: string;
}

export interface BreakdownLineView {
  /** An i18n key, or null when `label` is a user's own text (shown escaped). */
  readonly labelKey: string | null;
  readonly label: string;
  /** Signed dice: "+1", "−1"; the base line shows its plain count. */
  readonly dice: string;
}

export interface EffectView {
  readonly value: number;
  readonly dice: readonly ExplosionDieView[];
  /** The tier and tags: labelled steps with language-neutral values ("+2", "≥ 3"). */
  readonly lines: readonly { readonly labelKey: string; readonly text: string }[];
  readonly floorApplied: boolean;
  readonly threshold: number;
}

export interface RiskyCardView {
  readonly cssClass: string;
  readonly version: number;
  readonly titleKey: string;
  readonly actorName: string;
  readonly targetKey: string;
  readonly weapon: {
    readonly name: string;
    readonly tierKey: string;
    /** R-V-12 the approach row the roll was read on, where it is not the weapon's; else null. */
    readonly approachKey: string | null;
    readonly tags: readonly { readonly labelKey: string | null; readonly label: string }[];
  } | null;
  readonly empty: boolean;
  readonly dice: readonly DieTileView[];
  /** The viewer may still pick the Precision and Effect dice: the card says how (R-RA-1). */
  readonly pickHint: boolean;
  /** One row under the tray picks the Effect die: shown while some die may become it. */
  readonly effectRow: boolean;
  readonly breakdown: {
    readonly lines: readonly BreakdownLineView[];
    readonly light: number;
    readonly dark: number;
    readonly clampKey: string | null;
  };
  readonly outcome: { readonly band: Band; readonly bandKey: string; readonly cssClass: string };
  readonly specialist: boolean;
  /** R-RA-1 the GM let this Fail succeed at a cost. */
  readonly gmSuccess: boolean;
  readonly reaction: { readonly noteKey: string } | null;
  readonly landing: readonly { readonly key: string; readonly cssClass: string }[];
  readonly orderKey: string | null;
  /** The Effect die's face explodes when confirmed (R-RA-3): shown before confirming. */
  readonly willExplode: boolean;
  readonly effect: EffectView | null;
  readonly second: EffectView | null;
  readonly ego: {
    readonly key: string;
    readonly cost: number;
    readonly from: number;
    readonly to: number;
    readonly statusKey: string | null;
    readonly cssClass: string;
  } | null;
  readonly sayonara: boolean;
  readonly lost: boolean;
  readonly buttons: {
    readonly confirm: CardButtonView | null;
    readonly allowEffect: CardButtonView | null;
    /** R-RA-1 the GM's "succeed, but worse" (GM only, like allowEffect). */
    readonly allowSuccess: CardButtonView | null;
    readonly undoEgo: CardButtonView | null;
    readonly apply: CardButtonView | null;
    readonly confirmSecond: CardButtonView | null;
    readonly applySecond: CardButtonView | null;
  };
  readonly hasButtons: boolean;
  readonly applied: readonly AppliedRowView[];
}

const ROLE_KEYS: Readonly<Record<Exclude<DieRoleView, null>, string>> = {
  precision: "TERRAN.Card.Die.role.precision",
  effect: "TERRAN.Card.Die.role.effect",
  both: "TERRAN.Card.Die.role.both",
  second: "TERRAN.Card.Die.role.second",
};

const BAND_CLASS: Readonly<Record<Band, string>> = {
  fail: "band-fail",
  partial: "band-partial",
  success: "band-success",
};

function button(labelKey: string, reason: string | null, hint: string | null = null): CardButtonView {
  return { labelKey, disabled: reason !== null, tooltipKey: reason ?? hint };
}

/** The first reason that applies, or null. */
function firstReason(...checks: readonly (readonly [boolean, string])[]): string | null {
  for (const [applies, reason] of checks) if (applies) return reason;
  return null;
}

function effectView(value: PlayerEffect, rule: EffectRule, threshold: number): EffectView {
  const chain = value.explosion.dice;
  const dice = chain.map((face, i) => {
    const exploded = i < chain.length - 1;
    return { face, exploded, cssClass: `effect-die${i === 0 ? " first" : ""}${exploded ? " exploded" : ""}` };
  });
  const lines = value.lines
    .filter((l) => l.labelKey !== "TERRAN.Effect.Die")
    .map((l) => {
      // R-RA-5 a floor tier reads "≥ 3"; modifiers and tags are signed.
      const floor = rule.kind === "floor" && rule.tiers.some((t) => t.labelKey === l.labelKey);
      return { labelKey: l.labelKey, text: floor ? `\u2265 ${l.value}` : signed(l.value) };
    });
  const floorApplied = value.floor !== undefined && value.floor > value.dieTotal;
  return { value: value.value, dice, lines, floorApplied, threshold };
}

/** A die's role on the card: the Precision, the Effect, both (one die serves both), the second hit's, or none. */
function dieRole(state: RiskyCardState, index: number): DieRoleView {
  const selection = state.selection;
  if (selection?.precision === index) return selection.effect === index ? "both" : "precision";
  if (selection?.effect === index) return "effect";
  return state.secondHit?.die === index ? "second" : null;
}

/** R-RA-1 the dice as tiles: their tone and role, whether a click may change their role, and their names. */
function dieTiles(state: RiskyCardState, result: RiskyCardResult, canChange: boolean): DieTileView[] {
  const locked = result.locked;
  const selection = state.selection;
  const secondOpen = locked && state.secondHit !== null && state.secondHit.chain === null && result.secondHitAvailable;
  const singleBoth = selection !== null && selection.effect === selection.precision;
  const choosing = canChange && !locked && !singleBoth && state.light.length + state.dark.length > 1;
  return cardDice(state).map((die, index) => {
    const role = dieRole(state, index);
    const costsEgo = die.tone === "dark" && (result.ego.costly[index - state.light.length] ?? false);
    const secondClick = canChange && secondOpen && role !== "precision" && role !== "effect" && role !== "second";
    const clickRole = choosing && role !== "precision" ? "precision" : secondClick ? "second" : null;
    const titleKey =
      die.tone === "light" ? "TERRAN.Card.Die.light" : costsEgo ? "TERRAN.Card.Die.darkCosts" : "TERRAN.Card.Die.dark";
    const cssClass = [
      "die",
      `tone-${die.tone}`,
      role ? `role-${role}` : "role-none",
      costsEgo ? "costs-ego" : "",
      clickRole ? "clickable" : "",
    ]
      .filter(Boolean)
      .join(" ");
    return {
      index,
      tone: die.tone,
      face: die.face,
      role,
      roleKey: role ? ROLE_KEYS[role] : null,
      costsEgo,
      clickable: clickRole !== null,
      clickRole,
      clickTitleKey:
        clickRole === "precision"
          ? "TERRAN.Card.Die.makePrecision"
          : clickRole === "second"
            ? "TERRAN.Card.Die.makeSecond"
            : null,
      effectButton: choosing && role !== "effect",
      titleKey,
      nameKey: dieNameKey(die.tone, role),
      cssClass,
    };
  });
}

/** R-POOL-1 the pool's breakdown: its base, each modifier's dice, the tones and any clamp. */
function breakdownView(pool: RiskyCardState["pool"]): RiskyCardView["breakdown"] {
  const lines: BreakdownLineView[] = [
    { ...labelOf(pool.baseLabel), dice: String(pool.base) },
    ...pool.lines.map((l) => ({ ...labelOf(l.label), dice: signed(l.dice) })),
  ];
  return {
    lines,
    light: pool.light,
    dark: pool.dark,
    clampKey: pool.clamp ? `TERRAN.Card.Pool.clamp.${pool.clamp}` : null,
  };
}

/** R-RA-6 where the Effect lands: on the player's side, on the Challenge's, or both. */
function landingView(result: RiskyCardResult): RiskyCardView["landing"] {
  return [
    result.landing.player
      ? { key: "TERRAN.Card.Landing.player", cssClass: "lands player" }
      : { key: "TERRAN.Card.Landing.noPlayer", cssClass: "misses player" },
    result.landing.challenge
      ? { key: "TERRAN.Card.Landing.challenge", cssClass: "lands challenge" }
      : { key: "TERRAN.Card.Landing.noChallenge", cssClass: "misses challenge" },
  ];
}

/** R-EGO-2 the Ego line: what the Dark Dice cost, and whether it was spent or given back. */
function egoLineView(state: RiskyCardState, spend: RiskyCardResult["ego"]): RiskyCardView["ego"] {
  if (state.dark.length === 0) return null;
  if (spend.cost === 0)
    return {
      key: "TERRAN.Card.Ego.none",
      cost: 0,
      from: spend.before,
      to: spend.before,
      statusKey: null,
      cssClass: "ego-line free",
    };
  const statusKey = state.ego.undone
    ? "TERRAN.Card.Ego.undone"
    : state.ego.spent
      ? "TERRAN.Card.Ego.spent"
      : "TERRAN.Card.Ego.pending";
  return {
    key: "TERRAN.Card.Ego.cost",
    cost: spend.cost,
    from: spend.before,
    to: spend.after,
    statusKey,
    cssClass: `ego-line${state.ego.undone ? " undone" : ""}`,
  };
}

/**
 * R-RA-1 / R-RA-8 the GM's buttons: allow an Effect on a Reaction, or a Success on a Fail (offered until withdrawn).
 */
function gmButtons(
  state: RiskyCardState,
  result: RiskyCardResult,
  viewer: CardViewer,
): Pick<RiskyCardView["buttons"], "allowEffect" | "allowSuccess"> {
  const open = !result.locked && !result.empty && viewer.isGM;
  const allowEffect =
    state.reaction && open
      ? button(state.gmAllowsEffect ? "TERRAN.Card.Button.withdrawEffect" : "TERRAN.Card.Button.allowEffect", null)
      : null;
  const gmAllowsSuccess = state.gmAllowsSuccess ?? false;
  const allowSuccess =
    open && (result.band === "fail" || gmAllowsSuccess)
      ? button(gmAllowsSuccess ? "TERRAN.Card.Button.withdrawSuccess" : "TERRAN.Card.Button.allowSuccess", null)
      : null;
  return { allowEffect, allowSuccess };
}

/** R-ADV-1 Whirlwind's second hit: confirm it, then apply it, each with the reason it is closed. */
function secondHitButtons(
  state: RiskyCardState,
  result: RiskyCardResult,
  viewer: CardViewer,
  applied: (hit: "effect" | "second") => boolean,
): Pick<RiskyCardView["buttons"], "confirmSecond" | "applySecond"> {
  if (!(state.flags.whirlwind && state.combat)) return { confirmSecond: null, applySecond: null };
  const secondConfirmed = (state.secondHit?.chain ?? null) !== null;
  const confirmSecond =
    !result.empty && !secondConfirmed
      ? button(
          "TERRAN.Card.Button.confirmSecond",
          firstReason(
            [!isRollerOrGm(viewer, state.rollerId), CARD_REASON.notRoller],
            [!result.locked && result.landing.player, CARD_REASON.notConfirmed],
            [!result.secondHitAvailable || state.secondHit === null, CARD_REASON.noSecondHit],
          ),
        )
      : null;
  const applySecond =
    secondConfirmed && result.second
      ? button(
          "TERRAN.Card.Button.applySecond",
          firstReason(
            [applied("second"), CARD_REASON.alreadyApplied],
            [!viewer.mayApply, viewer.mayApplyReason ?? CARD_REASON.notOwner],
          ),
          viewer.mayApply ? viewer.mayApplyReason : null,
        )
      : null;
  return { confirmSecond, applySecond };
}

/**
 * R-EGO-2 (ruling) Give back Ego: a mistake's mend, the roller's until the dice are confirmed; open, it says
 * what it is for.
 */
function undoEgoButton(state: RiskyCardState, result: RiskyCardResult, viewer: CardViewer): CardButtonView {
  const permission = undoEgoPermission(viewer, state.rollerId, result.locked);
  return button(
    "TERRAN.Card.Button.undoEgo",
    firstReason(
      [!permission.allowed, permission.reasonKey ?? CARD_REASON.notRoller],
      [state.ego.undone, CARD_REASON.egoUndone],
      [!state.ego.spent, CARD_REASON.egoNotSpent],
    ),
    "TERRAN.Card.Tooltip.undoEgo",
  );
}

/** The card's buttons as `viewer` sees them: each open, or closed with the reason. */
function cardButtons(state: RiskyCardState, result: RiskyCardResult, viewer: CardViewer): RiskyCardView["buttons"] {
  const notRoller = !isRollerOrGm(viewer, state.rollerId);
  const applied = (hit: "effect" | "second"): boolean => state.applied.some((a) => a.hit === hit);
  const confirmKey = result.landing.player ? "TERRAN.Card.Button.confirm" : "TERRAN.Card.Button.confirmNoEffect";
  const confirm = result.empty || result.locked ? null : button(confirmKey, notRoller ? CARD_REASON.notRoller : null);
  const undoEgo = result.ego.cost > 0 ? undoEgoButton(state, result, viewer) : null;
  // When Apply is open, the permission's key is a hint on its limits (e.g. only targets you own). When none
  // of the player's Effect lands (a Fail, a Reaction) there is nothing to apply: no button, the landing line says so.
  const apply =
    result.empty || !result.landing.player
      ? null
      : button(
          applied("effect") ? "TERRAN.Card.Button.applied" : "TERRAN.Card.Button.apply",
          firstReason(
            [!result.locked, CARD_REASON.notConfirmed],
            [applied("effect"), CARD_REASON.alreadyApplied],
            [!viewer.mayApply, viewer.mayApplyReason ?? CARD_REASON.notOwner],
          ),
          viewer.mayApply ? viewer.mayApplyReason : null,
        );
  return {
    confirm,
    ...gmButtons(state, result, viewer),
    undoEgo,
    apply,
    ...secondHitButtons(state, result, viewer, applied),
  };
}

/** The weapon the roll was made with: its name, tier and tags (a user's own tag as typed). */
function weaponView(state: RiskyCardState, ruleset: Ruleset): RiskyCardView["weapon"] {
  if (!state.weapon) return null;
  const tags = state.weapon.tags.map((t) =>
    isWeaponTag(t) ? { labelKey: `TERRAN.Tag.${t}`, label: "" } : { labelKey: null, label: t },
  );
  const tierKey = ruleset.effect.tiers[state.weapon.rank]?.labelKey ?? "";
  // R-V-12 (§13 ruling 15) the row read over the weapon's, named beside it.
  const readKey = ruleset.effect.tiers[cardRank(state)]?.labelKey ?? tierKey;
  return { name: state.weapon.name, tierKey, approachKey: readKey === tierKey ? null : readKey, tags };
}

/** The template context of a Risky Action card, as `viewer` sees it. */
export function riskyCardView(state: RiskyCardState, viewer: CardViewer): RiskyCardView {
  const ruleset = getRuleset(state.rulesetId);
  const result = riskyCardResult(state);
  const locked = result.locked;
  const band = result.band;
  const threshold = explosionThreshold(isSlaughter(state));
  const buttons = cardButtons(state, result, viewer);
  const toneClass = result.empty ? "empty" : BAND_CLASS[band];
  const dice = dieTiles(state, result, isRollerOrGm(viewer, state.rollerId));
  return {
    cssClass: ["terran-engine", "chat-card", "risky-card", toneClass, locked ? "locked" : "", result.lost ? "lost" : ""]
      .filter(Boolean)
      .join(" "),
    version: state.version,
    titleKey: state.reaction ? "TERRAN.Card.Risky.reactionTitle" : "TERRAN.Card.Risky.title",
    actorName: state.actorName,
    targetKey: state.pool.baseLabel,
    weapon: weaponView(state, ruleset),
    empty: result.empty,
    dice,
    pickHint: dice.some((d) => d.clickRole === "precision" || d.effectButton),
    effectRow: dice.some((d) => d.effectButton),
    breakdown: breakdownView(state.pool),
    outcome: { band, bandKey: `TERRAN.Band.${band}`, cssClass: `outcome ${BAND_CLASS[band]}` },
    specialist: result.resolution?.specialistRescue ?? false,
    gmSuccess: result.gmSuccess,
    reaction: state.reaction
      ? { noteKey: state.gmAllowsEffect ? "TERRAN.Card.Risky.reactionAllowed" : "TERRAN.Card.Risky.reactionNote" }
      : null,
    landing: landingView(result),
    orderKey: result.landing.player && result.landing.challenge ? `TERRAN.Order.${result.order}` : null,
    willExplode: !locked && effectChainNeeded(state, "effect") !== null,
    effect: result.effect ? effectView(result.effect, ruleset.effect, threshold) : null,
    second: result.second ? effectView(result.second, ruleset.effect, threshold) : null,
    ego: egoLineView(state, result.ego),
    sayonara: state.sayonara,
    lost: result.lost,
    buttons,
    hasButtons: Object.values(buttons).some((b) => b !== null),
    applied: state.applied.map((entry) => ({ ...appliedRowView(entry), morale: moraleOffer(entry, ruleset, viewer) })),
  };
}

/** R-V-16 a GM may roll Morale for a track this card brought to 0, where the ruleset has Morale. */
function moraleOffer(entry: AppliedEntry, ruleset: Ruleset, viewer: CardViewer): AppliedRowView["morale"] {
  if (ruleset.morale === null || !viewer.isGM || entry.after !== 0 || !entry.target) return null;
  return { uuid: entry.target.uuid, facet: entry.target.facet === null ? "" : String(entry.target.facet) };
}
