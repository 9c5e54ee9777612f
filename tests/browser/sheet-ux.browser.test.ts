/**
 * The character sheet as a player reads it, measured in Chromium on the sandbox's scenes: a Save's
 * pips read filled or empty in both themes, the sheet keeps names beside their circles at every width
 * from the narrow one up, and Grit, Ego and Wounds stay on the first screen at 720 px.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { english } from "../support/templates.ts";
import { layoutProblems, sharedTab, useSession } from "./browser.ts";

const session = useSession();
const shared = sharedTab(session);

async function openScene(path: string): Promise<Page> {
  const page = await shared.tab();
  shared.errors().length = 0;
  await page.goto(`${session().sandbox.url}${path}`);
  return page;
}

/** Relative luminance (WCAG 2) of an sRGB colour given as 0–255 channels. */
function luminance([r, g, b]: readonly number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r ?? 0) + 0.7152 * lin(g ?? 0) + 0.0722 * lin(b ?? 0);
}

/** The WCAG contrast ratio of two opaque colours. */
function contrast(a: readonly number[], b: readonly number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/**
 * The colour `selector`'s first match shows in its middle: its background composited over every
 * ancestor's (a canvas paints them in order, so color-mix() and alpha are resolved as the page does).
 */
function paintedColour(page: Page, selector: string): Promise<number[]> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) throw new Error(`${sel} is missing`);
    const chain: Element[] = [];
    for (let node: Element | null = el; node; node = node.parentElement) chain.unshift(node);
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no canvas");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, 1, 1);
    for (const node of chain) {
      ctx.fillStyle = getComputedStyle(node).backgroundColor;
      ctx.fillRect(0, 0, 1, 1);
    }
    return Array.from(ctx.getImageData(0, 0, 1, 1).data).slice(0, 3);
  }, selector);
}

describe("a Save's pips and its badge", { timeout: 60_000 }, () => {
  it.each(["light", "dark"] as const)(
    "R-CHAR-3 %s theme: a filled pip and an empty one differ by at least 3:1",
    async (theme) => {
      const page = await openScene(`/scene/sheet/character-seasoned?theme=${theme}`);
      // Insight · Reflexes has Save 1 (one filled pip, one empty) in the seasoned fixture.
      const filled = await paintedColour(page, ".te-group-insight .te-pip.is-filled");
      const empty = await paintedColour(page, ".te-group-insight .te-pip:not(.is-filled)");
      expect(contrast(filled, empty), `${filled.join(",")} vs ${empty.join(",")}`).toBeGreaterThanOrEqual(3);
      expect(shared.errors()).toEqual([]);
    },
  );

  it("R-CHAR-3 R-HARM-4 the badge beside a Stressed Save says the Save and the dice it rolls", async () => {
    const page = await openScene("/scene/sheet/character-seasoned");
    const badge = page.locator(".te-group-insight .te-save .te-light-dice");
    const said = (await badge.getAttribute("aria-label")) ?? "";
    const expected = english("TERRAN.Sheet.Roll.saveDice")
      .replace("{save}", "1")
      .replace("{light}", "0")
      .replace("{reason}", english("TERRAN.Wound.stressed"));
    expect(said).toBe(expected);
    expect(await badge.getAttribute("data-tooltip")).toBe(expected);
    // An attribute's badge says it counts Light Dice.
    const finesse = page.locator('[data-attribute="finesse"] .te-light-dice');
    expect(await finesse.getAttribute("aria-label")).toBe(
      english("TERRAN.Sheet.Roll.lightDiceCount").replace("{light}", "3"),
    );
  });
});

/** Sheets × languages the layout is checked in. */
const LAYOUT_SCENES = [
  ["character-seasoned", "en"],
  ["character-seasoned", "pt-BR"],
  ["character-degenesis", "en"],
  ["character-legacy", "en"],
  ["character-legacy", "pt-BR"],
] as const;
const WIDTHS = [520, 600, 672, 720, 800, 1000] as const;

