/**
 * Who may do what on a chat card. Pure: the glue passes who the user is, who rolled, whether a GM is
 * connected, whether the user owns the target and the world's "who may apply" setting; this says,
 * for each card action, whether it is allowed, whether it must go through the active GM, and if not
 * allowed, the i18n key of the reason shown as the disabled button's tooltip.
 *
 * - Changing the dice choices, confirming the Effect and undoing the Ego: the roller or a GM only.
 * - Applying an Effect or harm to a target: a GM directly; the target's owner directly when the
 *   setting is "owners"; anyone else through the active GM when one is connected; with no GM
 *   connected, nobody but the GM (and owners under "owners") can.
 */
export interface CardUser {
  readonly id: string;
  readonly isGM: boolean;
}

/** The world setting `applyPermission`: the GM only, or the GM and the target's owners. */
export type ApplySetting = "gm" | "owners";

export interface PermissionInput {
  readonly user: CardUser;
  /** The user who made the roll (the message's author). */
  readonly rollerId: string;
  /** Is an active GM connected (to carry out requests). */
  readonly gmOnline: boolean;
  /** Does the user own the document the Effect would be applied to. */
  readonly targetOwnedByUser: boolean;
  readonly applySetting: ApplySetting;
}

export interface ActionPermission {
  readonly allowed: boolean;
  /** The action is carried out by the active GM on the user's behalf (a query). */
  readonly viaGm: boolean;
  /** Why the action is not allowed (an i18n key), or null when it is. */
  readonly reasonKey: string | null;
}

export interface CardPermissions {
  /** Clicking dice to choose Precision, Effect or the second hit; the GM's "allow an Effect". */
  readonly choose: ActionPermission;
  /** Confirming the Effect (and the second hit). */
  readonly confirm: ActionPermission;
  /** Giving back the Ego the Dark Dice cost. */
  readonly undoEgo: ActionPermission;
  /** Applying an Effect to a Challenge, or a Challenge's Effect to a character as harm. */
  readonly apply: ActionPermission;
}

export const REASON = {
  notRoller: "TERRAN.Card.Reason.notRoller",
  noGm: "TERRAN.Card.Reason.noGm",
} as const;

const ALLOWED: ActionPermission = { allowed: true, viaGm: false, reasonKey: null };

/** Only the roller or a GM may change the card's choices. */
export function isRollerOrGm(user: CardUser, rollerId: string): boolean {
  return user.isGM || user.id === rollerId;
}

/** What `user` may do on a card rolled by `rollerId`. */
export function cardPermission(input: PermissionInput): CardPermissions {
  const own: ActionPermission = isRollerOrGm(input.user, input.rollerId)
    ? ALLOWED
    : { allowed: false, viaGm: false, reasonKey: REASON.notRoller };
  return { choose: own, confirm: own, undoEgo: own, apply: applyPermission(input) };
}

function applyPermission(input: PermissionInput): ActionPermission {
  if (input.user.isGM) return ALLOWED;
  if (input.applySetting === "owners" && input.targetOwnedByUser) return ALLOWED;
  if (input.gmOnline) return { allowed: true, viaGm: true, reasonKey: null };
  return { allowed: false, viaGm: false, reasonKey: REASON.noGm };
}
