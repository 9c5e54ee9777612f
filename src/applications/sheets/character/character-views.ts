/**
 * What the character sheet's templates are given: the view types the pure context builder
 * (character-context.ts) returns, and the tabs in core's ApplicationTab shape. Pure: no Foundry.
 */
import type { HeldSkillsView } from "./held-skills-view.ts";
import type { Attribute, Group, WoundTrack } from "../../../rules/index.ts";
import { message, type ButtonView, type Message } from "../common.ts";
import { CHARACTER_TAB_LABELS, CHARACTER_TABS, type CharacterTab, type SheetItem } from "../inputs.ts";
import type { Chip } from "../item-labels.ts";
import type { ActivationRowView, SceneView } from "./character-activation.ts";

// ---------------------------------------------------------------------------------------------
// The view

/** One tab of the character sheet, as core's ApplicationTab has it (label: an i18n key). */
export interface TabView {
  readonly id: CharacterTab;
  readonly group: "primary";
  readonly label: string;
  readonly active: boolean;
  readonly cssClass: string;
}

/** The character sheet's tabs with `active` open (core's TABS lists the same ids: character-sheet.ts). */
export function characterTabs(active: CharacterTab): Record<CharacterTab, TabView> {
  const entries = CHARACTER_TABS.map((id): [CharacterTab, TabView] => {
    const on = id === active;
    return [id, { id, group: "primary", label: CHARACTER_TAB_LABELS[id], active: on, cssClass: on ? "active" : "" }];
  });
  return Object.fromEntries(entries) as Record<CharacterTab, TabView>;
}

export interface CircleView {
  /** 1–4: the circle's place in its row. */
  readonly index: number;
  readonly filled: boolean;
  /** The first circle of a row: fenced off, read vertically it gives the Save (R-CHAR-3). */
  readonly fenced: boolean;
  /** The rating a click sets (a filled top circle clears itself). */
  readonly sets: number;
  /** The circle of the current rating: the checked radio of its row's radio group. */
  readonly current: boolean;
  /** The row's one Tab stop: the checked radio, or the first when the rating is 0 (WAI-ARIA radio group). */
  readonly tabStop: boolean;
  /** Its name as a radio ("Rating 3"); the tooltip says what a click does. */
  readonly label: Message;
  readonly button: ButtonView;
}

/** A roll the sheet offers: what `TerranEngine.roll` is asked for, and the Light Dice it starts from. */
export interface RollView extends ButtonView {
  /** An attribute id, `save:<group>` or a weapon's item id. */
  readonly what: string;
  /** The Light Dice before situational choices (wounds, Danger sense, Mortally Wounded applied). */
  readonly light: number;
  /** Drag it to the hotbar for a macro (only when the roll is open). */
  readonly draggable: boolean;
}

export interface AttributeView {
  readonly id: Attribute;
  readonly labelKey: string;
  readonly value: number;
  readonly circles: readonly CircleView[];
  readonly roll: RollView;
}

/**
 * What the badge beside a Save says: an i18n key taking {save} and {light}, and the wound behind a change (or null).
 */
export interface SaveBadgeView {
  readonly key: string;
  readonly reasonKey: string | null;
}

export interface GroupView {
  readonly id: Group;
  readonly labelKey: string;
  readonly attributes: readonly AttributeView[];
  readonly save: {
    readonly labelKey: string;
    readonly value: number;
    readonly max: number;
    readonly pips: readonly { readonly filled: boolean }[];
    readonly roll: RollView;
    readonly badge: SaveBadgeView;
  };
  /** R-HARM-4 the wound that costs this group a die, or null. */
  readonly penalty: Message | null;
  /** A marked track whose penalty an advancement cancels (Could be worse, Unyielding), or null. */
  readonly ignored: Message | null;
}

