/**
 * Who may do what on a chat card, whether it goes through the active GM, and the reason key when not (the
 * disabled button's tooltip). Ruling on Apply (R-RA-7, R-CH-4): a GM, the roller, or an owner of the target may
 * ask (for a player's Effect only under "owners"); a GM, or the owner under "owners", changes the target;
 * anyone else asks the GM. With no GM online the target itself remembers the card (relay/card-changes.ts).
 */
import { RulesError } from "../rules/index.ts";

export interface CardUser {
  readonly id: string;
  readonly isGM: boolean;
}

/** World setting `applyPermission`. */
export type ApplySetting = "gm" | "owners";

export interface PermissionInput {
  readonly user: CardUser;
  /** The message's author. */
  readonly rollerId: string;
  /** An active GM is connected to carry out requests. */
  readonly gmOnline: boolean;
  /** Null while no target is chosen (drawing the card). */
  readonly targetOwnedByUser: boolean | null;
  readonly applySetting: ApplySetting;
  readonly cardKind?: "risky" | "challenge";
  /** Undefined: not yet. */
  readonly confirmed?: boolean;
}

export interface ActionPermission {
  readonly allowed: boolean;
  /** By a query to the active GM. */
  readonly viaGm: boolean;
  /** When allowed, a hint on its limits (null: none). */
  readonly reasonKey: string | null;
}

export interface CardPermissions {
  /** Includes the GM's "allow an Effect". */
  readonly choose: ActionPermission;
  /** Also the second hit. */
  readonly confirm: ActionPermission;
  readonly undoEgo: ActionPermission;
  readonly apply: ActionPermission;
}

export const REASON = {
  notRoller: "TERRAN.Card.Reason.notRoller",
  noGm: "TERRAN.Card.Reason.noGm",
  /** A hint on an enabled Apply. */
  ownedOnly: "TERRAN.Card.Reason.ownedOnly",
  notOwner: "TERRAN.Card.Reason.notOwner",
  /** R-EGO-2 (ruling) */
  egoConfirmed: "TERRAN.Card.Reason.egoConfirmed",
} as const;

const ALLOWED: ActionPermission = { allowed: true, viaGm: false, reasonKey: null };
const refused = (reasonKey: string): ActionPermission => ({ allowed: false, viaGm: false, reasonKey });

/** Only the roller or a GM may change the card's choices. */
export function isRollerOrGm(user: CardUser, rollerId: string): boolean {
  return user.isGM || user.id === rollerId;
}

export function cardPermission(input: PermissionInput): CardPermissions {
  const own: ActionPermission = isRollerOrGm(input.user, input.rollerId) ? ALLOWED : refused(REASON.notRoller);
  return {
    choose: own,
    confirm: own,
    undoEgo: undoEgoPermission(input.user, input.rollerId, input.confirmed ?? false),
    apply: applyPermission(input),
  };
}

/** R-EGO-2 (ruling) the roller until the dice are confirmed, a GM at any time. */
export function undoEgoPermission(user: CardUser, rollerId: string, confirmed: boolean): ActionPermission {
  if (user.isGM) return ALLOWED;
  if (user.id !== rollerId) return refused(REASON.notRoller);
  return confirmed ? refused(REASON.egoConfirmed) : ALLOWED;
}

/** With the target unknown, owning is assumed possible. */
export function mayAskToApply(input: PermissionInput): boolean {
  if (isRollerOrGm(input.user, input.rollerId)) return true;
  if (input.targetOwnedByUser === false) return false;
  return (input.cardKind ?? "risky") === "challenge" || input.applySetting === "owners";
}

/** Both the client's check before asking and the GM's side's check of the request. */
export function assertMayAskToApply(input: PermissionInput): void {
  if (!mayAskToApply(input)) {
    throw new RulesError("not-allowed", "Only a GM, the player who rolled, or the target's owner may apply this.", {
      reason: "notOwner",
    });
  }
}

/** A GM, or its owner under "owners". */
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
