/**
 * R-RA-4 / R-RA-5 Effect tiers, and R-EQ-3's tags. A tier is stored as a ruleset-neutral rank 0–4, so a weapon
 * keeps its meaning when a world switches ruleset; each ruleset supplies an `EffectRule`.
 */
import { assertInteger, assertText, RulesError } from "./errors.ts";
import type { ToolTierDef } from "./rulesets/types.ts";

export const TIER_RANKS = [0, 1, 2, 3, 4] as const;
export type TierRank = (typeof TIER_RANKS)[number];

/** Mediocre (Core ±0e) / Reduced (Degenesis 2e): an action with no weapon. */
export const DEFAULT_TIER_RANK: TierRank = 1;

export interface EffectTier {
  readonly rank: TierRank;
  /** Core: the modifier (−1…+3); Degenesis: the floor (1…5). */
  readonly value: number;
  readonly labelKey: string;
}

/** R-EQ-3 */
export interface EffectTags {
  readonly versatileTwoHanded?: boolean;
  /** R-EQ-3 (ruling) read at the lowest tier, whatever its stated rank. */
  readonly improvised?: boolean;
  /** R-V-12 the Precision was 4–5 (or the GM's "succeed, but worse"); only the approach rows read it. */
  readonly partial?: boolean;
}

export interface EffectLine {
  readonly labelKey: string;
  readonly value: number;
}

export interface EffectValue {
  readonly value: number;
  /** The explosion total it came from. */
  readonly dieTotal: number;
  /** For the chat card's breakdown. */
  readonly lines: readonly EffectLine[];
  /** Degenesis only. */
  readonly floor?: number;
}

export interface EffectRule {
  /** Core adds a modifier, Degenesis floors, Legacy reads the tool's dice (R-LEG-11), v0.6.2 a row (R-V-12). */
  readonly kind: "modifier" | "floor" | "tool" | "approach";
  readonly tiers: readonly EffectTier[];
  value(dieTotal: number, rank: TierRank, tags?: EffectTags): EffectValue;
  /** The least Effect it can give for a rank and tags. */
  minimum(rank: TierRank, tags?: EffectTags): number;
}

function isTierRank(rank: number): rank is TierRank {
  return (TIER_RANKS as readonly number[]).includes(rank);
}

export function asTierRank(rank: number): TierRank {
  assertInteger(rank, "An Effect tier", 0, 4);
  if (!isTierRank(rank))
    throw new RulesError("out-of-range", `${rank} is not an Effect tier.`, { what: "An Effect tier", value: rank });
  return rank;
}

/** R-RA-4 / R-RA-5 one whole-number tier per rank 0–4, in order (a NaN would make every Effect NaN). */
export function assertTiers(tiers: readonly EffectTier[]): readonly EffectTier[] {
  TIER_RANKS.forEach((rank) => {
    const tier = tiers[rank];
    if (tier?.rank !== rank)
      throw new RulesError("out-of-range", `The tier table has no tier of rank ${rank}.`, {
        what: "An Effect tier",
        value: rank,
      });
    assertInteger(tier.value, "A tier's value", Number.NEGATIVE_INFINITY);
    assertText(tier.labelKey, "A tier's label");
  });
  return tiers;
}

const checkRank = asTierRank;

export interface TierOption {
  readonly rank: TierRank;
  readonly labelKey: string;
  readonly selected: boolean;
}

/**
 * The tiers a user picks from: ranks that read alike are offered once; the one `rank` reads as is selected and
 * keeps `rank` as its value, so a form saved unchanged keeps another ruleset's rank.
 */
export function tierOptions(rule: EffectRule, rank: number): readonly TierOption[] {
  const tiers = assertTiers(rule.tiers);
  const current = tiers.find((t) => t.rank === rank);
  return tiers
    .filter((t, i) => tiers.findIndex((u) => u.labelKey === t.labelKey) === i)
    .map((t) =>
      t.labelKey === current?.labelKey
        ? { rank: current.rank, labelKey: t.labelKey, selected: true }
        : { rank: t.rank, labelKey: t.labelKey, selected: false },
    );
}

function tierAt(tiers: readonly EffectTier[], rank: TierRank): EffectTier {
  const tier = tiers[rank];
  if (!tier) throw new Error(`ruleset defines no tier of rank ${rank}`);
  return tier;
}

/**
 * R-RA-4 (Core), never below 0; R-EQ-3 (ruling) Improvised reads at `improvisedRank`, so its −1e counts once
 * (its −1d is the pool's).
 */
export function modifierTiers(tiers: readonly EffectTier[], versatile: number, improvisedRank: TierRank): EffectRule {
  assertTiers(tiers);
  assertInteger(versatile, "The Versatile bonus", Number.NEGATIVE_INFINITY);
  asTierRank(improvisedRank);
  return {
    kind: "modifier",
    tiers,
    value(dieTotal, rank, tags = {}) {
      assertInteger(dieTotal, "An Effect die total", 0);
      const checked = checkRank(rank);
      const tier = tierAt(tiers, tags.improvised ? improvisedRank : checked);
      const lines: EffectLine[] = [
        { labelKey: "TERRAN.Effect.Die", value: dieTotal },
        { labelKey: tier.labelKey, value: tier.value },
      ];
      if (tags.versatileTwoHanded) lines.push({ labelKey: "TERRAN.Tag.versatile", value: versatile });
      const raw = lines.reduce((t, l) => t + l.value, 0);
      return { value: Math.max(0, raw), dieTotal, lines };
    },
    minimum() {
      return 0;
    },
  };
}

