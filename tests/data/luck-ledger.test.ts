/**
 * R-LUCK-1 the luck ledger's reducers (src/data/luck-ledger.ts): a roll recorded once, a session closed
 * and kept bounded, the award's XP taken back, a roll's Ego taken back by its card's Undo, and a damaged
 * stored value repaired with nothing sound lost.
 */
import { describe, expect, it } from "vitest";
import {
  closeLuckSession,
  currentLuckSession,
  emptyLedger,
  ledgerFromParts,
  LUCK_RECORDED_BLOCKS,
  LUCK_RECORDED_KEPT,
  luckParts,
  withHiddenLuck,
  type LuckParts,
  LUCK_SESSIONS_KEPT,
  recordLuck,
  repairLuckLedger,
  sessionRarest,
  setLuckEgoUndone,
  takeBackLuckXp,
  type LuckEntry,
  type LuckLedgerRecorded,
  type LuckRoll,
} from "../../src/data/luck-ledger.ts";

const roll = (over: Partial<LuckRoll> = {}): LuckRoll => ({
  messageId: "m1",
  actorId: "a1",
  userId: "u1",
  kind: "risky",
  label: "Might",
  outcome: 0.8,
  effect: 0.3,
  chance: 0.05,
  hidden: false,
  time: 1000,
  ...over,
});
const entry = (over: Partial<LuckRoll> = {}, faces = [6, 3], ego = 1): LuckEntry => ({
  roll: roll(over),
  egoSpent: ego,
  egoLost: ego,
  faces,
});

describe("R-LUCK-1 recording a roll", () => {
  it("R-LUCK-1: a roll adds to its character's tally in the open session: rolls, percentile sums and counts, Ego, rarest", () => {
    let l: LuckLedgerRecorded = emptyLedger(0);
    l = recordLuck(l, entry());
    l = recordLuck(l, entry({ messageId: "m2", outcome: 0.2, effect: null, chance: 0.5 }, [1], 2));
    expect(l.tallies).toHaveLength(1);
    const t = l.tallies[0];
    expect(t?.rolls).toBe(2);
    expect(t?.outcomeSum).toBeCloseTo(1.0, 12);
    expect(t?.outcomeCount).toBe(2);
    expect(t?.effectSum).toBeCloseTo(0.3, 12);
    expect(t?.effectCount).toBe(1);
    expect(t?.egoSpent).toBe(3);
    expect(t?.rarest?.messageId).toBe("m1");
    expect(t?.rarestPublic?.messageId).toBe("m1");
    expect(l.faces.u1).toEqual([1, 0, 1, 0, 0, 1]);
  });

  it("R-LUCK-1: the same message recorded twice counts once", () => {
    const once = recordLuck(emptyLedger(0), entry());
    expect(recordLuck(once, entry())).toBe(once);
  });

  it("R-LUCK-1: a hidden roll counts in the tally and the overall rarest, never in the faces nor the public rarest", () => {
    let l: LuckLedgerRecorded = recordLuck(emptyLedger(0), entry({ chance: 0.2 }));
    l = recordLuck(l, entry({ messageId: "m2", hidden: true, chance: 0.001 }, [6, 6, 6]));
    expect(l.faces.u1).toEqual([0, 0, 1, 0, 0, 1]);
    expect(l.tallies[0]?.rarest?.messageId).toBe("m2");
    expect(l.tallies[0]?.rarestPublic?.messageId).toBe("m1");
    expect(sessionRarest(l, 1, true)?.messageId).toBe("m1");
    expect(sessionRarest(l, 1, false)?.messageId).toBe("m2");
  });

  it("R-LUCK-1 (ruling): a hidden roll's percentiles and Ego stay out of the tallies, so no one reads them back from a change", () => {
    const before = recordLuck(emptyLedger(0), entry());
    const after = recordLuck(before, entry({ messageId: "m2", hidden: true, outcome: 0.01, effect: 0.99 }, [1], 2));
    const [b, a] = [before.tallies[0], after.tallies[0]];
    expect([a?.outcomeSum, a?.outcomeCount, a?.effectSum, a?.effectCount]).toEqual([
      b?.outcomeSum,
      b?.outcomeCount,
      b?.effectSum,
      b?.effectCount,
    ]);
    expect(a?.rolls).toBe(2);
    expect([a?.egoSpent, a?.egoLost]).toEqual([1, 1]);
    expect(after.ego?.map((e) => e.messageId)).toEqual(["m1"]);
  });

  it("R-LUCK-1: the recorded ids stay bounded (the oldest block of 25 dropped whole)", () => {
    let l: LuckLedgerRecorded = emptyLedger(0);
    for (let i = 0; i < LUCK_RECORDED_KEPT; i++) l = recordLuck(l, entry({ messageId: `m${i}` }));
    expect(l.recorded).toHaveLength(LUCK_RECORDED_KEPT);
    for (let i = LUCK_RECORDED_KEPT; i < LUCK_RECORDED_KEPT + 20; i++) l = recordLuck(l, entry({ messageId: `m${i}` }));
    expect(l.recorded).toHaveLength(LUCK_RECORDED_KEPT - 5);
    expect(l.recorded?.[0]).toBe("m25");
    expect(l.recordedTotal).toBe(LUCK_RECORDED_KEPT + 20);
    expect(l.tallies[0]?.rolls).toBe(LUCK_RECORDED_KEPT + 20);
  });
});

