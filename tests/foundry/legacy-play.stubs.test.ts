// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts: dice from the stand-in Roll's
 * `nextFaces`, scripted DialogV2 answers, stand-in actors whose updates are recorded, the ApplicationV2
 * stand-in rendering the real templates), on v13 and v14: Legacy in play — R-LEG-15 Sneak attack's and
 * Sniper's Effect die asked before the weapon's Effect roll, R-LEG-14 the montage from the Legacy dialog
 * against the one targeted Challenge, R-LEG-10 Challenges ganging up on the Challenge sheet's Roll Effect
 * and `TerranEngine.rollChallengeEffect`. It checks what OUR code asks, rolls, stores and posts; not
 * Foundry's dice, dialogs, targeting or chat.
 */
import "../stubs/foundry-client.ts";
import { legacyEffectCard, legacyRiskyCard } from "../../src/chat/legacy-cards.ts";
import { montageCard } from "../../src/chat/legacy-montage-card.ts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  GENERATIONS,
  makeGm,
  resetWorld,
  world,
  type ActorStub,
  type ApplicationStub,
} from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import type { StoredCard } from "../../src/documents/chat-message.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { AdvancementData } from "../../src/data/item/advancement.ts";
import { ArmourData } from "../../src/data/item/armour.ts";
import { ConditionData } from "../../src/data/item/condition.ts";
import { WeaponData } from "../../src/data/item/weapon.ts";
import { TerranActor } from "../../src/documents/actor.ts";
import { TerranItem } from "../../src/documents/item.ts";
import { rollLegacyEffect } from "../../src/documents/legacy-actions.ts";
import { rollLegacyMontage } from "../../src/documents/legacy-play.ts";
import { SeparateRollDialog } from "../../src/applications/resolution/separate-dialog.ts";
import { ChallengeSheet } from "../../src/applications/sheets/challenge/challenge-sheet.ts";
import { api } from "../../src/api.ts";
import { QUERIES, registerQueries } from "../../src/relay/queries.ts";
import { english } from "../support/templates.ts";
import type { ResultCardView } from "../../src/chat/index.ts";
import { character } from "../documents/operations/fixtures.ts";
import { challenge, click, open, settle } from "./sheet-harness.ts";
import { legacyValuesOf } from "../fixtures/legacy-values.ts";

type ModelClass = ConstructorParameters<typeof ActorStub>[0]["model"];
const config = Reflect.get(globalThis, "CONFIG") as Record<string, unknown>;
const MAIN = 'tr[data-facet=""]';

/** A Legacy character: Strength 2, Violence 1, Ego 3, holding the given advancements and a Normal sword. */
async function fighter(advancements: readonly string[] = []): Promise<TerranActor> {
  const actor = Reflect.construct(TerranActor, [
    {
      name: "Mira",
      type: "character",
      model: CharacterData as unknown as ModelClass,
      source: structuredClone(character()),
    },
  ]) as TerranActor;
  await actor.update({
    "system.ratings.attributes.strength": 2,
    "system.ratings.attributes.insight": 1,
    "system.ratings.skills.violence": 1,
    "system.ratings.ego.value": 3,
    "system.hitPoints.value": 4,
  } as never);
  await actor.createEmbeddedDocuments("Item", [
    {
      name: "Sword",
      type: "weapon",
      system: {
        rank: 2,
        ranges: ["contact"],
        tags: ["versatile"],
        customTags: [],
        twoHanded: false,
        equipped: true,
        description: "",
      },
    },
    ...advancements.map((key) => ({
      name: key,
      type: "advancement",
      system: {
        key,
        source: "legacy",
        cult: "",
        dice: [{ id: key, dice: 1, label: `TERRAN.Mod.${key}`, appliesTo: ["any"], situational: true }],
        flags: [],
        developed: "",
        specialty: "",
        requiresMutations: 0,
        description: "",
      },
    })),
  ] as never);
  stub(actor).updates.length = 0;
  world.created.length = 0;
  return actor;
}

