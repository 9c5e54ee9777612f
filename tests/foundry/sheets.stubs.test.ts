// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts: an ActorSheetV2/ItemSheetV2 stand-in
 * that renders the sheet's configured PARTS with the real templates and dispatches `data-action`
 * clicks to DEFAULT_OPTIONS.actions; scripted DialogV2 answers; stand-in Actor and Item documents
 * whose updates merge into their source). It checks OUR sheet glue: a click or a drop reaches the
 * right operation, and the actor's or item's stored data, the cards posted and the warnings are what
 * the rules say. Foundry's own form submission, drag and drop, permissions and rendering are not
 * exercised.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { ActorStub, ItemDocStub, makeGm, resetWorld, world } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import type { StoredCard } from "../../src/documents/card-flags.ts";
import { RollDialog } from "../../src/applications/dialogs/roll-dialog.ts";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet.ts";
import { ChallengeSheet } from "../../src/applications/sheets/challenge-sheet.ts";
import { TerranItemSheet } from "../../src/applications/sheets/item-sheet.ts";
import { tierPreset } from "../../src/applications/sheets/challenge-context.ts";
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

type Json = Record<string, unknown>;

// The item types the stand-in Item builds, and the document class embedded items are made with.
(Reflect.get(globalThis, "CONFIG") as Json).Item = {
  documentClass: TerranItem,
  dataModels: { weapon: WeaponData, armour: ArmourData, advancement: AdvancementData, condition: ConditionData },
};

type ModelClass = ConstructorParameters<typeof ActorStub>[0]["model"];
const asModel = (cls: unknown): ModelClass => cls as ModelClass;

// ---------------------------------------------------------------------------------------------
// Builders

function hero(options: CharacterOptions = {}): TerranActor {
  const actor: unknown = Reflect.construct(TerranActor, [{ name: "Mira", type: "character", model: asModel(CharacterData), source: { ...character(options) } }]);
  return actor as TerranActor;
}

const stub = (actor: TerranActor): ActorStub => actor as unknown as ActorStub;
const sys = (actor: TerranActor): CharacterData => actor.system as CharacterData;

/** An item of the stand-in world (the sidebar or a compendium), or one embedded in `parent`. */
function item(type: string, name: string, system: object, parent: ActorStub | null = null, sort = 0): ItemDocStub {
  const made: unknown = Reflect.construct(TerranItem, [{ name, type, system, sort, parent }]);
  const doc = made as ItemDocStub;
  parent?.items.push(doc);
  return doc;
}

function weaponItem(over: Partial<WeaponSource> = {}, parent: ActorStub | null = null, name = "Spear", sort = 0): ItemDocStub {
  return item("weapon", name, weaponSource(over), parent, sort);
}

function advancementItem(key: string, parent: ActorStub | null = null, over: Partial<AdvancementSource> = {}): ItemDocStub {
  return item("advancement", key || "Homebrew", advancementSource(key, over), parent);
}

function conditionItem(over: Partial<ConditionSource> = {}): ItemDocStub {
  return item("condition", "Scarred", conditionSource("", over));
}

function challenge(over: Partial<ChallengeSource> = {}): ActorStub {
  return new ActorStub({ name: "Wolf", type: "challenge", model: asModel(ChallengeData), source: { ...challengeSource(over) } });
}

/** What the tests read of a stand-in sheet. */
interface Sheet {
  readonly element: HTMLElement;
  readonly renders: number;
  render(): Promise<unknown>;
}

async function open(cls: typeof CharacterSheet | typeof ChallengeSheet | typeof TerranItemSheet, document: unknown): Promise<Sheet> {
  const made: unknown = Reflect.construct(cls, [{ document }]);
  const sheet = made as Sheet;
  await sheet.render();
  return sheet;
}

/** Lets the handler a click or an event started run to its end (the stand-ins resolve at once). */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));

function find(sheet: Sheet, selector: string): HTMLElement {
  const el = sheet.element.querySelector<HTMLElement>(selector);
  if (!el) throw new Error(`nothing matches ${selector}`);
  return el;
}

/** Clicks what `selector` matches and waits for the handler. */
async function click(sheet: Sheet, selector: string): Promise<void> {
  find(sheet, selector).click();
  await settle();
}