describe("R-LUCK-1 R-EGO-2 an Ego Undo pressed after the roll was recorded", () => {
  const spent = (l: LuckLedgerRecorded, actorId = "a1", session = 1) =>
    l.tallies.filter((t) => t.actorId === actorId && t.session === session).map((t) => [t.egoSpent, t.egoLost])[0];
  const withEgo = (messageId: string, egoSpent: number, egoLost: number, actorId = "a1"): LuckEntry => ({
    ...entry({ messageId, actorId }),
    egoSpent,
    egoLost,
  });

  it("R-LUCK-1 R-EGO-2: the Undo takes that roll's Ego spent and lost out of its character's tally, once; the roll stays counted", () => {
    let l: LuckLedgerRecorded = recordLuck(emptyLedger(0), withEgo("m1", 3, 2));
    l = recordLuck(l, withEgo("m2", 1, 1));
    expect(spent(l)).toEqual([4, 3]);
    const undone = setLuckEgoUndone(l, "m1", true);
    expect(spent(undone)).toEqual([1, 1]);
    expect(undone.tallies[0]?.rolls).toBe(2);
    expect(undone.tallies[0]?.rarest).toEqual(l.tallies[0]?.rarest);
    // A second update of the same card (still undone) changes nothing: the same ledger, so nothing is written.
    expect(setLuckEgoUndone(undone, "m1", true)).toBe(undone);
  });

  it("R-LUCK-1 R-EGO-2: a card put back (the Ego could not be restored) counts its Ego again, once", () => {
    const l = recordLuck(emptyLedger(0), withEgo("m1", 3, 2));
    const undone = setLuckEgoUndone(l, "m1", true);
    const back = setLuckEgoUndone(undone, "m1", false);
    expect(spent(back)).toEqual([3, 2]);
    expect(setLuckEgoUndone(back, "m1", false)).toBe(back);
    // Never undone: nothing to put back.
    expect(setLuckEgoUndone(l, "m1", false)).toBe(l);
  });

  it("R-LUCK-1 R-EGO-2: never below 0, whatever the tally holds", () => {
    const l = recordLuck(emptyLedger(0), withEgo("m1", 3, 2));
    const edited: LuckLedgerRecorded = { ...l, tallies: l.tallies.map((t) => ({ ...t, egoSpent: 1, egoLost: 0 })) };
    expect(spent(setLuckEgoUndone(edited, "m1", true))).toEqual([0, 0]);
  });

  it("R-LUCK-1 R-EGO-2: a message never recorded, or recorded with no Ego, changes nothing", () => {
    const l = recordLuck(recordLuck(emptyLedger(0), withEgo("m1", 2, 2)), withEgo("m2", 0, 0));
    expect(setLuckEgoUndone(l, "m9", true)).toBe(l);
    expect(setLuckEgoUndone(l, "m2", true)).toBe(l);
    // A card already undone when it is first seen records no Ego, so a later look finds nothing to take back.
    const late = recordLuck(emptyLedger(0), withEgo("m3", 0, 0));
    expect(setLuckEgoUndone(late, "m3", true)).toBe(late);
  });

  it("R-LUCK-1 R-EGO-2: an Undo after the session closed corrects the session the roll was recorded in", () => {
    const l = recordLuck(emptyLedger(0), withEgo("m1", 2, 2));
    const { ledger } = closeLuckSession(l, 5, []);
    const next = recordLuck(ledger, withEgo("m2", 1, 1));
    const undone = setLuckEgoUndone(next, "m1", true);
    expect(spent(undone, "a1", 1)).toEqual([0, 0]);
    expect(spent(undone, "a1", 2)).toEqual([1, 1]);
  });

  it("R-LUCK-1 R-EGO-2: only the Undone roll's character is corrected", () => {
    let l = recordLuck(emptyLedger(0), withEgo("m1", 2, 2, "a1"));
    l = recordLuck(l, withEgo("m2", 2, 1, "a2"));
    const undone = setLuckEgoUndone(l, "m2", true);
    expect(spent(undone, "a1")).toEqual([2, 2]);
    expect(spent(undone, "a2")).toEqual([0, 0]);
  });

  it("R-LUCK-1 R-EGO-2: the Ego kept per roll stays bounded (the oldest dropped) and reads back sound", () => {
    let l: LuckLedgerRecorded = emptyLedger(0);
    for (let i = 0; i < LUCK_RECORDED_KEPT + 20; i++) l = recordLuck(l, withEgo(`m${i}`, 1, 1));
    expect(l.ego).toHaveLength(LUCK_RECORDED_KEPT - 5);
    expect(l.ego?.[0]?.messageId).toBe("m25");
    // The oldest roll's Ego is no longer known: its Undo changes nothing.
    expect(setLuckEgoUndone(l, "m0", true)).toBe(l);
    const read = repairLuckLedger(JSON.parse(JSON.stringify(setLuckEgoUndone(l, "m30", true))), 0);
    expect(read.dropped).toBe(0);
    expect(read.ledger.ego?.find((e) => e.messageId === "m30")?.undone).toBe(true);
    // Rolls that cost no Ego push the oldest ids out too: the Ego goes with its message's id.
    let later = recordLuck(emptyLedger(0), withEgo("first", 2, 2));
    for (let i = 0; i < LUCK_RECORDED_KEPT; i++) later = recordLuck(later, withEgo(`free${i}`, 0, 0));
    expect(later.ego).toEqual([]);
    expect(setLuckEgoUndone(later, "first", true)).toBe(later);
  });
});

