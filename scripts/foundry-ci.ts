/**
 * Runs the Terran Quench batches in a real Foundry server (the foundry.yml workflow; it cannot run here:
 * no licence, no server). Drives Chromium with playwright-core:
 *   1. opens the server; signs the licence agreement page if Foundry shows it;
 *   2. on the setup screen, authenticates with the admin key and launches the world (FOUNDRY_CI_WORLD);
 *   3. joins as the world's Gamemaster (no password in a new world);
 *   4. enables the Quench module in the world if it is not yet active, and reloads;
 *   5. runs `quench.runBatches("terran-engine.**")` and waits for Quench's `quenchReports` hook, whose
 *      `json` is the run's JSON report (Ethaks/FVTT-Quench src/module/quench.ts `runBatches`,
 *      src/module/quench-reporter.ts `Hooks.callAll("quenchReports", { json })`);
 *   6. writes the report and a screenshot to FOUNDRY_CI_OUT, prints the counts, exits 1 on any failure.
 *
 * NOT VERIFIED (nobody here can run Foundry): the licence, setup and join pages' markup (the selectors
 * below are the documented form field names as far as known, tried in turn); that a world made from a
 * bare world.json gets a "Gamemaster" user; and that Quench's latest release loads on 13.351 and 14.369.
 * Each step saves a screenshot on failure so the first real run shows where it stopped.
 *
 * Usage: FOUNDRY_CI_URL=http://localhost:30000 FOUNDRY_ADMIN_KEY=… npx tsx scripts/foundry-ci.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";

const URL_BASE = process.env.FOUNDRY_CI_URL ?? "http://localhost:30000";
const ADMIN_KEY = process.env.FOUNDRY_ADMIN_KEY ?? "";
const WORLD = process.env.FOUNDRY_CI_WORLD ?? "terran-ci";
const OUT = process.env.FOUNDRY_CI_OUT ?? "out/foundry";
const PATTERN = process.env.FOUNDRY_CI_BATCHES ?? "terran-engine.**";
const CHROMIUM = process.env.CHROMIUM_PATH;
const TIMEOUT = 120_000;

/** Quench's JSON report, as far as this script reads it (src/module/quench-reporter.ts QuenchJsonReport). */
interface QuenchReport {
  stats?: { tests?: number; passes?: number; failures?: number; pending?: number };
  failures?: { fullTitle?: string; err?: { message?: string } }[];
}

function log(line: string): void {
  console.log(`[foundry-ci] ${line}`);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true }).catch(() => undefined);
}

/** The path part of the page's address (/license, /setup, /join, /game…). */
function where(page: Page): string {
  return new URL(page.url()).pathname;
}

async function firstVisible(page: Page, selectors: readonly string[]): Promise<string | null> {
  for (const selector of selectors)
    if (
      await page
        .locator(selector)
        .first()
        .isVisible()
        .catch(() => false)
    )
      return selector;
  return null;
}

async function signLicence(page: Page): Promise<void> {
  log("signing the licence agreement");
  const agree = await firstVisible(page, ['input[name="agree"]', "#eula-agree"]);
  if (agree) await page.locator(agree).first().check();
  const sign = await firstVisible(page, ['button[name="sign"]', "#sign", 'button[type="submit"]']);
  if (!sign) throw new Error("no button to sign the licence agreement");
  await page.locator(sign).first().click();
  await page.waitForLoadState("networkidle");
}

async function launchWorld(page: Page): Promise<void> {
  const key = await firstVisible(page, [
    'input[name="adminPassword"]',
    'input[name="adminKey"]',
    'input[type="password"]',
  ]);
  if (key) {
    log("authenticating on the setup screen");
    await page.locator(key).first().fill(ADMIN_KEY);
    await page.keyboard.press("Enter");
    await page.waitForLoadState("networkidle");
  }
  log(`launching the world ${WORLD}`);
  // The setup screen's world tiles carry the world's id; its launch control posts the launch.
  const launch = await firstVisible(page, [
    `[data-package-id="${WORLD}"] [data-action="worldLaunch"]`,
    `[data-package-id="${WORLD}"] .control.play`,
    `[data-world-id="${WORLD}"] [data-action="launchWorld"]`,
  ]);
  if (!launch)
    throw new Error(
      `no launch control for the world ${WORLD} on the setup screen (FOUNDRY_WORLD should have launched it)`,
    );
  await page.locator(launch).first().click();
  await page.waitForURL(/\/join/, { timeout: TIMEOUT });
}

