/**
 * The inline roll links' glue: core's enricher registry turns `@Risky[finesse]`,
 * `@Reaction[insight]` and `@Fortune[4]` (src/rules/roll-links.ts) into links wherever core enriches
 * text — journal pages, item descriptions (the sheets enrich them), chat messages (core runs custom
 * enrichers on message content, not on speech bubbles: foundryvtt#9165). A click opens the roll dialog
 * for the roller `chooseRoller` picks (src/documents/operations/roller.ts) or rolls the Fortune die.
 *
 * The click listener is added by the enricher's `onRender` ("An optional callback that is invoked when
 * the enriched content is added to the DOM"; it needs an `id`: foundryvtt.com/api CONFIG.
 * TextEditorEnricherConfig), on v13 as on v14 — Foundry's Crucible used it while it declared v13 only
 * (crucible 574b865f, system.json compatibility 13). Core hands `onRender` the wrapper element it puts
 * around what the enricher returned, so the link is looked up inside it. On v14 the listeners also take
 * the signal that aborts when the element leaves the page (src/compat/generation.ts).
 */
import { api } from "../../api.ts";
import { rollFortune } from "../chat/roll-other.ts";
import { enricherRenderSignal } from "../../compat/generation.ts";
import { chooseRoller, type RollerCandidate } from "../../documents/operations/roller.ts";
import { TerranActor } from "../../documents/actor.ts";
import {
  ROLL_LINK_PATTERN,
  parseRollLink,
  rollLinkVocabulary,
  rollLinkWhat,
  type RollLink,
} from "../../rules/roll-links.ts";
import { currentRuleset } from "../../settings/settings.ts";
import { rollLinkHtml, rollLinkView, type LinkI18n } from "./roll-link-view.ts";

/** The enricher's id (core needs one for `onRender`). */
export const ROLL_LINK_ENRICHER_ID = "terranRollLink";

function i18n(): LinkI18n {
  return {
    localize: (key) => game.i18n?.localize(key) ?? key,
    format: (key, data) => game.i18n?.format(key, data) ?? key,
  };
}

/** Core's enricher: one match → the link element (a plain element with a hint when it cannot be read). */
export function enrichRollLink(match: RegExpMatchArray): Promise<HTMLElement | null> {
  const ruleset = currentRuleset();
  const vocabulary = rollLinkVocabulary(ruleset);
  const parsed = parseRollLink(match[0], match[1] ?? "", match[2] ?? "", match[3], vocabulary);
  const view = rollLinkView(parsed, i18n(), i18n().localize(ruleset.labelKey), vocabulary);
  const holder = document.createElement("template");
  holder.innerHTML = rollLinkHtml(view);
  const element = holder.content.firstElementChild;
  return Promise.resolve(element && "dataset" in element ? (element as HTMLElement) : null);
}

/** The link a clicked element stands for, read again against the world's ruleset (null: no longer valid). */
export function linkOf(element: { readonly dataset: DOMStringMap }): RollLink | null {
  const kind = element.dataset.teRollLink ?? "";
  const target = element.dataset.target ?? "";
  const type = kind === "risky" ? "Risky" : kind === "reaction" ? "Reaction" : kind === "fortune" ? "Fortune" : "";
  if (type === "") return null;
  const parsed = parseRollLink(`@${type}[${target}]`, type, target, undefined, rollLinkVocabulary(currentRuleset()));
  return parsed.ok ? parsed.link : null;
}

function candidate(actor: Actor.Implementation | null | undefined): RollerCandidate<TerranActor> | null {
  if (!actor) return null;
  return { actor, isCharacter: actor instanceof TerranActor && actor.type === "character", isOwner: actor.isOwner };
}

/**
 * A click on a link: the Fortune die is rolled; a Risky Action or Reaction opens the chosen roller's dialog, or says
 * why there is none.
 */
export async function openRollLink(link: RollLink): Promise<void> {
  if (link.kind === "fortune") {
    await rollFortune(link.chance);
    return;
  }
  const selected = (canvas?.tokens?.controlled ?? []).map((token) => candidate(token.actor));
  const choice = chooseRoller(selected, candidate(game.user?.character));
  if (!choice.ok) {
    ui.notifications?.warn(i18n().localize(`TERRAN.Links.Refusal.${choice.refusal}`));
    return;
  }
  await api.roll(choice.actor, rollLinkWhat(link));
}

/**
 * Core's `onRender`: the link inside `element` answers a click, and Enter or Space (it is a focusable role="button").
 */
export function renderRollLink(element: HTMLElement, options?: unknown): void {
  // Core hands the wrapper; should it ever hand the link itself, that works too.
  const link = element.dataset.teRollLink ? element : element.querySelector<HTMLElement>("[data-te-roll-link]");
  if (!link) return;
  const signal = enricherRenderSignal(options);
  const open = (event: Event): void => {
    event.preventDefault();
    const read = linkOf(link);
    if (read) void openRollLink(read);
  };
  link.addEventListener("click", open, { signal });
  link.addEventListener(
    "keydown",
    (event) => {
      if (event.key === "Enter" || event.key === " ") open(event);
    },
    { signal },
  );
}

/** Core's enricher entry with its `id` and `onRender` (documented for v13 and v14; fvtt-types 13.345 lacks them). */
interface RenderingEnricherConfig {
  readonly id: string;
  readonly pattern: RegExp;
  readonly enricher: (match: RegExpMatchArray) => Promise<HTMLElement | null>;
  readonly onRender: (element: HTMLElement, options?: unknown) => void;
}

/** Registers the enricher (init). */
export function registerRollLinks(): void {
  const entry: RenderingEnricherConfig = {
    id: ROLL_LINK_ENRICHER_ID,
    pattern: new RegExp(ROLL_LINK_PATTERN.source, ROLL_LINK_PATTERN.flags),
    enricher: enrichRollLink,
    onRender: renderRollLink,
  };
  const enrichers: unknown[] = CONFIG.TextEditor.enrichers;
  enrichers.push(entry);
}
