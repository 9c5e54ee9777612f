// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts: ChatMessage, `game.settings`, `Hooks`,
 * `game.user`). R-LUCK-1 the luck ledger on the Foundry side (src/table/luck.ts): which client records a
 * roll, from what, once; what a forged card gets; what survives a cleared chat log; the end-of-session
 * award and its Undo; an Ego Undo pressed after the roll was recorded. On v13 and v14. Foundry's sockets and the
 * settings' own storage are not exercised.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GENERATIONS, resetWorld, world, type ChatMessageStub } from "../stubs/foundry-client.ts";
import { nextFaces, RollStub } from "../stubs/foundry.ts";
import { HooksStub } from "../stubs/hooks.ts";
import { registerCardPresenter } from "../../src/applications/chat/card-presenter.ts";
import { registerGmTools } from "../../src/applications/gm/commands.ts";
import { rollRiskyAction } from "../../src/applications/dialogs/roll-dialog.ts";
import {
  applyChange,
  initialChoices,
  rollDialogModel,
  type RollDialogSubject,
} from "../../src/applications/dialogs/roll-dialog-model.ts";
import { confirmEffect, createLegacyEffectCard, createLegacyRiskyCard, undoEgo } from "../../src/chat/index.ts";
import { cardFlags } from "../../src/documents/chat-message.ts";
import { LUCK_SESSIONS_KEPT } from "../../src/data/luck-ledger.ts";
import { awardSession, undoSessionAward } from "../../src/table/session-award.ts";
import {
  closeLuckSessionFor,
  hiddenLuck,
  luckEntryOf,
  onLuckMessage,
  readLuckLedger,
  registerLuckLedger,
} from "../../src/table/luck.ts";
import type { CharacterData } from "../../src/data/actor/character.ts";
import type { TerranActor } from "../../src/documents/actor.ts";
import { combinedRollLuck, CORE, keptExplodingLuck, separateRollLuck } from "../../src/rules/index.ts";
import { registerSettings } from "../../src/settings/settings.ts";
import { card, ROLLER } from "../chat/fixtures.ts";
import { asMessage, click, hero, message, riskyState, shown, stub } from "./card-builders.ts";
import { actors, as, asAssistantWithoutSettings, lastCard, pc, sessionState, text, xp } from "./gm-builders.ts";

const ACTIVE_GM = { id: "gm", isGM: true, isActiveGM: true };
const asActiveGm = (): void => {
  world.user = { ...ACTIVE_GM, targets: new Set() };
};
/** The errors a screen showed (core shows a refused world-setting write as one). */
const errorsShown = () => world.notices.filter((n) => n.level === "error").map((n) => n.message);

/** A message posted by the roller holding a Risky card of these faces, with the rolls that threw them. */
function rolled(light: number[], dark: number[] = [], audience: { whisper?: string[]; blind?: boolean } = {}) {
  const state = card(light, dark);
  const msg = message({ kind: "risky", state }, audience);
  msg.rolls = [rollOf([...light, ...dark])];
  return msg;
}

function rollOf(faces: number[]): RollStub {
  const roll = new RollStub(`${faces.length}d6`);
  nextFaces.push(...faces);
  void roll.evaluate();
  return roll;
}

/** The player rolls Finesse from the dialog's view with `dark` Dark Dice on these faces; the card's message. */
async function rollFromDialog(actor: TerranActor, dark: number, faces: number[]): Promise<ChatMessageStub> {
  const subject: RollDialogSubject = {
    ruleset: CORE,
    target: { kind: "attribute", attribute: "finesse" },
    weapon: null,
    state: actor.characterState(),
  };
  const settings = { darkMax: 10, singleDieServesBoth: true, isGM: false };
  let choices = initialChoices(subject, settings);
  for (let i = 0; i < dark; i++) choices = applyChange(subject, choices, { action: "darkUp" }, settings);
  nextFaces.push(...faces);
  const posted = await rollRiskyAction(actor, subject, rollDialogModel(subject, choices, settings));
  if (!posted) throw new Error("no card was posted");
  return posted as unknown as ChatMessageStub;
}

