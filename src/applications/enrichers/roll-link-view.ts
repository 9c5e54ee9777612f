/**
 * What a roll link shows, pure: a read link becomes a focusable link with label, icon and tooltip; an
 * unreadable one stays the text as written with a hint saying why (never an error). The enricher and the
 * sandbox draw the same HTML.
 */
import { rollLinkLabelKey, type ParsedRollLink, type RollLinkVocabulary } from "../../rules/roll-links.ts";
import { escapeHtml, tooltipTextAttribute } from "../tooltip-text.ts";

/** `game.i18n` in Foundry; the English file in the sandbox and tests. */
export interface LinkI18n {
  localize(key: string): string;
  format(key: string, data: Readonly<Record<string, string>>): string;
}

export interface RollLinkView {
  readonly valid: boolean;
  /** The author's label, the localised default, or the link as written. */
  readonly text: string;
  /** What a click does, or why the link cannot be read. */
  readonly tooltip: string;
  readonly classes: string;
  /** Valid links only. */
  readonly icon: string | null;
  /** Read back by the click (valid links only). */
  readonly dataset: Readonly<Record<string, string>>;
}

const ICONS = { risky: "fa-dice-d6", reaction: "fa-shield-halved", fortune: "fa-dice" } as const;

/** `rulesetName` and `vocabulary` name what a refused target could have been. */
export function rollLinkView(
  parsed: ParsedRollLink,
  i18n: LinkI18n,
  rulesetName: string,
  vocabulary: RollLinkVocabulary,
): RollLinkView {
  if (!parsed.ok) {
    const ids = (parsed.kind === "reaction" ? vocabulary.saves : vocabulary.attributes).map((t) => t.id);
    const known = parsed.kind === "fortune" ? "1–6" : ids.length > 0 ? ids.join(", ") : "—";
    const hintKey =
      parsed.problem === "empty"
        ? "TERRAN.Links.Invalid.empty"
        : parsed.problem === "bad-chance"
          ? "TERRAN.Links.Invalid.badChance"
          : parsed.kind === "reaction"
            ? "TERRAN.Links.Invalid.unknownGroup"
            : "TERRAN.Links.Invalid.unknownAttribute";
    return {
      valid: false,
      text: parsed.text,
      tooltip: i18n.format(hintKey, { target: parsed.target, ruleset: rulesetName, known }),
      classes: "te-roll-link te-roll-link-invalid",
      icon: null,
      dataset: {},
    };
  }
  const link = parsed.link;
  switch (link.kind) {
    case "risky": {
      const attribute = i18n.localize(rollLinkLabelKey(link, vocabulary) ?? link.attribute);
      return {
        valid: true,
        text: parsed.label ?? attribute,
        tooltip: i18n.format("TERRAN.Links.Tooltip.risky", { attribute }),
        classes: "te-roll-link te-roll-link-risky",
        icon: ICONS.risky,
        dataset: { teRollLink: "risky", target: link.attribute },
      };
    }
    case "reaction": {
      const save = i18n.localize(rollLinkLabelKey(link, vocabulary) ?? link.group);
      return {
        valid: true,
        text: parsed.label ?? save,
        tooltip: i18n.format("TERRAN.Links.Tooltip.reaction", { save }),
        classes: "te-roll-link te-roll-link-reaction",
        icon: ICONS.reaction,
        dataset: { teRollLink: "reaction", target: link.group },
      };
    }
    case "fortune": {
      const chance = String(link.chance);
      return {
        valid: true,
        text: parsed.label ?? i18n.format("TERRAN.Links.Label.fortune", { chance }),
        tooltip: i18n.format("TERRAN.Links.Tooltip.fortune", { chance }),
        classes: "te-roll-link te-roll-link-fortune",
        icon: ICONS.fortune,
        dataset: { teRollLink: "fortune", target: chance },
      };
    }
  }
}

function dataName(key: string): string {
  return `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * A focusable `<a role="button">`, or for an unreadable link a `<span>` as written with a visible ⚠ saying why.
 */
export function rollLinkHtml(view: RollLinkView): string {
  const tooltip = `${tooltipTextAttribute(view.tooltip)} aria-label="${escapeHtml(`${view.text} — ${view.tooltip}`)}"`;
  if (!view.valid) {
    return `<span class="${view.classes}" ${tooltip}>${escapeHtml(view.text)}<span class="te-roll-link-hint" aria-hidden="true">⚠</span></span>`;
  }
  const data = Object.entries(view.dataset)
    .map(([k, v]) => `${dataName(k)}="${escapeHtml(v)}"`)
    .join(" ");
  const icon = view.icon ? `<i class="fa-solid fa-fw ${view.icon}" inert></i>` : "";
  return `<a class="${view.classes}" role="button" tabindex="0" ${data} ${tooltip}>${icon}${escapeHtml(view.text)}</a>`;
}
