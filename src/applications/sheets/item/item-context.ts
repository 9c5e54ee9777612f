/**
 * The item sheets' pure context builder (weapon, armour, advancement, condition): every field with
 * the ruleset's labels (Core −1e…+3e tiers, Degenesis 1e…5e floors; the ruleset's ranges), dice
 * modifiers and flags. Plus the pure edits the sheet makes to list fields (tags, ranges, flags,
 * scopes, dice modifiers), which the form cannot express.
 */
import {
  ADVANCEMENT_SOURCES,
  ADVANCEMENTS,
  ATTRIBUTES,
  CONDITION_KINDS,
  conditionOf,
  getRuleset,
  GROUPS,
  saveLabelKey,
  isEngineAdvancement,
  MECHANICS_FLAGS,
  SKILL_SCOPES,
  tierOptions,
  WEAPON_TAGS,
  type MechanicsFlag,
  type ModifierScope,
  type Ruleset,
} from "../../../rules/index.ts";
import type { DiceModifierSource, ItemSnapshot } from "../../../data/source.ts";
import { shiftOf } from "../../../documents/operations/index.ts";
import { button, message, type ButtonView, type Message } from "../common.ts";
import type { ItemSheetInput } from "../inputs.ts";
import { allRangeIds, rangeInRuleset, tierLabelKey } from "../item-labels.ts";
import { tooltipText } from "../../tooltip-text.ts";

export interface OptionView {
  readonly value: string;
  readonly labelKey: string;
  readonly selected: boolean;
}

export interface CheckView {
  readonly id: string;
  readonly labelKey: string;
  readonly checked: boolean;
  readonly toggle: ButtonView;
  /** A range of another ruleset (kept when the world switched ruleset). */
  readonly foreign: boolean;
}

export interface ModifierRowView {
  readonly index: number;
  readonly id: string;
  readonly dice: number;
  /** The stored label (an i18n key or the user's words): edited as is. */
  readonly label: string;
  /** The label as read: an i18n key, or the user's text. */
  readonly display: { readonly key: string; readonly text: string };
  readonly situational: boolean;
  readonly scopes: readonly CheckView[];
  readonly remove: ButtonView;
  readonly noEffect: Message | null;
}

export interface MechanicsView {
  readonly flags: readonly CheckView[];
  readonly dice: readonly ModifierRowView[];
  readonly addModifier: ButtonView;
}

export interface ItemSheetView {
  readonly cssClass: string;
  readonly type: ItemSnapshot["type"];
  readonly typeLabelKey: string;
  readonly name: string;
  /** The name, escaped for the portrait's tooltip. */
  readonly nameTooltip: string;
  readonly img: string;
  readonly uuid: string;
  readonly editable: boolean;
  readonly ownerName: string;
  /** The GM sees the rules id (the camelCase key the engine reads); players never do. */
  readonly isGM: boolean;
  readonly ruleset: { readonly labelKey: string };
  readonly description: {
    readonly name: string;
    readonly value: string;
    readonly enriched: string;
    readonly editable: boolean;
    readonly labelKey: string;
  };
  readonly weapon: {
    readonly rank: { readonly options: readonly OptionView[]; readonly labelKey: string };
    readonly ranges: readonly CheckView[];
    readonly tags: readonly CheckView[];
    readonly customTags: string;
    readonly twoHanded: boolean;
    readonly equipped: boolean;
  } | null;
  readonly armour: {
    readonly kind: { readonly options: readonly OptionView[] };
    readonly value: number;
    readonly equipped: boolean;
    readonly destroyed: boolean;
    readonly isShield: boolean;
  } | null;
  readonly advancement: {
    readonly key: string;
    /** The engine's name for `key`, or null for a homebrew advancement. */
    readonly engineLabelKey: string | null;
    readonly source: { readonly options: readonly OptionView[] };
    readonly cult: { readonly shown: boolean; readonly value: string };
    readonly developed: { readonly options: readonly OptionView[] };
    readonly specialty: string;
    readonly requiresMutations: number;
    readonly mechanics: MechanicsView;
  } | null;
  readonly condition: {
    readonly key: string;
    readonly kind: { readonly options: readonly OptionView[] };
    readonly mechanics: MechanicsView;
    /**
     * R-COND-1 the attribute shift taken with it (labels of +1 `raise`, −1 `lower1` and `lower2`), or
     * null; `missing` when it carries the flag but no shift was chosen (it was not dropped on a character).
     */
    readonly shift: {
      readonly chosen: { readonly raise: string; readonly lower1: string; readonly lower2: string } | null;
      readonly missing: boolean;
    };
  } | null;
}

