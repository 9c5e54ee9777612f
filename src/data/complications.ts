/**
 * R-LEG-14 the complications a character carries to its next related roll (1 to 3 Light Dice from R-LEG-10's
 * fork table), in the actor flag `complications`, one per Challenge (ruling, §10). Any client may write the
 * flag, so what is not well-formed is dropped.
 */

export interface PendingComplication {
  /** Its uuid: one per Challenge. */
  readonly challengeUuid: string;
  /** As the dialog's line shows it. */
  readonly from: string;
  /** 1, 2 or 3. */
  readonly dice: number;
}

/** R-LEG-14 −3d for 12 and more. */
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

/** The well-formed ones, one per Challenge. */
export function readComplications(stored: unknown): PendingComplication[] {
  if (!Array.isArray(stored)) return [];
  let list: PendingComplication[] = [];
  for (const raw of stored as readonly unknown[]) {
    const one = readOne(raw);
    if (one) list = withComplication(list, one);
  }
  return list;
}

/** Replaces one of the same Challenge (ruling), else joins the end. */
export function withComplication(
  list: readonly PendingComplication[],
  added: PendingComplication,
): PendingComplication[] {
  return [...list.filter((c) => c.challengeUuid !== added.challengeUuid), added];
}

/** The ones a roll just used. */
export function withoutComplications(
  list: readonly PendingComplication[],
  used: readonly string[],
): PendingComplication[] {
  return list.filter((c) => !used.includes(c.challengeUuid));
}
