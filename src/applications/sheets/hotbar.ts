/**
 * Roll macros from the sheet (the pure half): the drag data a roll button carries and the macro it
 * becomes on the hotbar. An attribute, a Save or a weapon dragged to the hotbar makes a script macro
 * that calls `TerranEngine.rollFor(actorUuid, what)`, which opens the roll dialog.
 */
import { isAttribute, isGroup, saveLabelKey, type Ruleset } from "../../rules/index.ts";

export const ROLL_DRAG_TYPE = "TerranEngine.Roll";

export interface RollDragData {
  readonly type: typeof ROLL_DRAG_TYPE;
  readonly actorUuid: string;
  /** An attribute id, `save:<group>` or a weapon item's id. */
  readonly what: string;
  /** The roll's name as shown (the weapon's name for a weapon). */
  readonly label: string;
}

export function isRollDragData(data: unknown): data is RollDragData {
  if (typeof data !== "object" || data === null) return false;
  const d = data as Record<string, unknown>;
  return (
    d.type === ROLL_DRAG_TYPE &&
    typeof d.actorUuid === "string" &&
    d.actorUuid !== "" &&
    typeof d.what === "string" &&
    d.what !== "" &&
    typeof d.label === "string"
  );
}

/** The i18n key naming an attribute or Save roll, or null for a weapon (named by its item). */
export function rollLabelKey(ruleset: Ruleset, what: string): string | null {
  if (isAttribute(what)) return `TERRAN.Attribute.${what}`;
  const group = what.startsWith("save:") ? what.slice(5) : "";
  if (isGroup(group)) return saveLabelKey(ruleset, group);
  return null;
}

/** The macro's script: opens the roll dialog for that actor and roll (ids quoted as JSON). */
export function rollMacroCommand(actorUuid: string, what: string): string {
  return `await TerranEngine.rollFor(${JSON.stringify(actorUuid)}, ${JSON.stringify(what)});`;
}

/** The icon of a roll macro. */
export function rollMacroImg(what: string, weaponImg: string | null): string {
  if (weaponImg) return weaponImg;
  return what.startsWith("save:") ? "icons/svg/shield.svg" : "icons/svg/d20-black.svg";
}