/** Each attribute row's gap, in px, between the end of its name's text and its first circle. */
function nameToCircleGaps(page: Page): Promise<{ name: string; gap: number }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".tab.active .te-attr")].map((row) => {
      const name = row.querySelector<HTMLElement>(".te-attr-name");
      const circles = row.querySelector<HTMLElement>(".te-circles");
      if (!name || !circles) return { name: row.textContent?.trim() ?? "?", gap: Infinity };
      const range = document.createRange();
      range.selectNodeContents(name);
      const textRight = range.getBoundingClientRect().right;
      return { name: (name.textContent ?? "").trim(), gap: circles.getBoundingClientRect().left - textRight };
    }),
  );
}

describe("the character sheet's layout from the narrow width up", { timeout: 120_000 }, () => {
  it.each(LAYOUT_SCENES)(
    "%s (%s): names beside their circles at 520–1000 px (672: a 720 px window), nothing clipped",
    async (id, lang) => {
      const problems: string[] = [];
      for (const width of WIDTHS) {
        const page = await openScene(`/scene/sheet/${id}?lang=${lang}&width=${width}`);
        for (const { name, gap } of await nameToCircleGaps(page)) {
          if (gap > 120 || gap < 0) problems.push(`${width}px: ${name} is ${Math.round(gap)}px from its circles`);
        }
        problems.push(...(await layoutProblems(page, '[data-sandbox="sheet"]')).map((p) => `${width}px: ${p}`));
        expect(shared.errors()).toEqual([]);
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(LAYOUT_SCENES)("%s (%s): at 720 px the health tracks start on the first screen", async (id, lang) => {
    const page = await openScene(`/scene/sheet/${id}?lang=${lang}&width=720`);
    const below = await page.evaluate(() => {
      const content = document.querySelector('[data-sandbox="sheet"] .window-content');
      if (!content) return ["no window content"];
      const bottom = content.getBoundingClientRect().bottom;
      // Grit (or HP), Ego and Wounds: the first three tracks; each one's heading and first value.
      return [...document.querySelectorAll(".tab.active .te-tracks > .te-track")]
        .slice(0, 3)
        .filter((track) => {
          const first = track.querySelector(".te-track-values, .te-wound-list") ?? track;
          return first.getBoundingClientRect().bottom > bottom;
        })
        .map((track) => track.querySelector(".te-heading")?.textContent ?? "?");
    });
    expect(below).toEqual([]);
  });
});

/**
 * Review 3, C3: a 720×800 browser window (a laptop's), the sheet opened at 720 px and kept inside the
 * page as Foundry keeps a window (the sandbox's stage leaves it about 670 px wide), its top at the top
 * of the viewport. What the player sees without scrolling ends at the window content's bottom or the
 * viewport's, whichever comes first.
 */
const LAPTOP_720 = { width: 720, height: 800 } as const;
const FIRST_SCREEN_SCENES = [
  "character-seasoned-play",
  "character-seasoned",
  "character-degenesis",
  "character-legacy",
].flatMap((id) =>
  (["light", "dark"] as const).flatMap((theme) => (["en", "pt-BR"] as const).map((lang) => [id, theme, lang] as const)),
);

describe("the character sheet in a 720×800 window (review 3 C3)", { timeout: 120_000 }, () => {
  it.each(FIRST_SCREEN_SCENES)(
    "%s (%s, %s): Grit or HP, Ego and Wounds show their heading and first line without scrolling",
    async (id, theme, lang) => {
      const page = await session().context.newPage();
      await page.setViewportSize(LAPTOP_720);
      await page.goto(`${session().sandbox.url}/scene/sheet/${id}?theme=${theme}&lang=${lang}&width=720`);
      await page
        .locator(".application")
        .first()
        .evaluate((el) => el.scrollIntoView({ block: "start" }));
      const m = await page.evaluate(() => {
        const content = document.querySelector('[data-sandbox="sheet"] .window-content');
        const visible = Math.min(content?.getBoundingClientRect().bottom ?? 0, window.innerHeight);
        const tracks = [".te-grit, .te-hp", ".te-ego", ".te-wounds"].map((sel) => {
          const track = document.querySelector(`.tab.active .te-tracks > :is(${sel})`);
          // Its heading and its first line: the value and its maximum, or the first wound.
          const first = track?.querySelector(":scope > .te-track-values, :scope > .te-wound-list > li");
          return {
            name: track?.querySelector(".te-heading")?.textContent?.trim() ?? sel,
            top: Math.round(track?.getBoundingClientRect().top ?? Infinity),
            firstLine: Math.round(first?.getBoundingClientRect().bottom ?? Infinity),
          };
        });
        return { visible: Math.round(visible), tracks };
      });
      await page.close();
      const below = m.tracks
        .filter((t) => t.top >= m.visible || t.firstLine > m.visible)
        .map((t) => `${t.name}: top ${t.top}, first line ends ${t.firstLine}, the screen ends ${m.visible}`);
      expect(below).toEqual([]);
    },
  );
});

describe("the Legacy sheet's panels", { timeout: 60_000 }, () => {
  it("R-LEG-3 the Experience panel shares its row's width, HP's buttons one width, skill names level with their circles, skill circles at full strength", async () => {
    const page = await openScene("/scene/sheet/character-legacy?width=800");
    const m = await page.evaluate(() => {
      const box = (el: Element | null) => el?.getBoundingClientRect() ?? new DOMRect();
      const tracks = box(document.querySelector(".tab.active .te-tracks"));
      const experience = box(document.querySelector(".tab.active .te-experience"));
      const hpButtons = [...document.querySelectorAll(".te-hp .te-button")].map((b) => Math.round(box(b).width));
      const skillOffsets = [...document.querySelectorAll(".te-skill")].map((row) => {
        const range = document.createRange();
        range.selectNodeContents(row.querySelector(".te-skill-name") ?? row);
        const text = range.getBoundingClientRect();
        const circle = box(row.querySelector(".te-circle"));
        return Math.abs(text.top + text.height / 2 - (circle.top + circle.height / 2));
      });
      const opacities = [
        ...document.querySelectorAll<HTMLElement>('.te-skill .te-circle:is(:disabled, [aria-disabled="true"])'),
      ].map((c) => {
        let o = 1;
        for (let n: HTMLElement | null = c; n; n = n.parentElement) o *= Number(getComputedStyle(n).opacity);
        return o;
      });
      return { share: experience.width / tracks.width, hpButtons, skillOffsets, opacities };
    });
    expect(m.share, "Experience spans the tracks' row").toBeGreaterThan(0.95);
    expect(new Set(m.hpButtons).size, `HP buttons ${m.hpButtons.join(", ")}`).toBe(1);
    expect(Math.max(...m.skillOffsets), "skill name centred on its circles").toBeLessThanOrEqual(1.5);
    expect(m.opacities.length, "the fixture's skills are past creation").toBeGreaterThan(0);
    expect(Math.min(...m.opacities)).toBe(1);
  });
});

describe("arrow keys on the sheet (WAI-ARIA radio group and tabs)", { timeout: 60_000 }, () => {
  const focused = (page: Page, selector: string) =>
    page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector);

  it("R-CHAR-3 a row of circles is one Tab stop, and an arrow key sets the next rating", async () => {
    const page = await openScene("/scene/sheet/character-seasoned");
    await page.locator('[data-action="roll"][data-roll="finesse"]').focus();
    await page.keyboard.press("Tab");
    // Finesse is 3: its checked circle takes the Tab stop.
    expect(await focused(page, '[data-attribute="finesse"][role="radio"][aria-checked="true"][data-index="3"]')).toBe(
      true,
    );
    await page.keyboard.press("Tab");
    expect(await focused(page, '[role="radio"]'), "one Tab leaves the row").toBe(false);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("ArrowRight");
    expect(await focused(page, '[data-attribute="finesse"][data-index="4"]')).toBe(true);
    expect(await page.locator("#sandbox-notice").textContent()).toContain('"setRating"');
    // The scene's sheet is its fixture (no re-render): Finesse is still 3, so Left presses the circle before it.
    await page.keyboard.press("ArrowLeft");
    expect(await focused(page, '[data-attribute="finesse"][data-index="2"]')).toBe(true);
    expect(shared.errors()).toEqual([]);
  });

  it("the tabs: one Tab stop, the arrow keys move to the next tab and show its panel", async () => {
    const page = await openScene("/scene/sheet/character-seasoned");
    await page.locator('[role="tab"][data-tab="main"]').focus();
    await page.keyboard.press("ArrowRight");
    expect(await focused(page, '[role="tab"][data-tab="items"]')).toBe(true);
    expect(await page.locator('[role="tab"][data-tab="items"]').getAttribute("aria-selected")).toBe("true");
    expect(
      await page.locator('[role="tab"][tabindex="0"]').getAttribute("data-tab"),
      "the open tab is the Tab stop",
    ).toBe("items");
    expect(await page.locator('.tab[data-tab="items"]').isVisible()).toBe(true);
    await page.keyboard.press("End");
    expect(await focused(page, '[role="tab"][data-tab="biography"]')).toBe(true);
    await page.keyboard.press("ArrowRight");
    expect(await focused(page, '[role="tab"][data-tab="main"]'), "the arrows wrap round").toBe(true);
    expect(shared.errors()).toEqual([]);
  });
});

describe("the play/edit toggle says which mode the sheet is in (review 3 N6)", { timeout: 60_000 }, () => {
  it("its label is the mode, its accessible name begins with that label and says what a press does", async () => {
    for (const [path, label, hint] of [
      ["/scene/sheet/character-seasoned-play", "TERRAN.Sheet.Mode.play", "TERRAN.Sheet.Mode.playHint"],
      ["/scene/sheet/character-seasoned", "TERRAN.Sheet.Mode.edit", "TERRAN.Sheet.Mode.editHint"],
    ] as const) {
      const page = await openScene(path);
      const toggle = page.locator('[data-action="toggleMode"]');
      expect((await toggle.innerText()).trim(), path).toBe(english(label));
      // WCAG 2.5.3: the visible label is part of the name a screen reader announces.
      expect(await toggle.getAttribute("aria-label"), path).toBe(english(hint));
      expect(english(hint).startsWith(english(label)), path).toBe(true);
    }
    // A closed circle in play mode points at that toggle by its label.
    expect(english("TERRAN.Sheet.Mode.locked")).toContain(`"${english("TERRAN.Sheet.Mode.play")}"`);
    expect(shared.errors()).toEqual([]);
  });
});

describe("the Save fence", { timeout: 60_000 }, () => {
  const dashed = (page: Page) =>
    page.evaluate(
      () =>
        [...document.querySelectorAll(".tab.active .te-circles > *")].filter(
          (el) => getComputedStyle(el).borderRightStyle === "dashed",
        ).length,
    );

  it("R-CHAR-3 drawn after Core's first circles, never on Legacy's attributes or skills (no Save there)", async () => {
    expect(await dashed(await openScene("/scene/sheet/character-seasoned"))).toBe(6);
    expect(await dashed(await openScene("/scene/sheet/character-legacy"))).toBe(0);
  });
});

describe("what rolls looks like it rolls", { timeout: 60_000 }, () => {
  it("an attribute's and a Save's name: a pointer, and a d6 shown on hover; the Light Dice badge is flat", async () => {
    const page = await openScene("/scene/sheet/character-seasoned");
    const name = page.locator('[data-action="roll"][data-roll="finesse"]');
    const save = page.locator('[data-action="roll"][data-roll="save:insight"]');
    expect(await name.evaluate((el) => getComputedStyle(el).cursor)).toBe("pointer");
    expect(await save.evaluate((el) => getComputedStyle(el).cursor)).toBe("pointer");
    const icon = name.locator(".te-roll-icon");
    expect(await icon.evaluate((el) => getComputedStyle(el).opacity)).toBe("0");
    await name.hover();
    await expect.poll(() => icon.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    const badge = page.locator('[data-attribute="finesse"] .te-light-dice');
    expect(await badge.evaluate((el) => getComputedStyle(el).boxShadow)).toBe("none");
  });

  it("a weapon's image is a button doing what its roll control does, reached by Tab, named for the roll", async () => {
    const page = await openScene("/scene/sheet/character-seasoned-items");
    const rows = page.locator(".te-item:has(.te-roll-weapon)");
    expect(await rows.count()).toBeGreaterThan(0);
    const row = rows.first();
    const image = row.locator("button.te-item-img-roll");
    const control = row.locator(".te-roll-weapon");
    expect(await image.locator("img").count()).toBe(1);
    expect(await image.getAttribute("data-action")).toBe(await control.getAttribute("data-action"));
    expect(await image.getAttribute("data-roll")).toBe(await control.getAttribute("data-roll"));
    expect(await image.getAttribute("aria-label")).toBe(await control.getAttribute("aria-label"));
    expect(await image.getAttribute("tabindex")).not.toBe("-1");
    await image.focus();
    expect(await image.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe("a closed control keeps its reason within the keyboard's reach", { timeout: 60_000 }, () => {
  it("a disabled sheet button takes the focus, is announced as unavailable with its reason, and does nothing when pressed", async () => {
    const page = await openScene("/scene/sheet/character-seasoned-items");
    // The first advancement cannot move up: the reason is its wrapper's tooltip.
    const button = page.locator('.te-item [data-action="moveUp"]').first();
    const reason = await button.evaluate((el) => el.closest("[data-tooltip]")?.getAttribute("data-tooltip") ?? "");
    expect(reason).not.toBe("");
    expect(await button.getAttribute("aria-disabled")).toBe("true");
    expect(await button.evaluate((el) => (el as HTMLButtonElement).disabled)).toBe(false);
    const described = await button.evaluate((el) =>
      (el.getAttribute("aria-describedby") ?? "")
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ")
        .trim(),
    );
    expect(described).toBe(reason);
    await button.focus();
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    // A sighted keyboard player sees the reason too: the wrapper shows it while the button has focus.
    expect(await button.evaluate((el) => getComputedStyle(el.closest("[data-tooltip]") ?? el, "::after").content)).toBe(
      JSON.stringify(reason),
    );
    await page.keyboard.press("Enter");
    expect((await page.locator("#sandbox-notice").textContent()) ?? "").not.toContain('"moveUp"');
    expect(shared.errors()).toEqual([]);
  });
});

describe("the Challenge sheet at narrow widths", { timeout: 60_000 }, () => {
  it("R-CH-5 at 480 px each facet's numbers keep their column's name", async () => {
    const page = await openScene("/scene/sheet/challenge?width=480");
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll("tr.te-facet td.te-facet-disposition, tr.te-facet td.te-facet-dice")]
        .filter((td) => {
          const label = getComputedStyle(td, "::before").content;
          return label === "none" || label === "normal" || label === '""';
        })
        .map((td) => td.className),
    );
    expect(unlabelled).toEqual([]);
    expect(shared.errors()).toEqual([]);
  });

  it.each([
    ["challenge", "light", "en"],
    ["challenge", "dark", "pt-BR"],
    ["challenge-forecast", "light", "pt-BR"],
    ["challenge-forecast", "dark", "en"],
  ] as const)(
    "R-CH-5 %s (%s, %s) in a 720×800 window: each facet's remove × is inside the sheet and reached by Tab (review 3 N9)",
    async (id, theme, lang) => {
      const page = await session().context.newPage();
      await page.setViewportSize(LAPTOP_720);
      await page.goto(`${session().sandbox.url}/scene/sheet/${id}?theme=${theme}&lang=${lang}&width=720`);
      const rows = page.locator("tr.te-facet:has([data-action='removeFacet'])");
      const count = await rows.count();
      expect(count, "the fixture has facets a GM may remove").toBeGreaterThan(0);
      const problems: string[] = [];
      for (let i = 0; i < count; i++) {
        const row = rows.nth(i);
        // From the row's Roll Effect, one Tab reaches its ×.
        await row.locator("[data-action='rollEffect']").focus();
        await page.keyboard.press("Tab");
        const m = await page.evaluate(() => {
          const content = document.querySelector<HTMLElement>('[data-sandbox="sheet"] .window-content');
          const focused = document.activeElement;
          if (!content || !focused) return null;
          const box = content.getBoundingClientRect();
          return {
            focused: focused.getAttribute("data-action"),
            right: Math.round(focused.getBoundingClientRect().right),
            // The content's inner right edge (inside its border and any scrollbar).
            edge: Math.round(box.left + content.clientLeft + content.clientWidth),
            sideways: content.scrollWidth - content.clientWidth,
          };
        });
        if (!m) throw new Error("no window content");
        if (m.focused !== "removeFacet") problems.push(`row ${i}: Tab reached ${m.focused}, not the ×`);
        if (m.right > m.edge) problems.push(`row ${i}: the × ends at ${m.right} px, the sheet at ${m.edge} px`);
        if (m.sideways > 1) problems.push(`row ${i}: the sheet scrolls ${m.sideways} px sideways`);
      }
      await page.close();
      expect(problems).toEqual([]);
    },
  );

  it.each(["en", "pt-BR"])(
    "R-RA-9 the forecast's 'Whose Effect first' shows its whole choice (%s, 480 px)",
    async (lang) => {
      const page = await openScene(`/scene/sheet/challenge-forecast?width=480&lang=${lang}`);
      const fit = await page.evaluate(() => {
        const select = document.querySelector<HTMLSelectElement>('select[data-forecast="order"]');
        if (!select) return { text: "no select", need: 1, has: 0 };
        const ctx = document.createElement("canvas").getContext("2d");
        if (!ctx) return { text: "no canvas", need: 1, has: 0 };
        const style = getComputedStyle(select);
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const widest = Math.max(...[...select.options].map((o) => ctx.measureText(o.text).width));
        // The text, the select's padding and its arrow (about 20 px).
        const need = widest + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 20;
        return {
          text: select.options[select.selectedIndex]?.text ?? "",
          need,
          has: select.getBoundingClientRect().width,
        };
      });
      expect(
        fit.need,
        `${fit.text}: ${Math.round(fit.need)}px needed, ${Math.round(fit.has)}px given`,
      ).toBeLessThanOrEqual(fit.has);
    },
  );
});

describe("the item sheets' rows", { timeout: 60_000 }, () => {
  it.each([560, 360])("a dice modifier's row keeps its × beside its dice, its label whole (%s px)", async (width) => {
    const page = await openScene(`/scene/sheet/item-condition?width=${width}`);
    const rows = await page.evaluate(() =>
      [...document.querySelectorAll(".te-modifier-line")].map((line) => {
        const mid = (el: Element | null) => {
          const r = el?.getBoundingClientRect();
          return r ? r.top + r.height / 2 : NaN;
        };
        const label = line.querySelector<HTMLInputElement>(".te-modifier-label");
        return {
          offset: Math.abs(mid(line.querySelector(".te-modifier-dice")) - mid(line.querySelector("[data-action]"))),
          cut: label ? label.scrollWidth - label.clientWidth : 0,
        };
      }),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.offset, "the × on the dice's line").toBeLessThanOrEqual(4);
      expect(row.cut, "the label is read whole").toBeLessThanOrEqual(1);
    }
  });

  it.each([
    ["item-advancement", 560, "light", "en"],
    ["item-advancement", 560, "dark", "pt-BR"],
    ["item-advancement", 360, "light", "pt-BR"],
    ["item-condition", 560, "dark", "en"],
    ["item-condition", 360, "light", "en"],
  ] as const)(
    "%s at %s px (%s, %s): the flags' checkboxes in a tidy grid, each label on its box's row (review 3 K2)",
    async (id, width, theme, lang) => {
      const page = await openScene(`/scene/sheet/${id}?width=${width}&theme=${theme}&lang=${lang}`);
      const flags = await page.evaluate(() =>
        [...document.querySelectorAll(".te-flags > label")].map((label) => {
          const box = label.querySelector("input")?.getBoundingClientRect() ?? new DOMRect();
          const range = document.createRange();
          range.selectNodeContents(label);
          const input = label.querySelector("input");
          if (input) range.setStartAfter(input);
          const lines = [...range.getClientRects()].filter((r) => r.width > 0.5);
          return {
            text: (label.textContent ?? "").trim(),
            left: Math.round(box.left),
            top: Math.round(box.top),
            middle: box.top + box.height / 2,
            right: box.right,
            firstLine: lines[0] ? { top: lines[0].top, bottom: lines[0].bottom } : null,
            textLeft: Math.round(Math.min(...lines.map((r) => r.left))),
          };
        }),
      );
      expect(flags.length, "the fixture offers flags").toBeGreaterThan(3);
      // The boxes stand in columns: a row's boxes at the first columns' left edges, the same in every row.
      const columns = [...new Set(flags.map((f) => f.left))].sort((a, b) => a - b);
      const rows = [...new Set(flags.map((f) => f.top))];
      const ragged = rows
        .map((top) => flags.filter((f) => f.top === top).map((f) => f.left))
        .filter((lefts) => lefts.some((left, i) => left !== columns[i]))
        .map((lefts) => lefts.join(", "));
      expect(ragged, `columns at ${columns.join(", ")}`).toEqual([]);
      const widest = Math.max(...rows.map((top) => flags.filter((f) => f.top === top).length));
      expect(columns.length, "no more box positions than columns").toBe(widest);
      for (const f of flags) {
        // Its label starts on the box's line and never wraps under the box.
        expect(f.firstLine, f.text).not.toBeNull();
        expect(f.middle, `${f.text}: box level with its first line`).toBeGreaterThanOrEqual(f.firstLine?.top ?? 0);
        expect(f.middle, `${f.text}: box level with its first line`).toBeLessThanOrEqual(f.firstLine?.bottom ?? 0);
        expect(f.textLeft, `${f.text}: text right of its box`).toBeGreaterThanOrEqual(Math.floor(f.right));
      }
      // The labels of a column start at one edge.
      for (const left of columns) {
        const starts = new Set(flags.filter((f) => f.left === left).map((f) => f.textLeft));
        expect([...starts], `labels of the column at ${left}`).toHaveLength(1);
      }
      expect(shared.errors()).toEqual([]);
    },
  );

  it.each(["en", "pt-BR"])("the Speciality field shows its whole placeholder (%s, 360 px)", async (lang) => {
    const page = await openScene(`/scene/sheet/item-advancement?width=360&lang=${lang}`);
    const fit = await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('input[name="system.specialty"]');
      const ctx = document.createElement("canvas").getContext("2d");
      if (!input || !ctx) return { need: 1, has: 0 };
      const style = getComputedStyle(input);
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const need =
        ctx.measureText(input.placeholder).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      return { need, has: input.clientWidth };
    });
    expect(fit.need).toBeLessThanOrEqual(fit.has);
  });
});
