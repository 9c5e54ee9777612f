/**
 * §12 v0.6.2's held skills: R-V-4 (the no-skills point), R-V-5 (the skill die, its place before the clamp and
 * its odds), R-V-6 (choosing skills at creation, Expert).
 */
import { describe, expect, it } from "vitest";
import { distributeCreationPoints } from "../../src/rules/creation.ts";
import {
  addNoSkillsPoint,
  archetypeGroups,
  assertCreationSkills,
  assertDistinctSkills,
  assertExpert,
  assertHeldSkill,
  assertTickedSkills,
  creationSkillsProgress,
  extraSkillCount,
  heldSkillGroup,
  skillDie,
  skillsOwed,
  type CreationSkills,
  type HeldSkill,
} from "../../src/rules/held-skills.ts";
import { advancementRefusal } from "../../src/rules/advancements.ts";
import { pHighestAtMost, riskyActionOdds } from "../../src/rules/odds.ts";
import { withoutSkills } from "../../src/rules/ratings.ts";
import { CORE } from "../../src/rules/rulesets/core.ts";
import { buildPool } from "../../src/rules/pool.ts";
import { V062, V062_SKILLS } from "../../src/rules/rulesets/v062.ts";
import { attrs, expectRulesError, poolInput } from "./fixtures.ts";

const S = V062_SKILLS;

describe("R-V-5 the skill die", () => {
  it("R-V-5 one Light Die when the world uses skills and a held skill that fits is ticked, else none", () => {
    expect(skillDie(S, true, ["law"])).toBe(1);
    expect(skillDie(S, true, [])).toBe(0);
    expect(skillDie(S, false, ["law"])).toBe(0);
    expect(skillDie(S, true, [{ group: "vehicles", name: "Hovercraft" }])).toBe(1);
  });

  it("R-V-5 one skill die however many skills fit, for a Reaction too (ruling)", () => {
    expect(skillDie(S, true, ["law", "negotiation", "tactics"])).toBe(1);
    // A Reaction's skill is ticked in the same dialog line: nothing in the die depends on the kind of roll.
    const reaction = buildPool(
      poolInput({
        target: { kind: "save", group: "prowess" },
        attributes: attrs({ finesse: 1, exertion: 0 }),
        skillDie: skillDie(S, true, ["endurance", "strength"]),
      }),
    );
    expect(reaction.light).toBe(2);
  });

  it("R-V-5 a ticked skill must be one the character holds; unknown skills are refused", () => {
    const held: HeldSkill[] = ["law", "sneak", { group: "vehicles", name: "Hovercraft" }];
    expect(assertTickedSkills(S, held, ["sneak", { group: "vehicles", name: " hovercraft " }])).toEqual([
      "sneak",
      { group: "vehicles", name: "hovercraft" },
    ]);
    expectRulesError(() => assertTickedSkills(S, held, ["tactics"]), "bad-choice", /tactics is not a skill the/);
    expectRulesError(
      () => assertTickedSkills(S, held, [{ group: "survival", name: "Hovercraft" }]),
      "bad-choice",
      /Hovercraft \(survival\) is not a skill/,
    );
    expectRulesError(() => skillDie(S, true, ["flying"]), "unknown-id", /"flying" is not a skill/);
  });

  it("R-V-5 a skill the GM adds to a group is { group, name }: a known group and a trimmed, non-empty name", () => {
    expect(assertHeldSkill(S, { group: "sciences", name: "  Xenobiology " })).toEqual({
      group: "sciences",
      name: "Xenobiology",
    });
    expect(heldSkillGroup(S, { group: "sciences", name: "Xenobiology" })).toBe("sciences");
    expect(heldSkillGroup(S, "zeroG")).toBe("athletics");
    expectRulesError(() => assertHeldSkill(S, { group: "magic", name: "Runes" }), "unknown-id", /"magic" is not a/);
    expectRulesError(() => assertHeldSkill(S, { group: "sciences", name: "   " }), "bad-choice", /needs a name/);
    expectRulesError(() => assertHeldSkill(S, "__proto__"), "unknown-id", /not a skill/);
  });
});

