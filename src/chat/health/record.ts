/**
 * What every health model's harm record shares: who took and who applied it, its armour as one value, a
 * record the rules refuse following from nothing, and the lines the card draws it in; and how a harm
 * request's choices are read.
 */
import { assertText, RulesError, type ArmourState } from "../../rules/index.ts";

export function assertRecordNames(entry: {
  readonly targetName: string;
  readonly targetUuid?: string;
  readonly userId: string;
}): void {
  assertText(entry.targetName, "The target's name");
  // An optional field is absent in JSON, never present and undefined.
  if ("targetUuid" in entry) assertText(entry.targetUuid, "The target's id");
  assertText(entry.userId, "The user's id");
}

/** R-HARM-2 / R-LEG-6 the sacrificed shield included. */
export function recordArmour(armour: number, shieldSacrificed: boolean): ArmourState {
  return { body: "light", bodyValue: armour, shield: shieldSacrificed, shieldValue: 0, elephantSkin: false };
}

/** A case the rules refuse (a RulesError) does not hold. */
export function holdsUnlessRefused(check: () => boolean): boolean {
  try {
    return check();
  } catch (error) {
    if (error instanceof RulesError) return false;
    throw error;
  }
}

// The owner's choices in a harm request, read as untrusted (src/relay/queries.ts carries them)

export function badChoice(field: string): RulesError {
  return new RulesError("not-allowed", `The request to apply is malformed (choice.${field}).`, {
    reason: "badRequest",
    field: `choice.${field}`,
  });
}

/** An own property of a plain object, else undefined. */
export function choiceField(data: unknown, key: string): unknown {
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw badChoice("body");
  return Object.prototype.hasOwnProperty.call(data, key) ? (data as Record<string, unknown>)[key] : undefined;
}

/** R-HARM-2 / R-LEG-6 */
export function shieldChoice(data: unknown): boolean {
  const value = choiceField(data, "sacrificeShield");
  if (typeof value !== "boolean") throw badChoice("sacrificeShield");
  return value;
}

/** The values a harm line's text may name (`{effect}`, `{before}`…); one not given is "". */
export interface HarmLineValues {
  readonly effect: number | string;
  readonly armour: number | string;
  readonly by: number | string;
  readonly damage: number | string;
  readonly faces: number | string;
  readonly before: number | string;
  readonly after: number | string;
}

/** One line of a harm record on the card: its class, its text, and a key said after it ("Wound marked: Critical"). */
export interface HarmLineView {
  readonly cls: string;
  readonly key: string;
  readonly values: HarmLineValues;
  readonly thenKey: string | null;
}

const NO_VALUES: HarmLineValues = { effect: "", armour: "", by: "", damage: "", faces: "", before: "", after: "" };

export function harmLine(
  cls: string,
  key: string,
  values: Partial<HarmLineValues> = {},
  thenKey: string | null = null,
): HarmLineView {
  return { cls, key, values: { ...NO_VALUES, ...values }, thenKey };
}

/** Every record's view: the model draws its own lines, so the card's one row draws any model's record. */
export interface HarmRecordViewBase {
  readonly targetName: string;
  readonly cssClass: string;
  readonly lines: readonly HarmLineView[];
}
