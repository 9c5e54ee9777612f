/**
 * `npm run sandbox`: a dev-only page (never shipped: nothing in src/ imports sandbox/, and the build
 * copies only what vite.config.ts lists) that shows the real templates with the real CSS, fixture
 * actors, and the roll dialog and chat cards driven by the real rules engine and card logic.
 *
 * Pages are rendered here, in Node, with the tests' Handlebars harness. A small script on the page
 * (sandbox/client.ts) posts each click back; the server applies the real transition or model change
 * and answers with the new state and HTML. The server keeps no state: the page holds it, as a chat
 * message's flags would.
 *
 * Usage: `npm run sandbox` (PORT=5180 by default), then open the address it prints. Add `?lang=pt-BR`
 * (any language system.json lists) to see every scene in that language.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { initialChoices } from "../src/applications/dialogs/roll-dialog-model.ts";
import { RulesError } from "../src/rules/index.ts";
import {
  applyCardClick,
  applyDialogChange,
  parseCardClick,
  parseChoices,
  parseDialogChange,
  rollDialog,
} from "./actions.ts";
import { inLanguage, localize, pageQuery, sandboxLanguages, useLanguage } from "./templates.ts";
import { DIALOG_SETTINGS, DIALOGS, GM, PLAYER, type CardDoc } from "./fixtures.ts";
import {
  applicationWindow,
  chatMessage,
  DIALOG_WINDOW,
  escapeHtml,
  page,
  renderCard,
  renderDialogBody,
  ROOT,
  type Theme,
} from "./render.ts";
import { CHAT_WIDTH, findScene, renderScene, scenes, type SceneInfo } from "./scenes.ts";
import { sheetDialogFixture, sheetDialogId } from "./sheet-rolls.ts";
import { forecastAction } from "./forecast.ts";
import {
  initialSession,
  parseSessionClick,
  parseSessionState,
  sessionBody,
  sessionClick,
  sessionField,
  sessionView,
} from "./legacy-session.ts";

const SANDBOX = resolve(ROOT, "sandbox");

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  res.end(body);
}

/**
 * A stylesheet, script or image: the browser may keep it but asks each time (`no-cache` with an ETag),
 * so an edited file is seen on the next load and an unchanged one is not sent or parsed again.
 */
function sendAsset(req: IncomingMessage, res: ServerResponse, type: string, body: string | Buffer): void {
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  const headers = { "content-type": type, "cache-control": "no-cache", etag };
  if (req.headers["if-none-match"] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, headers);
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, "application/json; charset=utf-8", JSON.stringify(value));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 1_000_000) throw new HttpError(413, "request too large");
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch {
    throw new HttpError(400, "the body is not JSON");
  }
}

function themeOf(url: URL): Theme {
  return url.searchParams.get("theme") === "dark" ? "dark" : "light";
}

/** `?lang=`: a language system.json lists; English when absent. */
function langOf(value: string | null): string {
  if (value === null || value === "") return "en";
  if (!sandboxLanguages().includes(value)) throw new HttpError(400, `unknown language ${value}`);
  return value;
}

/** The `lang` a page's script sends with a click (sandbox/client.ts), or null. */
function bodyLang(body: unknown): string | null {
  const lang = typeof body === "object" && body !== null ? (body as { lang?: unknown }).lang : undefined;
  return typeof lang === "string" ? lang : null;
}

/**
 * A refusal of the rules as the player reads it: English keeps the rules' message; another language
 * reads it as src/prompts/notify.ts does.
 */
function refusalText(error: RulesError, lang: string): string {
  if (lang === "en") return error.message;
  const reason = error.data.reason;
  const keys = [
    typeof reason === "string" && /^[A-Za-z]+$/.test(reason) ? `TERRAN.Card.Reason.${reason}` : null,
    `TERRAN.Error.${error.code}`,
  ];
  for (const key of keys) {
    if (key === null) continue;
    try {
      const text = inLanguage(lang, () => localize(key));
      return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
        Object.hasOwn(error.data, name) ? String(error.data[name]) : whole,
      );
    } catch {
      // No such key: try the next, then the rules' own message.
    }
  }
  return error.message;
}