describe("R-V-5 the skill die comes before the clamp", () => {
  const withSkill = (partial: Parameters<typeof poolInput>[0]) => buildPool(poolInput({ ...partial, skillDie: 1 }));

  it("R-V-5 the skill die is its own line of the pool, citing its rule", () => {
    const pool = withSkill({ attributes: attrs({ finesse: 2 }) });
    expect(pool.lines).toEqual([{ id: "skill", label: "TERRAN.Pool.skill", dice: 1, rule: "R-V-5" }]);
    expect(pool.light).toBe(3);
    expect(buildPool(poolInput({ skillDie: 0 })).lines).toEqual([]);
    expect(() => buildPool(poolInput({ skillDie: 2 }))).toThrow(/between 0 and 1/);
  });

  it("R-V-5 base 4 + skill throws 4", () => {
    const pool = withSkill({ attributes: attrs({ finesse: 4 }) });
    expect([pool.raw, pool.light, pool.clamp]).toEqual([5, 4, "max"]);
  });

  it("R-V-5 base 0 + skill throws 1", () => {
    const pool = withSkill({ attributes: attrs({ finesse: 0 }) });
    expect([pool.raw, pool.light, pool.clamp]).toEqual([1, 1, null]);
  });

  it("R-V-5 Mortally Wounded + skill throws 0", () => {
    const pool = withSkill({ wounds: { stressed: true, broken: true, weary: true } });
    expect([pool.light, pool.clamp]).toEqual([0, "mortal"]);
  });

  it("R-V-5 the skill die offsets a penalty before the clamp: base 4, −1d wound, + skill throws 4", () => {
    const pool = withSkill({
      attributes: attrs({ finesse: 4 }),
      wounds: { stressed: false, broken: true, weary: false },
    });
    expect([pool.raw, pool.light]).toEqual([4, 4]);
  });
});

/** Every face of n dice, first the Light ones: Precision is the highest, the Effect die the second-highest. */
function enumerate(n: number): number[][] {
  let outcomes: number[][] = [[]];
  for (let i = 0; i < n; i++) outcomes = outcomes.flatMap((o) => [1, 2, 3, 4, 5, 6].map((f) => [...o, f]));
  return outcomes;
}

describe("R-V-5 the odds with the skill die are the ordinary odds of that many dice", () => {
  const cases: [number, number][] = [];
  for (let base = 0; base <= 3; base++) for (let dark = 0; base + 1 + dark <= 5; dark++) cases.push([base, dark]);

  it.each(cases)("R-V-5 base %i + skill, %i Dark: P(Precision ≥ 4) = 1 − (1/2)^(L + D)", (base, dark) => {
    const light = withSkillLight(base);
    expect(light).toBe(base + 1);
    const odds = riskyActionOdds({ light, dark, ego: 3 });
    const brute = enumerate(light + dark).filter((o) => Math.max(...o) >= 4).length / 6 ** (light + dark);
    expect(odds.outcome.partial + odds.outcome.success).toBeCloseTo(1 - 0.5 ** (light + dark), 12);
    expect(odds.outcome.partial + odds.outcome.success).toBeCloseTo(brute, 12);
    expect(odds.effect.pLands).toBeCloseTo(brute, 12);
  });

  it.each(cases)("R-V-5 base %i + skill, %i Dark: Precision and Effect face match every outcome", (base, dark) => {
    const n = withSkillLight(base) + dark;
    const outcomes = enumerate(n);
    const precision = [0, 0, 0, 0, 0, 0, 0];
    const effectFace = [0, 0, 0, 0, 0, 0, 0];
    for (const o of outcomes) {
      const sorted = [...o].sort((a, b) => b - a);
      const [high = 0, second = high] = sorted;
      precision[high] = (precision[high] ?? 0) + 1 / outcomes.length;
      // R-RA-2 a lone die is Precision and Effect.
      effectFace[second] = (effectFace[second] ?? 0) + 1 / outcomes.length;
    }
    for (let k = 1; k <= 6; k++) {
      expect(pHighestAtMost(k, n) - pHighestAtMost(k - 1, n)).toBeCloseTo(precision[k] ?? 0, 12);
    }
    const odds = riskyActionOdds({ light: withSkillLight(base), dark, ego: 3 });
    expect(odds.outcome.fail).toBeCloseTo(
      precision.slice(1, 4).reduce((t, p) => t + p, 0),
      12,
    );
    expect(odds.outcome.success).toBeCloseTo(precision[6] ?? 0, 12);
    // Below 6 the Effect die does not explode: its total is its face; a 6 always adds a fresh die.
    const at = (total: number): number => odds.effect.distribution.find((p) => p.total === total)?.p ?? 0;
    for (let f = 1; f <= 5; f++) expect(at(f)).toBeCloseTo(effectFace[f] ?? 0, 12);
    expect(at(6)).toBe(0);
    const exploded = odds.effect.distribution.filter((p) => p.total > 6).reduce((t, p) => t + p.p, 0);
    expect(exploded + odds.effect.tailCut).toBeCloseTo(effectFace[6] ?? 0, 9);
  });

  function withSkillLight(base: number): number {
    return buildPool(
      poolInput({
        attributes: attrs({ finesse: base }),
        skillDie: skillDie(S, true, ["acrobatics"]),
      }),
    ).light;
  }
});

