/**
 * The roll dialog's pure model (R-POOL-1…5, R-RA-1…10, R-EGO-2, R-SAY-1, R-HARM-5): from the subject, the
 * user's choices and the world settings, everything the dialog shows and the roll needs (`RollDialogView`).
 * No Foundry, no DOM; strings are i18n keys and numbers come formatted (../format.ts), so the template
 * needs only `localize`. Never throws: choices are normalised and each correction says why; stored data
 * the rules refuse is left out with a notice. Its odds are in ./roll-dialog-odds.ts, the card's input in
 * ./risky-card-input.ts.
 */
import {
  ATTRIBUTE_MAX,
  DEFAULT_DARK_MAX,
  DEFAULT_TIER_RANK,
  EGO_MAX,
  TIER_RANKS,
  assertDiceModifier,
  buildPool,
  effectOrder,
  effectTags,
  hasTag,
  isMechanicsFlag,
  modifierApplies,
  readSceneEffects,
  suitDepleted,
  tierOptions,
  type Attributes,
  type ClampReason,
  type DiceModifier,
  type EffectOrder,
  type EffectTags,
  type Odds,
  type Pool,
  type PoolLineId,
  type RollTarget,
  type Ruleset,
  type TierRank,
  type Weapon,
  type Wounds,
  skillDie,
} from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import type { ItemSnapshot, WeaponSource } from "../../data/source.ts";
import { heldSkillLabel, readHeldSkills, type HeldSkillEntry } from "../../data/held-skills.ts";
import type { CharacterState } from "../../documents/operations/types.ts";
import { isMessageMode, MESSAGE_MODES, type MessageMode } from "../../compat/generation.ts";
import { decimal, message, MINUS, percent, signedDice, type DialogMessage, type PercentView } from "../format.ts";
import { type AdvisorView } from "./advisor-view.ts";
import { DARK_MAX_LIMIT, type StepperButton } from "./stepper.ts";
import { dialogAdvisor, oddsFor } from "./roll-dialog-odds.ts";

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
  /** The risk advisor's disclosure is open (the host remembers it per dialog; default closed). */
  readonly advisorOpen?: boolean;
}

