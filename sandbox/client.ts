/**
 * The sandbox page's script (runs in the browser; the server compiles it with TypeScript). It plays
 * the part of the Foundry glue: a click on a `data-action` posts the stored state and the click to the
 * server, which applies the real card transition or dialog model and answers with the new state and
 * HTML. Refusals show as a notice, like Foundry's warnings. No imports: it stays one small file.
 *
 * `document.body.dataset.sandboxUpdates` counts the updates applied, so tests can wait for one.
 */

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
}

type PageData = CardData | DialogData | { readonly kind: "sheet" };

interface Answer {
  readonly error?: string;
  readonly html?: string;
  readonly card?: unknown;
  readonly choices?: unknown;
  readonly message?: string;
}

/** The stored state of each card on the page (a chat message's flags, in Foundry). */
const cards = new Map<Element, { card: unknown; user: SandboxUser }>();
let dialog: { id: string; choices: unknown; user: SandboxUser } | null = null;

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
  const response = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...body, lang }) });
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
}

async function onCardClick(message: Element, target: HTMLElement): Promise<void> {
  const stored = cards.get(message);
  if (!stored) return;
  const click = { action: target.dataset.action, index: target.dataset.index ?? null, role: target.dataset.role ?? null };
  const answer = await post("/api/card", { card: stored.card, user: stored.user, click });
  const content = message.querySelector(".message-content");
  if (!answer?.html || !content) return;
  stored.card = answer.card;
  content.innerHTML = answer.html;
  updated();
}

async function onDialogChange(change: unknown): Promise<void> {
  if (!dialog) return;
  const answer = await post("/api/dialog", { id: dialog.id, choices: dialog.choices, user: dialog.user, change });
  const content = document.querySelector('[data-sandbox="dialog"] .window-content');
  if (!answer?.html || !content) return;
  dialog.choices = answer.choices;
  content.innerHTML = answer.html;
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

/** Stand-in of Foundry's tab switching: the chosen tab of a group gets `active`, its siblings lose it. */
function switchTab(sheet: Element, group: string, tab: string): void {
  for (const el of sheet.querySelectorAll<HTMLElement>(`[data-group="${CSS.escape(group)}"][data-tab]`)) {
    const active = el.dataset.tab === tab;
    el.classList.toggle("active", active);
    if (el.getAttribute("role") === "tab") el.setAttribute("aria-selected", String(active));
  }
  notice(null);
  updated();
}

function init(): void {
  const data = readData();
  if (data?.kind === "card") {
    const message = document.querySelector('[data-sandbox="message"]');
    if (message) registerMessage(message, data.card, data.user);
  } else if (data?.kind === "dialog") {
    dialog = { id: data.id, choices: data.choices, user: data.user };
  }

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-action]") : null;
    if (!target || (target instanceof HTMLButtonElement && target.disabled)) return;
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
      else notice(`The sandbox shows the sheet's fixture: "${target.dataset.action ?? ""}" runs in Foundry only.`);
      return;
    }
    if (target.closest('[data-sandbox="dialog"]')) {
      const action = target.dataset.action;
      // A ticked modifier keeps the browser's own checkbox toggle until the re-render replaces it.
      if (action !== "toggleModifier") event.preventDefault();
      void onDialogChange(action === "toggleModifier" ? { action, key: target.dataset.key ?? "" } : { action });
    }
  });

  document.addEventListener("change", (event) => {
    const el = event.target;
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement) || !el.name || el.dataset.action) return;
    if (!el.closest('[data-sandbox="dialog"]')) return;
    const value = el instanceof HTMLInputElement && el.type === "checkbox" ? el.checked : el.value;
    void onDialogChange({ field: el.name, value });
  });

  document.addEventListener("submit", (event) => event.preventDefault());
}

init();

// A module, so its names stay its own (the page loads it with type="module").
export {};
