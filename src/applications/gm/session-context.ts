/**
 * R-XP-1 the end-of-session dialog's view, pure: one row per player character (ticked when it played
 * and survived, the dead and the lost unticked and marked), the XP it gets, and the form's names the
 * glue reads back. The sandbox renders it with the same builder.
 */
import type { SessionRowChoice, SessionRowPlan } from "../../documents/operations/index.ts";

export interface SessionDialogRow {
  readonly index: number;
  readonly name: string;
  readonly played: boolean;
  readonly xp: number;
  readonly current: number;
  /** "Dead" / "Lost", or null. */
  readonly statusKey: string | null;
  /** The form's field names for this row. */
  readonly playedField: string;
  readonly xpField: string;
}

export interface SessionDialogContext {
  readonly rows: readonly SessionDialogRow[];
  readonly empty: boolean;
  readonly award: { readonly disabled: boolean; readonly tooltipKey: string | null };
}

export const playedField = (index: number): string => `played-${index}`;
export const xpField = (index: number): string => `xp-${index}`;

export function sessionDialogContext(rows: readonly SessionRowPlan[]): SessionDialogContext {
  const empty = rows.length === 0;
  return {
    rows: rows.map((row, index) => ({
      index,
      name: row.name,
      played: row.played,
      xp: row.xp,
      current: row.current,
      statusKey: row.status ? `TERRAN.Session.Status.${row.status}` : null,
      playedField: playedField(index),
      xpField: xpField(index),
    })),
    empty,
    award: { disabled: empty, tooltipKey: empty ? "TERRAN.Session.Dialog.none" : null },
  };
}

/** What the form holds, as the glue read it: per row, the tick and the XP field's text. */
export interface SessionFormValues {
  readonly played: readonly boolean[];
  readonly xp: readonly string[];
}

/**
 * The GM's choices from the form (a field that is not a number reads as NaN: the operation refuses it with the reason).
 */
export function sessionChoices(rows: readonly SessionRowPlan[], form: SessionFormValues): SessionRowChoice[] {
  return rows.map((row, i) => {
    const text = (form.xp[i] ?? "").trim();
    return {
      uuid: row.uuid,
      name: row.name,
      played: form.played[i] === true,
      xp: text === "" ? Number.NaN : Number(text),
    };
  });
}
