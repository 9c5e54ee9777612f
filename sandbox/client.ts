/**
 * The sandbox page's script (runs in the browser; the server compiles it with TypeScript). It plays
 * the part of the Foundry glue: a click on a `data-action` posts the stored state and the click to the
 * server, which applies the real card transition or dialog model and answers with the new state and
 * HTML. Refusals show as a notice, like Foundry's warnings. Its only imports are the system's own
 * keyboard, focus and live-region code (src/applications/a11y/, served as is by sandbox/server.ts),
 * which it runs around each re-render as the Foundry glue does.
 *
 * `document.body.dataset.sandboxUpdates` counts the updates applied, so tests can wait for one.
 */

import { A11yKeeper } from "../src/applications/a11y/keeper.ts";
import { focusFirst } from "../src/applications/a11y/focus.ts";
import { moveOnKey, pressOnKey } from "../src/applications/a11y/keyboard.ts";
import { guardClosed, revealClosedReasons } from "../src/applications/a11y/disabled.ts";

interface SandboxUser {
  readonly id: string;
  readonly isGM: boolean;
}

interface CardData {
  readonly kind: "card";
  readonly card: unknown;
  readonly user: SandboxUser;
}

interface DialogData {
  readonly kind: "dialog";
  readonly id: string;
  readonly choices: unknown;
  readonly user: SandboxUser;
  readonly advisorOpen?: boolean;
}

/** A Legacy session (sandbox/legacy-session.ts): the whole state goes back with each click. */
interface SessionData {
  readonly kind: "legacy-session";
  readonly state: unknown;
}

type PageData = CardData | DialogData | SessionData | { readonly kind: "sheet"; readonly id: string };

interface Answer {
  readonly error?: string;
  readonly html?: string;
  readonly card?: unknown;
  readonly choices?: unknown;
  readonly message?: string;
  /** A Legacy session's message drawn again: its id and new HTML. */
  readonly changed?: { readonly id: string; readonly message: string } | null;
  readonly data?: DialogData;
  /** The forecast panel's correction notice, if any. */
  readonly notice?: string | null;
  /** A Legacy session's answer: its next state, the sheet window, the open dialog or prompt. */
  readonly state?: unknown;
  readonly sheet?: string;
  readonly side?: string;
}

/** The stored state of each card on the page (a chat message's flags, in Foundry). */
const cards = new Map<Element, { card: unknown; user: SandboxUser }>();
let dialog: { id: string; choices: unknown; user: SandboxUser; advisorOpen?: boolean } | null = null;
/** Focus and live values around each re-render of a window or a card, as the Foundry glue keeps them. */
const keepers = new WeakMap<Element, A11yKeeper>();

function keeperOf(el: Element): A11yKeeper {
  let keeper = keepers.get(el);
  if (!keeper) {
    keeper = new A11yKeeper();
    keepers.set(el, keeper);
  }
  return keeper;
}

function readData(): PageData | null {
  const el = document.getElementById("sandbox-data");
  return el?.textContent ? (JSON.parse(el.textContent) as PageData) : null;
}

function notice(text: string | null): void {
  const el = document.getElementById("sandbox-notice");
  if (!el) return;
  el.textContent = text ?? "";
  el.hidden = text === null;
}

function updated(): void {
  const n = Number(document.body.dataset.sandboxUpdates ?? "0");
  document.body.dataset.sandboxUpdates = String(n + 1);
}

/** Posts a click; the answer's HTML comes back in the page's language (`<html lang>`, from `?lang=`). */
async function post(path: string, body: object): Promise<Answer | null> {
  const lang = document.documentElement.lang || "en";
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...body, lang }),
  });
  const answer = (await response.json()) as Answer;
  if (!response.ok || answer.error) {
    notice(answer.error ?? `HTTP ${response.status}`);
    updated();
    return null;
  }
  notice(null);
  return answer;
}

function registerMessage(message: Element, card: unknown, user: SandboxUser): void {
  cards.set(message, { card, user });
  // What the card shows when it appears: later changes are announced, not this.
  keeperOf(message).after(message);
}

async function onCardClick(message: Element, target: HTMLElement): Promise<void> {
  const stored = cards.get(message);
  if (!stored) return;
  const click = {
    action: target.dataset.action,
    index: target.dataset.index ?? null,
    role: target.dataset.role ?? null,
  };
  keeperOf(message).before(message);
  const answer = await post("/api/card", { card: stored.card, user: stored.user, click });
  const content = message.querySelector(".message-content");
  if (!answer?.html || !content) return;
  stored.card = answer.card;
  content.innerHTML = answer.html;
  keeperOf(message).after(message);
  updated();
}

