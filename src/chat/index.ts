/**
 * The chat cards, pure: their state machines (kept in the chat message's flags), their view models
 * (the Handlebars templates' contexts) and who may do what. The Foundry glue renders
 * `templates/chat/*.hbs` with these views and dispatches the buttons' `data-action`s.
 */
export * from "./permissions.ts";
export * from "./risky-card.ts";
export * from "./risky-card-view.ts";
export * from "./challenge-card.ts";
export * from "./health/index.ts";
export * from "./result-cards.ts";
export * from "./apply-requests.ts";
export * from "./activation-cards.ts";
export * from "./session-card.ts";
export * from "./request-card.ts";

/**
 * Every `data-action` the card templates use; the glue dispatches exactly these. With each, the
 * element carries `data-index` and `data-role` where they apply, and the card root carries
 * `data-version` (the `expectedVersion` of the transition).
 *
 * - `select-die` (`data-index`, `data-role` precision | effect | second) → `selectDie`
 * - `confirm-effect` → `effectChainNeeded(…, "effect")`, roll the chain if asked, `confirmEffect`
 * - `confirm-second` → `effectChainNeeded(…, "second")`, roll the chain if asked, `confirmSecondHit`
 * - `allow-effect` (GM, Reaction) → `allowEffect(…, !state.gmAllowsEffect, …)`
 * - `allow-success` (GM, a Fail: R-RA-1 "succeed, but worse") → `allowSuccess(…, !state.gmAllowsSuccess, …)`
 * - `undo-ego` → restore the Ego on the actor, `undoEgo`
 * - `apply-effect` / `apply-second` → apply to the targeted Challenge (directly or via the GM), `recordApplied`
 * - `apply-harm` (Challenge card) → R-HARM-1…5 on the targeted character, `recordHarm`
 * - `tesla-backlash` (Risky card, a Fail with Tesla's +1d) → R-ADV-2 the 2d Effect on the roller's character
 * - `undo-session` (session card, GM) → R-XP-1 take the award back, `claimSessionUndo` / `recordSessionUndo`
 * - `roll-request` (request card, `data-index`) → open the row's roll dialog preset to the request (or roll the Fortune die)
 * - `show-answer` (request card, `data-message-id`) → scroll the chat log to the card that answered a row
 */
export const CARD_ACTIONS = [
  "select-die",
  "confirm-effect",
  "confirm-second",
  "allow-effect",
  "allow-success",
  "undo-ego",
  "apply-effect",
  "apply-second",
  "apply-harm",
  "tesla-backlash",
  "undo-session",
  "roll-request",
  "show-answer",
] as const;

export type CardAction = (typeof CARD_ACTIONS)[number];

export function isCardAction(value: string): value is CardAction {
  return (CARD_ACTIONS as readonly string[]).includes(value);
}
