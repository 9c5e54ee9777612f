/**
 * The fuzz's entries for the Table luck window's view (src/applications/gm/luck-context.ts, R-LUCK-1's
 * ledger shown, R-LUCK-2's fairness): stored ledgers of any shape the setting could hold, for the GM and
 * for a player, in any locale. Invariants: nothing thrown but a RulesError (none expected: a malformed
 * entry is left out), every number finite, a player never shown a private roll, "empty" exactly when
 * there is nothing to draw, a chart's bars inside the chart.
 */
import fc from "fast-check";
import { luckWindowContext, type LuckChart, type LuckWindowContext } from "../../src/applications/gm/luck-context.ts";
import { oneIn, type LuckLedger, type LuckRoll, type LuckTally } from "../../src/data/luck-ledger.ts";
import { entry, type EntryPoint } from "./harness.ts";

const t = fc.tuple;
const id = fc.constantFrom("mira", "oskar", "ines", "gone", "player1", "player2");
const share = fc.double({ min: 0, max: 1, noNaN: true });

const roll: fc.Arbitrary<LuckRoll> = fc.record({
  messageId: fc.string({ maxLength: 4 }),
  actorId: id,
  userId: id,
  kind: fc.constantFrom("risky", "reaction", "effect"),
  label: fc.string({ maxLength: 8 }),
  outcome: fc.option(share),
  effect: fc.option(share),
  chance: fc.oneof(share, fc.constantFrom(1e-9, 1 / 310, 0.5, 1)),
  hidden: fc.boolean(),
  time: fc.integer({ min: 0, max: 2 ** 40 }),
});

const tally: fc.Arbitrary<LuckTally> = t(
  id,
  fc.integer({ min: 1, max: 30 }),
  fc.integer({ min: 0, max: 200 }),
  fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 5, maxLength: 5 }),
  fc.option(roll),
  fc.option(roll),
).map(([actorId, session, rolls, [oc, ec, spent, lost, xp], rarest, rarestPublic]) => ({
  actorId,
  session,
  rolls,
  outcomeSum: (oc ?? 0) * 0.5,
  outcomeCount: oc ?? 0,
  effectSum: (ec ?? 0) * 0.4,
  effectCount: ec ?? 0,
  egoSpent: spent ?? 0,
  egoLost: lost ?? 0,
  xpGained: xp ?? 0,
  rarest,
  // What the ledger promises: the public rarest is never a hidden roll.
  rarestPublic: rarestPublic && !rarestPublic.hidden ? rarestPublic : null,
}));

const ledger: fc.Arbitrary<LuckLedger> = fc.record({
  version: fc.constant(1 as const),
  sessions: fc.array(
    fc.record({ index: fc.integer({ min: 1, max: 30 }), started: fc.nat(), ended: fc.option(fc.nat()) }),
    { maxLength: 4 },
  ),
  tallies: fc.array(tally, { maxLength: 8 }),
  faces: fc.dictionary(
    id,
    fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 6, maxLength: 6 }) as fc.Arbitrary<
      [number, number, number, number, number, number]
    >,
    { maxKeys: 3 },
  ),
});

const names = fc.record({
  actors: fc.dictionary(id, fc.string({ maxLength: 6 }), { maxKeys: 4 }),
  users: fc.dictionary(id, fc.string({ maxLength: 6 }), { maxKeys: 4 }),
});

function chartOutside(chart: LuckChart | null): string | null {
  if (!chart) return null;
  for (const b of chart.bars)
    if (b.x < 0 || b.y < 0 || b.height < 0 || b.x + b.width > chart.width || b.y + b.height > chart.height + 1e-9)
      return `a bar outside its chart: ${JSON.stringify(b)}`;
  return null;
}

function viewBad(view: LuckWindowContext, isGM: boolean): string | null {
  if (view.empty !== (view.characters.length === 0 && view.fairness.length === 0)) return "empty is wrong";
  for (const c of view.characters) {
    const rows = [c.totals, ...c.sessions];
    if (!isGM && rows.some((r) => r.rarest?.hidden)) return "a player is shown a private roll";
    const bad = chartOutside(c.chart);
    if (bad) return bad;
  }
  for (const f of view.fairness) {
    const bad = chartOutside(f.chart);
    if (bad) return bad;
  }
  return null;
}

export const LUCK_ENTRIES: Readonly<Record<string, EntryPoint>> = {
  luckWindowContext: entry(
    luckWindowContext,
    t(ledger, fc.record({ isGM: fc.boolean() }), names, fc.constantFrom("en", "pt-BR", "zz-not-a-locale")),
    { fractional: true, check: (view, [, viewer]) => viewBad(view, viewer.isGM) },
  ),
  luckOneIn: entry(oneIn, t(fc.oneof(share, fc.double({ noNaN: false })), fc.constantFrom("en", "pt-BR")), {
    check: (text) => (text === null || /^[\d.,\u00a0\u202f]+$/.test(text) ? null : `"${text}" is not a number`),
  }),
};
