/**
 * The tours in Foundry's registry (`game.tours`), registered at `ready`: the Tours list shows the GM's tools
 * (GM only) and the world's one first-action tour (`resolutionModel(ruleset).tour`), following a ruleset
 * switch. A user's tour starts by itself each time they open the world until seen to the end once (the client
 * setting "Offer the guided tour").
 */
import type { Ruleset } from "../../rules/index.ts";
import { currentRuleset, SETTINGS } from "../../settings/settings.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import { resolutionModel } from "../resolution/index.ts";
import { TOURS, type TourId } from "./steps.ts";
import { terranTourClass, type TerranTour } from "./terran-tour.ts";

export function firstActionTour(ruleset: Ruleset): TourId {
  return resolutionModel(ruleset).tour;
}

export function tourListed(id: TourId, ruleset: Ruleset): boolean {
  return id === "table-tools" || id === firstActionTour(ruleset);
}

/** If Foundry holds it. */
function registered(id: TourId): TerranTour | null {
  const tour: unknown = game.tours?.get(`${SYSTEM_ID}.${id}`);
  return tour instanceof terranTourClass() ? tour : null;
}

/** A client setting. */
async function markSeen(id: TourId): Promise<void> {
  if (id !== offeredTour(game.user?.isGM ?? false, currentRuleset())) return;
  await game.settings?.set(SYSTEM_ID, SETTINGS.offerTour, false);
}

/** Under the system's namespace. */
export function registerTours(): void {
  const tours = game.tours;
  const nue: unknown = Reflect.get(foundry, "nue");
  // Foundry's Tour class is `foundry.nue.Tour` on v13 and v14 (api/v14/modules/foundry.nue.html).
  if (!tours || typeof nue !== "object" || nue === null || typeof Reflect.get(nue, "Tour") !== "function") {
    console.warn(`${SYSTEM_ID} | Foundry's Tour API was not found: the guided tours are not registered.`);
    return;
  }
  const Tour = terranTourClass();
  const ruleset = currentRuleset();
  for (const definition of Object.values(TOURS)) {
    tours.register(SYSTEM_ID, definition.id, new Tour(definition, tourListed(definition.id, ruleset), markSeen));
  }
}

export function followRulesetTours(ruleset: Ruleset): void {
  for (const id of Object.keys(TOURS) as TourId[]) {
    const tour = registered(id);
    if (tour) tour.config.display = tourListed(id, ruleset);
  }
}

/** A GM's: the table tools; a player's: the world's first-action tour. */
export function offeredTour(isGM: boolean, ruleset: Ruleset): TourId {
  return isGM ? "table-tools" : firstActionTour(ruleset);
}

/** From its first step, while the client setting asks for it. */
export async function offerTour(): Promise<void> {
  if (game.settings?.get(SYSTEM_ID, SETTINGS.offerTour) !== true) return;
  const tour = registered(offeredTour(game.user?.isGM ?? false, currentRuleset()));
  try {
    await tour?.start();
  } catch (error) {
    console.warn(`${SYSTEM_ID} | the guided tour could not start`, error);
  }
}
