/**
 * The fuzz's entries for R-LUCK-1: a roll's percentile and chance (src/rules/luck.ts) and the luck
 * ledger's reducers (src/data/luck-ledger.ts). Invariants: percentiles 0…1, a chance above 0 and at most
 * 1, a law summing to at most 1; the ledger stays bounded (LUCK_SESSIONS_KEPT sessions, LUCK_RECORDED_KEPT
 * ids and Ego records, six counts a user), counts whole, a message recorded once, an Ego Undo applied once
 * and never below 0, and a repaired ledger reads back sound.
 */
import fc from "fast-check";
import * as rules from "../../src/rules/index.ts";
import * as ledgerModule from "../../src/data/luck-ledger.ts";
import {
  changedParts,
  checkLuckRoll,
  closeLuckSession,
  currentLuckSession,
  isLuckRecorded,
  ledgerFromParts,
  LUCK_KINDS,
  LUCK_LABEL_JOIN,
  LUCK_RECORDED_BLOCKS,
  LUCK_RECORDED_KEPT,
  LUCK_SESSIONS_KEPT,
  luckLabel,
  luckParts,
  luckSessionAt,
  recordLuck,
  repairLuckLedger,
  sessionRarest,
  setLuckEgoUndone,
  takeBackLuckXp,
  withHiddenLuck,
  type LuckLedgerRecorded,
  type LuckRoll,
} from "../../src/data/luck-ledger.ts";
import * as A from "./arbitraries.ts";
import { entry, type EntryPoint } from "./harness.ts";

const t = fc.tuple;
const unit = (p: number | null, what: string): string | null =>
  p === null || (p >= 0 && p <= 1) ? null : `${what} ${p} is outside 0…1`;
const chanceOk = (c: number): string | null => (c > 0 && c <= 1 ? null : `chance ${c} is outside (0, 1]`);
const rollLuckOk = (r: rules.RollLuck): string | null =>
  unit(r.outcome, "outcome") ?? unit(r.effect, "effect") ?? chanceOk(r.chance);
const lawOk = (law: readonly number[]): string | null => {
  const total = law.reduce((s, p) => s + p, 0);
  return law.every((p) => p >= 0 && p <= 1) && total <= 1 + 1e-9 ? null : `a law sums to ${total}`;
};

const combinedInput = t(
  A.faces(5),
  fc.boolean(),
  fc.boolean(),
  A.threshold.chain((th) => A.chainFrom(th)),
).map(([faces, slaughter, singleDieServesBoth, [face, chain]]): rules.CombinedLuckInput => ({
  faces,
  slaughter,
  singleDieServesBoth,
  chosen: chain.length > 0 || face < 5 ? { face, chain } : null,
}));
const total = fc.integer({ min: 1, max: 80 });

/** R-LUCK-1 the percentile functions of src/rules/luck.ts. */
export const LUCK_RULE_ENTRIES: Readonly<Record<string, EntryPoint>> = {
  outcomeRung: entry(rules.outcomeRung, t(fc.integer({ min: 0, max: 6 })), {
    check: (r) => (r >= 0 && r <= 2 ? null : `rung ${r}`),
  }),
  outcomeLuck: entry(rules.outcomeLuck, t(A.faces(6)), {
    fractional: true,
    check: (l) => unit(l.percentile, "percentile") ?? chanceOk(l.chance),
  }),
  chainLaw: entry(rules.chainLaw, t(A.threshold, fc.integer({ min: 0, max: 60 })), { fractional: true, check: lawOk }),
  keptFaceLaw: entry(rules.keptFaceLaw, t(fc.integer({ min: 1, max: 8 })), { fractional: true, check: lawOk }),
  effectLuck: entry(
    (dice: number, threshold: number, x: number) => rules.effectLuck(rules.keptFaceLaw(dice), threshold, x),
    t(fc.integer({ min: 1, max: 4 }), A.threshold, total),
    { fractional: true, check: (l) => unit(l.percentile, "percentile") ?? unit(l.chance, "chance") },
  ),
  defaultEffectTotal: entry(rules.defaultEffectTotal, t(combinedInput), {
    check: (x) => (x === null || (Number.isInteger(x) && x >= 1) ? null : `total ${String(x)}`),
  }),
  combinedRollLuck: entry(rules.combinedRollLuck, t(combinedInput), { fractional: true, check: rollLuckOk }),
  keptExplodingLuck: entry(rules.keptExplodingLuck, t(fc.integer({ min: 1, max: 4 }), A.threshold, total), {
    fractional: true,
    check: (r) => unit(r.effect, "effect") ?? unit(r.chance, "chance"),
  }),
  separateRollLuck: entry(rules.separateRollLuck, t(A.faces(6)), { fractional: true, check: rollLuckOk }),
};

