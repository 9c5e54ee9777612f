/**
 * Every visible string is localised: each i18n key the code names exists in lang/en.json, and keys
 * built from the rules' constants (attributes, wounds, tags…) exist too.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import * as rules from "../../src/rules/index.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const en = JSON.parse(readFileSync(resolve(ROOT, "lang/en.json"), "utf8")) as Record<string, unknown>;

function lookup(key: string): unknown {
  let node: unknown = en;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !(part in node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|hbs)$/.test(name) ? [path] : [];
  });
}

describe("localisation", () => {
  it("every TERRAN.* key written in src/ and templates/ exists in en.json as a non-empty string", () => {
    const keys = new Set<string>();
    for (const file of [...sourceFiles(resolve(ROOT, "src")), ...sourceFiles(resolve(ROOT, "templates"))]) {
      for (const m of readFileSync(file, "utf8").matchAll(/["'`](TERRAN\.[A-Za-z0-9.-]+)["'`]/g)) if (m[1]) keys.add(m[1]);
    }
    expect(keys.size).toBeGreaterThan(50);
    // A data model's LOCALIZATION_PREFIXES entry names a group holding its FIELDS labels.
    const isPrefix = (k: string): boolean => {
      const node = lookup(k);
      return typeof node === "object" && node !== null && "FIELDS" in node;
    };
    expect([...keys].filter((k) => !isPrefix(k) && (typeof lookup(k) !== "string" || lookup(k) === ""))).toEqual([]);
  });

  it("keys built from the rules' constants exist", () => {
    const built = [
      ...rules.ATTRIBUTES.map((a) => `TERRAN.Attribute.${a}`),
      ...rules.GROUPS.flatMap((g) => [`TERRAN.Save.${g}`, `TERRAN.Group.${g}`]),
      ...rules.WOUND_TRACKS.map((t) => `TERRAN.Wound.${t}`),
      ...rules.BODY_ARMOUR.map((b) => `TERRAN.Armour.${b}`),
      ...rules.WEAPON_TAGS.map((t) => `TERRAN.Tag.${t}`),
      ...(["fail", "partial", "success"] as const).map((b) => `TERRAN.Band.${b}`),
      ...(["annoying", "troublesome", "devastating"] as const).map((c) => `TERRAN.Consequence.${c}`),
      ...(["player-first", "player-last", "gm"] as const).map((o) => `TERRAN.Order.${o}`),
      ...rules.RULESET_IDS.map((id) => rules.getRuleset(id).labelKey),
      ...rules.CORE.archetype.kind === "list" ? rules.CORE.archetype.choices.map((c) => `TERRAN.Archetype.${c}`) : [],
      ...[...rules.ADVANCEMENTS.values()].map((a) => a.labelKey),
      ...[...rules.CONDITIONS.values()].map((c) => c.labelKey),
      ...[...rules.ADVANCEMENTS.values(), ...rules.CONDITIONS.values()].flatMap((d) => d.dice.map((m) => m.label)),
    ];
    expect(built.filter((k) => typeof lookup(k) !== "string")).toEqual([]);
  });

  it("every RulesError code has a notification text", () => {
    const codes: rules.RulesErrorCode[] = [
      "not-integer", "out-of-range", "bad-face", "bad-selection", "same-die", "no-dice", "bad-chain", "unknown-id",
      "choice-required", "bad-choice", "dead", "not-enough-xp", "attribute-cap", "not-allowed", "bad-distribution",
      "stale", "locked",
    ];
    expect(codes.filter((c) => typeof lookup(`TERRAN.Error.${c}`) !== "string")).toEqual([]);
  });
});
