/** A GM's hand corrections and the undo of a death, checked against the rules' ranges. */
import {
  EGO_MAX,
  assertInteger,
  assertRatingChange,
  isAttribute,
  isLost,
  RulesError,
  type Attribute,
  type Ruleset,
  type Track,
} from "../../rules/index.ts";
import type { PoolTrackSource } from "../../data/source.ts";
import { EGO_STORE } from "./ego.ts";
import { assertAlive, changes, result, type CharacterState, type OperationResult } from "./types.ts";

/** R-CHAR-1 / R-CHAR-5 the data model refuses a total above 10 too; refusing here gives the reason. */
export function setAttributeOperation(
  state: CharacterState,
  attribute: Attribute,
  value: number,
): OperationResult<{ attribute: Attribute; value: number }> {
  assertAlive(state, "change their attributes");
  if (!isAttribute(attribute)) {
    const id = String(attribute);
    throw new RulesError("unknown-id", `"${id}" is not an attribute.`, { id });
  }
  assertRatingChange(state.source.attributes, attribute, value);
  return result(changes([`system.attributes.${attribute}`, state.source.attributes[attribute], value]), {
    attribute,
    value,
  });
}

export type TrackName = "grit" | "ego";

export interface TrackOutcome extends Track {
  readonly dice: number;
  /** R-EGO-3 always false for Grit. */
  readonly lost: boolean;
}

/**
 * R-GRIT-1 / R-EGO-1 the fields not given keep their value. Ruling: for Ego, `lost` follows R-EGO-3 both ways.
 */
export function setTrackOperation(
  state: CharacterState,
  track: TrackName,
  values: Readonly<Partial<PoolTrackSource>>,
): OperationResult<TrackOutcome> {
  assertAlive(state, `change their ${track === "grit" ? "Grit" : "Ego"}`);
  if (track !== "grit" && track !== "ego") {
    const id = String(track);
    throw new RulesError("unknown-id", `"${id}" is not Grit or Ego.`, { id });
  }
  const label = track === "grit" ? "Grit" : "Ego";
  const old = state.source[track];
  const next = { value: values.value ?? old.value, max: values.max ?? old.max, dice: values.dice ?? old.dice };
  const top = track === "ego" ? EGO_MAX : Number.POSITIVE_INFINITY;
  assertInteger(next.value, `${label}'s value`, 0, top);
  assertInteger(next.max, `${label}'s maximum`, 0, top);
  assertInteger(next.dice, `${label}'s dice`, 0);
  if (next.value > next.max) {
    throw new RulesError("out-of-range", `${label}'s value (${next.value}) cannot exceed its maximum (${next.max}).`, {
      what: `${label}'s value`,
      value: next.value,
      max: next.max,
    });
  }
  const lost = track === "ego" ? isLost(next.value) : false;
  const update = changes(
    [`system.${track}.value`, old.value, next.value],
    [`system.${track}.max`, old.max, next.max],
    [`system.${track}.dice`, old.dice, next.dice],
    ...(track === "ego" ? ([["system.lost", state.source.lost, lost]] as const) : []),
  );
  return result(update, { ...next, lost });
}

/** R-HARM-5 (ruling) the token's Dead or the combat tracker's Defeated. */
export function markDeadOperation(state: CharacterState): OperationResult<{ dead: true }> {
  if (state.source.dead) throw new RulesError("not-allowed", "The character is already dead.");
  return result({ "system.dead": true }, { dead: true });
}

/** R-HARM-5 / R-HARM-6 the one operation open to a dead character. */
export function reviveOperation(state: CharacterState): OperationResult<{ dead: false }> {
  if (!state.source.dead) throw new RulesError("not-allowed", "The character is not dead.");
  return result({ "system.dead": false }, { dead: false });
}

/**
 * R-EGO-3 / R-EGO-4 / R-LEG-7 (ruling) Ego 0 raised to 1, so the character is not lost again at once; a
 * correction, not a reset.
 */
export function correctLostOperation(
  state: CharacterState,
  ruleset: Ruleset,
): OperationResult<{ lost: false; ego: number }> {
  if (!state.source.lost) throw new RulesError("not-allowed", "The character is not lost.");
  const ego = EGO_STORE[ruleset.ego.kind];
  const before = ego.stored(state.source);
  const after = Math.max(1, before);
  return result(changes(["system.lost", true, false], [ego.path, before, after]), { lost: false, ego: after });
}
