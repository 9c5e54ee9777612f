/**
 * The roll dialog's choices (see ./roll-dialog-model.ts): reading the character, normalising what the
 * user chose (whole numbers, clamped, unknown ids dropped, each correction explained), the choices a
 * dialog opens with, and one change at a time. Pure.
 */
import {
  ATTRIBUTE_MAX,
  DEFAULT_DARK_MAX,
  DEFAULT_TIER_RANK,
  EGO_MAX,
  TIER_RANKS,
  assertDiceModifier,
  isMechanicsFlag,
  modifierApplies,
  readSceneEffects,
  type Attributes,
  type DiceModifier,
  type Ruleset,
  type TierRank,
  type Weapon,
  type Wounds,
} from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import type { ItemSnapshot } from "../../data/source.ts";
import type { CharacterState } from "../../documents/operations/types.ts";
import { isMessageMode } from "../../compat/generation.ts";
import {
  message,
  POSITION_LIMIT,
  type DialogAction,
  type DialogField,
  type DialogMessage,
  type RollDialogChoices,
  type RollDialogSettings,
  type RollDialogSubject,
} from "./roll-dialog-types.ts";

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

/** No world setting takes the Dark Dice stepper past this (the setting itself offers 1–30). */
export const DARK_MAX_LIMIT = 100;

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
  for (const item of items) {
    if (item.type !== "advancement" && item.type !== "condition") continue;
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

  const wantedPosition = whole(raw.position, 0);
  const position = clampInt(wantedPosition, -POSITION_LIMIT, POSITION_LIMIT);
  const positionCorrected =
    position !== wantedPosition ? message("TERRAN.Dialog.position.limited", POSITION_LIMIT) : null;

  const known = new Set(
    reading.modifiers
      .filter((m) => m.modifier.situational && modifierApplies(m.modifier, subject.target))
      .map((m) => m.modifier.id),
  );
  const tickedIn: readonly unknown[] = Array.isArray(raw.ticked) ? raw.ticked : [];
  const ticked = [...new Set(tickedIn.filter((k): k is string => typeof k === "string" && known.has(k)))];

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
      range,
      hindered: reading.heavy && raw.hindered === true,
      rank: weapon ? weapon.rank : asRank(raw.rank, DEFAULT_TIER_RANK),
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
      range: null,
      hindered: false,
      rank: DEFAULT_TIER_RANK,
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
  | { readonly action: Exclude<DialogAction, "roll" | "toggleModifier"> }
  | { readonly action: "toggleModifier"; readonly key: string }
  | { readonly field: DialogField; readonly value: unknown };

/** The choices after one change: a stepper, a ticked modifier, or a form field's new value. */
export function applyChange(
  subject: RollDialogSubject,
  choices: RollDialogChoices,
  change: DialogChange,
  settings: RollDialogSettings,
): RollDialogChoices {
  const next: RollDialogChoices = { ...choices, ticked: [...(Array.isArray(choices.ticked) ? choices.ticked : [])] };
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
      case "toggleModifier":
        next.ticked = next.ticked.includes(change.key)
          ? next.ticked.filter((k) => k !== change.key)
          : [...next.ticked, change.key];
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