/** Sets an input's or select's value and sends the change event the sheet listens for. */
async function change(sheet: Sheet, selector: string, value: string): Promise<void> {
  const el = find(sheet, selector);
  if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement)) throw new Error(`${selector} is not a field`);
  el.value = value;
  el.dispatchEvent(new Event("change", { bubbles: true }));
  await settle();
}

/** Drops `doc`'s drag data on the sheet (as core's drop would hand it over: text/plain JSON). */
async function drop(sheet: Sheet, doc: ItemDocStub, on: Element = sheet.element): Promise<void> {
  const event = new Event("drop", { bubbles: true, cancelable: true });
  const json = JSON.stringify(doc.toDragData());
  Object.defineProperty(event, "dataTransfer", { value: { getData: (type: string) => (type === "text/plain" ? json : "") } });
  on.dispatchEvent(event);
  await settle();
}

function posted(): StoredCard {
  const flags = world.created.at(-1)?.flags as Record<string, { card?: StoredCard }> | undefined;
  const stored = flags?.["terran-engine"]?.card;
  if (!stored) throw new Error("no card was posted");
  return stored;
}

const itemsOf = (actor: TerranActor, type: string): ItemDocStub[] => stub(actor).items.filter((i): i is ItemDocStub => i instanceof ItemDocStub && i.type === type);

beforeEach(() => {
  resetWorld();
  nextFaces.length = 0;
});

// ---------------------------------------------------------------------------------------------
// Character sheet

describe("[Foundry stand-ins] the character sheet's ratings and rolls", () => {
  it("R-CHAR-1 (stand-ins): clicking a rating circle sets the attribute; clicking the filled top circle clears it", async () => {
    const mira = hero();
    const sheet = await open(CharacterSheet, mira);
    await click(sheet, '[data-action="setRating"][data-attribute="finesse"][data-value="2"]');
    expect(sys(mira).attributes.finesse).toBe(2);
    await sheet.render();
    // The second circle is now the top filled one: it sets 1.
    await click(sheet, '.te-attr[data-attribute="finesse"] .te-tip:nth-child(2) [data-action="setRating"]');
    expect(sys(mira).attributes.finesse).toBe(1);
    expect(world.warnings).toEqual([]);
  });

  it("R-CHAR-5 (stand-ins): a circle past the total of 10 is disabled, and a stale click on it changes nothing and warns", async () => {
    const mira = hero({ attributes: { intuition: 4, reason: 3, finesse: 3 } });
    const sheet = await open(CharacterSheet, mira);
    const circle = find(sheet, '[data-action="setRating"][data-attribute="exertion"][data-value="1"]');
    expect(circle.hasAttribute("disabled")).toBe(true);
    circle.removeAttribute("disabled"); // as a sheet rendered before the last change would offer it
    circle.click();
    await settle();
    expect(sys(mira).attributes.exertion).toBe(0);
    expect(stub(mira).updates).toEqual([]);
    expect(world.warnings).toEqual(["TERRAN.Error.attribute-cap"]); // the actor's operation refuses it (R-CHAR-5)
    // Lowering one stays allowed at the cap.
    await click(sheet, '[data-action="setRating"][data-attribute="finesse"][data-value="2"]');
    expect(sys(mira).attributes.finesse).toBe(2);
  });

  it("R-POOL-1 (stand-ins): an attribute's roll button opens the roll dialog for it, and its Roll posts that attribute's card", async () => {
    const mira = hero({ attributes: { reason: 2 } });
    const sheet = await open(CharacterSheet, mira);
    await click(sheet, '[data-action="roll"][data-roll="reason"]');
    const dialog = world.opened.at(-1);
    expect(dialog).toBeInstanceOf(RollDialog);
    nextFaces.push(4, 2);
    dialog?.element.querySelector<HTMLElement>('[data-action="roll"]')?.click();
    await settle();
    const stored = posted();
    expect(stored.kind === "risky" && stored.state.target).toEqual({ kind: "attribute", attribute: "reason" });
  });

  it("R-CHAR-3 (stand-ins): a Save's roll button opens the dialog for that Save", async () => {
    const mira = hero({ attributes: { finesse: 1, exertion: 1 } });
    const sheet = await open(CharacterSheet, mira);
    await click(sheet, '[data-action="roll"][data-roll="save:prowess"]');
    const dialog = world.opened.at(-1);
    expect(dialog).toBeInstanceOf(RollDialog);
    nextFaces.push(5, 5);
    dialog?.element.querySelector<HTMLElement>('[data-action="roll"]')?.click();
    await settle();
    const stored = posted();
    expect(stored.kind === "risky" && stored.state.target).toEqual({ kind: "save", group: "prowess" });
  });

  it("R-EQ-1 (stand-ins): a weapon's roll button opens the dialog with the weapon (a contact weapon rolls Exertion)", async () => {
    const mira = hero({ attributes: { exertion: 2 } });
    const spear = weaponItem({ ranges: ["contact"] }, stub(mira));
    const sheet = await open(CharacterSheet, mira);
    await click(sheet, `[data-action="roll"][data-roll="${spear.id}"]`);
    const dialog = world.opened.at(-1);
    expect(dialog).toBeInstanceOf(RollDialog);
    nextFaces.push(3, 3);
    dialog?.element.querySelector<HTMLElement>('[data-action="roll"]')?.click();
    await settle();
    const stored = posted();
    if (stored.kind !== "risky") throw new Error("not a risky card");
    expect(stored.state.target).toEqual({ kind: "attribute", attribute: "exertion" });
    expect(stored.state.weapon?.name).toBe("Spear");
  });
});

