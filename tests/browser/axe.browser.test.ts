/**
 * Accessibility: axe-core on every sandbox scene — each sheet (every fixture and every tab), the roll
 * dialog's states, every chat card — in the light and dark themes and at the narrow width, in Debian's
 * Chromium. 0 serious or critical violations; the lesser ones are printed with a count. Scoped to our
 * own markup: tests/browser/axe.ts says what is left out and why.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { scenes, type SceneInfo } from "../../sandbox/scenes.ts";
import { AxeTally, blocking, COLOUR_RULES, runAxe, type AxeFinding } from "./axe.ts";
import { afterUpdate, useSession, watchErrors } from "./browser.ts";

const session = useSession();
const tally = new AxeTally();
let page: Page | null = null;
let errors: string[] = [];

async function tab(): Promise<Page> {
  if (!page) {
    page = await session().context.newPage();
    errors = watchErrors(page);
  }
  return page;
}

afterAll(() => {
  // The lesser findings, counted (the issue asks for them in the test output).
  console.log(tally.report().join("\n"));
});

type Theme = "light" | "dark";

/**
 * The variants each scene is checked in: both themes at the default width, and the narrow width. The
 * dark theme runs the colour rules only: it recolours the same markup, so no other verdict can change.
 */
const VARIANTS: readonly { readonly theme: Theme; readonly narrow: boolean; readonly only?: readonly string[] }[] = [
  { theme: "light", narrow: false },
  { theme: "dark", narrow: false, only: COLOUR_RULES },
  { theme: "light", narrow: true },
];

function describeFindings(findings: readonly AxeFinding[]): string[] {
  return findings.map((f) => `${f.impact} ${f.rule} (${f.help}): ${f.nodes.slice(0, 4).join(" | ")} — ${f.summary}`);
}

/** Checks what the page shows now: serious/critical fail, the rest go to the tally. */
async function check(p: Page, label: string, only?: readonly string[]): Promise<string[]> {
  const findings = await runAxe(p, only);
  tally.add(
    label,
    findings.filter((f) => !blocking(f)),
  );
  return describeFindings(findings.filter(blocking));
}

async function open(scene: SceneInfo, theme: Theme, narrow: boolean): Promise<Page> {
  const p = await tab();
  errors.length = 0;
  await p.goto(
    `${session().sandbox.url}/scene/${scene.kind}/${scene.id}?theme=${theme}${narrow ? `&width=${scene.narrow}` : ""}`,
  );
  return p;
}

/** Interactions whose result is a state no fixture shows: each is checked as well (data-action, then [index, role]). */
const STATES: Readonly<Record<string, readonly (readonly [string, ...string[]])[]>> = {
  // The dialog with Dark Dice added, and the same dialog once rolled (the card in the chat column).
  "dialog/fresh": [["darkUp"], ["darkUp"], ["roll"]],
  // A card whose Precision moved, its Ego given back (before confirming), then confirmed and applied.
  "card/risky": [["select-die", "1", "precision"], ["undo-ego"], ["confirm-effect"], ["apply-effect"]],
  "card/reaction": [["allow-effect"]],
  "card/challenge": [["apply-harm"]],
  // R-LEG-11 a Legacy Risky card with its Effects rolled (the buttons closed), and its Effect card applied.
  "card/legacy-risky": [
    ["roll-effect", "0"],
    ["roll-effect", "1"],
  ],
  "card/legacy-effect": [["apply-legacy-effect"]],
  "card/legacy-montage": [["apply-montage"]],
};

async function press(p: Page, action: string, index?: string, role?: string): Promise<void> {
  const selector = `[data-action="${action}"]${index ? `[data-index="${index}"]` : ""}${role ? `[data-role="${role}"]` : ""}`;
  await afterUpdate(p, () => p.locator(selector).last().click());
}

describe("axe-core on every sandbox scene", { timeout: 120_000 }, () => {
  it.each(scenes().map((s) => [`${s.kind}/${s.id}`, s] as const))(
    "%s: no serious or critical violation, light and dark, default and narrow",
    async (name, scene) => {
      const problems: string[] = [];
      for (const { theme, narrow, only } of VARIANTS) {
        const p = await open(scene, theme, narrow);
        const label = `${name} (${theme}${narrow ? ", narrow" : ""})`;
        problems.push(...(await check(p, label, only)));
        // Every tab of a sheet, not only the one it opens on.
        const tabs = await p
          .locator('[role="tab"]')
          .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.tab ?? ""));
        for (const id of tabs.slice(1)) {
          await afterUpdate(p, () => p.locator(`[role="tab"][data-tab="${id}"]`).click());
          problems.push(...(await check(p, `${label} tab ${id}`, only)));
        }
        for (const [action, index, role] of STATES[name] ?? []) {
          await press(p, action, index, role);
          problems.push(...(await check(p, `${label} after ${action}`, only)));
        }
        expect(errors, `${label} loads cleanly`).toEqual([]);
      }
      expect(problems, name).toEqual([]);
    },
  );

  it("checks the sheets' every tab, the dialog states and every card", () => {
    const all = scenes();
    expect(all.filter((s) => s.kind === "card").length).toBeGreaterThanOrEqual(10);
    expect(all.filter((s) => s.kind === "dialog").length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(STATES).every((key) => all.some((s) => `${s.kind}/${s.id}` === key))).toBe(true);
  });
});
