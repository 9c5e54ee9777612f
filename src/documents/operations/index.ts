/** The pure half of every TerranActor operation (see types.ts). */
export * from "./types.ts";
export * from "./harm.ts";
export * from "./wounds.ts";
export * from "./ego.ts";
export * from "./grit.ts";
export * from "./malaise.ts";
export * from "./advancement.ts";
export * from "./xp.ts";
export * from "./condition.ts";
export * from "./sayonara.ts";
export * from "./successor.ts";
export * from "./creation.ts";
export * from "./gm.ts";
export * from "./challenge.ts";
export * from "./activation.ts";
export * from "./session.ts";
export * from "./skills.ts";
