/**
 * CORE TOOLTIP STAND-IN — not Foundry's TooltipManager: what core's tooltip draws for a hovered element,
 * and what a user then sees, so a test reads a hover (or a notification) as a player would.
 * - `data-tooltip`: a localization key is localized; any other value is drawn as HTML, cleaned by
 *   foundry.utils.cleanHTML (foundryvtt#12356); core means it for localization keys (foundryvtt#12355).
 * - `data-tooltip-text`: never localized (foundryvtt#12355), drawn as cleaned HTML (foundryvtt#12356).
 * - `data-tooltip-html`: drawn as HTML, uncleaned (Draw Steel puts built markup there:
 *   templates/sheets/actor/shared/effects.hbs; #12356 first named it `data-tooltip-content`).
 * The same on v13 and v14: Draw Steel uses these attributes from 13.340 (commit b97779e8, "Aligned tooltip
 * usage to correct standards") to 14.356, and no v14 note found changes them. The stand-in does not clean:
 * markup it draws from a name is markup cleanHTML may keep; where it draws none, cleaning draws none.
 * Stricter than core: an element with two of these attributes is refused (which wins is not documented).
 */
import { world } from "./world.ts";

/** The localizer core asks whether a `data-tooltip` is a key (game.i18n `has` and `localize`). */
export interface TooltipI18n {
  has(key: string): boolean;
  localize(key: string): string;
}

const ATTRIBUTES = ["data-tooltip", "data-tooltip-text", "data-tooltip-html"] as const;

/** The HTML core's tooltip draws for `element`, or null when it has no tooltip. */
export function tooltipHtml(element: Element, i18n: TooltipI18n): string | null {
  if (world.generation !== 13 && world.generation !== 14) throw new Error("stand-in tooltip: v13 or v14 only");
  const present = ATTRIBUTES.filter((a) => element.hasAttribute(a));
  if (present.length > 1) throw new Error(`stand-in tooltip: ${present.join(" and ")} on one element`);
  const [attribute] = present;
  if (!attribute) return null;
  const value = element.getAttribute(attribute) ?? "";
  if (attribute === "data-tooltip" && i18n.has(value)) return i18n.localize(value);
  return value;
}

/** What a user sees of `html` drawn into core's tooltip or a notification: its text and the elements it draws. */
export function drawn(html: string): { readonly text: string; readonly elements: readonly string[] } {
  const box = document.createElement("div");
  box.innerHTML = html;
  return { text: box.textContent ?? "", elements: [...box.querySelectorAll("*")].map((e) => e.tagName.toLowerCase()) };
}
