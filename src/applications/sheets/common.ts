/**
 * Small pure pieces the sheets' context builders share: messages (an i18n key and its value),
 * buttons with the reason they are disabled, item ordering and reordering.
 */

/** A visible text: an i18n key and the value its `{value}` placeholder takes ("" for none). */
export interface Message {
  readonly key: string;
  readonly value: string;
}

export function message(key: string, value: string | number = ""): Message {
  return { key, value: String(value) };
}

/** A button: disabled with a tooltip saying why, or enabled (its tooltip, if any, says what it does). */
export interface ButtonView {
  readonly disabled: boolean;
  readonly tooltip: Message;
}

/** The first refusal that holds, or an enabled button with `hint` as its tooltip. */
export function button(hint: Message, ...refusals: readonly (Message | null | false)[]): ButtonView {
  for (const refusal of refusals) if (refusal) return { disabled: true, tooltip: refusal };
  return { disabled: false, tooltip: hint };
}

/** Items in sheet order: by `sort`, then by name. */
export function bySort<T extends { readonly sort: number; readonly name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));
}

/** One sort update: the item's id and its new sort value. */
export interface SortUpdate {
  readonly _id: string;
  readonly sort: number;
}

/**
 * Moves item `id` one place up (-1) or down (+1) among `siblings` (already in sheet order) and
 * returns the sort updates that do it: the list is renumbered in steps of 100 (stable for equal sorts).
 * An item already at the end, or not in the list, gives no update.
 */
export function moveItem(
  siblings: readonly { readonly id: string; readonly sort: number; readonly name: string }[],
  id: string,
  direction: -1 | 1,
): SortUpdate[] {
  const ordered = bySort(siblings);
  const index = ordered.findIndex((s) => s.id === id);
  const other = index + direction;
  if (index < 0 || other < 0 || other >= ordered.length) return [];
  const moved = [...ordered];
  const [item] = moved.splice(index, 1);
  if (!item) return [];
  moved.splice(other, 0, item);
  return moved.flatMap((s, i) => ((i + 1) * 100 === s.sort ? [] : [{ _id: s.id, sort: (i + 1) * 100 }]));
}

/** "+1d" / "−1d" / "±0d" with a real minus sign. */
export function signedDice(dice: number): string {
  if (dice > 0) return `+${dice}d`;
  if (dice < 0) return `\u2212${Math.abs(dice)}d`;
  return "\u00b10d";
}

/** A value as a share of a maximum, 0–100 (for bars); 0 when the maximum is 0. */
export function percentOf(value: number, max: number): number {
  if (max <= 0) return 0;
  return Math.round(Math.min(1, Math.max(0, value / max)) * 100);
}

/**
 * Drag-and-drop reordering: item `id` takes the place of `targetId` among `siblings` (dropped on a
 * row above it, it goes before; below it, after). Returns the sort updates (renumbered by 100).
 */
export function dropSort(
  siblings: readonly { readonly id: string; readonly sort: number; readonly name: string }[],
  id: string,
  targetId: string,
): SortUpdate[] {
  const ordered = bySort(siblings);
  const from = ordered.findIndex((s) => s.id === id);
  const to = ordered.findIndex((s) => s.id === targetId);
  if (from < 0 || to < 0 || from === to) return [];
  const moved = [...ordered];
  const [item] = moved.splice(from, 1);
  if (!item) return [];
  moved.splice(to, 0, item);
  return moved.flatMap((s, i) => ((i + 1) * 100 === s.sort ? [] : [{ _id: s.id, sort: (i + 1) * 100 }]));
}
