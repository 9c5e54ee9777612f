/**
 * The character sheet's pure context builder: from the plain input (stored data, item snapshots,
 * ruleset id, permissions, the sheet's own UI state) compute everything the templates show — the
 * attribute grid with its derived Saves (R-CHAR-3), the pool each roll would start from (wounds,
 * Mortally Wounded), Grit, Ego, wound tracks with their penalties (R-HARM-4), banners, armour
 * (R-HARM-2), XP and the next advancement's cost (R-XP-2), the item lists, the creation helper
 * (R-CHAR-4, R-CHAR-7) — and, for every button, whether it is open and why not.
 *
 * Pure: no Foundry, no DOM. Every visible string is an i18n key (or a user's own text), so the
 * templates need only `localize`.
 */
import {
  advancementRefusal,
  ATTRIBUTE_MAX,
  ATTRIBUTE_TOTAL_CAP,
  attributeTotal,
  buildPool,
  creationPoints,
  egoDiceCount,
  EGO_MAX,
  getRuleset,
  gritDiceCount,
  GROUP_ATTRIBUTES,
  GROUPS,
  SAVE_MAX,
  WOUND_GROUP,
  WOUND_TRACKS,
  woundPenaltyTrack,
  type Attribute,
  type Attributes,
  type DiceModifier,
  type Group,
  type MechanicsFlag,
  type RollTarget,
  type Ruleset,
  weaponAttribute,
  totalWith,
  type WoundTrack,
} from "../../rules/index.ts";
import { deriveCharacter, type CharacterDerived } from "../../data/derived.ts";
import type { CharacterSource } from "../../data/source.ts";
import { bySort, button, message, percentOf, type ButtonView, type Message } from "./common.ts";
import { CHARACTER_TAB_LABEL_PREFIX, CHARACTER_TABS, type CharacterSheetInput, type CharacterTab, type CreationDraft, type SheetItem } from "./inputs.ts";
import { itemChips, type Chip } from "./item-labels.ts";

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
    return [id, { id, group: "primary", label: `${CHARACTER_TAB_LABEL_PREFIX}.${id}`, active: on, cssClass: on ? "active" : "" }];
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
  readonly kind: "mortal" | "dead" | "lost" | "sayonara";
  readonly title: Message;
  readonly text: Message;
}

