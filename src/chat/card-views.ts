/** What every card's view shares: the viewer, a button and why it is closed, signed numbers and labels. */
import { REASON, type CardUser } from "./permissions.ts";

/** Who looks at the card. `mayApply` / `mayApplyReason` come from `cardPermission(…).apply`. */
export interface CardViewer extends CardUser {
  readonly gmOnline: boolean;
  readonly mayApply: boolean;
  readonly mayApplyReason: string | null;
}

export interface CardButtonView {
  readonly labelKey: string;
  readonly disabled: boolean;
  /** Why the button is disabled (an i18n key); when enabled, a hint on its limits, or null. */
  readonly tooltipKey: string | null;
}

export interface ExplosionDieView {
  readonly face: number;
  /** This die called for another (R-RA-3). */
  readonly exploded: boolean;
  readonly cssClass: string;
}

export const CARD_REASON = {
  ...REASON,
  notGm: "TERRAN.Card.Reason.notGm",
  noEffect: "TERRAN.Card.Reason.noEffect",
  notConfirmed: "TERRAN.Card.Reason.notConfirmed",
  alreadyApplied: "TERRAN.Card.Reason.alreadyApplied",
  egoNotSpent: "TERRAN.Card.Reason.egoNotSpent",
  egoUndone: "TERRAN.Card.Reason.egoUndone",
  noSecondHit: "TERRAN.Card.Reason.noSecondHit",
  secondNotConfirmed: "TERRAN.Card.Reason.secondNotConfirmed",
  noTarget: "TERRAN.Card.Reason.noTarget",
  /** R-LEG-11 an Effect rolled without a successful action (from the sheet, or after a Fail). */
  noAction: "TERRAN.Card.Reason.noAction",
  /** R-RA-9 the Challenge was overcome by an Effect applied first: it deals no Effect. */
  overcomeFirst: "TERRAN.Card.Reason.overcomeFirst",
} as const;

/**
 * A card's once-only Apply button: closed by `refusal` (why this card cannot apply at all) first, then
 * when it was applied already, then when the viewer may not; open, it carries the viewer's limit as a hint.
 */
export function applyOnceButton(
  labelKey: string,
  refusal: string | null,
  applied: boolean,
  viewer: CardViewer,
): CardButtonView {
  const reason =
    refusal ??
    (applied ? CARD_REASON.alreadyApplied : viewer.mayApply ? null : (viewer.mayApplyReason ?? CARD_REASON.notOwner));
  return {
    labelKey,
    disabled: reason !== null,
    tooltipKey: reason ?? (viewer.mayApply ? viewer.mayApplyReason : null),
  };
}

/** A signed dice count or Effect modifier, with a true minus sign: "+1", "−2", "±0". */
export function signed(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${Math.abs(n)}`;
  return "\u00b10";
}

/** A label the rules give as an i18n key or as a user's own text. */
export function labelOf(label: string): { labelKey: string | null; label: string } {
  return label.startsWith("TERRAN.") ? { labelKey: label, label: "" } : { labelKey: null, label };
}