describe("R-LUCK-1 sessions", () => {
  it("R-LUCK-1: the award counts its XP in the open session, closes it and opens the next", () => {
    const l = recordLuck(emptyLedger(0), entry());
    const { ledger, closed } = closeLuckSession(l, 500, [
      { actorId: "a1", xp: 2 },
      { actorId: "a2", xp: 3 },
    ]);
    expect(closed).toBe(1);
    expect(ledger.sessions).toEqual([
      { index: 1, started: 0, ended: 500 },
      { index: 2, started: 500, ended: null },
    ]);
    expect(ledger.tallies.map((t) => [t.actorId, t.session, t.xpGained])).toEqual([
      ["a1", 1, 2],
      ["a2", 1, 3],
    ]);
    const next = recordLuck(ledger, entry({ messageId: "m9" }));
    expect(next.tallies.find((t) => t.session === 2)?.rolls).toBe(1);
  });

  it("R-LUCK-1: Undo takes the XP back from the session the award closed, never below 0", () => {
    const { ledger } = closeLuckSession(emptyLedger(0), 5, [{ actorId: "a1", xp: 2 }]);
    const undone = takeBackLuckXp(ledger, 1, [{ actorId: "a1", xp: 2 }]);
    expect(undone.tallies[0]?.xpGained).toBe(0);
    expect(takeBackLuckXp(undone, 1, [{ actorId: "a1", xp: 5 }]).tallies[0]?.xpGained).toBe(0);
  });

  it("R-LUCK-1: over many sessions only the last LUCK_SESSIONS_KEPT sessions and their tallies are kept", () => {
    let l: LuckLedgerRecorded = emptyLedger(0);
    for (let s = 0; s < LUCK_SESSIONS_KEPT * 3; s++) {
      l = recordLuck(l, entry({ messageId: `m${s}`, actorId: `a${s % 4}` }));
      l = closeLuckSession(l, s + 1, [{ actorId: "a0", xp: 1 }]).ledger;
    }
    expect(l.sessions).toHaveLength(LUCK_SESSIONS_KEPT);
    expect(currentLuckSession(l).index).toBe(LUCK_SESSIONS_KEPT * 3 + 1);
    const first = l.sessions[0]?.index ?? 0;
    expect(l.tallies.every((t) => t.session >= first)).toBe(true);
    expect(l.tallies.length).toBeLessThanOrEqual(LUCK_SESSIONS_KEPT * 2);
    expect(JSON.stringify(l).length).toBeLessThan(60_000);
  });
});

