/**
 * The Table luck window's view, pure (R-LUCK-1 percentiles, R-LUCK-2 fairness): per character and kept
 * session the rolls, average percentiles, rarest roll, Ego and XP, as SVG geometry with the same numbers
 * in a table; per user, their public dice's faces and chi-square verdict. A hidden roll is never named to
 * a player (`rarestPublic`) and never enters the ledger's sums (R-LUCK-1). The ledger is a stored setting,
 * read as untrusted: a malformed entry is left out, never thrown on.
 */
import {
  LUCK_SESSIONS_KEPT,
  luckLabel,
  oneIn,
  type LuckLedger,
  type LuckRoll,
  type LuckTally,
} from "../../data/luck-ledger.ts";
import { diceFairness, FAIR_MIN_DICE, type FairnessTest } from "../../rules/index.ts";
import { decimal } from "../format.ts";

export interface LuckViewer {
  readonly isGM: boolean;
}

/** Names the host found for the ledger's ids (a deleted actor or user has none). */
export interface LuckNames {
  readonly actors: Readonly<Record<string, string>>;
  readonly users: Readonly<Record<string, string>>;
  /** Per actor id, the players (user ids, GMs left out) who own it: who plays whom. */
  readonly owners?: Readonly<Record<string, readonly string[]>>;
}

/** What the world decides and how the viewer reads: the fairness test shown to players, the label keys' language. */
export interface LuckOptions {
  /** R-LUCK-2 the world setting: players see "Are the dice fair?" too (the GM always does). */
  readonly fairnessForAll?: boolean;
  /** Reads a stored label's keys (`TERRAN.…`) in the viewer's language. */
  readonly localize?: (key: string) => string;
}

/** A localised line: its key and the values its placeholders take. */
export interface LuckLine {
  readonly key: string;
  readonly values: Readonly<Record<string, string>>;
}

export interface LuckBar {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly kind: string;
}

export interface LuckChartText {
  readonly x: number;
  readonly y: number;
  readonly text: string;
}

export interface LuckChart {
  readonly width: number;
  readonly height: number;
  readonly bars: readonly LuckBar[];
  /** The reference line (50th percentile, or the count fair dice expect), from the plot's left edge. */
  readonly guide: number;
  readonly left: number;
  /** The x axis's labels (sessions, faces) and the y axis's scale. */
  readonly ticks: readonly LuckChartText[];
  readonly yTicks: readonly LuckChartText[];
  /** The axes' titles, as keys: x under the ticks, y (the unit) above the scale. */
  readonly xTitle: LuckChartText;
  readonly yTitle: LuckChartText;
}

export interface LuckRareView {
  readonly label: string;
  readonly oneIn: string;
  readonly hidden: boolean;
}

export interface LuckSessionRow {
  readonly session: number;
  readonly open: boolean;
  readonly rolls: number;
  readonly outcome: string;
  readonly effect: string;
  readonly rarest: LuckRareView | null;
  readonly egoSpent: number;
  readonly egoLost: number;
  readonly xpGained: number;
}

/** One cell of a character's table: a figure, or the rarest roll (drawn as "Finesse, 1 in 48"). */
export interface LuckCell {
  readonly text: string;
  readonly rare: LuckRareView | null;
}

/** A character's table, one column per session and one row per measure (narrow windows keep it whole). */
export interface LuckTable {
  readonly sessions: readonly { readonly session: number; readonly open: boolean }[];
  readonly rows: readonly { readonly labelKey: string; readonly cells: readonly LuckCell[] }[];
}

export interface LuckCharacterView {
  /** A DOM-safe id for the table's caption (`luck-c0`, `luck-c1`…). */
  readonly domId: string;
  readonly name: string | null;
  /** Who plays the character (its players' names), or null. */
  readonly players: string | null;
  /** The totals in words, each part a line ("25 rolls", "average outcome percentile 49"…). */
  readonly totalsLines: readonly LuckLine[];
  readonly totals: LuckSessionRow;
  readonly sessions: readonly LuckSessionRow[];
  readonly table: LuckTable;
  readonly chart: LuckChart;
}

