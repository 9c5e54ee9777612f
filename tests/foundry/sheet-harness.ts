/**
 * The sheets' test harness over the FOUNDRY STAND-INS (tests/stubs/foundry-client.ts and
 * ./applications.ts): builders for stand-in actors and items with the system's real data models,
 * opening a sheet, clicking, changing and dropping the way a browser would (events made in the
 * element's own window, so a detached v14 window is exercised too), and reading what was posted.
 * Import after "../stubs/foundry-client.ts".
 */
import "../stubs/foundry-client.ts";
import { ActorStub, ItemDocStub, world } from "../stubs/foundry-client.ts";
import { actionsSettled } from "../stubs/applications.ts";
import type { StoredCard } from "../../src/documents/chat-message.ts";
import type { CharacterSheet } from "../../src/applications/sheets/character/character-sheet.ts";
import type { ChallengeSheet } from "../../src/applications/sheets/challenge/challenge-sheet.ts";
import type { TerranItemSheet } from "../../src/applications/sheets/item/item-sheet.ts";
import { ChallengeData } from "../../src/data/actor/challenge.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { AdvancementData } from "../../src/data/item/advancement.ts";
import { ArmourData } from "../../src/data/item/armour.ts";
import { ConditionData } from "../../src/data/item/condition.ts";
import { WeaponData } from "../../src/data/item/weapon.ts";
import type { AdvancementSource, ChallengeSource, ConditionSource, WeaponSource } from "../../src/data/source.ts";
import { TerranActor } from "../../src/documents/actor.ts";
import { TerranItem } from "../../src/documents/item.ts";
import { character, type CharacterOptions } from "../documents/operations/fixtures.ts";
import { advancementSource, challengeSource, conditionSource, weaponSource } from "../fixtures/sheets.ts";

export type Json = Record<string, unknown>;

// The item types the stand-in Item builds, and the document class embedded items are made with.
(Reflect.get(globalThis, "CONFIG") as Json).Item = {
  documentClass: TerranItem,
  dataModels: { weapon: WeaponData, armour: ArmourData, advancement: AdvancementData, condition: ConditionData },
};

type ModelClass = ConstructorParameters<typeof ActorStub>[0]["model"];
const asModel = (cls: unknown): ModelClass => cls as ModelClass;

// ---------------------------------------------------------------------------------------------
// Builders

export function hero(options: CharacterOptions = {}): TerranActor {
  const actor: unknown = Reflect.construct(TerranActor, [
    { name: "Mira", type: "character", model: asModel(CharacterData), source: { ...character(options) } },
  ]);
  return actor as TerranActor;
}

export const stub = (actor: TerranActor): ActorStub => actor as unknown as ActorStub;
export const sys = (actor: TerranActor): CharacterData => actor.system as CharacterData;

/** An item of the stand-in world (the sidebar or a compendium), or one embedded in `parent`. */
export function item(
  type: string,
  name: string,
  system: object,
  parent: ActorStub | null = null,
  sort = 0,
  extra: Json = {},
): ItemDocStub {
  const made: unknown = Reflect.construct(TerranItem, [{ name, type, system, sort, parent, ...extra }]);
  const doc = made as ItemDocStub;
  parent?.items.push(doc);
  return doc;
}

export function weaponItem(
  over: Partial<WeaponSource> = {},
  parent: ActorStub | null = null,
  name = "Spear",
  sort = 0,
): ItemDocStub {
  return item("weapon", name, weaponSource(over), parent, sort);
}

export function advancementItem(
  key: string,
  parent: ActorStub | null = null,
  over: Partial<AdvancementSource> = {},
  extra: Json = {},
): ItemDocStub {
  return item("advancement", key || "Homebrew", advancementSource(key, over), parent, 0, extra);
}

export function conditionItem(over: Partial<ConditionSource> = {}): ItemDocStub {
  return item("condition", "Scarred", conditionSource("", over));
}

export function challenge(over: Partial<ChallengeSource> = {}): ActorStub {
  return new ActorStub({
    name: "Wolf",
    type: "challenge",
    model: asModel(ChallengeData),
    source: { ...challengeSource(over) },
  });
}

/** What the tests read of a stand-in sheet. */
export interface Sheet {
  readonly element: HTMLElement;
  readonly renders: number;
  render(): Promise<unknown>;
}

export async function open(
  cls: typeof CharacterSheet | typeof ChallengeSheet | typeof TerranItemSheet,
  document: unknown,
): Promise<Sheet> {
  const made: unknown = Reflect.construct(cls, [{ document }]);
  const sheet = made as Sheet;
  await sheet.render();
  return sheet;
}

/** Lets the handler a click or an event started run to its end (the stand-ins resolve at once). */
export const settle = async (): Promise<void> => {
  await actionsSettled();
  await new Promise((resolve) => setTimeout(resolve, 5));
};

export function find(sheet: Sheet, selector: string): HTMLElement {
  const el = sheet.element.querySelector<HTMLElement>(selector);
  if (!el) throw new Error(`nothing matches ${selector}`);
  return el;
}

/** Clicks what `selector` matches and waits for the handler. */
export async function click(sheet: Sheet, selector: string): Promise<void> {
  find(sheet, selector).click();
  await settle();
}

/** The constructors of the window `el` lives in (the main one, or a detached window's). */
function realmOf(el: Element): typeof globalThis {
  return el.ownerDocument.defaultView ?? globalThis;
}

/** Sets an input's or select's value and sends the change event the sheet listens for. */
export async function change(sheet: Sheet, selector: string, value: string): Promise<void> {
  const el = find(sheet, selector);
  if (!("value" in el)) throw new Error(`${selector} is not a field`);
  (el as HTMLInputElement).value = value;
  el.dispatchEvent(new (realmOf(el).Event)("change", { bubbles: true }));
  await settle();
}

/** Drops `doc`'s drag data on the sheet (as core's drop would hand it over: text/plain JSON). */
export async function drop(sheet: Sheet, doc: ItemDocStub, on: Element = sheet.element): Promise<void> {
  const event = new (realmOf(on).Event)("drop", { bubbles: true, cancelable: true });
  const json = JSON.stringify(doc.toDragData());
  Object.defineProperty(event, "dataTransfer", {
    value: { getData: (type: string) => (type === "text/plain" ? json : "") },
  });
  on.dispatchEvent(event);
  await settle();
}

export function posted(): StoredCard {
  const flags = world.created.at(-1)?.flags as Record<string, { card?: StoredCard }> | undefined;
  const stored = flags?.["terran-engine"]?.card;
  if (!stored) throw new Error("no card was posted");
  return stored;
}

export const itemsOf = (actor: TerranActor, type: string): ItemDocStub[] =>
  stub(actor).items.filter((i): i is ItemDocStub => i instanceof ItemDocStub && i.type === type);
