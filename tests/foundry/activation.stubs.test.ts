// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/): R-ADV-1 Brainwave and R-ADV-2 Nova activated from
 * the character (the roll, the card, the scene flag, the roll dialog's tickable +1d, the end of the
 * scene) and R-ADV-2 Tesla's Effect taken from a failed Risky card (harm once, through R-HARM-1…5).
 * It checks what OUR code rolls, stores and posts; not Foundry's dice or chat.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import {
  GENERATIONS,
  makeGm,
  resetWorld,
  world,
  WorldCollectionStub,
  type ActorStub,
  type ItemStub,
} from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import {
  applyChange,
  initialChoices,
  readCharacter,
  rollDialogModel,
  type RollDialogSettings,
  type RollDialogSubject,
} from "../../src/applications/dialogs/roll-dialog-model.ts";
import type { StoredCard } from "../../src/documents/chat-message.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { AdvancementData } from "../../src/data/item/advancement.ts";
import { TerranActor } from "../../src/documents/actor.ts";
import { confirmEffect, TESLA_LABEL } from "../../src/chat/index.ts";
import { CORE } from "../../src/rules/index.ts";
import { api } from "../../src/api.ts";
import { advancementSource, character } from "../documents/operations/fixtures.ts";
import { asModel, click, message, shown } from "./card-builders.ts";
import { card, isClosed, pool, ROLLER } from "../chat/fixtures.ts";
import { CharacterSheet } from "../../src/applications/sheets/character/character-sheet.ts";
import {
  advancementItem as advancementItemDoc,
  click as clickSheet,
  find,
  hero as sheetHero,
  open,
  stub as stubOf,
} from "./sheet-harness.ts";

const SETTINGS: RollDialogSettings = { darkMax: 10, singleDieServesBoth: true, isGM: false };

function advancementItem(key: string, name: string, id: string): ItemStub {
  return {
    id,
    name,
    type: "advancement",
    system: new (asModel(AdvancementData))({ ...advancementSource(key) }, { parent: null }),
  };
}

function hero(
  options: { attunement?: number; grit?: number; stressed?: boolean; items?: ItemStub[]; isOwner?: boolean } = {},
): TerranActor {
  const init = {
    name: "Mira",
    type: "character",
    model: asModel(CharacterData),
    source: {
      ...character({
        attributes: { attunement: options.attunement ?? 2 },
        grit: { value: options.grit ?? 3, max: 6 },
        ...(options.stressed ? { wounds: ["stressed"] } : {}),
      }),
    },
    items: options.items ?? [
      advancementItem("brainwave", "Brainwave", "brainwave0000001"),
      advancementItem("nova", "Nova", "nova000000000001"),
    ],
    isOwner: options.isOwner ?? true,
  };
  return Reflect.construct(TerranActor, [init]) as TerranActor;
}

const sys = (actor: TerranActor): CharacterData => actor.system as CharacterData;

function posted(): StoredCard {
  const flags = world.created.at(-1)?.flags as Record<string, { card?: StoredCard }> | undefined;
  const stored = flags?.["terran-engine"]?.card;
  if (!stored) throw new Error("no card was posted");
  return stored;
}