/** The scopes a modifier may name, with their labels (a Save as the ruleset names it). */
export function scopeLabels(ruleset: Ruleset): readonly { readonly id: ModifierScope; readonly labelKey: string }[] {
  return [
    { id: "any", labelKey: "TERRAN.Scope.any" },
    ...ATTRIBUTES.map((a) => ({ id: a, labelKey: `TERRAN.Attribute.${a}` })),
    ...GROUPS.map((g) => ({ id: `save:${g}` as const, labelKey: saveLabelKey(ruleset, g) })),
    // R-LEG-16 a skill's rolls only (Obsessive Focus in Legacy).
    ...SKILL_SCOPES.map((id) => ({ id, labelKey: `TERRAN.Skill.${id.slice("skill:".length)}` })),
  ];
}

function options(values: readonly string[], selected: string, labelKey: (v: string) => string): OptionView[] {
  return values.map((value) => ({ value, labelKey: labelKey(value), selected: value === selected }));
}

/** R-ADV-1 R-COND-1 the flags a ruleset's own advancements and conditions carry: the ones its items may change. */
function rulesetFlags(ruleset: Ruleset): ReadonlySet<MechanicsFlag> {
  const flags = new Set<MechanicsFlag>();
  const advancements = [...ruleset.advancements, ...Object.values(ruleset.cults).flat()];
  for (const id of advancements) for (const f of ADVANCEMENTS.get(id)?.flags ?? []) flags.add(f);
  for (const id of ruleset.conditions) for (const f of conditionOf(ruleset, id).flags) flags.add(f);
  return flags;
}

/**
 * The "Rules it changes" checkboxes: the world's ruleset's flags only (a Core item never offers Legacy's
 * HP flags), plus any flag the item holds from another ruleset, marked foreign so it can be cleared.
 */
function mechanicsOf(
  system: { readonly flags: readonly string[]; readonly dice: readonly DiceModifierSource[] },
  locked: Message | null,
  ruleset: Ruleset,
): MechanicsView {
  const own = rulesetFlags(ruleset);
  return {
    flags: MECHANICS_FLAGS.filter((f) => own.has(f) || system.flags.includes(f)).map((f) => ({
      id: f,
      labelKey: `TERRAN.Flag.${f}`,
      checked: system.flags.includes(f),
      toggle: button(message("TERRAN.Sheet.Item.toggleFlag"), locked),
      foreign: !own.has(f),
    })),
    dice: system.dice.map((d, index) => ({
      index,
      id: d.id,
      dice: d.dice,
      label: d.label,
      display: d.label.startsWith("TERRAN.") ? { key: d.label, text: "" } : { key: "", text: d.label },
      situational: d.situational,
      scopes: scopeLabels(ruleset).map((s) => ({
        id: s.id,
        labelKey: s.labelKey,
        checked: d.appliesTo.includes(s.id),
        toggle: button(message("TERRAN.Sheet.Item.toggleScope"), locked),
        foreign: false,
      })),
      remove: button(message("TERRAN.Sheet.Item.removeModifier"), locked),
      noEffect: d.dice === 0 ? message("TERRAN.Sheet.Item.noEffect") : null,
    })),
    addModifier: button(message("TERRAN.Sheet.Item.addModifier"), locked),
  };
}

function weaponOf(
  ruleset: Ruleset,
  item: Extract<ItemSnapshot, { type: "weapon" }>,
  locked: Message | null,
): ItemSheetView["weapon"] {
  const s = item.system;
  const ranges = allRangeIds(ruleset).filter((id) => rangeInRuleset(ruleset, id) || s.ranges.includes(id));
  return {
    rank: {
      options: tierOptions(ruleset.effect, s.rank).map((t) => ({ ...t, value: String(t.rank) })),
      labelKey: tierLabelKey(ruleset, s.rank),
    },
    ranges: ranges.map((id) => ({
      id,
      labelKey: `TERRAN.Range.${id}`,
      checked: s.ranges.includes(id),
      toggle: button(message("TERRAN.Sheet.Item.toggleRange"), locked),
      foreign: !rangeInRuleset(ruleset, id),
    })),
    tags: WEAPON_TAGS.filter((t) => ruleset.weaponTags.includes(t) || s.tags.includes(t)).map((t) => ({
      id: t,
      labelKey: `TERRAN.Tag.${t}`,
      checked: s.tags.includes(t),
      toggle: button(message(ruleset.weaponTagHints?.[t] ?? `TERRAN.Sheet.Item.tagHint.${t}`), locked),
      foreign: !ruleset.weaponTags.includes(t),
    })),
    customTags: s.customTags.join(", "),
    twoHanded: s.twoHanded,
    equipped: s.equipped,
  };
}