describe("[Foundry stand-ins] the character sheet's tracks", () => {
  it("R-GRIT-2 (stand-ins): Rest asks good or poor, rolls, sets Grit to the roll and posts the card; closing the question does nothing", async () => {
    const mira = hero({ grit: { value: 1, max: 3, dice: 1 } });
    const sheet = await open(CharacterSheet, mira);
    await click(sheet, '[data-action="rest"]');
    expect(world.created).toEqual([]);
    expect(sys(mira).grit.value).toBe(1);

    world.dialogAnswers.push("good");
    nextFaces.push(5);
    await click(sheet, '[data-action="rest"]');
    expect(sys(mira).grit).toMatchObject({ value: 5, max: 5 });
    expect(posted()).toMatchObject({ kind: "result" });
  });

  it("R-EGO-4 (stand-ins): Reset Ego rolls the Ego dice, stores the new Ego and posts the card", async () => {
    const mira = hero({ ego: { value: 1, max: 4, dice: 1 } });
    const sheet = await open(CharacterSheet, mira);
    nextFaces.push(3);
    await click(sheet, '[data-action="resetEgo"]');
    expect(sys(mira).ego.value).not.toBe(1);
    expect(sys(mira).ego.value).toBe(sys(mira).ego.max);
    expect(world.created).toHaveLength(1);
    expect(posted()).toMatchObject({ kind: "result" });
  });

  it("R-SAY-1 (stand-ins): Sayonara is confirmed first, then re-rolls Grit and Ego, marks the last scene and posts the card", async () => {
    const mira = hero({ grit: { value: 1, max: 3, dice: 1 }, ego: { value: 2, max: 4, dice: 1 } });
    const sheet = await open(CharacterSheet, mira);
    world.dialogAnswers.push(false);
    await click(sheet, '[data-action="sayonara"]');
    expect(sys(mira).sayonara).toBe(false);
    expect(world.created).toEqual([]);

    world.dialogAnswers.push(true);
    nextFaces.push(4, 6);
    await click(sheet, '[data-action="sayonara"]');
    expect(sys(mira).sayonara).toBe(true);
    expect(world.created).toHaveLength(1);
  });
});

