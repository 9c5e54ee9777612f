/**
 * The system's Foundry Tours as plain data: each step's lang keys, the element it points at and what must
 * be on screen for it (its stage). Three tours: a first Risky Action for the combined resolution (Core,
 * Degenesis: Precision and Effect from one throw, R-RA-1 … R-RA-3), the same first action for the
 * separate resolution (Legacy: the outcome, then an Effect roll of its own, R-LEG-9, R-LEG-11), and the
 * GM's table tools (the ruleset, a Challenge and its forecast, a roll request, the end of session).
 *
 * A step's `selector` is the element INSIDE its stage: the tour (./terran-tour.ts) prefixes the window or
 * chat message it opened or found, so a second sheet on screen is never the one highlighted. Every
 * selector is a `data-*` hook our templates render (`templates/`); the sandbox test
 * (tests/browser/tours.browser.test.ts) opens each stage's scene and fails on one that matches nothing.
 * The one exception is the ruleset step, which points into Foundry's own settings window.
 */
import { SYSTEM_ID } from "../../system-id.ts";

/** The chat cards a step can point into: the kinds' `data-card` values (src/chat/card-kinds.ts). */
export type TourCard = "risky" | "legacyRisky" | "legacyEffect";

/** What a step needs on screen; the tour opens it as the user's own control would, and closes it after. */
export type TourStage =
  | { readonly kind: "center" }
  /** The user's own character's sheet (a player's assigned or first owned character). */
  | { readonly kind: "sheet" }
  /** The roll dialog its sheet opens for the first attribute (the world's resolution decides which). */
  | { readonly kind: "roll-dialog" }
  /** The newest card of this kind in the chat log posted for the user's character. */
  | { readonly kind: "card"; readonly card: TourCard }
  /** Foundry's Game Settings, on the system's tab. */
  | { readonly kind: "settings" }
  /** The first Challenge's sheet. */
  | { readonly kind: "challenge-sheet" }
  /** One of the GM's table tools' dialogs (src/applications/gm/commands.ts). */
  | { readonly kind: "gm-dialog"; readonly dialog: "request" | "session" };

export interface TerranTourStep {
  readonly id: string;
  /** Lang keys: Foundry localises a step's title and content when it draws the step. */
  readonly title: string;
  readonly content: string;
  /** The element inside the stage (absent: the step is shown in the middle of the screen). */
  readonly selector?: string;
  readonly stage: TourStage;
  /** Shown instead of `content` when the stage cannot be put on screen (no character, no card yet, no Challenge). */
  readonly missing?: string;
}

export interface TerranTourDefinition {
  readonly id: TourId;
  readonly title: string;
  readonly description: string;
  /** A GM-only tour (Foundry hides it from players). */
  readonly restricted: boolean;
  readonly steps: readonly TerranTourStep[];
}

export type TourId = "first-action" | "first-action-legacy" | "table-tools";

const CENTER: TourStage = { kind: "center" };
const SHEET: TourStage = { kind: "sheet" };
const DIALOG: TourStage = { kind: "roll-dialog" };

/** A step's lang keys: `TERRAN.Tour.<group>.<step>.title` and `.content`. */
function keys(group: string, step: string): { title: string; content: string } {
  return { title: `TERRAN.Tour.${group}.${step}.title`, content: `TERRAN.Tour.${group}.${step}.content` };
}

const NO_CHARACTER = "TERRAN.Tour.missing.character";
const NO_CARD = "TERRAN.Tour.missing.card";
/** Said in the middle of the screen when a step's element is not found (or its window fails): the tour goes on. */
export const NOT_FOUND = "TERRAN.Tour.missing.element";

/** A step pointing into the user's newest card of kind `card` (it says so when there is none). */
function cardStep(group: string, id: string, selector: string, card: TourCard): TerranTourStep {
  return { id, ...keys(group, id), selector, stage: { kind: "card", card }, missing: NO_CARD };
}

/** The sheet and roll-dialog steps both first-action tours share (the dialogs differ, their hooks do not). */
function sheetAndDialog(group: string): TerranTourStep[] {
  return [
    {
      id: "attributes",
      ...keys(group, "attributes"),
      selector: '[data-tour="attributes"]',
      stage: SHEET,
      missing: NO_CHARACTER,
    },
    {
      id: "roll",
      ...keys(group, "roll"),
      selector: '[data-tour="attributes"] [data-action="roll"]',
      stage: SHEET,
      missing: NO_CHARACTER,
    },
    { id: "pool", ...keys(group, "pool"), selector: '[data-tour="roll-pool"]', stage: DIALOG, missing: NO_CHARACTER },
    { id: "dark", ...keys(group, "dark"), selector: '[data-tour="roll-dark"]', stage: DIALOG, missing: NO_CHARACTER },
    { id: "odds", ...keys(group, "odds"), selector: '[data-tour="roll-odds"]', stage: DIALOG, missing: NO_CHARACTER },
    {
      id: "throw",
      ...keys(group, "throw"),
      selector: '[data-action="roll"]',
      stage: DIALOG,
      missing: NO_CHARACTER,
    },
  ];
}

