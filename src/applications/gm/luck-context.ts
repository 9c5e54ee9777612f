/**
 * The Table luck window's view, pure (R-LUCK-1 the ledger's percentiles, R-LUCK-2 the dice's fairness):
 * per character, per kept session, the rolls, the average outcome and Effect percentiles, the rarest
 * roll ("1 in N"), the Ego spent and lost and the XP gained, each drawn as a small SVG chart (geometry
 * only: the template draws it) with the same numbers in a table; and per user, the faces of their
 * public dice and what the chi-square test says of them.
 *
 * Who sees what: the GM everything; a player the public side — a hidden roll (whispered or blind) is
 * never named to a player (`rarestPublic` instead of `rarest`), and its percentiles never enter the
 * ledger's sums (R-LUCK-1), so the averages, the same for everyone, tell nothing of it.
 * The ledger is a stored setting and is read as untrusted: a malformed entry is left out, never thrown on.
 */
import { oneIn, type LuckLedger, type LuckRoll, type LuckTally } from "../../data/luck-ledger.ts";
import { diceFairness, FAIR_MIN_DICE, type FairnessTest } from "../../rules/index.ts";
import { decimal } from "../format.ts";

export interface LuckViewer {
  readonly isGM: boolean;
}

/** Names the host found for the ledger's ids (a deleted actor or user has none). */
export interface LuckNames {
  readonly actors: Readonly<Record<string, string>>;
  readonly users: Readonly<Record<string, string>>;
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

export interface LuckChart {
  readonly width: number;
  readonly height: number;
  readonly bars: readonly LuckBar[];
  /** The reference line (50th percentile, or the count fair dice expect). */
  readonly guide: number;
  readonly ticks: readonly { readonly x: number; readonly y: number; readonly text: string }[];
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
  readonly totals: LuckSessionRow;
  readonly sessions: readonly LuckSessionRow[];
  readonly table: LuckTable;
  readonly chart: LuckChart;
}

export interface LuckFairnessView {
  readonly domId: string;
  readonly name: string | null;
  readonly dice: number;
  readonly faces: readonly { readonly face: number; readonly count: number }[];
  readonly expected: string;
  readonly verdict: LuckLine;
  readonly unusual: boolean;
  readonly chart: LuckChart | null;
}

export interface LuckWindowContext {
  readonly isGM: boolean;
  readonly empty: boolean;
  readonly sessionsLine: LuckLine;
  readonly characters: readonly LuckCharacterView[];
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

function rareView(roll: LuckRoll | null, locale: string): LuckRareView | null {
  if (!isRecord(roll)) return null;
  const text = oneIn(roll.chance, locale);
  if (text === null) return null;
  return { label: typeof roll.label === "string" ? roll.label : "", oneIn: text, hidden: roll.hidden === true };
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

function row(tallies: readonly LuckTally[], session: number, open: boolean, viewer: LuckViewer, locale: string) {
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
    rarest: rareView(rarestOf(tallies, viewer), locale),
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

const CHART = { width: 240, height: 72, top: 4, bottom: 14, bar: 9, gap: 2, group: 26 } as const;

/** Two bars per session (average outcome, average Effect percentile), a guide at the 50th percentile. */
function sessionChart(tallies: readonly LuckTally[], sessions: readonly number[]): LuckChart {
  const plot = CHART.height - CHART.top - CHART.bottom;
  const width = Math.max(CHART.width, sessions.length * CHART.group + 8);
  const bars: LuckBar[] = [];
  const ticks: LuckChart["ticks"][number][] = [];
  sessions.forEach((session, i) => {
    const of = tallies.filter((t) => t.session === session);
    const x0 = 6 + i * CHART.group;
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
      const h = Math.max(1, p * plot);
      bars.push({ x: x0 + j * (CHART.bar + CHART.gap), y: CHART.top + plot - h, width: CHART.bar, height: h, kind });
    });
    ticks.push({ x: x0 + CHART.bar, y: CHART.height - 3, text: String(session) });
  });
  return { width, height: CHART.height, bars, guide: CHART.top + plot / 2, ticks };
}

/** Six bars (faces 1–6), a guide at the count fair dice expect. */
function facesChart(counts: readonly number[], dice: number): LuckChart | null {
  const top = Math.max(...counts, dice / 6);
  if (dice === 0 || top <= 0) return null;
  const plot = CHART.height - CHART.top - CHART.bottom;
  const bars = counts.map((c, i) => {
    const h = Math.max(c > 0 ? 1 : 0, (c / top) * plot);
    return { x: 8 + i * 38, y: CHART.top + plot - h, width: 22, height: h, kind: "face" };
  });
  const ticks = counts.map((_, i) => ({ x: 19 + i * 38, y: CHART.height - 3, text: String(i + 1) }));
  return { width: CHART.width, height: CHART.height, bars, guide: CHART.top + plot - (dice / 6 / top) * plot, ticks };
}

/** A p-value in plain figures with its sign: "= 0.617" (three decimals), "< 0.001" below. */
function pText(p: number, locale: string): string {
  return p < 0.001 ? `< ${decimal(0.001, 3, locale)}` : `= ${decimal(p, 3, locale)}`;
}

function verdictLine(test: FairnessTest, locale: string): LuckLine {
  const dice = String(test.dice);
  const min = String(FAIR_MIN_DICE);
  if (test.p === null) return { key: "TERRAN.Luck.Fair.tooFew", values: { dice, min, p: "" } };
  const key = test.verdict === "unusual" ? "TERRAN.Luck.Fair.unusual" : "TERRAN.Luck.Fair.fair";
  return { key, values: { dice, min, p: pText(test.p, locale) } };
}

function fairnessViews(ledger: LuckLedger, names: LuckNames, locale: string): LuckFairnessView[] {
  const faces = isRecord(ledger.faces) ? ledger.faces : {};
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
      dice: test.dice,
      faces: counts.map((c, i) => ({ face: i + 1, count: c })),
      expected: decimal(test.dice / 6, 1, locale),
      verdict: verdictLine(test, locale),
      unusual: test.verdict === "unusual",
      chart: facesChart(counts, test.dice),
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

function characterViews(ledger: LuckLedger, viewer: LuckViewer, names: LuckNames, locale: string) {
  const tallies = readTallies(ledger);
  const sessions = Array.isArray(ledger.sessions) ? ledger.sessions.filter(isRecord) : [];
  const open = sessions.at(-1)?.index;
  const byActor = new Map<string, LuckTally[]>();
  for (const t of tallies) byActor.set(t.actorId, [...(byActor.get(t.actorId) ?? []), t]);
  const views = [...byActor].map(([actorId, own]) => {
    const indices = [...new Set(own.map((t) => t.session))].sort((a, b) => a - b);
    const sessionRows = indices.map((s) =>
      row(
        own.filter((t) => t.session === s),
        s,
        s === open,
        viewer,
        locale,
      ),
    );
    return {
      domId: "",
      name: nameOf(names.actors, actorId),
      totals: row(own, 0, false, viewer, locale),
      sessions: sessionRows,
      table: sessionTable(sessionRows),
      chart: sessionChart(own, indices),
    };
  });
  views.sort((a, b) => (a.name ?? "\uffff").localeCompare(b.name ?? "\uffff"));
  return views.map((v, i) => ({ ...v, domId: `luck-c${i}` }));
}

/** R-LUCK-1 / R-LUCK-2 everything the Table luck window shows to `viewer`, from the ledger as stored. */
export function luckWindowContext(
  ledger: LuckLedger,
  viewer: LuckViewer,
  names: LuckNames,
  locale = "en",
): LuckWindowContext {
  const isGM = viewer.isGM === true;
  const safeNames: LuckNames = {
    actors: isRecord(names.actors) ? names.actors : {},
    users: isRecord(names.users) ? names.users : {},
  };
  const characters = isRecord(ledger) ? characterViews(ledger, { isGM }, safeNames, locale) : [];
  const fairness = isRecord(ledger) ? fairnessViews(ledger, safeNames, locale) : [];
  const sessions = isRecord(ledger) && Array.isArray(ledger.sessions) ? ledger.sessions.filter(isRecord) : [];
  const indexOf = (s: Record<string, unknown> | undefined): number =>
    typeof s?.index === "number" && Number.isSafeInteger(s.index) ? s.index : 1;
  const first = String(indexOf(sessions[0]));
  const last = String(indexOf(sessions.at(-1)));
  const sessionsLine: LuckLine = {
    key: first === last ? "TERRAN.Luck.sessionOne" : "TERRAN.Luck.sessionsKept",
    values: { first, last },
  };
  return {
    isGM,
    empty: characters.length === 0 && fairness.length === 0,
    sessionsLine,
    characters,
    fairness,
    fairnessEmpty: fairness.length === 0,
  };
}