// ---------------------------------------------------------------------------------------------
// The ledger's reducers

const ids = fc.constantFrom("a1", "a2", "a3", "u1", "u2", "m1", "__proto__", "constructor");
const luckRoll: fc.Arbitrary<LuckRoll> = fc.record({
  messageId: fc.string({ minLength: 1, maxLength: 4 }),
  actorId: ids,
  userId: ids,
  kind: fc.constantFrom(...LUCK_KINDS),
  label: fc.constantFrom("Might", "Sword"),
  outcome: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
  effect: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
  chance: fc.double({ min: 1e-12, max: 1, noNaN: true }),
  hidden: fc.boolean(),
  time: fc.nat(),
});
type Step =
  | { readonly do: "record"; readonly roll: unknown; readonly faces: number[]; readonly ego: number }
  | { readonly do: "close"; readonly xp: number; readonly actorId: string }
  | { readonly do: "undo"; readonly session: number; readonly xp: number; readonly actorId: string }
  | { readonly do: "egoUndo"; readonly pick: number; readonly id: string; readonly undone: boolean };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ do: fc.constant("record" as const), roll: luckRoll, faces: A.faces(6), ego: fc.nat({ max: 6 }) }),
  fc.record({ do: fc.constant("close" as const), xp: fc.nat({ max: 9 }), actorId: ids }),
  fc.record({ do: fc.constant("undo" as const), session: fc.nat({ max: 60 }), xp: fc.nat({ max: 9 }), actorId: ids }),
  // R-EGO-2 a card's Ego Undo (or its putting back): mostly a roll the ledger holds Ego for, else any id.
  fc.record({ do: fc.constant("egoUndo" as const), pick: fc.nat(), id: ids, undone: fc.boolean() }),
);

/** Every bound and count of a ledger, as a list of what is wrong. */
function ledgerBreaks(l: LuckLedgerRecorded): string[] {
  const out: string[] = [];
  if (l.sessions.length < 1 || l.sessions.length > LUCK_SESSIONS_KEPT) out.push(`${l.sessions.length} sessions`);
  if (currentLuckSession(l).ended !== null) out.push("no open session");
  if ((l.recorded ?? []).length > LUCK_RECORDED_KEPT) out.push("too many recorded ids");
  if ((l.ego ?? []).length > LUCK_RECORDED_KEPT) out.push("too many Ego records");
  const recorded = new Set(l.recorded ?? []);
  if ((l.ego ?? []).some((e) => !recorded.has(e.messageId))) out.push("Ego held for a message not recorded");
  const first = l.sessions[0]?.index ?? 0;
  for (const tally of l.tallies) {
    if (tally.session < first) out.push(`a tally of dropped session ${tally.session}`);
    if (tally.outcomeCount > tally.rolls || tally.effectCount > tally.rolls) out.push("more percentiles than rolls");
    if (tally.xpGained < 0 || !Number.isInteger(tally.xpGained)) out.push(`xp ${tally.xpGained}`);
    for (const ego of [tally.egoSpent, tally.egoLost])
      if (ego < 0 || !Number.isSafeInteger(ego)) out.push(`Ego ${ego} in a tally`);
  }
  for (const counts of Object.values(l.faces)) if (counts.length !== 6) out.push("a face count is not six");
  return out;
}

/** R-EGO-2 one Ego Undo step: rolls stay counted, only the roll's own tally moves, a second call changes nothing. */
function egoUndoBreaks(l: LuckLedgerRecorded, s: Extract<Step, { do: "egoUndo" }>): string[] {
  const held = l.ego ?? [];
  const id = held.length > 0 ? (held[s.pick % held.length]?.messageId ?? s.id) : s.id;
  const next = setLuckEgoUndone(l, id, s.undone);
  const out: string[] = [];
  if (setLuckEgoUndone(next, id, s.undone) !== next) out.push("a second Ego Undo changed the ledger again");
  const record = held.find((e) => e.messageId === id);
  if (!record || record.undone === s.undone) {
    if (next !== l) out.push("an Ego Undo with nothing to change changed the ledger");
    return out;
  }
  l.tallies.forEach((t, i) => {
    const after = next.tallies[i];
    if (after?.rolls !== t.rolls || after.xpGained !== t.xpGained) out.push("an Ego Undo changed a roll count or XP");
    const own = t.actorId === record.actorId && t.session === record.session;
    if (!own && (after?.egoSpent !== t.egoSpent || after.egoLost !== t.egoLost))
      out.push("an Ego Undo changed another tally's Ego");
  });
  if ((next.ego ?? []).find((e) => e.messageId === id)?.undone !== s.undone) out.push("the Ego record was not marked");
  return out;
}