export function itemSheetContext(input: ItemSheetInput): ItemSheetView {
  const ruleset = getRuleset(input.rulesetId);
  const { item, permissions } = input;
  const locked = permissions.editable ? null : message("TERRAN.Sheet.Disabled.notEditable");
  return {
    cssClass: `item-${item.type}`,
    type: item.type,
    typeLabelKey: `TYPES.Item.${item.type}`,
    name: input.name,
    nameTooltip: tooltipText(input.name),
    img: input.img,
    uuid: input.uuid,
    editable: permissions.editable,
    ownerName: input.ownerName ?? "",
    isGM: permissions.isGM,
    ruleset: { labelKey: ruleset.labelKey },
    description: {
      name: "system.description",
      value: item.system.description,
      enriched: input.enriched.description,
      editable: permissions.editable,
      labelKey: `TERRAN.Sheet.Item.description`,
    },
    weapon: item.type === "weapon" ? weaponOf(ruleset, item, locked) : null,
    armour:
      item.type === "armour"
        ? {
            kind: { options: options(["light", "heavy", "shield"], item.system.kind, (v) => `TERRAN.Armour.${v}`) },
            value: item.system.value,
            equipped: item.system.equipped,
            destroyed: item.system.destroyed,
            isShield: item.system.kind === "shield",
          }
        : null,
    advancement:
      item.type === "advancement"
        ? {
            key: item.system.key,
            engineLabelKey:
              item.system.key !== "" && isEngineAdvancement(item.system.key) ? `TERRAN.Adv.${item.system.key}` : null,
            source: {
              options: options(ADVANCEMENT_SOURCES, item.system.source, (v) => `TERRAN.AdvancementSource.${v}`),
            },
            cult: { shown: item.system.source === "cult", value: item.system.cult },
            developed: {
              options: [
                { value: "", labelKey: "TERRAN.Sheet.Item.noAttribute", selected: item.system.developed === "" },
                ...options(ATTRIBUTES, item.system.developed, (v) => `TERRAN.Attribute.${v}`),
              ],
            },
            specialty: item.system.specialty,
            requiresMutations: item.system.requiresMutations,
            mechanics: mechanicsOf(item.system, locked, ruleset),
          }
        : null,
    condition:
      item.type === "condition"
        ? {
            key: item.system.key,
            kind: { options: options(CONDITION_KINDS, item.system.kind, (v) => `TERRAN.ConditionKind.${v}`) },
            mechanics: mechanicsOf(item.system, locked, ruleset),
            shift: conditionShiftView(item.system),
          }
        : null,
  };
}

/** R-COND-1 what the condition sheet shows of the shift. */
function conditionShiftView(
  system: Extract<ItemSnapshot, { type: "condition" }>["system"],
): NonNullable<ItemSheetView["condition"]>["shift"] {
  const shift = shiftOf(system);
  const label = (a: string) => `TERRAN.Attribute.${a}`;
  return {
    chosen: shift ? { raise: label(shift.raise), lower1: label(shift.lower[0]), lower2: label(shift.lower[1]) } : null,
    missing: !shift && system.flags.includes("attributeShift"),
  };
}

// ---------------------------------------------------------------------------------------------
// Edits of list fields

/** Adds `value` to the list, or removes it if present (order kept). */
export function toggleIn<T extends string>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** "Loud, heavy ,, rusty" → ["Loud", "heavy", "rusty"] (blank and repeated tags dropped). */
export function parseCustomTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((t) => t.trim())
        .filter((t) => t !== ""),
    ),
  ];
}

/** A new situational +1d modifier for any roll. */
export function newModifier(id: string): DiceModifierSource {
  return { id, dice: 1, label: "", appliesTo: ["any"], situational: true };
}

export type ModifierField = "dice" | "label" | "situational";

/**
 * One field of modifier `index` changed: the new list and the correction made. Dice are whole
 * numbers −4…+4 (the schema's limits); a label is kept as typed (trimmed).
 */
export function editModifier(
  dice: readonly DiceModifierSource[],
  index: number,
  field: ModifierField,
  raw: string | boolean,
): { readonly dice: DiceModifierSource[]; readonly corrected: Message | null } {
  const current = dice[index];
  if (!current) return { dice: [...dice], corrected: null };
  let corrected: Message | null = null;
  let next: DiceModifierSource = current;
  if (field === "situational") next = { ...current, situational: raw === true || raw === "true" };
  else if (field === "label") next = { ...current, label: String(raw).trim() };
  else {
    const n = Number(raw);
    if (typeof raw !== "string" || raw.trim() === "" || !Number.isFinite(n)) {
      corrected = message("TERRAN.Sheet.Corrected.notNumber", current.dice);
    } else {
      const clamped = Math.min(4, Math.max(-4, Math.round(n)));
      if (clamped !== n) corrected = message("TERRAN.Sheet.Corrected.clamped", clamped);
      next = { ...current, dice: clamped };
    }
  }
  return { dice: dice.map((d, i) => (i === index ? next : d)), corrected };
}

/** Toggles one scope of modifier `index`; a modifier left with no scope applies to "any" roll. */
export function toggleModifierScope(
  dice: readonly DiceModifierSource[],
  index: number,
  scope: ModifierScope,
): DiceModifierSource[] {
  return dice.map((d, i) => {
    if (i !== index) return d;
    const appliesTo = toggleIn(d.appliesTo, scope);
    return { ...d, appliesTo: appliesTo.length > 0 ? appliesTo : ["any"] };
  });
}

export function removeModifier(dice: readonly DiceModifierSource[], index: number): DiceModifierSource[] {
  return dice.filter((_, i) => i !== index);
}
