/**
 * Numbers are written the client's way with `Intl.NumberFormat` (src/applications/format.ts,
 * src/data/luck-ledger.ts `oneIn`): one format is made per locale and kind, not one per number, so
 * the Table luck window and the open risk advisor stay cheap however many figures they show.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { luckWindowContext } from "../../src/applications/gm/luck-context.ts";
import {
  initialChoices,
  rollDialogModel,
  type RollDialogSubject,
} from "../../src/applications/dialogs/roll-dialog-model.ts";
import { decimal } from "../../src/applications/format.ts";
import { oneIn } from "../../src/data/luck-ledger.ts";
import { CORE } from "../../src/rules/index.ts";
import { state } from "../documents/operations/fixtures.ts";
import { LUCK_LEDGER, LUCK_NAMES } from "../fixtures/luck-ledger.ts";

/** How many Intl.NumberFormat `run` makes (the figures it writes are still written). */
function formatsMade(run: () => unknown): number {
  const Original = Intl.NumberFormat;
  const made = vi.spyOn(Intl, "NumberFormat").mockImplementation(function (
    this: unknown,
    ...args: ConstructorParameters<typeof Intl.NumberFormat>
  ) {
    return new Original(...args);
  });
  run();
  const count = made.mock.calls.length;
  made.mockRestore();
  return count;
}

afterEach(() => vi.restoreAllMocks());

describe("number formats, made once per locale", () => {
  it("R-LUCK-1 the Table luck window drawn again makes no new format; its figures are pt-BR's", () => {
    const draw = () => luckWindowContext(LUCK_LEDGER, { isGM: true }, LUCK_NAMES, "pt-BR");
    draw();
    expect(formatsMade(draw)).toBe(0);
    expect(oneIn(1 / 2916, "pt-BR")).toBe("2.916");
    expect(decimal(5, 1, "pt-BR")).toBe("5,0");
  });

  it("the open risk advisor drawn again makes no new format", () => {
    const subject: RollDialogSubject = {
      ruleset: CORE,
      target: { kind: "attribute", attribute: "finesse" },
      weapon: null,
      state: state({ attributes: { finesse: 2 }, ego: { value: 3, max: 6 } }),
    };
    const settings = { darkMax: 10, singleDieServesBoth: true, isGM: false, advisorOpen: true, locale: "pt-BR" };
    const build = () => rollDialogModel(subject, initialChoices(subject, settings), settings);
    build();
    expect(formatsMade(build)).toBe(0);
  });

  it("a locale Intl cannot read is written in English, and the fallback is kept too", () => {
    expect(decimal(1.25, 2, "not a locale!")).toBe("1.25");
    expect(formatsMade(() => decimal(2.5, 2, "not a locale!"))).toBe(0);
  });
});
