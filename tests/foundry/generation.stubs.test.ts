/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/chat.ts: v13 has only the roll-mode API and
 * `core.rollMode`; v14 the message-mode API and `core.messageMode`, with the roll-mode names kept as
 * deprecated aliases that fail a test which calls them): the one adapter that knows the generation,
 * src/compat/generation.ts.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { GENERATIONS, resetWorld, world } from "../stubs/foundry-client.ts";
import { ChatMessageStub, coreSetting } from "../stubs/chat.ts";
import { takeDeprecations } from "../stubs/deprecations.ts";
import {
  applyMessageMode,
  currentMessageMode,
  foundryGeneration,
  MESSAGE_MODES,
  toMessageMode,
} from "../../src/compat/generation.ts";

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] the generation adapter", (generation) => {
  beforeEach(() => resetWorld(generation));

  it("knows the generation it runs on", () => {
    expect(foundryGeneration()).toBe(generation);
  });

  it.each(MESSAGE_MODES)("reads the chat's current mode %s from this generation's own setting", (mode) => {
    world.messageMode = mode;
    expect(currentMessageMode()).toBe(mode);
  });

  it("writes who sees a message with this generation's own API, never a deprecated one", () => {
    world.messageMode = "public";
    expect(applyMessageMode({}, "blind")).toEqual({ whisper: ["gm"], blind: true });
    expect(applyMessageMode({}, "self")).toEqual({ whisper: ["player1"], blind: false });
    expect(applyMessageMode({}, "public")).toEqual({ whisper: [], blind: false });
    world.messageMode = "gm";
    expect(applyMessageMode({})).toEqual({ whisper: ["gm"], blind: false });
    expect(currentMessageMode()).toBe("gm");
    expect(takeDeprecations()).toEqual([]);
  });

  it("(stand-in) v14 keeps the roll-mode names as deprecated aliases until v16: they work, and log a warning", () => {
    world.messageMode = "blind";
    expect(ChatMessageStub.applyRollMode({}, "gmroll")).toEqual({ whisper: ["gm"], blind: false });
    expect(coreSetting("rollMode")).toBe("blindroll");
    expect(takeDeprecations().map((d) => [d.since, d.until])).toEqual(
      generation >= 14
        ? [
            [14, 16],
            [14, 16],
          ]
        : [],
    );
  });

  it("v14's in-character mode is a speaking style, not an audience: a roll under it is public", () => {
    world.messageMode = "ic";
    expect(currentMessageMode()).toBe("public");
  });
});

describe("toMessageMode", () => {
  it("reads v13 roll modes and v14 message modes alike; anything else is public", () => {
    expect(["publicroll", "gmroll", "blindroll", "selfroll"].map(toMessageMode)).toEqual([
      "public",
      "gm",
      "blind",
      "self",
    ]);
    expect(["public", "gm", "blind", "self"].map(toMessageMode)).toEqual(["public", "gm", "blind", "self"]);
    expect([undefined, "", "__proto__", "ic", 3].map(toMessageMode)).toEqual([
      "public",
      "public",
      "public",
      "public",
      "public",
    ]);
  });
});
