/**
 * Every visible string is localised: each i18n key the code names exists in lang/en.json, and keys
 * built from the rules' constants (attributes, wounds, tags…) exist too. Every other language
 * system.json lists (pt-BR) has exactly en.json's keys, with the same {placeholders} and HTML tags
 * (scripts/lang-diff.ts compares them; `npm run lang:diff` prints what a translation lacks).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import * as rules from "../../src/rules/index.ts";
import {
  describeDiff,
  diffLanguages,
  fillTranslation,
  htmlTags,
  missingSkeleton,
  placeholders,
  readLanguage,
} from "../../scripts/lang-diff.ts";

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
      for (const m of readFileSync(file, "utf8").matchAll(/["'`](TERRAN\.[A-Za-z0-9.-]+)["'`]/g))
        if (m[1]) keys.add(m[1]);
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
      ...(rules.CORE.archetype.kind === "list" ? rules.CORE.archetype.choices.map((c) => `TERRAN.Archetype.${c}`) : []),
      ...[...rules.ADVANCEMENTS.values()].map((a) => a.labelKey),
      ...[...rules.CONDITIONS.values()].map((c) => c.labelKey),
      ...[...rules.ADVANCEMENTS.values(), ...rules.CONDITIONS.values()].flatMap((d) => d.dice.map((m) => m.label)),
    ];
    expect(built.filter((k) => typeof lookup(k) !== "string")).toEqual([]);
  });

  it("every RulesError code has a notification text", () => {
    const codes: rules.RulesErrorCode[] = [
      "not-integer",
      "out-of-range",
      "bad-face",
      "bad-selection",
      "same-die",
      "no-dice",
      "bad-chain",
      "unknown-id",
      "choice-required",
      "bad-choice",
      "dead",
      "not-enough-xp",
      "attribute-cap",
      "not-allowed",
      "bad-distribution",
      "stale",
      "locked",
    ];
    expect(codes.filter((c) => typeof lookup(`TERRAN.Error.${c}`) !== "string")).toEqual([]);
  });
});

describe("translations keep en.json's keys and placeholders", () => {
  const manifest = JSON.parse(readFileSync(resolve(ROOT, "system.json"), "utf8")) as {
    languages: { lang: string; path: string }[];
  };
  const translations = manifest.languages.filter((l) => l.lang !== "en");

  it("system.json lists Portuguese (Brazil) beside English", () => {
    expect(manifest.languages.map((l) => [l.lang, l.path])).toEqual([
      ["en", "lang/en.json"],
      ["pt-BR", "lang/pt-BR.json"],
    ]);
  });

  it("each language code is one Foundry accepts: canonical for Intl (v14 validates PackageLanguageData.lang with Intl.getCanonicalLocales, foundryvtt.com/api/v14)", () => {
    for (const l of manifest.languages) expect(Intl.getCanonicalLocales(l.lang), l.lang).toEqual([l.lang]);
  });

  it.each(translations.map((l) => [l.lang, l] as const))(
    "%s has every key of en.json and no other, each with the same {placeholders} and HTML tags",
    (lang, l) => {
      expect(l.path).toBe(`lang/${lang}.json`);
      // The message lists every difference (missing keys with their English), as `npm run lang:diff` prints them.
      expect(describeDiff(lang, diffLanguages(en, readLanguage(lang)))).toEqual([]);
    },
  );

  it("a translation is read as Foundry reads it: strings only, none left empty", () => {
    for (const l of translations) {
      const diff = diffLanguages(en, readLanguage(l.lang));
      expect(diff.malformed, l.lang).toEqual([]);
    }
  });

  describe("the comparison (scripts/lang-diff.ts) finds each kind of difference", () => {
    const english = {
      A: { hello: "Hello {name}", bold: "<strong>Dead.</strong> Over", plain: "Plain" },
      B: { gone: "Gone" },
    };

    it("a complete translation has no difference", () => {
      const pt = {
        A: { hello: "Olá {name}", bold: "<strong>Morto.</strong> Acabou", plain: "Simples" },
        B: { gone: "Foi" },
      };
      expect(describeDiff("pt-BR", diffLanguages(english, pt))).toEqual([]);
    });

    it("a missing key is listed with its English, a stale one as extra", () => {
      const pt = { A: { hello: "Olá {name}", bold: "<strong>Morto.</strong> Acabou", plain: "Simples", old: "Velho" } };
      const diff = diffLanguages(english, pt);
      expect(diff.missing).toEqual([{ key: "B.gone", english: "Gone" }]);
      expect(diff.extra).toEqual(["A.old"]);
      expect(describeDiff("pt-BR", diff)).toEqual([
        "1 key(s) missing from pt-BR:",
        '  B.gone = "Gone"',
        "1 key(s) in pt-BR that en.json no longer has:",
        "  A.old",
      ]);
      expect(missingSkeleton(diff)).toEqual({ B: { gone: "Gone" } });
    });

    it("a renamed or dropped placeholder is caught, and so is lost markup", () => {
      const pt = { A: { hello: "Olá {nome}", bold: "Morto. Acabou", plain: "Simples {extra}" }, B: { gone: "Foi" } };
      const diff = diffLanguages(english, pt);
      expect(diff.placeholders.map((p) => [p.key, p.english, p.translated])).toEqual([
        ["A.hello", ["name"], ["nome"]],
        ["A.plain", [], ["extra"]],
      ]);
      expect(diff.tags.map((t) => t.key)).toEqual(["A.bold"]);
    });

    it("a group where a string belongs, a number, or an empty text is reported", () => {
      const pt = { A: { hello: { nested: "Olá {name}" }, bold: 3, plain: " " }, B: { gone: "Foi" } };
      const diff = diffLanguages(english, pt);
      expect(diff.missing.map((m) => m.key)).toEqual(["A.hello", "A.bold"]);
      expect(diff.extra).toEqual(["A.hello.nested"]);
      expect(diff.malformed).toEqual(["A.bold", "A.plain"]);
    });

    it("--fill adds translated keys in en.json's order, replaces what it names, and drops keys English lacks", () => {
      const pt = { B: { gone: "Foi" }, A: { hello: "Oi {name}", old: "Velho" } };
      const fill = { A: { plain: "Simples", hello: "Olá {name}" }, C: { stray: "Perdido" } };
      const result = fillTranslation(english, pt, fill);
      expect(JSON.stringify(result.tree)).toBe(
        JSON.stringify({ A: { hello: "Olá {name}", plain: "Simples" }, B: { gone: "Foi" } }),
      );
      expect([...result.filled].sort()).toEqual(["A.hello", "A.plain"]);
      expect([...result.dropped].sort()).toEqual(["A.old", "C.stray"]);
      // What no one translated yet stays missing, and lang:diff still says so.
      expect(diffLanguages(english, result.tree).missing).toEqual([
        { key: "A.bold", english: "<strong>Dead.</strong> Over" },
      ]);
    });

    it("--fill with nothing to add leaves a complete translation exactly as it is (pt-BR is kept in en.json's order)", () => {
      const ptFile = readFileSync(resolve(ROOT, "lang/pt-BR.json"), "utf8");
      expect(`${JSON.stringify(fillTranslation(en, JSON.parse(ptFile), {}).tree, null, 2)}\n`).toBe(ptFile);
    });

    it("placeholders and tags are read as Foundry's format fills them and as markup", () => {
      expect(placeholders("−{cost} Ego ({from} → {to})")).toEqual(["cost", "from", "to"]);
      expect(htmlTags('<a class="x">link</a><br>')).toEqual(["/a", "a", "br"]);
    });
  });
});

describe("an advancement named inside a sentence is marked as a name (review 3 N17)", () => {
  const pt = JSON.parse(readFileSync(resolve(ROOT, "lang/pt-BR.json"), "utf8")) as Record<string, unknown>;
  const at = (tree: Record<string, unknown>, key: string): string => {
    const value = key.split(".").reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k], tree);
    return typeof value === "string" ? value : "";
  };
  it.each([
    ["TERRAN.Sheet.Wounds.ignoredBroken", "TERRAN.Adv.couldBeWorse"],
    ["TERRAN.Sheet.Wounds.ignoredWeary", "TERRAN.Adv.unyielding"],
  ])("%s quotes %s in both languages", (sentence, name) => {
    for (const tree of [en, pt]) expect(at(tree, sentence)).toContain(`“${at(tree, name)}”`);
  });
});
