/**
 * Bench of the roll dialog (src/applications/dialogs/roll-dialog-model.ts): the time of one
 * recomputation after a change, model only and model + template render, over a sweep of the changes a
 * user makes (the Dark Dice stepper 0 → 10 and back, the GM's stepper, the situational modifiers,
 * heavy armour, range, approach tier). The template is compiled once, as Foundry caches it, and
 * rendered with the same stand-in helpers as the tests (tests/support/templates.ts).
 */
import { availableParallelism, loadavg } from "node:os";
import { PerformanceObserver } from "node:perf_hooks";
import {
  applyChange,
  initialChoices,
  rollDialogModel,
  type DialogChange,
  type RollDialogChoices,
  type RollDialogSettings,
  type RollDialogSubject,
} from "../src/applications/dialogs/roll-dialog-model.ts";
import { clearOddsCache } from "../src/applications/dialogs/roll-dialog-odds.ts";
import type { ItemSnapshot } from "../src/data/source.ts";
import { CORE, DEFAULT_DARK_MAX, getCondition } from "../src/rules/index.ts";
import { engineAdvancementSource } from "../src/applications/sheets/character/engine-items.ts";
import { compileTemplate } from "../tests/support/templates.ts";
import { median, ms, p99, type BenchCheck, type BenchReport } from "./stats.ts";

const WARM_UP_PASSES = 3;
const PASSES = 30;
const TARGET_MS = 2;

const SETTINGS: RollDialogSettings = { darkMax: DEFAULT_DARK_MAX, singleDieServesBoth: true, isGM: false };

function advancementItem(key: string): ItemSnapshot {
  const system = engineAdvancementSource(key, "core");
  if (!system) throw new Error(`bench: no engine advancement ${key}`);
  return { id: `adv-${key}`, name: key, type: "advancement", system };
}

function conditionItem(key: string): ItemSnapshot {
  const def = getCondition(key);
  return {
    id: `cond-${key}`,
    name: key,
    type: "condition",
    system: {
      kind: "condition",
      key,
      dice: def.dice.map((d) => ({ ...d, appliesTo: [...d.appliesTo] })),
      flags: [...def.flags],
      description: "",
    },
  };
}

/** A busy character: wounded, heavy armour, three situational modifiers, Whirlwind. */
function busyCharacter(): RollDialogSubject["state"] {
  return {
    source: {
      archetype: "hero",
      identity: { culture: "", clan: "", concept: "", cult: "" },
      attributes: { intuition: 2, reason: 1, finesse: 3, exertion: 2, attunement: 1, influence: 1 },
      grit: { value: 3, max: 4, dice: 1 },
      ego: { value: 4, max: 5, dice: 1 },
      wounds: { stressed: false, broken: true, weary: false },
      dead: false,
      lost: false,
      xp: 2,
      sayonara: false,
      biography: "",
      notes: "",
    },
    items: [
      {
        id: "armour1",
        name: "Plate",
        type: "armour",
        system: { kind: "heavy", value: 2, equipped: true, destroyed: false, description: "" },
      },
      advancementItem("sleek"),
      advancementItem("marathon"),
      advancementItem("whirlwind"),
      conditionItem("protectiveInstinct"),
    ],
  };
}

interface Step {
  readonly subject: RollDialogSubject;
  readonly change: DialogChange;
}

/** The sweep: every change a user makes, in order, on an armed and on an unarmed dialog. */
function sweep(armed: RollDialogSubject, unarmed: RollDialogSubject, modifierKeys: readonly string[]): Step[] {
  const steps: Step[] = [];
  const on = (subject: RollDialogSubject, change: DialogChange): void => {
    steps.push({ subject, change });
  };
  for (const subject of [armed, unarmed]) {
    for (let i = 0; i < DEFAULT_DARK_MAX; i++) on(subject, { action: "darkUp" });
    for (const key of modifierKeys) on(subject, { action: "toggleModifier", key });
    on(subject, { field: "hindered", value: true });
    on(subject, { action: "positionUp" });
    on(subject, { action: "positionDown" });
    on(subject, { action: "positionDown" });
    on(subject, { field: "combat", value: true });
    for (const key of modifierKeys) on(subject, { action: "toggleModifier", key });
    on(subject, { field: "hindered", value: false });
    for (let i = 0; i < DEFAULT_DARK_MAX; i++) on(subject, { action: "darkDown" });
  }
  for (const range of ["reach", "short", "long", "contact"]) on(armed, { field: "range", value: range });
  for (const rank of ["0", "2", "3", "4", "1"]) on(unarmed, { field: "rank", value: rank });
  return steps;
}

