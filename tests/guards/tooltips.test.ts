/**
 * A user-written text reaches core's tooltip as text. Core draws a tooltip as HTML and localizes a plain
 * `data-tooltip` that is a lang key (foundryvtt#12355, #12356), so in templates/: a `data-tooltip` holds
 * only `localize` output whose values name no user-written field; a `data-tooltip-text` holds only a
 * context field named `…Tooltip` (escaped by src/applications/tooltip-text.ts); `data-tooltip-html` and
 * `{{{…}}}` never appear in a tooltip. In src/, tooltip attributes built as strings come from that module.
 */
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

/** Paths whose last segment names a user-written text (the before-stop hook's `name` and `title`, and kin). */
const USER_WRITTEN = /(name|title|label|target|tool|weapon|text)$/i;

/** Mustaches that print nothing: block helpers, their `else` and their ends. */
const BLOCK = /^(#(if|unless)\s|else$|\/(if|unless)$)/;

/** Each tooltip attribute in `source`: its name and its value as written (mustaches may hold quotes). */
function tooltipAttributes(source: string): { readonly name: string; readonly value: string }[] {
  const found: { name: string; value: string }[] = [];
  for (const match of source.matchAll(/(data-tooltip(?:-text|-html)?)="/g)) {
    let i = (match.index ?? 0) + match[0].length;
    const start = i;
    while (i < source.length && source[i] !== '"') i = source.startsWith("{{", i) ? source.indexOf("}}", i) + 2 : i + 1;
    found.push({ name: match[1] ?? "", value: source.slice(start, i) });
  }
  return found;
}

/** Why one mustache (its inside, trimmed) may not stand in a tooltip attribute, or null. */
function mustacheProblem(attribute: string, inside: string): string | null {
  if (inside.startsWith("{")) return "triple-stash";
  if (BLOCK.test(inside)) return null;
  if (attribute === "data-tooltip-text")
    return /^[\w.]*Tooltip$/.test(inside) ? null : "data-tooltip-text takes only a context field named …Tooltip";
  if (!/^localize\s/.test(inside)) return "a plain data-tooltip holds only localize output";
  const userValue = [...inside.matchAll(/\b\w+=([\w.@]+)/g)].find((m) => USER_WRITTEN.test(m[1] ?? ""));
  return userValue ? `a user-written value (${userValue[0]}) in a plain data-tooltip` : null;
}

/** The problems of every tooltip attribute in `source`, one line each. */
function templateProblems(file: string, source: string): string[] {
  return tooltipAttributes(source).flatMap(({ name, value }) => {
    if (name === "data-tooltip-html") return [`${file}: data-tooltip-html (core does not clean it)`];
    return [...value.matchAll(/\{\{(\{?[^}]*)\}\}/g)].flatMap((m) => {
      const problem = mustacheProblem(name, (m[1] ?? "").trim());
      return problem ? [`${file}: ${name}="${value}": ${problem}`] : [];
    });
  });
}

const HELPER = "applications/tooltip-text.ts";

/** The problems of a TypeScript file of src/: a tooltip attribute built as a string, or set from a non-key. */
function sourceProblems(file: string, text: string): string[] {
  if (file === HELPER) return [];
  const lines = text.split("\n");
  return lines.flatMap((line, i) => {
    const built = /data-tooltip(-text|-html)?=/.test(line);
    const set =
      /dataset\.tooltip(Text|Html)?\s*=(?!=)/.test(line) && !/dataset\.tooltip\s*=\s*localize\("[\w.]+"\)/.test(line);
    return built || set ? [`src/${file}:${i + 1}: ${line.trim()}`] : [];
  });
}

function files(dir: string, ext: string): Map<string, string> {
  const root = resolve(ROOT, dir);
  const names = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(ext));
  return new Map(names.map((f) => [f.split("\\").join("/"), readFileSync(resolve(root, f), "utf8")]));
}

describe("a user-written text reaches a tooltip as text", () => {
  it("no template puts a user-written value into a tooltip other than as an escaped …Tooltip field", () => {
    expect([...files("templates", ".hbs")].flatMap(([f, s]) => templateProblems(f, s))).toEqual([]);
  });

  it("no TypeScript builds a tooltip attribute except through src/applications/tooltip-text.ts", () => {
    expect([...files("src", ".ts")].flatMap(([f, t]) => sourceProblems(f, t))).toEqual([]);
  });

  it("the guard fires on each way a name reached a tooltip, and not on a lang key, its numbers or an escaped field", () => {
    const bad = [
      `<span data-tooltip="{{#if editable}}{{localize "TERRAN.Sheet.Header.editImage"}}{{else}}{{name}}{{/if}}">`,
      `<span data-tooltip="{{localize "TERRAN.Card.complicationTo" name=targetName}}">`,
      `<span data-tooltip="{{{tooltip}}}">`,
      `<span data-tooltip-text="{{name}}">`,
      `<span data-tooltip-html="{{nameTooltip}}">`,
    ];
    for (const sample of bad) expect(templateProblems("x.hbs", sample), sample).toHaveLength(1);
    const good = [
      `<span data-tooltip="{{localize "TERRAN.Sheet.Header.editImage"}}">`,
      `<span data-tooltip="{{localize roll.tooltip.key value=roll.tooltip.value}}">`,
      `<span data-tooltip="{{localize save.badge.key save=save.value reason=(localize save.badge.reasonKey)}}">`,
      `<span {{#if editable}}data-tooltip="{{localize "K"}}"{{else}}data-tooltip-text="{{nameTooltip}}"{{/if}}>`,
    ];
    for (const sample of good) expect(templateProblems("x.hbs", sample), sample).toEqual([]);
    expect(sourceProblems("a.ts", 'const t = `data-tooltip="${escapeHtml(view.tooltip)}"`;')).toHaveLength(1);
    expect(sourceProblems("a.ts", "el.dataset.tooltipText = item.name;")).toHaveLength(1);
    expect(sourceProblems("a.ts", 'el.dataset.tooltip = localize("TERRAN.Luck.buttonTooltip");')).toEqual([]);
    expect(sourceProblems("a.ts", "const same = el.dataset.tooltip === reason;")).toEqual([]);
    expect(sourceProblems(HELPER, 'return `data-tooltip-text="${escapeHtml(text)}"`;')).toEqual([]);
  });
});