describe("R-V-6 choosing skills", () => {
  const clergy = (over: Partial<CreationSkills> = {}): CreationSkills => ({
    skillsOn: true,
    archetype: "clergy",
    firsts: ["religion", "law"],
    extraFace: 2,
    more: ["empathy"],
    expert: null,
    ...over,
  });

  it("R-V-6 the extra die: 1–3 → 1, 4–5 → 2, 6 → 3; a non-face is refused", () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => extraSkillCount(S, f))).toEqual([1, 1, 1, 2, 2, 3]);
    expectRulesError(() => extraSkillCount(S, 7), "bad-face", /extra skills die must show/);
    expectRulesError(() => extraSkillCount(S, 2.5), "bad-face", /extra skills die/);
  });

  it("R-V-6 skills owed: one per archetype group, the extra die's, and Expert's two", () => {
    expect(skillsOwed(S, 1, false)).toBe(3);
    expect(skillsOwed(S, 5, false)).toBe(4);
    expect(skillsOwed(S, 6, false)).toBe(5);
    expect(skillsOwed(S, 6, true)).toBe(7);
  });

  it("R-V-6 one skill from each of the archetype's two groups, then the extra die's count", () => {
    expect(assertCreationSkills(S, clergy())).toEqual(["religion", "law", "empathy"]);
    expect(assertCreationSkills(S, clergy({ firsts: ["law", "religion"] }))).toEqual(["law", "religion", "empathy"]);
    expect(
      assertCreationSkills(
        S,
        clergy({ extraFace: 6, more: ["business", "zeroG", { group: "cultures", name: "Mars" }] }),
      ),
    ).toEqual(["religion", "law", "business", "zeroG", { group: "cultures", name: "Mars" }]);
    expectRulesError(
      () => assertCreationSkills(S, clergy({ firsts: ["religion", "arts"] })),
      "bad-choice",
      /one skill from cultures and one from administration/,
    );
    expectRulesError(
      () => assertCreationSkills(S, clergy({ firsts: ["religion"] })),
      "bad-choice",
      /one skill from cultures/,
    );
    expectRulesError(
      () => assertCreationSkills(S, clergy({ extraFace: 4 })),
      "bad-choice",
      /extra die gives 2 skills; 1 was chosen/,
    );
    expectRulesError(() => assertCreationSkills(S, clergy({ more: [] })), "bad-choice", /gives 1 skill; 0 were chosen/);
  });

  it("R-V-6 a skill is never taken twice, a GM's skill of the same name in its group included", () => {
    expectRulesError(() => assertCreationSkills(S, clergy({ more: ["law"] })), "bad-choice", /law is taken twice/);
    const mars = { group: "cultures", name: "Mars" };
    expectRulesError(
      () => assertCreationSkills(S, clergy({ firsts: [mars, "law"], more: [{ group: "cultures", name: " mars" }] })),
      "bad-choice",
      /taken twice/,
    );
    expect(assertDistinctSkills(S, [mars, { group: "sciences", name: "Mars" }])).toHaveLength(2);
  });

  it("R-V-6 Expert adds two more skills at creation (ruling)", () => {
    expect(assertCreationSkills(S, clergy({ expert: ["computers", "history"] }))).toEqual([
      "religion",
      "law",
      "empathy",
      "computers",
      "history",
    ]);
    expectRulesError(
      () => assertCreationSkills(S, clergy({ expert: ["computers"] })),
      "bad-choice",
      /Expert gives 2 skills; 1 was chosen/,
    );
    expectRulesError(
      () => assertCreationSkills(S, clergy({ expert: ["computers", "empathy"] })),
      "bad-choice",
      /empathy is taken twice/,
    );
  });

  it("R-V-6 Expert bought later, or in a world without skills, is refused (ruling)", () => {
    expect(() => assertExpert(true, true)).not.toThrow();
    expectRulesError(() => assertExpert(true, false), "not-allowed", /only at character creation/);
    expectRulesError(() => assertExpert(false, true), "not-allowed", /plays without them/);
    expectRulesError(
      () => assertCreationSkills(S, clergy({ skillsOn: false, expert: ["computers", "history"] })),
      "not-allowed",
      /Expert gives skills/,
    );
    expectRulesError(() => assertCreationSkills(S, clergy({ skillsOn: false })), "not-allowed", /without skills/);
  });
});