export async function benchDialog(): Promise<BenchReport> {
  const render = compileTemplate("dialogs/roll-dialog.hbs");
  const state = busyCharacter();
  const target = { kind: "attribute", attribute: "finesse" } as const;
  const armed: RollDialogSubject = {
    ruleset: CORE,
    state,
    target,
    weapon: {
      id: "weapon1",
      name: "Long sword",
      system: {
        rank: 3,
        ranges: ["contact"],
        tags: ["versatile"],
        customTags: [],
        twoHanded: true,
        equipped: true,
        description: "",
      },
    },
  };
  const unarmed: RollDialogSubject = { ...armed, weapon: null };
  const keys = rollDialogModel(armed, initialChoices(armed, SETTINGS), SETTINGS)
    .lines.filter((l) => l.situational)
    .map((l) => l.key);
  const steps = sweep(armed, unarmed, keys);

  let checksum = 0;
  /** One timed recomputation: start, model done, render done (performance.now(), ms). */
  interface Sample {
    readonly t0: number;
    readonly t1: number;
    readonly t2: number;
  }
  /** One pass = one dialog opened and swept: the odds cache starts empty (or is emptied before every step: `cold`). */
  const run = (cold: boolean, samples: Sample[] | null): void => {
    clearOddsCache();
    const choicesFor = new Map<RollDialogSubject, RollDialogChoices>([
      [armed, initialChoices(armed, SETTINGS)],
      [unarmed, initialChoices(unarmed, SETTINGS)],
    ]);
    for (const { subject, change } of steps) {
      if (cold) clearOddsCache();
      const previous = choicesFor.get(subject) ?? initialChoices(subject, SETTINGS);
      // Model only: the change, then the whole view.
      const t0 = performance.now();
      const choices = applyChange(subject, previous, change, SETTINGS);
      const view = rollDialogModel(subject, choices, SETTINGS);
      const t1 = performance.now();
      const html = render(view);
      const t2 = performance.now();
      choicesFor.set(subject, choices);
      checksum += view.odds.outcome.success + html.length;
      samples?.push({ t0, t1, t2 });
    }
  };

  // V8's garbage collections, on the same clock as performance.now(): a sample that a collection
  // overlapped is timed with the pause in it.
  const collections: { start: number; end: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) collections.push({ start: e.startTime, end: e.startTime + e.duration });
  });
  observer.observe({ entryTypes: ["gc"] });

  for (let pass = 0; pass < WARM_UP_PASSES; pass++) run(false, null);
  const warm: Sample[] = [];
  const cold: Sample[] = [];
  const timedFrom = performance.now();
  for (let pass = 0; pass < PASSES; pass++) {
    run(false, warm);
    run(true, cold);
  }
  const timedTo = performance.now();
  await new Promise((done) => setTimeout(done, 20)); // let the observer deliver its entries
  observer.disconnect();

  const inTimed = collections.filter((c) => c.end >= timedFrom && c.start <= timedTo);
  const collected = (from: number, to: number): boolean => inTimed.some((c) => c.end >= from && c.start <= to);
  const mean = (xs: readonly number[]): number => xs.reduce((t, x) => t + x, 0) / Math.max(1, xs.length);

  const checks: BenchCheck[] = [];
  const notes: string[] = [];
  const figures = (label: string, samples: readonly Sample[], end: (s: Sample) => number): void => {
    const all = samples.map((s) => end(s) - s.t0);
    const clean = samples.filter((s) => !collected(s.t0, end(s))).map((s) => end(s) - s.t0);
    const m = median(all);
    const pClean = p99(clean);
    checks.push(
      { label: `${label}: median`, value: ms(m), target: `<= ${TARGET_MS} ms`, pass: m <= TARGET_MS },
      {
        label: `${label}: p99 without GC pauses`,
        value: ms(pClean),
        target: `<= ${TARGET_MS} ms`,
        pass: pClean <= TARGET_MS,
      },
    );
    notes.push(
      `${label}: p99 of every sample ${ms(p99(all))}, max ${ms(Math.max(...all))}, mean ${ms(mean(all))}; ${all.length - clean.length} of ${all.length} samples had a GC pause in them.`,
    );
  };
  figures("model", warm, (s) => s.t1);
  figures("model + render", warm, (s) => s.t2);
  figures("cold model", cold, (s) => s.t1);
  figures("cold model + render", cold, (s) => s.t2);
  const pauses = inTimed.map((c) => c.end - c.start);

  return {
    name: "dialog - roll dialog recomputation (src/applications/dialogs/roll-dialog-model.ts + templates/dialogs/roll-dialog.hbs)",
    notes: [
      `${steps.length} changes per pass (Dark Dice 0 -> 10 -> 0, GM's stepper, ${keys.length} situational modifiers on and off, heavy armour,`,
      `combat, ranges, approach tiers) on a wounded, heavily armoured character, armed and unarmed;`,
      `${PASSES} timed passes after ${WARM_UP_PASSES} warm-up passes: ${warm.length} recomputations, each timed with performance.now().`,
      `"model" = applyChange + rollDialogModel (pool, exact odds, view); "+ render" adds the strict Handlebars render`,
      `(template compiled once, as Foundry caches it). Each pass is one dialog: its odds cache starts empty, so a state`,
      `is computed on its first visit and remembered on the way back. "cold" empties the cache before every step.`,
      `V8 collected garbage ${pauses.length} times while timing (median pause ${ms(median(pauses))}, max ${ms(pauses.length ? Math.max(...pauses) : 0)}; load average`,
      `${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} on ${availableParallelism()} cores). The p99 checks leave out the samples a collection overlapped`,
      `(seen by a PerformanceObserver on "gc"); every sample, pauses included:`,
      ...notes.map((n) => `  ${n}`),
      `checksum ${checksum.toFixed(3)}`,
    ],
    checks,
  };
}