function widthOf(url: URL): number | null {
  const raw = url.searchParams.get("width");
  if (raw === null) return null;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 120 || n > 3000) throw new HttpError(400, `bad width ${raw}`);
  return n;
}

/** Only the two users the fixtures know. */
function userOf(value: unknown) {
  const id = typeof value === "object" && value !== null ? (value as { id?: unknown }).id : undefined;
  if (id === GM.id) return GM;
  if (id === PLAYER.id) return PLAYER;
  throw new HttpError(400, "unknown user");
}

/**
 * A card the page sent back. Its shape is trusted (the sandbox is a dev tool); the transitions validate its content.
 */
function cardOf(value: unknown): CardDoc {
  const kind = typeof value === "object" && value !== null ? (value as { kind?: unknown }).kind : undefined;
  const kinds: readonly unknown[] = ["risky", "challenge", "result", "legacyRisky", "legacyEffect", "legacyMontage"];
  if (!kinds.includes(kind)) throw new HttpError(400, "not a card");
  return value as CardDoc;
}

// ---------------------------------------------------------------------------------------------
// Static files

const STATIC_TYPES: Readonly<Record<string, string>> = {
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
};

/** A file under `dir` (no way out of it), or a 404. */
function staticFile(dir: string, relative: string): { body: Buffer; type: string } {
  const file = resolve(dir, decodeURIComponent(relative));
  const ext = file.slice(file.lastIndexOf("."));
  const type = STATIC_TYPES[ext];
  if (!file.startsWith(dir + sep) || !type) throw new HttpError(404, "not found");
  try {
    return { body: readFileSync(file), type };
  } catch {
    throw new HttpError(404, "not found");
  }
}

/** A TypeScript file compiled for the browser by the project's TypeScript (types are checked by tsc with the rest). */
function browserScript(file: string): string {
  const source = readFileSync(file, "utf8");
  const cached = compiled.get(file);
  if (cached?.source === source) return cached.output;
  const output = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  compiled.set(file, { source, output });
  return output;
}

/** Each script's last compilation, kept while its source is unchanged: every page load asks for all of them. */
const compiled = new Map<string, { readonly source: string; readonly output: string }>();

/** sandbox/client.ts for the browser. */
function clientScript(): string {
  return browserScript(resolve(SANDBOX, "client.ts"));
}

/**
 * The system's own keyboard, focus and live-region code (src/applications/a11y/), which the
 * page's script runs around its re-renders as the Foundry glue does: the real files, not copies. Only
 * that folder is served (its files import nothing else).
 */
const A11Y = resolve(ROOT, "src/applications/a11y");
function a11yScript(name: string): string {
  try {
    return browserScript(resolve(A11Y, `${name}.ts`));
  } catch {
    throw new HttpError(404, "not found");
  }
}

// ---------------------------------------------------------------------------------------------
// Pages

function indexPage(theme: Theme): string {
  const groups: [string, SceneInfo[]][] = [
    ["Sheets", scenes().filter((s) => s.kind === "sheet")],
    ["Dialogs", scenes().filter((s) => s.kind === "dialog")],
    ["Chat cards", scenes().filter((s) => s.kind === "card")],
    ["GM tools", scenes().filter((s) => s.kind === "tool")],
  ];
  const body = groups
    .map(([heading, list]) => {
      const items = list.length
        ? list
            .map((s) => {
              const href = `/scene/${s.kind}/${s.id}`;
              const query = escapeHtml(pageQuery(theme));
              return `<li><a href="${href}?${query}">${escapeHtml(s.title)}</a> <small>(<a href="${href}?${query}&amp;width=${s.narrow}">narrow</a>)</small></li>`;
            })
            .join("\n")
        : "<li><em>none yet</em></li>";
      return `<section class="sandbox-index"><h2>${heading}</h2><ul>${items}</ul></section>`;
    })
    .join("\n")
    .concat(
      `\n<section class="sandbox-index"><h2>Play</h2><ul><li><a href="/play/legacy?theme=${theme}">A Legacy session: creation, Risky Action, Effect, harm to Mortal, Advancement roll</a></li><li><a href="/play/legacy?theme=${theme}&amp;as=gm">The same session as the GM (the creation roll again)</a></li></ul></section>`,
    );
  return page({ title: "Index", theme, body, path: "/" });
}