describe("R-LUCK-1 repair on read", () => {
  it("R-LUCK-1: a sound ledger is kept as it is, nothing dropped", () => {
    const { ledger } = closeLuckSession(recordLuck(emptyLedger(0), entry()), 5, [{ actorId: "a1", xp: 2 }]);
    const read = repairLuckLedger(JSON.parse(JSON.stringify(ledger)), 99);
    expect(read.dropped).toBe(0);
    const { recordedTotal, ...stored } = ledger;
    expect(recordedTotal).toBe(1);
    expect(read.ledger).toEqual(stored);
  });

  it("R-LUCK-1: nothing stored yet reads as a fresh ledger without a complaint; junk reads as fresh and is reported", () => {
    expect(repairLuckLedger(undefined, 7)).toEqual({ ledger: emptyLedger(7), dropped: 0 });
    // The setting's registered default (src/settings/settings.ts), what a fresh world reads, is no damage.
    expect(repairLuckLedger({}, 7)).toEqual({ ledger: emptyLedger(7), dropped: 0 });
    for (const junk of [null, 3, "x", [], { version: 2 }]) {
      const read = repairLuckLedger(junk, 7);
      expect(read.ledger).toEqual(emptyLedger(7));
      expect(read.dropped).toBeGreaterThan(0);
    }
  });

  it("R-LUCK-1: a bad tally, face count or session is dropped and counted; the sound ones are kept", () => {
    const good = recordLuck(emptyLedger(0), entry());
    const stored = JSON.parse(JSON.stringify(good)) as Record<string, unknown>;
    stored.tallies = [...(stored.tallies as unknown[]), { actorId: "a2", session: 1, rolls: -1 }];
    stored.faces = { u1: [1, 0, 1, 0, 0, 1], u2: [1, 2, 3], u3: "six" };
    stored.sessions = [...(stored.sessions as unknown[]), { index: "two" }];
    stored.recorded = ["m1", 4];
    const read = repairLuckLedger(stored, 9);
    expect(read.dropped).toBe(5);
    expect(read.ledger.tallies).toEqual(good.tallies);
    expect(read.ledger.faces).toEqual({ u1: [1, 0, 1, 0, 0, 1] });
    expect(read.ledger.recorded).toEqual(["m1"]);
    expect(read.ledger.sessions).toEqual(good.sessions);
  });

  it("R-LUCK-1: a tally whose rarest roll is forged (a chance of 0, a percentile past 1) is dropped", () => {
    const good = recordLuck(emptyLedger(0), entry());
    for (const bad of [{ chance: 0 }, { outcome: 1.5 }, { kind: "fortune" }, { hidden: "no" }]) {
      const stored = JSON.parse(JSON.stringify(good)) as { tallies: { rarest: object }[] };
      const tally = stored.tallies[0];
      if (tally) tally.rarest = { ...tally.rarest, ...bad };
      expect(repairLuckLedger(stored, 0).ledger.tallies).toEqual([]);
    }
  });

  it("R-LUCK-1 R-EGO-2: a damaged Ego record, or one of a message not recorded, is dropped and counted; a ledger stored before it kept them reads without a complaint", () => {
    const good = recordLuck(emptyLedger(0), { ...entry(), egoSpent: 2, egoLost: 1 });
    const stored = JSON.parse(JSON.stringify(good)) as Record<string, unknown>;
    const sound = (stored.ego as unknown[])[0];
    const bad = { messageId: "m1", actorId: "a1", session: 1, egoSpent: -1, egoLost: 0, undone: false };
    // The Ego of a message the ledger does not name among those recorded cannot be told from a forgery.
    stored.ego = [sound, bad, 7, { ...bad, messageId: "m2", egoSpent: 1 }];
    const read = repairLuckLedger(stored, 9);
    expect(read.dropped).toBe(3);
    expect(read.ledger.ego).toEqual(good.ego);
    expect(read.ledger.tallies).toEqual(good.tallies);
    const older = JSON.parse(JSON.stringify(good)) as Record<string, unknown>;
    delete older.ego;
    expect(repairLuckLedger(older, 9)).toMatchObject({ dropped: 0, ledger: { ego: [] } });
  });

  it("R-LUCK-1: a closed last session reopens the next, so there is always an open one", () => {
    const read = repairLuckLedger(
      { version: 1, sessions: [{ index: 3, started: 1, ended: 2 }], tallies: [], faces: {} },
      9,
    );
    expect(currentLuckSession(read.ledger)).toEqual({ index: 4, started: 2, ended: null });
  });
});