describe("[Foundry stand-ins] the character sheet's creation helper", () => {
  it("R-CHAR-4 R-CHAR-7 R-GRIT-1 R-EGO-1 (stand-ins): roll the group dice, place the points, roll Grit and Ego, take the free advancement", async () => {
    const mira = hero({ grit: { value: 0, max: 0, dice: 1 }, ego: { value: 0, max: 0, dice: 1 } });
    const sheet = await open(CharacterSheet, mira);

    nextFaces.push(2, 5, 6); // 1, 2 and 3 points
    await click(sheet, '[data-action="rollRatings"]');
    expect(mira.creationRoll).toEqual({ insight: 2, prowess: 5, resolve: 6 });
    expect(posted()).toMatchObject({ state: { titleKey: "TERRAN.Card.Creation.title" } });

    await sheet.render(); // Foundry re-renders on the actor's update; the stand-in does not
    await click(sheet, '[data-action="chooseSplit"][data-group="insight"][data-first="0"][data-second="1"]');
    await click(sheet, '[data-action="chooseSplit"][data-group="prowess"][data-first="2"][data-second="0"]');
    await click(sheet, '[data-action="chooseSplit"][data-group="resolve"][data-first="1"][data-second="2"]');
    expect(find(sheet, '[data-action="chooseSplit"][data-group="prowess"][data-first="2"]').getAttribute("aria-pressed")).toBe("true");
    await click(sheet, '[data-action="applyRatings"]');
    expect(sys(mira).attributes).toEqual({ intuition: 0, reason: 1, finesse: 2, exertion: 0, attunement: 1, influence: 2 });

    nextFaces.push(4);
    await click(sheet, '[data-action="rollStartingGrit"]');
    expect(sys(mira).grit).toMatchObject({ value: 4, max: 4 });
    nextFaces.push(3);
    await click(sheet, '[data-action="rollStartingEgo"]');
    expect(sys(mira).ego).toMatchObject({ value: 3, max: 3 });

    await sheet.render();
    world.dialogAnswers.push(false); // no Grit roll after it
    await click(sheet, '[data-action="takeAdvancement"][data-key="dangerSense"]');
    const taken = itemsOf(mira, "advancement");
    expect(taken.map((i) => i.name)).toEqual(["TERRAN.Adv.dangerSense"]);
    expect((taken[0]?.system as AdvancementData).key).toBe("dangerSense");
    expect(sys(mira).xp).toBe(0); // the first is free
    expect(world.warnings).toEqual([]);
  });

  it("R-CHAR-4 (stand-ins): placing points before a split is chosen for every group is refused with a warning", async () => {
    const mira = hero();
    const sheet = await open(CharacterSheet, mira);
    nextFaces.push(2, 5, 6);
    await click(sheet, '[data-action="rollRatings"]');
    await sheet.render();
    const apply = find(sheet, '[data-action="applyRatings"]');
    expect(apply.hasAttribute("disabled")).toBe(true);
    apply.removeAttribute("disabled");
    apply.click();
    await settle();
    expect(sys(mira).attributes).toMatchObject({ intuition: 0, reason: 0, finesse: 0, exertion: 0, attunement: 0, influence: 0 });
    expect(world.warnings).toHaveLength(1);
  });
});

describe("[Foundry stand-ins] the character sheet's items", () => {
  it("R-EQ-1 (stand-ins): the equip toggle flips a weapon's equipped state", async () => {
    const mira = hero();
    const spear = weaponItem({ equipped: false }, stub(mira));
    const sheet = await open(CharacterSheet, mira);
    await click(sheet, `li[data-item-id="${spear.id}"] [data-action="toggleEquipped"]`);
    expect((spear.system as WeaponData).equipped).toBe(true);
    await sheet.render();
    await click(sheet, `li[data-item-id="${spear.id}"] [data-action="toggleEquipped"]`);
    expect((spear.system as WeaponData).equipped).toBe(false);
  });

  it("(stand-ins): delete asks first; declined keeps the item, confirmed removes it", async () => {
    const mira = hero();
    const spear = weaponItem({}, stub(mira));
    const sheet = await open(CharacterSheet, mira);
    world.dialogAnswers.push(false);
    await click(sheet, `li[data-item-id="${spear.id}"] [data-action="deleteItem"]`);
    expect(itemsOf(mira, "weapon")).toHaveLength(1);
    world.dialogAnswers.push(true);
    await click(sheet, `li[data-item-id="${spear.id}"] [data-action="deleteItem"]`);
    expect(itemsOf(mira, "weapon")).toEqual([]);
    expect(spear.deleted).toBe(true);
  });

  it("(stand-ins): move down and move up reorder a type's items", async () => {
    const mira = hero();
    const a = weaponItem({}, stub(mira), "Axe", 100);
    const b = weaponItem({}, stub(mira), "Bow", 200);
    const c = weaponItem({}, stub(mira), "Club", 300);
    const sheet = await open(CharacterSheet, mira);
    const order = (): string[] => [...itemsOf(mira, "weapon")].sort((x, y) => x.sort - y.sort).map((i) => i.name);
    await click(sheet, `li[data-item-id="${a.id}"] [data-action="moveDown"]`);
    expect(order()).toEqual(["Bow", "Axe", "Club"]);
    await sheet.render();
    await click(sheet, `li[data-item-id="${c.id}"] [data-action="moveUp"]`);
    expect(order()).toEqual(["Bow", "Club", "Axe"]);
    expect(b.sort).toBe(100);
  });

  it("(stand-ins): dropping one of the actor's own items on another row moves it there", async () => {
    const mira = hero();
    const a = weaponItem({}, stub(mira), "Axe", 100);
    weaponItem({}, stub(mira), "Bow", 200);
    const c = weaponItem({}, stub(mira), "Club", 300);
    const sheet = await open(CharacterSheet, mira);
    await drop(sheet, c, find(sheet, `li[data-item-id="${a.id}"]`));
    expect([...itemsOf(mira, "weapon")].sort((x, y) => x.sort - y.sort).map((i) => i.name)).toEqual(["Club", "Axe", "Bow"]);
    expect(itemsOf(mira, "weapon")).toHaveLength(3);
  });
});

