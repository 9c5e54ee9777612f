/**
 * The sheets the sandbox shows: the fixture actors and items of tests/fixtures/sheets.ts rendered with
 * the sheets' own pure context builders and template parts (src/applications/sheets/), part after
 * part in the window content, as HandlebarsApplicationMixin renders a sheet's PARTS.
 *
 * The window's classes and default size are read from each sheet's DEFAULT_OPTIONS in its source (the
 * sheet classes import Foundry, so they cannot be loaded here); `sheet` is the class Foundry's
 * document sheets add.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { challengeSheetContext } from "../src/applications/sheets/challenge/challenge-context.ts";
import { characterSheetContext } from "../src/applications/sheets/character/character-context.ts";
import type { ChallengeSheetInput, CharacterSheetInput, ItemSheetInput } from "../src/applications/sheets/inputs.ts";
import { itemSheetContext } from "../src/applications/sheets/item/item-context.ts";
import {
  CHALLENGE_LIMITED_PARTS,
  CHALLENGE_SHEET_PARTS,
  CHARACTER_LIMITED_PARTS,
  CHARACTER_SHEET_PARTS,
  ITEM_SHEET_PARTS,
  itemSheetParts,
} from "../src/applications/sheets/parts.ts";
import {
  advancementSheet,
  armourSheet,
  brainwaveCharacter,
  conditionSheet,
  deadCharacter,
  busyCharacter,
  forecastChallenge,
  freshCharacter,
  LIMITED,
  lostCharacter,
  mortalCharacter,
  multiFacetChallenge,
  OBSERVER,
  obsessiveCharacter,
  obsessiveFocusSheet,
  seasonedCharacter,
  skilledCharacter,
  v062CreationCharacter,
  weaponSheet,
} from "../tests/fixtures/sheets.ts";
import { currentLanguage, render } from "./templates.ts";
import { GM_LINK_SCENES } from "./gm-links.ts";
import { legacyFreshCharacter, legacySeasonedCharacter } from "../tests/fixtures/legacy-sheets.ts";

export interface SheetScene {
  readonly id: string;
  /** What the sandbox's index calls it. */
  readonly title: string;
  /** The window's title (the document's name). */
  readonly windowTitle: string;
  /** The application's classes on the window element. */
  readonly classes: readonly string[];
  readonly width: number;
  readonly height: number;
  /** A narrow width it must still fit. */
  readonly narrow: number;
  /** The window content: every part, in order. */
  readonly render: () => string;
  /** A character sheet's fixture: its roll buttons open the roll dialog for it (sandbox/sheet-rolls.ts). */
  readonly character?: CharacterSheetInput;
}

/** A part as Foundry inserts it: its root element marked with `data-application-part`. */
function part(name: string, html: string): string {
  return html.replace(/^(\s*(?:<!--[\s\S]*?-->\s*)*<[a-zA-Z][\w-]*)/, `$1 data-application-part="${name}"`);
}

