/**
 * The character's own health controls per health model, as the Token Action HUD lists them: with Grit
 * (Core, Degenesis) Rest (R-GRIT-2) and the Ego reset (R-EGO-4, R-EGO-5); with hit points (Legacy) a good night
 * and a week of care (R-LEG-5), Take a Condition for Ego (R-LEG-7) and Take harm (R-LEG-4 … R-LEG-6).
 * Each runs what the sheet's button runs (src/applications/sheets/character/character-actions.ts and
 * the actor's moves), so the same questions are asked and the same refusals explained; and each names
 * its button in the sheet's context (`button`), so the HUD offers it enabled or disabled as the sheet
 * does, for the sheet's reason (the wounds, full Ego, a lost or dead character), written once in the
 * context builder. `healthMoves` is this layer's look-up of `ruleset.health.kind` for them.
 */
import type { TerranActor } from "../../documents/actor.ts";
import { recoverLegacy, refillLegacyEgo } from "../../documents/legacy-actions.ts";
import type { Ruleset } from "../../rules/index.ts";
import { harmAsked, restAsked } from "../sheets/character/character-actions.ts";
import type { CharacterFullView } from "../sheets/character/character-views.ts";
import type { ButtonView } from "../sheets/common.ts";

export interface HealthMove {
  /** Stable within the model: it names the action (the HUD remembers a player's choices by it). */
  readonly id: string;
  /** The sheet's own label for the button. */
  readonly labelKey: string;
  readonly run: (actor: TerranActor) => Promise<unknown>;
  /** The sheet's button for it, read from the sheet's context (null when the sheet draws none). */
  readonly button: (sheet: CharacterFullView) => ButtonView | null;
}

const GRIT_MOVES = (ruleset: Ruleset): readonly HealthMove[] => [
  { id: "rest", labelKey: "TERRAN.Sheet.Grit.rest", run: restAsked, button: (sheet) => sheet.grit.rest },
  {
    id: "resetEgo",
    labelKey: `TERRAN.Sheet.Ego.reset.${ruleset.id}`,
    run: (actor) => actor.resetEgo(),
    button: (sheet) => sheet.ego.reset,
  },
];

const HP_MOVES: readonly HealthMove[] = [
  {
    id: "night",
    labelKey: "TERRAN.Sheet.Legacy.night",
    run: (actor) => recoverLegacy(actor, "night"),
    button: (sheet) => sheet.legacy?.hp.night ?? null,
  },
  {
    id: "week",
    labelKey: "TERRAN.Sheet.Legacy.week",
    run: (actor) => recoverLegacy(actor, "week"),
    button: (sheet) => sheet.legacy?.hp.week ?? null,
  },
  {
    id: "refill",
    labelKey: "TERRAN.Sheet.Legacy.refill",
    run: refillLegacyEgo,
    button: (sheet) => sheet.legacy?.ego.refill ?? null,
  },
  {
    id: "harm",
    labelKey: "TERRAN.Sheet.Legacy.harm",
    run: harmAsked,
    button: (sheet) => sheet.legacy?.hp.harm ?? null,
  },
];

const MOVES: Readonly<Record<Ruleset["health"]["kind"], (ruleset: Ruleset) => readonly HealthMove[]>> = {
  grit: GRIT_MOVES,
  hp: () => HP_MOVES,
};

/** The health controls of `ruleset`'s model (its data says which: `health.kind`), in the sheet's order. */
export function healthMoves(ruleset: Ruleset): readonly HealthMove[] {
  return MOVES[ruleset.health.kind](ruleset);
}
