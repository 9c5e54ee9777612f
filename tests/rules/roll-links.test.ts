/** Inline roll links: the syntax read against the world's ruleset, never guessed. */
import { describe, expect, it } from "vitest";
import { ATTRIBUTES, CORE, DEGENESIS, GROUPS, LEGACY } from "../../src/rules/index.ts";
import {
  findRollLinks,
  parseRollLink,
  ROLL_LINK_PATTERN,
  rollLinkLabelKey,
  rollLinkVocabulary,
  rollLinkWhat,
  type RollLinkVocabulary,
} from "../../src/rules/roll-links.ts";

const CORE_WORDS = rollLinkVocabulary(CORE);

/** Parses the first link in `text` as core's registry would hand it over. */
function parse(text: string, vocabulary: RollLinkVocabulary = CORE_WORDS) {
  const [first] = findRollLinks(text, vocabulary);
  if (!first) throw new Error(`no link in ${text}`);
  return first;
}

describe("roll links", () => {
  it("R-POOL-1: @Risky[attribute] is a Risky Action with that attribute, whatever the case", () => {
    expect(parse("Climb: @Risky[finesse].")).toEqual({
      ok: true,
      link: { kind: "risky", attribute: "finesse" },
      label: null,
      text: "@Risky[finesse]",
    });
    expect(parse("@risky[Finesse]")).toMatchObject({ ok: true, link: { kind: "risky", attribute: "finesse" } });
    expect(parse("@RISKY[ exertion ]")).toMatchObject({ ok: true, link: { kind: "risky", attribute: "exertion" } });
  });

  it("R-RA-8: @Reaction[group] is a Reaction with that group's Save", () => {
    expect(parse("@Reaction[insight]")).toMatchObject({ ok: true, link: { kind: "reaction", group: "insight" } });
    expect(rollLinkWhat({ kind: "reaction", group: "resolve" })).toBe("save:resolve");
    expect(rollLinkWhat({ kind: "risky", attribute: "reason" })).toBe("reason");
  });

  it("R-FORT-1: @Fortune[n] and @Fortune[n+] are the Fortune die against n or more, n from 1 to 6", () => {
    expect(parse("@Fortune[4]")).toMatchObject({ ok: true, link: { kind: "fortune", chance: 4 } });
    expect(parse("@Fortune[6+]")).toMatchObject({ ok: true, link: { kind: "fortune", chance: 6 } });
    expect(parse("@Fortune[1]")).toMatchObject({ ok: true, link: { kind: "fortune", chance: 1 } });
    for (const bad of ["0", "7", "4++", "+4", "four", "3.5", "-1", "10"]) {
      expect(parse(`@Fortune[${bad}]`), bad).toMatchObject({
        ok: false,
        kind: "fortune",
        problem: "bad-chance",
        target: bad,
      });
    }
  });

  it("R-POOL-1: a {label} replaces the text; a blank one is ignored", () => {
    expect(parse("@Risky[finesse]{Climb the wall}")).toMatchObject({
      ok: true,
      label: "Climb the wall",
      text: "@Risky[finesse]{Climb the wall}",
    });
    expect(parse("@Fortune[4]{  }")).toMatchObject({ ok: true, label: null });
  });

  it("R-POOL-1: an unknown attribute or group, or an empty target, is refused with the link as written", () => {
    expect(parse("@Risky[flying]")).toEqual({
      ok: false,
      kind: "risky",
      problem: "unknown-target",
      target: "flying",
      text: "@Risky[flying]",
    });
    expect(parse("@Reaction[finesse]")).toMatchObject({ ok: false, kind: "reaction", problem: "unknown-target" });
    expect(parse("@Risky[]")).toMatchObject({ ok: false, problem: "empty" });
    expect(parse("@Reaction[  ]")).toMatchObject({ ok: false, problem: "empty" });
    // Never an inherited name.
    expect(parse("@Risky[__proto__]")).toMatchObject({ ok: false, problem: "unknown-target" });
    expect(parse("@Risky[constructor]")).toMatchObject({ ok: false, problem: "unknown-target" });
  });

  it("R-POOL-1 R-LEG-1: the ids are the ruleset's: Legacy's four attributes and no Saves, so Core's links read nothing there", () => {
    const legacy = rollLinkVocabulary(LEGACY);
    expect(legacy).toEqual({
      attributes: ["strength", "agility", "insight", "charisma"].map((id) => ({
        id,
        labelKey: `TERRAN.Attribute.${id}`,
      })),
      saves: [],
    });
    expect(parse("@Risky[finesse]", legacy)).toMatchObject({ ok: false, problem: "unknown-target" });
    expect(parse("@Risky[Charisma]", legacy)).toMatchObject({ ok: true, link: { attribute: "charisma" } });
    expect(parse("@Reaction[insight]", legacy)).toMatchObject({ ok: false, problem: "unknown-target" });
    // Core and Degenesis: R-CHAR-1's six attributes and the Saves of R-CHAR-2's three groups.
    for (const ruleset of [CORE, DEGENESIS]) {
      const words = rollLinkVocabulary(ruleset);
      expect(words.attributes.map((a) => a.id)).toEqual(ATTRIBUTES);
      expect(words.saves).toEqual(GROUPS.map((g) => ({ id: g, labelKey: `TERRAN.Save.${g}` })));
    }
    expect(rollLinkLabelKey({ kind: "risky", attribute: "finesse" }, CORE_WORDS)).toBe("TERRAN.Attribute.finesse");
    expect(rollLinkLabelKey({ kind: "reaction", group: "resolve" }, CORE_WORDS)).toBe("TERRAN.Save.resolve");
    expect(rollLinkLabelKey({ kind: "fortune", chance: 3 }, CORE_WORDS)).toBeNull();
    expect(rollLinkLabelKey({ kind: "risky", attribute: "finesse" }, legacy)).toBeNull();
  });

  it("R-FORT-1: finds every link in a text, in order; text that only looks like one is left alone", () => {
    const text =
      "<p>Roll @Risky[reason], then @Reaction[resolve]{hold on}; the GM may call @Fortune[5+]. Not links: @Risky finesse, @UUID[Actor.x], @Risky[a\nb].</p>";
    expect(findRollLinks(text, CORE_WORDS).map((l) => (l.ok ? l.link : l.problem))).toEqual([
      { kind: "risky", attribute: "reason" },
      { kind: "reaction", group: "resolve" },
      { kind: "fortune", chance: 5 },
    ]);
    // Core's registry needs a global pattern ("Must be flagged as global").
    expect(ROLL_LINK_PATTERN.flags).toContain("g");
  });

  it("R-POOL-1: parseRollLink never throws, whatever the text", () => {
    for (const [type, target] of [
      ["Nonsense", "x"],
      ["Risky", "\u0000"],
      ["Fortune", "4".repeat(500)],
      ["Reaction", "<b>insight</b>"],
    ] as const) {
      expect(() => parseRollLink(`@${type}[${target}]`, type, target, undefined, CORE_WORDS)).not.toThrow();
      expect(parseRollLink(`@${type}[${target}]`, type, target, undefined, CORE_WORDS).ok).toBe(false);
    }
  });
});