/** The Ego spent and lost in `actorId`'s tally of the open session ([0, 0] before any roll). */
function egoOf(actorId: string): [number, number] {
  const ledger = readLuckLedger();
  const session = ledger.sessions.at(-1)?.index;
  const tally = ledger.tallies.find((t) => t.actorId === actorId && t.session === session);
  return [tally?.egoSpent ?? 0, tally?.egoLost ?? 0];
}

const settingWrites = () => vi.spyOn(game.settings as { set: (...a: unknown[]) => Promise<unknown> }, "set");

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] R-LUCK-1 the luck ledger", (generation) => {
  beforeEach(() => {
    vi.restoreAllMocks();
    resetWorld(generation);
    nextFaces.length = 0;
    registerSettings();
    registerCardPresenter();
    registerGmTools();
  });

  it("R-LUCK-1 (stand-ins): a roll is recorded once, by the active GM's client; the player's client writes nothing", async () => {
    registerLuckLedger();
    // Each write of the ledger (a world setting, a Setting document) runs core's document hook.
    const writes: string[] = [];
    for (const hook of ["createSetting", "updateSetting"]) HooksStub.on(hook, () => void writes.push(hook));
    // The player's client posts the roll: its createChatMessage hook runs there and records nothing. A write
    // from there would be refused by core, and the player shown the error.
    as(ROLLER);
    const msg = rolled([5, 3]);
    HooksStub.callAll("createChatMessage", msg, {}, ROLLER.id);
    await onLuckMessage(asMessage(msg));
    expect(world.settings.get("luckLedger")).toBeUndefined();
    expect(errorsShown()).toEqual([]);
    // The same hook on the active GM's client records it, once, in one write.
    asActiveGm();
    // The ledger's parts it changed, each once: the block of ids, the session's tallies, the faces, the index.
    HooksStub.callAll("createChatMessage", msg, {}, ROLLER.id);
    await vi.waitFor(() => expect(writes).toEqual(Array(4).fill("createSetting")));
    HooksStub.callAll("updateChatMessage", msg, {}, {}, ROLLER.id);
    await onLuckMessage(asMessage(msg));
    expect(writes).toHaveLength(4);
    const ledger = readLuckLedger();
    const expected = combinedRollLuck({ faces: [5, 3], slaughter: false, singleDieServesBoth: true, chosen: null });
    expect(ledger.tallies).toHaveLength(1);
    expect(ledger.tallies[0]).toMatchObject({ actorId: "abc", rolls: 1, outcomeCount: 1, effectCount: 1 });
    expect(ledger.tallies[0]?.outcomeSum).toBeCloseTo(expected.outcome ?? -1, 12);
    expect(ledger.tallies[0]?.rarest).toMatchObject({ messageId: msg.id, userId: ROLLER.id, hidden: false });
    expect(ledger.tallies[0]?.rarest?.chance).toBeCloseTo(expected.chance, 12);
    expect(ledger.faces[ROLLER.id]).toEqual([0, 0, 1, 0, 1, 0]);
  });

  it("R-LUCK-1 (stand-ins): a GM's client that is not the active GM records nothing", async () => {
    world.user = { id: "gm2", isGM: true, isActiveGM: false, targets: new Set() };
    await onLuckMessage(asMessage(rolled([6, 2])));
    expect(world.settings.get("luckLedger")).toBeUndefined();
  });

  it("R-LUCK-1 (stand-ins): an active GM whose role may not modify the world's settings records and repairs nothing, and is shown no error", async () => {
    registerLuckLedger();
    asAssistantWithoutSettings();
    const msg = rolled([5, 3]);
    HooksStub.callAll("createChatMessage", msg, {}, ROLLER.id);
    await onLuckMessage(asMessage(msg));
    expect(world.settings.get("luckLedger")).toBeUndefined();
    // Damaged stored data is read as repaired, but left for a GM who may write it back.
    world.settings.set("luckLedger", { version: 1, sessions: [], tallies: [], faces: { player1: "junk" } });
    expect(readLuckLedger().faces).toEqual({});
    await Promise.resolve();
    expect(world.settings.get("luckLedger")).toMatchObject({ faces: { player1: "junk" } });
    expect(errorsShown()).toEqual([]);
  });

  it("R-LUCK-1 (stand-ins): a card whose dice are not the message's, or whose state is tampered, is refused: nothing recorded", async () => {
    asActiveGm();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const forgedFaces = rolled([6, 6]);
    forgedFaces.rolls = [rollOf([2, 1])];
    expect(luckEntryOf(asMessage(forgedFaces))).toBeNull();
    const tampered = rolled([5, 3], [2]);
    const state = card([5, 3], [2]);
    tampered.flags = cardFlags({ kind: "risky", state: { ...state, ego: { ...state.ego, cost: 0 } } });
    expect(luckEntryOf(asMessage(tampered))).toBeNull();
    const noRolls = rolled([4]);
    noRolls.rolls = [];
    await onLuckMessage(asMessage(forgedFaces));
    await onLuckMessage(asMessage(tampered));
    await onLuckMessage(asMessage(noRolls));
    expect(readLuckLedger().tallies).toEqual([]);
    expect(warn).toHaveBeenCalled();
  });

  it("R-LUCK-1 (stand-ins): a Core roll whose Effect die explodes is recorded when the Effect is confirmed, with its chain", async () => {
    asActiveGm();
    const msg = rolled([6, 6]);
    await onLuckMessage(asMessage(msg));
    expect(readLuckLedger().tallies).toEqual([]);
    const state = card([6, 6]);
    msg.flags = cardFlags({ kind: "risky", state: confirmEffect(state, ROLLER, [6, 2], state.version) });
    msg.rolls = [...msg.rolls, rollOf([6, 2])];
    await onLuckMessage(asMessage(msg));
    const expected = combinedRollLuck({
      faces: [6, 6],
      slaughter: false,
      singleDieServesBoth: true,
      chosen: { face: 6, chain: [6, 2] },
    });
    expect(readLuckLedger().tallies[0]?.effectSum).toBeCloseTo(expected.effect ?? -1, 12);
    expect(readLuckLedger().faces[ROLLER.id]).toEqual([0, 1, 0, 0, 0, 3]);
  });

  it("R-LUCK-1 (stand-ins): the label is stored as its keys, not in the recording GM's language, so each viewer reads their own", async () => {
    asActiveGm();
    // The GM's client reads Portuguese: what it records must not be its words.
    vi.spyOn(game.i18n as { localize: (k: string) => string }, "localize").mockImplementation((k) => `pt:${k}`);
    await onLuckMessage(asMessage(rolled([5, 3])));
    expect(readLuckLedger().tallies[0]?.rarest?.label).toBe("TERRAN.Attribute.finesse");
  });

  it("R-LUCK-1 (stand-ins): a whispered or blind roll is hidden: counted, its figures in none of the ledger's settings; the GM's client reads them from its message", async () => {
    asActiveGm();
    const secret = rolled([2, 1], [], { whisper: ["gm"], blind: true });
    await onLuckMessage(asMessage(secret));
    const ledger = readLuckLedger();
    expect(ledger.tallies[0]).toMatchObject({ rolls: 1, rarest: null, rarestPublic: null, egoSpent: 0 });
    expect(ledger.faces).toEqual({});
    // What every client receives (the world settings): the id, to count it once, and nothing of its luck.
    const stored = JSON.stringify([...world.settings.entries()].filter(([k]) => k.startsWith("luck")));
    const luck = combinedRollLuck({ faces: [2, 1], slaughter: false, singleDieServesBoth: true, chosen: null });
    expect(stored).toContain(secret.id);
    expect(stored).not.toContain(String(luck.chance));
    expect(stored).not.toMatch(/"hidden":true/);
    // The GM's own client, which holds the message, reads its rarity back for the GM's window.
    const read = hiddenLuck(ledger);
    expect(read.map((h) => [h.session, h.roll.messageId, h.roll.hidden])).toEqual([[1, secret.id, true]]);
  });

  it("R-LUCK-1 (stand-ins): with no GM online nothing is recorded; a GM's client records it when the card next changes", async () => {
    registerLuckLedger();
    as(ROLLER);
    const msg = rolled([5, 4]);
    HooksStub.callAll("createChatMessage", msg, {}, ROLLER.id);
    await Promise.resolve();
    expect(world.settings.get("luckLedger")).toBeUndefined();
    asActiveGm();
    HooksStub.callAll("updateChatMessage", msg, { flags: {} }, {}, ROLLER.id);
    await vi.waitFor(() => expect(readLuckLedger().tallies).toHaveLength(1));
  });

  it("R-LUCK-1 (stand-ins): the ledger survives deleting every chat message", async () => {
    asActiveGm();
    const msgs = [rolled([5, 3]), rolled([1, 2])];
    for (const m of msgs) await onLuckMessage(asMessage(m));
    for (const m of msgs) await m.delete();
    expect(world.messages.size).toBe(0);
    expect(readLuckLedger().tallies[0]?.rolls).toBe(2);
  });

  it("R-LUCK-1 (stand-ins): damaged stored data is repaired on read, the GM told once, the sound part kept", async () => {
    asActiveGm();
    await onLuckMessage(asMessage(rolled([5, 3])));
    world.settings.set("luckFaces", { player1: "junk" });
    const read = readLuckLedger();
    expect(read.tallies).toHaveLength(1);
    expect(read.faces).toEqual({});
    expect(readLuckLedger()).toEqual(read);
    expect(world.warnings.filter((w) => w.startsWith("TERRAN.Repair.luckLedger"))).toHaveLength(1);
  });

  it("R-LUCK-1 (stand-ins): a fresh world's ledger (the setting's registered default, {}) records the first roll without a repair notice", async () => {
    asActiveGm();
    // Foundry's game.settings.get gives a registered setting's default until it is written (here {}:
    // src/settings/settings.ts registers the ledger with it).
    world.settings.set("luckLedger", {});
    await onLuckMessage(asMessage(rolled([5, 3])));
    expect(readLuckLedger().tallies).toHaveLength(1);
    expect(world.warnings.filter((w) => w.startsWith("TERRAN.Repair.luckLedger"))).toEqual([]);
  });

  it("R-LUCK-1 (stand-ins): with 24 sessions of 20 characters kept, one roll writes a few kilobytes (its parts), not the ledger", async () => {
    asActiveGm();
    // Twenty characters of the roller's (the ledger records only what their owner could roll).
    const party = Array.from({ length: 20 }, (_, i) => {
      const actor = hero(`Hero ${i}`);
      stub(actor).ownership = { default: 0, [ROLLER.id]: 3 };
      return actor;
    });
    const rollFor = (actor: number): ChatMessageStub => {
      const msg = rolled([5, 3], [2]);
      const actorUuid = party[actor]?.uuid ?? "";
      msg.flags = cardFlags({ kind: "risky", state: { ...card([5, 3], [2]), actorUuid } });
      return msg;
    };
    for (let session = 0; session < LUCK_SESSIONS_KEPT; session++) {
      for (let actor = 0; actor < 20; actor++) await onLuckMessage(asMessage(rollFor(actor)));
      if (session < LUCK_SESSIONS_KEPT - 1) await closeLuckSessionFor([], new Map());
    }
    const everything = JSON.stringify([...world.settings.entries()].filter(([k]) => k.startsWith("luck")));
    expect(everything.length).toBeGreaterThan(60_000);
    const writes = settingWrites();
    await onLuckMessage(asMessage(rollFor(3)));
    const written = writes.mock.calls.map((c) => [c[1], JSON.stringify(c[2]).length] as const);
    expect(written.map(([key]) => key).sort()).toEqual([
      "luckFaces",
      expect.stringMatching(/^luckRecorded/),
      "luckSession23",
    ]);
    expect(written.reduce((t, [, bytes]) => t + bytes, 0)).toBeLessThanOrEqual(8_000);
    expect(readLuckLedger().tallies.filter((t) => t.session === 24)).toHaveLength(20);
  });

  it("R-LUCK-1 (stand-ins): the ledger stored whole (the old single setting) is read as it was and stored in parts at the GM's first read, its hidden rarest roll left out", async () => {
    const secret = { messageId: "m2", actorId: "abc", userId: "player1", kind: "risky", label: "Insight" };
    const hidden = { ...secret, outcome: 0.1, effect: null, chance: 0.001, hidden: true, time: 5 };
    const open = {
      ...secret,
      messageId: "m1",
      label: "Might",
      outcome: 0.6,
      effect: 0.5,
      chance: 0.2,
      hidden: false,
      time: 4,
    };
    const tally = {
      actorId: "abc",
      session: 1,
      rolls: 2,
      outcomeSum: 0.6,
      outcomeCount: 1,
      effectSum: 0.5,
      effectCount: 1,
    };
    const old = {
      version: 1,
      sessions: [{ index: 1, started: 0, ended: null }],
      tallies: [{ ...tally, egoSpent: 1, egoLost: 1, xpGained: 0, rarest: hidden, rarestPublic: open }],
      faces: { player1: [1, 0, 0, 0, 0, 1] },
      recorded: ["m1", "m2"],
      ego: [{ messageId: "m1", actorId: "abc", session: 1, egoSpent: 1, egoLost: 1, undone: false }],
    };
    world.settings.set("luckLedger", old);
    // A player reads it as it is until the GM's client stores it anew.
    as(ROLLER);
    expect(readLuckLedger().tallies[0]?.rarestPublic?.messageId).toBe("m1");
    expect(world.settings.get("luckLedger")).toEqual(old);
    asActiveGm();
    const read = readLuckLedger();
    await vi.waitFor(() => expect(world.settings.get("luckLedger")).toMatchObject({ version: 2 }));
    const stored = JSON.stringify([...world.settings.entries()].filter(([k]) => k.startsWith("luck")));
    expect(stored).not.toContain("Insight");
    expect(stored).not.toContain("0.001");
    const after = readLuckLedger();
    // The public rarest roll is kept by what the window and the award show of it (id, roller, label, chance).
    const kept = { ...open, outcome: null, effect: null, time: 0 };
    expect(after.tallies).toEqual([{ ...read.tallies[0], rarest: kept, rarestPublic: kept }]);
    expect([after.faces, after.recorded, after.ego, after.sessions]).toEqual([
      old.faces,
      old.recorded,
      old.ego,
      old.sessions,
    ]);
    expect(world.warnings).toEqual([]);
  });

  it("R-LUCK-1 (stand-ins): over many awards the ledger keeps LUCK_SESSIONS_KEPT sessions", async () => {
    asActiveGm();
    for (let i = 0; i < LUCK_SESSIONS_KEPT + 10; i++) {
      await onLuckMessage(asMessage(rolled([5, 3])));
      await closeLuckSessionFor([{ actorId: "abc", xp: 1 }], new Map());
    }
    const ledger = readLuckLedger();
    expect(ledger.sessions).toHaveLength(LUCK_SESSIONS_KEPT);
    const first = ledger.sessions[0]?.index ?? 0;
    expect(ledger.tallies.every((t) => t.session >= first)).toBe(true);
  });

  it("R-LUCK-1 R-XP-1 (stand-ins): the award closes the session, its card names the rarest public roll; Undo takes the XP back", async () => {
    asActiveGm();
    const mira = pc("Mira", "player1", { xp: 3 });
    actors(mira);
    const rare = rolled([6, 5, 5]);
    rare.flags = cardFlags({ kind: "risky", state: { ...card([6, 5, 5]), actorUuid: mira.uuid } });
    await onLuckMessage(asMessage(rare));
    await onLuckMessage(asMessage(rolled([4, 2], [], { whisper: ["gm"] })));
    await awardSession([{ uuid: mira.uuid, name: "Mira", xp: 2, played: true }]);
    const posted = lastCard();
    const luck = sessionState(posted).luck;
    expect(luck?.session).toBe(1);
    expect(luck?.rarest).toMatchObject({ actorName: "Mira", label: "TERRAN.Attribute.finesse" });
    const root = await shown(posted);
    const odds = Math.round(1 / (luck?.rarest?.chance ?? 1)).toLocaleString("en");
    expect(text(root.querySelector(".session-rarest"))).toMatch(
      new RegExp(`^Most improbable roll: Mira's .+, 1 in ${odds}$`),
    );
    const ledger = readLuckLedger();
    expect(ledger.sessions.map((s) => s.ended === null)).toEqual([false, true]);
    const id = mira.id ?? "";
    expect(ledger.tallies.find((t) => t.actorId === id && t.session === 1)?.xpGained).toBe(2);
    await undoSessionAward(asMessage(posted), sessionState(posted).version);
    expect(readLuckLedger().tallies.find((t) => t.actorId === id && t.session === 1)?.xpGained).toBe(0);
  });

  it("R-LUCK-1 R-LEG-9 R-LEG-11 (stand-ins): a Legacy Risky card records its outcome and Ego; its Effect card the kept die and chain", async () => {
    // A Legacy card is rolled in a Legacy world (a card read under another ruleset is not believed).
    world.settings.set("ruleset", "legacy");
    asActiveGm();
    const riskyState = createLegacyRiskyCard({
      rollerId: ROLLER.id,
      actorUuid: "Actor.oskar",
      roll: {
        actorName: "Oskar",
        attributeLabelKey: "TERRAN.Character.FIELDS.ratings.attributes.strength.label",
        skillLabelKey: null,
        light: [4, 2],
        dark: [1, 5],
        costly: [true, false],
        ego: { before: 3, after: 2 },
        lost: false,
      },
      tools: [{ id: "sword0000000001", name: "Sword" }],
      multiAttack: false,
    });
    const riskyMsg = message({ kind: "legacyRisky", state: riskyState });
    riskyMsg.rolls = [rollOf([4, 2, 1, 5])];
    const effectState = createLegacyEffectCard({
      rollerId: ROLLER.id,
      actorUuid: "Actor.oskar",
      rulesetId: "legacy",
      rank: 2,
      versatileTwoHanded: false,
      improvised: false,
      extra: 0,
      roll: {
        actorName: "Oskar",
        toolName: "Sword",
        tierLabelKey: "TERRAN.Tool.normal",
        faces: [6],
        chain: [6, 3],
        kept: 6,
        halved: false,
        bonus: 0,
        total: 15,
      },
      action: { messageId: riskyMsg.id, hit: 0 },
      order: "gm",
    });
    const effectMsg = message({ kind: "legacyEffect", state: effectState });
    effectMsg.rolls = [rollOf([6]), rollOf([6, 3])];
    await onLuckMessage(asMessage(riskyMsg));
    await onLuckMessage(asMessage(effectMsg));
    const tally = readLuckLedger().tallies[0];
    expect(tally).toMatchObject({
      actorId: "oskar",
      rolls: 2,
      outcomeCount: 1,
      effectCount: 1,
      egoSpent: 1,
      egoLost: 1,
    });
    expect(tally?.outcomeSum).toBeCloseTo(separateRollLuck([4, 2, 1, 5]).outcome ?? -1, 12);
    expect(tally?.effectSum).toBeCloseTo(keptExplodingLuck(1, 6, 15).effect ?? -1, 12);
    expect(tally?.rarest?.label).toBe("Sword");
    // A forged total on the Effect card (its dice give 15) is refused by the card's own check.
    const forged = message({
      kind: "legacyEffect",
      state: { ...effectState, roll: { ...effectState.roll, total: 40 } },
    });
    forged.rolls = effectMsg.rolls;
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(luckEntryOf(asMessage(forged))).toBeNull();
  });

  it("R-LUCK-1 R-EGO-2 (stand-ins): an Ego Undo pressed after the GM's client recorded the roll takes its Ego back out of the session, in two small writes", async () => {
    registerLuckLedger();
    const mira = hero("Mira", { ego: 4, finesse: 2 });
    const id = mira.id ?? "";
    // An earlier roll whose Ego stays spent: dark 1 ≤ Ego 4 costs 1.
    as(ROLLER);
    const earlier = await rollFromDialog(mira, 1, [5, 3, 1]);
    asActiveGm();
    HooksStub.callAll("createChatMessage", earlier, {}, ROLLER.id);
    await vi.waitFor(() => expect(egoOf(id)).toEqual([1, 1]));
    const before = egoOf(id);
    // The roll to undo: dark 2 and 1, both ≤ Ego 3, cost 2; the GM's client records it.
    as(ROLLER);
    const msg = await rollFromDialog(mira, 2, [6, 4, 2, 1]);
    expect(riskyState(msg).ego).toMatchObject({ cost: 2, spent: true, undone: false });
    expect((mira.system as CharacterData).ego.value).toBe(1);
    asActiveGm();
    HooksStub.callAll("createChatMessage", msg, {}, ROLLER.id);
    await vi.waitFor(() => expect(egoOf(id)).toEqual([3, 3]));
    // The roller presses Undo on the card; the GM's client sees the card change.
    as(ROLLER);
    await click(msg, '[data-action="undo-ego"]');
    expect(riskyState(msg).ego.undone).toBe(true);
    expect((mira.system as CharacterData).ego.value).toBe(3);
    asActiveGm();
    const writes = settingWrites();
    HooksStub.callAll("updateChatMessage", msg, {}, {}, ROLLER.id);
    await vi.waitFor(() => expect(egoOf(id)).toEqual(before));
    // The session's tallies, and the block that keeps the roll's Ego (now undone).
    expect(writes.mock.calls.map((c) => c[1]).sort()).toEqual(["luckRecorded0", "luckSession0"]);
    // The roll itself stays counted; a second update of the same card writes nothing.
    expect(readLuckLedger().tallies.find((t) => t.actorId === id)?.rolls).toBe(2);
    HooksStub.callAll("updateChatMessage", msg, {}, {}, ROLLER.id);
    await onLuckMessage(asMessage(msg));
    expect(writes).toHaveBeenCalledTimes(2);
    expect(egoOf(id)).toEqual(before);
  });

  it("R-LUCK-1 R-EGO-2 (stand-ins): a forged Undo (dice that are not the message's, or a tampered card) takes nothing back", async () => {
    asActiveGm();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const msg = rolled([5, 3], [2, 1]);
    const state = { ...card([5, 3], [2, 1]), ego: { cost: 2, spent: true, undone: false } };
    msg.flags = cardFlags({ kind: "risky", state });
    await onLuckMessage(asMessage(msg));
    expect(egoOf("abc")).toEqual([2, 2]);
    const writes = settingWrites();
    // Undone, but the card now names dice the message never rolled.
    msg.flags = cardFlags({
      kind: "risky",
      state: { ...state, light: [6, 6], ego: { ...state.ego, undone: true } },
    });
    await onLuckMessage(asMessage(msg));
    // Undone, but the card's Ego does not hold together (a cost its dice do not give).
    msg.flags = cardFlags({ kind: "risky", state: { ...state, ego: { cost: 0, spent: true, undone: true } } });
    await onLuckMessage(asMessage(msg));
    expect(writes).not.toHaveBeenCalled();
    expect(egoOf("abc")).toEqual([2, 2]);
    expect(warn).toHaveBeenCalled();
  });

  it("R-LUCK-1 R-EGO-2 (stand-ins): a card put back after its Ego could not be restored counts the Ego again", async () => {
    asActiveGm();
    const msg = rolled([5, 3], [2, 1]);
    const state = { ...card([5, 3], [2, 1]), ego: { cost: 2, spent: true, undone: false } };
    msg.flags = cardFlags({ kind: "risky", state });
    await onLuckMessage(asMessage(msg));
    // The Undo notes itself on the card first, then restores the Ego; a refusal puts the card back.
    msg.flags = cardFlags({ kind: "risky", state: undoEgo(state, ROLLER, state.version) });
    await onLuckMessage(asMessage(msg));
    expect(egoOf("abc")).toEqual([0, 0]);
    msg.flags = cardFlags({ kind: "risky", state });
    await onLuckMessage(asMessage(msg));
    expect(egoOf("abc")).toEqual([2, 2]);
  });

  it("R-LUCK-1 R-EGO-2 (stand-ins): an Undo the GM's client sees while the roll's record is still being written is not lost", async () => {
    asActiveGm();
    const msg = rolled([5, 3], [2, 1]);
    const state = { ...card([5, 3], [2, 1]), ego: { cost: 2, spent: true, undone: false } };
    msg.flags = cardFlags({ kind: "risky", state });
    const recording = onLuckMessage(asMessage(msg));
    msg.flags = cardFlags({ kind: "risky", state: undoEgo(state, ROLLER, state.version) });
    await Promise.all([recording, onLuckMessage(asMessage(msg))]);
    expect(readLuckLedger().tallies[0]).toMatchObject({ rolls: 1, egoSpent: 0, egoLost: 0 });
  });

  it("R-LUCK-1 R-EGO-2 (stand-ins): a card undone before any GM's client saw it is recorded with no Ego, as before", async () => {
    asActiveGm();
    const msg = rolled([5, 3], [2, 1]);
    msg.flags = cardFlags({
      kind: "risky",
      state: { ...card([5, 3], [2, 1]), ego: { cost: 2, spent: true, undone: true } },
    });
    await onLuckMessage(asMessage(msg));
    expect(readLuckLedger().tallies[0]).toMatchObject({ rolls: 1, egoSpent: 0, egoLost: 0 });
  });

  it("R-LUCK-1 R-XP-1 (stand-ins): a GM whose role may not modify the world's settings awards and undoes XP; the ledger is left alone, and they are told why", async () => {
    const mira = pc("Mira", "player1", { xp: 3 });
    actors(mira);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    asAssistantWithoutSettings();
    await awardSession([{ uuid: mira.uuid, name: "Mira", xp: 2, played: true }]);
    const posted = lastCard();
    expect(sessionState(posted).luck).toBeUndefined();
    expect(sessionState(posted).rows[0]).toMatchObject({ given: true, after: 5 });
    expect(world.settings.get("luckLedger")).toBeUndefined();
    expect(world.notices.map((n) => [n.level, n.message])).toEqual([["warn", "TERRAN.Luck.notWritable"]]);
    // A card whose session a GM who may write the ledger closed: this GM's Undo takes the XP back, not the ledger's.
    asActiveGm();
    await awardSession([{ uuid: mira.uuid, name: "Mira", xp: 1, played: true }]);
    const closed = lastCard();
    const ledger = world.settings.get("luckLedger");
    asAssistantWithoutSettings();
    await undoSessionAward(asMessage(closed), sessionState(closed).version);
    expect(xp(mira)).toBe(5);
    expect(world.settings.get("luckLedger")).toEqual(ledger);
    expect(errorsShown()).toEqual([]);
    expect(world.notices.filter((n) => n.message === "TERRAN.Luck.notWritable")).toHaveLength(2);
  });

  it("R-LUCK-1 R-XP-1 (stand-ins): a ledger that cannot be written never stops the award: the card is posted without the line", async () => {
    asActiveGm();
    const mira = pc("Mira", "player1", { xp: 3 });
    actors(mira);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    settingWrites().mockRejectedValue(new Error("the server refused the write"));
    await awardSession([{ uuid: mira.uuid, name: "Mira", xp: 2, played: true }]);
    const posted = lastCard();
    expect(sessionState(posted).luck).toBeUndefined();
    expect(sessionState(posted).rows[0]).toMatchObject({ given: true, after: 5 });
    expect((await shown(posted)).querySelector(".session-rarest")).toBeNull();
  });

  it("R-LUCK-1 R-RA-8 (ruling) (stand-ins): a Reaction is recorded at once with its outcome only, even when its dice would explode", async () => {
    asActiveGm();
    const state = card([6, 6], [], { reaction: true, target: { kind: "save", group: "insight" } });
    const msg = message({ kind: "risky", state });
    msg.rolls = [rollOf([6, 6])];
    await onLuckMessage(asMessage(msg));
    const tally = readLuckLedger().tallies[0];
    expect(tally).toMatchObject({ rolls: 1, outcomeCount: 1, effectCount: 0 });
    expect(tally?.rarest).toMatchObject({ kind: "reaction", effect: null, label: "TERRAN.Save.insight" });
    expect(tally?.rarest?.chance).toBeCloseTo(11 / 36, 12);
  });

  it("R-LUCK-1 R-V-3 (stand-ins): a v0.6.2 Reaction is named by its ruleset's Save", async () => {
    asActiveGm();
    world.settings.set("ruleset", "v062");
    const state = card([6, 2], [], { reaction: true, target: { kind: "save", group: "insight" }, rulesetId: "v062" });
    const msg = message({ kind: "risky", state });
    msg.rolls = [rollOf([6, 2])];
    await onLuckMessage(asMessage(msg));
    expect(readLuckLedger().tallies[0]?.rarest?.label).toBe("TERRAN.Save.evasion");
  });
});