/** Stand-in of the dialog hosts' memory of the risk advisor's disclosure: open before a re-render, open after. */
function keepingAdvisor(content: Element, replace: () => void): void {
  const open = content.querySelector("details.rd-advisor")?.hasAttribute("open") ?? false;
  replace();
  if (open) content.querySelector("details.rd-advisor")?.setAttribute("open", "");
}

async function onDialogChange(change: unknown): Promise<void> {
  if (!dialog) return;
  const frame = document.querySelector('[data-sandbox="dialog"]');
  if (frame) keeperOf(frame).before(frame);
  const answer = await post("/api/dialog", {
    id: dialog.id,
    choices: dialog.choices,
    user: dialog.user,
    change,
    advisorOpen: dialog.advisorOpen === true,
  });
  const content = frame?.querySelector(".window-content");
  if (!answer?.html || !frame || !content) return;
  dialog.choices = answer.choices;
  const html = answer.html;
  keepingAdvisor(content, () => (content.innerHTML = html));
  keeperOf(frame).after(frame);
  if (answer.message && answer.card !== undefined) {
    const log = document.getElementById("sandbox-chat-log");
    if (log) {
      log.insertAdjacentHTML("beforeend", answer.message);
      const added = log.lastElementChild;
      if (added) registerMessage(added, answer.card, dialog.user);
    }
  }
  updated();
}

/**
 * A character sheet's roll button (stand-in of the sheet opening the roll dialog: sandbox/sheet-rolls.ts).
 * The dialog's first render puts the focus on its first control, as RollDialog does in Foundry.
 */
async function openDialog(sheet: Element, what: string): Promise<void> {
  const data = readData();
  const id = data?.kind === "sheet" ? data.id : "";
  const answer = await post("/api/open-dialog", { sheet: id, what });
  if (!answer?.html || !answer.data) return;
  sheet.parentElement?.querySelector(".sandbox-opened")?.remove();
  sheet.insertAdjacentHTML("afterend", answer.html);
  dialog = { id: answer.data.id, choices: answer.data.choices, user: answer.data.user };
  const frame = document.querySelector('[data-sandbox="dialog"]');
  if (frame) {
    keeperOf(frame).after(frame);
    focusFirst(frame.querySelector(".window-content") ?? frame);
  }
  updated();
}

/** The forecast panel's choices (null: the fixture's); the server answers with the panel re-rendered. */
let forecastChoices: unknown = null;

async function onForecastChange(el: HTMLInputElement | HTMLSelectElement): Promise<void> {
  const answer = await post("/api/forecast", { choices: forecastChoices, field: el.dataset.forecast, value: el.value });
  const panel = document.querySelector('[data-sandbox="sheet"] .te-challenge-forecast');
  if (!answer?.html || !panel) return;
  forecastChoices = answer.choices;
  panel.outerHTML = answer.html;
  notice(answer.notice ?? null);
  updated();
}

/** The Legacy session's state (a Foundry world's actor and open windows); null on other pages. */
let session: { state: unknown } | null = null;

/**
 * A click or a field in the Legacy session: the server answers with the next state, the sheet and the
 * open window re-rendered, and the card to post. A newly opened window gets the focus, as Foundry's do.
 */
