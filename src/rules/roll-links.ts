/**
 * Inline roll links in core's enricher shape: `@Risky[finesse]` (R-POOL-1), `@Reaction[insight]` (R-RA-8),
 * `@Fortune[4+]` (R-FORT-1), each with an optional `{label}`, read case-insensitively. A target the world's
 * ruleset lacks is refused, never guessed.
 */
import type { Ruleset } from "./rulesets/types.ts";

/**
 * Core's enricher registry needs it global ("Must be flagged as global", foundryvtt.com/api/v13, the TextEditor
 * enricher config). Groups: type, target, label.
 */
export const ROLL_LINK_PATTERN = /@(Risky|Reaction|Fortune)\[([^\]\n]*)\](?:\{([^}\n]*)\})?/gi;

export type RollLink =
  | { readonly kind: "risky"; readonly attribute: string }
  | { readonly kind: "reaction"; readonly group: string }
  | { readonly kind: "fortune"; readonly chance: number };

export type RollLinkKind = RollLink["kind"];

export type RollLinkProblem = "empty" | "unknown-target" | "bad-chance";

/** What it rolls: an attribute or a group's Save. */
export interface RollLinkTarget {
  readonly id: string;
  readonly labelKey: string;
}

/** A ruleset without Saves has none. */
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

/** Legacy has no Saves, so `@Reaction[…]` reads nothing there (R-LEG-1). */
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

/** Case-insensitive; a list lookup, never an inherited name. */
function findId(targets: readonly RollLinkTarget[], target: string): string | null {
  const wanted = target.toLowerCase();
  return targets.find((t) => t.id.toLowerCase() === wanted)?.id ?? null;
}

/** R-FORT-1 "n" or "n+", n 1–6. */
function readChance(target: string): number | null {
  const match = /^([1-6])\+?$/.exec(target);
  return match ? Number(match[1]) : null;
}

/**
 * `text` is the whole match, `type`, `target`, `label` its groups. Never throws: an unreadable link comes back
 * with its problem.
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

/** For checks of written text, such as the rules journal's. */
export function findRollLinks(content: string, vocabulary: RollLinkVocabulary): ParsedRollLink[] {
  return [...content.matchAll(new RegExp(ROLL_LINK_PATTERN.source, ROLL_LINK_PATTERN.flags))].map((m) =>
    parseRollLink(m[0], m[1] ?? "", m[2] ?? "", m[3], vocabulary),
  );
}

/** As `TerranEngine.roll` takes it: an attribute id or `save:<group>`. */
export function rollLinkWhat(link: Exclude<RollLink, { kind: "fortune" }>): string {
  return link.kind === "risky" ? link.attribute : `save:${link.group}`;
}

/** Null for the Fortune die or an id the vocabulary lacks. */
export function rollLinkLabelKey(link: RollLink, vocabulary: RollLinkVocabulary): string | null {
  if (link.kind === "risky") return vocabulary.attributes.find((a) => a.id === link.attribute)?.labelKey ?? null;
  if (link.kind === "reaction") return vocabulary.saves.find((g) => g.id === link.group)?.labelKey ?? null;
  return null;
}
