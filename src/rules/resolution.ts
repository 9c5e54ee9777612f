/**
 * R-RA-1, R-RA-2, R-RA-6 … R-RA-10: choosing the dice, the outcome, which Effects land and in what order,
 * Disposition, Whirlwind's second hit, the Reaction.
 */
import { assertFace, type Face } from "./dice.ts";
import { assertId, assertInteger, RulesError } from "./errors.ts";

export type Tone = "light" | "dark";

export interface PoolDie {
  readonly tone: Tone;
  readonly face: Face;
}

/** Light first, then dark, as thrown. */
export function poolDice(light: readonly number[], dark: readonly number[]): PoolDie[] {
  return [
    ...light.map((f, i) => ({ tone: "light" as const, face: assertFace(f, `Light die #${i + 1}`) })),
    ...dark.map((f, i) => ({ tone: "dark" as const, face: assertFace(f, `Dark die #${i + 1}`) })),
  ];
}

/** R-RA-1 */
export type Band = "fail" | "partial" | "success";
export const BANDS: readonly Band[] = ["fail", "partial", "success"];

export function precisionBand(face: number): Band {
  const f = assertFace(face, "The Precision die");
  return f <= 3 ? "fail" : f <= 5 ? "partial" : "success";
}

/** Indices into the pool's dice; `effect` null: no Effect die. */
export interface Selection {
  readonly precision: number;
  readonly effect: number | null;
}

export interface SelectionSettings {
  /** R-RA-2 (setting, default on) */
  readonly singleDieServesBoth: boolean;
}

export const DEFAULT_SELECTION_SETTINGS: SelectionSettings = { singleDieServesBoth: true };

/** The first on a tie; null when none is left. */
function highestIndex(dice: readonly PoolDie[], exclude: ReadonlySet<number>): number | null {
  let best: number | null = null;
  dice.forEach((d, i) => {
    if (exclude.has(i)) return;
    if (best === null || d.face > (dice[best]?.face ?? 0)) best = i;
  });
  return best;
}

/** R-RA-1 / R-RA-2; an empty pool has no selection (R-POOL-5). */
export function defaultSelection(
  dice: readonly PoolDie[],
  settings: SelectionSettings = DEFAULT_SELECTION_SETTINGS,
): Selection | null {
  const precision = highestIndex(dice, new Set());
  if (precision === null) return null;
  if (dice.length === 1) return { precision, effect: settings.singleDieServesBoth ? precision : null };
  return { precision, effect: highestIndex(dice, new Set([precision])) };
}

/** R-RA-1 / R-RA-2 dice of the pool, two different ones unless one die may serve both. */
export function validateSelection(
  dice: readonly PoolDie[],
  selection: Selection,
  settings: SelectionSettings = DEFAULT_SELECTION_SETTINGS,
): Selection {
  if (dice.length === 0) throw new RulesError("no-dice", "No dice were thrown, so there is nothing to choose.");
  const last = dice.length - 1;
  assertIndex(selection.precision, "The Precision die", last);
  if (selection.effect === null) return selection;
  assertIndex(selection.effect, "The Effect die", last);
  if (selection.effect === selection.precision && !(dice.length === 1 && settings.singleDieServesBoth)) {
    throw new RulesError("same-die", "The Effect die must be a different die from the Precision die.");
  }
  return selection;
}

function assertIndex(index: number, what: string, last: number): void {
  if (!Number.isInteger(index) || index < 0 || index > last) {
    throw new RulesError("bad-selection", `${what} must be one of the ${last + 1} dice thrown.`, {
      what,
      count: last + 1,
    });
  }
}

/** R-RA-6 */
export interface Landing {
  readonly player: boolean;
  readonly challenge: boolean;
}

/** R-RA-6 */
export function effectsThatLand(band: Band): Landing {
  switch (assertId(band, BANDS, "an outcome")) {
    case "fail":
      return { player: false, challenge: true };
    case "partial":
      return { player: true, challenge: true };
    case "success":
      return { player: true, challenge: false };
  }
}

export interface ResolveOptions {
  /** R-RA-8 no player Effect unless the GM says so. */
  readonly reaction?: boolean;
  readonly gmAllowsEffect?: boolean;
  /** R-ADV-2 Specialist in the chosen kind of action. */
  readonly specialist?: boolean;
}

