/**
 * R-V-8 the Panic Event: after a Fail the roller may throw the Ego dice, keep the highest, and set Ego and its
 * maximum to it, leaving the character in Flight, Freeze or Fight for the scene.
 */
import { assertFaces, highest } from "./dice.ts";
import { egoDiceCount } from "./ego.ts";
import { RulesError } from "./errors.ts";
import type { PanicRow, PanicState } from "./rulesets/types.ts";

export interface PanicInput {
  /** The card's outcome as confirmed is a Fail (ruling: a chosen low die, a Reaction, an empty pool). */
  readonly failed: boolean;
  /** Ego 0 after the throw's own Dark Dice (ruling). */
  readonly lost: boolean;
  readonly panickedThisScene: boolean;
  /** The GM's "succeed, but worse" was granted. */
  readonly successAtCost: boolean;
  /** R-EGO-1 the character's Ego dice, a Malaise's −1d already counted. */
  readonly egoDice: number;
  readonly eager: boolean;
}

export type PanicRefusal = "not-failed" | "lost" | "already-panicked" | "success-at-cost" | "no-ego-dice";

export interface PanicResult {
  /** Value and maximum. */
  readonly ego: number;
  readonly state: PanicState;
  readonly row: PanicRow;
  /** One Condition when the scene ends (R-XP-1's +1 XP comes with it). */
  readonly conditionOwed: true;
}

const REFUSALS: readonly [PanicRefusal, (input: PanicInput) => boolean, string][] = [
  ["not-failed", (i) => !i.failed, "A Panic Event follows a Fail only."],
  ["success-at-cost", (i) => i.successAtCost, "The GM let this roll succeed at a cost; there is no Panic."],
  ["lost", (i) => i.lost, "A lost character cannot panic."],
  ["already-panicked", (i) => i.panickedThisScene, "This character has panicked once this scene already."],
  ["no-ego-dice", (i) => panicDice(i) === 0, "There is no Ego die to throw."],
];

/** R-V-8 (ruling) the Ego roll of a Panic: *Eager* adds its die. */
export function panicDice(input: Pick<PanicInput, "egoDice" | "eager">): number {
  return egoDiceCount(input.egoDice, input.eager);
}

function firstRefusal(input: PanicInput): (typeof REFUSALS)[number] | undefined {
  return REFUSALS.find(([, refuses]) => refuses(input));
}

/** R-V-8 null when the roller may panic; else the first reason not to. */
export function panicRefusal(input: PanicInput): PanicRefusal | null {
  return firstRefusal(input)?.[0] ?? null;
}

export function panicRow(rows: readonly PanicRow[], value: number): PanicRow {
  const row = rows.find((r) => value >= r.min && value <= r.max);
  if (!row) throw new RulesError("out-of-range", `A Panic of ${value} is not on the table.`, { value });
  return row;
}

/** R-V-8 `faces`: the Ego dice thrown, one per `panicDice`. */
export function panic(rows: readonly PanicRow[], input: PanicInput, faces: readonly number[]): PanicResult {
  const refusal = firstRefusal(input);
  if (refusal) throw new RulesError("not-allowed", refusal[2], { reason: refusal[0] });
  const expected = panicDice(input);
  if (faces.length !== expected) {
    throw new RulesError("no-dice", `A Panic throws ${expected} Ego dice; ${faces.length} were given.`, {
      expected,
      given: faces.length,
    });
  }
  const ego = highest(assertFaces(faces, "Ego die"));
  const row = panicRow(rows, ego);
  return { ego, state: row.state, row, conditionOwed: true };
}

export interface PanicOdds {
  /** `ego[k]`: P(Ego becomes k), k = 1…6 (index 0 unused). */
  readonly ego: readonly number[];
  readonly states: Readonly<Record<PanicState, number>>;
}

/** R-V-8 exact: P(highest of n d6 = k) = (k^n − (k − 1)^n) / 6^n. */
export function panicOdds(rows: readonly PanicRow[], dice: number): PanicOdds {
  if (!Number.isSafeInteger(dice) || dice < 1 || dice > 20) {
    throw new RulesError("out-of-range", `A Panic throws 1 to 20 Ego dice (got ${dice}).`, { value: dice });
  }
  const ego = [0, 1, 2, 3, 4, 5, 6].map((k) => (k === 0 ? 0 : (k ** dice - (k - 1) ** dice) / 6 ** dice));
  const states: Record<PanicState, number> = { flight: 0, freeze: 0, fight: 0 };
  for (let k = 1; k <= 6; k++) states[panicRow(rows, k).state] += ego[k] ?? 0;
  return { ego, states };
}

/** R-V-8 the state a character panicked into, kept for the scene (an actor flag), and the card it came from. */
export interface PanicMark {
  readonly state: PanicState;
  readonly messageId: string;
}

const PANIC_STATES: readonly PanicState[] = ["flight", "freeze", "fight"];

/** A stored mark read back; anything else (absent, hand-edited) is no mark. */
export function readPanicMark(flag: unknown): PanicMark | null {
  if (typeof flag !== "object" || flag === null) return null;
  const { state, messageId } = flag as { state?: unknown; messageId?: unknown };
  if (typeof messageId !== "string" || !PANIC_STATES.some((s) => s === state)) return null;
  return { state: state as PanicState, messageId };
}
