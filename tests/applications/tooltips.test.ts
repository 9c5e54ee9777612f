// @vitest-environment happy-dom
/**
 * What a hover shows of a user-written name: the sheets' headers (rendered strictly with the real
 * Handlebars, tests/support/templates.ts) and a roll link's refused target, read through the stand-in of
 * core's tooltip (tests/stubs/tooltip.ts) on both generations. A name is drawn as written, never as markup.
 */
import { describe, expect, it } from "vitest";
import { characterSheetContext } from "../../src/applications/sheets/character/character-context.ts";
import { challengeSheetContext } from "../../src/applications/sheets/challenge/challenge-context.ts";
import { itemSheetContext } from "../../src/applications/sheets/item/item-context.ts";
import { rollLinkHtml, rollLinkView, type LinkI18n } from "../../src/applications/enrichers/roll-link-view.ts";
import { CORE } from "../../src/rules/index.ts";
import { findRollLinks, rollLinkVocabulary } from "../../src/rules/roll-links.ts";
import {
  CHALLENGE_SHEET_PARTS,
  CHARACTER_SHEET_PARTS,
  ITEM_SHEET_PARTS,
  itemSheetParts,
} from "../../src/applications/sheets/parts.ts";
import { RULESET_IDS } from "../../src/rules/index.ts";
import {
  GM,
  multiFacetChallenge,
  OBSERVER,
  OWNER,
  seasonedCharacter,
  SHEET_FIXTURES,
  weaponSheet,
} from "../fixtures/sheets.ts";
import { english, renderTemplate } from "../support/templates.ts";
import { drawn, tooltipHtml, type TooltipI18n } from "../stubs/tooltip.ts";
import { GENERATIONS, world } from "../stubs/world.ts";

const MARKUP = '<img src=x style="position:fixed;inset:0">';
const ORDINARY = 'Bram\'s "Long" Sword & Co';

const i18n: TooltipI18n = {
  has: (key) => {
    try {
      return english(key) !== "";
    } catch {
      return false;
    }
  },
  localize: english,
};

/** What hovering the portrait of `html` (a rendered header) shows. */
function portraitTip(html: string) {
  const root = document.createElement("div");
  root.innerHTML = html;
  const wrap = root.querySelector(".te-portrait-wrap");
  if (!wrap) throw new Error("no portrait");
  const tip = tooltipHtml(wrap, i18n);
  if (tip === null) throw new Error("the portrait has no tooltip");
  return drawn(tip);
}

const headers = {
  character: (name: string) =>
    renderTemplate(
      "sheets/character/header.hbs",
      characterSheetContext({ ...seasonedCharacter("core", { permissions: OBSERVER }), name }),
    ),
  challenge: (name: string) =>
    renderTemplate(
      "sheets/challenge/header.hbs",
      challengeSheetContext({ ...multiFacetChallenge("core", OBSERVER), name }),
    ),
  item: (name: string) =>
    renderTemplate("sheets/item/header.hbs", itemSheetContext({ ...weaponSheet("core", OBSERVER), name })),
};

const linkI18n: LinkI18n = {
  localize: english,
  format: (key, data) => english(key).replace(/\{(\w+)\}/g, (_, name: string) => data[name] ?? `{${name}}`),
};

/** What hovering the roll link written `text` shows. */
function linkTip(text: string) {
  const words = rollLinkVocabulary(CORE);
  const [parsed] = findRollLinks(text, words);
  if (!parsed) throw new Error(text);
  const root = document.createElement("div");
  root.innerHTML = rollLinkHtml(rollLinkView(parsed, linkI18n, "Core", words));
  const link = root.querySelector(".te-roll-link");
  if (!link) throw new Error("no link");
  const tip = tooltipHtml(link, i18n);
  if (tip === null) throw new Error("the link has no tooltip");
  return drawn(tip);
}