export interface Resolution {
  readonly band: Band;
  /** A Specialist's Fail succeeds. */
  readonly succeeded: boolean;
  readonly precisionFace: Face;
  /** Null: no Effect die. */
  readonly effectFace: Face | null;
  readonly landing: Landing;
  /** R-ADV-2 */
  readonly specialistRescue: boolean;
}

/**
 * R-RA-1, R-RA-6, R-RA-8, R-ADV-2 (ruling: a Specialist's Fail succeeds at the Reduced tier, and the
 * Challenge's Effect lands too).
 */
export function resolve(
  dice: readonly PoolDie[],
  selection: Selection,
  options: ResolveOptions = {},
  settings = DEFAULT_SELECTION_SETTINGS,
): Resolution {
  validateSelection(dice, selection, settings);
  dice.forEach((d, i) => assertFace(d.face, `Die #${i + 1}`));
  const precisionDie = dice[selection.precision];
  if (!precisionDie) throw new RulesError("bad-selection", "The Precision die is not in the pool.");
  const effectFace = selection.effect === null ? null : (dice[selection.effect]?.face ?? null);
  const band = precisionBand(precisionDie.face);
  const specialistRescue = band === "fail" && (options.specialist ?? false);
  const base = effectsThatLand(band);
  const playerEffect = (base.player || specialistRescue) && (!options.reaction || (options.gmAllowsEffect ?? false));
  return {
    band,
    succeeded: band !== "fail" || specialistRescue,
    precisionFace: precisionDie.face,
    effectFace,
    landing: { player: playerEffect && effectFace !== null, challenge: base.challenge },
    specialistRescue,
  };
}

/** R-RA-9 every order a card or the forecast may name. */
export const EFFECT_ORDERS = ["player-first", "player-last", "gm"] as const;
export type EffectOrder = (typeof EFFECT_ORDERS)[number];

/** R-RA-9 (ruling: first and last together cancel out, and the GM decides). */
export function effectOrder(first: { fast?: boolean; nimble?: boolean; slow?: boolean }): EffectOrder {
  const early = (first.fast ?? false) || (first.nimble ?? false);
  const late = first.slow ?? false;
  if (early && !late) return "player-first";
  if (late && !early) return "player-last";
  return "gm";
}

/** R-RA-7 floor 0; at 0 the Challenge is overcome. */
export function reduceDisposition(disposition: number, effect: number): { value: number; overcome: boolean } {
  assertInteger(disposition, "A Disposition", 0);
  assertInteger(effect, "An Effect", 0);
  const value = Math.max(0, disposition - effect);
  return { value, overcome: value === 0 };
}

/** R-RA-9 not when the player went first and overcame it. */
export function challengeStrikesBack(landing: Landing, order: EffectOrder, overcomeByPlayer: boolean): boolean {
  return landing.challenge && !(order === "player-first" && overcomeByPlayer);
}

/** R-RA-10 in combat, on a success, with a third die left. */
export function secondHitAvailable(
  dice: readonly PoolDie[],
  selection: Selection,
  resolution: Resolution,
  context: { whirlwind: boolean; combat: boolean },
): boolean {
  if (!context.whirlwind || !context.combat || !resolution.succeeded || resolution.band === "fail") return false;
  return remaining(dice, selection).length > 0;
}

function remaining(dice: readonly PoolDie[], selection: Selection): number[] {
  return dice.map((_, i) => i).filter((i) => i !== selection.precision && i !== selection.effect);
}

/** R-RA-10 the highest die left. */
export function defaultSecondHit(dice: readonly PoolDie[], selection: Selection): number | null {
  const used = new Set([selection.precision, ...(selection.effect === null ? [] : [selection.effect])]);
  return highestIndex(dice, used);
}

/** R-RA-10 neither the Precision nor the Effect die. */
export function validateSecondHit(dice: readonly PoolDie[], selection: Selection, index: number): number {
  assertIndex(index, "The second hit", dice.length - 1);
  if (!remaining(dice, selection).includes(index)) {
    throw new RulesError("same-die", "The second hit must be a die that is neither the Precision nor the Effect die.");
  }
  return index;
}
