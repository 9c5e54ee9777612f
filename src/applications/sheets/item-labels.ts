/**
 * How the sheets name an item's mechanics: short labelled chips for the character's lists, and the
 * ruleset's labels for tiers and ranges. A label is an i18n key (`TERRAN.…`) or a user's own text.
 */
import { getRuleset, RULESET_IDS, type DiceModifier, type Ruleset, type TierRank } from "../../rules/index.ts";
import type { ItemSnapshot } from "../../data/source.ts";
import { shiftOf } from "../../documents/operations/index.ts";
import { signedDice } from "./common.ts";

/** A short label: an i18n key with its `{value}`, or (key "") the user's own text. */
export interface Chip {
  readonly key: string;
  readonly value: string;
  readonly text: string;
  /** Shown before the label (a dice modifier's "+1d"), or "". */
  readonly prefix: string;
  /** A CSS hint: "tier", "tag", "flag", "dice", "kind"… */
  readonly kind: string;
}

export function chip(kind: string, key: string, value: string | number = "", prefix = ""): Chip {
  return { kind, key, value: String(value), text: "", prefix };
}

export function textChip(kind: string, text: string, prefix = ""): Chip {
  return { kind, key: "", value: "", text, prefix };
}

/** A label that may be an i18n key or the user's own words. */
export function labelChip(kind: string, label: string, prefix = ""): Chip {
  return label.startsWith("TERRAN.") ? chip(kind, label, "", prefix) : textChip(kind, label, prefix);
}

/** The ruleset's label for a tier rank: Core Bad (−1e) … Best (+3e), Degenesis Improvised (1e) … Extreme (5e). */
export function tierLabelKey(ruleset: Ruleset, rank: TierRank): string {
  return ruleset.effect.tiers.find((t) => t.rank === rank)?.labelKey ?? "TERRAN.Sheet.Item.unknownTier";
}

/** Whether a range id belongs to the ruleset (a weapon keeps ranges of another ruleset when the world switches). */
export function rangeInRuleset(ruleset: Ruleset, id: string): boolean {
  return ruleset.ranges.some((r) => r.id === id);
}

/** Every range id any ruleset knows, ruleset's own first. */
export function allRangeIds(ruleset: Ruleset): string[] {
  const own = ruleset.ranges.map((r) => r.id);
  const other = RULESET_IDS.flatMap((id) => getRuleset(id).ranges.map((r) => r.id)).filter((id) => !own.includes(id));
  return [...own, ...new Set(other)];
}

function diceChips(dice: readonly DiceModifier[]): Chip[] {
  return dice
    .filter((d) => d.dice !== 0)
    .map((d) => labelChip(d.situational ? "dice situational" : "dice", d.label, signedDice(d.dice)));
}

/** The chips an item's row shows on the character sheet. */
export function itemChips(item: ItemSnapshot, ruleset: Ruleset): Chip[] {
  switch (item.type) {
    case "weapon":
      return [
        chip("tier", tierLabelKey(ruleset, item.system.rank)),
        ...item.system.ranges.map((r) => chip("range", `TERRAN.Range.${r}`)),
        ...item.system.tags.map((t) => chip("tag", `TERRAN.Tag.${t}`)),
        ...item.system.customTags.map((t) => textChip("tag", t)),
        ...(item.system.twoHanded ? [chip("grip", "TERRAN.Sheet.Item.twoHanded")] : []),
      ];
    case "armour":
      return [
        chip("kind", `TERRAN.Armour.${item.system.kind}`),
        chip("value", "TERRAN.Sheet.Item.armourValue", item.system.value),
        ...(item.system.destroyed ? [chip("destroyed", "TERRAN.Sheet.Item.destroyed")] : []),
      ];
    case "advancement":
      return [
        ...(item.system.developed ? [chip("attribute", `TERRAN.Attribute.${item.system.developed}`, "", "+1")] : []),
        ...(item.system.specialty ? [textChip("specialty", item.system.specialty)] : []),
        ...item.system.flags.map((f) => chip("flag", `TERRAN.Flag.${f}`)),
        ...diceChips(item.system.dice),
      ];
    case "condition": {
      // R-COND-1 a shift taken shows as its +1 and −1 (the flag only says one is to be chosen).
      const shift = shiftOf(item.system);
      const moved = shift
        ? [
            chip("attribute", `TERRAN.Attribute.${shift.raise}`, "", "+1"),
            ...shift.lower.map((a) => chip("attribute", `TERRAN.Attribute.${a}`, "", "−1")),
          ]
        : [];
      return [
        chip("kind", `TERRAN.ConditionKind.${item.system.kind}`),
        ...moved,
        ...item.system.flags
          .filter((f) => !(shift && f === "attributeShift"))
          .map((f) => chip("flag", `TERRAN.Flag.${f}`)),
        ...diceChips(item.system.dice),
      ];
    }
  }
}