async function joinGame(page: Page): Promise<void> {
  log("joining as the Gamemaster");
  const user = page.locator('select[name="userid"]');
  await user.waitFor({ timeout: TIMEOUT });
  const gm = await user.locator("option", { hasText: "Gamemaster" }).first().getAttribute("value");
  if (!gm) throw new Error("the world has no Gamemaster user");
  await user.selectOption(gm);
  await page.locator('button[name="join"]').click();
  await page.waitForURL(/\/game/, { timeout: TIMEOUT });
}

/** Waits for the world to be ready (`game.ready`, set after the `ready` hook). */
async function gameReady(page: Page): Promise<void> {
  await page.waitForFunction(() => (globalThis as { game?: { ready?: boolean } }).game?.ready === true, undefined, {
    timeout: TIMEOUT,
  });
}

/** Enables Quench in the world's module configuration (core.moduleConfiguration) and reloads, if it is not active. */
async function enableQuench(page: Page): Promise<void> {
  const active = await page.evaluate(() => {
    const game = (globalThis as unknown as { game: { modules: { get(id: string): { active: boolean } | undefined } } })
      .game;
    return game.modules.get("quench")?.active === true;
  });
  if (active) return;
  log("enabling Quench in the world and reloading");
  await page.evaluate(async () => {
    const game = (
      globalThis as unknown as {
        game: {
          settings: {
            get(s: string, k: string): Record<string, boolean>;
            set(s: string, k: string, v: unknown): Promise<unknown>;
          };
        };
      }
    ).game;
    const config = { ...game.settings.get("core", "moduleConfiguration"), quench: true };
    await game.settings.set("core", "moduleConfiguration", config);
  });
  await page.reload();
  await gameReady(page);
  const now = await page.evaluate(
    () =>
      (
        globalThis as unknown as { game: { modules: { get(id: string): { active: boolean } | undefined } } }
      ).game.modules.get("quench")?.active === true,
  );
  if (!now)
    throw new Error("Quench is installed but did not activate (is its release compatible with this Foundry version?)");
}

/** Runs the batches and resolves with Quench's JSON report. */
async function runBatches(page: Page): Promise<string> {
  log(`running ${PATTERN}`);
  return page.evaluate(
    (pattern) =>
      new Promise<string>((resolve, reject) => {
        const g = globalThis as unknown as {
          Hooks: { once(hook: string, fn: (reports: { json: string }) => void): void };
          quench?: { runBatches(keys: string, options: { json: boolean }): Promise<unknown> };
        };
        if (!g.quench) {
          reject(new Error("no quench global: the Quench module is not active"));
          return;
        }
        g.Hooks.once("quenchReports", (reports) => resolve(reports.json));
        g.quench.runBatches(pattern, { json: false }).catch(reject);
      }),
    PATTERN,
  );
}

async function main(): Promise<number> {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ headless: true, ...(CHROMIUM ? { executablePath: CHROMIUM } : {}) });
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  page.setDefaultTimeout(TIMEOUT);
  const consoleLines: string[] = [];
  page.on("console", (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  let step = "open";
  try {
    await page.goto(URL_BASE, { waitUntil: "networkidle", timeout: TIMEOUT });
    for (let hop = 0; hop < 6 && where(page) !== "/game"; hop++) {
      step = where(page);
      if (step.startsWith("/license")) await signLicence(page);
      else if (step.startsWith("/setup") || step.startsWith("/auth")) await launchWorld(page);
      else if (step.startsWith("/join")) await joinGame(page);
      else await page.goto(`${URL_BASE}/join`, { waitUntil: "networkidle" });
    }
    step = "game";
    await gameReady(page);
    step = "quench";
    await enableQuench(page);
    step = "run";
    const json = await runBatches(page);
    writeFileSync(join(OUT, "quench-report.json"), json);
    await shot(page, "after-run");
    const report = JSON.parse(json) as QuenchReport;
    const stats = report.stats ?? {};
    log(
      `${stats.passes ?? 0} passed, ${stats.failures ?? 0} failed, ${stats.pending ?? 0} pending (of ${stats.tests ?? 0})`,
    );
    for (const failure of report.failures ?? [])
      log(`FAILED ${failure.fullTitle ?? "?"}: ${failure.err?.message ?? ""}`);
    if ((stats.tests ?? 0) === 0) {
      log("no test ran: were the Terran batches registered?");
      return 1;
    }
    return (stats.failures ?? 0) > 0 ? 1 : 0;
  } catch (error) {
    log(`stopped at ${step}: ${error instanceof Error ? error.message : String(error)}`);
    await shot(page, `failed-${step.replace(/\W+/g, "_")}`);
    return 1;
  } finally {
    writeFileSync(join(OUT, "console.log"), consoleLines.join("\n"));
    await browser.close();
  }
}

process.exitCode = await main();
