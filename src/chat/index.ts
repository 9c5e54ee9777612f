/**
 * The chat cards, pure: their state machines (kept in the chat message's flags), their view models
 * (the Handlebars templates' contexts) and who may do what. The Foundry glue renders
 * `templates/chat/*.hbs` with these views and dispatches the buttons' `data-action`s: each kind of
 * card, its state and its actions are declared in ./card-kinds.ts.
 */
export * from "./permissions.ts";
export * from "./risky-card.ts";
export * from "./risky-card-view.ts";
export * from "./applied.ts";
export * from "./card-views.ts";
export * from "./challenge-card.ts";
export * from "./health/index.ts";
export * from "./result-cards.ts";
export * from "./activation-cards.ts";
export * from "./session-card.ts";
export * from "./request-card.ts";
export * from "./card-kinds.ts";
export * from "./legacy-risky-card.ts";
export * from "./legacy-effect-card.ts";
export * from "./legacy-montage-card.ts";
export * from "./provenance.ts";
