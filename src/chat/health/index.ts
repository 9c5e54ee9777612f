/**
 * The Challenge card's harm records, one half per health model. A card may hold both (it outlives a change of
 * ruleset), so the card checks and shows every list it holds.
 */
export * from "./grit.ts";
export * from "./hp.ts";
