/**
 * What the character sheet needs only once it is open — its context builder, drops, the creation and
 * advancement helpers, the activation and Legacy actions — gathered in one module the sheet loads on
 * first use (./lazy.ts), so none of it is in the startup bundle.
 */
export { characterSheetContext } from "./character-context.ts";
export { activateAdvancement, endScene, endSceneEffect } from "./character-activation-actions.ts";
export { advancementRoll, developSkill, endLegacySession, legacyRecover, refillLegacyEgo, rollLegacyCreation, setLegacyRating, takeLegacyHarm, toggleLegacyWound } from "./character-legacy-actions.ts";
export { addDroppedItem } from "./character-drop.ts";
export { askRest } from "./ask-rest.ts";
export { applyRatings, chooseSplit, rollRatings, rollStartingEgo, rollStartingGrit, takeAdvancement } from "./character-creation-actions.ts";
