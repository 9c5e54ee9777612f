/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts; dice come from the stand-in Roll's
 * `nextFaces`): the rolls that post a card — a Risky Action from the dialog's view (its roll, flags,
 * Ego spent), a Challenge's Effect with its chain, the Fortune die, and the creation rolls on
 * TerranActor. It checks what OUR code rolls, stores and posts; not Foundry's dice or chat.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { ActorStub, GENERATIONS, makeGm, resetWorld, world } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import { rollChallengeEffect, rollFortune } from "../../src/applications/chat/roll-other.ts";
import { rollRiskyAction } from "../../src/applications/dialogs/roll-dialog.ts";
import {
  applyChange,
  initialChoices,
  rollDialogModel,
  type RollDialogSettings,
  type RollDialogSubject,
} from "../../src/applications/dialogs/roll-dialog-model.ts";
import type { StoredCard } from "../../src/documents/chat-message.ts";
import { ChallengeData } from "../../src/data/actor/challenge.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { TerranActor } from "../../src/documents/actor.ts";
import { TerranRoll } from "../../src/dice/terran-roll.ts";
import { CORE } from "../../src/rules/index.ts";
import { character, type CharacterOptions } from "../documents/operations/fixtures.ts";

type ModelClass = ConstructorParameters<typeof ActorStub>[0]["model"];
const asModel = (cls: unknown): ModelClass => cls as ModelClass;
const SETTINGS: RollDialogSettings = { darkMax: 10, singleDieServesBoth: true, isGM: false };

function hero(options: CharacterOptions = {}): TerranActor {
  const actor: unknown = Reflect.construct(TerranActor, [
    { name: "Mira", type: "character", model: asModel(CharacterData), source: { ...character(options) } },
  ]);
  return actor as TerranActor;
}

const sys = (actor: TerranActor): CharacterData => actor.system as CharacterData;

/** The card of the last message posted. */
function posted(): StoredCard {
  const data = world.created.at(-1);
  const flags = data?.flags as Record<string, { card?: StoredCard }> | undefined;
  const stored = flags?.["terran-engine"]?.card;
  if (!stored) throw new Error("no card was posted");
  return stored;
}

