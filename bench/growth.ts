/**
 * Growth benches: how the costs a table feels grow with its data, each measured at several sizes with
 * its fitted growth (the log–log slope of time against size: ~1 linear, ~2 quadratic) beside its budget.
 * The chat log (cards drawn), the character sheet (items), the luck ledger (sessions × characters: the
 * bytes one roll writes, the time to record it, the Table luck window's build), the Challenge forecast
 * (Disposition) and the world migration (actors: calls and documents written, on the stand-ins).
 * Figures are medians of repeated runs; the system's code only (templates compiled once, as Foundry
 * caches them), not the browser's layout nor a server's round trip.
 */
import { challengeCardView, createChallengeCard, riskyCardView, type CardViewer } from "../src/chat/index.ts";
import { characterSheetContext } from "../src/applications/sheets/character/character-context.ts";
import { CHARACTER_SHEET_PARTS } from "../src/applications/sheets/parts.ts";
import { luckWindowContext } from "../src/applications/gm/luck-context.ts";
import {
  changedParts,
  closeLuckSession,
  emptyLedger,
  ledgerFromParts,
  LUCK_RECORDED_BLOCKS,
  LUCK_SESSIONS_KEPT,
  luckParts,
  recordLuck,
  type LuckEntry,
  type LuckLedgerRecorded,
  type LuckParts,
} from "../src/data/luck-ledger.ts";
import { challengeEffectLaw, challengeForecast, CORE, forecastActionLaw, type TierRank } from "../src/rules/index.ts";
import { busyCharacter } from "../tests/fixtures/sheets.ts";
import { compileTemplate } from "../tests/support/templates.ts";
import { cardStates } from "./card.ts";
import { median, ms, type BenchCheck, type BenchReport } from "./stats.ts";

/** The log–log least-squares slope of `ys` against `xs` (sizes and times, both > 0). */
export function slope(xs: readonly number[], ys: readonly number[]): number {
  const pts = xs.map((x, i) => [Math.log(x), Math.log(Math.max(ys[i] ?? 0, 1e-6))] as const);
  const mx = pts.reduce((t, [x]) => t + x, 0) / pts.length;
  const my = pts.reduce((t, [, y]) => t + y, 0) / pts.length;
  const cov = pts.reduce((t, [x, y]) => t + (x - mx) * (y - my), 0);
  const vx = pts.reduce((t, [x]) => t + (x - mx) ** 2, 0);
  return vx > 0 ? cov / vx : Number.NaN;
}

const growthName = (s: number): string =>
  s < 0.5 ? "flat" : s < 1.3 ? "linear" : s < 1.7 ? "above linear" : "quadratic";

