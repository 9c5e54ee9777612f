/**
 * R-LUCK-1 the luck ledger's reducers (src/data/luck-ledger.ts): a roll recorded once, a session closed
 * and kept bounded, the award's XP taken back, and a damaged stored value repaired with nothing sound lost.
 */
import { describe, expect, it } from "vitest";
import {
  closeLuckSession,
  currentLuckSession,
  emptyLedger,
  LUCK_RECORDED_KEPT,
  LUCK_SESSIONS_KEPT,
  recordLuck,
  repairLuckLedger,
  sessionRarest,
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

  it("R-LUCK-1 (ruling): a hidden roll's percentiles stay out of the averages, so no one reads them back from a change", () => {
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
    expect(a?.egoSpent).toBe(3);
  });

  it("R-LUCK-1: the recorded ids stay bounded (the oldest dropped)", () => {
    let l: LuckLedgerRecorded = emptyLedger(0);
    for (let i = 0; i < LUCK_RECORDED_KEPT + 20; i++) l = recordLuck(l, entry({ messageId: `m${i}` }));
    expect(l.recorded).toHaveLength(LUCK_RECORDED_KEPT);
    expect(l.recorded?.[0]).toBe("m20");
    expect(l.tallies[0]?.rolls).toBe(LUCK_RECORDED_KEPT + 20);
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
    expect(read.ledger).toEqual(ledger);
  });

  it("R-LUCK-1: nothing stored yet reads as a fresh ledger without a complaint; junk reads as fresh and is reported", () => {
    expect(repairLuckLedger(undefined, 7)).toEqual({ ledger: emptyLedger(7), dropped: 0 });
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

  it("R-LUCK-1: a closed last session reopens the next, so there is always an open one", () => {
    const read = repairLuckLedger(
      { version: 1, sessions: [{ index: 3, started: 1, ended: 2 }], tallies: [], faces: {} },
      9,
    );
    expect(currentLuckSession(read.ledger)).toEqual({ index: 4, started: 2, ended: null });
  });
});
