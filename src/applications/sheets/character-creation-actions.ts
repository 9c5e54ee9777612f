/**
 * The character sheet's creation panel (R-CHAR-3 … R-CHAR-7): roll the group dice, split each group's
 * points, set the ratings, roll starting Grit and Ego, take the free advancement. Handlers of
 * ApplicationV2's `actions` (`this` is the sheet), named in ./character-sheet.ts.
 */
import { GROUP_ATTRIBUTES, isGroup, type Attribute } from "../../rules/index.ts";
import { TerranActor } from "../../documents/actor.ts";
import { currentRuleset } from "../../settings/settings.ts";
import { buyAdvancement } from "./advancement-drop.ts";
import { engineAdvancementSource } from "./engine-items.ts";
import { localize } from "./sheet-glue.ts";

/** What the handlers need of the sheet: its actor, the split chosen so far, and a re-render. */
interface Sheet {
  readonly document?: unknown;
  /** The points chosen per attribute before they are set (the sheet's own state between renders). */
  creationShares: Partial<Record<Attribute, number>>;
  render(): unknown;
}

function actorOf(sheet: Sheet): TerranActor | null {
  return sheet.document instanceof TerranActor ? sheet.document : null;
}

export async function rollRatings(this: Sheet): Promise<void> {
  this.creationShares = {};
  await actorOf(this)?.rollCreationRatings();
}

export function chooseSplit(this: Sheet, _event: PointerEvent, target: HTMLElement): void {
  const group = target.dataset.group ?? "";
  const first = Number(target.dataset.first);
  const second = Number(target.dataset.second);
  if (!isGroup(group) || !Number.isInteger(first) || !Number.isInteger(second)) return;
  const [a, b] = GROUP_ATTRIBUTES[group];
  this.creationShares = { ...this.creationShares, [a]: first, [b]: second };
  void this.render();
}

export async function applyRatings(this: Sheet): Promise<void> {
  const done = await actorOf(this)?.placeCreationPoints(this.creationShares);
  if (done) this.creationShares = {};
}

export async function rollStartingGrit(this: Sheet): Promise<void> {
  await actorOf(this)?.rollStartingGrit();
}

export async function rollStartingEgo(this: Sheet): Promise<void> {
  await actorOf(this)?.rollStartingEgo();
}

/** R-CHAR-7 the free advancement, taken from the engine's list (its text is the compendium's). */
export async function takeAdvancement(this: Sheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const key = target.dataset.key ?? "";
  const source = engineAdvancementSource(key, currentRuleset().id);
  const actor = actorOf(this);
  if (!source || !actor) return;
  await buyAdvancement(actor, { name: localize(`TERRAN.Adv.${key}`), system: source });
}