/** What the user changes; the glue keeps it between renders. */
export interface RollDialogChoices {
  dark: number;
  /** The GM's position modifier (±d). */
  position: number;
  /** Keys of the situational modifiers ticked (`RollDialogModifierRow.key`). */
  ticked: string[];
  /** R-V-5 the held skills ticked as fitting, by stored entry (`data/held-skills.ts`). */
  skills: string[];
  /** The range the weapon is used at (only with a weapon). */
  range: string | null;
  /** This action is one Heavy armour hinders (run, observe, sneak, swim). */
  hindered: boolean;
  /**
   * The approach's Effect tier: without a weapon; with one, the weapon's rank, unless the ruleset reads its
   * Effect by approach rows (R-V-12), where it starts there and the GM may read the approach over it.
   */
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
export const DIALOG_ACTIONS = [
  "darkUp",
  "darkDown",
  "positionUp",
  "positionDown",
  "toggleModifier",
  "toggleSkill",
  "advisorDark",
  "roll",
] as const;
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
  /** R-V-5 the held skills, each a box: a ticked one that fits adds the skill die (one however many). */
  readonly skills: {
    readonly shown: boolean;
    readonly rows: readonly {
      readonly key: string;
      readonly labelKey: string | null;
      readonly labelText: string;
      readonly groupKey: string;
      readonly ticked: boolean;
    }[];
  };
  /** R-POOL-2 the GM's position stepper; not shown where the ruleset has none (R-V-11). */
  readonly position: {
    readonly shown: boolean;
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
  /** The risk advisor beside the stepper: every Dark Dice count 0 … max with this pool's odds. */
  readonly advisor: AdvisorView;
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
  /**
   * The approach tier select (without a weapon, or over its row where the Effect is read by approach rows,
   * R-V-12); else the weapon's tier as text. `weapon`: the weapon's own row and whose reading the select is.
   */
  readonly tier: {
    readonly shown: boolean;
    readonly options: readonly SelectOption[];
    readonly labelKey: string;
    readonly weapon: { readonly labelKey: string; readonly noteKey: string } | null;
  };
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
  /** The Effect tier rank used: the weapon's, or the approach's (R-V-12: the row read over the weapon's). */
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
// Normalising the choices and the stored data

/** A whole number from anything (numbers, numeric strings); `fallback` for the rest. */
function whole(value: unknown, fallback: number): number {
  const n =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? Math.round(n) : fallback;
}

function clampInt(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function isTierRank(n: number): n is TierRank {
  return (TIER_RANKS as readonly number[]).includes(n);
}

function asRank(value: unknown, fallback: TierRank): TierRank {
  const n = whole(value, fallback);
  return isTierRank(n) ? n : fallback;
}

/** The world's Dark Dice maximum, read safely: a whole number 0–100, else the default 10. */
export function darkMaxOf(settings: RollDialogSettings): number {
  const n = settings.darkMax;
  return Number.isInteger(n) && n >= 0 ? Math.min(n, DARK_MAX_LIMIT) : DEFAULT_DARK_MAX;
}

/** The weapon as the rules read it, or undefined. */
export function ruleWeapon(subject: RollDialogSubject): Weapon | undefined {
  const w = subject.weapon?.system;
  if (!w) return undefined;
  return {
    rank: asRank(w.rank, DEFAULT_TIER_RANK),
    ranges: Array.isArray(w.ranges) ? w.ranges : [],
    tags: Array.isArray(w.tags) ? w.tags : [],
    twoHanded: w.twoHanded === true,
  };
}

/** R-V-12 (§13 ruling 15) the GM reads the approach over a weapon's row where the Effect is read by rows. */
function approachOverWeapon(ruleset: Ruleset): boolean {
  return ruleset.effect.kind === "approach";
}

/** The Effect tier rank the roll reads: the chosen approach's, or a weapon's where no reading goes over it. */
function rollRank(ruleset: Ruleset, weapon: Weapon | undefined, chosen: TierRank): TierRank {
  return weapon && !approachOverWeapon(ruleset) ? weapon.rank : chosen;
}

/** The range a weapon is used at by default: its first range this ruleset knows, else the ruleset's first. */
export function defaultRange(ruleset: Ruleset, weapon: Weapon): string | null {
  const known = weapon.ranges.find((r) => ruleset.ranges.some((d) => d.id === r));
  return known ?? ruleset.ranges[0]?.id ?? null;
}

/** A modifier that can be ticked: the rules' modifier with an id unique across the character's items. */
export interface CharacterModifier {
  readonly modifier: DiceModifier;
  readonly sourceName: string;
}

/** Everything read from the stored character, once per recomputation. */
export interface CharacterReading {
  readonly attributes: Attributes;
  readonly wounds: Wounds;
  readonly flags: ReturnType<typeof deriveCharacter>["flags"];
  readonly heavy: boolean;
  readonly mortallyWounded: boolean;
  readonly modifiers: readonly CharacterModifier[];
  readonly ignored: readonly DialogMessage[];
  readonly ego: number;
  readonly egoMax: number;
  readonly dead: boolean;
  readonly lost: boolean;
  /** R-SAY-1 / R-LEG-15 the character has left the story: they no longer roll. */
  readonly departed: boolean;
  readonly sayonara: boolean;
  /** R-ADV-2 the kinds of action written on the Specialist advancements ("" when none written). */
  readonly specialties: readonly string[];
}

export function readCharacter(state: CharacterState): CharacterReading {
  const source = state.source;
  const rating = (v: unknown): number => clampInt(whole(v, 0), 0, ATTRIBUTE_MAX);
  const a = source.attributes;
  const attributes: Attributes = {
    intuition: rating(a.intuition),
    reason: rating(a.reason),
    finesse: rating(a.finesse),
    exertion: rating(a.exertion),
    attunement: rating(a.attunement),
    influence: rating(a.influence),
  };
  const wounds: Wounds = {
    stressed: source.wounds.stressed === true,
    broken: source.wounds.broken === true,
    weary: source.wounds.weary === true,
  };
  // Unknown flags would make the rules throw: they are not flags (mechanics.ts), so leave them out.
  const items: ItemSnapshot[] = state.items.map((item) => {
    if (item.type !== "advancement" && item.type !== "condition") return item;
    const flags = item.system.flags.filter(isMechanicsFlag);
    if (flags.length === item.system.flags.length) return item;
    return item.type === "advancement"
      ? { ...item, system: { ...item.system, flags } }
      : { ...item, system: { ...item.system, flags } };
  });
  const derived = deriveCharacter({ ...source, attributes, wounds }, items);

  const modifiers: CharacterModifier[] = [];
  const ignored: DialogMessage[] = [];
  const seen = new Set<string>();
  // R-ADV-2 Nova Failed this scene: the suit is depleted, so Tesla's +1d is not offered (the notice says why).
  const depleted = suitDepleted(state.scene ?? []);
  for (const item of items) {
    if (item.type !== "advancement" && item.type !== "condition") continue;
    if (depleted && item.type === "advancement" && item.system.key === "tesla") {
      if (item.system.dice.length > 0) ignored.push(message("TERRAN.Dialog.teslaDepleted", item.name));
      continue;
    }
    for (const stored of item.system.dice) {
      const label = stored.label.trim() === "" ? item.name : stored.label;
      // The key that ticks it: unique across items (Sensory acuity taken twice gives two boxes).
      let id = `${item.id}:${stored.id}`;
      for (let n = 2; seen.has(id); n++) id = `${item.id}:${stored.id}#${n}`;
      seen.add(id);
      const modifier: DiceModifier = { ...stored, id, label };
      try {
        assertDiceModifier(modifier);
      } catch {
        ignored.push(message("TERRAN.Dialog.ignoredModifier", item.name));
        continue;
      }
      modifiers.push({ modifier, sourceName: item.name });
    }
  }
  // R-ADV-1 / R-ADV-2 the scene's bonuses of activated advancements (Brainwave's +1d), ticked like any situational one.
  for (const effect of readSceneEffects(state.scene ?? [])) {
    if (effect.kind !== "bonus" || !effect.modifier || seen.has(effect.modifier.id)) continue;
    seen.add(effect.modifier.id);
    const item = state.items.find((i) => i.id === effect.itemId);
    modifiers.push({ modifier: effect.modifier, sourceName: item?.name ?? effect.advancement });
  }
  const ego = clampInt(whole(source.ego.value, 0), 0, EGO_MAX);
  return {
    attributes,
    wounds,
    flags: derived.flags,
    heavy: derived.armour.heavy,
    mortallyWounded: derived.mortallyWounded,
    modifiers,
    ignored,
    ego,
    egoMax: clampInt(whole(source.ego.max, ego), 0, EGO_MAX),
    dead: source.dead === true,
    lost: source.lost === true,
    departed: source.departed === true,
    sayonara: source.sayonara === true,
    specialties: items.flatMap((item) =>
      item.type === "advancement" && item.system.flags.includes("specialist") && item.system.specialty.trim() !== ""
        ? [item.system.specialty.trim()]
        : [],
    ),
  };
}

/**
 * R-ADV-2 whether the Specialist tick is offered. Ruling: only for a Risky Action; a Save is a
 * Reaction to what befalls the character, not a kind of action they chose to specialise in.
 */
export function specialistOffered(subject: RollDialogSubject, reading: CharacterReading): boolean {
  return subject.target.kind === "attribute" && reading.flags.has("specialist");
}

/** R-V-5 the skills the character holds, where the world plays with held skills. */
export function dialogSkills(subject: RollDialogSubject): readonly HeldSkillEntry[] {
  const scheme = subject.ruleset.heldSkills;
  return scheme === null ? [] : readHeldSkills(scheme, subject.state.source.heldSkills).held;
}

export interface Normalised {
  readonly choices: RollDialogChoices;
  readonly darkCorrected: DialogMessage | null;
  readonly positionCorrected: DialogMessage | null;
}

export function normalise(
  subject: RollDialogSubject,
  reading: CharacterReading,
  weapon: Weapon | undefined,
  raw: Partial<RollDialogChoices>,
  settings: RollDialogSettings,
): Normalised {
  const darkMax = darkMaxOf(settings);
  const wantedDark = whole(raw.dark, 0);
  const dark = clampInt(wantedDark, 0, darkMax);
  const darkCorrected =
    wantedDark > darkMax
      ? message("TERRAN.Dialog.dark.loweredToMax", darkMax)
      : wantedDark < 0
        ? message("TERRAN.Dialog.dark.raisedToZero")
        : null;

  // R-V-11 (ruling) a ruleset without a GM position die keeps it at 0.
  const wantedPosition = subject.ruleset.gmPosition ? whole(raw.position, 0) : 0;
  const position = clampInt(wantedPosition, -POSITION_LIMIT, POSITION_LIMIT);
  const positionCorrected =
    position !== wantedPosition ? message("TERRAN.Dialog.position.limited", POSITION_LIMIT) : null;

  const known = new Set(
    reading.modifiers
      .filter((m) => m.modifier.situational && modifierApplies(m.modifier, subject.target))
      .map((m) => m.modifier.id),
  );
  const ticked = [...new Set(listOf(raw.ticked).filter((k) => known.has(k)))];
  const held = new Set(dialogSkills(subject).map((h) => h.stored));
  const skills = [...new Set(listOf(raw.skills).filter((k) => held.has(k)))];

  let range: string | null = null;
  if (weapon) {
    const wanted = raw.range;
    range =
      typeof wanted === "string" && subject.ruleset.ranges.some((r) => r.id === wanted)
        ? wanted
        : defaultRange(subject.ruleset, weapon);
  }

  return {
    choices: {
      dark,
      position,
      ticked,
      skills,
      range,
      hindered: reading.heavy && raw.hindered === true,
      rank: rollRank(subject.ruleset, weapon, asRank(raw.rank, weapon?.rank ?? DEFAULT_TIER_RANK)),
      combat: raw.combat === true,
      specialist: specialistOffered(subject, reading) && raw.specialist === true,
      messageMode: isMessageMode(raw.messageMode) ? raw.messageMode : (settings.messageMode ?? "public"),
    },
    darkCorrected,
    positionCorrected,
  };
}

/** The choices a dialog opens with: no Dark Dice, no position, the weapon's first range, combat with a weapon. */
export function initialChoices(subject: RollDialogSubject, settings: RollDialogSettings): RollDialogChoices {
  const weapon = ruleWeapon(subject);
  const reading = readCharacter(subject.state);
  return normalise(
    subject,
    reading,
    weapon,
    {
      dark: 0,
      position: 0,
      ticked: [],
      skills: [],
      range: null,
      hindered: false,
      rank: weapon?.rank ?? DEFAULT_TIER_RANK,
      combat: weapon !== undefined,
      specialist: false,
      messageMode: settings.messageMode ?? "public",
    },
    settings,
  ).choices;
}

// ---------------------------------------------------------------------------------------------
// Changes (the glue's event handlers call these; each returns new, normalised choices)

export type DialogChange =
  | { readonly action: Exclude<DialogAction, "roll" | "toggleModifier" | "toggleSkill" | "advisorDark"> }
  | { readonly action: "toggleModifier" | "toggleSkill"; readonly key: string }
  /** A row of the risk advisor: `key` is the Dark Dice count it sets. */
  | { readonly action: "advisorDark"; readonly key: string }
  | { readonly field: DialogField; readonly value: unknown };

function listOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((k): k is string => typeof k === "string") : [];
}

function toggled(keys: readonly string[], key: string): string[] {
  return keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key];
}

/** The choices after one change: a stepper, a ticked modifier, or a form field's new value. */
export function applyChange(
  subject: RollDialogSubject,
  choices: RollDialogChoices,
  change: DialogChange,
  settings: RollDialogSettings,
): RollDialogChoices {
  const next: RollDialogChoices = { ...choices, ticked: listOf(choices.ticked), skills: listOf(choices.skills) };
  if ("action" in change) {
    switch (change.action) {
      case "darkUp":
        next.dark = whole(choices.dark, 0) + 1;
        break;
      case "darkDown":
        next.dark = whole(choices.dark, 0) - 1;
        break;
      case "positionUp":
        next.position = whole(choices.position, 0) + 1;
        break;
      case "positionDown":
        next.position = whole(choices.position, 0) - 1;
        break;
      case "advisorDark":
        next.dark = whole(change.key, whole(choices.dark, 0));
        break;
      case "toggleModifier":
        next.ticked = toggled(next.ticked, change.key);
        break;
      case "toggleSkill":
        next.skills = toggled(next.skills, change.key);
        break;
    }
  } else {
    const v = change.value;
    const bool = v === true || v === "true" || v === "on";
    switch (change.field) {
      case "range":
        next.range = typeof v === "string" ? v : null;
        break;
      case "rank":
        next.rank = asRank(v, DEFAULT_TIER_RANK);
        break;
      case "hindered":
        next.hindered = bool;
        break;
      case "combat":
        next.combat = bool;
        break;
      case "specialist":
        next.specialist = bool;
        break;
      case "messageMode":
        next.messageMode = isMessageMode(v) ? v : (settings.messageMode ?? "public");
        break;
    }
  }
  const weapon = ruleWeapon(subject);
  return normalise(subject, readCharacter(subject.state), weapon, next, settings).choices;
}

// ---------------------------------------------------------------------------------------------
// The model

const LINE_ORDER: Readonly<Record<Exclude<PoolLineId, "position" | "modifier">, number>> = {
  skill: 0,
  wound: 1,
  improvised: 2,
  heavyFirepower: 3,
  unhandy: 4,
  outOfRange: 5,
  heavyArmour: 6,
  dangerSense: 7,
};

const isKey = (label: string): boolean => label.startsWith("TERRAN.");

function row(
  kind: RollDialogModifierRow["kind"],
  label: string,
  dice: number,
  rule: string,
  extra: { key?: string; sourceName?: string; situational?: boolean; ticked?: boolean } = {},
): RollDialogModifierRow {
  const situational = extra.situational ?? false;
  const ticked = extra.ticked ?? false;
  const counts = !situational || ticked;
  return {
    kind,
    key: extra.key ?? "",
    labelKey: isKey(label) ? label : null,
    labelText: label,
    sourceName: extra.sourceName ?? "",
    dice,
    signed: signedDice(dice),
    situational,
    ticked,
    counts,
    cls: `${dice > 0 ? "bonus" : "penalty"}${counts ? "" : " off"}`,
    rule,
  };
}

function clampMessage(reason: ClampReason, raw: number, mortallyWounded: boolean): DialogMessage | null {
  // R-HARM-5: say why even when the total was 0 anyway (nothing was clamped, but nothing could be added).
  if (mortallyWounded) return message("TERRAN.Dialog.clamp.mortal");
  if (reason === "max") return message("TERRAN.Dialog.clamp.max", raw);
  if (reason === "min") return message("TERRAN.Dialog.clamp.min", raw);
  return null;
}

function egoRisk(ego: number, sayonara: boolean, lost: boolean): DialogMessage {
  if (lost) return message("TERRAN.Dialog.ego.lost");
  if (ego === 0) return message("TERRAN.Dialog.ego.zero");
  if (sayonara) return message("TERRAN.Dialog.ego.sayonara");
  if (ego >= 6) return message("TERRAN.Dialog.ego.every");
  return message("TERRAN.Dialog.ego.risk", ego);
}

function rollBlocked(reading: CharacterReading, pool: Pool): DialogMessage | null {
  if (reading.dead) return message("TERRAN.Dialog.blocked.dead");
  if (reading.lost) return message("TERRAN.Dialog.blocked.lost");
  if (reading.departed) return message("TERRAN.Dialog.blocked.departed");
  if (pool.empty)
    return message(reading.mortallyWounded ? "TERRAN.Dialog.blocked.emptyMortal" : "TERRAN.Dialog.blocked.empty");
  return null;
}

/** R-V-5 (ruling) one die however many ticked skills fit. */
function skillDieOf(subject: RollDialogSubject, ticked: readonly string[]): number {
  const scheme = subject.ruleset.heldSkills;
  if (scheme === null) return 0;
  const fits = dialogSkills(subject).filter((h) => ticked.includes(h.stored));
  return skillDie(
    scheme,
    true,
    fits.map((h) => h.skill),
  );
}

/** R-V-5 a box per held skill; shown where the world plays with held skills. */
function skillsView(subject: RollDialogSubject, ticked: readonly string[]): RollDialogView["skills"] {
  const scheme = subject.ruleset.heldSkills;
  if (scheme === null) return { shown: false, rows: [] };
  const rows = dialogSkills(subject).map(({ stored, skill }) => ({
    key: stored,
    ...heldSkillLabel(scheme, skill),
    ticked: ticked.includes(stored),
  }));
  return { shown: true, rows };
}

/** R-POOL-1 … R-POOL-5 the pool the normalised choices make. */
function dialogPool(
  subject: RollDialogSubject,
  reading: CharacterReading,
  weapon: Weapon | undefined,
  chosen: RollDialogChoices,
  darkMax: number,
): Pool {
  return buildPool({
    ruleset: subject.ruleset,
    target: subject.target,
    attributes: reading.attributes,
    wounds: reading.wounds,
    flags: reading.flags,
    position: chosen.position,
    ...(weapon ? { weapon } : {}),
    ...(weapon && chosen.range !== null ? { range: chosen.range } : {}),
    heavyArmour: reading.heavy,
    hinderedByHeavyArmour: chosen.hindered,
    modifiers: reading.modifiers.map((m) => m.modifier),
    ticked: new Set(chosen.ticked),
    skillDie: skillDieOf(subject, chosen.skills),
    dark: chosen.dark,
    darkMax,
  });
}

/** R-POOL-2 every line of the breakdown, with the situational ones as checkboxes whether ticked or not. */
function modifierRows(
  pool: Pool,
  reading: CharacterReading,
  target: RollDialogSubject["target"],
  ticked: ReadonlySet<string>,
): RollDialogModifierRow[] {
  const ruleLines = pool.lines
    .filter((l): l is typeof l & { id: keyof typeof LINE_ORDER } => l.id !== "position" && l.id !== "modifier")
    .sort((x, y) => LINE_ORDER[x.id] - LINE_ORDER[y.id])
    .map((l) => row(l.id, l.label, l.dice, l.rule));
  const applicable = reading.modifiers.filter((m) => modifierApplies(m.modifier, target));
  const always = applicable
    .filter((m) => !m.modifier.situational)
    .map((m) => row("modifier", m.modifier.label, m.modifier.dice, "R-POOL-2", { sourceName: m.sourceName }));
  const situational = applicable
    .filter((m) => m.modifier.situational)
    .map((m) =>
      row("modifier", m.modifier.label, m.modifier.dice, "R-POOL-2", {
        key: m.modifier.id,
        sourceName: m.sourceName,
        situational: true,
        ticked: ticked.has(m.modifier.id),
      }),
    );
  return [...ruleLines, ...always, ...situational];
}

/** The Effect the roll would have and the exact odds of the pool. */
interface DialogEffect {
  readonly rank: TierRank;
  readonly tags: EffectTags;
  readonly slaughter: boolean;
  readonly odds: Odds;
  /** The odds of this same pool with `dark` Dark Dice (the risk advisor's rows; the same remembered odds). */
  readonly oddsAt: (dark: number) => Odds;
}

/**
 * R-RA-4 / R-RA-5, R-EQ-3 the Effect: the weapon's tier and tags, or the approach's tier (R-V-12: the row
 * read, the weapon's by default); and the odds with it.
 */
function dialogEffect(
  subject: RollDialogSubject,
  reading: CharacterReading,
  weapon: Weapon | undefined,
  chosen: RollDialogChoices,
  pool: Pool,
  settings: RollDialogSettings,
): DialogEffect {
  const rank = rollRank(subject.ruleset, weapon, chosen.rank);
  const tags: EffectTags = effectTags(weapon);
  const slaughter = hasTag(weapon, "slaughter");
  const oddsAt = (dark: number): Odds =>
    oddsFor({
      light: pool.light,
      dark,
      ego: reading.ego,
      slaughter,
      sayonara: reading.sayonara,
      singleDieServesBoth: settings.singleDieServesBoth,
      effect: { rule: subject.ruleset.effect, rank, tags },
    });
  return { rank, tags, slaughter, odds: oddsAt(pool.dark), oddsAt };
}

/** The notes under the odds: the empty pool, a lone die with no Effect, a Reaction's Effect, a Specialist's Fail. */
function oddsNotes(
  pool: Pool,
  odds: Odds,
  target: RollDialogSubject["target"],
  chosen: RollDialogChoices,
  settings: RollDialogSettings,
): DialogMessage[] {
  const notes: DialogMessage[] = [];
  if (pool.empty) notes.push(message("TERRAN.Dialog.odds.empty"));
  else if (odds.dice === 1 && !settings.singleDieServesBoth) notes.push(message("TERRAN.Dialog.odds.loneDie"));
  if (target.kind === "save") notes.push(message("TERRAN.Dialog.odds.reaction"));
  if (chosen.specialist) notes.push(message("TERRAN.Dialog.odds.specialist"));
  return notes;
}

/** R-POOL-2 the GM's position stepper, each button with why it is closed at the limits. */
function positionView(
  ruleset: Ruleset,
  position: number,
  settings: RollDialogSettings,
  corrected: DialogMessage | null,
): RollDialogView["position"] {
  return {
    shown: ruleset.gmPosition,
    value: position,
    signed: position === 0 ? "\u00b10d" : signedDice(position),
    cls: position > 0 ? "bonus" : position < 0 ? "penalty" : "neutral",
    note: message(settings.isGM ? "TERRAN.Dialog.position.noteGM" : "TERRAN.Dialog.position.note"),
    down: {
      disabled: position <= -POSITION_LIMIT,
      tooltip:
        position <= -POSITION_LIMIT
          ? message("TERRAN.Dialog.position.atMin", POSITION_LIMIT)
          : message("TERRAN.Dialog.position.down"),
    },
    up: {
      disabled: position >= POSITION_LIMIT,
      tooltip:
        position >= POSITION_LIMIT
          ? message("TERRAN.Dialog.position.atMax", POSITION_LIMIT)
          : message("TERRAN.Dialog.position.up"),
    },
    corrected,
  };
}

/** R-POOL-4 the Dark Dice stepper, each button with why it is closed at the limits. */
function darkView(dark: number, darkMax: number, corrected: DialogMessage | null): RollDialogView["dark"] {
  return {
    value: dark,
    max: darkMax,
    down: {
      disabled: dark <= 0,
      tooltip: dark <= 0 ? message("TERRAN.Dialog.dark.atMin") : message("TERRAN.Dialog.dark.down"),
    },
    up: {
      disabled: dark >= darkMax,
      tooltip: dark >= darkMax ? message("TERRAN.Dialog.dark.atMax", darkMax) : message("TERRAN.Dialog.dark.up"),
    },
    corrected,
  };
}

/** R-EGO-2 / R-SAY-1 the Ego at stake, with the odds of losing it. */
function egoView(reading: CharacterReading, odds: Odds, locale: string | undefined): RollDialogView["ego"] {
  return {
    value: reading.ego,
    max: reading.egoMax,
    sayonara: reading.sayonara,
    risk: egoRisk(reading.ego, reading.sayonara, reading.lost),
    pLoseAny: percent(odds.ego.pLoseAny, locale),
    pZero: percent(odds.ego.pZero, locale),
    expectedLoss: decimal(odds.ego.expectedLoss, 1, locale),
  };
}

/** R-RA-1, R-RA-6 the exact odds of each outcome and of the Effect landing, formatted. */
function chancesView(
  odds: Odds,
  notes: readonly DialogMessage[],
  locale: string | undefined,
): RollDialogView["chances"] {
  const effectLands = odds.effect.pLands > 0;
  const expected = odds.effect.value?.expectedWhenLands ?? 0;
  return {
    fail: percent(odds.outcome.fail, locale),
    partial: percent(odds.outcome.partial, locale),
    success: percent(odds.outcome.success, locale),
    pLands: percent(odds.effect.pLands, locale),
    expectedEffect: effectLands ? decimal(expected, 1, locale) : "\u2014",
    effectLands,
    notes,
  };
}

/** The range select (only with a weapon, where ranges cost dice): each range with the dice it costs this weapon. */
function rangeView(ruleset: Ruleset, weapon: Weapon | undefined, range: string | null): RollDialogView["range"] {
  if (!ruleset.rangePenalties) return { shown: false, options: [] };
  return {
    shown: weapon !== undefined,
    options: weapon
      ? ruleset.ranges.map((r) => {
          const cost = (weapon.ranges.includes(r.id) ? 0 : 1) + (r.close && hasTag(weapon, "unhandy") ? 1 : 0);
          return {
            value: r.id,
            labelKey: r.labelKey,
            selected: r.id === range,
            penalty: cost > 0 ? signedDice(-cost) : "",
          };
        })
      : [],
  };
}

/**
 * The approach tier select (without a weapon, or over its row: R-V-12, §13 ruling 15, the GM's reading as
 * the position is); with a weapon otherwise, its tier as text.
 */
function tierView(
  ruleset: Ruleset,
  weapon: Weapon | undefined,
  rank: TierRank,
  settings: RollDialogSettings,
): RollDialogView["tier"] {
  const tiers = ruleset.effect.tiers;
  const labelOf = (r: TierRank): string => tiers.find((t) => t.rank === r)?.labelKey ?? "TERRAN.Dialog.tier.label";
  const shown = weapon === undefined || approachOverWeapon(ruleset);
  const noteKey = settings.isGM ? "TERRAN.Dialog.tier.weaponRowGM" : "TERRAN.Dialog.tier.weaponRow";
  return {
    shown,
    options: shown ? tierOptions(ruleset.effect, rank).map((t) => ({ ...t, value: String(t.rank) })) : [],
    labelKey: labelOf(rank),
    weapon: weapon && shown ? { labelKey: labelOf(weapon.rank), noteKey } : null,
  };
}

/** The whole dialog for a subject, the user's choices and the settings. Never throws for any choices. */
export function rollDialogModel(
  subject: RollDialogSubject,
  choices: RollDialogChoices,
  settings: RollDialogSettings,
): RollDialogView {
  const { ruleset, target } = subject;
  const reading = readCharacter(subject.state);
  const weapon = ruleWeapon(subject);
  const normalised = normalise(subject, reading, weapon, choices, settings);
  const chosen = normalised.choices;
  const darkMax = darkMaxOf(settings);
  const pool = dialogPool(subject, reading, weapon, chosen, darkMax);
  const { rank, tags, slaughter, odds, oddsAt } = dialogEffect(subject, reading, weapon, chosen, pool, settings);
  const reason = rollBlocked(reading, pool);
  const order = effectOrder({
    fast: reading.flags.has("effectFirst"),
    nimble: hasTag(weapon, "nimble"),
    slow: reading.flags.has("effectLast"),
  });
  const whirlwindOwned = reading.flags.has("whirlwind");
  const reaction = target.kind === "save";

  return {
    title: {
      labelKey: pool.baseLabel,
      weaponName: subject.weapon ? subject.weapon.name : null,
      kindKey: reaction ? "TERRAN.Dialog.kind.reaction" : "TERRAN.Dialog.kind.riskyAction",
    },
    reaction,
    base: { labelKey: pool.baseLabel, dice: pool.base, rule: reaction ? "R-RA-8" : "R-POOL-1" },
    lines: modifierRows(pool, reading, target, new Set(chosen.ticked)),
    ignored: reading.ignored,
    skills: skillsView(subject, chosen.skills),
    position: positionView(ruleset, chosen.position, settings, normalised.positionCorrected),
    raw: pool.raw,
    rawSigned: String(pool.raw).replace("-", MINUS),
    light: pool.light,
    clamp: { reason: pool.clamp, message: clampMessage(pool.clamp, pool.raw, reading.mortallyWounded) },
    mortallyWounded: reading.mortallyWounded,
    dark: darkView(chosen.dark, darkMax, normalised.darkCorrected),
    advisor: dialogAdvisor(darkMax, oddsAt, chosen.dark, settings),
    dice: {
      light: Array.from({ length: pool.light }, (_, i) => i + 1),
      dark: Array.from({ length: pool.dark }, (_, i) => i + 1),
    },
    ego: egoView(reading, odds, settings.locale),
    chances: chancesView(odds, oddsNotes(pool, odds, target, chosen, settings), settings.locale),
    order: { value: order, labelKey: `TERRAN.Order.${order}` },
    range: rangeView(ruleset, weapon, chosen.range),
    tier: tierView(ruleset, weapon, rank, settings),
    hindered: { shown: reading.heavy, checked: chosen.hindered },
    combat: { shown: whirlwindOwned, checked: chosen.combat },
    specialist: {
      shown: specialistOffered(subject, reading),
      checked: chosen.specialist,
      specialties: reading.specialties.join(", "),
    },
    messageModes: MESSAGE_MODES.map((mode) => ({
      value: mode,
      labelKey: `TERRAN.Dialog.messageMode.${mode}`,
      selected: mode === chosen.messageMode,
    })),
    roll: { disabled: reason !== null, reason },

    choices: chosen,
    pool,
    odds,
    slaughter,
    rank,
    effectTags: tags,
    egoAtThrow: reading.ego,
    sayonara: reading.sayonara,
    whirlwind: whirlwindOwned && chosen.combat,
    specialistApplies: chosen.specialist,
    messageMode: chosen.messageMode,
  };
}
