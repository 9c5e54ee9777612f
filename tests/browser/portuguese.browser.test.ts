/**
 * Every scene of the sandbox in Portuguese (Brazil), `?lang=pt-BR`, in real Chromium: it loads without
 * an error, it reads in Portuguese (no English string of lang/en.json is left in it), and nothing
 * overflows at its default width nor at the narrow one: Portuguese runs longer than English, so the
 * screenshots test's check (sideways overflow, clipped attribute and Save names) runs again here,
 * with one more: no label or button cuts its text off at the bottom. A click answered by the server
 * (a roll from the dialog, a die chosen on a card) comes back in Portuguese too. Screenshots go to
 * out/screenshots-pt-BR/ for a human to look at. Foundry's own chrome and CSS are stand-ins here.
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { flattenLanguage } from "../../scripts/lang-diff.ts";
import { CARDS, PLAYER } from "../../sandbox/fixtures.ts";
import { scenes, type SceneInfo } from "../../sandbox/scenes.ts";
import { afterUpdate, layoutProblems, sceneFrame, sharedTab, useSession } from "./browser.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const OUT = resolve(ROOT, "out/screenshots-pt-BR");
const LANG = "pt-BR";

const read = (lang: string): Map<string, string> =>
  flattenLanguage(JSON.parse(readFileSync(resolve(ROOT, "lang", `${lang}.json`), "utf8")) as unknown).strings;
const EN = read("en");
const PT = read(LANG);

/**
 * Labels that are also documents' names: the fixtures' weapons, advancements and conditions are named
 * in English, as the compendia's documents are. Foundry shows a document's name as stored, in any
 * language (translating compendium content is a module's job, e.g. Babele), so these may appear.
 */
const DOCUMENT_NAMES = /^TERRAN\.(Weapon|Adv|Cond)\./;

/**
 * English texts that cannot pass for Portuguese: the ones the translation changed, of two words or
 * more, without placeholders (a filled-in text would not match). Any of them on a pt-BR page is an
 * untranslated string.
 */
const ENGLISH_ONLY = [...EN]
  .filter(
    ([key, text]) =>
      !DOCUMENT_NAMES.test(key) &&
      PT.get(key) !== text &&
      !/[{}]/.test(text) &&
      /\S\s+\S/.test(text) &&
      text.length >= 8,
  )
  .map(([, text]) => text);

const session = useSession();
const { tab, errors } = sharedTab(session);

beforeAll(() => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
});

/** Labels and buttons whose text is cut off at the bottom (a fixed height with hidden overflow). */
async function cutOffBelow(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluate((root) =>
    [
      ...root.querySelectorAll<HTMLElement>(
        "button, label, a, legend, h1, h2, h3, h4, th, .te-attr-name, .te-save-name",
      ),
    ]
      .filter((el) => {
        const style = getComputedStyle(el);
        if (style.display === "none" || style.visibility === "hidden" || el.getClientRects().length === 0) return false;
        const r = el.getBoundingClientRect();
        if (r.width <= 1 && r.height <= 1) return false;
        const hides = ["hidden", "clip"].includes(style.overflowY) || ["hidden", "clip"].includes(style.overflow);
        return hides && el.scrollHeight > el.clientHeight + 1;
      })
      .map((el) => `cut off below: ${(el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40)}`),
  );
}

/**
 * The text of `selector` (shown or hidden) and the tooltips, labels and placeholders inside it. Content
 * marked as another language (`lang="en"` around a compendium's English journal text, say) is left
 * out: it is a document's words, not the system's.
 */
async function shownText(page: Page, selector: string): Promise<string> {
  return page.locator(selector).evaluate((root) => {
    const pageLang = document.documentElement.lang;
    const foreign = (el: Element | null): boolean => {
      const marked = el?.closest("[lang]")?.getAttribute("lang");
      return marked !== undefined && marked !== null && marked !== pageLang;
    };
    const texts: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (!foreign(node.parentElement)) texts.push(node.textContent ?? "");
    const attrs = [...root.querySelectorAll("[title], [aria-label], [data-tooltip], [placeholder]")]
      .filter((el) => !foreign(el))
      .flatMap((el) => ["title", "aria-label", "data-tooltip", "placeholder"].map((a) => el.getAttribute(a) ?? ""));
    return [...texts, ...attrs].join("\n");
  });
}

/** English strings of en.json found in `text`. */
function untranslated(text: string): string[] {
  return ENGLISH_ONLY.filter((s) => text.includes(s));
}

