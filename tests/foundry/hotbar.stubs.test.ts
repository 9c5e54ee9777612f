// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts, plus a `Macro` class, `game.macros`,
 * `fromUuidSync` and `User#assignHotbarMacro` recorded here): the hotbar hook turns a roll dragged from
 * a sheet into one script macro, reuses it when dragged again, and the macro's command opens the roll
 * dialog through `TerranEngine.rollFor`. Foundry's hotbar itself is not exercised.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GENERATIONS, resetWorld, world, type ActorStub } from "../stubs/foundry-client.ts";
import { onHotbarDrop } from "../../src/applications/sheets/hotbar-hook.ts";
import { ROLL_DRAG_TYPE, rollMacroCommand } from "../../src/applications/sheets/hotbar.ts";
import { api } from "../../src/api.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { TerranActor } from "../../src/documents/actor.ts";
import { character } from "../documents/operations/fixtures.ts";

type ModelClass = ConstructorParameters<typeof ActorStub>[0]["model"];

interface MacroRecord {
  name: string;
  type: string;
  img: string;
  command: string;
}

/** Stand-in Macro: `create` keeps the data in `macros`; nothing of Foundry's Macro is reproduced. */
class MacroStub {
  static created: MacroStub[] = [];
  constructor(readonly data: MacroRecord) {}
  get name(): string {
    return this.data.name;
  }
  get command(): string {
    return this.data.command;
  }
  static create(data: MacroRecord): Promise<MacroStub> {
    const macro = new MacroStub(data);
    MacroStub.created.push(macro);
    return Promise.resolve(macro);
  }
}

const assigned: { macro: unknown; slot: number | undefined }[] = [];

function hero(): TerranActor {
  const actor: unknown = Reflect.construct(TerranActor, [
    {
      name: "Mira",
      type: "character",
      model: CharacterData as unknown as ModelClass,
      source: { ...character({ attributes: { finesse: 2 } }) },
    },
  ]);
  return actor as TerranActor;
}

// The hook is the same on both generations: hotbarDrop(hotbar, data, slot), "Default handling of the
// drop event can be prevented by returning false" (foundryvtt.com/api/v13 and /api/v14 hookEvents.hotbarDrop).
describe.each(GENERATIONS)("Foundry v%i", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    MacroStub.created = [];
    assigned.length = 0;
    Reflect.set(globalThis, "Macro", MacroStub);
    Reflect.set(globalThis, "fromUuidSync", (uuid: string) => world.documents.get(uuid) ?? null);
    Object.defineProperty(Reflect.get(globalThis, "game") as object, "macros", {
      value: { find: (fn: (m: MacroStub) => boolean) => MacroStub.created.find(fn) },
      configurable: true,
    });
    Object.assign(world.user, {
      assignHotbarMacro: (macro: unknown, slot: number | undefined) => {
        assigned.push({ macro, slot });
        return Promise.resolve();
      },
    });
  });

  describe("[Foundry stand-ins] roll macros on the hotbar", () => {
    it("R-POOL-1 (stand-ins): a dragged attribute roll becomes one script macro in the slot; dragged again, the same macro is reused", async () => {
      const mira = hero();
      const data = { type: ROLL_DRAG_TYPE, actorUuid: mira.uuid, what: "finesse", label: "Finesse" };
      expect(onHotbarDrop(null, data, 3)).toBe(false); // handled: core makes no macro of its own
      await vi.waitFor(() => expect(assigned).toHaveLength(1));
      expect(MacroStub.created.map((m) => m.data)).toEqual([
        {
          name: "TERRAN.Sheet.Macro.name",
          type: "script",
          img: "icons/svg/d20-black.svg",
          command: rollMacroCommand(mira.uuid, "finesse"),
        },
      ]);
      expect(assigned[0]).toEqual({ macro: MacroStub.created[0], slot: 3 });

      onHotbarDrop(null, data, 4);
      await vi.waitFor(() => expect(assigned).toHaveLength(2));
      expect(MacroStub.created).toHaveLength(1);
      expect(assigned[1]?.slot).toBe(4);
    });

    it("(stand-ins) anything else dropped on the hotbar is left to core", () => {
      expect(onHotbarDrop(null, { type: "Actor", uuid: "Actor.x" }, 1)).toBeUndefined();
      expect(
        onHotbarDrop(null, { type: ROLL_DRAG_TYPE, actorUuid: "", what: "finesse", label: "" }, 1),
      ).toBeUndefined();
      expect(MacroStub.created).toEqual([]);
    });

    it("(stand-ins) the macro's command opens the roll dialog for that actor, and a deleted actor is a warning", async () => {
      const mira = hero();
      const command = rollMacroCommand(mira.uuid, "finesse");
      // Run the command as a script macro would, with TerranEngine on the global scope.
      Reflect.set(globalThis, "TerranEngine", api);
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a script macro's command is code: run it as such
      const run = new Function(`return (async () => { ${command} })();`) as () => Promise<void>;
      const rendered = vi.fn();
      const { RollDialog } = await import("../../src/applications/dialogs/roll-dialog.ts");
      const spy = vi.spyOn(RollDialog.prototype, "render").mockImplementation(function (
        this: InstanceType<typeof RollDialog>,
      ) {
        rendered(this);
        return Promise.resolve(this);
      });
      await run();
      expect(rendered).toHaveBeenCalledTimes(1);
      spy.mockRestore();

      await api.rollFor("Actor.gone", "finesse");
      expect(world.warnings).toEqual(["TERRAN.Sheet.Macro.missing"]);
    });
  });
});