export interface LuckFairnessView {
  readonly domId: string;
  readonly name: string | null;
  /** The characters the user plays, or null. */
  readonly plays: string | null;
  readonly dice: number;
  readonly faces: readonly { readonly face: number; readonly count: number }[];
  readonly expected: string;
  /** In plain words ("nothing unusual", "fair dice land this unevenly less than once in 1,000 tests…"). */
  readonly verdict: LuckLine;
  /** The statistics behind it (chi-square, p), shown with the table; null below the dice the test needs. */
  readonly stats: LuckLine | null;
  readonly unusual: boolean;
  readonly chart: LuckChart | null;
}

export interface LuckWindowContext {
  readonly isGM: boolean;
  readonly empty: boolean;
  readonly sessionsLine: LuckLine;
  readonly characters: readonly LuckCharacterView[];
  /** R-LUCK-2 the fairness section is drawn (the GM always; players when the world shows it to them). */
  readonly fairnessShown: boolean;
  /** The GM's reminder that only they see it (the world setting off). */
  readonly fairnessGmOnly: boolean;
  readonly fairness: readonly LuckFairnessView[];
  readonly fairnessEmpty: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
/** A stored count or sum: a finite number from 0 to 2^53 − 1, anything else 0 (so a total stays finite). */
const count = (v: unknown): number =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= Number.MAX_SAFE_INTEGER ? v : 0;
const unit = (sum: number, n: number): number | null => (n > 0 ? Math.min(1, Math.max(0, sum / n)) : null);

/** The name the host found for an id, or null (a deleted document, or a name that is not text). */
function nameOf(names: Readonly<Record<string, string>>, id: string): string | null {
  const name: unknown = Object.hasOwn(names, id) ? names[id] : null;
  return typeof name === "string" ? name : null;
}

/** A percentile 0…1 as a whole percentile ("62"), or a dash when there is none. */
const percentile = (p: number | null, locale: string): string =>
  p === null ? "—" : decimal(Math.round(p * 100), 0, locale);

/** How the view reads: the numbers' locale, the label keys' language. */
interface Reading {
  readonly locale: string;
  readonly localize: (key: string) => string;
}

function rareView(roll: LuckRoll | null, reading: Reading): LuckRareView | null {
  if (!isRecord(roll)) return null;
  const text = oneIn(roll.chance, reading.locale);
  if (text === null) return null;
  const label = luckLabel(roll.label, reading.localize);
  return { label, oneIn: text, hidden: roll.hidden === true };
}

/** The rarest roll this viewer may see, of these tallies. */
function rarestOf(tallies: readonly LuckTally[], viewer: LuckViewer): LuckRoll | null {
  let best: LuckRoll | null = null;
  for (const t of tallies) {
    const roll = viewer.isGM ? t.rarest : t.rarestPublic;
    if (isRecord(roll) && typeof roll.chance === "number" && roll.chance > 0 && (!best || roll.chance < best.chance))
      best = roll;
  }
  return best;
}

function row(tallies: readonly LuckTally[], session: number, open: boolean, viewer: LuckViewer, reading: Reading) {
  const locale = reading.locale;
  const sum = (pick: (t: LuckTally) => unknown) => tallies.reduce((s, t) => s + count(pick(t)), 0);
  return {
    session,
    open,
    rolls: sum((t) => t.rolls),
    outcome: percentile(
      unit(
        sum((t) => t.outcomeSum),
        sum((t) => t.outcomeCount),
      ),
      locale,
    ),
    effect: percentile(
      unit(
        sum((t) => t.effectSum),
        sum((t) => t.effectCount),
      ),
      locale,
    ),
    rarest: rareView(rarestOf(tallies, viewer), reading),
    egoSpent: sum((t) => t.egoSpent),
    egoLost: sum((t) => t.egoLost),
    xpGained: sum((t) => t.xpGained),
  };
}

const MEASURES: readonly (readonly [string, (r: LuckSessionRow) => string | number])[] = [
  ["TERRAN.Luck.rolls", (r) => r.rolls],
  ["TERRAN.Luck.outcome", (r) => r.outcome],
  ["TERRAN.Luck.effect", (r) => r.effect],
  ["TERRAN.Luck.egoSpent", (r) => r.egoSpent],
  ["TERRAN.Luck.egoLost", (r) => r.egoLost],
  ["TERRAN.Luck.xp", (r) => r.xpGained],
];

/** The sessions as columns, the measures as rows, the rarest roll last (its cells are the widest). */
function sessionTable(rows: readonly LuckSessionRow[]): LuckTable {
  return {
    sessions: rows.map((r) => ({ session: r.session, open: r.open })),
    rows: [
      ...MEASURES.map(([labelKey, pick]) => ({
        labelKey,
        cells: rows.map((r) => ({ text: String(pick(r)), rare: null })),
      })),
      { labelKey: "TERRAN.Luck.rarest", cells: rows.map((r) => ({ text: "—", rare: r.rarest })) },
    ],
  };
}

/** The charts' frame: a scale on the left, the plot, the x axis's labels and its title below. */
const CHART = { width: 460, height: 112, top: 14, bottom: 30, left: 30, bar: 11, gap: 2, group: 30 } as const;
const PLOT = CHART.height - CHART.top - CHART.bottom;
const BASE = CHART.top + PLOT;

/** The frame's texts: the scale (its figures at these fractions of the plot), the axes' titles. */
function frame(width: number, scale: readonly (readonly [number, string])[], xKey: string, yKey: string) {
  return {
    left: CHART.left,
    yTicks: scale.map(([f, text]) => ({ x: CHART.left - 4, y: BASE - f * PLOT + 3, text })),
    xTitle: { x: CHART.left + (width - CHART.left) / 2, y: CHART.height - 2, text: xKey },
    yTitle: { x: 0, y: CHART.top - 4, text: yKey },
  };
}

/** Two bars per session (average outcome, average Effect percentile), a guide at the 50th percentile. */
function sessionChart(tallies: readonly LuckTally[], sessions: readonly number[]): LuckChart {
  const width = Math.max(CHART.width, CHART.left + sessions.length * CHART.group + 8);
  const bars: LuckBar[] = [];
  const ticks: LuckChartText[] = [];
  sessions.forEach((session, i) => {
    const of = tallies.filter((t) => t.session === session);
    const x0 = CHART.left + 6 + i * CHART.group;
    const sums = (s: (t: LuckTally) => unknown) => of.reduce((a, t) => a + count(s(t)), 0);
    const pair = [
      [
        "outcome",
        unit(
          sums((t) => t.outcomeSum),
          sums((t) => t.outcomeCount),
        ),
      ],
      [
        "effect",
        unit(
          sums((t) => t.effectSum),
          sums((t) => t.effectCount),
        ),
      ],
    ] as const;
    pair.forEach(([kind, p], j) => {
      if (p === null) return;
      const h = Math.max(1, p * PLOT);
      bars.push({ x: x0 + j * (CHART.bar + CHART.gap), y: BASE - h, width: CHART.bar, height: h, kind });
    });
    ticks.push({ x: x0 + CHART.bar, y: BASE + 11, text: String(session) });
  });
  const scale = [
    [0, "0"],
    [0.5, "50"],
    [1, "100"],
  ] as const;
  return {
    width,
    height: CHART.height,
    bars,
    guide: BASE - PLOT / 2,
    ticks,
    ...frame(width, scale, "TERRAN.Luck.axisSession", "TERRAN.Luck.axisPercentile"),
  };
}

/** Six bars (faces 1–6), a guide at the count fair dice expect, the scale up to the most any face showed. */
function facesChart(counts: readonly number[], dice: number, locale: string): LuckChart | null {
  const top = Math.max(...counts, dice / 6);
  if (dice === 0 || top <= 0) return null;
  const step = (CHART.width - CHART.left - 8) / 6;
  const bars = counts.map((c, i) => {
    const h = Math.max(c > 0 ? 1 : 0, (c / top) * PLOT);
    return { x: CHART.left + 8 + i * step, y: BASE - h, width: step * 0.6, height: h, kind: "face" };
  });
  const ticks = counts.map((_, i) => ({
    x: CHART.left + 8 + i * step + step * 0.3,
    y: BASE + 11,
    text: String(i + 1),
  }));
  const scale = [
    [0, "0"],
    [1, decimal(Math.round(top), 0, locale)],
  ] as const;
  return {
    width: CHART.width,
    height: CHART.height,
    bars,
    guide: BASE - (dice / 6 / top) * PLOT,
    ticks,
    ...frame(CHART.width, scale, "TERRAN.Luck.Fair.face", "TERRAN.Luck.Fair.count"),
  };
}

/** A p-value in plain figures with its sign: "= 0.617" (three decimals), "< 0.001" below. */
function pText(p: number, locale: string): string {
  return p < 0.001 ? `< ${decimal(0.001, 3, locale)}` : `= ${decimal(p, 3, locale)}`;
}

/** R-LUCK-2 the plain "less than once in N" for a p-value: the largest round N it is rarer than. */
function rarerThan(p: number): number {
  return [10_000, 1_000, 100, 10].find((n) => p < 1 / n) ?? 1;
}

function verdictLine(test: FairnessTest, locale: string): LuckLine {
  const dice = String(test.dice);
  if (test.p === null) return { key: "TERRAN.Luck.Fair.tooFew", values: { dice, min: String(FAIR_MIN_DICE), n: "" } };
  if (test.verdict !== "unusual") return { key: "TERRAN.Luck.Fair.fair", values: { dice, min: "", n: "" } };
  return { key: "TERRAN.Luck.Fair.unusual", values: { dice, min: "", n: oneIn(1 / rarerThan(test.p), locale) ?? "" } };
}

function statsLine(test: FairnessTest, locale: string): LuckLine | null {
  if (test.p === null) return null;
  const values = { chi: decimal(test.statistic, 1, locale), df: String(test.degrees), p: pText(test.p, locale) };
  return { key: "TERRAN.Luck.Fair.stats", values };
}

/** Names joined in the reader's order ("Ana, Bruno"), or null when there are none. */
const joined = (list: readonly (string | null)[]): string | null => {
  const names = list.filter((n): n is string => n !== null);
  return names.length > 0 ? names.join(", ") : null;
};

/** Per user id, the actors they play (the inverse of `owners`). */
function playedBy(names: LuckNames): Map<string, string[]> {
  const plays = new Map<string, string[]>();
  for (const [actorId, users] of Object.entries(names.owners ?? {})) {
    const actor = nameOf(names.actors, actorId);
    if (!actor || !Array.isArray(users)) continue;
    for (const u of users) if (typeof u === "string") plays.set(u, [...(plays.get(u) ?? []), actor]);
  }
  return plays;
}

function fairnessViews(ledger: LuckLedger, names: LuckNames, locale: string): LuckFairnessView[] {
  const faces = isRecord(ledger.faces) ? ledger.faces : {};
  const plays = playedBy(names);
  const rows: LuckFairnessView[] = [];
  for (const [userId, counts] of Object.entries(faces)) {
    let test: FairnessTest;
    try {
      test = diceFairness(counts);
    } catch {
      continue; // a malformed count is left out (the ledger repairs it on read)
    }
    rows.push({
      domId: "",
      name: nameOf(names.users, userId),
      plays: joined(plays.get(userId) ?? []),
      dice: test.dice,
      faces: counts.map((c, i) => ({ face: i + 1, count: c })),
      expected: decimal(test.dice / 6, 1, locale),
      verdict: verdictLine(test, locale),
      stats: statsLine(test, locale),
      unusual: test.verdict === "unusual",
      chart: facesChart(counts, test.dice, locale),
    });
  }
  rows.sort((a, b) => (a.name ?? "\uffff").localeCompare(b.name ?? "\uffff"));
  return rows.map((r, i) => ({ ...r, domId: `luck-u${i}` }));
}

/** The tallies worth reading: objects with an actor id and a session number. */
function readTallies(ledger: LuckLedger): LuckTally[] {
  const list: unknown = ledger.tallies;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (t): t is LuckTally => isRecord(t) && typeof t.actorId === "string" && Number.isSafeInteger(t.session),
  );
}

