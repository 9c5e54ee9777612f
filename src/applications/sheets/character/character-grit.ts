/**
 * The pieces of the Grit model's sheet part (R-CHAR-3, R-GRIT-1, R-EGO-1, R-HARM-4): the attribute groups
 * with their Saves, Grit, Ego and the wound tracks. Pure; applications/health/grit-sheet.ts builds the part.
 */
import {
  ATTRIBUTE_MAX,
  ATTRIBUTE_TOTAL_CAP,
  attributeTotal,
  egoDiceCount,
  EGO_MAX,
  gritDiceCount,
  GROUP_ATTRIBUTES,
  GROUPS,
  SAVE_MAX,
  totalWith,
  WOUND_GROUP,
  WOUND_TRACKS,
  woundPenaltyTrack,
  type Attribute,
  type Attributes,
  type Group,
  type MechanicsFlag,
  type PanicMark,
  type Ruleset,
  type WoundTrack,
  saveLabelKey,
} from "../../../rules/index.ts";
import type { CharacterDerived } from "../../../data/derived.ts";
import type { CharacterSource } from "../../../data/source.ts";
import { button, message, percentOf, type ButtonView, type Message } from "../common.ts";
import type { Gate } from "./character-context.ts";
import { lightFor, rollView } from "./character-rolls.ts";
import {
  ratingCircle,
  type CircleView,
  type CreationView,
  type GroupView,
  type HealthMainView,
  type SaveBadgeView,
  type TrackView,
  type WoundView,
} from "./character-views.ts";

export interface GritMainView extends HealthMainView {
  readonly groups: readonly GroupView[];
  readonly attributeTotal: { readonly value: number; readonly cap: number; readonly text: Message };
  readonly grit: TrackView & { readonly rest: ButtonView };
  /** `reset` null: the ruleset has no reset at will (R-V-8). */
  readonly ego: TrackView & {
    readonly reset: ButtonView | null;
    readonly resetLabelKey: string;
    /** R-V-8 the Panic's state until the scene ends. */
    readonly panicKey: string | null;
  };
  readonly wounds: readonly WoundView[];
  /** The tracks' heading: Wounds, or v0.6.2's Trauma (R-V-7). */
  readonly woundsLabelKey: string;
  readonly mortallyWounded: boolean;
  readonly creation: CreationView;
}

/** R-CHAR-5 why setting `attribute` to `value` is refused (the six together would pass 10), or null. */
function ratingRefusal(attributes: Attributes, attribute: Attribute, value: number): Message | null {
  return totalWith(attributes, attribute, value) > ATTRIBUTE_TOTAL_CAP
    ? message("TERRAN.Sheet.Disabled.attributeTotal", ATTRIBUTE_TOTAL_CAP)
    : null;
}

function circlesOf(source: CharacterSource, attribute: Attribute, g: Gate, lock: Message | null): CircleView[] {
  const value = source.attributes[attribute];
  return Array.from({ length: ATTRIBUTE_MAX }, (_, i) => {
    const { hint, ...circle } = ratingCircle(i + 1, value, "TERRAN.Sheet.Attributes.setRating");
    const over = ratingRefusal(source.attributes, attribute, circle.sets);
    return { ...circle, fenced: circle.index === 1, button: button(hint, g.notEditable, lock, over) };
  });
}

/** R-HARM-4 the note for a track whose penalty an advancement cancels (Could be worse, Unyielding), or null. */
function ignoredMessage(track: WoundTrack, flags: ReadonlySet<MechanicsFlag>): Message | null {
  if (track === "broken" && flags.has("ignoreBroken")) return message("TERRAN.Sheet.Wounds.ignoredBroken");
  if (track === "weary" && flags.has("ignoreWeary")) return message("TERRAN.Sheet.Wounds.ignoredWeary");
  return null;
}

/** The note under a group: its marked track whose penalty is cancelled, or null. */
function ignoredNote(source: CharacterSource, group: Group, flags: ReadonlySet<MechanicsFlag>): Message | null {
  const track = WOUND_TRACKS.find(
    (t) => WOUND_GROUP[t] === group && source.wounds[t] && ignoredMessage(t, flags) !== null,
  );
  return track ? ignoredMessage(track, flags) : null;
}

/**
 * R-CHAR-3 R-HARM-4 what the badge beside a Save counts: the Save, and the Light Dice its Reaction starts
 * with when a wound or a modifier changes them ("Save 1 → 0d while Stressed").
 */
function saveBadge(save: number, light: number, track: WoundTrack | null): SaveBadgeView {
  if (light === save) return { key: "TERRAN.Sheet.Roll.saveDicePlain", reasonKey: null };
  if (track) return { key: "TERRAN.Sheet.Roll.saveDice", reasonKey: `TERRAN.Wound.${track}` };
  return { key: "TERRAN.Sheet.Roll.saveDiceChanged", reasonKey: null };
}