async function visit(
  scene: SceneInfo,
  width: number | null,
  shot: string | null,
  lang = LANG,
): Promise<{ problems: string[]; text: string }> {
  const page = await tab();
  errors().length = 0;
  const query = `theme=light&lang=${lang}${width === null ? "" : `&width=${width}`}`;
  await page.goto(`${session().sandbox.url}/scene/${scene.kind}/${scene.id}?${query}`);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const selector = sceneFrame(scene);
  expect(await page.locator(selector).count(), selector).toBe(1);
  expect(await page.getAttribute("html", "lang")).toBe(lang);
  if (shot) await page.locator(selector).screenshot({ path: resolve(OUT, shot), animations: "disabled" });
  const problems = [...(await layoutProblems(page, selector)), ...(await cutOffBelow(page, selector))];
  expect(errors(), `${scene.kind}/${scene.id} (${lang}) loads cleanly`).toEqual([]);
  return { problems, text: await shownText(page, selector) };
}

const all = scenes();

describe(
  "sandbox scenes in Portuguese (?lang=pt-BR) in Chromium: translated, and nothing overflows",
  { timeout: 30_000 },
  () => {
    it("the check can tell: English pages show en.json's English, which pt-BR replaces", async () => {
      expect(ENGLISH_ONLY.length).toBeGreaterThan(200);
      const scene = all.find((s) => s.kind === "sheet" && s.id === "character-seasoned");
      if (!scene) throw new Error("no character-seasoned scene");
      const english = await visit(scene, null, null, "en");
      expect(untranslated(english.text).length).toBeGreaterThan(3);
    });

    it.each(all.map((s) => [`${s.kind}/${s.id}`, s] as const))(
      "%s: in Portuguese, fits at the default and the narrow width",
      async (_, scene) => {
        const wide = await visit(scene, null, `${scene.kind}-${scene.id}-pt-BR.png`);
        expect(untranslated(wide.text), `${scene.kind}/${scene.id}: English left in the pt-BR page`).toEqual([]);
        expect(wide.problems, `${scene.kind}/${scene.id} at ${scene.width}px (pt-BR)`).toEqual([]);
        const narrow = await visit(scene, scene.narrow, `${scene.kind}-${scene.id}-pt-BR-narrow.png`);
        expect(narrow.problems, `${scene.kind}/${scene.id} at ${scene.narrow}px (pt-BR)`).toEqual([]);
      },
    );

    it("the server answers in the page's language: a refused click reads as the Foundry glue words it in Portuguese; an unknown language is refused", async () => {
      const make = CARDS.reaction;
      if (!make) throw new Error("no reaction card");
      const { card } = make();
      const ask = async (lang: string) => {
        const response = await fetch(`${session().sandbox.url}/api/card`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          // A player may not allow a Reaction an Effect: only a GM may (src/chat/permissions.ts).
          body: JSON.stringify({
            card,
            user: PLAYER,
            click: { action: "allow-effect", index: null, role: null },
            lang,
          }),
        });
        return { status: response.status, body: (await response.json()) as { error?: string } };
      };
      const pt = await ask(LANG);
      expect(pt.status).toBe(422);
      expect(pt.body.error).toBe(PT.get("TERRAN.Card.Reason.notGm"));
      expect((await ask("en")).status).toBe(422);
      expect((await ask("xx")).status).toBe(400);
      expect((await fetch(`${session().sandbox.url}/?lang=xx`)).status).toBe(400);
    });

    it("a roll from the pt-BR dialog posts a Portuguese card, and a click on it answers in Portuguese", async () => {
      const scene = all.find((s) => s.kind === "dialog" && s.id === "weapon");
      if (!scene) throw new Error("no weapon dialog scene");
      await visit(scene, null, null);
      const page = await tab();
      await afterUpdate(page, () => page.locator('button[data-action="darkUp"]').click());
      await afterUpdate(page, () => page.locator('button[data-action="roll"]').click());
      const card = page.locator("#sandbox-chat-log [data-card=risky]");
      expect(await card.count()).toBe(1);
      expect(await card.innerText()).toContain(PT.get("TERRAN.Card.Risky.title"));
      const clickable = page.locator("#sandbox-chat-log button.die-face").first();
      await afterUpdate(page, () => clickable.click());
      const after = await shownText(page, ".sandbox-chat");
      expect(untranslated(after)).toEqual([]);
      expect(await layoutProblems(page, ".sandbox-chat")).toEqual([]);
      expect(errors()).toEqual([]);
    });
  },
);

describe("Portuguese lines that must not break", { timeout: 60_000 }, () => {
  it("R-LEG-13: the Legacy sheet's 'Advancements to take' line stays on one line", async () => {
    const page = await tab();
    await page.goto(`${session().sandbox.url}/scene/sheet/character-legacy?lang=${LANG}`);
    const hint = page.locator(".te-hint", { hasText: "a pegar" }).first();
    const lines = await hint.evaluate((el) => {
      const style = getComputedStyle(el);
      const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.4;
      return Math.round(el.getBoundingClientRect().height / lineHeight);
    });
    expect(lines).toBe(1);
    expect(errors()).toEqual([]);
  });
});
