/**
 * R-COND-1 a Condition dropped on a character sheet. One with the `attributeShift` flag (Obsessive Focus)
 * first asks for its shift (+1 to one attribute, −1 to two others) in a small dialog that reopens with the
 * rules' reason on a refused pick; TerranItem moves the ratings with its +1 XP and gives them back on
 * delete. `shiftDialogView` is the pure part; the rest is DialogV2 glue.
 */
import {
  attributeShiftRefusal,
  ATTRIBUTE_MAX,
  ATTRIBUTES,
  isAttribute,
  shiftChoices,
  type Attribute,
  type Attributes,
  type ShiftRefusal,
} from "../../../rules/index.ts";
import type { ShiftSource } from "../../../data/source.ts";
import { fieldOf } from "../../dom.ts";
import { localize, type ImportedItemData } from "../sheet-glue.ts";

export type ShiftPart = keyof ShiftSource;
const PARTS: readonly ShiftPart[] = ["raise", "lower1", "lower2"];

export interface ShiftOptionView {
  readonly value: Attribute;
  readonly labelKey: string;
  readonly selected: boolean;
  /** Why this attribute cannot take this part (at 4, at 0), or null when it can. */
  readonly disabledKey: string | null;
}

export interface ShiftDialogView {
  readonly fields: readonly {
    readonly name: ShiftPart;
    readonly labelKey: string;
    readonly options: readonly ShiftOptionView[];
  }[];
  /** The rules' reason the last pick was refused, or null. */
  readonly refusalKey: string | null;
}

/** The first picks offered: the first attribute that can rise, then the first two others that can drop. */
function defaultPicks(attributes: Attributes): ShiftSource {
  const { raise, lower } = shiftChoices(attributes);
  const up = raise.find((r) => lower.filter((l) => l !== r).length >= 2) ?? raise[0] ?? "";
  const down = lower.filter((l) => l !== up);
  return { raise: up, lower1: down[0] ?? "", lower2: down[1] ?? "" };
}

/** R-COND-1 the dialog's content: the three selects with the current picks and the refusal, if any. */
export function shiftDialogView(
  attributes: Attributes,
  picks: ShiftSource | null,
  refusal: ShiftRefusal | null,
): ShiftDialogView {
  const chosen = picks ?? defaultPicks(attributes);
  return {
    fields: PARTS.map((name) => ({
      name,
      labelKey: `TERRAN.AttributeShift.${name}`,
      options: ATTRIBUTES.map((a) => {
        const blocked = name === "raise" ? attributes[a] >= ATTRIBUTE_MAX : attributes[a] <= 0;
        return {
          value: a,
          labelKey: `TERRAN.Attribute.${a}`,
          selected: chosen[name] === a,
          disabledKey: blocked
            ? name === "raise"
              ? "TERRAN.AttributeShift.atMax"
              : "TERRAN.AttributeShift.atZero"
            : null,
        };
      }),
    })),
    refusalKey: refusal ? `TERRAN.AttributeShift.Refusal.${refusal}` : null,
  };
}

/** The dialog's HTML from its view (every string localised and escaped). */
function shiftDialogHtml(view: ShiftDialogView): string {
  const esc = foundry.utils.escapeHTML;
  const fields = view.fields.map((f) => {
    const options = f.options.map((o) => {
      const note = o.disabledKey ? ` (${esc(localize(o.disabledKey))})` : "";
      return `<option value="${o.value}"${o.selected ? " selected" : ""}${o.disabledKey ? " disabled" : ""}>${esc(localize(o.labelKey))}${note}</option>`;
    });
    return `<label class="te-field"><span>${esc(localize(f.labelKey))}</span><select name="${f.name}">${options.join("")}</select></label>`;
  });
  const refusal = view.refusalKey ? `<p class="te-warning" role="alert">${esc(localize(view.refusalKey))}</p>` : "";
  return `<p>${esc(localize("TERRAN.AttributeShift.prompt"))}</p>${refusal}<div class="te-field-grid">${fields.join("")}</div>`;
}

/**
 * Asks for the three picks once; null if the dialog is closed. `refused` shows the last refusal
 * (the picks it refused stay selected).
 */
export async function askShift(
  attributes: Attributes,
  refused: { readonly picks: ShiftSource; readonly reason: ShiftRefusal } | null,
): Promise<ShiftSource | null> {
  const view = shiftDialogView(attributes, refused?.picks ?? null, refused?.reason ?? null);
  const result: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: localize("TERRAN.AttributeShift.title") },
    content: shiftDialogHtml(view),
    ok: {
      label: localize("TERRAN.AttributeShift.take"),
      callback: (_event: PointerEvent | SubmitEvent, button: HTMLButtonElement) => {
        // No instanceof: the dialog may live in a v14 detached window (another realm).
        const read = (name: ShiftPart) => fieldOf(button.form?.querySelector(`select[name="${name}"]`))?.value ?? "";
        return { raise: read("raise"), lower1: read("lower1"), lower2: read("lower2") };
      },
    },
    rejectClose: false,
  });
  return readPicks(result);
}

/** The dialog's answer as three attribute ids, or null (closed, or not an answer). */
function readPicks(result: unknown): ShiftSource | null {
  if (typeof result !== "object" || result === null) return null;
  const r = result as Partial<Record<ShiftPart, unknown>>;
  const part = (v: unknown): Attribute | null => (typeof v === "string" && isAttribute(v) ? v : null);
  const raise = part(r.raise);
  const lower1 = part(r.lower1);
  const lower2 = part(r.lower2);
  return raise && lower1 && lower2 ? { raise, lower1, lower2 } : null;
}

/**
 * R-COND-1 the dropped condition's data ready to create: with the player's shift when it carries the
 * `attributeShift` flag (null: the player closed the dialog, or no shift can be taken — they are told),
 * and with any shift it brought from elsewhere cleared otherwise, so a shift is only ever one the
 * player chose for this character.
 */
export async function prepareConditionDrop(
  attributes: Attributes,
  data: ImportedItemData,
  flags: readonly string[],
): Promise<ImportedItemData | null> {
  const none: ShiftSource = { raise: "", lower1: "", lower2: "" };
  const system = (data.system ?? {}) as Record<string, unknown>;
  if (!flags.includes("attributeShift")) return { ...data, system: { ...system, shift: none } };
  if (!shiftChoices(attributes).possible) {
    ui.notifications?.warn(localize("TERRAN.AttributeShift.impossible"));
    return null;
  }
  let refused: { picks: ShiftSource; reason: ShiftRefusal } | null = null;
  for (;;) {
    const picks = await askShift(attributes, refused);
    if (!picks || picks.raise === "" || picks.lower1 === "" || picks.lower2 === "") return null;
    const reason = attributeShiftRefusal(attributes, { raise: picks.raise, lower: [picks.lower1, picks.lower2] });
    if (!reason) return { ...data, system: { ...system, shift: picks } };
    refused = { picks, reason };
  }
}