export interface ItemRowView {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly type: SheetItem["type"];
  readonly expanded: boolean;
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

export interface CreationView {
  readonly shown: boolean;
  readonly ratings: {
    readonly done: boolean;
    readonly rolled: boolean;
    readonly roll: ButtonView;
    readonly groups: readonly CreationGroupView[];
    readonly apply: ButtonView;
  };
  readonly grit: { readonly done: boolean; readonly value: number; readonly roll: ButtonView };
  readonly ego: { readonly done: boolean; readonly value: number; readonly roll: ButtonView };
  readonly advancement: { readonly options: readonly { readonly key: string; readonly labelKey: string; readonly take: ButtonView }[] };
}

export interface IdentityView {
  readonly kind: "list" | "identity";
  /** Core: the archetype select (the ruleset's list, plus the stored free text if any). */
  readonly archetype: {
    readonly value: string;
    readonly options: readonly { readonly value: string; readonly label: Message; readonly text: string; readonly selected: boolean }[];
    /** The archetype as read: a label key, or the player's own words. */
    readonly display: { readonly key: string; readonly text: string };
  };
  /** Degenesis: Culture, Clan, Concept (free text) and the Cult. */
  readonly fields: readonly { readonly name: string; readonly labelKey: string; readonly value: string }[];
  readonly cult: {
    readonly value: string;
    readonly options: readonly { readonly value: string; readonly label: Message; readonly text: string; readonly selected: boolean }[];
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
  readonly img: string;
  readonly uuid: string;
  readonly editable: boolean;
  readonly owner: boolean;
  readonly isGM: boolean;
  readonly ruleset: { readonly id: string; readonly labelKey: string };
  readonly identity: IdentityView;
  readonly banners: readonly BannerView[];
  /**
   * The tabs in the shape of core's ApplicationTab (foundry.applications.types.ApplicationTab), keyed
   * by id as core's `context.tabs`: the nav lists them, each section takes its `cssClass`. Which tab
   * is open is an input (`ui.activeTab`: core's `tabGroups.primary` in Foundry, the fixture here).
   */
  readonly tabs: Readonly<Record<CharacterTab, TabView>>;
  readonly groups: readonly GroupView[];
  readonly attributeTotal: { readonly value: number; readonly cap: number; readonly text: Message };
  readonly grit: TrackView & { readonly rest: ButtonView };
  readonly ego: TrackView & { readonly reset: ButtonView; readonly resetLabelKey: string };
  readonly wounds: readonly WoundView[];
  readonly mortallyWounded: boolean;
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
  readonly creation: CreationView;
  readonly sayonara: ButtonView & { readonly declared: boolean };
  readonly biography: { readonly name: string; readonly value: string; readonly enriched: string; readonly editable: boolean; readonly labelKey: string };
  readonly notes: { readonly name: string; readonly value: string; readonly enriched: string; readonly editable: boolean; readonly labelKey: string };
}

export type CharacterSheetView = CharacterLimitedView | CharacterFullView;

// ---------------------------------------------------------------------------------------------
// Refusals shared by the buttons

interface Gate {
  readonly notEditable: Message | null;
  readonly notOwner: Message | null;
  readonly dead: Message | null;
}

function gates(input: CharacterSheetInput): Gate {
  return {
    notEditable: input.permissions.editable ? null : message("TERRAN.Sheet.Disabled.notEditable"),
    notOwner: input.permissions.owner || input.permissions.isGM ? null : message("TERRAN.Sheet.Disabled.notOwner"),
    dead: input.system.dead ? message("TERRAN.Sheet.Disabled.dead") : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Attributes, Saves and the dice each roll starts from

function lightFor(ruleset: Ruleset, source: CharacterSource, derived: CharacterDerived, target: RollTarget): number {
  // Only the modifiers that always apply; situational ones are ticked in the dialog. A stored modifier
  // of 0 dice changes nothing and is left out (the rules refuse it).
  const modifiers: DiceModifier[] = derived.modifiers.filter((m) => !m.situational && m.dice !== 0);
  return buildPool({ ruleset, target, attributes: source.attributes, wounds: source.wounds, flags: derived.flags, modifiers, dark: 0 }).light;
}

function rollView(what: string, light: number, hint: Message, g: Gate): RollView {
  const b = button(hint, g.notOwner, g.dead);
  return { ...b, what, light, draggable: !b.disabled };
}

/** R-CHAR-5 why setting `attribute` to `value` is refused (the six together would pass 10), or null. */
function ratingRefusal(attributes: Attributes, attribute: Attribute, value: number): Message | null {
  return totalWith(attributes, attribute, value) > ATTRIBUTE_TOTAL_CAP ? message("TERRAN.Sheet.Disabled.attributeTotal", ATTRIBUTE_TOTAL_CAP) : null;
}

function circlesOf(source: CharacterSource, attribute: Attribute, g: Gate): CircleView[] {
  const value = source.attributes[attribute];
  return Array.from({ length: ATTRIBUTE_MAX }, (_, i) => {
    const index = i + 1;
    const sets = value === index ? index - 1 : index;
    const over = ratingRefusal(source.attributes, attribute, sets);
    return {
      index,
      filled: index <= value,
      fenced: index === 1,
      sets,
      button: button(message("TERRAN.Sheet.Attributes.setRating", sets), g.notEditable, over),
    };
  });
}

/** R-HARM-4 the note for a track whose penalty an advancement cancels (Could be worse, Unyielding), or null. */
function ignoredMessage(track: WoundTrack, flags: ReadonlySet<MechanicsFlag>): Message | null {
  if (track === "broken" && flags.has("ignoreBroken")) return message("TERRAN.Sheet.Wounds.ignoredBroken");
  if (track === "weary" && flags.has("ignoreWeary")) return message("TERRAN.Sheet.Wounds.ignoredWeary");
  return null;
}

/** The note under a group: its marked track whose penalty is cancelled, or null. */
function ignoredNote(source: CharacterSource, group: Group, flags: ReadonlySet<MechanicsFlag>): Message | null {
  const track = WOUND_TRACKS.find((t) => WOUND_GROUP[t] === group && source.wounds[t] && ignoredMessage(t, flags) !== null);
  return track ? ignoredMessage(track, flags) : null;
}

function groupsOf(ruleset: Ruleset, source: CharacterSource, derived: CharacterDerived, g: Gate): GroupView[] {
  return GROUPS.map((group) => {
    const track = woundPenaltyTrack(source.wounds, group, {
      ignoreBroken: derived.flags.has("ignoreBroken"),
      ignoreWeary: derived.flags.has("ignoreWeary"),
    });
    const save = derived.saves[group];
    return {
      id: group,
      labelKey: `TERRAN.Group.${group}`,
      attributes: GROUP_ATTRIBUTES[group].map((attribute) => ({
        id: attribute,
        labelKey: `TERRAN.Attribute.${attribute}`,
        value: source.attributes[attribute],
        circles: circlesOf(source, attribute, g),
        roll: rollView(
          attribute,
          lightFor(ruleset, source, derived, { kind: "attribute", attribute }),
          message("TERRAN.Sheet.Roll.attribute"),
          g,
        ),
      })),
      save: {
        labelKey: `TERRAN.Save.${group}`,
        value: save,
        max: SAVE_MAX,
        pips: Array.from({ length: SAVE_MAX }, (_, i) => ({ filled: i < save })),
        roll: rollView(`save:${group}`, lightFor(ruleset, source, derived, { kind: "save", group }), message("TERRAN.Sheet.Roll.save"), g),
      },
      penalty: track ? message(`TERRAN.Sheet.Wounds.penalty.${track}`) : null,
      ignored: ignoredNote(source, group, derived.flags),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Items

function rowsOf(
  input: CharacterSheetInput,
  ruleset: Ruleset,
  derived: CharacterDerived,
  type: SheetItem["type"],
  g: Gate,
): ItemRowView[] {
  const rows = bySort(input.items.filter((i) => i.type === type));
  return rows.map((item, index) => {
    const equipShown = item.type === "weapon" || item.type === "armour";
    const equipped = item.type === "weapon" || item.type === "armour" ? item.system.equipped : false;
    const destroyed = item.type === "armour" && item.system.destroyed;
    let roll: RollView | null = null;
    if (item.type === "weapon") {
      const attribute = weaponAttribute(ruleset, item.system.ranges);
      roll = rollView(item.id, lightFor(ruleset, input.system, derived, { kind: "attribute", attribute }), message("TERRAN.Sheet.Roll.weapon", ""), g);
    }
    return {
      id: item.id,
      name: item.name,
      img: item.img,
      type: item.type,
      expanded: input.ui.expanded.includes(item.id),
      hasDescription: item.enrichedDescription.trim() !== "",
      enrichedDescription: item.enrichedDescription,
      chips: itemChips(item, ruleset),
      moveUp: button(message("TERRAN.Sheet.Items.moveUp"), g.notEditable, index === 0 && message("TERRAN.Sheet.Disabled.first")),
      moveDown: button(message("TERRAN.Sheet.Items.moveDown"), g.notEditable, index === rows.length - 1 && message("TERRAN.Sheet.Disabled.last")),
      remove: button(message("TERRAN.Sheet.Items.delete"), g.notEditable),
      equip: {
        shown: equipShown,
        equipped,
        button: button(
          message(equipped ? "TERRAN.Sheet.Items.unequip" : "TERRAN.Sheet.Items.equip"),
          g.notEditable,
          destroyed && !equipped && message("TERRAN.Sheet.Disabled.destroyed"),
        ),
      },
      roll,
      destroyed,
    };
  });
}

function listOf(
  id: ItemListView["id"],
  type: SheetItem["type"],
  input: CharacterSheetInput,
  ruleset: Ruleset,
  derived: CharacterDerived,
  g: Gate,
): ItemListView {
  return {
    id,
    labelKey: `TERRAN.Sheet.Items.${id}`,
    emptyKey: `TERRAN.Sheet.Items.empty.${id}`,
    rows: rowsOf(input, ruleset, derived, type, g),
    create: { ...button(message(`TERRAN.Sheet.Items.create.${type}`), g.notEditable), type },
  };
}

// ---------------------------------------------------------------------------------------------
// Creation helper

function creationOf(input: CharacterSheetInput, ruleset: Ruleset, derived: CharacterDerived, g: Gate): CreationView {
  const { system } = input;
  const draft: CreationDraft = input.ui.creation;
  const shown = derived.inCreation && !system.dead && input.permissions.editable;
  const ratingsDone = attributeTotal(system.attributes) > 0;
  const groups: CreationGroupView[] = draft.roll
    ? GROUPS.map((group) => {
        const face = draft.roll?.[group] ?? 1;
        const points = creationPoints(face);
        const [first, second] = GROUP_ATTRIBUTES[group];
        const chosen = draft.shares[first];
        const options: ShareOptionView[] = [];
        for (let a = points; a >= 0; a--) {
          const b = points - a;
          if (a > ATTRIBUTE_MAX || b > ATTRIBUTE_MAX) continue;
          options.push({
            first: a,
            second: b,
            selected: chosen === a && draft.shares[second] === b,
            label: message("TERRAN.Sheet.Creation.split", `${a} / ${b}`),
          });
        }
        return { id: group, labelKey: `TERRAN.Group.${group}`, face, points, firstLabelKey: `TERRAN.Attribute.${first}`, secondLabelKey: `TERRAN.Attribute.${second}`, options };
      })
    : [];
  const allChosen = groups.length === GROUPS.length && groups.every((grp) => grp.options.some((o) => o.selected));
  const gritDone = system.grit.max > 0;
  const egoDone = system.ego.max > 0;
  const notYet = !ratingsDone || !gritDone || !egoDone ? message("TERRAN.Sheet.Creation.advancementLast") : null;
  const owner = {
    advancements: input.items.flatMap((i) => (i.type === "advancement" ? [i.system.key] : [])),
    cult: system.identity.cult,
    mutations: derived.mutations,
  };
  const keys = [...ruleset.advancements, ...(ruleset.cults[system.identity.cult] ?? [])];
  return {
    shown,
    ratings: {
      done: ratingsDone,
      rolled: draft.roll !== null,
      // The dice are kept on the actor; only a GM may roll them again.
      roll: button(
        message(draft.roll === null ? "TERRAN.Sheet.Creation.rollRatings" : "TERRAN.Sheet.Creation.rerollRatings"),
        g.notEditable,
        draft.roll !== null && !input.permissions.isGM && message("TERRAN.Sheet.Disabled.rolled"),
      ),
      groups,
      apply: button(
        message("TERRAN.Sheet.Creation.applyRatings"),
        g.notEditable,
        draft.roll === null && message("TERRAN.Sheet.Disabled.rollFirst"),
        !allChosen && message("TERRAN.Sheet.Disabled.splitEveryGroup"),
      ),
    },
    grit: {
      done: gritDone,
      value: system.grit.max,
      roll: button(message("TERRAN.Sheet.Creation.rollGrit"), g.notEditable, gritDone && message("TERRAN.Sheet.Disabled.rolledValue", system.grit.max)),
    },
    ego: {
      done: egoDone,
      value: system.ego.max,
      roll: button(message("TERRAN.Sheet.Creation.rollEgo"), g.notEditable, egoDone && message("TERRAN.Sheet.Disabled.rolledValue", system.ego.max)),
    },
    advancement: {
      options: keys.map((key) => {
        const refusal = advancementRefusal(ruleset, owner, key);
        return {
          key,
          labelKey: `TERRAN.Adv.${key}`,
          take: button(message("TERRAN.Sheet.Creation.take"), g.notEditable, notYet, refusal && message(`TERRAN.Sheet.Disabled.refusal.${refusal}`)),
        };
      }),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Header

function identityOf(ruleset: Ruleset, source: CharacterSource): IdentityView {
  const choices = ruleset.archetype.kind === "list" ? ruleset.archetype.choices : [];
  const known = choices.includes(source.archetype);
  const archetypeOptions = [
    { value: "", label: message("TERRAN.Sheet.Header.noArchetype"), text: "", selected: source.archetype === "" },
    ...choices.map((c) => ({ value: c, label: message(`TERRAN.Archetype.${c}`), text: "", selected: c === source.archetype })),
    ...(known || source.archetype === "" ? [] : [{ value: source.archetype, label: message(""), text: source.archetype, selected: true }]),
  ];
  const cults = Object.keys(ruleset.cults);
  const cult = source.identity.cult;
  return {
    kind: ruleset.archetype.kind,
    archetype: {
      value: source.archetype,
      options: archetypeOptions,
      display: known ? { key: `TERRAN.Archetype.${source.archetype}`, text: "" } : { key: "", text: source.archetype },
    },
    fields: (["culture", "clan", "concept"] as const).map((f) => ({
      name: `system.identity.${f}`,
      labelKey: `TERRAN.Character.FIELDS.identity.${f}.label`,
      value: source.identity[f],
    })),
    cult: {
      value: cult,
      options: [
        { value: "", label: message("TERRAN.Sheet.Header.noCult"), text: "", selected: cult === "" },
        ...cults.map((c) => ({ value: c, label: message(`TERRAN.Cult.${c}`), text: "", selected: c === cult })),
        ...(cult === "" || cults.includes(cult) ? [] : [{ value: cult, label: message(""), text: cult, selected: true }]),
      ],
    },
  };
}

function bannersOf(source: CharacterSource, derived: CharacterDerived): BannerView[] {
  const banners: BannerView[] = [];
  if (source.dead) banners.push({ kind: "dead", title: message("TERRAN.Sheet.Banner.dead.title"), text: message("TERRAN.Sheet.Banner.dead.text") });
  else if (derived.mortallyWounded) {
    banners.push({ kind: "mortal", title: message("TERRAN.Sheet.Banner.mortal.title"), text: message("TERRAN.Sheet.Banner.mortal.text") });
  }
  if (source.lost) banners.push({ kind: "lost", title: message("TERRAN.Sheet.Banner.lost.title"), text: message("TERRAN.Sheet.Banner.lost.text") });
  if (source.sayonara) {
    banners.push({ kind: "sayonara", title: message("TERRAN.Sheet.Banner.sayonara.title"), text: message("TERRAN.Sheet.Banner.sayonara.text") });
  }
  return banners;
}

// ---------------------------------------------------------------------------------------------
// The builder

export function characterSheetContext(input: CharacterSheetInput): CharacterSheetView {
  const { system } = input;
  const state = [
    system.dead ? "is-dead" : "",
    system.lost ? "is-lost" : "",
    system.sayonara ? "is-sayonara" : "",
  ].filter(Boolean);
  if (input.permissions.limited) {
    return { limited: true, cssClass: ["is-limited", ...state].join(" "), name: input.name, img: input.img };
  }
  const ruleset = getRuleset(input.rulesetId);
  const derived = deriveCharacter(system, input.items);
  const g = gates(input);
  const flags = derived.flags;
  const tabs = characterTabs(input.ui.activeTab);
  const wounds: WoundView[] = WOUND_TRACKS.map((track) => {
    const group = WOUND_GROUP[track];
    return {
      id: track,
      labelKey: `TERRAN.Wound.${track}`,
      marked: system.wounds[track],
      effect: message(`TERRAN.Sheet.Wounds.effect.${group}`),
      ignored: ignoredMessage(track, flags),
      toggle: button(message(system.wounds[track] ? "TERRAN.Sheet.Wounds.recover" : "TERRAN.Sheet.Wounds.mark"), g.notEditable, g.dead),
    };
  });
  const creation = creationOf(input, ruleset, derived, g);
  const biographyEditable = input.permissions.editable;
  return {
    limited: false,
    cssClass: [derived.mortallyWounded ? "is-mortal" : "", creation.shown ? "is-creating" : "", ...state].filter(Boolean).join(" "),
    name: input.name,
    img: input.img,
    uuid: input.uuid,
    editable: input.permissions.editable,
    owner: input.permissions.owner,
    isGM: input.permissions.isGM,
    ruleset: { id: ruleset.id, labelKey: ruleset.labelKey },
    identity: identityOf(ruleset, system),
    banners: bannersOf(system, derived),
    tabs,
    groups: groupsOf(ruleset, system, derived, g),
    attributeTotal: {
      value: attributeTotal(system.attributes),
      cap: ATTRIBUTE_TOTAL_CAP,
      text: message("TERRAN.Sheet.Attributes.total", `${attributeTotal(system.attributes)} / ${ATTRIBUTE_TOTAL_CAP}`),
    },
    grit: {
      value: system.grit.value,
      max: system.grit.max,
      dice: system.grit.dice,
      thrown: gritDiceCount(system.grit.dice, { dieHard: flags.has("dieHard") }),
      percent: percentOf(system.grit.value, system.grit.max),
      limits: { valueMax: system.grit.max, maxMax: 99 },
      rest: button(message("TERRAN.Sheet.Grit.restHint"), g.notEditable, g.dead),
    },
    ego: {
      value: system.ego.value,
      max: system.ego.max,
      dice: system.ego.dice,
      thrown: egoDiceCount(system.ego.dice, flags.has("eager")),
      percent: percentOf(system.ego.value, system.ego.max),
      limits: { valueMax: system.ego.max, maxMax: EGO_MAX },
      reset: button(message(`TERRAN.Sheet.Ego.resetHint.${ruleset.id}`), g.notEditable, g.dead),
      resetLabelKey: `TERRAN.Sheet.Ego.reset.${ruleset.id}`,
    },
    wounds,
    mortallyWounded: derived.mortallyWounded,
    armour: { value: derived.armour.value, lines: derived.armour.lines, heavy: derived.armour.heavy },
    xp: {
      value: system.xp,
      nextCost: derived.nextAdvancementCost,
      advancements: derived.advancements,
      text: derived.nextAdvancementCost === 0 ? message("TERRAN.Sheet.Xp.free") : message("TERRAN.Sheet.Xp.next", derived.nextAdvancementCost),
      affordable: system.xp >= derived.nextAdvancementCost,
    },
    lists: {
      advancements: listOf("advancements", "advancement", input, ruleset, derived, g),
      conditions: listOf("conditions", "condition", input, ruleset, derived, g),
      weapons: listOf("weapons", "weapon", input, ruleset, derived, g),
      armour: listOf("armour", "armour", input, ruleset, derived, g),
    },
    creation,
    sayonara: {
      ...button(message("TERRAN.Sheet.Sayonara.hint"), g.notEditable, g.dead, system.sayonara && message("TERRAN.Sheet.Disabled.sayonaraDeclared")),
      declared: system.sayonara,
    },
    biography: {
      name: "system.biography",
      value: system.biography,
      enriched: input.enriched.biography,
      editable: biographyEditable,
      labelKey: "TERRAN.Character.FIELDS.biography.label",
    },
    notes: {
      name: "system.notes",
      value: system.notes,
      enriched: input.enriched.notes,
      editable: biographyEditable,
      labelKey: "TERRAN.Character.FIELDS.notes.label",
    },
  };
}

