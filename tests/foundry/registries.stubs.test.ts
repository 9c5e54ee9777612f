/**
 * The FOUNDRY STAND-INS' registries (tests/stubs/registries.ts) refuse what the docs make invalid, so the
 * boot test (tests/guards/boot.test.ts) cannot pass on a registration Foundry would not take. Foundry's
 * own checks are not exercised: each refusal's evidence, and where the stand-in is stricter than what is
 * verified, is beside it in the stand-in.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import {
  ApplicationStub,
  ActorSheetStub,
  GENERATIONS,
  ItemSheetStub,
  resetWorld,
  world,
} from "../stubs/foundry-client.ts";

type Register = (namespace: unknown, key: unknown, data: unknown) => void;
type RegisterSheet = (scope: unknown, sheetClass: unknown, options?: unknown) => void;

const settings = (): { register: Register } =>
  (Reflect.get(globalThis, "game") as { settings: { register: Register } }).settings;
const collections = (): { Actors: { registerSheet: RegisterSheet }; Items: { registerSheet: RegisterSheet } } =>
  (Reflect.get(globalThis, "foundry") as { documents: { collections: ReturnType<typeof collections> } }).documents
    .collections;

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] the registries init fills", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
  });

  it("(stand-ins) game.settings.register records a setting under namespace.key with its config; resetWorld forgets it", () => {
    settings().register("terran-engine", "darkDiceMax", { scope: "world", config: true, type: Number, default: 10 });
    expect(world.settingConfigs.get("terran-engine.darkDiceMax")).toMatchObject({
      scope: "world",
      default: 10,
      namespace: "terran-engine",
      key: "darkDiceMax",
      id: "terran-engine.darkDiceMax",
    });
    resetWorld(generation);
    expect(world.settingConfigs.size).toBe(0);
  });

  it("(stand-ins) game.settings.register refuses a missing namespace or key, and a scope other than world, client or user", () => {
    expect(() => settings().register("", "x", { scope: "world" })).toThrow(/namespace and a key/);
    expect(() => settings().register("terran-engine", undefined, { scope: "world" })).toThrow(/namespace and a key/);
    expect(() => settings().register("terran-engine", "x", { scope: "global" })).toThrow(/scope "global"/);
    expect(() => settings().register("terran-engine", "x", {})).toThrow(/scope undefined/);
    for (const scope of ["world", "client", "user"]) settings().register("terran-engine", scope, { scope });
    expect([...world.settingConfigs.keys()]).toEqual([
      "terran-engine.world",
      "terran-engine.client",
      "terran-engine.user",
    ]);
  });

  it("(stand-ins) registerSheet records a document sheet for declared sub-types, with makeDefault and label", () => {
    class Sheet extends ActorSheetStub {}
    collections().Actors.registerSheet("terran-engine", Sheet, { types: ["character"], makeDefault: true, label: "L" });
    collections().Items.registerSheet("terran-engine", ItemSheetStub, { types: ["weapon", "armour"] });
    expect(world.sheets).toEqual([
      {
        documentName: "Actor",
        scope: "terran-engine",
        sheetClass: Sheet,
        types: ["character"],
        makeDefault: true,
        label: "L",
      },
      {
        documentName: "Item",
        scope: "terran-engine",
        sheetClass: ItemSheetStub,
        types: ["weapon", "armour"],
        makeDefault: false,
        label: undefined,
      },
    ]);
  });

  it("(stand-ins) registerSheet refuses a class that is not a document sheet, no sub-types, and a sub-type system.json does not declare", () => {
    expect(() =>
      collections().Actors.registerSheet("terran-engine", ApplicationStub, { types: ["character"] }),
    ).toThrow(/DocumentSheetV2/);
    expect(() =>
      collections().Actors.registerSheet("terran-engine", () => undefined, { types: ["character"] }),
    ).toThrow(/DocumentSheetV2/);
    expect(() => collections().Actors.registerSheet("terran-engine", ActorSheetStub, {})).toThrow(/no sub-types/);
    expect(() => collections().Actors.registerSheet("terran-engine", ActorSheetStub, { types: ["npc"] })).toThrow(
      /npc not declared/,
    );
    expect(() => collections().Items.registerSheet("terran-engine", ItemSheetStub, { types: ["character"] })).toThrow(
      /character not declared in system.json documentTypes.Item/,
    );
    expect(() => collections().Items.registerSheet("", ItemSheetStub, { types: ["weapon"] })).toThrow(/no scope/);
    expect(world.sheets).toEqual([]);
  });
});