describe.each(GENERATIONS)("[tooltip stand-in, v%i] a user-written name in a tooltip is text", (generation) => {
  world.generation = generation;

  for (const [sheet, header] of Object.entries(headers)) {
    it(`the ${sheet} header's portrait shows a name with markup as written, drawing nothing`, () => {
      world.generation = generation;
      expect(portraitTip(header(MARKUP))).toEqual({ text: MARKUP, elements: [] });
    });

    it(`the ${sheet} header's portrait shows an ordinary name as before, and a key-like name unlocalized`, () => {
      world.generation = generation;
      expect(portraitTip(header(ORDINARY))).toEqual({ text: ORDINARY, elements: [] });
      expect(portraitTip(header("TERRAN.Sheet.Header.name")).text).toBe("TERRAN.Sheet.Header.name");
    });
  }

  it("an editable header's portrait still says what a click does", () => {
    world.generation = generation;
    const html = renderTemplate("sheets/challenge/header.hbs", challengeSheetContext(multiFacetChallenge("core", GM)));
    expect(portraitTip(html).text).toBe(english("TERRAN.Sheet.Header.editImage"));
  });

  it("a roll link's refused target is shown as written, drawing nothing; a read link's tooltip is unchanged", () => {
    world.generation = generation;
    const refused = linkTip(`@Risky[${MARKUP}]`);
    expect(refused.elements).toEqual([]);
    expect(refused.text).toContain(`"${MARKUP}" is not an attribute`);
    expect(linkTip("@Risky[finesse]")).toEqual({
      text: "Risky Action with Finesse: opens the roll dialog for your character, or for your selected token's.",
      elements: [],
    });
  });
});

/** The fields a user writes: names (items, facets, the sheet's own), tags, modifier labels, identity and notes. */
const WRITTEN = /^(name|customTags|label|archetype|background|drive|notes|description|biography)$/;

/** `input` with markup before every user-written text in it. */
function hostile<T>(input: T, key = ""): T {
  if (typeof input === "string") return (WRITTEN.test(key) ? `${MARKUP}${input}` : input) as T;
  if (Array.isArray(input)) return input.map((v: unknown) => hostile(v, key)) as T;
  if (input && typeof input === "object")
    return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, hostile(v, k)])) as T;
  return input;
}

/** Every tooltip in `parts` rendered with `context` that draws an element, with the element holding it. */
function markupTips(parts: readonly string[], context: object): string[] {
  const root = document.createElement("form");
  root.innerHTML = parts.map((p) => renderTemplate(p.replace(/^templates\//, ""), context)).join("\n");
  return [...root.querySelectorAll("[data-tooltip], [data-tooltip-text], [data-tooltip-html]")].flatMap((el) => {
    const tip = tooltipHtml(el, i18n);
    return tip !== null && drawn(tip).elements.length > 0 ? [el.outerHTML.slice(0, 160)] : [];
  });
}

describe.each(GENERATIONS)(
  "[tooltip stand-in, v%i] no tooltip of a sheet draws a user-written text as markup",
  (generation) => {
    for (const rulesetId of RULESET_IDS) {
      for (const [name, fixture] of Object.entries(SHEET_FIXTURES.character))
        it(`character "${name}" (${rulesetId})`, () => {
          world.generation = generation;
          for (const permissions of [OWNER, OBSERVER, GM]) {
            const view = characterSheetContext(hostile({ ...fixture(rulesetId), permissions }));
            expect(markupTips(Object.values(CHARACTER_SHEET_PARTS), view)).toEqual([]);
          }
        });
      for (const [name, fixture] of Object.entries(SHEET_FIXTURES.challenge))
        it(`challenge "${name}" (${rulesetId})`, () => {
          world.generation = generation;
          for (const permissions of [OWNER, OBSERVER, GM]) {
            const view = challengeSheetContext(hostile({ ...fixture(rulesetId), permissions }));
            expect(markupTips(Object.values(CHALLENGE_SHEET_PARTS), view)).toEqual([]);
          }
        });
      for (const [name, fixture] of Object.entries(SHEET_FIXTURES.item))
        it(`item "${name}" (${rulesetId})`, () => {
          world.generation = generation;
          for (const permissions of [OWNER, OBSERVER]) {
            const input = hostile(fixture(rulesetId, permissions));
            const parts = itemSheetParts(input.item.type).map((p) => ITEM_SHEET_PARTS[p]);
            expect(markupTips(parts, itemSheetContext(input))).toEqual([]);
          }
        });
    }
  },
);
