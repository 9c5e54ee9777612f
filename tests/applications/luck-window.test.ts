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
import { english, renderTemplate } from "../support/templates.ts";
import { LUCK_LEDGER, LUCK_NAMES, luckRoll, tally } from "../fixtures/luck-ledger.ts";

const GM = { isGM: true };
const PLAYER = { isGM: false };
const names = LUCK_NAMES;

function dom(html: string): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = html;
  return root;
}
const text = (el: Element | null | undefined) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();

describe("R-LUCK-1 the Table luck window's view", () => {
  it("Table luck (R-LUCK-1): per character (by name) and per kept session: rolls, average percentiles, Ego and XP", () => {
    const view = luckWindowContext(LUCK_LEDGER, GM, names);
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
    expect(view.sessionsLine).toEqual({ key: "TERRAN.Luck.sessionsKept", values: { first: "3", last: "5" } });
  });

  it("Table luck (R-LUCK-1): the GM sees the private rarest roll, marked; a player sees the rarest public one instead", () => {
    const oskar = (viewer: { isGM: boolean }) => luckWindowContext(LUCK_LEDGER, viewer, names).characters[2];
    expect(oskar(GM)?.totals.rarest).toEqual({ label: "Insight", oneIn: "310", hidden: true });
    expect(oskar(GM)?.sessions[1]?.rarest).toEqual({ label: "Insight", oneIn: "310", hidden: true });
    expect(oskar(PLAYER)?.totals.rarest).toEqual({ label: "Might", oneIn: "22", hidden: false });
    expect(oskar(PLAYER)?.sessions[1]?.rarest).toEqual({ label: "Might", oneIn: "22", hidden: false });
    const playerHtml = renderTemplate("dialogs/table-luck.hbs", luckWindowContext(LUCK_LEDGER, PLAYER, names));
    expect(playerHtml).not.toContain("Insight");
    expect(playerHtml).not.toContain(english("TERRAN.Luck.hidden"));
    const gmHtml = renderTemplate("dialogs/table-luck.hbs", luckWindowContext(LUCK_LEDGER, GM, names));
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
  it("R-LUCK-2: per user, in plain words: fair, unusual (p and the dice), or too few to say", () => {
    const view = luckWindowContext(LUCK_LEDGER, PLAYER, names);
    expect(view.fairness.map((f) => [f.name, f.dice, f.verdict.key, f.verdict.values.p, f.unusual])).toEqual([
      ["Ana", 412, "TERRAN.Luck.Fair.fair", "= 0.617", false],
      ["Bruno", 412, "TERRAN.Luck.Fair.unusual", "< 0.001", true],
      ["Carla", 24, "TERRAN.Luck.Fair.tooFew", "", false],
    ]);
    const root = dom(renderTemplate("dialogs/table-luck.hbs", view));
    expect([...root.querySelectorAll(".luck-verdict")].map(text)).toEqual([
      "Consistent with fair dice: p = 0.617 over 412 dice.",
      "Unusual: p < 0.001 over 412 dice.",
      "24 dice so far: the test needs at least 30 before it says anything.",
    ]);
    expect(luckWindowContext(LUCK_LEDGER, PLAYER, names, "pt-BR").fairness[0]?.verdict.values.p).toBe("= 0,617");
  });

  it("R-LUCK-2: the faces chart's bars follow the counts, its guide the count fair dice expect", () => {
    const ana = luckWindowContext(LUCK_LEDGER, GM, names).fairness[0];
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
    const root = dom(renderTemplate("dialogs/table-luck.hbs", luckWindowContext(LUCK_LEDGER, GM, names)));
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
      "Ego spent | 2 | 3 | 1",
      "Ego lost | 0 | 1 | 0",
      "XP gained | 2 | 2 | 0",
      "Rarest roll | Reaction, 1 in 11 | Finesse, 1 in 48 | Sword, 1 in 5",
    ]);
  });
});
