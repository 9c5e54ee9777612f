/**
 * Static checks of the chat card templates: every data-action is a literal from CARD_ACTIONS, names
 * are never rendered raw (no triple-stash), and only the whitelisted helpers are called. Plus the
 * purity of src/chat/ (no Foundry globals, no DOM).
 */
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CARD_ACTIONS, isCardAction } from "../../src/chat/index.ts";
import { english, TEMPLATE_HELPERS } from "../support/templates.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const TEMPLATES = [
  "risky-card.hbs",
  "challenge-card.hbs",
  "result-card.hbs",
  "session-card.hbs",
  "request-card.hbs",
  "legacy-risky-card.hbs",
  "legacy-effect-card.hbs",
  "legacy-montage-card.hbs",
].map((name) => ({
  name,
  source: readFileSync(resolve(ROOT, "templates/chat", name), "utf8"),
}));
const BLOCKS = ["if", "unless", "each", "with", "else"];

describe("chat card templates (static)", () => {
  it("R-RA-1: every data-action is a literal from CARD_ACTIONS, and every action is used", () => {
    const used = new Set<string>();
    for (const { name, source } of TEMPLATES) {
      for (const m of source.matchAll(/data-action="([^"]*)"/g)) {
        const action = m[1] ?? "";
        expect(isCardAction(action), `${name}: ${action}`).toBe(true);
        used.add(action);
      }
    }
    expect([...used].sort()).toEqual([...CARD_ACTIONS].sort());
  });

  it("R-RA-1: templates never render raw HTML and call only whitelisted helpers", () => {
    const allowed = new Set<string>([...TEMPLATE_HELPERS, ...BLOCKS]);
    for (const { name, source } of TEMPLATES) {
      const withoutComments = source.replace(/\{\{!--[\s\S]*?--\}\}/g, "");
      expect(withoutComments, name).not.toMatch(/\{\{\{|\{\{&/);
      // A mustache with arguments, `{{name arg…}}` or `{{#name arg…}}`, calls a helper; so does `(name arg…)`.
      for (const m of withoutComments.matchAll(/\{\{[#/^]?\s*([\w.-]+)\s+[^}]/g))
        expect(allowed.has(m[1] ?? ""), `${name}: ${m[1]}`).toBe(true);
      for (const m of withoutComments.matchAll(/\(\s*([\w-]+)\s/g))
        expect(allowed.has(m[1] ?? ""), `${name}: (${m[1]}`).toBe(true);
    }
  });

  it("R-RA-1: every literal key the templates localise exists in en.json", () => {
    for (const { source } of TEMPLATES) {
      for (const m of source.matchAll(/"(TERRAN\.[\w.-]+)"/g)) expect(() => english(m[1] ?? "")).not.toThrow();
    }
  });

  it("R-RA-1: src/chat is pure: no Foundry globals and no DOM", () => {
    const dir = resolve(ROOT, "src/chat");
    const banned = /\b(foundry|game|CONFIG|ui|Hooks|canvas|ChatMessage|Roll|document|window|HTMLElement)\s*[.(]/;
    // Every file, in the folders too (./health/ holds each health model's records).
    for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"))) {
      const code = readFileSync(resolve(dir, file), "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/\/\/.*$/gm, "")
        .replace(/"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, '""');
      expect(code, file).not.toMatch(banned);
    }
  });
});