/** A scenario: records, awards, Undos and Ego Undos from a stored value (repaired first, as the GM reads it). */
function ledgerScenario(raw: unknown, steps: readonly Step[]): string[] {
  let l = repairLuckLedger(raw, 0).ledger;
  const breaks: string[] = [];
  for (const s of steps) {
    if (s.do === "record") {
      const roll = checkLuckRoll(s.roll);
      if (!roll) continue;
      const before = l.tallies.reduce((n, x) => n + x.rolls, 0);
      // A record with Ego that is not a whole count, or faces that are not a list, is refused whole.
      const sound = Number.isSafeInteger(s.ego) && s.ego >= 0 && Array.isArray(s.faces);
      const seen = isLuckRecorded(l, roll.messageId) || !sound;
      l = recordLuck(l, { roll, egoSpent: s.ego, egoLost: s.ego, faces: s.faces });
      const after = l.tallies.reduce((n, x) => n + x.rolls, 0);
      if (after !== before + (seen ? 0 : 1))
        breaks.push(`rolls went ${before} → ${after} (recorded before or refused: ${seen})`);
    } else if (s.do === "egoUndo") {
      breaks.push(...egoUndoBreaks(l, s));
      const held = l.ego ?? [];
      l = setLuckEgoUndone(l, held.length > 0 ? (held[s.pick % held.length]?.messageId ?? s.id) : s.id, s.undone);
    } else if (s.do === "close") {
      l = closeLuckSession(l, 1, [{ actorId: s.actorId, xp: s.xp }]).ledger;
    } else {
      l = takeBackLuckXp(l, s.session, [{ actorId: s.actorId, xp: s.xp }]);
    }
    breaks.push(...ledgerBreaks(l));
    const rarest = sessionRarest(l, currentLuckSession(l).index, true);
    if (rarest?.hidden) breaks.push("a hidden roll is the public rarest");
  }
  const again = repairLuckLedger(JSON.parse(JSON.stringify(l)), 0);
  if (again.dropped > 0) breaks.push(`the ledger read back drops ${again.dropped}`);
  return [...breaks, ...partsBreaks(l)];
}

/** The ledger stored in parts reads back whole (its ids, tallies' counts) and no part holds a hidden roll's rarity. */
function partsBreaks(l: LuckLedgerRecorded): string[] {
  const parts = luckParts(l);
  const slots = <T>(m: ReadonlyMap<number, T>, n: number) => Array.from({ length: n }, (_, i) => m.get(i));
  const raw = JSON.parse(
    JSON.stringify({
      index: parts.index,
      faces: parts.faces,
      sessions: slots(parts.sessions, LUCK_SESSIONS_KEPT),
      recorded: slots(parts.recorded, LUCK_RECORDED_BLOCKS),
    }),
  ) as Parameters<typeof ledgerFromParts>[0];
  const read = ledgerFromParts(raw, 0);
  const out: string[] = [];
  if (read.dropped > 0) out.push(`the parts read back drop ${read.dropped}`);
  if (JSON.stringify(read.ledger.recorded ?? []) !== JSON.stringify(l.recorded ?? []))
    out.push("the parts lose recorded ids");
  if (read.ledger.tallies.reduce((n, x) => n + x.rolls, 0) !== l.tallies.reduce((n, x) => n + x.rolls, 0))
    out.push("the parts lose rolls");
  if (JSON.stringify(raw).includes('"hidden":true')) out.push("a part holds a hidden roll");
  const rewrites = changedParts(raw, read.ledger, read.ledger);
  if (read.dropped === 0 && rewrites.length > 0) out.push(`a ledger stored as it is rewrites ${rewrites.length} parts`);
  return out;
}

