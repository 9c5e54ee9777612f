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
  ATTRIBUTE_MAX,
  ATTRIBUTE_TOTAL_CAP,
  attributeTotal,
  buildPool,
  egoDiceCount,
  EGO_MAX,
  getRuleset,
  withoutSkills,
  gritDiceCount,
  GROUP_ATTRIBUTES,
  GROUPS,
  SAVE_MAX,
  successorAdvancements,
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
} from "../../../rules/index.ts";
import { deriveCharacter, type CharacterDerived } from "../../../data/derived.ts";
import type { CharacterSource } from "../../../data/source.ts";
import { bySort, button, message, percentOf, type Message } from "../common.ts";
import type { CharacterSheetInput, SheetItem } from "../inputs.ts";
import { itemChips } from "../item-labels.ts";

export * from "./character-views.ts";
import {
  characterTabs,
  ratingCircle,
  type BannerView,
  type CharacterFullView,
  type CharacterSheetView,
  type CircleView,
  type GroupView,
  type SaveBadgeView,
  type IdentityView,
  type ItemListView,
  type ItemRowView,
  type RollView,
  type TrackView,
  type WoundView,
} from "./character-views.ts";
import { creationOf } from "./character-creation.ts";
import { activationRow, sceneEffectsOf, sceneOf } from "./character-activation.ts";
import { healthSheet } from "../../health/sheet.ts";
import { tooltipText } from "../../tooltip-text.ts";

// ---------------------------------------------------------------------------------------------
// Refusals shared by the buttons

export interface Gate {
  readonly notEditable: Message | null;
  readonly notOwner: Message | null;
  /** The character is out of the story: dead (R-HARM-5), or departed (R-SAY-1 / R-LEG-15), with why. */
  readonly dead: Message | null;
  /** R-EGO-3 (ruling) a lost character regains no Ego: a reset or a Legacy refill is closed. */
  readonly lost: Message | null;
  /** Play mode: what only edit mode changes (maxima, dice counts, XP, ratings outside creation). */
  readonly playMode: Message | null;
}

