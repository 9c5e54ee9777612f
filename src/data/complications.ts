/**
 * R-LEG-14 (outside a montage) the complications a character carries to its next related Risky Action:
 * a Challenge's Effect read on Legacy's table (R-LEG-10's fork table) takes 1 to 3 Light Dice off that
 * roll. They are stored on the character as an actor flag (`complications`), one per Challenge — a newer
 * Effect of the same Challenge replaces the older one (ruling, docs/RULES.md §10) — offered by the
 * Legacy roll dialog, ticked, and cleared once a roll used them. Any client may have written the flag,
 * so it is read here as untrusted: what is not a well-formed complication is dropped. Pure.
 */

/** One complication waiting for the character's next roll related to its Challenge. */
export interface PendingComplication {
  /** The Challenge it relates to (its uuid; the key: one per Challenge). */
  readonly challengeUuid: string;
  /** The Challenge's name, as the dialog's line shows it. */
  readonly from: string;
  /** Light Dice the roll loses: 1, 2 or 3 (R-LEG-14's table never takes more). */
  readonly dice: number;
}

/** The most a complication takes (R-LEG-14: −3d for 12 and more). */
export const COMPLICATION_MAX = 3;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function readOne(raw: unknown): PendingComplication | null {
  if (!isRecord(raw)) return null;
  const { challengeUuid, from, dice } = raw;
  if (typeof challengeUuid !== "string" || !/^[A-Za-z0-9.]{1,200}$/.test(challengeUuid)) return null;
  if (typeof from !== "string" || from.trim() === "" || from.length > 200) return null;
  if (typeof dice !== "number" || !Number.isInteger(dice) || dice < 1 || dice > COMPLICATION_MAX) return null;
  return { challengeUuid, from, dice };
}

/** The complications stored on a character (the flag as found): the well-formed ones, one per Challenge. */
export function readComplications(stored: unknown): PendingComplication[] {
  if (!Array.isArray(stored)) return [];
  let list: PendingComplication[] = [];
  for (const raw of stored as readonly unknown[]) {
    const one = readOne(raw);
    if (one) list = withComplication(list, one);
  }
  return list;
}

/** `list` with `added` carried: it replaces any complication of the same Challenge (ruling), else joins the end. */
export function withComplication(
  list: readonly PendingComplication[],
  added: PendingComplication,
): PendingComplication[] {
  return [...list.filter((c) => c.challengeUuid !== added.challengeUuid), added];
}

/** `list` without the complications of these Challenges (the ones a roll just used). */
export function withoutComplications(
  list: readonly PendingComplication[],
  used: readonly string[],
): PendingComplication[] {
  return list.filter((c) => !used.includes(c.challengeUuid));
}
