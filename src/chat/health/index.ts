/**
 * The Challenge card's harm records, one half per health model: Grit and the wound tracks (./grit.ts,
 * stored under `harm`) and hit points (./hp.ts, under `hpHarm`). A card may hold records of both (it
 * outlives a change of the world's ruleset), so the card checks and shows every list it holds; each
 * model's GM step (src/documents/health/) records through its own half. Nothing here asks which model
 * the world's ruleset has.
 */
export * from "./grit.ts";
export * from "./hp.ts";
