/**
 * The system's tours in Foundry's tour registry (`game.tours`, Settings → Tours lists them), registered
 * at `ready`. All three are registered; the Tours list shows the GM's table tools (to a GM only: the
 * tour is `restricted`) and the ONE first-action tour of the world's ruleset, as its resolution model
 * names it (`resolutionModel(ruleset).tour`: one throw for Core and Degenesis, the separate Effect roll
 * for Legacy). A switch of ruleset switches which one is listed, without a reload.
 *
 * Offered until seen: with the client setting "Offer the guided tour" on (the default), each time a user
 * opens the world their tour starts by itself (a player's: the world's first-action tour; a GM's: the
 * table tools), from its first step, until they have seen it to the end once; then the setting turns
 * itself off (per browser). Turning it back on offers it again; Settings → Tours starts any tour at any time.
 */
import type { Ruleset } from "../../rules/index.ts";
import { currentRuleset, SETTINGS } from "../../settings/settings.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import { resolutionModel } from "../resolution/index.ts";
import { TOURS, type TourId } from "./steps.ts";
import { terranTourClass, type TerranTour } from "./terran-tour.ts";

/** The first-action tour `ruleset` offers (its resolution's). */
export function firstActionTour(ruleset: Ruleset): TourId {
  return resolutionModel(ruleset).tour;
}

/** Whether the Tours list shows `id` in a world of `ruleset`. */
export function tourListed(id: TourId, ruleset: Ruleset): boolean {
  return id === "table-tools" || id === firstActionTour(ruleset);
}

/** Our registered tour `id`, if Foundry holds it. */
function registered(id: TourId): TerranTour | null {
  const tour: unknown = game.tours?.get(`${SYSTEM_ID}.${id}`);
  return tour instanceof terranTourClass() ? tour : null;
}

/** Once the user's own tour has been seen to its end, it is no longer offered (a client setting). */
async function markSeen(id: TourId): Promise<void> {
  if (id !== offeredTour(game.user?.isGM ?? false, currentRuleset())) return;
  await game.settings?.set(SYSTEM_ID, SETTINGS.offerTour, false);
}

/** Registers the three tours under the system's namespace (at `ready`). */
export function registerTours(): void {
  const tours = game.tours;
  const nue: unknown = Reflect.get(foundry, "nue");
  // Foundry's Tour class is `foundry.nue.Tour`, documented on v13 and v14 (api/v14/modules/foundry.nue.html).
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

/** After a switch of ruleset: the Tours list shows the new ruleset's first-action tour instead of the old one's. */
export function followRulesetTours(ruleset: Ruleset): void {
  for (const id of Object.keys(TOURS) as TourId[]) {
    const tour = registered(id);
    if (tour) tour.config.display = tourListed(id, ruleset);
  }
}

/** The tour this user is offered: a GM's, the table tools; a player's, the world's first-action tour. */
export function offeredTour(isGM: boolean, ruleset: Ruleset): TourId {
  return isGM ? "table-tools" : firstActionTour(ruleset);
}

/** Starts the user's own tour, from its first step, while the client setting asks for it. */
export async function offerTour(): Promise<void> {
  if (game.settings?.get(SYSTEM_ID, SETTINGS.offerTour) !== true) return;
  const tour = registered(offeredTour(game.user?.isGM ?? false, currentRuleset()));
  try {
    await tour?.start();
  } catch (error) {
    console.warn(`${SYSTEM_ID} | the guided tour could not start`, error);
  }
}
