/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts): a pending Actor whose prototype token
 * holds the manifest's bars, as core gives every new actor. Checks OUR per-type default bars: a new
 * Challenge shows its Disposition, a character keeps Grit and Ego, and the world migration moves an
 * existing Challenge's bar — on both generations.
 */
import "../stubs/foundry-client.ts";
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { ActorStub, GENERATIONS, makeGm, resetWorld, world, type Generation } from "../stubs/foundry-client.ts";
import { ChallengeData } from "../../src/data/actor/challenge.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { migrateWorld } from "../../src/data/world-migration.ts";
import { TRACKABLE, tokenBarUpdate } from "../../src/data/token-bars.ts";
import { registerSettings } from "../../src/settings/settings.ts";

const manifest = JSON.parse(readFileSync(new URL("../../system.json", import.meta.url), "utf8")) as {
  primaryTokenAttribute: string;
  secondaryTokenAttribute: string;
};

/** A pending actor as core builds it: the manifest's primary and secondary bars on its prototype token. */
function pending(type: "character" | "challenge"): ActorStub {
  const actor = new ActorStub({
    name: type === "challenge" ? "Wolf" : "Ada",
    type,
    model: (type === "challenge" ? ChallengeData : CharacterData) as never,
    source: {},
  });
  actor.prototypeToken = {
    bar1: { attribute: manifest.primaryTokenAttribute },
    bar2: { attribute: manifest.secondaryTokenAttribute },
  };
  return actor;
}

async function preCreate(actor: ActorStub, data: Record<string, unknown>): Promise<void> {
  const system = actor.system as unknown as {
    _preCreate(data: unknown, options: unknown, user: unknown): Promise<unknown>;
  };
  await system._preCreate({ name: actor.name, type: actor.type, ...data }, {}, world.user);
}

describe.each(GENERATIONS)(
  "[Foundry stand-ins] v%i: every actor type gets a token bar it has",
  (generation: Generation) => {
    beforeEach(() => resetWorld(generation));

    it("R-CH-1: a new Challenge's token shows its Disposition, and no second bar", async () => {
      const wolf = pending("challenge");
      await preCreate(wolf, {});
      expect(wolf.prototypeToken).toEqual({ bar1: { attribute: "disposition" }, bar2: { attribute: null } });
    });

    it("a bar the creation data names and a Challenge has is kept", async () => {
      const wolf = pending("challenge");
      wolf.prototypeToken.bar1.attribute = "disposition";
      await preCreate(wolf, { prototypeToken: { bar1: { attribute: "disposition" } } });
      expect(wolf.prototypeToken.bar1.attribute).toBe("disposition");
    });

    it("R-GRIT-1 R-EGO-1: a new character keeps the manifest's Grit and Ego bars", async () => {
      const ada = pending("character");
      await preCreate(ada, {});
      expect(ada.prototypeToken).toEqual({ bar1: { attribute: "grit" }, bar2: { attribute: "ego" } });
    });

    it("R-LEG-4 R-LEG-7: in a Legacy world a new character's token shows HP and Ego (their derived maxima make them bars)", async () => {
      world.settings.set("ruleset", "legacy");
      const ada = pending("character");
      await preCreate(ada, {});
      expect(ada.prototypeToken).toEqual({ bar1: { attribute: "hitPoints" }, bar2: { attribute: "ratings.ego" } });
      const named = pending("character");
      await preCreate(named, { prototypeToken: { bar1: { attribute: "grit" } } });
      expect(named.prototypeToken).toEqual({ bar1: { attribute: "grit" }, bar2: { attribute: "ratings.ego" } });
    });

    it("R-LEG-4: Legacy's bars are offered for characters, and a character's hitPoints bar is kept by the migration", () => {
      expect(TRACKABLE.character?.bar).toEqual(expect.arrayContaining(["hitPoints", "ratings.ego"]));
      expect(tokenBarUpdate("character", { bar1: "hitPoints", bar2: "ratings.ego" })).toBeNull();
    });

    it("the world migration gives an existing Challenge whose bar names grit its Disposition bar", async () => {
      registerSettings();
      world.user = makeGm();
      world.settings.set("schemaVersion", 1);
      const wolf = pending("challenge");
      world.collections = {
        actors: { contents: [wolf], invalidDocumentIds: new Set() },
        items: { contents: [], invalidDocumentIds: new Set() },
      };
      await migrateWorld();
      expect(wolf.prototypeToken.bar1.attribute).toBe("disposition");
      expect(wolf.prototypeToken.bar2.attribute).toBeNull();
    });
  },
);
