/**
 * The plain inputs of the sheets' pure context builders (character-context.ts, challenge-context.ts,
 * item-context.ts). The Foundry sheets gather them from their document; the sandbox and the tests
 * build them by hand (tests/fixtures/sheets.ts). No Foundry here: only stored shapes and rule ids.
 */
import type { Attribute, CreationRoll, PanicMark, RulesetId, SceneEffect } from "../../rules/index.ts";
import type { ChallengeSource, CharacterSource, ItemSnapshot } from "../../data/source.ts";
import type { ForecastCharacter, ForecastChoices } from "./challenge/challenge-forecast.ts";

/** What the viewing user may do with the document. */
export interface SheetPermissions {
  /** The sheet may change the document (an owner, or the GM). */
  readonly editable: boolean;
  /** The user owns the document. */
  readonly owner: boolean;
  /** Limited permission: the sheet shows the name, the image (and a Challenge's tier) only. */
  readonly limited: boolean;
  readonly isGM: boolean;
}

/** An embedded item as a sheet lists it: its snapshot, image, sort order and enriched description. */
export type SheetItem = ItemSnapshot & {
  readonly img: string;
  readonly sort: number;
  /** The description as enriched HTML (Foundry's TextEditor); shown as is when the row is expanded. */
  readonly enrichedDescription: string;
};

/** The character sheet's tabs (core's `static TABS` and the pure context list the same). */
export const CHARACTER_TABS = ["main", "items", "biography"] as const;
export type CharacterTab = (typeof CHARACTER_TABS)[number];
/** Each tab's label (an i18n key; written out so the key check sees them). */
export const CHARACTER_TAB_LABELS: Readonly<Record<CharacterTab, string>> = {
  main: "TERRAN.Sheet.Tabs.main",
  items: "TERRAN.Sheet.Tabs.items",
  biography: "TERRAN.Sheet.Tabs.biography",
};

export function isCharacterTab(id: unknown): id is CharacterTab {
  return typeof id === "string" && (CHARACTER_TABS as readonly string[]).includes(id);
}

/** The creation helper's draft (R-CHAR-4): the group dice once rolled and the player's shares so far. */
export interface CreationDraft {
  readonly roll: CreationRoll | null;
  readonly shares: Readonly<Partial<Record<Attribute, number>>>;
  /** R-V-6 the extra skills die's face, kept on the actor; absent or null: not rolled. */
  readonly skillRoll?: number | null;
  /** R-V-4 the attribute the no-skills point went to (the actor's flag); absent or null: not given. */
  readonly point?: Attribute | null;
}

/** The sheet's own state between renders (not stored on the document). */
export interface CharacterSheetUi {
  readonly activeTab: CharacterTab;
  /** Ids of the item rows opened to show their text. */
  readonly expanded: readonly string[];
  readonly creation: CreationDraft;
  /**
   * Play or edit mode (the owner's toggle, remembered per user and sheet): in play mode the values a
   * player does not type during play — maxima, Grit and Ego dice counts, XP, ratings outside creation —
   * are shown, not edited. Absent: edit mode, the sheet as it always was.
   */
  readonly editing?: boolean;
}

export interface CharacterSheetInput {
  readonly name: string;
  readonly img: string;
  readonly uuid: string;
  readonly system: CharacterSource;
  readonly items: readonly SheetItem[];
  readonly rulesetId: RulesetId;
  /** R-LEG-3 (setting) the world plays its ruleset without skills (the sheet shows none); absent: as written. */
  readonly withoutSkills?: boolean;
  readonly permissions: SheetPermissions;
  /** Biography and notes as enriched HTML (for reading when the sheet is not editable). */
  readonly enriched: { readonly biography: string; readonly notes: string };
  readonly ui: CharacterSheetUi;
  /**
   * R-ADV-1 / R-ADV-2 the activated advancements' effects until the scene ends (the actor's flag); none when absent.
   */
  readonly scene?: readonly SceneEffect[];
  /** R-V-8 the state a Panic left the character in until the scene ends (the actor's flag); none when absent. */
  readonly panic?: PanicMark | null;
  /**
   * R-SAY-1 / R-LEG-15 for a departed character: a successor was started already (the actor's flag), and
   * the viewer may create characters (a GM, or Foundry's "Create New Actors"). Absent: none started, and
   * only a GM may.
   */
  readonly successor?: { readonly started: boolean; readonly mayCreate: boolean };
  /** R-LEG-2 the four attributes were rolled once (the actor's flag): only a GM rolls again. Absent: not yet. */
  readonly legacyCreationRolled?: boolean;
}

export interface ChallengeSheetInput {
  readonly name: string;
  readonly img: string;
  readonly uuid: string;
  readonly system: ChallengeSource;
  readonly rulesetId: RulesetId;
  /** R-CH-6 the world's house rule "Challenges may have armour" (off by default; Legacy ignores it). */
  readonly challengeArmour: boolean;
  /** The viewer's language, for the odds' figures; absent: English. */
  readonly locale?: string;
  readonly permissions: SheetPermissions;
  /** GM notes as enriched HTML ("" for players: the field is GM-only). */
  readonly enriched: { readonly notes: string };
  /**
   * The GM's forecast panel (challenge-forecast.ts): its state, and the characters to pick from. Ignored for players.
   */
  readonly forecast?: ChallengeForecastInput;
}

/** What the forecast panel needs besides the Challenge (gathered only for the GM, only while it is open). */
export interface ChallengeForecastInput {
  readonly open: boolean;
  readonly choices: ForecastChoices;
  readonly characters: readonly ForecastCharacter[];
  /** R-RA-2 setting (default on). */
  readonly singleDieServesBoth: boolean;
  /** The client's language (`game.i18n.lang`): the figures are written its way. */
  readonly locale: string;
}

export interface ItemSheetInput {
  readonly name: string;
  readonly img: string;
  readonly uuid: string;
  /** The item's type and stored data (id and name as the snapshot has them). */
  readonly item: ItemSnapshot;
  readonly rulesetId: RulesetId;
  readonly permissions: SheetPermissions;
  /** The description as enriched HTML. */
  readonly enriched: { readonly description: string };
  /** The owning actor's name, if the item is embedded. */
  readonly ownerName: string | null;
}

/** The default sheet UI state. */
export function defaultCharacterUi(over: Partial<CharacterSheetUi> = {}): CharacterSheetUi {
  return { activeTab: "main", expanded: [], creation: { roll: null, shares: {} }, ...over };
}