async function onSession(body: Record<string, unknown>): Promise<void> {
  if (!session) return;
  const sheet = document.querySelector('[data-sandbox="session-sheet"]');
  if (sheet) keeperOf(sheet).before(sheet);
  const messages = [...document.querySelectorAll('#sandbox-chat-log > [data-sandbox="message"]')];
  for (const message of messages) keeperOf(message).before(message);
  const answer = await post("/api/legacy-session", { ...body, state: session.state });
  const side = document.getElementById("sandbox-session-side");
  if (answer?.sheet === undefined || answer.side === undefined || !sheet || !side) return;
  session.state = answer.state;
  const content = sheet.querySelector(".window-content");
  const fresh = new DOMParser().parseFromString(answer.sheet, "text/html").querySelector(".window-content");
  // The sheet keeps its open tab across re-renders, as ApplicationV2's tabGroups do.
  const tab = sheet.querySelector<HTMLElement>('[data-action="tab"].active');
  if (content && fresh) content.innerHTML = fresh.innerHTML;
  if (tab?.dataset.group && tab.dataset.tab) showTab(sheet, tab.dataset.group, tab.dataset.tab);
  revealClosedReasons(sheet);
  keeperOf(sheet).after(sheet);
  const opened = side.innerHTML === "" && answer.side !== "";
  const kept =
    side.firstElementChild?.getAttribute("data-sandbox") === "session-dialog" &&
    answer.side.includes('data-sandbox="session-dialog"');
  const frame = side.firstElementChild;
  if (kept && frame) {
    keeperOf(frame).before(frame);
    const next = new DOMParser().parseFromString(answer.side, "text/html").querySelector(".window-content");
    const current = frame.querySelector(".window-content");
    if (next && current) keepingAdvisor(current, () => (current.innerHTML = next.innerHTML));
    keeperOf(frame).after(frame);
  } else {
    side.innerHTML = answer.side;
    const added = side.firstElementChild;
    if (added) {
      keeperOf(added).after(added);
      if (opened || added.getAttribute("data-sandbox") === "session-prompt")
        focusFirst(added.querySelector(".window-content") ?? added);
    }
  }
  if (answer.changed) {
    // A card whose state moved on is drawn again in its place (focus kept), as Foundry's chat log updates it.
    const changed = document.querySelector(`[data-message-id="${CSS.escape(answer.changed.id)}"]`);
    const content = changed?.querySelector(".message-content");
    const fresh = new DOMParser()
      .parseFromString(answer.changed.message, "text/html")
      .querySelector(".message-content");
    if (changed && content && fresh) {
      content.innerHTML = fresh.innerHTML;
      keeperOf(changed).after(changed);
    }
  }
  if (answer.message) {
    const log = document.getElementById("sandbox-chat-log");
    if (log) {
      log.insertAdjacentHTML("beforeend", answer.message);
      const added = log.lastElementChild;
      if (added) keeperOf(added).after(added);
    }
  }
  updated();
}

function sessionClick(target: HTMLElement): Record<string, unknown> | null {
  const message = target.closest<HTMLElement>('[data-sandbox="message"]');
  if (message)
    return {
      click: {
        where: "card",
        action: target.dataset.action,
        data: { ...target.dataset, sessionCard: message.dataset.messageId },
      },
    };
  const where = target.closest('[data-sandbox="session-dialog"]')
    ? "dialog"
    : target.closest('[data-sandbox="session-prompt"]')
      ? "prompt"
      : target.closest('[data-sandbox="session-sheet"]')
        ? "sheet"
        : null;
  if (!where) return null;
  const field = target.closest('[data-sandbox="session-prompt"]')?.querySelector<HTMLInputElement>('input[name="n"]');
  return {
    click: {
      where,
      action: target.dataset.action,
      data: { ...target.dataset },
      ...(field ? { n: field.valueAsNumber } : {}),
    },
  };
}

/** Stand-in of Foundry's tab switching: the chosen tab of a group gets `active`, its siblings lose it. */
function switchTab(sheet: Element, group: string, tab: string): void {
  showTab(sheet, group, tab);
  notice(null);
  updated();
}

function showTab(sheet: Element, group: string, tab: string): void {
  for (const el of sheet.querySelectorAll<HTMLElement>(`[data-group="${CSS.escape(group)}"][data-tab]`)) {
    const active = el.dataset.tab === tab;
    el.classList.toggle("active", active);
    if (el.getAttribute("role") === "tab") {
      el.setAttribute("aria-selected", String(active));
      el.setAttribute("tabindex", active ? "0" : "-1");
    }
  }
}