function dialog(actor: TerranActor) {
  const subject: RollDialogSubject = {
    ruleset: CORE,
    target: { kind: "attribute", attribute: "reason" },
    weapon: null,
    state: actor.characterState(),
  };
  return { subject, choices: initialChoices(subject, SETTINGS) };
}

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] activated advancements", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
  });

  it("R-ADV-1 (stand-ins): Brainwave's Success posts the card, keeps +1d on the actor, the dialog offers it as a tickable row, and ending the scene removes it", async () => {
    const mira = hero({ attunement: 2 });
    nextFaces.push(6, 2);
    const outcome = await mira.activateAdvancement("brainwave0000001");
    expect(outcome?.band).toBe("success");
    // The card: the activation result card with the two Attunement dice.
    const stored = posted();
    expect(stored.kind).toBe("result");
    if (stored.kind !== "result") return;
    expect(stored.state).toMatchObject({
      titleKey: "TERRAN.Activation.title",
      tone: "light",
      noteKey: "TERRAN.Activation.brainwaveSuccess",
    });
    expect(stored.state.dice.map((d) => d.face)).toEqual([6, 2]);
    // The flag: which advancement, what it grants.
    expect(mira.getFlag("terran-engine", "scene")).toMatchObject([
      { advancement: "brainwave", itemId: "brainwave0000001", kind: "bonus", modifier: { dice: 1, situational: true } },
    ]);
    // The dialog: a tickable row from Brainwave that adds 1d when ticked.
    const { subject, choices } = dialog(mira);
    const view = rollDialogModel(subject, choices, SETTINGS);
    const row = view.lines.find((l) => l.sourceName === "Brainwave");
    expect(row).toMatchObject({ situational: true, ticked: false, dice: 1, labelKey: "TERRAN.Mod.brainwave" });
    const ticked = rollDialogModel(
      subject,
      applyChange(subject, choices, { action: "toggleModifier", key: row?.key ?? "" }, SETTINGS),
      SETTINGS,
    );
    expect(ticked.light).toBe(view.light + 1);
    // The end of the scene (the player, from the sheet; the GM through the API).
    await mira.endScene();
    expect(mira.getFlag("terran-engine", "scene")).toEqual([]);
    expect(readCharacter(mira.characterState()).modifiers.some((m) => m.sourceName === "Brainwave")).toBe(false);
  });

  it("R-ADV-1 R-HARM-4 (stand-ins): Brainwave's Fail marks Stressed (Hazed) through the actor's update and grants nothing but its use this scene", async () => {
    const mira = hero({ attunement: 2 });
    nextFaces.push(3, 1);
    await mira.activateAdvancement("brainwave0000001");
    expect(sys(mira).wounds.stressed).toBe(true);
    expect(mira.getFlag("terran-engine", "scene")).toEqual([
      expect.objectContaining({ advancement: "brainwave", kind: "spent", modifier: null }),
    ]);
    const stored = posted();
    if (stored.kind !== "result") throw new Error("not a result card");
    expect(stored.state).toMatchObject({ tone: "dark", noteKey: "TERRAN.Activation.brainwaveFail" });
    expect(stored.state.lines.at(-1)).toMatchObject({
      labelKey: "TERRAN.Activation.wound",
      valueKey: "TERRAN.Wound.stressed",
    });
  });

  it("R-ADV-2 (stand-ins): Nova's Fail keeps the depleted suit until the scene ends; no dice modifier", async () => {
    const mira = hero({ attunement: 1 });
    nextFaces.push(2);
    await mira.activateAdvancement("nova000000000001");
    expect(mira.getFlag("terran-engine", "scene")).toEqual([
      expect.objectContaining({ advancement: "nova", kind: "depleted", modifier: null }),
    ]);
    expect(readCharacter(mira.characterState()).modifiers).toEqual([]);
  });

  it("R-ADV-2 (stand-ins): while depleted, Nova again is refused with the reason before any die is thrown, and End on it too; the end of the scene reopens it", async () => {
    const mira = hero({ attunement: 1 });
    nextFaces.push(2);
    await mira.activateAdvancement("nova000000000001");
    const cards = world.created.length;
    nextFaces.push(6);
    expect(await mira.activateAdvancement("nova000000000001")).toBeNull();
    expect(world.warnings.at(-1)).toBe("TERRAN.Card.Reason.depleted");
    expect(nextFaces).toEqual([6]);
    expect(world.created).toHaveLength(cards);
    expect(await mira.endScene("nova")).toBeNull();
    expect(world.warnings.at(-1)).toBe("TERRAN.Card.Reason.depletedEnd");
    expect(mira.getFlag("terran-engine", "scene")).toEqual([expect.objectContaining({ kind: "depleted" })]);
    await mira.endScene();
    expect(await mira.activateAdvancement("nova000000000001")).toMatchObject({ band: "success" });
  });

  it("R-ADV-1 (stand-ins, ruling): a Brainwave Fail while already Hazed cannot be rolled again for free in the same scene", async () => {
    const mira = hero({ attunement: 2, stressed: true });
    nextFaces.push(1, 2);
    await mira.activateAdvancement("brainwave0000001");
    nextFaces.push(6, 6);
    expect(await mira.activateAdvancement("brainwave0000001")).toBeNull();
    expect(world.warnings.at(-1)).toBe("TERRAN.Card.Reason.usedThisScene");
    expect(nextFaces).toEqual([6, 6]);
  });

  it("R-ADV-1 (stand-ins): refused for an advancement that is not rolled, and for a user who does not own the character; nothing is rolled or stored", async () => {
    const mira = hero({ items: [advancementItem("fast", "Fast", "fast000000000001")] });
    nextFaces.push(6, 6);
    expect(await mira.activateAdvancement("fast000000000001")).toBeNull();
    expect(world.created).toEqual([]);
    expect(nextFaces).toEqual([6, 6]);
    expect(world.notices.at(-1)?.level).toBe("warn");

    const ash = hero({ isOwner: false });
    expect(await ash.activateAdvancement("brainwave0000001")).toBeNull();
    expect(ash.getFlag("terran-engine", "scene")).toBeUndefined();
  });

  it("R-ADV-1 (stand-ins): TerranEngine.endScene() ends every character's scene effects the user may change; endScene(actor) one", async () => {
    world.user = makeGm();
    const mira = hero();
    const ash = hero();
    const actors = new WorldCollectionStub<ActorStub>();
    actors.add(mira as unknown as ActorStub);
    actors.add(ash as unknown as ActorStub);
    world.collections.actors = actors;
    nextFaces.push(6, 6, 5, 5);
    await mira.activateAdvancement("brainwave0000001");
    await ash.activateAdvancement("brainwave0000001");
    await api.endScene(mira);
    expect(mira.getFlag("terran-engine", "scene")).toEqual([]);
    expect(ash.getFlag("terran-engine", "scene")).toHaveLength(1);
    await api.endScene();
    expect(ash.getFlag("terran-engine", "scene")).toEqual([]);
  });

  describe("R-ADV-2 Tesla on a failed Risky card", () => {
    const teslaLine = { id: "modifier" as const, label: TESLA_LABEL, dice: 1, rule: "R-POOL-2" };
    function failedCard(actorUuid: string, lines = [teslaLine]) {
      const fresh = card([2, 1], [], {
        actorUuid,
        pool: pool(2, 0, lines),
        weapon: { name: "Shock baton", rank: 1, tags: [], twoHanded: false },
        combat: true,
      });
      return confirmEffect(fresh, ROLLER, [], fresh.version);
    }

    it("R-ADV-2 R-HARM-1…3 (stand-ins): the button rolls 2d (highest kept) against the roller's character, harms once, and the card then disables it", async () => {
      const mira = hero({ grit: 5 });
      const msg = message({ kind: "risky", state: failedCard(mira.uuid) });
      nextFaces.push(4, 2);
      await click(msg, '[data-action="tesla-backlash"]');
      expect(sys(mira).grit.value).toBe(1);
      expect(msg.getFlag("terran-engine", "tesla")).toMatchObject({
        effect: 4,
        damage: 4,
        gritBefore: 5,
        gritAfter: 1,
        wound: null,
      });
      const tesla = posted();
      if (tesla.kind !== "result") throw new Error("not a result card");
      expect(tesla.state).toMatchObject({ titleKey: "TERRAN.Activation.Tesla.title", tone: "dark" });
      // Drawn again: disabled with the reason; a click on an old drawing is refused and harms nothing.
      const button = (await shown(msg)).querySelector('[data-action="tesla-backlash"]');
      expect(isClosed(button)).toBe(true);
      expect(button?.getAttribute("title")).toBe("Tesla's Effect has already been taken from this roll.");
      nextFaces.push(6, 6, 6, 1);
      await mira.takeTeslaBacklash(msg.id);
      expect(sys(mira).grit.value).toBe(1);
      expect(nextFaces).toEqual([6, 6, 6, 1]);
    });

    it("R-ADV-2 R-RA-3 (stand-ins): a 6 explodes; the total goes through armour-less harm and marks the wound the player picks", async () => {
      const mira = hero({ grit: 3 });
      const msg = message({ kind: "risky", state: failedCard(mira.uuid) });
      nextFaces.push(6, 1, 2); // kept 6, chain 2: Effect 8
      world.dialogAnswers.push("broken");
      await click(msg, '[data-action="tesla-backlash"]');
      expect(sys(mira).grit.value).toBe(0);
      expect(sys(mira).wounds.broken).toBe(true);
      expect(msg.getFlag("terran-engine", "tesla")).toMatchObject({ effect: 8, wound: "broken" });
    });

    it("R-ADV-2 (stand-ins): no Tesla button on a Fail without Tesla's +1d, nor on a success", async () => {
      const mira = hero();
      const without = message({ kind: "risky", state: failedCard(mira.uuid, []) });
      expect((await shown(without)).querySelector('[data-action="tesla-backlash"]')).toBeNull();
      const success = card([6, 1], [], { actorUuid: mira.uuid, pool: pool(2, 0, [teslaLine]) });
      expect(
        (await shown(message({ kind: "risky", state: success }))).querySelector('[data-action="tesla-backlash"]'),
      ).toBeNull();
    });

    it("R-ADV-2 (stand-ins): before the dice are confirmed the button is disabled, and another player may not press it", async () => {
      const mira = hero({ grit: 5 });
      const fresh = card([2, 1], [], { actorUuid: mira.uuid, pool: pool(2, 0, [teslaLine]) });
      const msg = message({ kind: "risky", state: fresh });
      expect((await shown(msg)).querySelector('[data-action="tesla-backlash"]')?.getAttribute("title")).toBe(
        "Confirm the dice first.",
      );
      const confirmed = message({ kind: "risky", state: failedCard(mira.uuid) });
      world.user = { id: "player2", isGM: false, targets: new Set() };
      expect((await shown(confirmed)).querySelector('[data-action="tesla-backlash"]')?.getAttribute("title")).toBe(
        "Only the player who rolled, or a GM, can do this.",
      );
      nextFaces.push(4, 4);
      await mira.takeTeslaBacklash(confirmed.id);
      expect(sys(mira).grit.value).toBe(5);
    });
  });
});

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] the character sheet's activation controls", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
  });

  it("R-ADV-1 (stand-ins): Activate on Brainwave's row rolls and shows its +1d; End the scene on the sheet removes it", async () => {
    const mira = sheetHero({ attributes: { attunement: 1 } });
    const brainwave = advancementItemDoc("brainwave", stubOf(mira));
    const sheet = await open(CharacterSheet, mira);
    await clickSheet(sheet, '[data-action="tab"][data-tab="items"]');
    nextFaces.push(5);
    await clickSheet(sheet, `li[data-item-id="${brainwave.id}"] [data-action="activateAdvancement"]`);
    expect(mira.sceneEffects).toMatchObject([{ advancement: "brainwave", kind: "bonus" }]);
    await sheet.render();
    expect(find(sheet, `li[data-item-id="${brainwave.id}"] [data-advancement="brainwave"]`).textContent).toContain(
      "+1d",
    );
    await clickSheet(sheet, '.te-scene [data-action="endScene"]');
    expect(mira.sceneEffects).toEqual([]);
    await sheet.render();
    expect(sheet.element.querySelector(".te-scene")).toBeNull();
  });
});
