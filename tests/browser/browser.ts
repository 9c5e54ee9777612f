/**
 * Shared by the browser tests: the sandbox server (sandbox/server.ts, started in-process on a free
 * port) and Debian's Chromium driven by playwright-core (opened by ./session.ts, which
 * `npm run screenshots` shares). A missing Chromium fails the tests with a clear message; it never
 * skips them.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { openSession, watchErrors, type BrowserSession } from "./session.ts";

// What this file exported before the session moved to ./session.ts (so `npm run screenshots` can open it without
// Vitest): the browser tests, and those being written beside them, keep importing it from here.
export { CHROMIUM_PATH, openSession, sceneFrame, VIEWPORT, watchErrors, type BrowserSession } from "./session.ts";

/**
 * Opens one session for the test file (beforeAll) and closes it (afterAll). If it cannot open (no
 * Chromium), every test of the file fails with the reason — counted as failed, never skipped — so
 * CI's "N passed, N failed" line shows it.
 */
export function useSession(): () => BrowserSession {
  let session: BrowserSession | null = null;
  let failure: Error | null = null;
  beforeAll(async () => {
    try {
      session = await openSession();
    } catch (error) {
      failure = error instanceof Error ? error : new Error("the browser session did not open", { cause: error });
    }
  }, 60_000);
  beforeEach(() => {
    if (failure) throw failure;
  });
  afterAll(async () => {
    await session?.close();
  });
  return () => {
    if (!session) throw new Error("the browser session is not open");
    return session;
  };
}

/**
 * One sandbox page at a time for a test file: `open(path)` opens it in the shared session with its
 * errors watched; `page()` and `errors()` give the open one; `text(selector)` reads its first match.
 */
export function scenePage(session: () => BrowserSession) {
  let current: { readonly page: Page; readonly errors: string[] } | null = null;
  const opened = () => {
    if (!current) throw new Error("no sandbox page is open");
    return current;
  };
  return {
    open: async (path: string): Promise<Page> => {
      const page = await session().context.newPage();
      current = { page, errors: watchErrors(page) };
      await page.goto(`${session().sandbox.url}${path}`);
      return page;
    },
    page: (): Page => opened().page,
    errors: (): string[] => opened().errors,
    text: async (selector: string): Promise<string> =>
      clean(await opened().page.locator(selector).first().textContent()),
  };
}

/** Runs `click` and waits until the page's script has applied the server's answer. */
export async function afterUpdate(page: Page, click: () => Promise<void>): Promise<void> {
  const before = await page.evaluate(() => Number(document.body.dataset.sandboxUpdates ?? "0"));
  await click();
  await page.waitForFunction((n) => Number(document.body.dataset.sandboxUpdates ?? "0") > n, before, {
    timeout: 10_000,
  });
}

/** Whitespace-collapsed text. */
export function clean(text: string | null): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

/**
 * Everything inside `selector` that sticks out of it horizontally, or scrolls sideways: an empty list
 * when the layout fits. Intentional truncation (`text-overflow: ellipsis`), visually hidden labels and
 * the text inside form fields are allowed.
 */
export async function horizontalOverflow(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const root = document.querySelector(sel);
    if (!root) return [`${sel} is missing`];
    const box = root.getBoundingClientRect();
    const problems: string[] = [];
    const describe = (el: Element): string => {
      const cls =
        typeof el.className === "string" && el.className.trim() ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 30);
      return `${el.tagName.toLowerCase()}${cls}${text ? ` "${text}"` : ""}`;
    };
    for (const el of [root, ...Array.from(root.querySelectorAll("*"))]) {
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden") continue;
      const r = el.getBoundingClientRect();
      // Nothing to see: an empty box, or a visually hidden label (the 1px clipped pattern for screen readers).
      if (r.width <= 1 && r.height <= 1) continue;
      if (r.right > box.right + 1 || r.left < box.left - 1) {
        problems.push(
          `${describe(el)} sticks out (${Math.round(r.left)}–${Math.round(r.right)} outside ${Math.round(box.left)}–${Math.round(box.right)})`,
        );
      }
      const field =
        el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;
      if (!field && style.textOverflow !== "ellipsis" && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`${describe(el)} scrolls sideways (${el.scrollWidth}px in ${el.clientWidth}px)`);
      }
    }
    // The outermost offenders explain the rest; keep the message readable.
    return problems.slice(0, 12);
  }, selector);
}

/**
 * The attribute and Save names a player clicks to roll must be read whole: any of them cut short
 * (an ellipsis, or text wider than its box) is reported as "clipped: <name>".
 */
export async function clippedNames(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluate((root) =>
      [...root.querySelectorAll<HTMLElement>(".te-attr-name, .te-save-name")]
        .filter((el) => el.getClientRects().length > 0 && el.scrollWidth > el.clientWidth + 1)
        .map((el) => `clipped: ${(el.textContent ?? "").trim()}`),
    );
}

/** Everything that does not fit inside `selector`: sideways overflow and clipped attribute or Save names. */
export async function layoutProblems(page: Page, selector: string): Promise<string[]> {
  return [...(await horizontalOverflow(page, selector)), ...(await clippedNames(page, selector))];
}

/**
 * One tab that visits every scene of a test file in turn (cheaper than a tab per visit on a small
 * machine), opened on first use, and its console errors and failed requests (`watchErrors` keeps
 * filling the list; empty it before each visit).
 */
export function sharedTab(session: () => BrowserSession): {
  readonly tab: () => Promise<Page>;
  readonly errors: () => string[];
} {
  let page: Page | null = null;
  let errors: string[] = [];
  const tab = async (): Promise<Page> => {
    if (!page) {
      page = await session().context.newPage();
      errors = watchErrors(page);
    }
    return page;
  };
  return { tab, errors: () => errors };
}
