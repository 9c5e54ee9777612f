/**
 * What Token Action HUD shows for one actor (pure): the world's ruleset decides the list, and each control is
 * offered where the sheet draws it and closed, with the sheet's reason, where it closes it. The Fortune die is
 * a GM's only (R-FORT-1: no sheet offers it). An action's id is the value handed back on a click
 * ("kind|argument").
 */
import type { Ruleset } from "../../../rules/index.ts";
import type { ButtonView, Message } from "../../sheets/common.ts";

/** In the order of its tabs. */
export const HUD_GROUPS = ["attributes", "saves", "gear", "moves", "effects", "disposition"] as const;
export type HudGroup = (typeof HUD_GROUPS)[number];

/** `key` with `data` for its placeholders, or a name as typed. */
export type HudLabel =
  { readonly key: string; readonly data?: Readonly<Record<string, string>> } | { readonly text: string };

export interface HudAction {
  /** Stable across builds: the HUD remembers a user's hidden actions by it. */
  readonly id: string;
  readonly group: HudGroup;
  readonly label: HudLabel;
  readonly img?: string;
  /** A Disposition's "value/max". */
  readonly info?: string;
  /** The sheet's tooltip: the HUD greys the action, and a click only says why. */
  readonly refusal?: Message;
  /** Core shows no tooltip unless given one. */
  readonly hint?: Message;
}

export interface HudWeapon {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly roll: ButtonView;
}

export interface HudTrack {
  readonly value: number;
  readonly max: number;
}

/** From the sheet's context: the buttons the HUD mirrors. */
export type HudInput =
  | {
      readonly kind: "character";
      /** By what they roll (`finesse`, `save:insight`). */
      readonly rolls: ReadonlyMap<string, ButtonView>;
      readonly weapons: readonly HudWeapon[];
      /** R-ADV-1 / R-ADV-2 / R-SAY-1 null while the sheet shows none. */
      readonly endScene: ButtonView | null;
      /** Button null when the sheet draws none. */
      readonly moves: readonly { readonly id: string; readonly labelKey: string; readonly button: ButtonView | null }[];
      /** R-FORT-1 */
      readonly gm: boolean;
    }
  | {
      readonly kind: "challenge";
      readonly disposition: HudTrack;
      readonly roll: ButtonView;
      readonly facets: readonly { readonly name: string; readonly disposition: HudTrack; readonly roll: ButtonView }[];
    };

/** Core's constants.mjs `DELIMITER`. */
export const DELIMITER = "|";

const ROLL = "roll";
const MOVE = "move";
const EFFECT = "effect";
const DISPOSITION = "disposition";
export const FORTUNE = "fortune";
export const END_SCENE = "endScene";

const encode = (kind: string, argument = ""): string => `${kind}${DELIMITER}${argument}`;

/** A closed one carries its reason, an open one its hint. */
const stateOf = (button: ButtonView): Pick<HudAction, "refusal" | "hint"> =>
  button.disabled ? { refusal: button.tooltip } : { hint: button.tooltip };

/** If the sheet draws it. */
function rollAction(
  input: Extract<HudInput, { kind: "character" }>,
  what: string,
  group: HudGroup,
  label: HudLabel,
): HudAction[] {
  const button = input.rolls.get(what);
  return button ? [{ id: encode(ROLL, what), group, label, ...stateOf(button) }] : [];
}

/** In the sheet's order. */
function characterActions(ruleset: Ruleset, input: Extract<HudInput, { kind: "character" }>): HudAction[] {
  const attributes = ruleset.attributes.list.flatMap((a) => rollAction(input, a.id, "attributes", { key: a.labelKey }));
  const saves = ruleset.attributes.saves
    ? ruleset.attributes.groups.flatMap((g) => rollAction(input, `save:${g.id}`, "saves", { key: g.saveLabelKey }))
    : [];
  const gear = input.weapons.map((w): HudAction => ({
    id: encode(ROLL, w.id),
    group: "gear",
    label: { text: w.name },
    img: w.img,
    ...stateOf(w.roll),
  }));
  const moves = input.moves.flatMap((m): HudAction[] =>
    m.button ? [{ id: encode(MOVE, m.id), group: "moves", label: { key: m.labelKey }, ...stateOf(m.button) }] : [],
  );
  const scene: HudAction[] = input.endScene
    ? [
        {
          id: encode(END_SCENE),
          group: "moves",
          label: { key: "TERRAN.Activation.endScene" },
          ...stateOf(input.endScene),
        },
      ]
    : [];
  const fortune: HudAction[] = input.gm
    ? [{ id: encode(FORTUNE), group: "moves", label: { key: "TERRAN.Hud.fortune" } }]
    : [];
  return [...attributes, ...saves, ...gear, ...moves, ...scene, ...fortune];
}

const trackText = (t: HudTrack): string => `${t.value}/${t.max}`;

/** Its Effect and each facet's, then the Dispositions (shown only). */
function challengeActions(input: Extract<HudInput, { kind: "challenge" }>): HudAction[] {
  const rollKey = "TERRAN.Sheet.Challenge.roll";
  const dispositionKey = "TERRAN.Hud.disposition";
  const forFacet = (key: string, name: string): HudLabel => ({ key, data: { name } });
  const effects: HudAction[] = [
    { id: encode(EFFECT), group: "effects", label: { key: rollKey }, ...stateOf(input.roll) },
    ...input.facets.map((f, i): HudAction => ({
      id: encode(EFFECT, String(i)),
      group: "effects",
      label: forFacet("TERRAN.Hud.effectFor", f.name),
      ...stateOf(f.roll),
    })),
  ];
  const dispositions: HudAction[] = [
    {
      id: encode(DISPOSITION),
      group: "disposition",
      label: { key: dispositionKey },
      info: trackText(input.disposition),
    },
    ...input.facets.map((f, i): HudAction => ({
      id: encode(DISPOSITION, String(i)),
      group: "disposition",
      label: forFacet("TERRAN.Hud.dispositionFor", f.name),
      info: trackText(f.disposition),
    })),
  ];
  return [...effects, ...dispositions];
}

export function hudActions(ruleset: Ruleset, input: HudInput): HudAction[] {
  return input.kind === "character" ? characterActions(ruleset, input) : challengeActions(input);
}

/** Null for anything this system did not make. */
export type HudCommand =
  | { readonly kind: "roll"; readonly what: string }
  | { readonly kind: "move"; readonly move: string }
  | { readonly kind: "endScene" }
  | { readonly kind: "fortune" }
  | { readonly kind: "effect"; readonly facet: number | null }
  | { readonly kind: "disposition" };

/** "" is the Challenge itself; undefined when no index. */
function facetIndex(argument: string): number | null | undefined {
  if (argument === "") return null;
  return /^\d{1,3}$/.test(argument) ? Number(argument) : undefined;
}

/** A stale or foreign value is null. */
export function hudCommand(value: string | null | undefined): HudCommand | null {
  if (typeof value !== "string") return null;
  const at = value.indexOf(DELIMITER);
  if (at < 0) return null;
  const kind = value.slice(0, at);
  const argument = value.slice(at + DELIMITER.length);
  if (kind === ROLL && argument !== "") return { kind: "roll", what: argument };
  if (kind === MOVE && argument !== "") return { kind: "move", move: argument };
  if (kind === END_SCENE && argument === "") return { kind: "endScene" };
  if (kind === FORTUNE && argument === "") return { kind: "fortune" };
  const facet = facetIndex(argument);
  if (kind === EFFECT && facet !== undefined) return { kind: "effect", facet };
  if (kind === DISPOSITION && facet !== undefined) return { kind: "disposition" };
  return null;
}