/** Core and Degenesis: one throw, then Precision and Effect picked on the card, confirmed, applied. */
const FIRST_ACTION: TerranTourDefinition = {
  id: "first-action",
  title: "TERRAN.Tour.firstAction.title",
  description: "TERRAN.Tour.firstAction.description",
  restricted: false,
  steps: [
    { id: "welcome", ...keys("firstAction", "welcome"), stage: CENTER },
    ...sheetAndDialog("firstAction"),
    cardStep("firstAction", "dice", '[data-tour="card-dice"]', "risky"),
    cardStep("firstAction", "confirm", '[data-action="confirm-effect"]', "risky"),
    cardStep("firstAction", "apply", '[data-action="apply-effect"]', "risky"),
    { id: "done", ...keys("firstAction", "done"), stage: CENTER },
  ],
};

/** Legacy: the throw gives the outcome; a success offers an Effect roll per tool, whose card applies it. */
const FIRST_ACTION_LEGACY: TerranTourDefinition = {
  id: "first-action-legacy",
  title: "TERRAN.Tour.firstActionLegacy.title",
  description: "TERRAN.Tour.firstActionLegacy.description",
  restricted: false,
  steps: [
    { id: "welcome", ...keys("firstActionLegacy", "welcome"), stage: CENTER },
    ...sheetAndDialog("firstActionLegacy"),
    cardStep("firstActionLegacy", "outcome", '[data-tour="card-outcome"]', "legacyRisky"),
    cardStep("firstActionLegacy", "effectRoll", '[data-action="roll-effect"]', "legacyRisky"),
    cardStep("firstActionLegacy", "apply", '[data-action="apply-legacy-effect"]', "legacyEffect"),
    { id: "done", ...keys("firstActionLegacy", "done"), stage: CENTER },
  ],
};

/** The GM's table: the ruleset, a Challenge and its forecast, a roll request, the end of session. */
const TABLE_TOOLS: TerranTourDefinition = {
  id: "table-tools",
  title: "TERRAN.Tour.tableTools.title",
  description: "TERRAN.Tour.tableTools.description",
  restricted: true,
  steps: [
    { id: "welcome", ...keys("tableTools", "welcome"), stage: CENTER },
    {
      id: "ruleset",
      ...keys("tableTools", "ruleset"),
      selector: `[name="${SYSTEM_ID}.ruleset"]`,
      stage: { kind: "settings" },
    },
    {
      id: "challenge",
      ...keys("tableTools", "challenge"),
      selector: '[data-tour="challenge"]',
      stage: { kind: "challenge-sheet" },
      missing: "TERRAN.Tour.missing.challenge",
    },
    {
      id: "forecast",
      ...keys("tableTools", "forecast"),
      selector: "[data-forecast-panel]",
      stage: { kind: "challenge-sheet" },
      missing: "TERRAN.Tour.missing.challenge",
    },
    {
      id: "request",
      ...keys("tableTools", "request"),
      selector: '[data-tour="request-roll"]',
      stage: { kind: "gm-dialog", dialog: "request" },
    },
    {
      id: "session",
      ...keys("tableTools", "session"),
      selector: '[data-tour="session-award"]',
      stage: { kind: "gm-dialog", dialog: "session" },
    },
    { id: "done", ...keys("tableTools", "done"), stage: CENTER },
  ],
};

export const TOURS: Readonly<Record<TourId, TerranTourDefinition>> = {
  "first-action": FIRST_ACTION,
  "first-action-legacy": FIRST_ACTION_LEGACY,
  "table-tools": TABLE_TOOLS,
};

/** Every lang key the tours use: titles, descriptions, steps and their fallbacks. */
export function tourLangKeys(): string[] {
  const all = Object.values(TOURS).flatMap((tour) => [
    tour.title,
    tour.description,
    ...tour.steps.flatMap((s) => [s.title, s.content, ...(s.missing ? [s.missing] : [])]),
  ]);
  return [...new Set([...all, NOT_FOUND])];
}