/** Renders `parts` (name → "templates/…" path) with one context. */
function renderParts(parts: Readonly<Record<string, string>>, names: readonly string[], context: object): string {
  return names
    .map((name) => {
      const path = parts[name];
      if (!path) throw new Error(`no part ${name}`);
      return part(name, render(path.replace(/^templates\//, ""), context));
    })
    .join("\n");
}

interface WindowOptions {
  readonly classes: readonly string[];
  readonly width: number;
  readonly height: number;
  readonly narrow: number;
}

/** `classes` and `position` of a sheet's DEFAULT_OPTIONS, read from `src/applications/sheets/<file>`. */
function windowOptions(file: string, narrow: number): WindowOptions {
  const source = readFileSync(resolve(import.meta.dirname, "../src/applications/sheets", file), "utf8");
  const classes = /DEFAULT_OPTIONS\s*=\s*\{[\s\S]*?classes:\s*\[([^\]]*)\]/.exec(source)?.[1];
  const position = /DEFAULT_OPTIONS\s*=\s*\{[\s\S]*?position:\s*\{\s*width:\s*(\d+),\s*height:\s*(\d+)\s*\}/.exec(
    source,
  );
  if (classes === undefined || !position)
    throw new Error(`sandbox: cannot read DEFAULT_OPTIONS.classes/position in ${file}`);
  const names = [...classes.matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? "");
  return { classes: ["sheet", ...names], width: Number(position[1]), height: Number(position[2]), narrow };
}

const CHARACTER = windowOptions("character/character-sheet.ts", 520);
const CHALLENGE = windowOptions("challenge/challenge-sheet.ts", 480);
const ITEM = windowOptions("item/item-sheet.ts", 360);

export function characterScene(id: string, title: string, input: CharacterSheetInput): SheetScene {
  const names = input.permissions.limited ? CHARACTER_LIMITED_PARTS : Object.keys(CHARACTER_SHEET_PARTS);
  return {
    id,
    title,
    windowTitle: input.name,
    ...CHARACTER,
    render: () => renderParts(CHARACTER_SHEET_PARTS, names, characterSheetContext(input)),
    character: input,
  };
}

/** The forecast's figures in the page's language, as the sheet passes the client's (`game.i18n.lang`). */
function inPageLanguage(input: ChallengeSheetInput): ChallengeSheetInput {
  return input.forecast ? { ...input, forecast: { ...input.forecast, locale: currentLanguage() } } : input;
}

function challengeScene(id: string, title: string, input: ChallengeSheetInput): SheetScene {
  const names = input.permissions.limited ? CHALLENGE_LIMITED_PARTS : Object.keys(CHALLENGE_SHEET_PARTS);
  return {
    id,
    title,
    windowTitle: input.name,
    ...CHALLENGE,
    render: () => renderParts(CHALLENGE_SHEET_PARTS, names, challengeSheetContext(inPageLanguage(input))),
  };
}

function itemScene(id: string, title: string, input: ItemSheetInput): SheetScene {
  return {
    id,
    title,
    windowTitle: input.name,
    ...ITEM,
    render: () => renderParts(ITEM_SHEET_PARTS, itemSheetParts(input.item.type), itemSheetContext(input)),
  };
}

export const SHEETS: readonly SheetScene[] = [
  characterScene("character-fresh", "Character: fresh, in creation", freshCharacter()),
  characterScene("character-seasoned", "Character: seasoned, wounded", seasonedCharacter()),
  characterScene(
    "character-seasoned-items",
    "Character: seasoned, items tab",
    seasonedCharacter("core", { ui: { activeTab: "items", expanded: ["advDieHard000001"] } }),
  ),
  characterScene("character-long-items", "Character: 200 items, items tab (compact rows, three opened)", {
    ...busyCharacter(200),
    ui: { ...busyCharacter(200).ui, activeTab: "items" },
  }),
  characterScene(
    "character-seasoned-biography",
    "Character: seasoned, biography tab",
    seasonedCharacter("core", { ui: { activeTab: "biography" } }),
  ),
  characterScene(
    "character-seasoned-play",
    "Character: seasoned, play mode (maxima, dice counts, XP and ratings shown, not edited)",
    seasonedCharacter("core", { ui: { editing: false } }),
  ),
  characterScene("character-degenesis", "Character: seasoned, Degenesis ruleset", seasonedCharacter("degenesis")),
  characterScene("character-v062-skills", "Character: v0.6.2, the Skills block (edit mode)", skilledCharacter()),
  characterScene(
    "character-v062-creation",
    "Character: v0.6.2 in creation (Clergy, one skill held, the extra die rolled)",
    v062CreationCharacter(
      { heldSkills: ["religion"] },
      { ui: { creation: { roll: { insight: 6, prowess: 2, resolve: 4 }, shares: {}, skillRoll: 4 } } },
    ),
  ),
  characterScene(
    "character-v062-creation-spacer",
    "Character: v0.6.2 in creation, Spacer (two groups to choose)",
    v062CreationCharacter({ archetype: "spacer" }),
  ),
  characterScene(
    "character-v062-creation-no-skills",
    "Character: v0.6.2 in creation without skills (the extra attribute point)",
    v062CreationCharacter({}, { withoutSkills: true, ready: true }),
  ),
  characterScene(
    "character-v062-keepsakes",
    "Character: v0.6.2, biography tab (trinket, patch and picture)",
    v062CreationCharacter(
      { keepsakes: { trinket: "A brass compass", patch: "Ceres Yards", picture: "" } },
      { ui: { activeTab: "biography" } },
    ),
  ),
  characterScene("character-obsessive", "Character: Obsessive Focus taken (ratings shifted)", obsessiveCharacter()),
  characterScene(
    "character-obsessive-items",
    "Character: Obsessive Focus, items tab (its shift)",
    obsessiveCharacter("core", { ui: { activeTab: "items", expanded: ["condObsessive001"] } }),
  ),
  characterScene("character-brainwave", "Character: an activated Brainwave (items tab)", brainwaveCharacter()),
  characterScene("character-mortal", "Character: Mortally Wounded", mortalCharacter()),
  characterScene("character-dead", "Character: dead", deadCharacter()),
  characterScene("character-lost", "Character: lost", lostCharacter()),
  characterScene("character-legacy", "Character: Legacy ruleset, Critically Wounded", legacySeasonedCharacter()),
  characterScene("character-legacy-fresh", "Character: Legacy ruleset, fresh (creation roll)", legacyFreshCharacter()),
  challengeScene("challenge", "Challenge: multi-facet (GM)", multiFacetChallenge()),
  // Taller than the sheet opens, so the screenshot shows the whole panel (the window scrolls in Foundry).
  {
    ...challengeScene(
      "challenge-forecast",
      "Challenge: the GM's forecast panel (a character's approach)",
      forecastChallenge(),
    ),
    height: 1020,
  },
  challengeScene(
    "challenge-player",
    "Challenge: multi-facet (a player, observer)",
    multiFacetChallenge("core", OBSERVER),
  ),
  challengeScene("challenge-limited", "Challenge: limited permission", multiFacetChallenge("core", LIMITED)),
  itemScene("item-weapon", "Item: weapon", weaponSheet()),
  itemScene("item-armour", "Item: armour", armourSheet()),
  itemScene("item-advancement", "Item: advancement", advancementSheet()),
  itemScene("item-condition", "Item: condition", conditionSheet()),
  itemScene("item-condition-obsessive", "Item: Obsessive Focus with its shift", obsessiveFocusSheet()),
  // Roll links and token states: a journal page with roll links, a token's states (sandbox/gm-links.ts).
  ...GM_LINK_SCENES,
];
