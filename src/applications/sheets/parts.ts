/**
 * The sheets' template paths, in one place: the Foundry sheets build their static PARTS from these,
 * and the sandbox page and the tests render the same files with the same contexts. Paths are relative
 * to the system's folder (`templates/...`); `systemPath` makes the path Foundry loads
 * (`systems/terran-engine/templates/...`), which is also the name a partial is registered under.
 */
import { HEALTH_PARTIALS } from "../health/sheet.ts";

export { systemPath } from "../../system-id.ts";

export const CHARACTER_SHEET_PARTS = {
  header: "templates/sheets/character/header.hbs",
  tabs: "templates/sheets/character/tabs.hbs",
  main: "templates/sheets/character/main.hbs",
  items: "templates/sheets/character/items.hbs",
  biography: "templates/sheets/character/biography.hbs",
} as const;

/** What a viewer with limited permission sees of a character. */
export const CHARACTER_LIMITED_PARTS = ["header"] as const satisfies readonly (keyof typeof CHARACTER_SHEET_PARTS)[];

export const CHALLENGE_SHEET_PARTS = {
  header: "templates/sheets/challenge/header.hbs",
  main: "templates/sheets/challenge/main.hbs",
  forecast: "templates/sheets/challenge/forecast.hbs",
  notes: "templates/sheets/challenge/notes.hbs",
} as const;

/** What a viewer with limited permission sees of a Challenge: name, image and tier (the header). */
export const CHALLENGE_LIMITED_PARTS = ["header"] as const satisfies readonly (keyof typeof CHALLENGE_SHEET_PARTS)[];

export const ITEM_SHEET_PARTS = {
  header: "templates/sheets/item/header.hbs",
  weapon: "templates/sheets/item/weapon.hbs",
  armour: "templates/sheets/item/armour.hbs",
  advancement: "templates/sheets/item/advancement.hbs",
  condition: "templates/sheets/item/condition.hbs",
  description: "templates/sheets/item/description.hbs",
} as const;

export type ItemSheetType = "weapon" | "armour" | "advancement" | "condition";

/** What a viewer with limited permission sees of an item: name, image, type and description; no mechanics. */
export const ITEM_LIMITED_PARTS = [
  "header",
  "description",
] as const satisfies readonly (keyof typeof ITEM_SHEET_PARTS)[];

/** The parts an item sheet of this type renders, in order. */
export function itemSheetParts(type: ItemSheetType): (keyof typeof ITEM_SHEET_PARTS)[] {
  return ["header", type, "description"];
}

/**
 * Partials the part templates include with `{{> "systems/terran-engine/templates/sheets/partials/…"}}`;
 * each health model names its own.
 */
export const SHEET_PARTIALS: readonly string[] = [
  "templates/sheets/partials/item-row.hbs",
  "templates/sheets/partials/held-skills.hbs",
  "templates/sheets/partials/dice-modifiers.hbs",
  "templates/sheets/partials/flags.hbs",
  "templates/sheets/partials/prose.hbs",
  "templates/sheets/partials/thrown.hbs",
  ...HEALTH_PARTIALS,
];

/**
 * Every sheet template, relative (the tests read them all). A function, not a list built at load: only
 * the tests ask, and a list spread from `Object.values` would be built, and shipped, anyway.
 */
export function allSheetTemplates(): string[] {
  return [
    ...Object.values(CHARACTER_SHEET_PARTS),
    ...Object.values(CHALLENGE_SHEET_PARTS),
    ...Object.values(ITEM_SHEET_PARTS),
    ...SHEET_PARTIALS,
  ];
}