function postedRolls(): unknown[] {
  const rolls = world.created.at(-1)?.rolls;
  return Array.isArray(rolls) ? rolls : [];
}

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] rolls that post a card", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
  });

  describe("[Foundry stand-ins] a Risky Action rolled from the dialog", () => {
    function rolled(actor: TerranActor, dark: number, extra: Parameters<typeof applyChange>[2][] = []) {
      const subject: RollDialogSubject = {
        ruleset: CORE,
        target: { kind: "attribute", attribute: "finesse" },
        weapon: null,
        state: actor.characterState(),
      };
      let choices = initialChoices(subject, SETTINGS);
      for (let i = 0; i < dark; i++) choices = applyChange(subject, choices, { action: "darkUp" }, SETTINGS);
      for (const change of extra) choices = applyChange(subject, choices, change, SETTINGS);
      return { subject, view: rollDialogModel(subject, choices, SETTINGS) };
    }

    it("R-POOL-1 R-EGO-2 (stand-ins): one TerranRoll of light and dark terms; the card holds the faces; Ego is spent at once", async () => {
      const mira = hero({ attributes: { finesse: 2 }, ego: { value: 4 } });
      const { subject, view } = rolled(mira, 2, [{ field: "messageMode", value: "gm" }]);
      nextFaces.push(5, 3, 2, 6); // light 5 3, dark 2 6
      await rollRiskyAction(mira, subject, view);
      const roll = postedRolls()[0];
      expect(roll).toBeInstanceOf(TerranRoll);
      expect((roll as TerranRoll).formula).toBe("2d6[light] + 2d6[dark]");
      expect((roll as TerranRoll).options).toMatchObject({
        "terran-engine": { actorUuid: mira.uuid, egoBefore: 4, light: 2, dark: 2, ruleset: "core" },
      });
      const stored = posted();
      if (stored.kind !== "risky") throw new Error("not a risky card");
      expect(stored.state).toMatchObject({
        light: [5, 3],
        dark: [2, 6],
        rollerId: "player1",
        actorUuid: mira.uuid,
        egoBefore: 4,
      });
      // R-EGO-2: the dark 2 is at or below Ego 4 and costs 1; the 6 does not.
      expect(stored.state.ego).toMatchObject({ cost: 1, spent: true });
      expect(sys(mira).ego.value).toBe(3);
      // Private GM roll: whispered to the GM (the mode API of this generation set it).
      expect(world.created.at(-1)).toMatchObject({ whisper: ["gm"], blind: false });
    });

    it("R-EGO-2 (stand-ins): with the world's auto-spend off, Ego stays and the card shows the cost unspent", async () => {
      world.settings.set("autoSpendEgo", false);
      const mira = hero({ attributes: { finesse: 1 }, ego: { value: 4 } });
      const { subject, view } = rolled(mira, 1);
      nextFaces.push(4, 1);
      await rollRiskyAction(mira, subject, view);
      const stored = posted();
      expect(stored.kind === "risky" && stored.state.ego).toMatchObject({ cost: 1, spent: false });
      expect(sys(mira).ego.value).toBe(4);
    });
  });

  describe("[Foundry stand-ins] a Challenge's Effect and the Fortune die", () => {
    function wolf(dice: number, facets: { dice: number; halved: boolean }[] = []): ActorStub {
      return new ActorStub({
        name: "Wolf",
        type: "challenge",
        model: asModel(ChallengeData),
        source: {
          tier: "dangerous",
          n: 4,
          disposition: { value: 8, max: 8 },
          dice,
          halved: false,
          armour: 0,
          notes: "",
          facets: facets.map((f, i) => ({
            name: `Facet ${i}`,
            tier: "trivial",
            n: 4,
            disposition: { value: 3, max: 3 },
            ...f,
          })),
        },
      });
    }

    it("R-CH-2 R-RA-3 (stand-ins): the Challenge's dice are thrown, a 6 rolls its chain at once, and both rolls go on the message", async () => {
      nextFaces.push(6, 2, 6, 3); // dice 6 2; the chain 6 then 3
      await rollChallengeEffect(wolf(2) as unknown as Actor.Implementation);
      const stored = posted();
      expect(stored.kind === "challenge" && stored.state).toMatchObject({
        faces: [6, 2],
        chain: [6, 3],
        challengeName: "Wolf",
      });
      expect(postedRolls()).toHaveLength(2);
    });

    it("R-CH-2 (stand-ins): no dice, a missing facet or a non-Challenge is a warning and nothing is posted", async () => {
      await rollChallengeEffect(wolf(0) as unknown as Actor.Implementation);
      await rollChallengeEffect(wolf(1) as unknown as Actor.Implementation, 3);
      await rollChallengeEffect(hero());
      expect(world.warnings).toEqual([
        "TERRAN.Error.no-dice",
        "TERRAN.Error.bad-selection",
        "TERRAN.Error.not-allowed",
      ]);
      expect(world.created).toEqual([]);
    });

    it("R-FORT-1 (stand-ins): the Fortune die posts its result card", async () => {
      nextFaces.push(5);
      await rollFortune(4);
      const stored = posted();
      expect(stored.kind === "result" && stored.state.tone).toBe("light");
      await rollFortune(9);
      expect(world.warnings).toEqual(["TERRAN.Error.out-of-range"]);
    });
  });

  describe("[Foundry stand-ins] creating a character from the actor", () => {
    it("R-CHAR-4 (stand-ins): the group dice are rolled once, kept on the actor and posted; a player cannot roll again, a GM can", async () => {
      const mira = hero();
      nextFaces.push(2, 5, 6);
      await expect(mira.rollCreationRatings()).resolves.toEqual({ insight: 2, prowess: 5, resolve: 6 });
      expect(mira.creationRoll).toEqual({ insight: 2, prowess: 5, resolve: 6 });
      expect(posted()).toMatchObject({ kind: "result", state: { titleKey: "TERRAN.Card.Creation.title" } });

      nextFaces.push(6, 6, 6);
      await expect(mira.rollCreationRatings()).resolves.toBeNull();
      expect(world.warnings).toEqual(["TERRAN.Error.already-rolled"]);
      expect(mira.creationRoll).toEqual({ insight: 2, prowess: 5, resolve: 6 });

      world.user = makeGm();
      await mira.rollCreationRatings();
      expect(mira.creationRoll).toEqual({ insight: 6, prowess: 6, resolve: 6 });
    });

    it("R-CHAR-4 (stand-ins): the kept roll's points are placed on the attributes; before the roll the player is told to roll first", async () => {
      const mira = hero();
      await expect(mira.placeCreationPoints({ intuition: 1 })).resolves.toBeNull();
      expect(world.warnings).toEqual(["TERRAN.Error.choice-required"]);
      nextFaces.push(2, 5, 6); // 1, 2 and 3 points
      await mira.rollCreationRatings();
      await mira.placeCreationPoints({ reason: 1, finesse: 2, attunement: 1, influence: 2 });
      expect(sys(mira).attributes).toMatchObject({
        intuition: 0,
        reason: 1,
        finesse: 2,
        exertion: 0,
        attunement: 1,
        influence: 2,
      });
      await expect(mira.placeCreationPoints({ reason: 1 })).resolves.toBeNull();
      expect(world.warnings.at(-1)).toBe("TERRAN.Error.bad-distribution");
    });

    it("R-CHAR-7 R-GRIT-1 R-EGO-1 (stand-ins): starting Grit and Ego become the roll, value and maximum, each with its card", async () => {
      const mira = hero({ grit: { value: 0, max: 0, dice: 2 }, ego: { value: 0, max: 0, dice: 1 } });
      nextFaces.push(2, 5);
      await mira.rollStartingGrit();
      expect(sys(mira).grit).toMatchObject({ value: 5, max: 5 });
      expect(posted()).toMatchObject({ state: { titleKey: "TERRAN.Card.Starting.Grit.title" } });
      nextFaces.push(3);
      await mira.rollStartingEgo();
      expect(sys(mira).ego).toMatchObject({ value: 3, max: 3 });
      expect(posted()).toMatchObject({ state: { titleKey: "TERRAN.Card.Starting.Ego.title" } });
    });
  });
});
