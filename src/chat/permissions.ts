/**
 * Who may do what on a chat card. Pure: the glue passes who the user is, who rolled, whether a GM is
 * connected, whether the user owns the target and the world's "who may apply" setting; this says,
 * for each card action, whether it is allowed, whether it must go through the active GM, and if not
 * allowed, the i18n key of the reason shown as the disabled button's tooltip.
 *
 * - Changing the dice choices and confirming the Effect: the roller or a GM only.
 * - Giving back the Ego (R-EGO-2, ruling): it mends a mistake (a misclicked Dark Die), so the roller may
 *   use it only until the dice are confirmed; a GM at any time.
 * - Applying an Effect (R-RA-7) or a Challenge's harm (R-CH-4) — ruling, as the table expects:
 *   - who may ask: a GM; the card's roller; an owner of the target — for harm always (a player takes
 *     a Challenge's Effect on their own character), for a player's Effect only under "owners";
 *   - who changes the target: a GM, or its owner under "owners"; anyone else asks the active GM;
 *   - the card records it in the same step, so whoever changes the target must also be allowed to
 *     update the message (its author or a GM); otherwise the GM's client does both. With no GM online
 *     an owner under "owners" still applies to what they own: the target itself then remembers the card
 *     (src/relay/card-changes.ts), so it is never applied twice.
 */
import { RulesError } from "../rules/index.ts";

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
  /**
   * Does the user own the document the Effect would be applied to; null while no target is chosen (drawing the card).
   */
  readonly targetOwnedByUser: boolean | null;
  readonly applySetting: ApplySetting;
  /** A player's Effect on a Challenge (risky card) or a Challenge's Effect as harm (challenge card). */
  readonly cardKind?: "risky" | "challenge";
  /** The card's dice are confirmed (its Effect is locked); undefined: not yet. */
  readonly confirmed?: boolean;
}

export interface ActionPermission {
  readonly allowed: boolean;
  /** The action is carried out by the active GM on the user's behalf (a query). */
  readonly viaGm: boolean;
  /** Why the action is not allowed (an i18n key), or, when it is, a hint on its limits (null: none). */
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
  /** A hint, on an enabled Apply: it reaches only targets the user owns. */
  ownedOnly: "TERRAN.Card.Reason.ownedOnly",
  notOwner: "TERRAN.Card.Reason.notOwner",
  /** Giving back the Ego after the dice are confirmed is the GM's call. */
  egoConfirmed: "TERRAN.Card.Reason.egoConfirmed",
} as const;

const ALLOWED: ActionPermission = { allowed: true, viaGm: false, reasonKey: null };
const refused = (reasonKey: string): ActionPermission => ({ allowed: false, viaGm: false, reasonKey });

/** Only the roller or a GM may change the card's choices. */
export function isRollerOrGm(user: CardUser, rollerId: string): boolean {
  return user.isGM || user.id === rollerId;
}

/** What `user` may do on a card rolled by `rollerId`. */
export function cardPermission(input: PermissionInput): CardPermissions {
  const own: ActionPermission = isRollerOrGm(input.user, input.rollerId) ? ALLOWED : refused(REASON.notRoller);
  return {
    choose: own,
    confirm: own,
    undoEgo: undoEgoPermission(input.user, input.rollerId, input.confirmed ?? false),
    apply: applyPermission(input),
  };
}

/** R-EGO-2 (ruling) giving back the Ego mends a mistake: the roller until the dice are confirmed, a GM at any time. */
export function undoEgoPermission(user: CardUser, rollerId: string, confirmed: boolean): ActionPermission {
  if (user.isGM) return ALLOWED;
  if (user.id !== rollerId) return refused(REASON.notRoller);
  return confirmed ? refused(REASON.egoConfirmed) : ALLOWED;
}

/**
 * May this user ask for the apply at all (see the ruling above)? With the target unknown, owning is assumed possible.
 */
export function mayAskToApply(input: PermissionInput): boolean {
  if (isRollerOrGm(input.user, input.rollerId)) return true;
  if (input.targetOwnedByUser === false) return false;
  return (input.cardKind ?? "risky") === "challenge" || input.applySetting === "owners";
}

/** `mayAskToApply`, as a refusal: the client's check before it asks, and the GM's side's check of what it is asked. */
export function assertMayAskToApply(input: PermissionInput): void {
  if (!mayAskToApply(input)) {
    throw new RulesError("not-allowed", "Only a GM, the player who rolled, or the target's owner may apply this.", {
      reason: "notOwner",
    });
  }
}

/** May this user change the target itself (a GM; its owner under "owners")? */
export function mayChangeTarget(input: PermissionInput): boolean {
  return input.user.isGM || (input.applySetting === "owners" && input.targetOwnedByUser === true);
}

function applyPermission(input: PermissionInput): ActionPermission {
  if (input.user.isGM) return ALLOWED;
  if (!mayAskToApply(input)) return refused(input.targetOwnedByUser === false ? REASON.notOwner : REASON.notRoller);
  const roller = input.user.id === input.rollerId;
  // Without a known target, a non-roller reaches only what they own; with no GM, so does everyone.
  const hint = input.targetOwnedByUser === null && (!roller || !input.gmOnline) ? REASON.ownedOnly : null;
  if (mayChangeTarget(input)) return { allowed: true, viaGm: false, reasonKey: hint };
  if (input.gmOnline) return { allowed: true, viaGm: true, reasonKey: hint };
  if (input.applySetting === "owners" && input.targetOwnedByUser === null)
    return { allowed: true, viaGm: false, reasonKey: REASON.ownedOnly };
  return refused(input.applySetting === "owners" ? REASON.ownedOnly : REASON.noGm);
}
