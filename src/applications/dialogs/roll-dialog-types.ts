/**
 * The roll dialog's vocabulary (see ./roll-dialog-model.ts): what it is opened for, the settings it
 * reads, the user's choices, the names the template and glue share, the view it renders, and the small
 * formatting helpers (signs, percentages, messages) the model uses. Pure.
 */
import type { MessageMode } from "../../compat/generation.ts";
import {
  type ClampReason,
  type EffectOrder,
  type EffectTags,
  type Odds,
  type Pool,
  type PoolLineId,
  type RollTarget,
  type Ruleset,
  type TierRank,
} from "../../rules/index.ts";
import type { WeaponSource } from "../../data/source.ts";
import type { CharacterState } from "../../documents/operations/types.ts";

// ---------------------------------------------------------------------------------------------
// Inputs

/** What the dialog was opened for. */
export interface RollDialogSubject {
  readonly ruleset: Ruleset;
  /** The character's stored data and item snapshots. */
  readonly state: CharacterState;
  /** An attribute (a Risky Action) or a group's Save (a Reaction, R-RA-8). */
  readonly target: RollTarget;
  /** The weapon the action is made with, if any. */
  readonly weapon: { readonly id: string; readonly name: string; readonly system: WeaponSource } | null;
}

/** World and user settings the dialog reads. */
export interface RollDialogSettings {
  /** R-POOL-4 (setting, default 10): the Dark Dice stepper's maximum. */
  readonly darkMax: number;
  /** R-RA-2 (setting, default on): a lone die is both Precision and Effect. */
  readonly singleDieServesBoth: boolean;
  readonly isGM: boolean;
  /** The chat's current mode for this user: the dialog starts from it (default public). */
  readonly messageMode?: MessageMode;
  /** The client's language (`game.i18n.lang`): numbers are written its way (12,3% in pt-BR). Default English. */
  readonly locale?: string;
}

/** What the user changes; the glue keeps it between renders. */
export interface RollDialogChoices {
  dark: number;
  /** The GM's position modifier (±d). */
  position: number;
  /** Keys of the situational modifiers ticked (`RollDialogModifierRow.key`). */
  ticked: string[];
  /** The range the weapon is used at (only with a weapon). */
  range: string | null;
  /** This action is one Heavy armour hinders (run, observe, sneak, swim). */
  hindered: boolean;
  /** The approach's Effect tier (only without a weapon; with one, the weapon's rank). */
  rank: TierRank;
  /** In combat (R-RA-10 Whirlwind). */
  combat: boolean;
  /** R-ADV-2 the player declares this action their speciality (only with Specialist). */
  specialist: boolean;
  /** Who sees the card (v14's message modes; src/compat/generation.ts maps them to v13's roll modes). */
  messageMode: MessageMode;
}

// ---------------------------------------------------------------------------------------------
// Constants the glue and the template share

/** Every `data-action` the template uses; the glue registers a handler for each. */
export const DIALOG_ACTIONS = ["darkUp", "darkDown", "positionUp", "positionDown", "toggleModifier", "roll"] as const;
export type DialogAction = (typeof DIALOG_ACTIONS)[number];

/** The `name`s of the form inputs; the glue reads them on change. */
export const DIALOG_FIELDS = ["range", "rank", "hindered", "combat", "specialist", "messageMode"] as const;
export type DialogField = (typeof DIALOG_FIELDS)[number];

/** The modes the select lists, in order (v14's names, on both generations). */
export { MESSAGE_MODES, type MessageMode } from "../../compat/generation.ts";

/** The GM's position stepper goes from −10 to +10 (the limits `buildPool` accepts). */
export const POSITION_LIMIT = 10;

// ---------------------------------------------------------------------------------------------
// The view

/** A localised message with at most one parameter, `{value}` in the English text. */
export interface DialogMessage {
  readonly key: string;
  readonly value: string;
}