/**
 * R-RA-5 (Degenesis); (ruling) Versatile two-handed raises the floor by 1; Improvised (R-EQ-2) floors at its
 * tier.
 */
export function floorTiers(tiers: readonly EffectTier[], versatile: number, improvisedRank: TierRank): EffectRule {
  assertTiers(tiers);
  assertInteger(versatile, "The Versatile bonus", Number.NEGATIVE_INFINITY);
  asTierRank(improvisedRank);
  const floorOf = (rank: TierRank, tags: EffectTags): number => {
    const base = tags.improvised ? tierAt(tiers, improvisedRank).value : tierAt(tiers, rank).value;
    return base + (tags.versatileTwoHanded ? versatile : 0);
  };
  return {
    kind: "floor",
    tiers,
    value(dieTotal, rank, tags = {}) {
      assertInteger(dieTotal, "An Effect die total", 0);
      const checked = checkRank(rank);
      const tier = tierAt(tiers, tags.improvised ? improvisedRank : checked);
      const floor = floorOf(checked, tags);
      const lines: EffectLine[] = [
        { labelKey: "TERRAN.Effect.Die", value: dieTotal },
        { labelKey: tier.labelKey, value: tier.value },
      ];
      if (tags.versatileTwoHanded) lines.push({ labelKey: "TERRAN.Tag.versatile", value: versatile });
      return { value: Math.max(dieTotal, floor), dieTotal, lines, floor };
    },
    minimum(rank, tags = {}) {
      return floorOf(checkRank(rank), tags);
    },
  };
}

const TOOL_IDS: readonly string[] = ["lesser", "normal", "greater"];

/** R-LEG-11 */
function assertTool(tool: ToolTierDef): ToolTierDef {
  if (typeof tool.id !== "string" || !TOOL_IDS.includes(tool.id)) {
    throw new RulesError("unknown-id", `"${String(tool.id)}" is not a tool tier.`, { id: String(tool.id) });
  }
  assertText(tool.labelKey, "A tool's label");
  tool.ranks.forEach((r) => asTierRank(r));
  asTierRank(tool.rank);
  assertInteger(tool.dice, "A tool's Effect dice", 1, 10);
  assertInteger(tool.twoHandedBonus, "A tool's two-handed bonus", 0, 10);
  if (typeof tool.halved !== "boolean" || typeof tool.twoHands !== "boolean") {
    throw new RulesError("bad-choice", `The tool "${tool.id}" must say yes or no to halving and to two hands.`, {
      what: tool.id,
    });
  }
  return tool;
}

/** R-LEG-11 (an improvised tool is Lesser). */
export function toolFor(tools: readonly ToolTierDef[], rank: TierRank, improvised = false): ToolTierDef {
  const checked = checkRank(rank);
  const tool = improvised ? tools[0] : tools.find((t) => t.ranks.includes(checked));
  if (!tool)
    throw new RulesError("out-of-range", `No tool reads the Effect tier ${checked}.`, {
      what: "An Effect tier",
      value: checked,
    });
  return assertTool(tool);
}

/**
 * R-LEG-11 (Legacy) the tool's own exploding roll (`dieTotal`), halved for Lesser, +1 for Normal two-handed;
 * (ruling) an improvised tool is Lesser. `tools` lowest first.
 */
export function toolTiers(tiers: readonly EffectTier[], tools: readonly ToolTierDef[]): EffectRule {
  assertTiers(tiers);
  if (tools.length === 0)
    throw new RulesError("out-of-range", "A tool rule needs at least one tool.", { what: "Tools", value: 0 });
  for (const rank of TIER_RANKS) toolFor(tools, rank);
  tools.forEach(assertTool);
  const valueOf = (dieTotal: number, tool: ToolTierDef, twoHanded: boolean): number =>
    (tool.halved ? Math.ceil(dieTotal / 2) : dieTotal) + (twoHanded ? tool.twoHandedBonus : 0);
  return {
    kind: "tool",
    tiers,
    value(dieTotal, rank, tags = {}) {
      assertInteger(dieTotal, "An Effect die total", 0);
      const tool = toolFor(tools, rank, tags.improvised ?? false);
      const lines: EffectLine[] = [{ labelKey: "TERRAN.Effect.Die", value: dieTotal }];
      if (tool.halved) lines.push({ labelKey: "TERRAN.Effect.halved", value: Math.ceil(dieTotal / 2) - dieTotal });
      if (tags.versatileTwoHanded && tool.twoHandedBonus !== 0)
        lines.push({ labelKey: "TERRAN.Tag.versatile", value: tool.twoHandedBonus });
      return { value: Math.max(0, valueOf(dieTotal, tool, tags.versatileTwoHanded ?? false)), dieTotal, lines };
    },
    minimum(rank, tags = {}) {
      // A die total of 0 (no Effect die) plus any two-handed bonus.
      const tool = toolFor(tools, rank, tags.improvised ?? false);
      return Math.max(0, valueOf(0, tool, tags.versatileTwoHanded ?? false));
    },
  };
}
