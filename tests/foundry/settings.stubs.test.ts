/**
 * The FOUNDRY STAND-INS' `game.settings.set` (tests/stubs/foundry-client.ts `writeSetting`) refuses what
 * core refuses: a world setting written by a user who may not modify the world's settings, and a setting
 * `init` did not register. The evidence for each refusal is beside the stand-in. On v13 and v14.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GENERATIONS, makeGm, resetWorld, world } from "../stubs/foundry-client.ts";
import { HooksStub } from "../stubs/hooks.ts";
import { asAssistantWithoutSettings } from "./gm-builders.ts";

interface Settings {
  register(namespace: string, key: string, data: object): void;
  set(namespace: string, key: string, value: unknown): Promise<unknown>;
}
const settings = (): Settings => (Reflect.get(globalThis, "game") as { settings: Settings }).settings;

/** What a player's screen showed as an error. */
const errorsShown = (userId: string) => world.notices.filter((n) => n.userId === userId && n.level === "error");

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] game.settings.set", (generation) => {
  const onChange = vi.fn();
  const hooks: string[] = [];

  beforeEach(() => {
    resetWorld(generation);
    onChange.mockReset();
    hooks.length = 0;
    settings().register("terran-engine", "armour", { scope: "world", type: Boolean, default: false, onChange });
    settings().register("terran-engine", "tour", { scope: "client", type: Boolean, default: true, onChange });
    settings().register("terran-engine", "pins", { scope: "user", type: Boolean, default: false });
    for (const hook of ["createSetting", "updateSetting"])
      HooksStub.on(hook, (setting) => void hooks.push(`${hook} ${String((setting as { key: string }).key)}`));
  });

  it("(stand-ins) a player's write of a world setting is refused: rejected, shown as an error, nothing stored, no onChange, no hook", async () => {
    world.settings.set("armour", false);
    await expect(settings().set("terran-engine", "armour", true)).rejects.toThrow(
      "User player1 lacks permission to update Setting [terran-engine.armour]",
    );
    expect(world.settings.get("armour")).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
    expect(hooks).toEqual([]);
    expect(errorsShown("player1").map((n) => n.message)).toEqual([
      "User player1 lacks permission to update Setting [terran-engine.armour]",
    ]);
    // The first write of a world setting creates its Setting document: refused as a create.
    world.settings.delete("armour");
    await expect(settings().set("terran-engine", "armour", true)).rejects.toThrow(/lacks permission to create Setting/);
    expect(world.settings.has("armour")).toBe(false);
  });

  it("(stand-ins) a GM writes a world setting, and so does a player whose role is granted SETTINGS_MODIFY", async () => {
    world.user = makeGm();
    await settings().set("terran-engine", "armour", true);
    expect(world.settings.get("armour")).toBe(true);
    expect(onChange).toHaveBeenCalledWith(true);
    expect(hooks).toEqual(["createSetting terran-engine.armour"]);
    world.user = { id: "player2", isGM: false, targets: new Set(), granted: ["SETTINGS_MODIFY"] };
    await settings().set("terran-engine", "armour", false);
    expect(world.settings.get("armour")).toBe(false);
    expect(hooks).toEqual(["createSetting terran-engine.armour", "updateSetting terran-engine.armour"]);
    expect(world.notices.filter((n) => n.level === "error")).toEqual([]);
  });

  it("(stand-ins) a GM whose role may not modify the world's settings (an Assistant GM's, by default) is refused too", async () => {
    asAssistantWithoutSettings();
    await expect(settings().set("terran-engine", "armour", true)).rejects.toThrow(/User assistant lacks permission/);
    expect(world.settings.get("armour")).toBeUndefined();
    expect(errorsShown("assistant")).toHaveLength(1);
  });

  it("(stand-ins) client- and user-scope settings stay the player's to write", async () => {
    await settings().set("terran-engine", "tour", false);
    await settings().set("terran-engine", "pins", true);
    expect(world.settings.get("tour")).toBe(false);
    expect(world.settings.get("pins")).toBe(true);
    expect(onChange).toHaveBeenCalledWith(false);
    // A client setting lives in the browser's storage: no Setting document, no document hook.
    expect(hooks).toEqual(["createSetting terran-engine.pins"]);
    expect(world.notices).toEqual([]);
  });

  it("(stand-ins) a setting init did not register cannot be written, by anyone", async () => {
    world.user = makeGm();
    await expect(settings().set("terran-engine", "nothing", 1)).rejects.toThrow(
      '"terran-engine.nothing" is not a registered game setting',
    );
    expect(world.settings.has("nothing")).toBe(false);
  });
});
