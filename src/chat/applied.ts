/** R-RA-7 / R-CH-5 the record of an Effect applied to a Challenge's facet: its check and the row every card shows. */
import { assertId, assertInteger, damageAfterArmour, reduceDisposition, RulesError } from "../rules/index.ts";

/** One application of the player's Effect to a Challenge's facet (R-RA-7). */
export interface AppliedEntry {
  /** Which hit was applied: the Effect, or Whirlwind's second hit. */
  readonly hit: "effect" | "second";
  readonly targetName: string;
  readonly facet: string;
  readonly effect: number;
  /** The facet's Disposition before and after. */
  readonly before: number;
  readonly after: number;
  /**
   * The Challenge's armour the Effect went through (R-HARM-1 read for Challenges), when the record
   * names it: then `after` is checked exactly. Optional, so records written without it still pass.
   */
  readonly armour?: number;
  /** The user who applied it (may differ from the one who wrote the record, when done via the GM). */
  readonly userId: string;
  /** The Challenge and the track it lowered (null: its own), so the card can offer its Morale (R-V-16). */
  readonly target?: { readonly uuid: string; readonly facet: number | null };
}

/** A record's `target` as plain data, or none when it is not one. */
function targetOf(value: unknown): AppliedEntry["target"] {
  const { uuid, facet } = (value ?? {}) as { uuid?: unknown; facet?: unknown };
  const track = facet === null || (Number.isInteger(facet) && Number(facet) >= 0);
  return typeof uuid === "string" && uuid !== "" && track ? { uuid, facet: facet as number | null } : undefined;
}

/** The hits a card can apply (R-RA-7 the Effect, R-RA-10 Whirlwind's second hit). */
export const HITS = ["effect", "second"] as const;

/**
 * R-RA-7 / R-CH-5 one record of an Effect applied, checked against the Effect the card holds (`value`):
 * the Effect is the card's; `after` is max(0, before − max(0, effect − armour)) when the record names the
 * Challenge's `armour`, and otherwise lies between max(0, before − effect) and `before`. Returns the
 * record as plain data (no field the record did not name).
 */
export function checkAppliedEntry(entry: AppliedEntry, hit: AppliedEntry["hit"], value: number): AppliedEntry {
  assertId(hit, HITS, "a hit");
  assertInteger(value, "The card's Effect", 0);
  assertInteger(entry.effect, "The Effect applied", 0);
  const before = assertInteger(entry.before, "The Disposition before", 0);
  const after = assertInteger(entry.after, "The Disposition after", 0);
  if (entry.effect !== value) {
    throw new RulesError(
      "bad-choice",
      `The Effect recorded must be this card's Effect of ${value} (got ${entry.effect}).`,
      { value: value },
    );
  }
  const armour = entry.armour === undefined ? undefined : assertInteger(entry.armour, "The Challenge's armour", 0);
  const least = reduceDisposition(before, value).value;
  const expected = armour === undefined ? null : reduceDisposition(before, damageAfterArmour(value, armour)).value;
  if (expected === null ? after < least || after > before : after !== expected) {
    const what = expected === null ? `between ${least} and ${before}` : String(expected);
    throw new RulesError(
      "bad-choice",
      `An Effect of ${value} against a Disposition of ${before} leaves ${what} (got ${after}).`,
      {
        value: value,
      },
    );
  }
  const clean: AppliedEntry = {
    hit,
    targetName: String(entry.targetName),
    facet: String(entry.facet),
    effect: entry.effect,
    before,
    after,
    ...(armour === undefined ? {} : { armour }),
    userId: String(entry.userId),
  };
  const target = targetOf(entry.target);
  return target ? { ...clean, target } : clean;
}

/** R-RA-7 an applied record as every card shows it: the target and facet, the Effect, the Disposition's change. */
export interface AppliedRowView {
  readonly targetName: string;
  readonly facet: string;
  readonly effect: number;
  readonly before: number;
  readonly after: number;
  /** Whirlwind's second hit (R-ADV-2), not the Effect. */
  readonly secondHit: boolean;
  /** R-V-16 the track brought to 0, whose Morale a GM may roll from here; null otherwise. */
  readonly morale: { readonly uuid: string; readonly facet: string } | null;
}

/** The row a card shows for an applied record (the Risky card, the Legacy Effect and montage cards). */
export function appliedRowView(entry: AppliedEntry): AppliedRowView {
  const { targetName, facet, effect, before, after } = entry;
  return { targetName, facet, effect, before, after, secondHit: entry.hit === "second", morale: null };
}
