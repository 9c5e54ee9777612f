/**
 * The few Foundry calls the three sheets share: enrich a rich-text field, localise, pick an image,
 * and clamp a form's numbers before they are submitted (with a notification saying so).
 */
import { normaliseSubmit, type Limits } from "./submit.ts";
import { say } from "../../prompts/notify.ts";

export function localize(key: string): string {
  return game.i18n?.localize(key) ?? key;
}

export function format(key: string, data: Record<string, string>): string {
  return game.i18n?.format(key, data) ?? key;
}

/** Enriched HTML of a rich-text field (links, inline rolls; secrets shown to owners). */
export async function enrich(html: string, relativeTo: Actor.Implementation | Item.Implementation): Promise<string> {
  if (!html) return "";
  return foundry.applications.ux.TextEditor.implementation.enrichHTML(html, {
    secrets: relativeTo.isOwner,
    relativeTo,
  });
}

/** Opens the file picker on the document's image. */
export async function pickImage(doc: Actor.Implementation | Item.Implementation): Promise<void> {
  const FilePicker = foundry.applications.apps.FilePicker.implementation;
  const picker = new FilePicker({
    type: "image",
    current: doc.img ?? "",
    callback: (path: string) => {
      void doc.update({ img: path });
    },
  });
  await picker.browse();
}

/** The document's stored numbers as flat form keys ("system.grit.value" → 3). */
export function flatFormData(doc: Actor.Implementation | Item.Implementation): Record<string, number> {
  const system: unknown = doc.toObject().system;
  const flat = foundry.utils.flattenObject({ system }) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(flat).filter((e): e is [string, number] => typeof e[1] === "number"));
}

/** Clamps the form's limited numbers in place and warns once per correction. */
export function notifyCorrections(
  formData: foundry.applications.ux.FormDataExtended,
  limits: Limits,
  current: Record<string, number>,
): void {
  const object = formData.object as Record<string, unknown>;
  const { data, corrections } = normaliseSubmit(object, limits, current);
  for (const key of Object.keys(object)) if (!(key in data)) delete object[key];
  Object.assign(object, data);
  for (const c of corrections) say("warn", format(c.message.key, { value: c.message.value }));
}

/** Updates a document with a flat `{"system.x": value}` record (the pure edits' output). */
export async function updateFlat(
  doc: Actor.Implementation | Item.Implementation,
  changes: Record<string, unknown>,
): Promise<void> {
  await doc.update(changes);
}

/** Events a drag or drop handler has already dealt with (the sheet binds its own handlers, and core may too). */
const handled = new WeakSet<Event>();

/** True the first time an event is seen, false after. */
export function firstHandling(event: Event): boolean {
  if (handled.has(event)) return false;
  handled.add(event);
  return true;
}

/** The Item a drop's data names (a sidebar, compendium or actor item), or null. */
export async function droppedItem(data: object): Promise<Item.Implementation | null> {
  const uuid = (data as { uuid?: unknown }).uuid;
  if (typeof uuid !== "string") return null;
  const doc: unknown = await fromUuid(uuid as `Item.${string}`);
  return doc instanceof Item ? (doc as Item.Implementation) : null;
}

/** An item's data ready for creation on an actor (a plain object: name, type, img, system, flags, _stats…). */
export type ImportedItemData = Readonly<Record<string, unknown>> & { readonly name?: string; readonly type?: string };

/**
 * A dropped item's data, made the way core imports a document from a compendium
 * (WorldCollection#fromCompendium with FromCompendiumOptions, as Draw Steel's actor sheet does): the
 * flags and `_stats.compendiumSource` (the link to the compendium entry) are kept; the folder, the
 * sort, the per-user ownership and the id are cleared, so the copy is the actor's own.
 */
export function importData(item: Item.Implementation): ImportedItemData {
  const items = game.items;
  if (!items) throw new Error("The world's items are not ready: nothing can be dropped yet.");
  const data: unknown = items.fromCompendium(item, {
    clearFolder: true,
    clearSort: true,
    clearOwnership: true,
    keepId: false,
  });
  return data as ImportedItemData;
}