function init(): void {
  const data = readData();
  if (data?.kind === "card") {
    const message = document.querySelector('[data-sandbox="message"]');
    if (message) registerMessage(message, data.card, data.user);
  } else if (data?.kind === "legacy-session") {
    session = { state: data.state };
  } else if (data?.kind === "dialog") {
    dialog = { id: data.id, choices: data.choices, user: data.user, advisorOpen: data.advisorOpen === true };
    const frame = document.querySelector('[data-sandbox="dialog"]');
    if (frame) keeperOf(frame).after(frame);
  }
  // Enter and Space press a control drawn as role="button" (a portrait), as the sheets bind it.
  document.addEventListener("keydown", pressOnKey);
  // The arrow keys in tab lists and rating radio groups, as the sheets bind them.
  document.addEventListener("keydown", moveOnKey);
  // Closed controls keep their reason within the keyboard's reach, as the sheets do after each render.
  document.addEventListener("click", guardClosed, { capture: true });
  for (const sheet of document.querySelectorAll('[data-sandbox="sheet"], [data-sandbox="session-sheet"]'))
    revealClosedReasons(sheet);

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-action]") : null;
    // A closed control (disabled, or aria-disabled: it keeps the focus for its reason) is not pressed, as in the glue.
    if (!target || (target instanceof HTMLButtonElement && target.disabled)) return;
    if (target.getAttribute("aria-disabled") === "true") return;
    // In the session, a card's button goes to the session too (its Risky card rolls the tied Effect).
    const inSession = session && target.closest("[data-sandbox-session]");
    if (inSession) {
      const body = sessionClick(target);
      // Tabs switch in the page, as Foundry's do; a ticked modifier keeps the browser's own toggle until the re-render.
      if (target.dataset.action === "tab") {
        const sheet = target.closest('[data-sandbox="session-sheet"]');
        if (sheet) switchTab(sheet, target.dataset.group ?? "", target.dataset.tab ?? "");
      } else if (body) void onSession(body);
      if (target.dataset.action !== "toggleModifier") event.preventDefault();
      return;
    }
    const message = target.closest('[data-sandbox="message"]');
    if (message) {
      event.preventDefault();
      void onCardClick(message, target);
      return;
    }
    const sheet = target.closest('[data-sandbox="sheet"]');
    if (sheet) {
      event.preventDefault();
      if (target.dataset.action === "tab") switchTab(sheet, target.dataset.group ?? "", target.dataset.tab ?? "");
      else if (target.dataset.action === "roll" && target.dataset.roll) void openDialog(sheet, target.dataset.roll);
      else notice(`The sandbox shows the sheet's fixture: "${target.dataset.action ?? ""}" runs in Foundry only.`);
      return;
    }
    if (target.closest('[data-sandbox="dialog"]')) {
      const action = target.dataset.action;
      // A ticked modifier keeps the browser's own checkbox toggle until the re-render replaces it.
      if (action !== "toggleModifier") event.preventDefault();
      void onDialogChange(
        action === "toggleModifier" || action === "advisorDark"
          ? { action, key: target.dataset.key ?? "" }
          : { action },
      );
    }
  });

  // The risk advisor opened: the Core dialog's model works its rows out only while it is open (as
  // src/applications/dialog-host.ts has the host render again); the Legacy dialogs' rows are always there.
  document.addEventListener(
    "toggle",
    (event) => {
      const el = event.target;
      if (!(el instanceof HTMLDetailsElement) || !el.classList.contains("rd-advisor")) return;
      if (!dialog || !el.closest('[data-sandbox="dialog"]')) return;
      dialog.advisorOpen = el.open;
      if (el.open && !el.querySelector(".rd-adv-row")) void onDialogChange(null);
    },
    { capture: true },
  );

  document.addEventListener("change", (event) => {
    const el = event.target;
    if (
      (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) &&
      el.dataset.forecast &&
      el.closest('[data-sandbox="sheet"]')
    ) {
      void onForecastChange(el);
      return;
    }
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement) || !el.name || el.dataset.action) return;
    if (session && el.closest('[data-sandbox="session-dialog"]')) {
      void onSession({
        field: el.name,
        value: el instanceof HTMLInputElement && el.type === "checkbox" ? el.checked : el.value,
      });
      return;
    }
    if (!el.closest('[data-sandbox="dialog"]')) return;
    const value = el instanceof HTMLInputElement && el.type === "checkbox" ? el.checked : el.value;
    void onDialogChange({ field: el.name, value });
  });

  document.addEventListener("submit", (event) => {
    event.preventDefault();
    // Enter in a prompt's number field presses its OK, as DialogV2.prompt's form submits.
    const ok =
      event.target instanceof Element && event.target.matches('[data-sandbox="session-prompt"]')
        ? event.target.querySelector<HTMLElement>('[data-action="promptOk"]')
        : null;
    const body = ok ? sessionClick(ok) : null;
    if (body) void onSession(body);
  });
}

init();

// A module, so its names stay its own (the page loads it with type="module").
export {};