/** The totals in words; an average with no roll behind it says so instead of a dash. */
function totalsLines(t: LuckSessionRow): LuckLine[] {
  const line = (key: string, values: Record<string, string | number> = {}): LuckLine => ({
    key,
    values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
  });
  return [
    line("TERRAN.Luck.Totals.rolls", { n: t.rolls }),
    t.outcome === "—" ? line("TERRAN.Luck.Totals.noOutcome") : line("TERRAN.Luck.Totals.outcome", { p: t.outcome }),
    t.effect === "—" ? line("TERRAN.Luck.Totals.noEffect") : line("TERRAN.Luck.Totals.effect", { p: t.effect }),
    line("TERRAN.Luck.Totals.ego", { spent: t.egoSpent, lost: t.egoLost }),
    line("TERRAN.Luck.Totals.xp", { xp: t.xpGained }),
  ];
}

function characterViews(ledger: LuckLedger, viewer: LuckViewer, names: LuckNames, reading: Reading) {
  const tallies = readTallies(ledger);
  const sessions = Array.isArray(ledger.sessions) ? ledger.sessions.filter(isRecord) : [];
  const open = sessions.at(-1)?.index;
  const byActor = new Map<string, LuckTally[]>();
  for (const t of tallies) byActor.set(t.actorId, [...(byActor.get(t.actorId) ?? []), t]);
  const owners = names.owners ?? {};
  const views = [...byActor].map(([actorId, own]) => {
    const indices = [...new Set(own.map((t) => t.session))].sort((a, b) => a - b);
    const sessionRows = indices.map((s) =>
      row(
        own.filter((t) => t.session === s),
        s,
        s === open,
        viewer,
        reading,
      ),
    );
    const users: unknown = Object.hasOwn(owners, actorId) ? owners[actorId] : [];
    const totals = row(own, 0, false, viewer, reading);
    return {
      domId: "",
      name: nameOf(names.actors, actorId),
      players: joined(
        Array.isArray(users) ? users.map((u: unknown) => (typeof u === "string" ? nameOf(names.users, u) : null)) : [],
      ),
      totalsLines: totalsLines(totals),
      totals,
      sessions: sessionRows,
      table: sessionTable(sessionRows),
      chart: sessionChart(own, indices),
    };
  });
  views.sort((a, b) => (a.name ?? "\uffff").localeCompare(b.name ?? "\uffff"));
  return views.map((v, i) => ({ ...v, domId: `luck-c${i}` }));
}