function scenePage(scene: SceneInfo, theme: Theme, width: number | null): string {
  const content = renderScene(scene, width);
  const path = `/scene/${scene.kind}/${scene.id}`;
  return page({ title: scene.title, theme, body: content.body, data: content.data, path });
}

// ---------------------------------------------------------------------------------------------
// Actions

function cardAction(body: unknown): unknown {
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const user = userOf(b.user);
  const card = applyCardClick(cardOf(b.card), user, parseCardClick(b.click));
  return { card, html: renderCard(card, user) };
}

function dialogAction(body: unknown): unknown {
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const id = typeof b.id === "string" ? b.id : "";
  const fixture = Object.hasOwn(DIALOGS, id)
    ? DIALOGS[id as keyof typeof DIALOGS]
    : (sheetDialogFixture(id) ?? undefined);
  if (!fixture) throw new HttpError(404, `no dialog ${id}`);
  const user = userOf(b.user);
  const choices = parseChoices(b.choices) ?? initialChoices(fixture.subject, DIALOG_SETTINGS);
  const change = parseDialogChange(b.change);
  // The risk advisor's disclosure, kept by the page as the dialog host keeps it (src/applications/dialog-host.ts).
  const advisorOpen = b.advisorOpen === true;
  if (change === "roll") {
    const rolled = rollDialog(fixture, choices, user);
    return {
      choices,
      html: renderDialogBody(fixture, choices, advisorOpen),
      card: rolled.card,
      message: chatMessage(fixture.actorName, renderCard(rolled.card, user)),
    };
  }
  const next = change ? applyDialogChange(fixture, choices, change) : choices;
  return { choices: next, html: renderDialogBody(fixture, next, advisorOpen) };
}

/** A sheet's roll button (sandbox/sheet-rolls.ts): the dialog window for that roll, with a chat column for its card. */
function openDialog(body: unknown): unknown {
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const id = sheetDialogId(typeof b.sheet === "string" ? b.sheet : "", typeof b.what === "string" ? b.what : "");
  const fixture = sheetDialogFixture(id);
  if (!fixture)
    throw new HttpError(
      404,
      "This roll opens in Foundry only (the sandbox opens a character's attribute and Save rolls).",
    );
  const choices = initialChoices(fixture.subject, DIALOG_SETTINGS);
  const dialog = applicationWindow({
    tag: "form",
    classes: DIALOG_WINDOW.classes,
    title: DIALOG_WINDOW.title(),
    width: DIALOG_WINDOW.width,
    content: renderDialogBody(fixture, choices),
    sandbox: "dialog",
  });
  const chat = `<section class="sandbox-chat sidebar-tab chat-sidebar" style="width: ${CHAT_WIDTH}px"><ol class="chat-log" id="sandbox-chat-log"></ol></section>`;
  return {
    html: `<div class="sandbox-row sandbox-opened">${dialog}${chat}</div>`,
    data: { kind: "dialog", id, choices, user: PLAYER },
  };
}

/**
 * A click or a dialog field of the Legacy session (sandbox/legacy-session.ts): the next state, the windows re-rendered,
 * the card posted.
 */
function legacySessionAction(body: unknown): unknown {
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const state = parseSessionState(b.state);
  if (typeof b.field === "string") {
    const next = sessionField(state, b.field, b.value);
    return { state: next, ...sessionView(next) };
  }
  const step = sessionClick(state, parseSessionClick(b.click));
  return { state: step.state, ...sessionView(step.state, step) };
}