const stub = (actor: TerranActor): ActorStub => actor as unknown as ActorStub;
const legacyOf = (actor: TerranActor) => legacyValuesOf((actor.system as CharacterData).toObject());

function lastCard(): StoredCard {
  const flags = world.created.at(-1)?.flags as Record<string, { card?: StoredCard }> | undefined;
  const card = flags?.["terran-engine"]?.card;
  if (!card) throw new Error("no card was posted");
  return card;
}

function lastResult(): ResultCardView {
  const card = lastCard();
  // The Legacy Risky and Effect cards keep their result card's view as `roll` (src/chat/legacy-*-card.ts).
  if (card.kind === "legacyRisky") return legacyRiskyCard(card.state.roll);
  if (card.kind === "legacyEffect") return legacyEffectCard(card.state.roll);
  if (card.kind === "legacyMontage") return montageCard(card.state.roll);
  if (card.kind !== "result") throw new Error(`a ${card.kind} card, not a result card`);
  return card.state;
}

const buttons = (dialog: Record<string, unknown> | undefined): unknown[] =>
  ((dialog?.buttons ?? []) as { action: string }[]).map((b) => b.action);

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] Legacy in play", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    world.settings.set("ruleset", "legacy");
    registerQueries();
    config.Item = {
      documentClass: TerranItem,
      dataModels: { weapon: WeaponData, armour: ArmourData, advancement: AdvancementData, condition: ConditionData },
    };
  });

  describe("R-LEG-15 Sneak attack and Sniper", () => {
    it("R-LEG-15 (stand-ins): holding Sneak attack, the Effect roll first asks, offering only what is held; the answer throws one more die and the card says why", async () => {
      const mira = await fighter(["sneakAttack"]);
      const sword = mira.items.find((i) => i.name === "Sword");
      world.dialogAnswers.push("sneakAttack");
      nextFaces.push(2, 5);
      const effect = await rollLegacyEffect(mira, sword?.id ?? "");
      expect(world.dialogs).toHaveLength(1);
      expect(buttons(world.dialogs[0])).toEqual(["none", "sneakAttack"]);
      expect(effect).toMatchObject({ faces: [2, 5], kept: 5, total: 5 });
      expect(lastResult().lines).toContainEqual({
        labelKey: "TERRAN.Card.Legacy.extraDie",
        value: "",
        valueKey: "TERRAN.Dialog.Legacy.edgeSneakAttack",
        n: null,
      });
      expect(world.warnings).toEqual([]);
    });

    it('R-LEG-15 (stand-ins, ruling): holding both, each is offered and "both" too; one adds one die, both add two; "no" throws the weapon\'s dice only, with no extra line', async () => {
      const mira = await fighter(["sniper", "sneakAttack"]);
      const sword = mira.items.find((i) => i.name === "Sword");
      world.dialogAnswers.push("none");
      nextFaces.push(4);
      expect(await rollLegacyEffect(mira, sword?.id ?? "")).toMatchObject({ faces: [4], total: 4 });
      expect(buttons(world.dialogs[0])).toEqual(["none", "sneakAttack", "sniper", "both"]);
      expect(lastResult().lines.some((l) => l.labelKey === "TERRAN.Card.Legacy.extraDie")).toBe(false);
      // Sniper picked: two dice, the 6 kept and exploding once.
      world.dialogAnswers.push("sniper");
      nextFaces.push(6, 1, 3);
      expect(await rollLegacyEffect(mira, sword?.id ?? "")).toMatchObject({ faces: [6, 1], chain: [3], total: 9 });
      expect(lastResult().lines).toContainEqual(
        expect.objectContaining({ valueKey: "TERRAN.Dialog.Legacy.edgeSniper" }),
      );
      // Unaware and aimed at: both advancements count, three dice (as the attack had +2d), each named.
      world.dialogAnswers.push("both");
      nextFaces.push(2, 5, 3);
      expect(await rollLegacyEffect(mira, sword?.id ?? "")).toMatchObject({ faces: [2, 5, 3], kept: 5, total: 5 });
      const extra = lastResult().lines.filter((l) => l.labelKey === "TERRAN.Card.Legacy.extraDie");
      expect(extra.map((l) => l.valueKey)).toEqual([
        "TERRAN.Dialog.Legacy.edgeSneakAttack",
        "TERRAN.Dialog.Legacy.edgeSniper",
      ]);
    });

    it("R-LEG-15 (stand-ins): none held, nothing is asked; the prompt closed rolls nothing; an edge not held is refused with a warning", async () => {
      const plain = await fighter();
      const sword = plain.items.find((i) => i.name === "Sword");
      nextFaces.push(3);
      expect(await rollLegacyEffect(plain, sword?.id ?? "")).toMatchObject({ faces: [3] });
      expect(world.dialogs).toEqual([]);

      const mira = await fighter(["sneakAttack"]);
      const hers = mira.items.find((i) => i.name === "Sword");
      expect(await rollLegacyEffect(mira, hers?.id ?? "")).toBeNull();
      expect(world.created).toEqual([]);
      expect(await rollLegacyEffect(mira, hers?.id ?? "", ["sniper"])).toBeNull();
      expect(world.warnings).toHaveLength(1);
      expect(world.created).toEqual([]);
    });
  });

  describe("R-LEG-14 the montage", () => {
    const wolfSource = { tier: "dangerous" as const, n: 4, dice: 1, halved: false };

    it("R-LEG-14 (stand-ins): the Challenge's Effect first, the pool less its complication, ONE card, the Ego at 2 per costly die in ONE update", async () => {
      const mira = await fighter();
      const wolf = { ...wolfSource, uuid: "Actor.wolf", name: "Wolf pack" };
      // The Challenge throws 5 (−1d): a pool of 3 throws 2 light; the dark 1 (≤ Ego 3) costs 2, the 5 nothing.
      nextFaces.push(5, 4, 2, 1, 5);
      await rollLegacyMontage(mira, {
        attribute: "strength",
        skill: "violence",
        raw: 3,
        dark: 2,
        challenge: wolf,
        messageMode: "public",
      });
      expect(world.created).toHaveLength(1);
      const card = lastResult();
      expect(card).toMatchObject({
        titleKey: "TERRAN.Card.Montage.title",
        noteKey: "TERRAN.Card.Montage.band.partial",
      });
      expect(card.dice.map((d) => d.face)).toEqual([5, 4, 2, 1, 5]);
      expect(card.lines).toContainEqual(
        expect.objectContaining({ labelKey: "TERRAN.Card.Montage.complication", value: "\u22121d" }),
      );
      expect(card.lines).toContainEqual(
        expect.objectContaining({ labelKey: "TERRAN.Card.Montage.ego", value: "3 \u2192 1", n: 2 }),
      );
      expect(stub(mira).updates).toHaveLength(1);
      expect(legacyOf(mira)).toMatchObject({ ego: { value: 1 }, egoLost: 2 });
      expect((world.created[0]?.rolls as unknown[]).length).toBe(2);
    });

    it("R-LEG-14 (stand-ins): an exploding Challenge Effect can take the whole pool: nothing thrown, the Challenge wins, no Ego spent", async () => {
      const mira = await fighter();
      nextFaces.push(6, 6, 1);
      await rollLegacyMontage(mira, {
        attribute: "strength",
        skill: "",
        raw: 2,
        dark: 0,
        challenge: { ...wolfSource, uuid: "Actor.wolf", name: "Wolf pack" },
        messageMode: "public",
      });
      expect(lastResult()).toMatchObject({ noteKey: "TERRAN.Card.Montage.noDice", tone: "dark" });
      expect(stub(mira).updates).toEqual([]);
    });

    /** Opens the Legacy dialog on Strength for `mira`, its root, and a way to tick one of its boxes. */
    async function montageDialog(mira: TerranActor) {
      const dialog = new SeparateRollDialog({ actor: mira, attribute: "strength" }) as unknown as ApplicationStub;
      await (dialog as unknown as SeparateRollDialog).render({ force: true });
      const root = () => dialog.element;
      const tick = async (name: string) => {
        const box = root().querySelector<HTMLInputElement>(`input[name="${name}"]`);
        if (!box) throw new Error(`no ${name} box`);
        box.checked = true;
        box.dispatchEvent(new Event("change", { bubbles: true }));
        await settle();
      };
      const rollButton = () => root().querySelector<HTMLButtonElement>(".rd-roll");
      return { root, tick, rollButton };
    }

    it("R-LEG-14 (stand-ins): a player's montage asks the active GM, who agrees in their own dialog; only then is it rolled", async () => {
      const mira = await fighter();
      const wolf = challenge(wolfSource);
      world.gm = makeGm();
      world.user.targets = new Set([{ actor: wolf }, { actor: stub(mira) }]);
      const { root, tick, rollButton } = await montageDialog(mira);
      expect(root().querySelector(".rd-montage-target")?.textContent).toBe("Wolf");
      await tick("montage");
      expect(root().querySelector('input[name="safe"]')).toBeNull(); // not the player's to tick
      expect(rollButton()?.disabled).toBe(false);
      world.dialogAnswers.push(true); // the GM's yes
      // Strength 2, no skill: the Challenge throws 2 (no complication), then 2 light dice.
      nextFaces.push(2, 6, 1);
      rollButton()?.click();
      await vi.waitFor(() => expect(world.created).toHaveLength(1));
      expect(world.gm.queries).toEqual([
        {
          name: QUERIES.montageWord,
          data: { askerId: "player1", actorUuid: mira.uuid, challengeUuid: wolf.uuid },
        },
      ]);
      expect(world.dialogs).toHaveLength(1);
      expect(world.dialogs[0]?.shownTo).toBe("gm");
      expect(lastResult()).toMatchObject({
        titleKey: "TERRAN.Card.Montage.title",
        noteKey: "TERRAN.Card.Montage.band.success",
      });
      expect(lastResult().lines[0]).toMatchObject({ labelKey: "TERRAN.Card.Montage.challenge", value: "Wolf" });
    });

    it("R-LEG-14 (stand-ins): the GM refuses: nothing is rolled, the player is told why, and the dialog stays open to roll otherwise", async () => {
      const mira = await fighter();
      world.gm = makeGm();
      world.user.targets = new Set([{ actor: challenge(wolfSource) }]);
      const { tick, rollButton } = await montageDialog(mira);
      await tick("montage");
      world.dialogAnswers.push(false); // the GM's no
      rollButton()?.click();
      await vi.waitFor(() => expect(world.warnings).toEqual(["TERRAN.Card.Reason.montageRefused"]));
      await settle();
      expect(world.created).toEqual([]);
      expect(stub(mira).updates).toEqual([]);
      expect(rollButton()?.disabled).toBe(false);
    });

    it("R-LEG-14 (stand-ins): with no GM online the montage cannot start: Roll is closed and says why, and nothing is asked", async () => {
      const mira = await fighter();
      world.user.targets = new Set([{ actor: challenge(wolfSource) }]);
      const { root, tick, rollButton } = await montageDialog(mira);
      await tick("montage");
      expect(rollButton()?.getAttribute("aria-disabled")).toBe("true");
      expect(root().querySelector(".rd-blocked")?.textContent).toBe(english("TERRAN.Dialog.Legacy.montageNoGm"));
      // Pressed anyway (it keeps the focus, so the keyboard reaches its reason): it says why, and nothing is rolled.
      rollButton()?.click();
      await settle();
      expect(world.warnings).toEqual(["TERRAN.Dialog.Legacy.montageNoGm"]);
      expect(world.created).toEqual([]);
    });

    it("R-LEG-14 (stand-ins): a GM who rolls gives the word in place: the box is theirs, and nothing is asked", async () => {
      world.user = { id: "gm", isGM: true, targets: new Set() };
      world.gm = makeGm();
      const mira = await fighter();
      world.user.targets = new Set([{ actor: challenge(wolfSource) }]);
      const { tick, rollButton } = await montageDialog(mira);
      await tick("montage");
      expect(rollButton()?.getAttribute("aria-disabled")).toBe("true");
      await tick("safe");
      expect(rollButton()?.hasAttribute("aria-disabled")).toBe(false);
      nextFaces.push(2, 6, 1);
      rollButton()?.click();
      await vi.waitFor(() => expect(world.created).toHaveLength(1));
      expect(world.gm.queries).toEqual([]);
      expect(world.dialogs).toEqual([]);
    });

    it("R-LEG-14 (stand-ins): the GM's side trusts nothing it is sent: a malformed request, a GM's or an unknown id, another's character, a non-Challenge, a world without montages — each refused before the GM is asked", async () => {
      const mira = await fighter();
      const wolf = challenge(wolfSource);
      const ash = await fighter();
      stub(ash).ownership = { default: 0 }; // nobody's but the GM's
      world.gm = makeGm();
      world.user = world.gm;
      const handler = (config.queries as Record<string, (d: unknown, o: object) => Promise<unknown>>)[
        QUERIES.montageWord
      ];
      if (!handler) throw new Error("the montage query is not registered");
      const good = { askerId: "player1", actorUuid: mira.uuid, challengeUuid: wolf.uuid };
      const refused = async (data: unknown) => {
        const answer = (await handler(data, {})) as { ok: boolean; data?: { reason?: string } };
        expect(answer.ok, JSON.stringify(data)).toBe(false);
        return answer.data?.reason;
      };
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      expect(await refused(null)).toBe("badRequest");
      expect(await refused({ ...good, actorUuid: "Actor.<script>" })).toBe("badRequest");
      expect(await refused({ ...good, challengeUuid: 7 })).toBe("badRequest");
      expect(await refused({ ...good, askerId: "gm" })).toBe("badRequest");
      expect(await refused({ ...good, askerId: "nobody" })).toBe("badRequest");
      expect(await refused({ ...good, actorUuid: ash.uuid })).toBe("notActorOwner");
      expect(await refused({ ...good, actorUuid: "Actor.missing" })).toBe("notActorOwner");
      expect(await refused({ ...good, challengeUuid: mira.uuid })).toBe("noChallenge");
      world.settings.set("ruleset", "core");
      expect(await refused(good)).toBe("noMontage");
      warn.mockRestore();
      expect(world.dialogs).toEqual([]);
      world.settings.set("ruleset", "legacy");
      world.dialogAnswers.push(true);
      expect(await handler(good, {})).toMatchObject({ ok: true, outcome: { agreed: true } });
      expect(world.dialogs).toHaveLength(1);
    });

    it("R-LEG-14 (stand-ins): two Challenges targeted, or a dialog answering a GM's request: no montage is offered", async () => {
      const mira = await fighter();
      world.user.targets = new Set([
        { actor: challenge(wolfSource) },
        { actor: challenge({ ...wolfSource, tier: "serious", dice: 2 }) },
      ]);
      const two = new SeparateRollDialog({ actor: mira, attribute: "strength" });
      await two.render({ force: true });
      expect((two as unknown as ApplicationStub).element.querySelector(".rd-montage")).toBeNull();
      // One Challenge, but the dialog answers a GM's request: the request asked for one Risky Action.
      world.user.targets = new Set([{ actor: challenge(wolfSource) }]);
      const answering = new SeparateRollDialog({
        actor: mira,
        attribute: "strength",
        answers: { requestId: "r1", actorUuid: mira.uuid },
      });
      await answering.render({ force: true });
      expect((answering as unknown as ApplicationStub).element.querySelector(".rd-montage")).toBeNull();
    });
  });

  describe("R-LEG-9 the dialog's closed steppers", () => {
    it("R-LEG-9 (stand-ins): a closed end of a stepper keeps the focus with its reason; pressed, it says why and changes nothing", async () => {
      const mira = await fighter();
      const dialog = new SeparateRollDialog({ actor: mira, attribute: "strength" }) as unknown as ApplicationStub & {
        renders: number;
      };
      await (dialog as unknown as SeparateRollDialog).render({ force: true });
      const down = dialog.element.querySelector<HTMLButtonElement>('[data-action="darkDown"]');
      expect(down?.disabled).toBe(false); // focusable
      expect(down?.getAttribute("aria-disabled")).toBe("true"); // no Dark Die to take away
      expect(down?.getAttribute("data-tooltip")).toBe("There are no Dark Dice to take away.");
      const renders = dialog.renders;
      down?.click();
      await settle();
      expect(world.warnings).toEqual(["There are no Dark Dice to take away."]);
      expect(dialog.renders).toBe(renders);
      expect(dialog.element.querySelector(".rd-dark-count")?.textContent).toBe("0");
    });
  });

  describe("R-LEG-10 Challenges ganging up", () => {
    it("R-LEG-10 (stand-ins): in a Legacy world Roll Effect asks how many gang up; three Dangerous throw Serious's 2 dice and the card says so", async () => {
      world.user = { id: "gm", isGM: true, targets: new Set() };
      const wolf = challenge({ tier: "dangerous", dice: 1 });
      const sheet = await open(ChallengeSheet, wolf);
      world.dialogAnswers.push(3);
      nextFaces.push(4, 2);
      await click(sheet, `${MAIN} [data-action="rollEffect"]`);
      expect(String(world.dialogs[0]?.content)).toMatch(/value="1"/);
      const card = lastCard();
      expect(card.kind === "challenge" && card.state).toMatchObject({
        faces: [4, 2],
        stats: { dice: 2, halved: false },
        tierKey: "TERRAN.ChallengeTier.serious",
        gangUp: 3,
      });
    });

    it("R-LEG-10 (stand-ins): one alone rolls its own dice and stores no count; closing the prompt rolls nothing", async () => {
      world.user = { id: "gm", isGM: true, targets: new Set() };
      const wolf = challenge({ tier: "dangerous", dice: 1 });
      const sheet = await open(ChallengeSheet, wolf);
      await click(sheet, `${MAIN} [data-action="rollEffect"]`);
      expect(world.created).toEqual([]);
      world.dialogAnswers.push(1);
      nextFaces.push(3);
      await click(sheet, `${MAIN} [data-action="rollEffect"]`);
      const card = lastCard();
      expect(card.kind === "challenge" && card.state).toMatchObject({
        faces: [3],
        tierKey: "TERRAN.ChallengeTier.dangerous",
      });
      expect(card.kind === "challenge" && "gangUp" in card.state).toBe(false);
    });

    it("R-LEG-10 (stand-ins): a Core world's Roll Effect asks nothing, and the API refuses a gang-up there with a warning", async () => {
      world.settings.set("ruleset", "core");
      world.user = { id: "gm", isGM: true, targets: new Set() };
      const wolf = challenge({ tier: "dangerous", dice: 1 });
      const sheet = await open(ChallengeSheet, wolf);
      nextFaces.push(5);
      await click(sheet, `${MAIN} [data-action="rollEffect"]`);
      expect(world.dialogs).toEqual([]);
      expect(world.created).toHaveLength(1);
      await api.rollChallengeEffect(wolf as unknown as Actor.Implementation, null, 3);
      expect(world.warnings).toHaveLength(1);
      expect(world.created).toHaveLength(1);
      // In a Legacy world the API takes the count: five Formidable go to Fantastical 5.
      world.settings.set("ruleset", "legacy");
      const giant = challenge({ tier: "formidable", dice: 3 });
      nextFaces.push(1, 2, 3, 4, 5);
      await api.rollChallengeEffect(giant as unknown as Actor.Implementation, null, 5);
      const card = lastCard();
      expect(card.kind === "challenge" && card.state).toMatchObject({
        stats: { dice: 5 },
        tierKey: "TERRAN.ChallengeTier.fantastical",
        gangUp: 5,
      });
    });
  });
});
