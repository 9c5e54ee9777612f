/**
 * Registers the system's sheets (as the defaults for their types) and the hotbar hook that turns a
 * dragged attribute, Save or weapon into a roll macro. Called from the `init` hook.
 */
import { SYSTEM_ID } from "../../system-id.ts";
import { CharacterSheet } from "./character/character-sheet.ts";
import { ChallengeSheet } from "./challenge/challenge-sheet.ts";
import { TerranItemSheet } from "./item/item-sheet.ts";
import { onHotbarDrop } from "./hotbar-hook.ts";

export function registerSheets(): void {
  const { Actors, Items } = foundry.documents.collections;
  Actors.registerSheet(SYSTEM_ID, CharacterSheet, {
    types: ["character"],
    makeDefault: true,
    label: "TERRAN.Sheet.Label.character",
  });
  Actors.registerSheet(SYSTEM_ID, ChallengeSheet, {
    types: ["challenge"],
    makeDefault: true,
    label: "TERRAN.Sheet.Label.challenge",
  });
  Items.registerSheet(SYSTEM_ID, TerranItemSheet, {
    types: ["weapon", "armour", "advancement", "condition"],
    makeDefault: true,
    label: "TERRAN.Sheet.Label.item",
  });
  Hooks.on("hotbarDrop", onHotbarDrop);
}