/** One line of the pool's breakdown. */
export interface RollDialogModifierRow {
  /** Where the line comes from: a rule of the pool, or a modifier of an advancement or condition. */
  readonly kind: Exclude<PoolLineId, "position" | "modifier"> | "modifier";
  /** The toggle key of a situational modifier (`${itemId}:${modifierId}`), "" for the others. */
  readonly key: string;
  /** An i18n key, or null when the label is the user's own text (`labelText`). */
  readonly labelKey: string | null;
  readonly labelText: string;
  /** The advancement or condition carrying the modifier ("" for the rules' own lines). */
  readonly sourceName: string;
  readonly dice: number;
  /** "+1d", "−1d". */
  readonly signed: string;
  /** A checkbox the player ticks when it applies (R-POOL-2). */
  readonly situational: boolean;
  readonly ticked: boolean;
  /** Counted in the total (always-on lines, and ticked situational ones). */
  readonly counts: boolean;
  /** "bonus", "penalty", plus " off" when not counted: CSS classes. */
  readonly cls: string;
  readonly rule: string;
}

export interface StepperButton {
  readonly disabled: boolean;
  readonly tooltip: DialogMessage;
}

export interface PercentView {
  readonly p: number;
  /** "12.3%" ("<0.1%" and ">99.9%" at the edges, so a possibility never reads as 0 or 100). */
  readonly text: string;
  /** CSS width, in percent, for bars. */
  readonly width: string;
}

export interface SelectOption {
  readonly value: string;
  readonly labelKey: string;
  readonly selected: boolean;
}

export interface RangeOption extends SelectOption {
  /** The dice this range costs with this weapon ("−1d"), "" when none. */
  readonly penalty: string;
}

export interface RollDialogView {
  readonly title: {
    /** The attribute's or the save's label key. */
    readonly labelKey: string;
    /** The weapon's name (the user's own text), or null. */
    readonly weaponName: string | null;
    /** "Risky Action" or "Reaction". */
    readonly kindKey: string;
  };
  readonly reaction: boolean;
  /** R-POOL-1 the base line ("Finesse 3"). */
  readonly base: { readonly labelKey: string; readonly dice: number; readonly rule: string };
  /** R-POOL-2 every modifier but the GM's position, in display order. */
  readonly lines: readonly RollDialogModifierRow[];
  /** Stored modifiers left out because the rules would refuse them. */
  readonly ignored: readonly DialogMessage[];
  /** R-POOL-2 the GM's position stepper. */
  readonly position: {
    readonly value: number;
    readonly signed: string;
    readonly cls: string;
    readonly note: DialogMessage;
    readonly down: StepperButton;
    readonly up: StepperButton;
    /** Why the chosen value was corrected, or null. */
    readonly corrected: DialogMessage | null;
  };
  /** Base plus every counted line, before the clamp. */
  readonly raw: number;
  readonly rawSigned: string;
  /** R-POOL-3 the Light Dice thrown (0–4). */
  readonly light: number;
  /** R-POOL-3 / R-HARM-5 why `light` differs from `raw` (or is locked at 0), or null. */
  readonly clamp: { readonly reason: ClampReason; readonly message: DialogMessage | null };
  readonly mortallyWounded: boolean;
  /** R-POOL-4 the Dark Dice stepper. */
  readonly dark: {
    readonly value: number;
    readonly max: number;
    readonly down: StepperButton;
    readonly up: StepperButton;
    readonly corrected: DialogMessage | null;
  };
  /** One entry per die, for the light and dark dice pictures. */
  readonly dice: { readonly light: readonly number[]; readonly dark: readonly number[] };
  /** R-EGO-2 / R-SAY-1 the Ego at stake. */
  readonly ego: {
    readonly value: number;
    readonly max: number;
    readonly sayonara: boolean;
    readonly risk: DialogMessage;
    readonly pLoseAny: PercentView;
    readonly pZero: PercentView;
    readonly expectedLoss: string;
  };
  /** The exact odds, formatted (R-RA-1, R-RA-6). */
  readonly chances: {
    readonly fail: PercentView;
    readonly partial: PercentView;
    readonly success: PercentView;
    readonly pLands: PercentView;
    /** Expected Effect when it lands, after the tier; "—" when it can never land. */
    readonly expectedEffect: string;
    readonly effectLands: boolean;
    /** Notes under the odds: the empty pool, a lone die with no Effect, a Reaction's Effect. */
    readonly notes: readonly DialogMessage[];
  };
  /** R-RA-9 whose Effect comes first. */
  readonly order: { readonly value: EffectOrder; readonly labelKey: string };
  /** The range select (only with a weapon). */
  readonly range: { readonly shown: boolean; readonly options: readonly RangeOption[] };
  /** The approach tier select (only without a weapon); with a weapon, its tier as text. */
  readonly tier: { readonly shown: boolean; readonly options: readonly SelectOption[]; readonly labelKey: string };
  readonly hindered: { readonly shown: boolean; readonly checked: boolean };
  /** R-RA-10 shown when the character has Whirlwind. */
  readonly combat: { readonly shown: boolean; readonly checked: boolean };
  /**
   * R-ADV-2 shown when the character has Specialist: the player ticks it when this action is of the
   * kind they specialise in (`specialties`: the kinds written on their Specialist advancements).
   */
  readonly specialist: { readonly shown: boolean; readonly checked: boolean; readonly specialties: string };
  readonly messageModes: readonly SelectOption[];
  readonly roll: { readonly disabled: boolean; readonly reason: DialogMessage | null };

