/**
 * The character's health controls per model, as Token Action HUD lists them: each runs what the sheet's button
 * runs (sheets/character/character-actions.ts) and names that button in the sheet's context, so the HUD offers
 * it as the sheet does, for the sheet's reason. `healthMoves` is this layer's look-up of `ruleset.health.kind`
 * for them.
 */
import type { TerranActor } from "../../documents/actor.ts";
import { recoverLegacy, refillLegacyEgo } from "../../documents/legacy-actions.ts";
import type { Ruleset } from "../../rules/index.ts";
import { harmAsked, restAsked } from "../sheets/character/character-actions.ts";
import type { CharacterFullView } from "../sheets/character/character-views.ts";
import type { ButtonView } from "../sheets/common.ts";

export interface HealthMove {
  /** Names the action: the HUD remembers a player's choices by it. */
  readonly id: string;
  readonly labelKey: string;
  readonly run: (actor: TerranActor) => Promise<unknown>;
  /** Null when the sheet draws none. */
  readonly button: (sheet: CharacterFullView) => ButtonView | null;
}

/** The button the sheet's health part draws for move `id`. */
const drawn =
  (id: string) =>
  (sheet: CharacterFullView): ButtonView | null =>
    sheet.main.moves[id] ?? null;

const GRIT_MOVES = (ruleset: Ruleset): readonly HealthMove[] => [
  { id: "rest", labelKey: "TERRAN.Sheet.Grit.rest", run: restAsked, button: drawn("rest") },
  {
    id: "resetEgo",
    labelKey: `TERRAN.Sheet.Ego.reset.${ruleset.id}`,
    run: (actor) => actor.resetEgo(),
    button: drawn("resetEgo"),
  },
];

const HP_MOVES: readonly HealthMove[] = [
  {
    id: "night",
    labelKey: "TERRAN.Sheet.Legacy.night",
    run: (actor) => recoverLegacy(actor, "night"),
    button: drawn("night"),
  },
  {
    id: "week",
    labelKey: "TERRAN.Sheet.Legacy.week",
    run: (actor) => recoverLegacy(actor, "week"),
    button: drawn("week"),
  },
  {
    id: "refill",
    labelKey: "TERRAN.Sheet.Legacy.refill",
    run: refillLegacyEgo,
    button: drawn("refill"),
  },
  {
    id: "harm",
    labelKey: "TERRAN.Sheet.Legacy.harm",
    run: harmAsked,
    button: drawn("harm"),
  },
];

const MOVES: Readonly<Record<Ruleset["health"]["kind"], (ruleset: Ruleset) => readonly HealthMove[]>> = {
  grit: GRIT_MOVES,
  hp: () => HP_MOVES,
};

/** In the sheet's order. */
export function healthMoves(ruleset: Ruleset): readonly HealthMove[] {
  return MOVES[ruleset.health.kind](ruleset);
}