/** `lock`: why the ratings are closed now (play mode outside creation), or null. */
export function groupsOf(
  ruleset: Ruleset,
  source: CharacterSource,
  derived: CharacterDerived,
  g: Gate,
  lock: Message | null,
): GroupView[] {
  return GROUPS.map((group) => {
    const track = woundPenaltyTrack(source.wounds, group, {
      ignoreBroken: derived.flags.has("ignoreBroken"),
      ignoreWeary: derived.flags.has("ignoreWeary"),
    });
    const save = derived.saves[group];
    const saveLight = lightFor(ruleset, source, derived, { kind: "save", group });
    return {
      id: group,
      labelKey: `TERRAN.Group.${group}`,
      attributes: GROUP_ATTRIBUTES[group].map((attribute) => ({
        id: attribute,
        labelKey: `TERRAN.Attribute.${attribute}`,
        value: source.attributes[attribute],
        circles: circlesOf(source, attribute, g, lock),
        roll: rollView(
          attribute,
          lightFor(ruleset, source, derived, { kind: "attribute", attribute }),
          message("TERRAN.Sheet.Roll.attribute"),
          g,
        ),
      })),
      save: {
        labelKey: saveLabelKey(ruleset, group),
        value: save,
        max: SAVE_MAX,
        pips: Array.from({ length: SAVE_MAX }, (_, i) => ({ filled: i < save })),
        roll: rollView(`save:${group}`, saveLight, message("TERRAN.Sheet.Roll.save"), g),
        badge: saveBadge(save, saveLight, track),
      },
      penalty: track ? message(`TERRAN.Sheet.Wounds.penalty.${track}`) : null,
      ignored: ignoredNote(source, group, derived.flags),
    };
  });
}

/** R-HARM-4 the wound tracks: marked or not, their group's effect, a cancelled penalty, and the toggle. */
export function woundsOf(system: CharacterSource, flags: ReadonlySet<MechanicsFlag>, g: Gate): WoundView[] {
  return WOUND_TRACKS.map((track) => {
    const group = WOUND_GROUP[track];
    return {
      id: track,
      labelKey: `TERRAN.Wound.${track}`,
      marked: system.wounds[track],
      effect: message(`TERRAN.Sheet.Wounds.effect.${group}`),
      ignored: ignoredMessage(track, flags),
      toggle: button(
        message(system.wounds[track] ? "TERRAN.Sheet.Wounds.recover" : "TERRAN.Sheet.Wounds.mark"),
        g.notEditable,
        g.dead,
      ),
    };
  });
}

/** R-CHAR-5 the six ratings' total against the cap of 10. */
export function attributeTotalOf(system: CharacterSource): GritMainView["attributeTotal"] {
  return {
    value: attributeTotal(system.attributes),
    cap: ATTRIBUTE_TOTAL_CAP,
    text: message("TERRAN.Sheet.Attributes.total", `${attributeTotal(system.attributes)} / ${ATTRIBUTE_TOTAL_CAP}`),
  };
}

/**
 * R-GRIT-1 R-EGO-1 "rolls 2d", saying where a die the stored count lacks comes from: the one advancement
 * that changes the count (Die Hard for Grit, Eager for Ego), as "rolls 2d (Die Hard +1)".
 */
function thrownText(thrown: number, stored: number, advancement: "dieHard" | "eager"): TrackView["thrownText"] {
  if (thrown === stored) return { key: "TERRAN.Sheet.Track.thrown", value: thrown, source: null, diff: "" };
  const diff = thrown - stored;
  return {
    key: "TERRAN.Sheet.Track.thrownFrom",
    value: thrown,
    source: `TERRAN.Adv.${advancement}`,
    diff: diff > 0 ? `+${diff}` : `\u2212${-diff}`,
  };
}

/** Grit: its track, the dice a rest throws (Die Hard adds one), and the rest button. */
export function gritOf(system: CharacterSource, flags: ReadonlySet<MechanicsFlag>, g: Gate): GritMainView["grit"] {
  return {
    value: system.grit.value,
    max: system.grit.max,
    dice: system.grit.dice,
    thrown: gritDiceCount(system.grit.dice, { dieHard: flags.has("dieHard") }),
    thrownText: thrownText(
      gritDiceCount(system.grit.dice, { dieHard: flags.has("dieHard") }),
      system.grit.dice,
      "dieHard",
    ),
    percent: percentOf(system.grit.value, system.grit.max),
    limits: { valueMax: system.grit.max, maxMax: 99 },
    rest: button(message("TERRAN.Sheet.Grit.restHint"), g.notEditable, g.dead),
  };
}

/** Ego: its track, the dice a reset throws (Eager changes them), and the ruleset's reset button. */
export function egoOf(
  system: CharacterSource,
  ruleset: Ruleset,
  flags: ReadonlySet<MechanicsFlag>,
  g: Gate,
  panic: PanicMark | null = null,
): GritMainView["ego"] {
  return {
    value: system.ego.value,
    max: system.ego.max,
    dice: system.ego.dice,
    thrown: egoDiceCount(system.ego.dice, flags.has("eager")),
    thrownText: thrownText(egoDiceCount(system.ego.dice, flags.has("eager")), system.ego.dice, "eager"),
    percent: percentOf(system.ego.value, system.ego.max),
    limits: { valueMax: system.ego.max, maxMax: EGO_MAX },
    reset:
      ruleset.egoReset.length === 0
        ? null
        : button(message(`TERRAN.Sheet.Ego.resetHint.${ruleset.id}`), g.notEditable, g.dead, g.lost),
    resetLabelKey: ruleset.egoReset.length === 0 ? "" : `TERRAN.Sheet.Ego.reset.${ruleset.id}`,
    panicKey: panic ? `TERRAN.Panic.sheet.${panic.state}` : null,
  };
}

/** R-XP-2 the next advancement's cost, bought with XP. */
export function gritXpOf(system: CharacterSource, derived: CharacterDerived): HealthMainView["xp"] {
  return {
    text:
      derived.nextAdvancementCost === 0
        ? message("TERRAN.Sheet.Xp.free")
        : message("TERRAN.Sheet.Xp.next", derived.nextAdvancementCost),
    affordable: system.xp >= derived.nextAdvancementCost,
  };
}
