/** What an inline roll link shows (src/applications/enrichers/roll-link-view.ts), in English. */
import { describe, expect, it } from "vitest";
import { rollLinkHtml, rollLinkView, type LinkI18n } from "../../../src/applications/enrichers/roll-link-view.ts";
import { CORE } from "../../../src/rules/index.ts";
import { findRollLinks, rollLinkVocabulary } from "../../../src/rules/roll-links.ts";
import { english } from "../../support/templates.ts";

const i18n: LinkI18n = {
  localize: english,
  format: (key, data) => english(key).replace(/\{(\w+)\}/g, (_, name: string) => data[name] ?? `{${name}}`),
};
const words = rollLinkVocabulary(CORE);

function view(text: string) {
  const [parsed] = findRollLinks(text, words);
  if (!parsed) throw new Error(text);
  return rollLinkView(parsed, i18n, "Core (SRD v0.6.0)", words);
}

describe("roll link view", () => {
  it("R-POOL-1 R-RA-8 R-FORT-1: each kind's default text, tooltip, icon and the data a click reads back", () => {
    expect(view("@Risky[finesse]")).toEqual({
      valid: true,
      text: "Finesse",
      tooltip: "Risky Action with Finesse: opens the roll dialog for your character, or for your selected token's.",
      classes: "te-roll-link te-roll-link-risky",
      icon: "fa-dice-d6",
      dataset: { teRollLink: "risky", target: "finesse" },
    });
    expect(view("@Reaction[insight]")).toMatchObject({
      text: "Insight · Reflexes",
      icon: "fa-shield-halved",
      dataset: { teRollLink: "reaction", target: "insight" },
    });
    expect(view("@Fortune[4+]")).toMatchObject({
      text: "Fortune die 4+",
      tooltip: "Rolls the Fortune die: 4 or more succeeds.",
      dataset: { teRollLink: "fortune", target: "4" },
    });
    expect(view("@Risky[reason]{Recall the map}").text).toBe("Recall the map");
  });

  it("R-POOL-1: a link that cannot be read keeps its text and says why, naming what the ruleset knows", () => {
    expect(view("@Risky[flying]")).toMatchObject({
      valid: false,
      text: "@Risky[flying]",
      tooltip:
        'Not a roll link here: "flying" is not an attribute of this world\'s ruleset (Core (SRD v0.6.0)). Its attributes: intuition, reason, finesse, exertion, attunement, influence.',
      classes: "te-roll-link te-roll-link-invalid",
      dataset: {},
    });
    expect(view("@Reaction[speed]").tooltip).toContain("is not a group");
    expect(view("@Fortune[9]").tooltip).toContain("a number from 1 to 6");
    expect(view("@Risky[]").tooltip).toBe(english("TERRAN.Links.Invalid.empty"));
  });

  it("R-POOL-1: the HTML is a focusable button-like link; a broken one a span with a visible hint; text is escaped", () => {
    expect(rollLinkHtml(view("@Risky[finesse]"))).toBe(
      '<a class="te-roll-link te-roll-link-risky" role="button" tabindex="0" data-te-roll-link="risky" data-target="finesse" data-tooltip-text="Risky Action with Finesse: opens the roll dialog for your character, or for your selected token&amp;#39;s." aria-label="Finesse — Risky Action with Finesse: opens the roll dialog for your character, or for your selected token&#39;s."><i class="fa-solid fa-fw fa-dice-d6" inert></i>Finesse</a>',
    );
    const broken = rollLinkHtml(view('@Risky[<img src=x onerror="alert(1)">]'));
    expect(broken).toMatch(
      /^<span class="te-roll-link te-roll-link-invalid" data-tooltip-text="[^"]*" aria-label="[^"]*">@Risky\[&lt;img src=x onerror=&quot;alert\(1\)&quot;&gt;\]<span class="te-roll-link-hint" aria-hidden="true">⚠<\/span><\/span>$/,
    );
    expect(rollLinkHtml(view("@Fortune[2]{<b>Luck</b>}"))).toContain("&lt;b&gt;Luck&lt;/b&gt;</a>");
  });
});