export interface TrackView {
  readonly value: number;
  readonly max: number;
  /** The track's stored dice count (editable) and the dice its roll throws (advancements applied). */
  readonly dice: number;
  readonly thrown: number;
  /** "rolls 2d", or "rolls 2d (Die Hard +1)" when an advancement changes the count. */
  readonly thrownText: {
    readonly key: string;
    readonly value: number;
    /** The advancement's name key and the dice it adds, or null. */
    readonly source: string | null;
    readonly diff: string;
  };
  readonly percent: number;
  /** The input limits. */
  readonly limits: { readonly valueMax: number; readonly maxMax: number };
}

export interface WoundView {
  readonly id: WoundTrack;
  readonly labelKey: string;
  readonly marked: boolean;
  /** "−1d to Insight rolls" */
  readonly effect: Message;
  readonly ignored: Message | null;
  readonly toggle: ButtonView;
}

export interface BannerView {
  readonly kind: "mortal" | "dead" | "lost" | "sayonara" | "departed";
  readonly title: Message;
  readonly text: Message;
}

export interface ItemRowView {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly type: SheetItem["type"];
  readonly expanded: boolean;
  /** Drawn in full (chips, controls): every row of a short list; only an opened row on a long sheet. */
  readonly full: boolean;
  readonly hasDescription: boolean;
  readonly enrichedDescription: string;
  readonly chips: readonly Chip[];
  readonly moveUp: ButtonView;
  readonly moveDown: ButtonView;
  readonly remove: ButtonView;
  /** Weapons and armour: the equipped toggle. */
  readonly equip: { readonly shown: boolean; readonly equipped: boolean; readonly button: ButtonView };
  /** Weapons: the roll button. */
  readonly roll: RollView | null;
  /** Armour: a sacrificed shield. */
  readonly destroyed: boolean;
  /** R-ADV-1 / R-ADV-2 Brainwave, Nova: the Activate button and what is active until the scene ends. */
  readonly activation: ActivationRowView;
}

export interface ItemListView {
  readonly id: "advancements" | "conditions" | "weapons" | "armour";
  readonly labelKey: string;
  readonly emptyKey: string;
  readonly rows: readonly ItemRowView[];
  readonly create: ButtonView & { readonly type: SheetItem["type"] };
}

export interface ShareOptionView {
  readonly first: number;
  readonly second: number;
  readonly selected: boolean;
  readonly label: Message;
}

export interface CreationGroupView {
  readonly id: Group;
  readonly labelKey: string;
  readonly face: number;
  readonly points: number;
  readonly firstLabelKey: string;
  readonly secondLabelKey: string;
  readonly options: readonly ShareOptionView[];
}

export interface CreationChoiceView {
  readonly id: string;
  readonly labelKey: string;
  readonly selected: boolean;
}

/** R-V-2 the archetype's two groups, or for Spacer and one's own the two chosen with the GM. */
export interface CreationArchetypeView {
  readonly done: boolean;
  /** The groups' label keys once known. */
  readonly groupKeys: readonly string[];
  /** What is owed while not done. */
  readonly owed: Message | null;
  /** Two selects and the button that stores them; null for an archetype that names its groups. */
  readonly choose: {
    readonly first: readonly CreationChoiceView[];
    readonly second: readonly CreationChoiceView[];
    readonly set: ButtonView;
  } | null;
}

export interface SkillChoicesView {
  readonly labelKey: string;
  readonly skills: readonly { readonly id: string; readonly labelKey: string }[];
}

/** R-V-6 one of an archetype group's skills: the held one that fills it, or a select of the group's. */
export interface CreationFirstSkillView {
  readonly group: string;
  readonly groupKey: string;
  readonly held: { readonly labelKey: string | null; readonly labelText: string } | null;
  readonly options: readonly { readonly id: string; readonly labelKey: string }[];
  readonly take: ButtonView;
}

