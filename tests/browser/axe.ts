/**
 * axe-core (the npm package, node_modules/axe-core/axe.min.js) injected into a sandbox page in
 * Chromium, scoped to the system's own markup. Shared by the accessibility browser tests.
 *
 * What is checked: what our templates render inside each application window (the children of
 * `.window-content`: the sheet's or the dialog's template parts) and inside each chat message (the
 * children of `.message-content`: the card's template). What is left out, and why: the stand-in
 * Foundry chrome around them — the window frame with its header, title and close button, the
 * `.window-content` and `.message-content` containers themselves (Foundry's elements: which one
 * scrolls, and whether a scroller takes keyboard focus, is Foundry's and the browser's doing), the chat
 * message header with the speaker and time, the sandbox's bar and its notice. Foundry draws those in
 * the real application, not us, and the sandbox only imitates them (sandbox/render.ts). Rules about the whole page
 * (landmarks, a page heading, the document's title and language, skip links) are about Foundry's page too and are not
 * run. Colour contrast IS run: our text on our own surfaces, and on the stand-in's where our markup has none (button
 * faces in the chat).
 */
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
export const AXE_PATH = require.resolve("axe-core/axe.min.js");

/** Our markup inside the stand-in chrome. */
export const OUR_MARKUP = [".window-content > *", ".message-content > *"] as const;

/** Page-level rules: they judge Foundry's page (landmarks, title, language), not a sheet or a card. */
export const PAGE_RULES = [
  "region",
  "landmark-one-main",
  "landmark-complementary-is-top-level",
  "page-has-heading-one",
  "bypass",
  "document-title",
  "html-has-lang",
  "html-lang-valid",
  "meta-viewport",
] as const;

export type Impact = "minor" | "moderate" | "serious" | "critical";

export interface AxeFinding {
  readonly rule: string;
  readonly impact: Impact;
  readonly help: string;
  /** CSS selectors of the offending nodes, with axe's summary of the first. */
  readonly nodes: readonly string[];
  readonly summary: string;
}

/** Serious and critical findings fail the tests; the others are counted and printed. */
export function blocking(f: AxeFinding): boolean {
  return f.impact === "serious" || f.impact === "critical";
}

interface AxeResultNode {
  readonly target: readonly unknown[];
  readonly failureSummary?: string;
}

interface AxeResultRule {
  readonly id: string;
  readonly impact: Impact | null;
  readonly help: string;
  readonly nodes: readonly AxeResultNode[];
}

interface AxeApi {
  run(context: unknown, options: unknown): Promise<{ violations: AxeResultRule[] }>;
}

/**
 * The rules that read colour alone. The dark theme changes only colours (a `theme-dark` body class over
 * the same markup), so these are the only rules whose verdict it can change.
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"] as const;

/**
 * Runs axe on the page's own markup and returns its violations (WCAG 2.x A/AA and best practices), or
 * only those of `only` (rule ids) when it is given.
 */
export async function runAxe(page: Page, only?: readonly string[]): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(
    async ({ include, pageRules, only }) => {
      const present = include.filter((sel) => document.querySelector(sel) !== null);
      const axe = (window as unknown as { axe: AxeApi }).axe;
      const result = await axe.run(
        { include: present.map((sel) => [sel]) },
        only
          ? { resultTypes: ["violations"], runOnly: { type: "rule", values: only } }
          : {
              resultTypes: ["violations"],
              rules: Object.fromEntries(pageRules.map((id) => [id, { enabled: false }])),
            },
      );
      return result.violations.map((v) => ({
        rule: v.id,
        impact: v.impact ?? "minor",
        help: v.help,
        nodes: v.nodes.map((n) => n.target.map(String).join(" ")),
        summary: (v.nodes[0]?.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 300),
      }));
    },
    { include: [...OUR_MARKUP], pageRules: [...PAGE_RULES], only: only ? [...only] : null },
  );
  return violations;
}

/** A tally of findings across scenes: rule → impact, node count and the scenes it was seen in. */
export class AxeTally {
  readonly #rules = new Map<string, { impact: Impact; help: string; nodes: number; scenes: Set<string> }>();

  add(scene: string, findings: readonly AxeFinding[]): void {
    for (const f of findings) {
      const entry = this.#rules.get(f.rule) ?? { impact: f.impact, help: f.help, nodes: 0, scenes: new Set<string>() };
      entry.nodes += f.nodes.length;
      entry.scenes.add(scene);
      this.#rules.set(f.rule, entry);
    }
  }

  /** Lines for the test output: one per rule, with its count. */
  report(): string[] {
    const lines = [...this.#rules].map(
      ([rule, e]) =>
        `${e.impact.padEnd(8)} ${rule}: ${e.nodes} node(s) in ${e.scenes.size} scene(s) (${e.help}), e.g. ${[...e.scenes].slice(0, 3).join(", ")}`,
    );
    const total = [...this.#rules.values()].reduce((n, e) => n + e.nodes, 0);
    return [`axe-core: ${total} lesser finding(s) (moderate/minor) in ${this.#rules.size} rule(s)`, ...lines.sort()];
  }
}
