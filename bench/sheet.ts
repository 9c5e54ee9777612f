/**
 * Bench of the character sheet: the time to render it with 30 items, as Foundry does on every change
 * to the actor — the pure context (src/applications/sheets/character/character-context.ts: derived data, the
 * pool each roll starts from, item rows, buttons and their reasons) plus every part's template. The
 * templates are compiled once, as Foundry caches them, and rendered with the same stand-in helpers as
 * the tests (tests/support/templates.ts). Enriching the rich-text fields is Foundry's and not timed.
 */
import { characterSheetContext } from "../src/applications/sheets/character/character-context.ts";
import { CHARACTER_SHEET_PARTS } from "../src/applications/sheets/parts.ts";
import { busyCharacter } from "../tests/fixtures/sheets.ts";
import { compileTemplate } from "../tests/support/templates.ts";
import { median, ms, p99, type BenchReport } from "./stats.ts";

const ITEMS = 30;
const WARM_UP_PASSES = 30;
const PASSES = 300;
const TARGET_MS = 5;

export function benchSheet(): BenchReport {
  const parts = Object.values(CHARACTER_SHEET_PARTS).map((p) => compileTemplate(p.replace(/^templates\//, "")));
  const inputs = (["core", "degenesis"] as const).map((r) => busyCharacter(ITEMS, r));
  let checksum = 0;
  const once = (input: (typeof inputs)[number]): { model: number; total: number } => {
    const t0 = performance.now();
    const view = characterSheetContext(input);
    const t1 = performance.now();
    let length = 0;
    for (const part of parts) length += part(view).length;
    const t2 = performance.now();
    checksum += length;
    return { model: t1 - t0, total: t2 - t0 };
  };
  for (let i = 0; i < WARM_UP_PASSES; i++) for (const input of inputs) once(input);
  const model: number[] = [];
  const total: number[] = [];
  for (let i = 0; i < PASSES; i++) {
    for (const input of inputs) {
      const t = once(input);
      model.push(t.model);
      total.push(t.total);
    }
  }
  const m = median(total);
  const p = p99(total);
  return {
    name: "sheet - character sheet render, 30 items (character-context.ts + templates/sheets/character/*.hbs)",
    notes: [
      `A seasoned character with ${ITEMS} items (advancements, conditions, weapons, armour; 3 rows expanded), Core and Degenesis;`,
      `${PASSES} timed passes of each after ${WARM_UP_PASSES} warm-up passes. "render" = context + the ${parts.length} parts' strict Handlebars render.`,
      `context only: median ${ms(median(model))}, p99 ${ms(p99(model))}; render: p99 ${ms(p)}, max ${ms(Math.max(...total))}.`,
      `checksum ${checksum}`,
    ],
    checks: [{ label: "render: median", value: ms(m), target: `<= ${TARGET_MS} ms`, pass: m <= TARGET_MS }],
  };
}
