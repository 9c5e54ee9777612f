// @vitest-environment happy-dom
/**
 * R-LUCK-1 / R-LUCK-2 the Table luck window's view (src/applications/gm/luck-context.ts) and its template,
 * from fixture ledgers: who sees what (the GM private rolls named, a player never), the averages, the
 * rarest roll as "1 in N", the fairness verdicts, an empty ledger, and each chart's table behind it.
 */
import { describe, expect, it } from "vitest";
import { luckWindowContext } from "../../src/applications/gm/luck-context.ts";
import { oneIn } from "../../src/data/luck-ledger.ts";
import { emptyLedger, type LuckLedger } from "../../src/data/luck-ledger.ts";
import { english, renderTemplate, translation } from "../support/templates.ts";
import { LUCK_LEDGER, LUCK_NAMES, luckRoll, tally } from "../fixtures/luck-ledger.ts";

const GM = { isGM: true };
const PLAYER = { isGM: false };
const names = LUCK_NAMES;
/** The viewer reads the labels' keys in English; the world shows the dice test to everyone. */
const READ = { localize: english };
const ALL = { ...READ, fairnessForAll: true };

function dom(html: string): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = html;
  return root;
}
const text = (el: Element | null | undefined) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();

describe("R-LUCK-1 the Table luck window's view", () => {
  it("Table luck (R-LUCK-1): per character (by name) and per kept session: rolls, average percentiles, Ego and XP", () => {
    const view = luckWindowContext(LUCK_LEDGER, GM, names, "en", READ);
    expect(view.empty).toBe(false);
    expect(view.characters.map((c) => c.name)).toEqual(["Ines", "Mira Okonkwo-Vasquez", "Oskar"]);
    const mira = view.characters[1];
    expect(mira?.totals).toMatchObject({
      rolls: 25,
      outcome: "49",
      effect: "50",
      egoSpent: 6,
      egoLost: 1,
      xpGained: 4,
    });
    expect(mira?.sessions.map((s) => [s.session, s.open, s.rolls, s.outcome, s.effect])).toEqual([
      [3, false, 9, "60", "53"],
      [4, false, 12, "35", "40"],
      [5, true, 4, "65", "75"],
    ]);
    expect(mira?.totals.rarest).toEqual({ label: "Finesse", oneIn: "48", hidden: false });
    // A roll with no outcome has no average: a dash, never 0.
    expect(view.characters[0]?.totals).toMatchObject({ outcome: "—", effect: "70", rarest: null });
    expect(view.sessionsLine).toEqual({
      key: "TERRAN.Luck.sessionsKept",
      values: { first: "3", last: "5", kept: "24" },
    });
  });

  it("Table luck (R-LUCK-1): the GM sees the private rarest roll, marked; a player sees the rarest public one instead", () => {
    const oskar = (viewer: { isGM: boolean }) =>
      luckWindowContext(LUCK_LEDGER, viewer, names, "en", READ).characters[2];
    expect(oskar(GM)?.totals.rarest).toEqual({ label: "Insight", oneIn: "310", hidden: true });
    expect(oskar(GM)?.sessions[1]?.rarest).toEqual({ label: "Insight", oneIn: "310", hidden: true });
    expect(oskar(PLAYER)?.totals.rarest).toEqual({ label: "Might", oneIn: "22", hidden: false });
    expect(oskar(PLAYER)?.sessions[1]?.rarest).toEqual({ label: "Might", oneIn: "22", hidden: false });
    const playerHtml = renderTemplate(
      "dialogs/table-luck.hbs",
      luckWindowContext(LUCK_LEDGER, PLAYER, names, "en", ALL),
    );
    expect(playerHtml).not.toContain("Insight");
    expect(playerHtml).not.toContain(english("TERRAN.Luck.hidden"));
    const gmHtml = renderTemplate("dialogs/table-luck.hbs", luckWindowContext(LUCK_LEDGER, GM, names, "en", READ));
    expect(gmHtml).toContain("Insight, 1 in 310");
  });

  it("Table luck (R-LUCK-1): a private rarest roll with no public one leaves a player's cell empty, not the private roll", () => {
    const secret = luckRoll({ actorId: "mira", label: "Secret", chance: 0.01, hidden: true });
    const ledger: LuckLedger = { ...emptyLedger(0), tallies: [tally("mira", 1, { rolls: 1 }, secret, null)] };
    expect(luckWindowContext(ledger, PLAYER, names).characters[0]?.totals.rarest).toBeNull();
    expect(luckWindowContext(ledger, GM, names).characters[0]?.totals.rarest?.label).toBe("Secret");
  });

  it("Table luck (R-LUCK-1): 1 in N reads whole from 10 up, with one decimal below, in the client's way; no chance, no line", () => {
    expect(oneIn(1 / 310)).toBe("310");
    expect(oneIn(1 / 12_345)).toBe("12,345");
    expect(oneIn(1 / 12_345, "pt-BR")).toBe("12.345");
    expect(oneIn(0.4)).toBe("2.5");
    expect(oneIn(0.4, "pt-BR")).toBe("2,5");
    for (const bad of [0, -1, 2, Number.NaN]) expect(oneIn(bad)).toBeNull();
  });

  it("Table luck (R-LUCK-1): an empty ledger is a friendly line, no chart and no table", () => {
    const view = luckWindowContext(emptyLedger(0), PLAYER, names);
    expect(view).toMatchObject({ empty: true, characters: [], fairness: [] });
    const root = dom(renderTemplate("dialogs/table-luck.hbs", view));
    expect(text(root.querySelector(".luck-empty"))).toBe(english("TERRAN.Luck.empty"));
    expect(root.querySelector("svg, table")).toBeNull();
  });

  it("Table luck (R-LUCK-1): a malformed ledger entry is left out, never thrown on; an unknown actor keeps its row", () => {
    const ledger = {
      ...emptyLedger(0),
      tallies: [null, { actorId: 3 }, "x", tally("gone", 1, { rolls: 2, outcomeSum: Number.NaN, outcomeCount: 2 })],
      faces: { player1: [1, 2, 3], player2: "many" },
    } as unknown as LuckLedger;
    const view = luckWindowContext(ledger, GM, names);
    expect(view.characters).toHaveLength(1);
    expect(view.characters[0]).toMatchObject({ name: null, totals: { rolls: 2, outcome: "0" } });
    expect(view.fairness).toEqual([]);
    const root = dom(renderTemplate("dialogs/table-luck.hbs", view));
    expect(text(root.querySelector(".luck-name"))).toBe(english("TERRAN.Luck.unknownCharacter"));
  });
});

