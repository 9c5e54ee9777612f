// @vitest-environment happy-dom
/**
 * The risk advisor in both roll dialogs (src/applications/dialogs/advisor-view.ts, the two dialog models and
 * templates/dialogs/partials/advisor.hbs): one row per Dark Dice count, the current one marked and equal to
 * the odds the dialog shows, each row a named button that sets the Dark Dice.
 */
import { describe, expect, it } from "vitest";
import {
  applyChange,
  initialChoices,
  rollDialogModel,
  type RollDialogSettings,
  type RollDialogSubject,
} from "../../src/applications/dialogs/roll-dialog-model.ts";
import {
  applySeparateAction,
  initialSeparateChoices,
  separateRollModel,
  type SeparateRollChoices,
} from "../../src/applications/resolution/separate-dialog-model.ts";
import { percent } from "../../src/applications/format.ts";
import { CORE, DEGENESIS, LEGACY, riskyActionOdds, separateRiskyOdds } from "../../src/rules/index.ts";
import { state } from "../documents/operations/fixtures.ts";
import { legacySeasonedCharacter } from "../fixtures/legacy-sheets.ts";
import { renderTemplate } from "../support/templates.ts";

const OPEN: RollDialogSettings = { darkMax: 6, singleDieServesBoth: true, isGM: false, advisorOpen: true };

function core(ruleset = CORE, ego = 3): RollDialogSubject {
  return {
    ruleset,
    target: { kind: "attribute", attribute: "finesse" },
    weapon: null,
    state: state({ attributes: { finesse: 2 }, ego: { value: ego, max: 6 } }),
  };
}

function dom(html: string): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = html;
  return root;
}

const cellTexts = (row: { cells: readonly { value: string }[] } | undefined): string[] =>
  (row?.cells ?? []).map((c) => c.value);

describe("the risk advisor in the roll dialog (Core, Degenesis)", () => {
  it("R-POOL-4 R-RA-1 R-EGO-2 one row per Dark Dice count 0 … the maximum, the current one the dialog's own odds", () => {
    for (const ruleset of [CORE, DEGENESIS]) {
      const sub = core(ruleset);
      const v = rollDialogModel(sub, { ...initialChoices(sub, OPEN), dark: 2 }, OPEN);
      expect(v.advisor.rows.map((r) => r.dark)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(v.advisor.rows.map((r) => r.current)).toEqual([false, false, true, false, false, false, false]);
      const now = v.advisor.rows[2];
      // Success, 4+, the Effect when it lands, Ego lost, Ego 0: the figures the dialog shows for this pool.
      expect(cellTexts(now)).toEqual([
        v.chances.success.text,
        percent(v.odds.outcome.partial + v.odds.outcome.success).text,
        v.chances.expectedEffect,
        v.ego.expectedLoss,
        v.ego.pZero.text,
      ]);
      // Another row is that pool with its count of Dark Dice.
      const four = riskyActionOdds({
        light: 2,
        dark: 4,
        ego: 3,
        effect: { rule: ruleset.effect, rank: v.rank, tags: v.effectTags },
      });
      expect(v.advisor.rows[4]?.cells[0]?.value).toBe(percent(four.outcome.success).text);
      expect(v.advisor.rows[4]?.cells[4]?.value).toBe(percent(four.ego.pZero).text);
    }
  });

  it("R-EGO-2 each row shows what its die changed from the row above, marked as a gain or a cost", () => {
    const sub = core(CORE, 1);
    const v = rollDialogModel(sub, initialChoices(sub, OPEN), OPEN);
    expect(v.advisor.rows[0]?.cells.map((c) => c.change)).toEqual(["", "", "", "", ""]);
    // 2 Light at Ego 1, one Dark Die more: P(6) 11/36 → 91/216 (+11.6 points), Ego 0 when it shows 1 (+16.7 points).
    const one = v.advisor.rows[1];
    expect(one?.cells[0]).toMatchObject({ change: "+11.6", cls: "is-gain" });
    expect(one?.cells[4]).toMatchObject({ value: "16.7%", change: "+16.7", cls: "is-cost" });
    expect(one?.cells[3]).toMatchObject({ change: "+0.2", cls: "is-cost" });
    // Portuguese writes its decimals its way.
    const pt = rollDialogModel(sub, initialChoices(sub, OPEN), { ...OPEN, locale: "pt-BR" });
    expect(pt.advisor.rows[1]?.cells[4]).toMatchObject({ value: "16,7%", change: "+16,7" });
  });

  it("R-EGO-2 a change that prints as ±0.0 is drawn as no change, neither gain nor cost (review 3 N12)", () => {
    const wide = { ...OPEN, darkMax: 10 };
    const printedZero: string[] = [];
    for (const ego of [1, 3, 6]) {
      const sub = core(DEGENESIS, ego);
      const v = rollDialogModel(sub, initialChoices(sub, wide), wide);
      for (const cell of v.advisor.rows.flatMap((r) => r.cells)) {
        if (!cell.change.startsWith("\u00b1")) continue;
        printedZero.push(cell.change);
        expect(cell.cls, `${cell.value} ${cell.change}`).toBe("");
      }
    }
    expect(printedZero.length).toBeGreaterThan(0);
  });

  it("R-POOL-4 closed, the advisor works out no rows (the host draws them when it is opened)", () => {
    const sub = core();
    const closed = rollDialogModel(sub, initialChoices(sub, OPEN), { ...OPEN, advisorOpen: false });
    expect(closed.advisor.open).toBe(false);
    expect(closed.advisor.rows).toEqual([]);
    expect(closed.advisor.summary).toEqual({ key: "TERRAN.Advisor.summary", value: "6" });
  });

  it("R-POOL-4 a row sets the Dark Dice to its count, clamped to the maximum; a key that is no count changes nothing", () => {
    const sub = core();
    const start = initialChoices(sub, OPEN);
    expect(applyChange(sub, start, { action: "advisorDark", key: "4" }, OPEN).dark).toBe(4);
    expect(applyChange(sub, start, { action: "advisorDark", key: "40" }, OPEN).dark).toBe(6);
    expect(applyChange(sub, { ...start, dark: 3 }, { action: "advisorDark", key: "three" }, OPEN).dark).toBe(3);
  });

  it("R-POOL-4 the template: a table of rows, each with a button named for the count it sets, the current one pressed", () => {
    const sub = core();
    const v = rollDialogModel(sub, { ...initialChoices(sub, OPEN), dark: 1 }, OPEN);
    const root = dom(renderTemplate("dialogs/roll-dialog.hbs", v));
    const details = root.querySelector("details.rd-advisor");
    expect(details?.hasAttribute("open")).toBe(true);
    expect(details?.querySelector("summary")?.textContent).toBe("Risk advisor: 0–6 Dark Dice");
    const buttons = [...root.querySelectorAll<HTMLButtonElement>("button.rd-adv-pick")];
    expect(buttons.map((b) => b.getAttribute("aria-label"))).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((n) => `Set Dark Dice to ${n}`),
    );
    expect(buttons.map((b) => b.getAttribute("aria-pressed"))).toEqual([
      "false",
      "true",
      "false",
      "false",
      "false",
      "false",
      "false",
    ]);
    expect(buttons.every((b) => b.dataset.action === "advisorDark" && b.type === "button")).toBe(true);
    expect(root.querySelector("tr.is-current")?.getAttribute("aria-current")).toBe("true");
    expect([...root.querySelectorAll(".rd-adv-table thead th")].map((th) => th.textContent)).toEqual([
      "Dark",
      "Success",
      "Effect lands",
      "Effect when it lands (avg.)",
      "Ego lost (avg.)",
      "Ego falls to 0",
    ]);
  });
});