describe("[Foundry stand-ins] dropping items on the character sheet", () => {
  it("R-XP-2 R-CHAR-7 (stand-ins): the first Advancement is free; the Grit roll is offered", async () => {
    const mira = hero({ xp: 0 });
    const sheet = await open(CharacterSheet, mira);
    world.dialogAnswers.push(false);
    await drop(sheet, advancementItem("dangerSense"));
    expect(itemsOf(mira, "advancement").map((i) => (i.system as AdvancementData).key)).toEqual(["dangerSense"]);
    expect(sys(mira).xp).toBe(0);
    expect(world.dialogs.map((d) => (d.window as { title: string }).title)).toEqual(["TERRAN.Advancement.gritTitle"]);
    expect(world.warnings).toEqual([]);
  });

  it("R-XP-2 (stand-ins): a player short of XP is refused with a warning and nothing is added", async () => {
    const mira = hero({ xp: 1 });
    advancementItem("", stub(mira));
    const sheet = await open(CharacterSheet, mira);
    await drop(sheet, advancementItem("dangerSense"));
    expect(itemsOf(mira, "advancement")).toHaveLength(1);
    expect(sys(mira).xp).toBe(1);
    expect(world.warnings).toEqual(["TERRAN.Error.not-enough-xp"]);
    expect(world.dialogs).toEqual([]);
  });

  it("R-XP-2 (stand-ins): a GM short of XP is asked to override; declined adds nothing, accepted adds it and spends what XP there is", async () => {
    world.user = makeGm();
    const mira = hero({ xp: 1 });
    advancementItem("", stub(mira));
    const sheet = await open(CharacterSheet, mira);
    world.dialogAnswers.push(false);
    await drop(sheet, advancementItem("dangerSense"));
    expect(itemsOf(mira, "advancement")).toHaveLength(1);
    expect(world.dialogs.map((d) => (d.window as { title: string }).title)).toEqual(["TERRAN.Sheet.Drop.overrideTitle"]);

    world.dialogAnswers.push(true, false);
    await drop(sheet, advancementItem("dangerSense"));
    expect(itemsOf(mira, "advancement").map((i) => (i.system as AdvancementData).key)).toEqual(["", "dangerSense"]);
    expect(sys(mira).xp).toBe(0);
    expect(world.warnings).toEqual([]);
  });

  it("R-CHAR-5 (stand-ins): a dropped Developed asks which attribute and raises it", async () => {
    const mira = hero({ attributes: { reason: 1 } });
    const sheet = await open(CharacterSheet, mira);
    world.dialogAnswers.push("reason", false);
    await drop(sheet, advancementItem("developed"));
    expect(sys(mira).attributes.reason).toBe(2);
    expect((itemsOf(mira, "advancement")[0]?.system as AdvancementData).developed).toBe("reason");
  });

  it("R-XP-1 (stand-ins): a dropped Condition is added and brings +1 XP once out of creation", async () => {
    const mira = hero({ xp: 0 });
    advancementItem("", stub(mira));
    const sheet = await open(CharacterSheet, mira);
    await drop(sheet, conditionItem());
    expect(itemsOf(mira, "condition").map((i) => i.name)).toEqual(["Scarred"]);
    expect(sys(mira).xp).toBe(1);
  });

  it("R-EQ-1 (stand-ins): a dropped weapon arrives unequipped; the dropped original is untouched", async () => {
    const mira = hero();
    const sheet = await open(CharacterSheet, mira);
    const spear = weaponItem({ equipped: true });
    await drop(sheet, spear);
    const copies = itemsOf(mira, "weapon");
    expect(copies).toHaveLength(1);
    expect((copies[0]?.system as WeaponData).equipped).toBe(false);
    expect((spear.system as WeaponData).equipped).toBe(true);
  });

  it("(stand-ins): a viewer who may not edit drops nothing", async () => {
    const mira = hero();
    stub(mira).isOwner = false;
    const sheet = await open(CharacterSheet, mira);
    await drop(sheet, weaponItem());
    expect(itemsOf(mira, "weapon")).toEqual([]);
  });
});