describe("R-LUCK-2 the window's fairness lines", () => {
  it("R-LUCK-2: per user, in plain words: nothing unusual, uneven (how rare, and what to do), or too few to say", () => {
    const view = luckWindowContext(LUCK_LEDGER, PLAYER, names, "en", ALL);
    expect(view.fairness.map((f) => [f.name, f.dice, f.verdict.key, f.unusual])).toEqual([
      ["Ana", 412, "TERRAN.Luck.Fair.fair", false],
      ["Bruno", 412, "TERRAN.Luck.Fair.unusual", true],
      ["Carla", 24, "TERRAN.Luck.Fair.tooFew", false],
    ]);
    const root = dom(renderTemplate("dialogs/table-luck.hbs", view));
    expect([...root.querySelectorAll(".luck-verdict")].map(text)).toEqual([
      "Nothing unusual over 412 dice.",
      "Uneven over 412 dice: fair dice land this unevenly less than once in 10,000 tests. If it persists over the next sessions, check this user's dice settings and dice modules.",
      "24 dice so far: the test needs at least 30 before it says anything.",
    ]);
    // The statistics are behind the table's disclosure, not in the verdict.
    for (const verdict of root.querySelectorAll(".luck-verdict")) expect(text(verdict)).not.toMatch(/p [=<]|chi/i);
    const stats = [...root.querySelectorAll("details .luck-stats")].map(text);
    expect(stats).toHaveLength(2);
    expect(stats[0]).toMatch(/^Pearson's chi-square test: χ² = [\d.]+ with 5 degrees of freedom, p = 0\.617/);
    expect(stats[1]).toContain("p < 0.001");
    expect(luckWindowContext(LUCK_LEDGER, PLAYER, names, "pt-BR", ALL).fairness[0]?.stats?.values.p).toBe("= 0,617");
  });

  it("R-LUCK-2 (setting): by default only the GM sees the dice test, told so; the world setting shows it to players too", () => {
    const player = luckWindowContext(LUCK_LEDGER, PLAYER, names, "en", READ);
    expect([player.fairnessShown, player.fairness]).toEqual([false, []]);
    const playerRoot = dom(renderTemplate("dialogs/table-luck.hbs", player));
    expect(playerRoot.textContent).not.toContain(english("TERRAN.Luck.Fair.heading"));
    expect(playerRoot.querySelector(".luck-fairness")).toBeNull();
    expect(playerRoot.querySelectorAll(".luck-character")).toHaveLength(3);
    const gmRoot = dom(renderTemplate("dialogs/table-luck.hbs", luckWindowContext(LUCK_LEDGER, GM, names, "en", READ)));
    expect(gmRoot.querySelectorAll(".luck-fairness")).toHaveLength(3);
    expect(text(gmRoot.querySelector(".luck-gm-only"))).toBe(english("TERRAN.Luck.Fair.gmOnly"));
    const shared = luckWindowContext(LUCK_LEDGER, GM, names, "en", ALL);
    expect([shared.fairnessShown, shared.fairnessGmOnly]).toEqual([true, false]);
    expect(luckWindowContext(LUCK_LEDGER, PLAYER, names, "en", ALL).fairness).toHaveLength(3);
  });

  it("Table luck (R-LUCK-1): who plays whom, on both sides: a character names its player, a user the characters they play", () => {
    const root = dom(renderTemplate("dialogs/table-luck.hbs", luckWindowContext(LUCK_LEDGER, GM, names, "en", READ)));
    expect([...root.querySelectorAll(".luck-character .luck-name")].map(text)).toEqual([
      "Ines played by Carla",
      "Mira Okonkwo-Vasquez played by Ana",
      "Oskar played by Bruno",
    ]);
    expect([...root.querySelectorAll(".luck-fairness .luck-name")].map(text)).toEqual([
      "Ana plays Mira Okonkwo-Vasquez",
      "Bruno plays Oskar",
      "Carla plays Ines",
    ]);
  });

  it("R-LUCK-1 (N19): a stored label is read in the viewer's language; an older ledger's words are shown as they are", () => {
    const pt = (key: string) => translation("pt-BR", key);
    const mira = luckWindowContext(LUCK_LEDGER, PLAYER, names, "pt-BR", { localize: pt }).characters[1];
    expect(mira?.totals.rarest?.label).toBe(translation("pt-BR", "TERRAN.Attribute.finesse"));
    expect(mira?.totals.rarest?.label).not.toBe("Finesse");
    expect(mira?.sessions[2]?.rarest?.label).toBe(`${translation("pt-BR", "TERRAN.Attribute.exertion")} · Sword`);
    const oskar = luckWindowContext(LUCK_LEDGER, PLAYER, names, "pt-BR", { localize: pt }).characters[2];
    expect(oskar?.totals.rarest?.label).toBe("Might");
  });

  it("R-LUCK-2: the faces chart's bars follow the counts, its guide the count fair dice expect", () => {
    const ana = luckWindowContext(LUCK_LEDGER, GM, names).fairness[0];
    expect(ana?.chart?.yTicks.map((t) => t.text)).toEqual(["0", "80"]); // the scale runs to the most any face showed
    expect([ana?.chart?.xTitle.text, ana?.chart?.yTitle.text]).toEqual([
      "TERRAN.Luck.Fair.face",
      "TERRAN.Luck.Fair.count",
    ]);
    const heights = ana?.chart?.bars.map((b) => b.height) ?? [];
    expect(heights).toHaveLength(6);
    expect(heights[4]).toBe(Math.max(...heights)); // 80 fives, the most
    const bottom = (ana?.chart?.bars[0]?.y ?? 0) + (ana?.chart?.bars[0]?.height ?? 0);
    const expectedHeight = bottom - (ana?.chart?.guide ?? 0);
    expect(expectedHeight / (heights[4] ?? 1)).toBeCloseTo(412 / 6 / 80, 9);
  });
});

describe("the window's charts are for the eye; their tables for everyone", () => {
  it("Table luck (R-LUCK-1): every chart is aria-hidden and has a captioned table with headers behind a disclosure, in a focusable region", () => {
    const root = dom(renderTemplate("dialogs/table-luck.hbs", luckWindowContext(LUCK_LEDGER, GM, names, "en", READ)));
    const svgs = [...root.querySelectorAll("svg")];
    expect(svgs).toHaveLength(3 + 3); // three characters, three users (Carla's 24 dice are drawn, with no verdict)
    for (const svg of svgs) expect(svg.getAttribute("aria-hidden")).toBe("true");
    const sections = [...root.querySelectorAll(".luck-character, .luck-fairness")].filter((s) =>
      s.querySelector("svg"),
    );
    for (const section of sections) {
      const region = section.querySelector('details [role="region"][tabindex="0"]');
      const table = region?.querySelector("table");
      expect(table?.querySelector("caption")?.id).toBe(region?.getAttribute("aria-labelledby"));
      expect(table?.querySelectorAll('thead th[scope="col"]').length).toBeGreaterThan(1);
      expect(table?.querySelectorAll('tbody th[scope="row"]').length).toBeGreaterThan(0);
      expect(text(section.querySelector("summary"))).toBe(english("TERRAN.Luck.showTable"));
    }
    // One column per session, one row per measure (a narrow window keeps the table whole).
    const miraTable = root.querySelectorAll(".luck-character table")[1];
    expect([...(miraTable?.querySelectorAll("thead th") ?? [])].map((th) => text(th))).toEqual([
      "Session",
      "3",
      "4",
      "5 (current)",
    ]);
    const cells = (tr: Element) => [...tr.children].map((c) => text(c)).join(" | ");
    expect([...(miraTable?.querySelectorAll("tbody tr") ?? [])].map(cells)).toEqual([
      "Rolls | 9 | 12 | 4",
      "Outcome percentile | 60 | 35 | 65",
      "Effect percentile | 53 | 40 | 75",
      "Ego the Dark Dice cost | 2 | 3 | 1",
      "Ego actually lost | 0 | 1 | 0",
      "XP gained | 2 | 2 | 0",
      "Rarest roll | Reaction, 1 in 11 | Finesse, 1 in 48 | Exertion · Sword, 1 in 5",
    ]);
  });

  it("Table luck (R-LUCK-1, N4): each chart's axes say what they count: sessions along, percentiles 0–100 up", () => {
    const view = luckWindowContext(LUCK_LEDGER, GM, names, "en", READ);
    const chart = view.characters[1]?.chart;
    expect(chart?.ticks.map((t) => t.text)).toEqual(["3", "4", "5"]);
    expect(chart?.yTicks.map((t) => t.text)).toEqual(["0", "50", "100"]);
    // The 50 on the scale sits on the 50th-percentile guide.
    expect((chart?.yTicks[1]?.y ?? 0) - 3).toBeCloseTo(chart?.guide ?? -1, 9);
    const svg = dom(renderTemplate("dialogs/table-luck.hbs", view)).querySelectorAll(".luck-character svg")[1];
    expect([...(svg?.querySelectorAll(".luck-axis") ?? [])].map(text)).toEqual(["Session", "Percentile"]);
    // The totals in words: an average with no roll behind it says so, never a bare dash.
    const ines = dom(renderTemplate("dialogs/table-luck.hbs", view)).querySelector(".luck-totals");
    expect(text(ines)).toContain(english("TERRAN.Luck.Totals.noOutcome"));
    expect(text(ines)).not.toContain("—");
  });
});
