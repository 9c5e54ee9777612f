/**
 * The system's Foundry Tours as data: each step's lang keys, the element it points at and its stage. A
 * `selector` is INSIDE its stage (the tour prefixes the window or message it opened), always a `data-*` hook
 * our templates draw but for the ruleset step in Foundry's settings; tests/browser/tours.browser.test.ts fails
 * on one that matches nothing.
 */
import { SYSTEM_ID } from "../../system-id.ts";

/** The kinds' `data-card` values (chat/card-kinds.ts). */
export type TourCard = "risky" | "legacyRisky" | "legacyEffect";

/** Opened as the user's own control would, and closed after. */
export type TourStage =
  | { readonly kind: "center" }
  /** A player's assigned or first owned character. */
  | { readonly kind: "sheet" }
  /** For the first attribute (the world's resolution decides which). */
  | { readonly kind: "roll-dialog" }
  /** The newest of this kind posted for the user's character. */
  | { readonly kind: "card"; readonly card: TourCard }
  /** On the system's tab. */
  | { readonly kind: "settings" }
  | { readonly kind: "challenge-sheet" }
  /** See applications/gm/commands.ts. */
  | { readonly kind: "gm-dialog"; readonly dialog: "request" | "session" };

export interface TerranTourStep {
  readonly id: string;
  /** Foundry localises them when it draws the step. */
  readonly title: string;
  readonly content: string;
  /** Absent: the middle of the screen. */
  readonly selector?: string;
  readonly stage: TourStage;
  /** Instead of `content` when the stage cannot be shown. */
  readonly missing?: string;
}

export interface TerranTourDefinition {
  readonly id: TourId;
  readonly title: string;
  readonly description: string;
  /** Foundry hides it from players. */
  readonly restricted: boolean;
  readonly steps: readonly TerranTourStep[];
}

export type TourId = "first-action" | "first-action-legacy" | "table-tools";

const CENTER: TourStage = { kind: "center" };
const SHEET: TourStage = { kind: "sheet" };
const DIALOG: TourStage = { kind: "roll-dialog" };

/** `TERRAN.Tour.<group>.<step>.title` and `.content`. */
function keys(group: string, step: string): { title: string; content: string } {
  return { title: `TERRAN.Tour.${group}.${step}.title`, content: `TERRAN.Tour.${group}.${step}.content` };
}

const NO_CHARACTER = "TERRAN.Tour.missing.character";
const NO_CARD = "TERRAN.Tour.missing.card";
/** Said in the middle when a step's element is not found: the tour goes on. */
export const NOT_FOUND = "TERRAN.Tour.missing.element";

/** It says so when there is none. */
function cardStep(group: string, id: string, selector: string, card: TourCard): TerranTourStep {
  return { id, ...keys(group, id), selector, stage: { kind: "card", card }, missing: NO_CARD };
}

/** The dialogs differ, their hooks do not. */
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

/** Core and Degenesis (R-RA-1 … R-RA-3). */
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

/** Legacy (R-LEG-9, R-LEG-11). */
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

/** The ruleset, a Challenge and its forecast, a roll request, the end of session. */
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

/** Titles, descriptions, steps and their fallbacks. */
export function tourLangKeys(): string[] {
  const all = Object.values(TOURS).flatMap((tour) => [
    tour.title,
    tour.description,
    ...tour.steps.flatMap((s) => [s.title, s.content, ...(s.missing ? [s.missing] : [])]),
  ]);
  return [...new Set([...all, NOT_FOUND])];
}