// ---------------------------------------------------------------------------------------------

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://sandbox.local");
  const path = url.pathname;
  if (req.method === "POST") {
    const body = await readJson(req);
    // The answer is in the page's language (the page sends its `lang`): set here, nothing below awaits.
    const answerLang = useLanguage(langOf(bodyLang(body)));
    try {
      if (path === "/api/card") return sendJson(res, 200, cardAction(body));
      if (path === "/api/dialog") return sendJson(res, 200, dialogAction(body));
      if (path === "/api/open-dialog") return sendJson(res, 200, openDialog(body));
      if (path === "/api/forecast") return sendJson(res, 200, forecastAction(body));
      if (path === "/api/legacy-session") return sendJson(res, 200, legacySessionAction(body));
    } catch (error) {
      // A refusal of the rules reads like Foundry's warning would: the page shows it as a notice.
      if (error instanceof RulesError)
        return sendJson(res, 422, { error: refusalText(error, answerLang), code: error.code });
      throw error;
    }
    throw new HttpError(404, "not found");
  }
  if (req.method !== "GET" && req.method !== "HEAD") throw new HttpError(405, "method not allowed");
  // Pages are rendered in `?lang=` (English by default): set here, nothing below awaits.
  useLanguage(langOf(url.searchParams.get("lang")));
  if (path === "/") return send(res, 200, "text/html; charset=utf-8", indexPage(themeOf(url)));
  if (path === "/favicon.ico") return send(res, 204, "image/x-icon", "");
  if (path === "/sandbox/client.js") return sendAsset(req, res, "text/javascript; charset=utf-8", clientScript());
  const a11y = /^\/src\/applications\/a11y\/([\w-]+)\.ts$/.exec(path);
  if (a11y) return sendAsset(req, res, "text/javascript; charset=utf-8", a11yScript(a11y[1] ?? ""));
  if (path === "/sandbox/foundry-standin.css") {
    const file = staticFile(SANDBOX, "foundry-standin.css");
    return sendAsset(req, res, file.type, file.body);
  }
  // Foundry's core icons (`icons/svg/…`, which fixtures name as images) are not here: one stand-in picture for all.
  if (path.startsWith("/icons/")) {
    const file = staticFile(SANDBOX, "icon-standin.svg");
    return sendAsset(req, res, file.type, file.body);
  }
  if (path.startsWith("/styles/")) {
    const file = staticFile(resolve(ROOT, "styles"), path.slice("/styles/".length));
    return sendAsset(req, res, file.type, file.body);
  }
  if (path === "/play/legacy") {
    const state = initialSession({ gm: url.searchParams.get("as") === "gm" });
    return send(
      res,
      200,
      "text/html; charset=utf-8",
      page({
        title: "A Legacy session",
        theme: themeOf(url),
        body: sessionBody(state, CHAT_WIDTH),
        data: { kind: "legacy-session", state },
        path,
      }),
    );
  }
  const match = /^\/scene\/(sheet|dialog|card|tool)\/([\w-]+)$/.exec(path);
  if (match) {
    const scene = findScene(match[1] ?? "", match[2] ?? "");
    if (!scene) throw new HttpError(404, `no scene ${path}`);
    return send(res, 200, "text/html; charset=utf-8", scenePage(scene, themeOf(url), widthOf(url)));
  }
  throw new HttpError(404, "not found");
}

export interface Sandbox {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts the sandbox on `port` (0: any free port) on the loopback interface. */
export async function startSandbox(port = 0): Promise<Sandbox> {
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      const message = error instanceof Error ? error.message : String(error);
      if (status === 500) console.error(error);
      if (!res.headersSent) sendJson(res, status, { error: message });
      else res.end();
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => ok());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((ok, fail) => {
        server.closeAllConnections();
        server.close((error) => (error ? fail(error) : ok()));
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const sandbox = await startSandbox(Number(process.env.PORT ?? 5180));
  console.log(`Terran Engine sandbox (dev only): ${sandbox.url}/   (dark theme: ${sandbox.url}/?theme=dark)`);
}
