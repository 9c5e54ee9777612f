/** The chat cards, pure: state machines, views and permissions; each kind is declared in ./card-kinds.ts. */
export * from "./permissions.ts";
export * from "./risky-card.ts";
export * from "./risky-card-view.ts";
export * from "./applied.ts";
export * from "./card-views.ts";
export * from "./challenge-card.ts";
export * from "./health/index.ts";
export * from "./result-cards.ts";
export * from "./activation-cards.ts";
export * from "./panic-card.ts";
export * from "./session-card.ts";
export * from "./request-card.ts";
export * from "./card-kinds.ts";
export * from "./legacy-risky-card.ts";
export * from "./legacy-effect-card.ts";
export * from "./legacy-montage-card.ts";
export * from "./provenance.ts";