describe("[Foundry stand-ins] the character sheet with limited permission", () => {
  it("(stand-ins): a limited viewer sees the header only (name and image)", async () => {
    const mira = hero({ attributes: { reason: 2 } });
    stub(mira).isOwner = false;
    stub(mira).limited = true;
    const sheet = await open(CharacterSheet, mira);
    expect(sheet.element.querySelector(".te-character-header .te-name")?.textContent).toBe("Mira");
    expect(sheet.element.querySelector(".te-tab-main, .te-tab-items, .te-tab-biography, [data-action]")).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Challenge sheet

describe("[Foundry stand-ins] the Challenge sheet", () => {
  const MAIN = 'tr[data-facet=""]';
  const sysOf = (actor: ActorStub): ChallengeSource => (actor.system as ChallengeData).toObject();

  it("R-CH-1 (stand-ins): choosing a tier fills Disposition and dice from the preset", async () => {
    const wolf = challenge({ tier: "dangerous", disposition: { value: 3, max: 10 }, dice: 1 });
    const sheet = await open(ChallengeSheet, wolf);
    await change(sheet, `${MAIN} select[data-change="tier"]`, "serious");
    const preset = tierPreset("core", "serious");
    expect(sysOf(wolf)).toMatchObject({ tier: preset.tier, n: preset.n, disposition: preset.disposition, dice: preset.dice, halved: preset.halved });
  });

  it("R-CH-1 (stand-ins): Exceptional asks for n and takes the answer; closing the prompt changes nothing", async () => {
    const wolf = challenge();
    const sheet = await open(ChallengeSheet, wolf);
    await change(sheet, `${MAIN} select[data-change="tier"]`, "exceptional");
    expect(world.dialogs).toHaveLength(1);
    expect(sysOf(wolf).tier).toBe("dangerous");

    world.dialogAnswers.push(6);
    await change(sheet, `${MAIN} select[data-change="tier"]`, "exceptional");
    const preset = tierPreset("core", "exceptional", 6);
    expect(sysOf(wolf)).toMatchObject({ tier: "exceptional", n: 6, disposition: preset.disposition, dice: preset.dice });
  });

  it("R-CH-5 (stand-ins): a facet is added at the Dangerous preset, its tier set on its own row, and removed", async () => {
    const wolf = challenge();
    const sheet = await open(ChallengeSheet, wolf);
    await click(sheet, '[data-action="addFacet"]');
    expect(sysOf(wolf).facets).toEqual([{ name: "TERRAN.Sheet.Challenge.newFacet", ...tierPreset("core", "dangerous") }]);
    await sheet.render();
    await change(sheet, 'tr[data-facet="0"] select[data-change="tier"]', "trivial");
    expect(sysOf(wolf).facets[0]).toMatchObject(tierPreset("core", "trivial"));
    expect(sysOf(wolf).tier).toBe("dangerous");
    await sheet.render();
    await change(sheet, 'tr[data-facet="0"] input[data-field="name"]', "Pack");
    expect(sysOf(wolf).facets[0]?.name).toBe("Pack");
    await sheet.render();
    await click(sheet, '[data-action="removeFacet"][data-facet="0"]');
    expect(sysOf(wolf).facets).toEqual([]);
  });

  it("R-CH-2 (stand-ins): Roll Effect posts the Challenge's card with its dice", async () => {
    const wolf = challenge({ dice: 2 });
    const sheet = await open(ChallengeSheet, wolf);
    nextFaces.push(4, 2);
    await click(sheet, `${MAIN} [data-action="rollEffect"]`);
    const stored = posted();
    expect(stored.kind === "challenge" && stored.state).toMatchObject({ faces: [4, 2], challengeName: "Wolf" });
  });

  it("(stand-ins): a limited viewer sees the header only", async () => {
    const wolf = challenge();
    wolf.isOwner = false;
    wolf.limited = true;
    const sheet = await open(ChallengeSheet, wolf);
    expect(sheet.element.querySelector("tr, [data-action], textarea")).toBeNull();
    expect(sheet.element.textContent).toContain("Wolf");
  });
});

// ---------------------------------------------------------------------------------------------
// Item sheet

describe("[Foundry stand-ins] the item sheet", () => {
  const inputs = (sheet: Sheet, action: string): HTMLInputElement[] => [...sheet.element.querySelectorAll<HTMLInputElement>(`input[data-action="${action}"]`)];

  it("R-EQ-2 (stand-ins): toggling a range and a tag adds and removes it on the weapon", async () => {
    const spear = weaponItem({ ranges: ["contact"], tags: [] });
    const sheet = await open(TerranItemSheet, spear);
    const range = inputs(sheet, "toggleRange").find((i) => !i.checked)?.dataset.range ?? "";
    await click(sheet, `[data-action="toggleRange"][data-range="${range}"]`);
    expect((spear.system as WeaponData).ranges).toEqual(["contact", range]);
    await sheet.render();
    await click(sheet, '[data-action="toggleRange"][data-range="contact"]');
    expect((spear.system as WeaponData).ranges).toEqual([range]);

    const tag = inputs(sheet, "toggleTag")[0]?.dataset.tag ?? "";
    await click(sheet, `[data-action="toggleTag"][data-tag="${tag}"]`);
    expect((spear.system as WeaponData).tags).toEqual([tag]);
    await sheet.render();
    await change(sheet, 'input[data-change="customTags"]', "Barbed, Heavy");
    expect((spear.system as WeaponData).customTags).toEqual(["Barbed", "Heavy"]);
  });

  it("R-ADV-1 (stand-ins): toggling a mechanics flag, adding a modifier, toggling its scope and removing it update the advancement", async () => {
    const adv = advancementItem("", null, { dice: [], flags: [] });
    const sheet = await open(TerranItemSheet, adv);
    const flag = inputs(sheet, "toggleFlag")[0]?.dataset.flag ?? "";
    await click(sheet, `[data-action="toggleFlag"][data-flag="${flag}"]`);
    expect((adv.system as AdvancementData).flags).toEqual([flag]);

    await sheet.render();
    await click(sheet, '[data-action="addModifier"]');
    expect((adv.system as AdvancementData).dice).toHaveLength(1);

    await sheet.render();
    // A new modifier applies to "any"; ticking another scope adds it, unticking the last one gives "any" back.
    expect((adv.system as AdvancementData).dice[0]?.appliesTo).toEqual(["any"]);
    const scope = inputs(sheet, "toggleScope").find((i) => !i.checked)?.dataset.scope ?? "";
    await click(sheet, `[data-action="toggleScope"][data-index="0"][data-scope="${scope}"]`);
    expect((adv.system as AdvancementData).dice[0]?.appliesTo).toEqual(["any", scope]);
    await sheet.render();
    await click(sheet, '[data-action="toggleScope"][data-index="0"][data-scope="any"]');
    await sheet.render();
    await click(sheet, `[data-action="toggleScope"][data-index="0"][data-scope="${scope}"]`);
    expect((adv.system as AdvancementData).dice[0]?.appliesTo).toEqual(["any"]);

    await sheet.render();
    await change(sheet, '[data-index="0"] input[data-field="dice"]', "2");
    expect((adv.system as AdvancementData).dice[0]?.dice).toBe(2);

    await sheet.render();
    await click(sheet, '[data-action="removeModifier"][data-index="0"]');
    expect((adv.system as AdvancementData).dice).toEqual([]);
  });

  it("(stand-ins): the sheet renders only the header, its type's part and the description", async () => {
    const sheet = await open(TerranItemSheet, weaponItem());
    expect(sheet.element.querySelector('[data-action="toggleRange"]')).not.toBeNull();
    expect(sheet.element.querySelector('[data-action="toggleFlag"], [data-action="addModifier"]')).toBeNull();
  });

  it("(stand-ins): the portrait opens a file picker whose choice becomes the item's image", async () => {
    const spear = weaponItem();
    const sheet = await open(TerranItemSheet, spear);
    await click(sheet, '[data-action="editImage"]');
    const picker = world.pickers.at(-1);
    expect(picker?.browsed).toBe(true);
    (picker?.options.callback as (path: string) => void)("icons/spear.webp");
    await settle();
    expect(spear.img).toBe("icons/spear.webp");
  });
});