/** The median time of `run` over `repeats` calls after one warm-up call. */
function timed(run: () => unknown, repeats: number): number {
  run();
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** The slope over the three largest sizes, where the growth shows (the smallest are mostly fixed cost). */
const upperSlope = (sizes: readonly number[], times: readonly number[]): number =>
  slope(sizes.slice(-3), times.slice(-3));

/** One curve as printed lines: size, the figures, then the slope. */
function curve(
  title: string,
  sizes: readonly number[],
  times: readonly number[],
  extra: (i: number) => string,
): string[] {
  const s = upperSlope(sizes, times);
  return [
    `${title}:`,
    ...sizes.map((n, i) => `    ${String(n).padStart(5)}  ${ms(times[i] ?? Number.NaN).padStart(10)}  ${extra(i)}`),
    `    fitted growth (log-log slope, ${sizes.slice(-3).join(" / ")}): ${s.toFixed(2)}, ${growthName(s)}`,
  ];
}

// ---------------------------------------------------------------------------------------------

const VIEWER: CardViewer = { id: "player1", isGM: false, gmOnline: true, mayApply: true, mayApplyReason: null };

function chatLog(): { notes: string[]; checks: BenchCheck[] } {
  const risky = compileTemplate("chat/risky-card.hbs");
  const challenge = compileTemplate("chat/challenge-card.hbs");
  const states = cardStates();
  const brute = createChallengeCard({
    rollerId: "gm",
    challengeUuid: "Actor.brute",
    challengeName: "Brute",
    facetName: "Fight",
    tierKey: "TERRAN.ChallengeTier.formidable",
    stats: { dice: 3, halved: false },
    faces: [2, 6, 4],
    chain: [6, 3],
  });
  const sizes = [50, 100, 200, 500, 1000];
  let bytes = 0;
  // Per 10 cards: 8 Risky cards in their states, 2 Challenge cards (the whole log drawn, as a scroll back does).
  const draw = (n: number): void => {
    bytes = 0;
    for (let i = 0; i < n; i++) {
      const state = states[i % states.length];
      const html =
        i % 5 === 4 || !state
          ? challenge(challengeCardView(brute, { ...VIEWER, offerHarm: true, ruleset: CORE }))
          : risky(riskyCardView(state, VIEWER));
      bytes += html.length;
    }
  };
  const times = sizes.map((n) => timed(() => draw(n), n >= 500 ? 5 : 15));
  const kb = sizes.map((n) => (draw(n), bytes / 1000));
  return {
    notes: curve("chat log, cards drawn (view + template)", sizes, times, (i) => `${(kb[i] ?? 0).toFixed(0)} kB`),
    checks: [],
  };
}

// ---------------------------------------------------------------------------------------------

const SHEET_TARGET_MS = 16;
const SHEET_TARGET_KB = 100;

function sheet(): { notes: string[]; checks: BenchCheck[] } {
  const parts = Object.values(CHARACTER_SHEET_PARTS).map((p) => compileTemplate(p.replace(/^templates\//, "")));
  const sizes = [1, 30, 60, 100, 200];
  const inputs = sizes.map((n) => ({
    ...busyCharacter(n),
    ui: { ...busyCharacter(n).ui, activeTab: "items" as const },
  }));
  const render = (i: number): number => {
    const view = characterSheetContext(inputs[i] ?? busyCharacter(0));
    return parts.reduce((t, p) => t + p(view).length, 0);
  };
  const times = sizes.map((_, i) => timed(() => render(i), 30));
  const kb = sizes.map((_, i) => render(i) / 1000);
  const t200 = times.at(-1) ?? Number.NaN;
  const kb200 = kb.at(-1) ?? Number.NaN;
  return {
    notes: [
      ...curve("character sheet, items (context + every part, three rows opened)", sizes, times, (i) => {
        return `${(kb[i] ?? 0).toFixed(1)} kB of HTML`;
      }),
      `    (past 30 items the rows are compact until opened; the glue enriches only opened rows)`,
    ],
    checks: [
      {
        label: "sheet, 200 items: render",
        value: ms(t200),
        target: `<= ${SHEET_TARGET_MS} ms`,
        pass: t200 <= SHEET_TARGET_MS,
      },
      {
        label: "sheet, 200 items: HTML",
        value: `${kb200.toFixed(1)} kB`,
        target: `<= ${SHEET_TARGET_KB} kB`,
        pass: kb200 <= SHEET_TARGET_KB,
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------

const LEDGER_TARGET_BYTES = 8000;
const ROLLS_PER_SESSION = 40;

/** A roll of `actor` as the GM's client records it (a public roll whose Dark Die cost 1 Ego). */
function luckEntry(n: number, actor: number, hidden = false): LuckEntry {
  return {
    roll: {
      messageId: `msg${String(n).padStart(13, "0")}`,
      actorId: `actor${String(actor).padStart(11, "0")}`,
      userId: `user${String(actor % 5).padStart(12, "0")}`,
      kind: "risky",
      label: "Finesse · Long sword",
      outcome: (n % 97) / 97,
      effect: (n % 89) / 89,
      chance: 1 / (2 + (n % 300)),
      hidden,
      time: 1_700_000_000_000 + n,
    },
    egoSpent: n % 3 === 0 ? 1 : 0,
    egoLost: n % 3 === 0 ? 1 : 0,
    faces: [6, 3, 1],
  };
}

/** The ledger after `sessions` sessions of ROLLS_PER_SESSION rolls by `characters` characters, the last one open. */
function playedLedger(sessions: number, characters: number): LuckLedgerRecorded {
  let l: LuckLedgerRecorded = emptyLedger(0);
  let n = 0;
  for (let s = 0; s < sessions; s++) {
    for (let r = 0; r < ROLLS_PER_SESSION; r++) l = recordLuck(l, luckEntry(n++, r % characters, r % 10 === 9));
    if (s < sessions - 1)
      l = closeLuckSession(l, s + 1, [{ actorId: `actor${String(0).padStart(11, "0")}`, xp: 2 }]).ledger;
  }
  return l;
}

/** The parts as the settings hold them (JSON), by slot. */
function stored(parts: LuckParts): Parameters<typeof ledgerFromParts>[0] {
  const slots = <T>(m: ReadonlyMap<number, T>, n: number) => Array.from({ length: n }, (_, i) => m.get(i));
  return JSON.parse(
    JSON.stringify({
      index: parts.index,
      faces: parts.faces,
      sessions: slots(parts.sessions, LUCK_SESSIONS_KEPT),
      recorded: slots(parts.recorded, LUCK_RECORDED_BLOCKS),
    }),
  ) as Parameters<typeof ledgerFromParts>[0];
}

/** What one more roll writes onto the stored parts `a`: the JSON of each part it changes, in bytes. */
function bytesWritten(a: Parameters<typeof ledgerFromParts>[0], after: LuckLedgerRecorded): number {
  const b = stored(luckParts(after));
  const all = [
    [a.index, b.index],
    [a.faces, b.faces],
    ...a.sessions.map((p, i) => [p, b.sessions[i]]),
    ...a.recorded.map((p, i) => [p, b.recorded[i]]),
  ];
  return all.reduce((t, [x, y]) => (JSON.stringify(x) === JSON.stringify(y) ? t : t + JSON.stringify(y).length), 0);
}

function ledger(): { notes: string[]; checks: BenchCheck[] } {
  const table = compileTemplate("dialogs/table-luck.hbs");
  const sizes = [1, 5, 10, 24, 50];
  const notes: string[] = [];
  let worst20 = 0;
  for (const characters of [4, 20]) {
    const rows = sizes.map((sessions) => {
      const l = playedLedger(sessions, characters);
      const raw = stored(luckParts(l));
      const entry = luckEntry(1_000_000, 1);
      const bytes = bytesWritten(raw, recordLuck(l, entry));
      // The active GM's path: read the parts, record, find what changed (the writes themselves are Foundry's).
      const record = timed(() => {
        const read = ledgerFromParts(raw, 0).ledger;
        changedParts(raw, recordLuck(read, entry), read);
      }, 10);
      const names = { actors: {}, users: {} };
      const window = timed(() => table(luckWindowContext(l, { isGM: true }, names, "pt-BR")), 10);
      return { bytes, record, window, total: JSON.stringify(raw).length };
    });
    if (characters === 20) worst20 = Math.max(...rows.map((r) => r.bytes));
    notes.push(
      ...curve(
        `luck ledger, ${characters} characters, sessions played (record one roll)`,
        sizes,
        rows.map((r) => r.record),
        (i) => {
          const r = rows[i];
          return r
            ? `writes ${(r.bytes / 1000).toFixed(1)} kB of ${(r.total / 1000).toFixed(0)} kB stored; window built in ${ms(r.window)}`
            : "";
        },
      ),
    );
  }
  return {
    notes: [
      ...notes,
      `    (${ROLLS_PER_SESSION} rolls a session, one in ten hidden; ${LUCK_SESSIONS_KEPT} sessions kept)`,
    ],
    checks: [
      {
        label: "ledger, 20 characters: bytes one roll writes (worst size)",
        value: `${(worst20 / 1000).toFixed(2)} kB`,
        target: `<= ${LEDGER_TARGET_BYTES / 1000} kB`,
        pass: worst20 <= LEDGER_TARGET_BYTES,
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------

const FORECAST_TARGET_MS = 16;

function forecast(): { notes: string[]; checks: BenchCheck[] } {
  const approaches: readonly [string, { light: number; dark: number; rank: TierRank }, number, number][] = [
    ["typical (2 Light, 1 Dark, Good)", { light: 2, dark: 1, rank: 2 }, 0, 1],
    ["weak (1 Light, Mediocre, armour 1)", { light: 1, dark: 0, rank: 1 }, 1, 1],
    ["worst (1 Light, Bad, armour 4, 10 dice)", { light: 1, dark: 0, rank: 0 }, 4, 10],
  ];
  const sizes = [1, 10, 50, 100, 300, 1000];
  const notes: string[] = [];
  let worst = 0;
  for (const [name, approach, armour, dice] of approaches) {
    const rows: number[] = [];
    const times = sizes.map((disposition) =>
      timed(() => {
        const f = challengeForecast(forecastActionLaw(CORE, approach), {
          disposition,
          armour,
          effect: challengeEffectLaw({ dice, halved: false }),
        });
        rows.push(f.within.length);
      }, 15),
    );
    worst = Math.max(worst, times.at(-1) ?? 0);
    const listed = sizes.map((_, i) => rows[(i + 1) * 16 - 1] ?? 0);
    notes.push(...curve(`forecast, Disposition: ${name}`, sizes, times, (i) => `${listed[i]} rows listed`));
  }
  return {
    notes: [...notes, "    (exact to rounding; the within-n list drops < 1e-18 a step: docs/RULES.md §8, R-RA-7)"],
    checks: [
      {
        label: "forecast, Disposition 1000 (slowest approach, median)",
        value: ms(worst),
        target: `<= ${FORECAST_TARGET_MS} ms`,
        pass: worst <= FORECAST_TARGET_MS,
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------

const MIGRATION_TARGET_CALLS = 20;
const ITEMS_PER_ACTOR = 20;

/** The world migration on the stand-ins: `actors` characters of ITEMS_PER_ACTOR items, one in four needing a repair. */
async function migration(): Promise<{ notes: string[]; checks: BenchCheck[] }> {
  const stubs = await import("../tests/stubs/foundry-client.ts");
  const { CharacterData } = await import("../src/data/actor/character.ts");
  const { WeaponData } = await import("../src/data/item/weapon.ts");
  const { registerSettings } = await import("../src/settings/settings.ts");
  const { migrateWorld } = await import("../src/data/world-migration.ts");
  const { characterSource, weaponSource } = await import("../tests/fixtures/sheets.ts");
  const config = Reflect.get(globalThis, "CONFIG") as Record<string, unknown>;
  const notes = ["world migration (stand-ins; a server's round trip per call comes on top):"];
  // The sources a current world stores: what the models make of the fixtures (their defaults filled in).
  stubs.resetWorld(13);
  config.Actor = { dataModels: { character: CharacterData } };
  config.Item = { dataModels: { weapon: WeaponData } };
  const weapon = { _id: "it00000000000000", name: "Blade", type: "weapon", system: weaponSource() };
  stubs.world.actorSources = [
    { _id: "actor0000000000", name: "A", type: "character", system: characterSource(), items: [weapon] },
  ];
  const sample = stubs.loadWorld().actors.contents[0];
  const heroSource = (sample?.system.toObject() ?? {}) as Record<string, unknown>;
  const bladeSource = ((sample?.items[0]?.system as { toObject(): unknown } | undefined)?.toObject() ?? {}) as Record<
    string,
    unknown
  >;
  let ok = true;
  let calls1000 = 0;
  for (const actors of [100, 1000]) {
    stubs.resetWorld(13);
    config.Actor = { dataModels: { character: CharacterData } };
    config.Item = { dataModels: { weapon: WeaponData } };
    registerSettings();
    stubs.world.user = stubs.makeGm();
    stubs.world.gm = stubs.world.user as ReturnType<typeof stubs.makeGm>;
    stubs.world.settings.set("schemaVersion", 1);
    stubs.world.actorSources = Array.from({ length: actors }, (_, i) => ({
      _id: `actor${String(i).padStart(11, "0")}`,
      name: `Hero ${i}`,
      type: "character",
      system: { ...structuredClone(heroSource), ...(i % 4 === 0 ? { ego: { value: 9, max: 5, dice: 1 } } : {}) },
      items: Array.from({ length: ITEMS_PER_ACTOR }, (_, j) => ({
        _id: `it${String(i).padStart(6, "0")}${String(j).padStart(8, "0")}`,
        name: `Blade ${j}`,
        type: "weapon",
        system: { ...structuredClone(bladeSource), ...(i % 8 === 1 && j === 0 ? { rank: 9 } : {}) },
      })),
    }));
    const { actors: loaded } = stubs.loadWorld();
    const t0 = performance.now();
    await migrateWorld();
    const time = performance.now() - t0;
    const calls = stubs.world.updateCalls;
    const written = calls.reduce((t, c) => t + c.ids.length, 0);
    const items = calls.reduce((t, c) => t + c.items, 0);
    const untouched = loaded.contents.filter((a, i) => i % 4 !== 0 && i % 8 !== 1 && a.updates.length === 0).length;
    const unchanged = loaded.contents.length - Math.ceil(actors / 4) - Math.ceil((actors - 1) / 8);
    ok &&= calls.length <= MIGRATION_TARGET_CALLS && untouched >= unchanged;
    if (actors === 1000) calls1000 = calls.length;
    notes.push(
      `    ${String(actors).padStart(5)} actors × ${ITEMS_PER_ACTOR} items: ${calls.length} updateDocuments calls, ` +
        `${written} actors and ${items} items written, ${untouched} unchanged actors unwritten; ${ms(time)}`,
    );
  }
  return {
    notes: [...notes, "    (before: one update per actor and one per actor's items, every document whole)"],
    checks: [
      {
        label: "migration, 1000 actors: batched calls, unchanged unwritten",
        value: `${calls1000} calls`,
        target: `<= ${MIGRATION_TARGET_CALLS} calls`,
        pass: ok,
      },
    ],
  };
}

export async function benchGrowth(): Promise<BenchReport> {
  const sections = [chatLog(), sheet(), ledger(), forecast(), await migration()];
  return {
    name: "growth - costs against the table's size (figures, fitted growth and budgets)",
    notes: sections.flatMap((s) => s.notes),
    checks: sections.flatMap((s) => s.checks),
  };
}
