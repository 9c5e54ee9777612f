/**
 * The character sheet's pure context builder: from stored data, item snapshots, ruleset, permissions and
 * UI state, everything the templates show — attributes and Saves (R-CHAR-3), pools, Grit, Ego, wound
 * tracks (R-HARM-4), armour (R-HARM-2), XP and advancement cost (R-XP-2), items, the creation helper
 * (R-CHAR-4, R-CHAR-7) — and for every button whether it is open and why not. No Foundry, no DOM;
 * strings are i18n keys or the user's own text.
 */
import {
  getRuleset,
  withoutSkills,
  successorAdvancements,
  type Ruleset,
  weaponAttribute,
} from "../../../rules/index.ts";
import { deriveCharacter, type CharacterDerived } from "../../../data/derived.ts";
import type { CharacterSource } from "../../../data/source.ts";
import { bySort, button, message, type Message } from "../common.ts";
import type { CharacterSheetInput, SheetItem } from "../inputs.ts";
import { itemChips } from "../item-labels.ts";

export * from "./character-views.ts";
import {
  characterTabs,
  type BannerView,
  type CharacterFullView,
  type CharacterSheetView,
  type IdentityView,
  type ItemListView,
  type ItemRowView,
  type RollView,
} from "./character-views.ts";
import { lightFor, rollView } from "./character-rolls.ts";
import { activationRow, sceneEffectsOf, sceneOf } from "./character-activation.ts";
import { healthSheet } from "../../health/sheet.ts";
import { heldSkillsView } from "./held-skills-view.ts";
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

/** R-V-2 the groups a listed archetype names, where the world plays with held skills. */
function archetypeGroupKeys(ruleset: Ruleset, id: string): string[] {
  const scheme = ruleset.heldSkills;
  const groups = scheme?.archetypes.find((a) => a.id === id)?.groups ?? [];
  return groups.map((g) => scheme?.groups.find((def) => def.id === g)?.labelKey ?? g);
}

function identityOf(ruleset: Ruleset, source: CharacterSource): IdentityView {
  const choices = ruleset.archetype.kind === "list" ? ruleset.archetype.choices : [];
  const known = choices.includes(source.archetype);
  const none = { groupKeys: [] };
  const archetypeOptions = [
    {
      value: "",
      label: message("TERRAN.Sheet.Header.noArchetype"),
      text: "",
      selected: source.archetype === "",
      ...none,
    },
    ...choices.map((c) => ({
      value: c,
      label: message(`TERRAN.Archetype.${c}`),
      text: "",
      selected: c === source.archetype,
      groupKeys: archetypeGroupKeys(ruleset, c),
    })),
    ...(known || source.archetype === ""
      ? []
      : [{ value: source.archetype, label: message(""), text: source.archetype, selected: true, ...none }]),
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

/** `mortalKey`: the health model's word for Mortally Wounded (R-HARM-5's empty pool, R-LEG-5's −2d). */
function bannersOf(source: CharacterSource, derived: CharacterDerived, mortalKey: string): BannerView[] {
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
      text: message(mortalKey),
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

const KEEPSAKES = ["trinket", "patch", "picture"] as const;

/** R-V-1 (ruling) step 7's three free-text fields, where the ruleset asks for them. */
function keepsakesOf(input: CharacterSheetInput, ruleset: Ruleset): CharacterFullView["keepsakes"] {
  if (!ruleset.keepsakes) return null;
  const stored = input.system.keepsakes;
  return {
    editable: input.permissions.editable,
    fields: KEEPSAKES.map((f) => ({
      name: `system.keepsakes.${f}`,
      labelKey: `TERRAN.Character.FIELDS.keepsakes.${f}.label`,
      value: stored?.[f] ?? "",
    })),
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
  // R-LEG-3, R-V-5 (setting) a game without skills: the ruleset with no skill scheme, as the world plays it.
  const ruleset = input.withoutSkills === true ? withoutSkills(named) : named;
  const derived = deriveCharacter(system, input.items);
  const g = gates(input);
  // The ruleset's health model draws the main tab (one sheet: header, items and biography are shared).
  const health = healthSheet(ruleset);
  const main = health.main(input, derived, g);
  const mortal = health.mortallyWounded(derived);
  return {
    limited: false,
    cssClass: [mortal ? "is-mortal" : "", main.creating ? "is-creating" : "", ...state].filter(Boolean).join(" "),
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
    banners: bannersOf(system, { ...derived, mortallyWounded: mortal }, main.mortalBannerKey),
    tabs: characterTabs(input.ui.activeTab),
    main,
    heldSkills: heldSkillsView(ruleset, system, g),
    armour: { value: derived.armour.value, lines: derived.armour.lines, heavy: derived.armour.heavy },
    xp: { value: system.xp, nextCost: derived.nextAdvancementCost, advancements: derived.advancements, ...main.xp },
    lists: listsOf(input, ruleset, derived, g),
    scene: sceneOf(input, g, system.sayonara),
    sayonara: sayonaraOf(system, ruleset, g),
    successor: successorOf(input, derived, g),
    ...writingOf(input),
    keepsakes: keepsakesOf(input, ruleset),
  };
}