describe("R-V-2 the archetype's groups", () => {
  it("R-V-2 a listed archetype names its two groups; other groups given for it are refused", () => {
    expect(archetypeGroups(S, "mechanic")).toEqual(["vehicles", "technology"]);
    expect(archetypeGroups(S, "mechanic", ["technology", "vehicles"])).toEqual(["vehicles", "technology"]);
    expectRulesError(() => archetypeGroups(S, "mechanic", ["sciences", "vehicles"]), "bad-choice", /own groups/);
  });

  it("R-V-2 Spacer and a free-text archetype take two different groups chosen with the GM (ruling)", () => {
    expect(archetypeGroups(S, "spacer", ["vehicles", "athletics"])).toEqual(["vehicles", "athletics"]);
    expect(archetypeGroups(S, "Smuggler", ["liaison", "vehicles"])).toEqual(["liaison", "vehicles"]);
    expectRulesError(() => archetypeGroups(S, "spacer"), "choice-required", /Choose two skill groups for spacer/);
    expectRulesError(() => archetypeGroups(S, "Smuggler", ["liaison"]), "choice-required", /two skill groups/);
    expectRulesError(() => archetypeGroups(S, "spacer", ["vehicles", "vehicles"]), "bad-choice", /vehicles twice/);
    expectRulesError(() => archetypeGroups(S, "spacer", ["vehicles", "piloting"]), "unknown-id", /"piloting"/);
    expectRulesError(() => archetypeGroups(S, "  "), "choice-required", /archetype/);
    const spacer = assertCreationSkills(S, {
      skillsOn: true,
      archetype: "spacer",
      groups: ["vehicles", "athletics"],
      firsts: ["zeroG", "spacecraft"],
      extraFace: 1,
      more: ["astronautics"],
      expert: null,
    });
    expect(spacer).toEqual(["zeroG", "spacecraft", "astronautics"]);
  });
});