describe("the risk advisor in the Legacy roll dialog", () => {
  const SETTINGS = { darkMax: 4 };
  const subject = {
    ruleset: LEGACY,
    state: { source: legacySeasonedCharacter().system, items: legacySeasonedCharacter().items },
    attribute: "strength" as const,
  };
  const choices = (over: Partial<SeparateRollChoices> = {}): SeparateRollChoices => ({
    ...initialSeparateChoices(SETTINGS),
    ...over,
  });

  it("R-LEG-9 R-LEG-8 one row per count, Core's columns but the expected Effect, the current row the dialog's odds", () => {
    const v = separateRollModel(subject, choices({ dark: 1 }), SETTINGS);
    expect(v.advisor.rows.map((r) => r.dark)).toEqual([0, 1, 2, 3, 4]);
    // Review 3 N2: no "Effect roll" column repeating the 4+ one; a column means the same in every edition.
    expect(v.advisor.columns).toEqual([
      "TERRAN.Advisor.success",
      "TERRAN.Advisor.lands",
      "TERRAN.Advisor.egoLoss",
      "TERRAN.Advisor.egoZero",
    ]);
    const now = v.advisor.rows.find((r) => r.current);
    expect(now?.dark).toBe(1);
    expect(now?.cells[0]?.value).toBe(v.chances.success.text);
    expect(now?.cells[3]?.value).toBe(v.ego.pZero.text);
    // The Effect roll is made on a 4+ (R-LEG-11): its chance is the "Effect lands" column.
    const three = separateRiskyOdds(LEGACY, { light: v.light, dark: 3, ego: v.ego.value });
    expect(v.advisor.rows[3]?.cells[1]?.value).toBe(percent(three.pEffect).text);
  });

  it("R-LEG-14 a montage has no Effect roll of the player's: its advisor leaves that column out", () => {
    const wolf = { uuid: "Actor.wolf", name: "Wolf", tier: "dangerous", n: 1, dice: 1, halved: false };
    const v = separateRollModel(subject, choices({ montage: true }), {
      ...SETTINGS,
      montage: wolf,
      montageWord: "self" as const,
    });
    expect(v.montaging).toBe(true);
    expect(v.advisor.columns).toEqual([
      "TERRAN.Advisor.success",
      "TERRAN.Advisor.partial",
      "TERRAN.Advisor.egoLoss",
      "TERRAN.Advisor.egoZero",
    ]);
    expect(v.advisor.rows.every((r) => r.cells.length === 4)).toBe(true);
  });

  it("R-POOL-4 a row sets the Dark Dice (clamped by the model); a key that is no count changes nothing", () => {
    expect(applySeparateAction(choices(), "advisorDark", "3").dark).toBe(3);
    expect(applySeparateAction(choices({ dark: 2 }), "advisorDark", "x").dark).toBe(2);
    expect(separateRollModel(subject, applySeparateAction(choices(), "advisorDark", "9"), SETTINGS).choices.dark).toBe(
      4,
    );
    const root = dom(
      renderTemplate("dialogs/legacy-roll-dialog.hbs", separateRollModel(subject, choices({ dark: 2 }), SETTINGS)),
    );
    expect(root.querySelector('button[aria-pressed="true"]')?.getAttribute("aria-label")).toBe("Set Dark Dice to 2");
  });
});
