/**
 * R-V-11, R-V-12, R-V-17 (v0.6.2) the approach row that reads a player's Effect, its halving on 4–5, and what a
 * weapon's tags add: Light Dice, the row, Slaughter's explosion. With the exact law of the Effect so read.
 */
import { asTierRank, assertTiers, type EffectLine, type EffectRule, type EffectTier } from "./effect.ts";
import { assertId, assertInteger, assertText, RulesError } from "./errors.ts";
import { explosionThreshold } from "./explosion.ts";
import { explodingDieOdds, type OddsPoint } from "./odds.ts";
import { BANDS, type Band } from "./resolution.ts";
import type { RowWeaponDef, RowWeaponTag } from "./rulesets/types.ts";

/** R-V-12 Disadvantaged −1e, Baseline ±0e, Advantaged +1e. */
export type ApproachRow = -1 | 0 | 1;

export const ROW_WEAPON_TAGS: readonly RowWeaponTag[] = [
  "improvised",
  "ineffective",
  "slaughter",
  "effective",
  "heavyFirepower",
];

/** R-V-17 the weapon whose Improvised *Martial combatant* removes (§13 ruling 20). */
export const UNARMED_WEAPON_ID = "unarmed";

/** R-V-12 */
export function assertApproach(approach: number): ApproachRow {
  assertInteger(approach, "The approach", -1, 1);
  return approach === -1 ? -1 : approach === 1 ? 1 : 0;
}

/** R-V-12 fail → 0; success → max(0, T + a); partial → ⌈max(0, T + a) / 2⌉ (§13 ruling 16). */
export function approachEffect(total: number, approach: number, band: Band): number {
  assertInteger(total, "The Effect die total", 1);
  const a = assertApproach(approach);
  const checked = assertId(band, BANDS, "an outcome band");
  if (checked === "fail") return 0;
  const read = Math.max(0, total + a);
  return checked === "partial" ? Math.ceil(read / 2) : read;
}

/**
 * R-V-12 the Effect read by the approach row of its rank, halved on a partial success; Versatile and Improvised
 * have no Effect part here (R-V-17). A total of 0 (no Effect die) is 0.
 */
export function approachTiers(tiers: readonly EffectTier[]): EffectRule {
  assertTiers(tiers);
  tiers.forEach((t) => assertApproach(t.value));
  return {
    kind: "approach",
    tiers,
    value(dieTotal, rank, tags = {}) {
      assertInteger(dieTotal, "An Effect die total", 0);
      const tier = tiers[asTierRank(rank)];
      if (!tier) throw new Error(`ruleset defines no tier of rank ${rank}`);
      const lines: EffectLine[] = [
        { labelKey: "TERRAN.Effect.Die", value: dieTotal },
        { labelKey: tier.labelKey, value: tier.value },
      ];
      if (dieTotal === 0) return { value: 0, dieTotal, lines };
      const value = approachEffect(dieTotal, tier.value, tags.partial ? "partial" : "success");
      const read = Math.max(0, dieTotal + tier.value);
      if (value !== read) lines.push({ labelKey: "TERRAN.Effect.partial", value: value - read });
      return { value, dieTotal, lines };
    },
    minimum() {
      return 0;
    },
  };
}

const REACHES: readonly RowWeaponDef["reach"][] = ["melee", "ranged"];

/** R-V-17 known tags only, and at most one of −1e / +1e; a copy of the weapon's own fields. */
export function assertRowWeapon(weapon: RowWeaponDef): RowWeaponDef {
  const raw: unknown = weapon.tags;
  if (!Array.isArray(raw)) throw new RulesError("bad-choice", "A weapon's tags must be a list.", { what: "tags" });
  const tags = [...new Set(raw.map((tag: unknown) => assertId(tag, ROW_WEAPON_TAGS, "a weapon tag")))];
  const checked: RowWeaponDef = {
    id: assertText(weapon.id, "A weapon's id"),
    labelKey: assertText(weapon.labelKey, "A weapon's label"),
    reach: assertId(weapon.reach, REACHES, "a weapon's reach"),
    tags,
  };
  if (tags.includes("ineffective") && tags.includes("effective")) {
    throw new RulesError(
      "bad-choice",
      `The weapon "${weapon.id}" cannot be both Ineffective (−1e) and Effective (+1e).`,
      { what: weapon.id },
    );
  }
  return checked;
}