describe("R-V-4 the no-skills point", () => {
  const rolled = distributeCreationPoints(
    { insight: 6, prowess: 2, resolve: 4 },
    { intuition: 3, finesse: 1, attunement: 1, influence: 1 },
  );

  it("R-V-4 in a world without skills, one more point to an attribute below 4, after the dice (ruling)", () => {
    expect(addNoSkillsPoint(false, rolled, "reason")).toEqual({ ...rolled, reason: 1 });
    expect(addNoSkillsPoint(false, rolled, "intuition")).toEqual({ ...rolled, intuition: 4 });
    expectRulesError(() => addNoSkillsPoint(false, { ...rolled, intuition: 4 }, "intuition"), "attribute-cap", /at 4/);
    expectRulesError(() => addNoSkillsPoint(false, rolled, "luck" as "reason"), "unknown-id", /"luck"/);
    expectRulesError(() => addNoSkillsPoint(true, rolled, "reason"), "not-allowed", /without skills/);
  });
});

describe("R-V-6 the skills a character in creation still owes", () => {
  const clergy = ["cultures", "administration"] as const;

  it("R-V-6 each archetype group is filled by a held skill of that group; the rest count as more", () => {
    const progress = creationSkillsProgress(S, clergy, ["religion", "empathy"], null, false);
    expect(progress.firsts).toEqual([
      { group: "cultures", skill: "religion" },
      { group: "administration", skill: null },
    ]);
    expect(progress).toMatchObject({ more: 1, extra: null, expert: 0, done: false });
  });

  it("R-V-6 done once both groups are filled, the extra die rolled and its count taken", () => {
    expect(creationSkillsProgress(S, clergy, ["religion", "law", "empathy"], 3, false).done).toBe(true);
    expect(creationSkillsProgress(S, clergy, ["religion", "law", "empathy"], 4, false)).toMatchObject({
      extra: 2,
      more: 1,
      done: false,
    });
    // A skill of the GM's own counts as any other; a repeated entry counts once.
    const own: HeldSkill = { group: "sciences", name: "Xenobotany" };
    expect(creationSkillsProgress(S, clergy, ["religion", "law", own, "law"], 2, false)).toMatchObject({
      more: 1,
      done: true,
    });
    expect(creationSkillsProgress(S, clergy, ["religion", "law"], null, false).done).toBe(false);
  });

  it("R-V-6 Expert owes two more skills (ruling)", () => {
    expect(creationSkillsProgress(S, clergy, ["religion", "law", "empathy"], 1, true)).toMatchObject({
      expert: 2,
      done: false,
    });
    expect(creationSkillsProgress(S, clergy, ["religion", "law", "empathy", "tame", "sneak"], 1, true).done).toBe(true);
  });

  it("R-V-6 two skills of one group fill only that group", () => {
    const progress = creationSkillsProgress(S, clergy, ["religion", "arts", "alien"], 6, false);
    expect(progress.firsts[1]).toEqual({ group: "administration", skill: null });
    expect(progress).toMatchObject({ more: 2, extra: 3, done: false });
  });
});

describe("R-V-6 Expert as an Advancement (ruling)", () => {
  const owner = { advancements: [], cult: "", mutations: 0 };

  it("R-V-6 Expert is open as the free creation Advancement, refused bought later (ruling)", () => {
    expect(advancementRefusal(V062, { ...owner, atCreation: true }, "expert")).toBeNull();
    expect(advancementRefusal(V062, { ...owner, atCreation: false }, "expert")).toBe("creation-only");
    expect(advancementRefusal(V062, owner, "expert")).toBe("creation-only");
    // Another Advancement is not concerned.
    expect(advancementRefusal(V062, { ...owner, atCreation: false }, "eager")).toBeNull();
  });

  it("R-V-6 Expert is refused in a world without skills, at creation too (ruling)", () => {
    expect(advancementRefusal(withoutSkills(V062), { ...owner, atCreation: true }, "expert")).toBe("needs-skills");
  });
});

describe("R-V-4 the no-skills point is the ruleset's data", () => {
  it("R-V-4 v0.6.2 without skills gives one creation point (ruling); as written, and Core, none", () => {
    expect(withoutSkills(V062).creationBonus).toBe(1);
    expect(V062.creationBonus).toBeUndefined();
    expect(withoutSkills(CORE).creationBonus).toBeUndefined();
  });
});
