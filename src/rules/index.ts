/**
 * The Terran Engine's rules, pure TypeScript. Nothing here touches Foundry or the DOM: dice faces
 * are inputs and every function returns new values. Each rule cites its ID from RULES.md.
 */
export * from "./errors.ts";
export * from "./dice.ts";
export * from "./attributes.ts";
export * from "./creation.ts";
export * from "./wounds.ts";
export * from "./mechanics.ts";
export * from "./advancements.ts";
export * from "./activation.ts";
export * from "./conditions.ts";
export * from "./attribute-shift.ts";
export * from "./equipment.ts";
export * from "./pool.ts";
export * from "./resolution.ts";
export * from "./explosion.ts";
export * from "./effect.ts";
export * from "./player-effect.ts";
export * from "./ego.ts";
export * from "./grit.ts";
export * from "./harm.ts";
export * from "./malaise.ts";
export * from "./xp.ts";
export * from "./sayonara.ts";
export * from "./fortune.ts";
export * from "./fairness.ts";
export * from "./challenge.ts";
export * from "./odds.ts";
export * from "./ratings.ts";
export * from "./hp.ts";
export * from "./skill-pool.ts";
export * from "./effect-roll.ts";
export * from "./experience.ts";
export * from "./montage.ts";
export * from "./roll-odds.ts";
export * from "./advice.ts";
export * from "./forecast-action.ts";
export * from "./forecast.ts";
export * from "./rulesets/index.ts";
export * from "./luck.ts";