/** R-V-12, R-V-17 the row a weapon's tags give by default (§13 ruling 15). */
export function weaponApproach(weapon: RowWeaponDef | undefined): ApproachRow {
  if (!weapon) return 0;
  const tags = assertRowWeapon(weapon).tags;
  return tags.includes("ineffective") ? -1 : tags.includes("effective") ? 1 : 0;
}

/** R-V-12 the GM's reading of the approach replaces the weapon's row, never adds to it (§13 ruling 15). */
export function approachRow(weapon: RowWeaponDef | undefined, gmApproach?: number): ApproachRow {
  const byWeapon = weaponApproach(weapon);
  return gmApproach === undefined ? byWeapon : assertApproach(gmApproach);
}

export interface TagDiceOptions {
  readonly martialCombatant?: boolean;
}

/**
 * R-V-17 Improvised −1d, Heavy Firepower +1d, before the clamp (§13 ruling 14); *Martial combatant* removes
 * only the unarmed weapon's −1d (§13 ruling 20).
 */
export function tagLightDice(weapon: RowWeaponDef | undefined, options: TagDiceOptions = {}): number {
  if (!weapon) return 0;
  const tags = assertRowWeapon(weapon).tags;
  const trained = (options.martialCombatant ?? false) && weapon.id === UNARMED_WEAPON_ID;
  const improvised = tags.includes("improvised") && !trained ? -1 : 0;
  return improvised + (tags.includes("heavyFirepower") ? 1 : 0);
}

/** R-V-17 */
export function tagSlaughter(weapon: RowWeaponDef | undefined): boolean {
  return weapon ? assertRowWeapon(weapon).tags.includes("slaughter") : false;
}

/** R-V-12, R-RA-3 6, or 5 with Slaughter. */
export function tagExplosionThreshold(weapon: RowWeaponDef | undefined): number {
  return explosionThreshold(tagSlaughter(weapon));
}

export interface ApproachEffectOdds {
  /** Ascending Effect values; sums to 1 − `tailCut`. */
  readonly distribution: readonly OddsPoint[];
  readonly tailCut: number;
  /** Exact, tail included. */
  readonly expected: number;
}

/**
 * R-V-12 the law of `approachEffect` over one fresh Effect die exploding on `threshold`+. The mean is closed
 * form: T + a ≥ 0, and ⌈x / 2⌉ = x / 2 + [x odd] / 2 with E[(−1)^T] = h / (1 − g), g and h the signed masses
 * of the faces that do and do not explode.
 */
export function approachEffectOdds(band: Band, approach: number, threshold: number): ApproachEffectOdds {
  const a = assertApproach(approach);
  const checked = assertId(band, BANDS, "an outcome band");
  const die = explodingDieOdds(threshold);
  if (checked === "fail") return { distribution: [{ total: 0, p: 1 }], tailCut: 0, expected: 0 };
  const byValue = new Map<number, number>();
  for (const { total, p } of die.distribution) {
    const value = approachEffect(total, a, checked);
    byValue.set(value, (byValue.get(value) ?? 0) + p);
  }
  const distribution = [...byValue.entries()].sort(([x], [y]) => x - y).map(([total, p]) => ({ total, p }));
  return { distribution, tailCut: die.tailCut, expected: expectedEffect(checked, a, threshold, die.expected) };
}

function expectedEffect(band: "partial" | "success", a: ApproachRow, threshold: number, mean: number): number {
  if (band === "success") return mean + a;
  let exploding = 0;
  let settling = 0;
  for (let face = 1; face <= 6; face++) {
    if (face >= threshold) exploding += (-1) ** face / 6;
    else settling += (-1) ** face / 6;
  }
  const signedParity = settling / (1 - exploding);
  const pOdd = (1 - (-1) ** a * signedParity) / 2;
  return (mean + a) / 2 + pOdd / 2;
}