/** The line under the intro: which sessions are shown, and that the window keeps the last LUCK_SESSIONS_KEPT. */
function sessionsLineOf(ledger: LuckLedger): LuckLine {
  const sessions = isRecord(ledger) && Array.isArray(ledger.sessions) ? ledger.sessions.filter(isRecord) : [];
  const indexOf = (s: Record<string, unknown> | undefined): number =>
    typeof s?.index === "number" && Number.isSafeInteger(s.index) ? s.index : 1;
  const first = String(indexOf(sessions[0]));
  const last = String(indexOf(sessions.at(-1)));
  return {
    key: first === last ? "TERRAN.Luck.sessionOne" : "TERRAN.Luck.sessionsKept",
    values: { first, last, kept: String(LUCK_SESSIONS_KEPT) },
  };
}

/** R-LUCK-1 / R-LUCK-2 everything the Table luck window shows to `viewer`, from the ledger as stored. */
export function luckWindowContext(
  ledger: LuckLedger,
  viewer: LuckViewer,
  names: LuckNames,
  locale = "en",
  options: LuckOptions = {},
): LuckWindowContext {
  const isGM = viewer.isGM === true;
  const safeNames: LuckNames = {
    actors: isRecord(names.actors) ? names.actors : {},
    users: isRecord(names.users) ? names.users : {},
    owners: isRecord(names.owners) ? names.owners : {},
  };
  const reading: Reading = { locale, localize: options.localize ?? ((key) => key) };
  const characters = isRecord(ledger) ? characterViews(ledger, { isGM }, safeNames, reading) : [];
  // R-LUCK-2 a player is shown the test only when the world says so: at a table, "unusual" names someone.
  const fairnessShown = isGM || options.fairnessForAll === true;
  const fairness = isRecord(ledger) && fairnessShown ? fairnessViews(ledger, safeNames, locale) : [];
  return {
    isGM,
    empty: characters.length === 0 && fairness.length === 0,
    sessionsLine: sessionsLineOf(ledger),
    characters,
    fairnessShown,
    fairnessGmOnly: isGM && options.fairnessForAll !== true,
    fairness,
    fairnessEmpty: fairness.length === 0,
  };
}
