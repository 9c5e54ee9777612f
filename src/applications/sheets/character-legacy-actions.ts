/**
 * The character sheet's Legacy buttons (issue 15): the creation roll, a rating circle, a wound box,
 * recovery, the Ego refill, the end of a session, and the two Experience rolls (the number of dice is
 * asked first). Handlers of ApplicationV2's `actions` (`this` is the sheet); each calls one action of
 * src/documents/legacy-actions.ts, which explains a refusal.
 */
import { TerranActor } from "../../documents/actor.ts";
import * as legacy from "../../documents/legacy-actions.ts";
import { askNumber } from "./ask-number.ts";

interface Sheet {
  readonly document?: unknown;
}

function actorOf(sheet: Sheet): TerranActor | null {
  return sheet.document instanceof TerranActor ? sheet.document : null;
}

/** How many Experience points to spend (1 … all), or null when cancelled or there is none. */
async function askDice(actor: TerranActor): Promise<number | null> {
  const xp = actor.characterState().source.xp;
  if (xp < 1) return null;
  return askNumber("TERRAN.Sheet.Legacy.xpTitle", "TERRAN.Sheet.Legacy.xpPrompt", { min: 1, max: xp, value: xp });
}

/** R-LEG-2 roll the four attributes. */
export async function rollLegacyCreation(this: Sheet): Promise<void> {
  const actor = actorOf(this);
  if (actor) await legacy.rollLegacyCreation(actor);
}

/** R-LEG-1 R-LEG-3 a rating circle (`data-kind` attribute or skill, `data-id`, `data-value`). */
export async function setLegacyRating(this: Sheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const actor = actorOf(this);
  const kind = target.dataset.kind === "skill" ? "skill" : "attribute";
  if (actor) await legacy.setLegacyRating(actor, kind, target.dataset.id ?? "", Number(target.dataset.value));
}

/** R-LEG-5 a wound box marked or cleared by hand. */
export async function toggleLegacyWound(this: Sheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const actor = actorOf(this);
  const wound = target.dataset.wound;
  if (actor && (wound === "critical" || wound === "mortal")) await legacy.toggleLegacyWound(actor, wound);
}

/** R-LEG-5 a good night (`data-kind="night"`) or a week of care (`"week"`). */
export async function legacyRecover(this: Sheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const actor = actorOf(this);
  if (actor) await legacy.recoverLegacy(actor, target.dataset.kind === "week" ? "week" : "night");
}

/** R-LEG-7 take a Condition: Ego back to its maximum. */
export async function refillLegacyEgo(this: Sheet): Promise<void> {
  const actor = actorOf(this);
  if (actor) await legacy.refillLegacyEgo(actor);
}

/** R-LEG-12 the session is over: Experience for the Ego lost. */
export async function endLegacySession(this: Sheet): Promise<void> {
  const actor = actorOf(this);
  if (actor) await legacy.endLegacySession(actor);
}

/** R-LEG-13 the Advancement roll. */
export async function advancementRoll(this: Sheet): Promise<void> {
  const actor = actorOf(this);
  const dice = actor ? await askDice(actor) : null;
  if (actor && dice !== null) await legacy.rollExperience(actor, dice, null);
}

/** R-LEG-13 skill development for the row's skill (`data-skill`). */
export async function developSkill(this: Sheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const actor = actorOf(this);
  const dice = actor ? await askDice(actor) : null;
  if (actor && dice !== null) await legacy.rollExperience(actor, dice, target.dataset.skill ?? "");
}

/** R-LEG-4 … R-LEG-6 an Effect taken as harm: its size is asked, then armour, HP, wounds (the attribute lost is asked when due). */
export async function takeLegacyHarm(this: Sheet): Promise<void> {
  const actor = actorOf(this);
  if (!actor) return;
  const effect = await askNumber("TERRAN.Sheet.Legacy.harmTitle", "TERRAN.Sheet.Legacy.harmPrompt", { min: 0, max: 99, value: 1 });
  if (effect !== null) await legacy.applyLegacyHarm(actor, effect);
}
