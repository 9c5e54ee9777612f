/**
 * R-XP-2, R-ADV-1/2, R-CHAR-5, R-CHAR-7 gaining an advancement: the XP spent and the attribute *Developed*
 * raises (the document creates the item).
 */
import {
  ADVANCEMENTS,
  advancementRefusal,
  assertInteger,
  collectFlags,
  developableAttributes,
  developAttribute,
  isAttribute,
  spendXpForAdvancement,
  ATTRIBUTES,
  RulesError,
  type AdvancementRefusal,
  type Attribute,
  type Ruleset,
} from "../../rules/index.ts";
import { deriveCharacter } from "../../data/derived.ts";
import type { AdvancementSource } from "../../data/source.ts";
import {
  assertAlive,
  assertNotDeparted,
  changes,
  result,
  type Change,
  type CharacterState,
  type OperationResult,
} from "./types.ts";

export interface GainAdvancementOptions {
  /**
   * The cost is paid as far as the XP goes; eligibility is still checked (an off-list one is homebrew, key "").
   */
  readonly gmOverride?: boolean;
}

export interface AdvancementOutcome {
  /** R-XP-2 the first is free. */
  readonly cost: number;
  /** Less with `gmOverride` when the XP falls short. */
  readonly xpSpent: number;
  readonly xp: number;
  /** R-CHAR-5 */
  readonly developed: Attribute | null;
  /** R-CHAR-7 the character leaves creation. */
  readonly endsCreation: boolean;
  /** R-SAY-1 0 for anyone but a successor. */
  readonly freeLeft: number;
  /** R-GRIT-3 (`advancementGritOperation`) where the ruleset has it. */
  readonly offerGritRoll: boolean;
}

function refusalText(refusal: AdvancementRefusal, ruleset: Ruleset): string {
  switch (refusal) {
    case "not-in-ruleset":
      return "is not an advancement of this ruleset";
    case "cult-only":
      return `belongs to another cult's list, open only once the character has ${ruleset.advancementLists?.restrictedUntil ?? 0} advancements`;
    case "already-taken":
      return "has been taken already and cannot be taken twice";
    case "needs-mutations":
      return "needs more mutations";
    case "needs-skills":
      return "gives skills, and this world plays without them";
    case "creation-only":
      return "is taken only as a free Advancement of character creation";
  }
}

/** R-V-6 the refusals a notice explains in its own words (`TERRAN.Card.Reason.*`). */
const NOTICE_REASONS: Partial<Record<AdvancementRefusal, string>> = {
  "needs-skills": "needsSkills",
  "creation-only": "creationOnly",
};

/**
 * R-XP-2 / R-ADV-1 / R-ADV-2 / R-CHAR-5: known flags ("unknown-id"); an engine `key` open to the character
 * ("not-allowed"; homebrew skips it); mutations; `developed` naming the attribute ("choice-required",
 * "attribute-cap"); the XP ("not-enough-xp") unless `gmOverride`.
 */
export function gainAdvancementOperation(
  state: CharacterState,
  advancement: AdvancementSource,
  ruleset: Ruleset,
  options: GainAdvancementOptions = {},
): OperationResult<AdvancementOutcome> {
  assertAlive(state, "gain an advancement");
  assertNotDeparted(state, "gain an advancement");
  const { source, items } = state;
  collectFlags([advancement]);
  const derived = deriveCharacter(source, items);

  if (ADVANCEMENTS.has(advancement.key)) {
    const owner = {
      advancements: items.flatMap((i) => (i.type === "advancement" ? [i.system.key] : [])),
      cult: source.identity.cult,
      mutations: derived.mutations,
      // R-V-6 (ruling) creation's free Advancement, or a successor's (R-SAY-1).
      atCreation: derived.inCreation || derived.freeAdvancements > 0,
    };
    const refusal = advancementRefusal(ruleset, owner, advancement.key);
    if (refusal) {
      throw new RulesError("not-allowed", `The advancement "${advancement.key}" ${refusalText(refusal, ruleset)}.`, {
        id: advancement.key,
        reason: NOTICE_REASONS[refusal] ?? refusal,
      });
    }
  }
  if (derived.mutations < advancement.requiresMutations) {
    throw new RulesError(
      "not-allowed",
      `This advancement needs ${advancement.requiresMutations} mutations; the character has ${derived.mutations}.`,
      { reason: "needs-mutations", needed: advancement.requiresMutations, mutations: derived.mutations },
    );
  }

  let attributes = source.attributes;
  let developed: Attribute | null = null;
  if (advancement.flags.includes("developed")) {
    const open = developableAttributes(source.attributes);
    if (advancement.developed === "") {
      if (open.length === 0) {
        throw new RulesError("attribute-cap", "No attribute can be raised: Developed has nothing left to give.");
      }
      throw new RulesError("choice-required", `Choose the attribute Developed raises: ${open.join(", ")}.`, {
        options: open.join(","),
      });
    }
    if (!isAttribute(advancement.developed)) {
      const id = String(advancement.developed);
      throw new RulesError("unknown-id", `"${id}" is not an attribute.`, { id });
    }
    developed = advancement.developed;
    attributes = developAttribute(source.attributes, developed);
  }

  // R-SAY-1 a successor's free ones first, then R-XP-2.
  const free = derived.freeAdvancements;
  const cost = derived.nextAdvancementCost;
  const xp =
    free > 0
      ? assertInteger(source.xp, "Experience", 0)
      : options.gmOverride
        ? Math.max(0, assertInteger(source.xp, "Experience", 0) - cost)
        : spendXpForAdvancement(source.xp, derived.advancements);
  const freeLeft = Math.max(0, free - 1);
  const update = changes(
    ["system.xp", source.xp, xp],
    ...ATTRIBUTES.map((a): Change => [`system.attributes.${a}`, source.attributes[a], attributes[a]]),
    ["system.freeAdvancements", free, freeLeft],
  );
  return result(update, {
    cost,
    xpSpent: source.xp - xp,
    xp,
    developed,
    endsCreation: derived.inCreation,
    offerGritRoll: ruleset.experience.gritReset,
    freeLeft,
  });
}