describe("R-LUCK-1 the ledger stored in parts", () => {
  const raw = (p: LuckParts) => {
    const slots = <T>(m: ReadonlyMap<number, T>, n: number) => Array.from({ length: n }, (_, i) => m.get(i));
    return JSON.parse(
      JSON.stringify({
        index: p.index,
        faces: p.faces,
        sessions: slots(p.sessions, LUCK_SESSIONS_KEPT),
        recorded: slots(p.recorded, LUCK_RECORDED_BLOCKS),
      }),
    ) as Parameters<typeof ledgerFromParts>[0];
  };

  it("R-LUCK-1: a ledger reads back from its parts as it was, over closed sessions and more ids than a block holds", () => {
    let l: LuckLedgerRecorded = emptyLedger(0);
    for (let s = 0; s < 3; s++) {
      for (let i = 0; i < 30; i++) l = recordLuck(l, entry({ messageId: `s${s}m${i}`, actorId: `a${i % 3}` }));
      l = closeLuckSession(l, s + 1, [{ actorId: "a1", xp: 2 }]).ledger;
    }
    const read = ledgerFromParts(raw(luckParts(l)), 9);
    expect(read.dropped).toBe(0);
    expect(read.ledger).toEqual({
      ...l,
      tallies: l.tallies.map((t) => ({
        ...t,
        rarest: t.rarestPublic && { ...t.rarestPublic, outcome: null, effect: null, time: 0 },
        rarestPublic: t.rarestPublic && { ...t.rarestPublic, outcome: null, effect: null, time: 0 },
      })),
    });
  });

  it("R-LUCK-1: a roll changes its session's part, its block of ids and the faces; nothing else", () => {
    let l: LuckLedgerRecorded = emptyLedger(0);
    for (let i = 0; i < 60; i++) l = recordLuck(l, entry({ messageId: `m${i}`, actorId: `a${i % 4}` }));
    l = closeLuckSession(l, 1, []).ledger;
    const before = luckParts(l);
    const after = luckParts(recordLuck(l, entry({ messageId: "new" })));
    const changed = (a: ReadonlyMap<number, unknown>, b: ReadonlyMap<number, unknown>) =>
      [...new Set([...a.keys(), ...b.keys()])].filter((k) => JSON.stringify(a.get(k)) !== JSON.stringify(b.get(k)));
    expect(changed(before.sessions, after.sessions)).toEqual([1]);
    expect(changed(before.recorded, after.recorded)).toEqual([2]);
    expect(after.index).toEqual(before.index);
  });

  it("R-LUCK-1 (ruling): a hidden roll's rarity, percentiles, Ego and faces are in no part; the GM's view adds them back from its message", () => {
    const secret = entry(
      { messageId: "secret", hidden: true, chance: 0.0004, label: "Insight", outcome: 0.01 },
      [6, 6],
      3,
    );
    const l = recordLuck(recordLuck(emptyLedger(0), entry()), secret);
    const stored = JSON.stringify(raw(luckParts(l)));
    expect(stored).toContain("secret");
    for (const leak of ["Insight", "0.0004", '"hidden":true']) expect(stored).not.toContain(leak);
    const read = ledgerFromParts(JSON.parse(stored) as Parameters<typeof ledgerFromParts>[0], 0).ledger;
    expect(read.tallies[0]).toMatchObject({ rolls: 2, egoSpent: 1, rarest: { messageId: "m1" } });
    const gm = withHiddenLuck(read, [{ session: 1, roll: secret.roll, egoSpent: 3, egoLost: 3 }]);
    expect(gm.tallies[0]).toMatchObject({ egoSpent: 4, egoLost: 4, rarest: { messageId: "secret", hidden: true } });
    expect(gm.tallies[0]?.rarestPublic?.messageId).toBe("m1");
  });
});
