/**
 * The browser session without the test runner: the sandbox server (sandbox/server.ts, started
 * in-process on a free port), Debian's Chromium driven by playwright-core, and how a scene is opened
 * for a check or a screenshot. The browser tests (./browser.ts) and `npm run screenshots`
 * (scripts/screenshots.ts) both use it, so the README's images are shot as the tests shoot theirs.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { startSandbox, type Sandbox } from "../../sandbox/server.ts";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The flags that let Debian's Chromium run headless as root on a small CI machine. */
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** The default viewport: wide enough for every window at its default size. */
export const VIEWPORT = { width: 1280, height: 1000 } as const;

export interface BrowserSession {
  readonly sandbox: Sandbox;
  readonly browser: Browser;
  readonly context: BrowserContext;
  close(): Promise<void>;
}

export async function openSession(): Promise<BrowserSession> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  const sandbox = await startSandbox(0);
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
  } catch (error) {
    await sandbox.close();
    throw error;
  }
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, reducedMotion: "reduce" });
  return {
    sandbox,
    browser,
    context,
    async close() {
      await context.close();
      await browser.close();
      await sandbox.close();
    },
  };
}

/** Collects the page's console errors and failed requests: a scene must load cleanly. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()} ${response.url()}`);
  });
  return errors;
}

/** The element a sandbox scene is judged by: the application window, or the chat sidebar around a card. */
export function sceneFrame(scene: { readonly kind: string }): string {
  return scene.kind === "card" ? ".sandbox-chat" : `[data-sandbox="${scene.kind}"]`;
}

/** How a scene is shown: its theme, a language (English when absent) and a width (its default when absent). */
export interface SceneView {
  readonly theme: "light" | "dark";
  readonly lang?: string;
  readonly width?: number | null;
}

/**
 * Opens a sandbox scene in `page` (the sandbox at `base`) and waits for its fonts; returns the
 * selector of the element it is judged and shot by.
 */
export async function showScene(
  page: Page,
  base: string,
  scene: { readonly kind: string; readonly id: string },
  view: SceneView,
): Promise<string> {
  const lang = view.lang ? `&lang=${view.lang}` : "";
  const width = view.width === null || view.width === undefined ? "" : `&width=${view.width}`;
  await page.goto(`${base}/scene/${scene.kind}/${scene.id}?theme=${view.theme}${lang}${width}`);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return sceneFrame(scene);
}
