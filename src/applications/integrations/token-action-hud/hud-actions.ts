/**
 * What the Token Action HUD shows for one actor (the pure half, no Foundry): the world's ruleset
 * decides the list. A character: its attributes (R-RA-1 a Risky Action), its Saves where the ruleset
 * has them (R-CHAR-3, a Reaction), its weapons and tools (R-EQ-1; in Legacy the Effect is rolled apart,
 * R-LEG-11), its health model's controls (src/applications/health/moves.ts), the end of the scene while
 * activated advancements last or the character is in their last scene (R-ADV-1, R-ADV-2, R-SAY-1), and
 * for a GM the Fortune die (R-FORT-1: the GM sets the chance and rolls; no sheet offers it, so the HUD
 * offers it to a GM only). A Challenge: Roll Effect for it and each facet (R-CH-2, R-CH-5; R-LEG-10 how
 * many gang up is asked by the control itself) and its Disposition, shown (R-CH-1).
 *
 * Each control is offered only where the sheet draws it, and closed where the sheet closes it, for the
 * sheet's reason: the input carries the sheet's own buttons (its context builder decides, once), and a
 * closed one becomes an action with a `refusal`.
 *
 * An action's id is also the value the HUD hands back on a click ("kind|argument", Token Action HUD's
 * delimiter): ./run.ts reads it and calls the sheet's own entry point.
 */
import type { Ruleset } from "../../../rules/index.ts";
import type { ButtonView, Message } from "../../sheets/common.ts";

/** The HUD's groups, in the order of its tabs. */
export const HUD_GROUPS = ["attributes", "saves", "gear", "moves", "effects", "disposition"] as const;
export type HudGroup = (typeof HUD_GROUPS)[number];

/** A label to localise (`key` with `data` for its placeholders), or a name as typed (an item's, a facet's). */
export type HudLabel =
  { readonly key: string; readonly data?: Readonly<Record<string, string>> } | { readonly text: string };

export interface HudAction {
  /** Unique for the actor, stable across builds (the HUD remembers a user's hidden actions by it). */
  readonly id: string;
  readonly group: HudGroup;
  readonly label: HudLabel;
  readonly img?: string;
  /** A value shown beside the name (a Disposition's "value/max"). */
  readonly info?: string;
  /**
   * Why the sheet's control is closed now (its tooltip): the HUD shows the action greyed, and a click only says why.
   */
  readonly refusal?: Message;
  /** The open control's tooltip on the sheet (what it does): Core shows no tooltip unless given one. */
  readonly hint?: Message;
}

export interface HudWeapon {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  /** The row's roll button on the sheet. */
  readonly roll: ButtonView;
}

export interface HudTrack {
  readonly value: number;
  readonly max: number;
}

/** What the list is built from: the actor's kind and, from its sheet's context, the buttons the HUD mirrors. */
export type HudInput =
  | {
      readonly kind: "character";
      /** The sheet's roll buttons for attributes and Saves, by what they roll (`finesse`, `save:insight`). */
      readonly rolls: ReadonlyMap<string, ButtonView>;
      readonly weapons: readonly HudWeapon[];
      /** The sheet's End the scene (R-ADV-1, R-ADV-2, R-SAY-1), or null while the sheet shows none. */
      readonly endScene: ButtonView | null;
      /** The health model's controls (id, the sheet's label, and its button: null when the sheet draws none). */
      readonly moves: readonly { readonly id: string; readonly labelKey: string; readonly button: ButtonView | null }[];
      /** The viewer is a GM (R-FORT-1 the Fortune die is theirs). */
      readonly gm: boolean;
    }
  | {
      readonly kind: "challenge";
      readonly disposition: HudTrack;
      /** The sheet's Roll Effect for the Challenge itself. */
      readonly roll: ButtonView;
      readonly facets: readonly { readonly name: string; readonly disposition: HudTrack; readonly roll: ButtonView }[];
    };

/** The separator Token Action HUD Core uses in encoded values (its constants.mjs `DELIMITER`). */
export const DELIMITER = "|";

const ROLL = "roll";
const MOVE = "move";
const EFFECT = "effect";
const DISPOSITION = "disposition";
export const FORTUNE = "fortune";
export const END_SCENE = "endScene";

const encode = (kind: string, argument = ""): string => `${kind}${DELIMITER}${argument}`;

/** The sheet's state of a control: a closed one carries its reason, an open one its hint. */
const stateOf = (button: ButtonView): Pick<HudAction, "refusal" | "hint"> =>
  button.disabled ? { refusal: button.tooltip } : { hint: button.tooltip };

/** A roll of the sheet's, if the sheet draws it. */
function rollAction(
  input: Extract<HudInput, { kind: "character" }>,
  what: string,
  group: HudGroup,
  label: HudLabel,
): HudAction[] {
  const button = input.rolls.get(what);
  return button ? [{ id: encode(ROLL, what), group, label, ...stateOf(button) }] : [];
}

/** The actions of a character, in the sheet's order. */
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

/** The actions of a Challenge: its Effect and each facet's, then the Dispositions (shown only). */
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

/** Everything the HUD offers for this actor under `ruleset`. */
export function hudActions(ruleset: Ruleset, input: HudInput): HudAction[] {
  return input.kind === "character" ? characterActions(ruleset, input) : challengeActions(input);
}

/** What a click asks for, read back from an action's id; null for anything this system did not make. */
export type HudCommand =
  | { readonly kind: "roll"; readonly what: string }
  | { readonly kind: "move"; readonly move: string }
  | { readonly kind: "endScene" }
  | { readonly kind: "fortune" }
  | { readonly kind: "effect"; readonly facet: number | null }
  | { readonly kind: "disposition" };

/** A facet's index ("" is the Challenge itself), or undefined when the text is no index. */
function facetIndex(argument: string): number | null | undefined {
  if (argument === "") return null;
  return /^\d{1,3}$/.test(argument) ? Number(argument) : undefined;
}

/** Reads a clicked action's value; a value not of this list (a stale or foreign one) is null. */
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
