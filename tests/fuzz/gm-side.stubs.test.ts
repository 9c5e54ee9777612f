/**
 * The fast half of the GM side's fuzz (tests/fuzz/gm-side.ts), in CI: each GM-side query and the GM's card
 * clicks with 300 cases (150 valid or forged, 150 with a hostile request value) from a fixed seed, on the v13
 * and v14 stand-ins. The full run (100,000 each) is `npm run fuzz`; its figures are in docs/VERIFIED.md.
 */
import { world, type ActorStub } from "../stubs/foundry-client.ts";
import { describe, expect, it } from "vitest";
import { QUERIES } from "../../src/relay/queries.ts";
import { GM_ENTRY_NAMES } from "./gm-names.ts";
import { GM_ENTRIES, gmEntriesMissing, runGmEntry, runQueryCase } from "./gm-side.ts";

const RUNS = 300;
const SEED = 20261203;

describe("fuzz, the GM's side: a forged card is refused and changes nothing; a refusal changes nothing; a step changes only what it names", () => {
  it.each(GM_ENTRY_NAMES)("%s", { timeout: 120_000 }, async (name) => {
    const entry = GM_ENTRIES[name];
    const report = await runGmEntry(name, entry, RUNS, SEED);
    expect(report.inputs).toBe(RUNS);
    expect(report.examples).toEqual([]);
    expect(report.breaks).toBe(0);
    // Legitimate cards are among the cases, and some of them go through.
    expect(report.acted).toBeGreaterThan(RUNS / 50);
  });

  it("covers every GM-side query and every kind of card with actions", () => {
    expect(Object.keys(QUERIES).length).toBeGreaterThan(0);
    expect(gmEntriesMissing()).toEqual([]);
    expect(Object.keys(GM_ENTRIES)).toEqual([...GM_ENTRY_NAMES]);
  });
});

describe("inputs a full GM-side run once reported, kept", () => {
  it("R-HARM-3 a wound track sent as NaN reaches the GM as null (JSON): harm from the attacker's own Challenge, no choice made", async () => {
    const harm = {
      targetUuid: "victim",
      version: "current",
      choice: { model: "world", sacrificeShield: false, woundTrack: Number.NaN },
    };
    const breaks = await runQueryCase("applyHarm", {
      generation: 14,
      rulesetId: "core",
      kind: "challenge",
      faces: [2],
      forgeries: [],
      request: harm,
      gmSays: false,
    });
    expect(breaks).toEqual([]);
    // And the harm went through: the victim took it.
    const mira = [...world.documents.values()].find((d) => (d as ActorStub).name === "Mira") as ActorStub;
    expect((mira.system as unknown as { grit: { value: number } }).grit.value).toBe(1);
  });
});
