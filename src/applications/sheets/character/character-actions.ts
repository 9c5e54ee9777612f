/**
 * The character sheet's action handlers that live outside its class, one section per panel: the
 * creation panel (R-CHAR-3 … R-CHAR-7), the activation controls (R-ADV-1 Brainwave, R-ADV-2 Nova) and
 * the Legacy buttons (R-LEG-1 … R-LEG-13). Each is a handler of ApplicationV2's `actions` (`this` is the
 * sheet), named in ./character-sheet.ts, and calls one move of the actor, which explains a refusal.
 */
import { GROUP_ATTRIBUTES, isGroup, type Attribute } from "../../../rules/index.ts";
import { TerranActor } from "../../../documents/actor.ts";
import * as legacy from "../../../documents/legacy-actions.ts";
import { currentRuleset } from "../../../settings/settings.ts";
import { askNumber } from "../ask-number.ts";
import { askRest } from "./ask-rest.ts";
import { localize } from "../sheet-glue.ts";
import { buyAdvancement } from "./advancement-drop.ts";
import { engineAdvancementSource } from "./engine-items.ts";

/** What the handlers need of the sheet: its actor, the creation split chosen so far, and a re-render. */
interface Sheet {
  readonly document?: unknown;
  /** The points chosen per attribute before they are set (the sheet's own state between renders). */
  creationShares: Partial<Record<Attribute, number>>;
  render(): unknown;
}

function actorOf(sheet: Sheet): TerranActor | null {
  return sheet.document instanceof TerranActor ? sheet.document : null;
}

// ---------------------------------------------------------------------------------------------
// The creation panel: roll the group dice, split each group's points, set the ratings, roll starting
// Grit and Ego, take the free advancement.

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

/** R-V-6 the extra skills die, rolled once (a GM may again). */
export async function rollCreationSkills(this: Sheet): Promise<void> {
  await actorOf(this)?.rollCreationSkills();
}

/** R-V-6 the skill picked in the button's row: one of an archetype group's, or one from any group. */
export async function takeCreationSkill(this: Sheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const id = target.closest(".te-creation-pick")?.querySelector<HTMLSelectElement>(".te-creation-skill")?.value ?? "";
  if (id !== "") await actorOf(this)?.addHeldSkill(id);
}

/** R-V-2 (ruling) the two groups chosen for Spacer or an archetype of one's own. */
export async function setSkillGroups(this: Sheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const row = target.closest(".te-creation-groups");
  const pick = (selector: string) => row?.querySelector<HTMLSelectElement>(selector)?.value ?? "";
  await actorOf(this)?.chooseSkillGroups([pick(".te-group-first"), pick(".te-group-second")]);
}

/** R-V-4 (ruling) the no-skills point, to the button's attribute. */
export async function takeCreationPoint(this: Sheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const attribute = target.dataset.attribute ?? "";
  if (attribute !== "") await actorOf(this)?.takeCreationPoint(attribute);
}

// ---------------------------------------------------------------------------------------------
// The activation controls: activate the row's advancement, end one effect, end the scene.

/** Roll to activate the row's advancement. */
export async function activateAdvancement(this: Sheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";
  await actorOf(this)?.activateAdvancement(id);
}

/** End one advancement's effect before the scene ends. */
export async function endSceneEffect(this: Sheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const advancement = target.closest<HTMLElement>("[data-advancement]")?.dataset.advancement;
  if (advancement) await actorOf(this)?.endScene(advancement);
}

/** The scene is over: every activated advancement's effect ends (R-SAY-1 and a last scene's character departs). */
export async function endScene(this: Sheet): Promise<void> {
  await actorOf(this)?.endScene();
}

/** R-SAY-1 / R-LEG-15 a departed character's successor: a new character with ⌈n ÷ 2⌉ free advancements. */
export async function startSuccessor(this: Sheet): Promise<void> {
  await actorOf(this)?.startSuccessor();
}

// ---------------------------------------------------------------------------------------------
// The Legacy buttons: the creation roll, a rating circle, a wound box, recovery, the Ego refill, the end
// of a session, and the two Experience rolls (the number of dice is asked first); each calls one action
// of src/documents/legacy-actions.ts.

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

/** R-LEG-4 … R-LEG-6 an Effect taken as harm: the sheet's button (./harmAsked). */
export async function takeLegacyHarm(this: Sheet): Promise<void> {
  const actor = actorOf(this);
  if (actor) await harmAsked(actor);
}

// ---------------------------------------------------------------------------------------------
// The controls the sheet shares with the Token Action HUD (src/applications/integrations/token-action-hud/):
// each asks what it needs, then calls the actor's move, so both ask the same and refuse the same.

/** R-GRIT-2 Rest: how the night was is asked (closed: nothing happens), then the Grit roll. */
export async function restAsked(actor: TerranActor): Promise<void> {
  const answer = await askRest();
  if (answer) await actor.rest(answer);
}

/**
 * R-LEG-4 … R-LEG-6 an Effect taken as harm: its size is asked, then armour, HP, wounds (the attribute
 * lost is asked when due).
 */
export async function harmAsked(actor: TerranActor): Promise<void> {
  const effect = await askNumber("TERRAN.Sheet.Legacy.harmTitle", "TERRAN.Sheet.Legacy.harmPrompt", {
    min: 0,
    max: 99,
    value: 1,
  });
  if (effect !== null) await legacy.applyLegacyHarm(actor, effect);
}

// ---------------------------------------------------------------------------------------------
// R-V-5 the Skills block: add a listed skill, add one to a group by name, remove one.

function skillField(target: HTMLElement, selector: string): string {
  const field = target.closest(".te-held-skills")?.querySelector<HTMLInputElement | HTMLSelectElement>(selector);
  return field?.value.trim() ?? "";
}

export async function addHeldSkill(this: Sheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const id = skillField(target, ".te-skill-pick");
  if (id !== "") await actorOf(this)?.addHeldSkill(id);
}

export async function addCustomSkill(this: Sheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const group = skillField(target, ".te-skill-group-pick");
  // The actor refuses a blank name with its reason.
  await actorOf(this)?.addHeldSkill({ group, name: skillField(target, ".te-skill-name") });
}

export async function removeHeldSkill(this: Sheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const stored = target.dataset.skill ?? "";
  if (stored !== "") await actorOf(this)?.removeHeldSkill(stored);
}