function gates(input: CharacterSheetInput): Gate {
  return {
    notEditable: input.permissions.editable ? null : message("TERRAN.Sheet.Disabled.notEditable"),
    notOwner: input.permissions.owner || input.permissions.isGM ? null : message("TERRAN.Sheet.Disabled.notOwner"),
    dead: input.system.dead
      ? message("TERRAN.Sheet.Disabled.dead")
      : (input.system.departed ?? false)
        ? message("TERRAN.Sheet.Disabled.departed")
        : null,
    lost: input.system.lost ? message("TERRAN.Sheet.Disabled.lost") : null,
    playMode: input.ui.editing === false ? message("TERRAN.Sheet.Mode.locked") : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Attributes, Saves and the dice each roll starts from

function lightFor(ruleset: Ruleset, source: CharacterSource, derived: CharacterDerived, target: RollTarget): number {
  // Only the modifiers that always apply; situational ones are ticked in the dialog. A stored modifier
  // of 0 dice changes nothing and is left out (the rules refuse it).
  const modifiers: DiceModifier[] = derived.modifiers.filter((m) => !m.situational && m.dice !== 0);
  return buildPool({
    ruleset,
    target,
    attributes: source.attributes,
    wounds: source.wounds,
    flags: derived.flags,
    modifiers,
    dark: 0,
  }).light;
}

function rollView(what: string, light: number, hint: Message, g: Gate): RollView {
  const b = button(hint, g.notOwner, g.dead);
  return { ...b, what, light, draggable: !b.disabled };
}

/** R-CHAR-5 why setting `attribute` to `value` is refused (the six together would pass 10), or null. */
function ratingRefusal(attributes: Attributes, attribute: Attribute, value: number): Message | null {
  return totalWith(attributes, attribute, value) > ATTRIBUTE_TOTAL_CAP
    ? message("TERRAN.Sheet.Disabled.attributeTotal", ATTRIBUTE_TOTAL_CAP)
    : null;
}

function circlesOf(source: CharacterSource, attribute: Attribute, g: Gate, lock: Message | null): CircleView[] {
  const value = source.attributes[attribute];
  return Array.from({ length: ATTRIBUTE_MAX }, (_, i) => {
    const { hint, ...circle } = ratingCircle(i + 1, value, "TERRAN.Sheet.Attributes.setRating");
    const over = ratingRefusal(source.attributes, attribute, circle.sets);
    return { ...circle, fenced: circle.index === 1, button: button(hint, g.notEditable, lock, over) };
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
  const track = WOUND_TRACKS.find(
    (t) => WOUND_GROUP[t] === group && source.wounds[t] && ignoredMessage(t, flags) !== null,
  );
  return track ? ignoredMessage(track, flags) : null;
}

/**
 * R-CHAR-3 R-HARM-4 what the badge beside a Save counts: the Save, and the Light Dice its Reaction starts
 * with when a wound or a modifier changes them ("Save 1 → 0d while Stressed").
 */
function saveBadge(save: number, light: number, track: WoundTrack | null): SaveBadgeView {
  if (light === save) return { key: "TERRAN.Sheet.Roll.saveDicePlain", reasonKey: null };
  if (track) return { key: "TERRAN.Sheet.Roll.saveDice", reasonKey: `TERRAN.Wound.${track}` };
  return { key: "TERRAN.Sheet.Roll.saveDiceChanged", reasonKey: null };
}

/** `lock`: why the ratings are closed now (play mode outside creation), or null. */
function groupsOf(
  ruleset: Ruleset,
  source: CharacterSource,
  derived: CharacterDerived,
  g: Gate,
  lock: Message | null,
): GroupView[] {
  return GROUPS.map((group) => {
    const track = woundPenaltyTrack(source.wounds, group, {
      ignoreBroken: derived.flags.has("ignoreBroken"),
      ignoreWeary: derived.flags.has("ignoreWeary"),
    });
    const save = derived.saves[group];
    const saveLight = lightFor(ruleset, source, derived, { kind: "save", group });
    return {
      id: group,
      labelKey: `TERRAN.Group.${group}`,
      attributes: GROUP_ATTRIBUTES[group].map((attribute) => ({
        id: attribute,
        labelKey: `TERRAN.Attribute.${attribute}`,
        value: source.attributes[attribute],
        circles: circlesOf(source, attribute, g, lock),
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
        roll: rollView(`save:${group}`, saveLight, message("TERRAN.Sheet.Roll.save"), g),
        badge: saveBadge(save, saveLight, track),
      },
      penalty: track ? message(`TERRAN.Sheet.Wounds.penalty.${track}`) : null,
      ignored: ignoredNote(source, group, derived.flags),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Items

/**
 * Above this many items a sheet draws its rows compact: the name and the roll; the chips, the other
 * controls and the text once the row is opened (200 full rows are ~400 kB of HTML, most of a click's time).
 */
export const COMPACT_ROWS_ABOVE = 30;

function rowsOf(
  input: CharacterSheetInput,
  ruleset: Ruleset,
  derived: CharacterDerived,
  type: SheetItem["type"],
  g: Gate,
): ItemRowView[] {
  const rows = bySort(input.items.filter((i) => i.type === type));
  const scene = sceneEffectsOf(input);
  const compact = input.items.length > COMPACT_ROWS_ABOVE;
  const opened = new Set(input.ui.expanded);
  return rows.map((item, index) => {
    const equipShown = item.type === "weapon" || item.type === "armour";
    const equipped = item.type === "weapon" || item.type === "armour" ? item.system.equipped : false;
    const destroyed = item.type === "armour" && item.system.destroyed;
    let roll: RollView | null = null;
    if (item.type === "weapon") {
      const attribute = weaponAttribute(ruleset, item.system.ranges);
      roll = rollView(
        item.id,
        lightFor(ruleset, input.system, derived, { kind: "attribute", attribute }),
        message("TERRAN.Sheet.Roll.weapon", ""),
        g,
      );
    }
    return {
      id: item.id,
      name: item.name,
      img: item.img,
      type: item.type,
      expanded: opened.has(item.id),
      full: !compact || opened.has(item.id),
      hasDescription: item.enrichedDescription.trim() !== "",
      enrichedDescription: item.enrichedDescription,
      chips: itemChips(item, ruleset),
      moveUp: button(
        message("TERRAN.Sheet.Items.moveUp"),
        g.notEditable,
        index === 0 && message("TERRAN.Sheet.Disabled.first"),
      ),
      moveDown: button(
        message("TERRAN.Sheet.Items.moveDown"),
        g.notEditable,
        index === rows.length - 1 && message("TERRAN.Sheet.Disabled.last"),
      ),
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
      activation: activationRow(item, scene, g),
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
// Header

function identityOf(ruleset: Ruleset, source: CharacterSource): IdentityView {
  const choices = ruleset.archetype.kind === "list" ? ruleset.archetype.choices : [];
  const known = choices.includes(source.archetype);
  const archetypeOptions = [
    { value: "", label: message("TERRAN.Sheet.Header.noArchetype"), text: "", selected: source.archetype === "" },
    ...choices.map((c) => ({
      value: c,
      label: message(`TERRAN.Archetype.${c}`),
      text: "",
      selected: c === source.archetype,
    })),
    ...(known || source.archetype === ""
      ? []
      : [{ value: source.archetype, label: message(""), text: source.archetype, selected: true }]),
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
        ...(cult === "" || cults.includes(cult)
          ? []
          : [{ value: cult, label: message(""), text: cult, selected: true }]),
      ],
    },
  };
}

/** `hp`: the Mortal wound of an HP ruleset (R-LEG-5: −2d and an attribute lost), not Core's empty pool. */
function bannersOf(source: CharacterSource, derived: CharacterDerived, hp: boolean): BannerView[] {
  const banners: BannerView[] = [];
  if (source.dead)
    banners.push({
      kind: "dead",
      title: message("TERRAN.Sheet.Banner.dead.title"),
      text: message("TERRAN.Sheet.Banner.dead.text"),
    });
  else if (derived.mortallyWounded) {
    banners.push({
      kind: "mortal",
      title: message("TERRAN.Sheet.Banner.mortal.title"),
      text: message(hp ? "TERRAN.Sheet.Banner.mortal.textHp" : "TERRAN.Sheet.Banner.mortal.text"),
    });
  }
  if (source.lost)
    banners.push({
      kind: "lost",
      title: message("TERRAN.Sheet.Banner.lost.title"),
      text: message("TERRAN.Sheet.Banner.lost.text"),
    });
  if (source.sayonara) {
    banners.push({
      kind: "sayonara",
      title: message("TERRAN.Sheet.Banner.sayonara.title"),
      text: message("TERRAN.Sheet.Banner.sayonara.text"),
    });
  }
  if (source.departed ?? false) {
    banners.push({
      kind: "departed",
      title: message("TERRAN.Sheet.Banner.departed.title"),
      text: message("TERRAN.Sheet.Banner.departed.text", successorAdvancements(derived.advancements)),
    });
  }
  return banners;
}

// ---------------------------------------------------------------------------------------------
// The builder's regions

/** The sheet's state classes: dead, lost, Sayonara declared, departed (shown on the limited view too). */
function stateClasses(system: CharacterSource): string[] {
  return [
    system.dead ? "is-dead" : "",
    system.lost ? "is-lost" : "",
    system.sayonara ? "is-sayonara" : "",
    (system.departed ?? false) ? "is-departed" : "",
  ].filter(Boolean);
}

/** R-HARM-4 the wound tracks: marked or not, their group's effect, a cancelled penalty, and the toggle. */
function woundsOf(system: CharacterSource, flags: ReadonlySet<MechanicsFlag>, g: Gate): WoundView[] {
  return WOUND_TRACKS.map((track) => {
    const group = WOUND_GROUP[track];
    return {
      id: track,
      labelKey: `TERRAN.Wound.${track}`,
      marked: system.wounds[track],
      effect: message(`TERRAN.Sheet.Wounds.effect.${group}`),
      ignored: ignoredMessage(track, flags),
      toggle: button(
        message(system.wounds[track] ? "TERRAN.Sheet.Wounds.recover" : "TERRAN.Sheet.Wounds.mark"),
        g.notEditable,
        g.dead,
      ),
    };
  });
}

/** R-CHAR-5 the six ratings' total against the cap of 10. */
function attributeTotalOf(system: CharacterSource): CharacterFullView["attributeTotal"] {
  return {
    value: attributeTotal(system.attributes),
    cap: ATTRIBUTE_TOTAL_CAP,
    text: message("TERRAN.Sheet.Attributes.total", `${attributeTotal(system.attributes)} / ${ATTRIBUTE_TOTAL_CAP}`),
  };
}

/**
 * R-GRIT-1 R-EGO-1 "rolls 2d", saying where a die the stored count lacks comes from: the one advancement
 * that changes the count (Die Hard for Grit, Eager for Ego), as "rolls 2d (Die Hard +1)".
 */
function thrownText(thrown: number, stored: number, advancement: "dieHard" | "eager"): TrackView["thrownText"] {
  if (thrown === stored) return { key: "TERRAN.Sheet.Track.thrown", value: thrown, source: null, diff: "" };
  const diff = thrown - stored;
  return {
    key: "TERRAN.Sheet.Track.thrownFrom",
    value: thrown,
    source: `TERRAN.Adv.${advancement}`,
    diff: diff > 0 ? `+${diff}` : `\u2212${-diff}`,
  };
}

/** Grit: its track, the dice a rest throws (Die Hard adds one), and the rest button. */
function gritOf(system: CharacterSource, flags: ReadonlySet<MechanicsFlag>, g: Gate): CharacterFullView["grit"] {
  return {
    value: system.grit.value,
    max: system.grit.max,
    dice: system.grit.dice,
    thrown: gritDiceCount(system.grit.dice, { dieHard: flags.has("dieHard") }),
    thrownText: thrownText(
      gritDiceCount(system.grit.dice, { dieHard: flags.has("dieHard") }),
      system.grit.dice,
      "dieHard",
    ),
    percent: percentOf(system.grit.value, system.grit.max),
    limits: { valueMax: system.grit.max, maxMax: 99 },
    rest: button(message("TERRAN.Sheet.Grit.restHint"), g.notEditable, g.dead),
  };
}

/** Ego: its track, the dice a reset throws (Eager changes them), and the ruleset's reset button. */
function egoOf(
  system: CharacterSource,
  ruleset: Ruleset,
  flags: ReadonlySet<MechanicsFlag>,
  g: Gate,
): CharacterFullView["ego"] {
  return {
    value: system.ego.value,
    max: system.ego.max,
    dice: system.ego.dice,
    thrown: egoDiceCount(system.ego.dice, flags.has("eager")),
    thrownText: thrownText(egoDiceCount(system.ego.dice, flags.has("eager")), system.ego.dice, "eager"),
    percent: percentOf(system.ego.value, system.ego.max),
    limits: { valueMax: system.ego.max, maxMax: EGO_MAX },
    reset: button(message(`TERRAN.Sheet.Ego.resetHint.${ruleset.id}`), g.notEditable, g.dead, g.lost),
    resetLabelKey: `TERRAN.Sheet.Ego.reset.${ruleset.id}`,
  };
}

/** R-XP-2 XP and the next advancement's cost; an HP ruleset's main tab says what XP buys instead. */
function xpOf(
  system: CharacterSource,
  derived: CharacterDerived,
  hpMain: CharacterFullView["legacy"],
): CharacterFullView["xp"] {
  return {
    value: system.xp,
    nextCost: derived.nextAdvancementCost,
    advancements: derived.advancements,
    text: hpMain
      ? hpMain.experience.targetText
      : derived.nextAdvancementCost === 0
        ? message("TERRAN.Sheet.Xp.free")
        : message("TERRAN.Sheet.Xp.next", derived.nextAdvancementCost),
    affordable: hpMain ? system.xp > 0 : system.xp >= derived.nextAdvancementCost,
  };
}

/** The four item lists, each in sheet order with its rows' buttons. */
function listsOf(
  input: CharacterSheetInput,
  ruleset: Ruleset,
  derived: CharacterDerived,
  g: Gate,
): CharacterFullView["lists"] {
  return {
    advancements: listOf("advancements", "advancement", input, ruleset, derived, g),
    conditions: listOf("conditions", "condition", input, ruleset, derived, g),
    weapons: listOf("weapons", "weapon", input, ruleset, derived, g),
    armour: listOf("armour", "armour", input, ruleset, derived, g),
  };
}

/** The Sayonara button: shown when the ruleset has one, closed once declared. */
function sayonaraOf(system: CharacterSource, ruleset: Ruleset, g: Gate): CharacterFullView["sayonara"] {
  return {
    ...button(
      message("TERRAN.Sheet.Sayonara.hint"),
      g.notEditable,
      g.dead,
      system.sayonara && message("TERRAN.Sheet.Disabled.sayonaraDeclared"),
    ),
    declared: system.sayonara,
    shown: ruleset.sayonara !== null,
  };
}

/**
 * R-SAY-1 / R-LEG-15 the departed character's "Start a successor": an owner or a GM, once (a GM may start
 * another), and only a user who may create characters (a GM, or a player given "Create New Actors").
 */
function successorOf(input: CharacterSheetInput, derived: CharacterDerived, g: Gate): CharacterFullView["successor"] {
  const shown = input.system.departed ?? false;
  const { started, mayCreate } = input.successor ?? { started: false, mayCreate: input.permissions.isGM };
  return {
    ...button(
      message("TERRAN.Sheet.Successor.hint", successorAdvancements(derived.advancements)),
      g.notOwner,
      started && !input.permissions.isGM && message("TERRAN.Sheet.Disabled.successorStarted"),
      !mayCreate && message("TERRAN.Sheet.Disabled.cannotCreateActor"),
    ),
    shown,
    free: successorAdvancements(derived.advancements),
  };
}

/** The biography and notes editors (editable with the sheet). */
function writingOf(input: CharacterSheetInput): Pick<CharacterFullView, "biography" | "notes"> {
  const editable = input.permissions.editable;
  return {
    biography: {
      name: "system.biography",
      value: input.system.biography,
      enriched: input.enriched.biography,
      editable,
      labelKey: "TERRAN.Character.FIELDS.biography.label",
    },
    notes: {
      name: "system.notes",
      value: input.system.notes,
      enriched: input.enriched.notes,
      editable,
      labelKey: "TERRAN.Character.FIELDS.notes.label",
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The builder

export function characterSheetContext(input: CharacterSheetInput): CharacterSheetView {
  const { system } = input;
  const state = stateClasses(system);
  if (input.permissions.limited) {
    return { limited: true, cssClass: ["is-limited", ...state].join(" "), name: input.name, img: input.img };
  }
  const named = getRuleset(input.rulesetId);
  // R-LEG-3 (setting) a game without skills: the ruleset with no skill scheme, as the world plays it.
  const ruleset = input.withoutSkills === true && named.skills !== null ? withoutSkills(named) : named;
  const derived = deriveCharacter(system, input.items);
  const g = gates(input);
  const flags = derived.flags;
  // The ruleset's health model picks the main tab's shape (one sheet: header, items and biography are shared).
  const health = healthSheet(ruleset);
  const hpMain = health.main(input, derived, g);
  const creation = hpMain
    ? { ...creationOf(input, ruleset, derived, g), shown: false }
    : creationOf(input, ruleset, derived, g);
  const mortal = health.mortallyWounded(derived);
  return {
    limited: false,
    cssClass: [mortal ? "is-mortal" : "", creation.shown ? "is-creating" : "", ...state].filter(Boolean).join(" "),
    name: input.name,
    nameTooltip: tooltipText(input.name),
    img: input.img,
    uuid: input.uuid,
    editable: input.permissions.editable,
    owner: input.permissions.owner,
    isGM: input.permissions.isGM,
    mode: { shown: input.permissions.owner && input.permissions.editable, editing: g.playMode === null },
    ruleset: { id: ruleset.id, labelKey: ruleset.labelKey },
    identity: identityOf(ruleset, system),
    banners: bannersOf(system, { ...derived, mortallyWounded: mortal }, hpMain !== null),
    tabs: characterTabs(input.ui.activeTab),
    groups: hpMain ? [] : groupsOf(ruleset, system, derived, g, creation.shown ? null : g.playMode),
    attributeTotal: attributeTotalOf(system),
    grit: gritOf(system, flags, g),
    ego: egoOf(system, ruleset, flags, g),
    wounds: woundsOf(system, flags, g),
    mortallyWounded: derived.mortallyWounded,
    armour: { value: derived.armour.value, lines: derived.armour.lines, heavy: derived.armour.heavy },
    xp: xpOf(system, derived, hpMain),
    lists: listsOf(input, ruleset, derived, g),
    creation,
    scene: sceneOf(input, g, system.sayonara),
    sayonara: sayonaraOf(system, ruleset, g),
    successor: successorOf(input, derived, g),
    ...writingOf(input),
    // The template's name for the HP main tab (templates/sheets/character/main.hbs).
    legacy: hpMain,
  };
}