/** R-V-6 the skills owed: one per archetype group, the extra die's, Expert's. */
export interface CreationSkillsView {
  readonly done: boolean;
  readonly firsts: readonly CreationFirstSkillView[];
  /** Why the firsts are not offered yet (the archetype step is owed); null once they are. */
  readonly firstsOwed: Message | null;
  readonly rolled: boolean;
  readonly roll: ButtonView;
  /** "Extra die: {face}" once rolled. */
  readonly face: Message | null;
  readonly more: {
    /** The die's and Expert's together. */
    readonly owed: number;
    readonly taken: number;
    readonly expert: number;
    readonly text: Message;
    readonly choices: readonly SkillChoicesView[];
    readonly take: ButtonView;
  };
}

/** R-V-4 (ruling) without skills: one more point to an attribute below 4. */
export interface CreationPointView {
  readonly done: boolean;
  /** The attribute it went to; "" before. */
  readonly givenKey: string;
  readonly options: readonly { readonly id: Attribute; readonly labelKey: string; readonly take: ButtonView }[];
}

export interface CreationView {
  readonly shown: boolean;
  readonly introKey: string;
  /** R-V-2; null where the ruleset's archetypes name no skill groups (or the world plays without skills). */
  readonly archetype: CreationArchetypeView | null;
  /** R-V-6; null without held skills. */
  readonly skills: CreationSkillsView | null;
  /** R-V-4; null where the ruleset gives no point in place of skills. */
  readonly point: CreationPointView | null;
  /** R-V-1 step 7: the trinket, patch and picture of the biography tab. */
  readonly keepsakes: boolean;
  /** R-V-6 (ruling) Expert's skills still owed once creation has ended; null otherwise. */
  readonly afterCreation: CreationSkillsView | null;
  readonly ratings: {
    readonly done: boolean;
    readonly rolled: boolean;
    readonly roll: ButtonView;
    readonly groups: readonly CreationGroupView[];
    readonly apply: ButtonView;
  };
  readonly grit: { readonly done: boolean; readonly value: number; readonly roll: ButtonView };
  readonly ego: { readonly done: boolean; readonly value: number; readonly roll: ButtonView };
  readonly advancement: {
    readonly options: readonly { readonly key: string; readonly labelKey: string; readonly take: ButtonView }[];
  };
}

export interface IdentityView {
  readonly kind: "list" | "identity";
  /** Core: the archetype select (the ruleset's list, plus the stored free text if any). */
  readonly archetype: {
    readonly value: string;
    readonly options: readonly {
      readonly value: string;
      readonly label: Message;
      readonly text: string;
      readonly selected: boolean;
      /** R-V-2 the skill groups it names, beside its name (empty: none or chosen with the GM). */
      readonly groupKeys: readonly string[];
    }[];
    /** The archetype as read: a label key, or the player's own words. */
    readonly display: { readonly key: string; readonly text: string };
  };
  /** Degenesis: Culture, Clan, Concept (free text) and the Cult. */
  readonly fields: readonly { readonly name: string; readonly labelKey: string; readonly value: string }[];
  readonly cult: {
    readonly value: string;
    readonly options: readonly {
      readonly value: string;
      readonly label: Message;
      readonly text: string;
      readonly selected: boolean;
    }[];
  };
}

export interface CharacterLimitedView {
  readonly limited: true;
  readonly cssClass: string;
  readonly name: string;
  readonly img: string;
}