  // What the glue needs to roll.
  /** The normalised choices (what the dialog actually shows and rolls). */
  readonly choices: RollDialogChoices;
  readonly pool: Pool;
  readonly odds: Odds;
  /** R-RA-3 / R-EQ-3 the Effect die explodes on 5+. */
  readonly slaughter: boolean;
  /** The Effect tier rank used: the weapon's, or the approach's. */
  readonly rank: TierRank;
  readonly effectTags: EffectTags;
  /** The Ego the Dark Dice compare to (R-EGO-2). */
  readonly egoAtThrow: number;
  readonly sayonara: boolean;
  /** R-RA-10 Whirlwind applies to this roll (the character has it and it is combat). */
  readonly whirlwind: boolean;
  /** R-ADV-2 a Fail on this roll still succeeds, with Reduced Effect. */
  readonly specialistApplies: boolean;
  readonly messageMode: MessageMode;
}

// ---------------------------------------------------------------------------------------------
// Small formatting helpers (exported for the tests and the glue)

export const MINUS = "\u2212";

/** "+1d", "−2d", "±0d". */
export function signedDice(n: number): string {
  if (n > 0) return `+${n}d`;
  if (n < 0) return `${MINUS}${-n}d`;
  return "\u00b10d";
}

const EDGE = 1e-12;

/** `n` with `digits` decimals, written as `locale` writes numbers ("5.0" in English, "5,0" in pt-BR); English when Intl cannot read the locale. */
export function decimal(n: number, digits: number, locale = "en"): string {
  const options = { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false } as const;
  try {
    return new Intl.NumberFormat(locale, options).format(n);
  } catch {
    return new Intl.NumberFormat("en", options).format(n);
  }
}

/** A probability as a percentage with one decimal (in `locale`'s way); a possibility never reads as 0.0% or 100.0%. */
export function percent(p: number, locale = "en"): PercentView {
  const clamped = Number.isFinite(p) ? Math.min(1, Math.max(0, p)) : 0;
  const one = (n: number): string => decimal(n, 1, locale);
  let text: string;
  if (clamped <= EDGE) text = `${one(0)}%`;
  else if (clamped >= 1 - EDGE) text = `${one(100)}%`;
  else if (clamped < 0.0005) text = `<${one(0.1)}%`;
  else if (clamped >= 0.9995) text = `>${one(99.9)}%`;
  else text = `${one(clamped * 100)}%`;
  return { p: clamped, text, width: (clamped * 100).toFixed(2) };
}

export const message = (key: string, value: string | number = ""): DialogMessage => ({ key, value: String(value) });