/** R-LUCK-1 the ledger reducers of src/data/luck-ledger.ts. */
export const LUCK_LEDGER_ENTRIES: Readonly<Record<string, EntryPoint>> = {
  "luck ledger: record/award/Undo/Ego Undo sequences": {
    args: t(fc.oneof(fc.constant(undefined), fc.anything()), fc.array(step, { maxLength: 40 })),
    call: (args) => ledgerScenario(args[0], args[1] as Step[]),
    scenario: true,
  },
  repairLuckLedger: entry(repairLuckLedger, t(fc.anything(), fc.nat()), {
    fractional: true,
    check: (r) => {
      const bad = ledgerBreaks(r.ledger);
      return bad.length > 0 ? bad.join("; ") : null;
    },
  }),
  checkLuckRoll: entry(checkLuckRoll, t(fc.oneof(luckRoll as fc.Arbitrary<unknown>, fc.anything())), {
    fractional: true,
  }),
  ledgerFromParts: entry(
    ledgerFromParts,
    t(
      fc.record({
        index: fc.anything(),
        faces: fc.anything(),
        sessions: fc.array(fc.anything(), { maxLength: 24 }),
        recorded: fc.array(fc.anything(), { maxLength: 20 }),
      }),
      fc.nat(),
    ),
    {
      fractional: true,
      check: (r) => {
        const bad = ledgerBreaks(r.ledger);
        return bad.length > 0 ? bad.join("; ") : null;
      },
    },
  ),
  luckSessionAt: entry(
    (raw: unknown, time: number) => luckSessionAt(repairLuckLedger(raw, 0).ledger, time),
    t(fc.anything(), fc.double()),
    { fractional: true },
  ),
  luckLabel: entry(
    (stored: unknown) => luckLabel(stored, (key) => `<${key}>`),
    t(
      fc.oneof(
        fc.string(),
        fc
          .array(
            fc.oneof(
              fc.string(),
              fc.string().map((s) => `TERRAN.${s}`),
            ),
            { maxLength: 5 },
          )
          .map((parts) => parts.join(LUCK_LABEL_JOIN)),
      ),
    ),
    {
      fractional: true,
      check: (read, [stored]) => {
        if (typeof stored !== "string") return read === "" ? null : "a label that is not text is read as text";
        const parts = stored.split(LUCK_LABEL_JOIN);
        const want = parts.map((p) => (p.startsWith("TERRAN.") ? `<${p}>` : p)).join(LUCK_LABEL_JOIN);
        return read === want ? null : "a label part is changed that is not a key, or a key is not read";
      },
    },
  ),
  withHiddenLuck: entry(
    (raw: unknown, hidden: unknown) =>
      withHiddenLuck(repairLuckLedger(raw, 0).ledger, Array.isArray(hidden) ? (hidden as never[]) : []),
    t(fc.anything(), fc.array(fc.record({ session: fc.nat(), roll: luckRoll, egoSpent: fc.nat(), egoLost: fc.nat() }))),
    { fractional: true },
  ),
};

/** Functions of src/data/luck-ledger.ts that the scenario above drives rather than calls alone. */
export const NOT_LUCK_LEDGER_ENTRIES: Readonly<Record<string, string>> = {
  emptyLedger: "the ledger a repair starts from (repairLuckLedger, the scenario)",
  currentLuckSession: "read by the scenario after every step",
  isLuckRecorded: "checked by the scenario before every record",
  recordLuck: "the scenario's record step",
  closeLuckSession: "the scenario's award step",
  takeBackLuckXp: "the scenario's Undo step",
  setLuckEgoUndone: "the scenario's Ego Undo step (R-EGO-2), checked by egoUndoBreaks",
  sessionRarest: "read by the scenario after every step",
  oneIn: "an entry of its own, luckOneIn (tests/fuzz/luck-entries.ts)",
  luckParts: "the scenario stores every ledger it reaches in parts and reads it back (partsBreaks)",
  changedParts: "the scenario's partsBreaks checks that the parts of a ledger stored as it is change nothing",
  luckSessionSlot: "where luckParts puts a session, read back by the scenario's partsBreaks",
};

/** Fails loudly when the ledger module exports a function no entry names. */
export function assertLedgerCovered(): void {
  const missing = Object.entries(ledgerModule)
    .filter(
      ([name, v]) => typeof v === "function" && !(name in LUCK_LEDGER_ENTRIES) && !(name in NOT_LUCK_LEDGER_ENTRIES),
    )
    .map(([name]) => name);
  if (missing.length > 0)
    throw new Error(`src/data/luck-ledger.ts exports ${missing.join(", ")}, which the fuzz does not cover.`);
}
assertLedgerCovered();