export interface CharacterFullView {
  readonly limited: false;
  readonly cssClass: string;
  readonly name: string;
  /** The name, escaped for the portrait's tooltip. */
  readonly nameTooltip: string;
  readonly img: string;
  readonly uuid: string;
  readonly editable: boolean;
  readonly owner: boolean;
  readonly isGM: boolean;
  /** Play or edit mode: `shown` is the toggle (an owner who may edit), `editing` which mode is on. */
  readonly mode: { readonly shown: boolean; readonly editing: boolean };
  readonly ruleset: { readonly id: string; readonly labelKey: string };
  readonly identity: IdentityView;
  readonly banners: readonly BannerView[];
  /**
   * The tabs in the shape of core's ApplicationTab (foundry.applications.types.ApplicationTab), keyed
   * by id as core's `context.tabs`: the nav lists them, each section takes its `cssClass`. Which tab
   * is open is an input (`ui.activeTab`: core's `tabGroups.primary` in Foundry, the fixture here).
   */
  readonly tabs: Readonly<Record<CharacterTab, TabView>>;
  /** The main tab's part, the world's health model's own (applications/health/sheet.ts). */
  readonly main: HealthMainView;
  /** R-V-5 the held skills; null where the world plays without them. */
  readonly heldSkills: HeldSkillsView | null;
  readonly armour: {
    readonly value: number;
    readonly lines: readonly { readonly labelKey: string; readonly value: number }[];
    readonly heavy: boolean;
  };
  readonly xp: {
    readonly value: number;
    readonly nextCost: number;
    readonly advancements: number;
    readonly text: Message;
    readonly affordable: boolean;
  };
  readonly lists: {
    readonly advancements: ItemListView;
    readonly conditions: ItemListView;
    readonly weapons: ItemListView;
    readonly armour: ItemListView;
  };
  /** R-ADV-1 / R-ADV-2 what is active until the scene ends, and the control that ends it (null: nothing is). */
  readonly scene: SceneView | null;
  /** R-SAY-1 the Sayonara button; `shown` false where the ruleset has none (Legacy). */
  readonly sayonara: ButtonView & { readonly declared: boolean; readonly shown: boolean };
  /** R-SAY-1 / R-LEG-15 the departed character's "Start a successor" button; `shown` only once departed. */
  readonly successor: ButtonView & { readonly shown: boolean; readonly free: number };
  readonly biography: {
    readonly name: string;
    readonly value: string;
    readonly enriched: string;
    readonly editable: boolean;
    readonly labelKey: string;
  };
  readonly notes: {
    readonly name: string;
    readonly value: string;
    readonly enriched: string;
    readonly editable: boolean;
    readonly labelKey: string;
  };
  /** R-V-1 (ruling) the trinket, patch and picture; null where the ruleset asks for none. */
  readonly keepsakes: {
    readonly editable: boolean;
    readonly fields: readonly { readonly name: string; readonly labelKey: string; readonly value: string }[];
  } | null;
}

/**
 * What every health model's main part gives the rest of the sheet; the model's own fields ride along for its
 * partial (applications/health/grit-sheet.ts, hp-sheet.ts).
 */
export interface HealthMainView {
  /** The model's partial of the main tab (a Foundry path), drawn with this part as its context. */
  readonly partial: string;
  /** Its creation steps are open (the sheet's `is-creating`). */
  readonly creating: boolean;
  /** R-XP-2 what XP buys, said in the header and on the items tab. */
  readonly xp: { readonly text: Message; readonly affordable: boolean };
  readonly mortalBannerKey: string;
  /** Its controls by move id, for Token Action HUD (applications/health/moves.ts). */
  readonly moves: Readonly<Record<string, ButtonView>>;
  /** Every roll it draws, for Token Action HUD. */
  readonly rolls: readonly RollView[];
}

export type CharacterSheetView = CharacterLimitedView | CharacterFullView;

/**
 * R-CHAR-3 what a rating circle is, as a radio of its row's radio group: checked for the current rating,
 * the row's one Tab stop, named by its rating; its tooltip says what a click does — set the rating, or,
 * on the checked circle, lower it by one (so two circles never share "Set the rating to 1").
 */
export function ratingCircle(
  index: number,
  value: number,
  setKey: string,
): Pick<CircleView, "index" | "filled" | "sets" | "current" | "tabStop" | "label"> & { readonly hint: Message } {
  const current = index === value;
  const sets = current ? index - 1 : index;
  return {
    index,
    filled: index <= value,
    sets,
    current,
    tabStop: current || (value <= 0 && index === 1),
    label: message("TERRAN.Sheet.Attributes.rating", index),
    hint: message(current ? "TERRAN.Sheet.Attributes.lowerRating" : setKey, sets),
  };
}
