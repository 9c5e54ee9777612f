/**
 * The rule IDs of RULES.md §1–7, §9 (Legacy) and §11 (table statistics) and the IDs the tests name. The spec lives in
 * the project's shared folder (`../shared/RULES.md`); `docs/RULES.md` is the copy kept with the code. IDs from both
 * count, so a rule added to the spec shows up here as untested.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");
const ID = /\bR-[A-Z]+-\d+\b/g;

/**
 * Every ID defined (as a bold "**R-…**" entry) in §1–7 of the spec, its Legacy part (§9) and the table
 * statistics (§11, R-LUCK-…); §8 and §10 are rulings.
 */
export function ruleIds(sectionsRead = /^(?:[1-7]|9|11)\. /): string[] {
  const ids = new Set<string>();
  for (const file of [resolve(ROOT, "../shared/RULES.md"), resolve(ROOT, "docs/RULES.md")]) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, "utf8");
    const sections = text.split(/^## /m).filter((s) => sectionsRead.test(s));
    for (const section of sections) {
      for (const m of section.matchAll(/^- \*\*(R-[A-Z]+-\d+)/gm)) if (m[1]) ids.add(m[1]);
    }
  }
  return [...ids].sort();
}

/** Also v0.6.2's (§12), which a test may name while that ruleset is being built; not yet each required. */
export function definedRuleIds(): string[] {
  return ruleIds(/^(?:[1-7]|9|11|12)\. /);
}

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith(".test.ts") ? [path] : [];
  });
}

/**
 * IDs that start a test's name: `it("R-POOL-3 R-HARM-5: …")` names R-POOL-3 and R-HARM-5. Also
 * `it.each(…)("R-…")`, `it.each<T>(…)("R-…")` and `test(…)`.
 */
export function testedRuleIds(dir = resolve(ROOT, "tests")): Set<string> {
  const tested = new Set<string>();
  const opener = /\b(?:it|test)(?:\.each(?:<[^>]*>)?\([\s\S]*?\))?\(\s*["'`]((?:R-[A-Z]+-\d+[\s,/]*)+)/g;
  for (const file of testFiles(dir)) {
    for (const m of readFileSync(file, "utf8").matchAll(opener)) {
      for (const id of (m[1] ?? "").matchAll(ID)) tested.add(id[0]);
    }
  }
  return tested;
}
