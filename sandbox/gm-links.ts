/**
 * Sandbox scenes of the roll links and token states, as windows beside the sheets:
 * - a journal page of the rules journal with its inline roll links, enriched by the same view the
 *   enricher uses (src/applications/enrichers/roll-link-view.ts), plus a link a Legacy-like world cannot
 *   read (its hint);
 * - a character's token with its states and the token HUD's status palette: the states the glue shows
 *   (src/rules/states.ts, the ruleset's list) for a Mortally Wounded, lost character. The token and the
 *   HUD are STAND-INS drawn here (Foundry draws them on the canvas), and core's `@UUID` links are shown
 *   as plain content links.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { rollLinkHtml, rollLinkView, type LinkI18n } from "../src/applications/enrichers/roll-link-view.ts";
import { CORE, LEGACY } from "../src/rules/index.ts";
import {
  findRollLinks,
  ROLL_LINK_PATTERN,
  rollLinkVocabulary,
  type RollLinkVocabulary,
} from "../src/rules/roll-links.ts";
import { activeStateIds, type StateFacts } from "../src/rules/states.ts";
import { escapeHtml } from "./render.ts";
import { localize } from "./templates.ts";
import type { SheetScene } from "./sheets.ts";

// The page's language (?lang=…): `localize` reads the language of the request being rendered.
const i18n: LinkI18n = {
  localize,
  format: (key, data) => localize(key).replace(/\{(\w+)\}/g, (_, name: string) => data[name] ?? `{${name}}`),
};

/** A page of the rules journal's source, by journal file and page name. */
function journalPage(file: string, name: string): string {
  const doc = JSON.parse(readFileSync(resolve(import.meta.dirname, "../packs/_source/rules", file), "utf8")) as {
    pages: { name: string; text: { content: string } }[];
  };
  const page = doc.pages.find((p) => p.name === name);
  if (!page) throw new Error(`no page ${name} in ${file}`);
  return page.text.content;
}

/**
 * Enriches `html` as core would with our enricher: each roll link becomes its view's HTML; `@UUID[…]{label}` a plain
 * content link (stand-in).
 */
function enrich(html: string, vocabulary: RollLinkVocabulary, rulesetName: string): string {
  const parsed = findRollLinks(html, vocabulary);
  let index = 0;
  const withLinks = html.replace(new RegExp(ROLL_LINK_PATTERN.source, ROLL_LINK_PATTERN.flags), () => {
    const link = parsed[index++];
    return link ? rollLinkHtml(rollLinkView(link, i18n, rulesetName, vocabulary)) : "";
  });
  return withLinks.replace(
    /@UUID\[[^\]]*\]\{([^}]*)\}/g,
    (_, label: string) => `<a class="content-link">${escapeHtml(label)}</a>`,
  );
}

function journalScene(): SheetScene {
  const guide = "how-to-play-with-this-system_86suubINxjNxQoUj.json";
  const reference = "rules-reference_0dk3JiGFfORK4ERR.json";
  // Built per request, in its language; the journal's own prose is the compendium's English (lang="en").
  const page = (): string => {
    const core = localize(CORE.labelKey);
    const [rolling, fortune] = [
      journalPage(guide, "Rolling"),
      journalPage(reference, "Sayonara and the Fortune die"),
    ].map((html) => enrich(html, rollLinkVocabulary(CORE), core));
    // The same journal's links read in a Legacy world (four other attributes, no Saves), a typo and a
    // chance out of range.
    const other = enrich(
      "<p>In a Legacy world a Core link reads as text with a warning: @Risky[finesse], @Reaction[insight]; so does a typo, @Risky[charsima], or a chance out of range, @Fortune[9]. Legacy's own: @Risky[charisma].</p>",
      rollLinkVocabulary(LEGACY),
      localize(LEGACY.labelKey),
    );
    return `<article class="journal-entry-page text" style="padding: 0 1rem; overflow: auto"><div lang="en">${rolling ?? ""}${other}<hr>${fortune ?? ""}</div></article>`;
  };
  return {
    id: "journal-roll-links",
    title: "Journal: inline roll links",
    windowTitle: "How to play with this system",
    classes: ["sheet", "journal-sheet", "journal-entry"],
    width: 600,
    height: 760,
    narrow: 360,
    render: page,
  };
}

/** A Mortally Wounded character who is lost (Ego 0): what its tokens show. */
const FACTS: StateFacts = { wounds: { stressed: true, broken: true, weary: true }, dead: false, lost: true };

function tokenScene(): SheetScene {
  const body = (): string => {
    const active = new Set(activeStateIds(CORE, FACTS));
    const icon = (img: string, label: string, on: boolean) =>
      `<img class="te-sandbox-status${on ? " active" : ""}" src="/${escapeHtml(img)}" alt="${escapeHtml(label)}" title="${escapeHtml(label)}" width="24" height="24" style="opacity: ${on ? 1 : 0.4}">`;
    const onToken = CORE.tokenStates
      .filter((d) => active.has(d.id))
      .map((d) => icon(d.img, localize(d.labelKey), true))
      .join("");
    const palette = CORE.tokenStates
      .map(
        (d) =>
          `<li style="display: flex; align-items: center; gap: 6px">${icon(d.img, localize(d.labelKey), active.has(d.id))}<span>${escapeHtml(localize(d.labelKey))}</span>${active.has(d.id) ? " ✓" : ""}</li>`,
      )
      .join("");
    return `<div class="te-sandbox-token-scene" style="display: flex; gap: 1rem; padding: 0.75rem; align-items: flex-start; flex-wrap: wrap">
  <figure style="margin: 0; position: relative; width: 120px; height: 120px; border: 3px solid #b3541e; border-radius: 6px; background: #6f6a78" aria-label="Mira's token (stand-in)">
    <div style="position: absolute; inset: 4px; display: flex; flex-wrap: wrap; align-content: flex-start; gap: 2px">${onToken}</div>
    <figcaption style="position: absolute; bottom: -1.6rem; width: 100%; text-align: center">Mira</figcaption>
  </figure>
  <section aria-label="Token HUD status effects (stand-in)" style="flex: 1; min-width: 180px">
    <h3 style="margin-top: 0">Token HUD (stand-in)</h3>
    <ul style="list-style: none; padding: 0; margin: 0; display: grid; gap: 4px">${palette}</ul>
    <p>${escapeHtml(localize("TERRAN.States.Refusal.mortallyWounded"))}</p>
  </section>
</div>`;
  };
  return {
    id: "token-states",
    title: "Token: a character's states as status effects (stand-in)",
    windowTitle: "Mira",
    classes: ["sheet", "token-hud-standin"],
    width: 480,
    height: 420,
    narrow: 320,
    render: body,
  };
}

export const GM_LINK_SCENES: readonly SheetScene[] = [journalScene(), tokenScene()];
