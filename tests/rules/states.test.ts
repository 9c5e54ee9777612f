/** A character's states on its tokens (src/rules/states.ts). */
import { describe, expect, it } from "vitest";
import { CORE, DEGENESIS, LEGACY, NO_WOUNDS, WOUND_TRACKS, type Ruleset } from "../../src/rules/index.ts";
import {
  activeStateIds,
  findTokenState,
  STANDARD_TOKEN_STATES,
  stateChanges,
  stateToggle,
  worseStageMarked,
  type StateFacts,
  type TokenStateDef,
} from "../../src/rules/states.ts";

const alive: StateFacts = { wounds: NO_WOUNDS, dead: false, lost: false };
const state = (id: string): TokenStateDef => {
  const def = findTokenState(CORE, id);
  if (!def) throw new Error(id);
  return def;
};
const player = { isGM: false };
const gm = { isGM: true };

describe("token states", () => {
  it("R-HARM-4: each marked wound track is a state; none when unwounded", () => {
    expect(activeStateIds(CORE, alive)).toEqual([]);
    expect(activeStateIds(CORE, { ...alive, wounds: { ...NO_WOUNDS, broken: true } })).toEqual(["terran-broken"]);
    for (const track of WOUND_TRACKS)
      expect(
        STANDARD_TOKEN_STATES.some((d) => d.source.kind === "wound" && d.source.track === track),
        track,
      ).toBe(true);
  });

  it("R-HARM-5: all three tracks marked add Mortally Wounded; R-EGO-3 Lost; Dead", () => {
    const all = { stressed: true, broken: true, weary: true };
    expect(activeStateIds(CORE, { ...alive, wounds: all })).toEqual([
      "terran-stressed",
      "terran-broken",
      "terran-weary",
      "terran-mortally-wounded",
    ]);
    expect(activeStateIds(CORE, { ...alive, lost: true })).toEqual(["terran-lost"]);
    expect(activeStateIds(CORE, { wounds: all, dead: true, lost: true })).toEqual([
      "terran-stressed",
      "terran-broken",
      "terran-weary",
      "terran-mortally-wounded",
      "terran-lost",
      "dead",
    ]);
  });

  it("R-HARM-5: Dead is core's own \"dead\" (the combat tracker's defeated), shown as an overlay; the others are the system's own ids", () => {
    expect(state("dead")).toMatchObject({ overlay: true, source: { kind: "dead" } });
    expect(STANDARD_TOKEN_STATES.filter((d) => d.id !== "dead").every((d) => d.id.startsWith("terran-"))).toBe(true);
    expect(new Set(STANDARD_TOKEN_STATES.map((d) => d.id)).size).toBe(STANDARD_TOKEN_STATES.length);
  });

  it("R-HARM-3 R-HARM-5: a wound track's HUD click marks or recovers it, as the sheet does", () => {
    expect(stateToggle(state("terran-weary"), false, true, player)).toEqual({ kind: "markWound", track: "weary" });
    expect(stateToggle(state("terran-weary"), true, false, player)).toEqual({ kind: "recoverWound", track: "weary" });
    expect(stateToggle(state("terran-weary"), true, true, player)).toEqual({ kind: "none" });
  });

  it("R-HARM-5 R-EGO-3: states that follow other values are never toggled by themselves: the reason is given", () => {
    expect(stateToggle(state("terran-mortally-wounded"), false, true, gm)).toEqual({
      kind: "refuse",
      reasonKey: "TERRAN.States.Refusal.mortallyWounded",
    });
    expect(stateToggle(state("terran-mortally-wounded"), true, false, gm)).toEqual({
      kind: "refuse",
      reasonKey: "TERRAN.States.Refusal.mortallyWounded",
    });
    expect(stateToggle(state("terran-lost"), false, true, gm)).toEqual({
      kind: "refuse",
      reasonKey: "TERRAN.States.Refusal.lost",
    });
  });

  it("R-EGO-3 R-EGO-4 R-LEG-7 (ruling): Lost clicked off is a GM's correction of a mistake; a player is refused with the reason; Lost is never clicked on", () => {
    expect(stateToggle(state("terran-lost"), true, false, gm)).toEqual({ kind: "correctLost" });
    expect(stateToggle(state("terran-lost"), true, false, player)).toEqual({
      kind: "refuse",
      reasonKey: "TERRAN.States.Refusal.lostGm",
    });
    expect(stateToggle(state("terran-lost"), false, true, player)).toEqual({
      kind: "refuse",
      reasonKey: "TERRAN.States.Refusal.lost",
    });
    expect(stateToggle(state("terran-lost"), false, false, gm)).toEqual({ kind: "none" });
  });

  it("R-HARM-5 (ruling) R-HARM-6: for a player death comes from harm or a Malaise; a GM's Dead (or the combat tracker's Defeated) marks it; only a GM undoes it", () => {
    expect(stateToggle(state("dead"), false, true, player)).toEqual({
      kind: "refuse",
      reasonKey: "TERRAN.States.Refusal.deadOn",
    });
    expect(stateToggle(state("dead"), false, true, gm)).toEqual({ kind: "markDead" });
    expect(stateToggle(state("dead"), true, true, gm)).toEqual({ kind: "none" });
    expect(stateToggle(state("dead"), true, false, player)).toEqual({
      kind: "refuse",
      reasonKey: "TERRAN.States.Refusal.reviveGm",
    });
    expect(stateToggle(state("dead"), true, false, gm)).toEqual({ kind: "revive" });
  });

  it("R-HARM-4: the effects to add and remove make the tokens show exactly the states; other statuses are left alone", () => {
    const facts: StateFacts = { ...alive, wounds: { ...NO_WOUNDS, stressed: true } };
    const { add, remove } = stateChanges(CORE, facts, new Set(["terran-broken", "prone"]));
    expect(add.map((d) => d.id)).toEqual(["terran-stressed"]);
    expect(remove.map((d) => d.id)).toEqual(["terran-broken"]);
    expect(stateChanges(CORE, facts, new Set(["terran-stressed"]))).toEqual({ add: [], remove: [] });
  });

  it("R-HARM-4: the list is the ruleset's data: a ruleset with another track shows it, nothing else changes", () => {
    expect(DEGENESIS.tokenStates).toBe(CORE.tokenStates);
    const critical: TokenStateDef = {
      id: "terran-critical",
      labelKey: "TERRAN.Wound.stressed",
      img: "icons/svg/blood.svg",
      source: { kind: "wound", track: "stressed" },
    };
    const other: Ruleset = { ...CORE, tokenStates: [critical] };
    expect(activeStateIds(other, { ...alive, wounds: { ...NO_WOUNDS, stressed: true } })).toEqual(["terran-critical"]);
    expect(findTokenState(other, "terran-stressed")).toBeNull();
  });

  it("R-LEG-5 R-EGO-3: Legacy shows its HP wound stages (as its health data lists them), Lost and Dead; no tracks", () => {
    expect(LEGACY.health.kind).toBe("hp");
    const stages =
      LEGACY.health.kind === "hp"
        ? LEGACY.health.wounds.map((w) => ({ id: `terran-${w.id}`, labelKey: w.labelKey }))
        : [];
    expect(
      LEGACY.tokenStates.filter((d) => d.source.kind === "stage").map((d) => ({ id: d.id, labelKey: d.labelKey })),
    ).toEqual(stages);
    expect(LEGACY.tokenStates.map((d) => d.id)).toEqual(["terran-critical", "terran-mortal", "terran-lost", "dead"]);
    expect(activeStateIds(LEGACY, { ...alive, stages: { critical: false, mortal: true } })).toEqual(["terran-mortal"]);
    expect(activeStateIds(LEGACY, { ...alive, stages: { critical: true, mortal: false } })).toEqual([
      "terran-critical",
    ]);
    expect(
      activeStateIds(LEGACY, { ...alive, stages: JSON.parse('{"__proto__": true}') as Record<string, boolean> }),
    ).toEqual([]);
    expect(activeStateIds(LEGACY, { ...alive, wounds: { stressed: true, broken: true, weary: true } })).toEqual([]);
    expect(activeStateIds(LEGACY, { ...alive, dead: true, lost: true })).toEqual(["terran-lost", "dead"]);
  });

  it("R-LEG-5: a wound stage comes from harm (marking refused) and goes with recovery, the worst first (Mortal → Critical → healed)", () => {
    const critical = findTokenState(LEGACY, "terran-critical");
    const mortal = findTokenState(LEGACY, "terran-mortal");
    if (!critical || !mortal) throw new Error("no stage states");
    expect(stateToggle(critical, false, true, gm)).toEqual({
      kind: "refuse",
      reasonKey: "TERRAN.States.Refusal.stage",
    });
    expect(stateToggle(critical, true, false, gm)).toEqual({ kind: "recoverStage" });
    expect(stateToggle(critical, true, false, gm, true)).toEqual({
      kind: "refuse",
      reasonKey: "TERRAN.States.Refusal.stageOrder",
    });
    expect(stateToggle(mortal, true, false, gm)).toEqual({ kind: "recoverStage" });
    const both = { ...alive, stages: { critical: true, mortal: true } };
    expect([worseStageMarked(LEGACY, critical, both), worseStageMarked(LEGACY, mortal, both)]).toEqual([true, false]);
    expect(worseStageMarked(LEGACY, critical, { ...alive, stages: { critical: true, mortal: false } })).toBe(false);
  });
});
