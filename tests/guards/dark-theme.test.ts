/**
 * The accessibility check runs only axe's colour rules in the dark theme (tests/browser/axe.ts): that
 * holds while the dark theme changes colours and nothing else. This guards it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const SHEETS = [
  ...readdirSync(resolve(ROOT, "styles")).map((f) => `styles/${f}`),
  "sandbox/foundry-standin.css",
].filter((f) => f.endsWith(".css"));

/** Properties that only paint: a custom property may hold anything, so it must be a colour by name or value. */
const PAINT =
  /^(color|background(-color|-image)?|border(-\w+)?-color|outline-color|box-shadow|text-shadow|fill|stroke|accent-color|caret-color|color-scheme|text-decoration-color|scrollbar-color)$/;

/** Each declaration inside a rule whose selector names the dark theme, as [file, selector, declaration]. */
function darkDeclarations(file: string): [string, string, string][] {
  const css = readFileSync(resolve(ROOT, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const found: [string, string, string][] = [];
  for (const match of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selector = (match[1] ?? "").trim();
    if (!selector.includes("theme-dark")) continue;
    for (const decl of (match[2] ?? "")
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean))
      found.push([file, selector, decl]);
  }
  return found;
}

function paints(decl: string): boolean {
  const [prop = "", ...rest] = decl.split(":");
  const value = rest.join(":").trim();
  if (prop.trim().startsWith("--"))
    return (
      /(#[0-9a-f]{3,8}\b|rgb|hsl|color-mix|oklch|var\(--[\w-]+\)|transparent|white|black)/i.test(value) &&
      !/\d(px|rem|em|%)\b(?![^(]*\))/.test(value)
    );
  return PAINT.test(prop.trim());
}

describe("the dark theme", () => {
  it("changes only colours, so axe's colour rules are the ones it can fail", () => {
    const all = SHEETS.flatMap(darkDeclarations);
    expect(all.length).toBeGreaterThan(10);
    expect(all.filter(([, , decl]) => !paints(decl))).toEqual([]);
  });

  it("catches a dark-theme rule that changes layout", () => {
    expect(paints("display: none")).toBe(false);
    expect(paints("--te-gap: 4px")).toBe(false);
    expect(paints("--te-ink: #eee")).toBe(true);
  });
});
