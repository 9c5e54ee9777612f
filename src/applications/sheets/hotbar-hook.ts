/**
 * The hotbar hook: a roll dragged from a character sheet (an attribute, a Save, a weapon's roll
 * button) or a character's own weapon becomes a script macro that opens the roll dialog
 * (`TerranEngine.rollFor`). Returns false for the drops it handles, so core makes no other macro.
 */
import { itemSnapshot } from "../../data/snapshot.ts";
import { isRollDragData, rollMacroCommand, rollMacroImg } from "./hotbar.ts";
import { format } from "./sheet-glue.ts";

async function assignRollMacro(
  actorName: string,
  label: string,
  actorUuid: string,
  what: string,
  img: string | null,
  slot: number | undefined,
): Promise<void> {
  const name = format("TERRAN.Sheet.Macro.name", { actor: actorName, roll: label });
  const command = rollMacroCommand(actorUuid, what);
  const macro =
    game.macros?.find((m) => m.name === name && m.command === command) ??
    (await Macro.create({ name, type: "script", img: rollMacroImg(what, img), command }));
  if (macro) await game.user?.assignHotbarMacro(macro, slot);
}

export function onHotbarDrop(_bar: unknown, data: unknown, slot: number | undefined): boolean | undefined {
  if (isRollDragData(data)) {
    const actor = fromUuidSync(data.actorUuid as `Actor.${string}`);
    const actorName = actor instanceof Actor ? actor.name : "";
    const weapon = actor instanceof Actor ? actor.items.get(data.what) : undefined;
    void assignRollMacro(actorName, data.label, data.actorUuid, data.what, weapon?.img ?? null, slot);
    return false;
  }
  // A character's own weapon dragged from elsewhere (its row, the sidebar of an actor): a roll macro too.
  const uuid =
    typeof data === "object" && data !== null && (data as { type?: unknown }).type === "Item"
      ? (data as { uuid?: unknown }).uuid
      : undefined;
  if (typeof uuid !== "string") return undefined;
  const item = fromUuidSync(uuid as `Item.${string}`);
  if (!(item instanceof Item) || !(item.parent instanceof Actor)) return undefined;
  const snapshot = itemSnapshot(item);
  if (snapshot?.type !== "weapon") return undefined;
  void assignRollMacro(item.parent.name, item.name, item.parent.uuid, snapshot.id, item.img ?? null, slot);
  return false;
}
