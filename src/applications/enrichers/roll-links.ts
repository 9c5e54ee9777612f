/**
 * The roll links' glue: core's enricher registry turns them (rules/roll-links.ts) into links wherever core
 * enriches text, chat messages too (not speech bubbles: foundryvtt#9165); a click rolls for `chooseRoller`'s
 * roller. The listener is added in the enricher's `onRender` (it needs an `id`: foundryvtt.com/api
 * CONFIG.TextEditorEnricherConfig), on v13 as on v14, as Crucible did while v13-only (crucible 574b865f); core
 * hands it the wrapper, and v14 an abort signal (compat/generation.ts).
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

/** Core needs one for `onRender`. */
export const ROLL_LINK_ENRICHER_ID = "terranRollLink";

function i18n(): LinkI18n {
  return {
    localize: (key) => game.i18n?.localize(key) ?? key,
    format: (key, data) => game.i18n?.format(key, data) ?? key,
  };
}

/** A plain element with a hint when it cannot be read. */
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

/** Read again against the world's ruleset (null: no longer valid). */
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

/** Or says why there is no roller. */
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

/** The link answers a click, and Enter or Space (a focusable role="button"). */
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

/** Documented for v13 and v14; fvtt-types 13.345 lacks `id` and `onRender`. */
interface RenderingEnricherConfig {
  readonly id: string;
  readonly pattern: RegExp;
  readonly enricher: (match: RegExpMatchArray) => Promise<HTMLElement | null>;
  readonly onRender: (element: HTMLElement, options?: unknown) => void;
}

/** At init. */
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
