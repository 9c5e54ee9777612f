// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/): a notification that holds a user-written text (a name,
 * an id from stored data) shows it as written. Core draws a message as HTML (NotificationOptions `clean`),
 * read here as a user sees it (tests/stubs/tooltip.ts `drawn`), with the English text in place of the
 * stand-in's key-only `game.i18n.format`. It checks what OUR code hands to `ui.notifications`.
 */
import "../stubs/foundry-client.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GENERATIONS, resetWorld, world } from "../stubs/foundry-client.ts";
import { drawn } from "../stubs/tooltip.ts";
import { attempt, say, sayWhyClosed } from "../../src/prompts/notify.ts";
import { RulesError } from "../../src/rules/index.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { TerranActor } from "../../src/documents/actor.ts";
import { character } from "../documents/operations/fixtures.ts";
import { asModel } from "../foundry/card-builders.ts";
import { english } from "../support/templates.ts";

const MARKUP = '<img src=x style="position:fixed;inset:0">';

/** What the user reads of the last notification. */
function lastNotice() {
  const notice = world.notices.at(-1);
  if (!notice) throw new Error("no notification");
  return drawn(notice.message);
}

function englishFormat(key: string, data?: Record<string, string>): string {
  return english(key).replace(/\{(\w+)\}/g, (_, name: string) => data?.[name] ?? `{${name}}`);
}

describe.each(GENERATIONS)(
  "[Foundry stand-ins, v%i] a notification shows a user-written text as written",
  (generation) => {
    beforeEach(() => {
      resetWorld(generation);
      vi.spyOn(game.i18n as unknown as { format: typeof englishFormat }, "format").mockImplementation(englishFormat);
    });
    afterEach(() => vi.restoreAllMocks());

    it("say: markup and an ordinary name with quotes and ampersands, each read as written", () => {
      say("info", `${MARKUP} & "Bram's"`);
      expect(lastNotice()).toEqual({ text: `${MARKUP} & "Bram's"`, elements: [] });
    });

    it("a refusal whose data carries stored text (an unknown id) is read as written", async () => {
      await attempt(() => {
        throw new RulesError("unknown-id", "unknown", { id: MARKUP });
      });
      expect(world.notices.at(-1)?.level).toBe("warn");
      expect(lastNotice()).toEqual({ text: englishFormat("TERRAN.Error.unknown-id", { id: MARKUP }), elements: [] });
    });

    it("a closed control's reason with a value is read as written", () => {
      sayWhyClosed({ key: "TERRAN.Dialog.teslaDepleted", value: MARKUP });
      expect(lastNotice().elements).toEqual([]);
      expect(lastNotice().text).toContain(MARKUP);
    });

    it("R-SAY-1 (stand-ins): the notice that a character departed names it as written", async () => {
      const config = Reflect.get(globalThis, "CONFIG") as Record<string, unknown>;
      config.Actor = { documentClass: TerranActor, dataModels: { character: asModel(CharacterData) } };
      try {
        const init = {
          name: MARKUP,
          type: "character",
          model: asModel(CharacterData),
          source: character({ ego: { value: 5, max: 5 }, sayonara: true }),
        };
        const actor = Reflect.construct(TerranActor, [init]) as TerranActor;
        await actor.endScene();
        expect(lastNotice()).toEqual({
          text: englishFormat("TERRAN.Successor.departedNotice", { name: MARKUP }),
          elements: [],
        });
      } finally {
        Reflect.deleteProperty(config, "Actor");
      }
    });
  },
);
