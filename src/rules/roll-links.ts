/**
 * Inline roll links: text a journal page, an item's description or a chat message may
 * hold, in the shape of core's enrichers (`@Type[target]{label}`, like `@UUID[…]{…}`):
 *
 * - `@Risky[finesse]` — a Risky Action with an attribute (R-POOL-1);
 * - `@Reaction[insight]` — a Reaction with a group's Save (R-POOL-1, R-RA-8);
 * - `@Fortune[4]` or `@Fortune[4+]` — the Fortune die against 4 or more (R-FORT-1, chances 1–6).
 *
 * An optional `{label}` replaces the link's text. Type and target are read case-insensitively
 * (`@risky[Finesse]` is the same link). The attributes and groups a link may name are the world's
 * ruleset's (`RollLinkVocabulary`, from `Ruleset.attributes`): a Core journal's `@Risky[finesse]` read in a ruleset
 * without Finesse is refused ("unknown-target"), never guessed. Pure: the glue (src/applications/enrichers)
 * turns a parsed link into an element and a click into the roll dialog.
 */
import type { Ruleset } from "./rulesets/types.ts";

/**
 * What core's enricher registry matches (it must be global: "The string pattern to match. Must be
 * flagged as global", foundryvtt.com/api/v13, the TextEditor enricher config type). Group 1 the type,
 * 2 the target, 3 the label. A target or label never spans a line or holds a bracket.
 */
export const ROLL_LINK_PATTERN = /@(Risky|Reaction|Fortune)\[([^\]\n]*)\](?:\{([^}\n]*)\})?/gi;

export type RollLink =
  | { readonly kind: "risky"; readonly attribute: string }
  | { readonly kind: "reaction"; readonly group: string }
  | { readonly kind: "fortune"; readonly chance: number };

export type RollLinkKind = RollLink["kind"];

/** Why a link cannot be read: no target, a target the ruleset does not know, a chance outside 1–6. */
export type RollLinkProblem = "empty" | "unknown-target" | "bad-chance";

/** An id a link may name, with the label key of what it rolls (an attribute, a group's Save). */
export interface RollLinkTarget {
  readonly id: string;
  readonly labelKey: string;
}

/**
 * The ids a link may name in this world: the ruleset's attributes, and its groups (one per Save; none without Saves).
 */
export interface RollLinkVocabulary {
  readonly attributes: readonly RollLinkTarget[];
  readonly saves: readonly RollLinkTarget[];
}

export type ParsedRollLink =
  | { readonly ok: true; readonly link: RollLink; readonly label: string | null; readonly text: string }
  | {
      readonly ok: false;
      readonly kind: RollLinkKind | null;
      readonly problem: RollLinkProblem;
      readonly target: string;
      readonly text: string;
    };

/**
 * The attributes and Saves of `ruleset`, as its data lists them (`Ruleset.attributes`): Core and
 * Degenesis the six of R-CHAR-1 and the Saves of R-CHAR-2's three groups; Legacy its four attributes
 * (R-LEG-1) and no Saves, so `@Reaction[…]` reads nothing there.
 */
export function rollLinkVocabulary(ruleset: Ruleset): RollLinkVocabulary {
  const scheme = ruleset.attributes;
  return {
    attributes: scheme.list.map((a) => ({ id: a.id, labelKey: a.labelKey })),
    saves: scheme.saves ? scheme.groups.map((g) => ({ id: g.id, labelKey: g.saveLabelKey })) : [],
  };
}

function kindOf(type: string): RollLinkKind | null {
  const lower = type.toLowerCase();
  return lower === "risky" || lower === "reaction" || lower === "fortune" ? lower : null;
}

/** The id among `targets` that `target` names, ignoring case (never an inherited name: a plain list lookup). */
function findId(targets: readonly RollLinkTarget[], target: string): string | null {
  const wanted = target.toLowerCase();
  return targets.find((t) => t.id.toLowerCase() === wanted)?.id ?? null;
}

/** R-FORT-1 a chance is "n" or "n+", n a whole number 1–6. */
function readChance(target: string): number | null {
  const match = /^([1-6])\+?$/.exec(target);
  return match ? Number(match[1]) : null;
}

/**
 * Reads one link: `text` is the whole match (what is shown, as written, when it cannot be read),
 * `type`, `target` and `label` its groups. Never throws: a link it cannot read comes back with its
 * problem, for the glue to show as plain text with a hint.
 */
export function parseRollLink(
  text: string,
  type: string,
  target: string,
  label: string | undefined,
  vocabulary: RollLinkVocabulary,
): ParsedRollLink {
  const kind = kindOf(type);
  const id = target.trim();
  const refuse = (problem: RollLinkProblem): ParsedRollLink => ({ ok: false, kind, problem, target: id, text });
  if (kind === null) return refuse("unknown-target");
  if (id === "") return refuse("empty");
  const shown = label?.trim() ? label.trim() : null;
  switch (kind) {
    case "risky": {
      const attribute = findId(vocabulary.attributes, id);
      return attribute ? { ok: true, link: { kind, attribute }, label: shown, text } : refuse("unknown-target");
    }
    case "reaction": {
      const group = findId(vocabulary.saves, id);
      return group ? { ok: true, link: { kind, group }, label: shown, text } : refuse("unknown-target");
    }
    case "fortune": {
      const chance = readChance(id);
      return chance === null ? refuse("bad-chance") : { ok: true, link: { kind, chance }, label: shown, text };
    }
  }
}

/** Every link in `content`, in order (for checks of written text, such as the rules journal's). */
export function findRollLinks(content: string, vocabulary: RollLinkVocabulary): ParsedRollLink[] {
  return [...content.matchAll(new RegExp(ROLL_LINK_PATTERN.source, ROLL_LINK_PATTERN.flags))].map((m) =>
    parseRollLink(m[0], m[1] ?? "", m[2] ?? "", m[3], vocabulary),
  );
}

/** What the roll dialog is opened for: an attribute id, or `save:<group>` (as `TerranEngine.roll` takes). */
export function rollLinkWhat(link: Exclude<RollLink, { kind: "fortune" }>): string {
  return link.kind === "risky" ? link.attribute : `save:${link.group}`;
}

/** The label key of what `link` rolls, from the vocabulary (null for the Fortune die or an id it does not hold). */
export function rollLinkLabelKey(link: RollLink, vocabulary: RollLinkVocabulary): string | null {
  if (link.kind === "risky") return vocabulary.attributes.find((a) => a.id === link.attribute)?.labelKey ?? null;
  if (link.kind === "reaction") return vocabulary.saves.find((g) => g.id === link.group)?.labelKey ?? null;
  return null;
}
