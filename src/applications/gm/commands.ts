/**
 * Where a GM finds the table tools, on v13 and v14 alike: two GM-only buttons in the Actors sidebar's
 * header (`renderActorDirectory`, beside core's `.directory-header .action-buttons`), the chat commands
 * `/terran session` and `/terran request` (`chatMessage`; returning false keeps core from posting the text,
 * which on v14 is the editor's HTML, see `typedLine`; a player is told they are the GM's), and the macro
 * API. A request's message is drawn again when a card answering it is posted, changed or deleted.
 */
import { answeredRequestId } from "../../documents/chat-message.ts";
import { attempt } from "../../prompts/notify.ts";
import { RulesError } from "../../rules/index.ts";
import { elementOf } from "../dom.ts";
import { RequestRollDialog } from "./request-dialog.ts";
import { SessionAwardDialog } from "./session-dialog.ts";

const localize = (key: string): string => game.i18n?.localize(key) ?? key;

function assertGm(): void {
  if (!game.user?.isGM) throw new RulesError("not-allowed", "Only a GM can use the table tools.", { reason: "notGm" });
}

/** R-XP-1 opens the end-of-session dialog (a GM only). */
export async function openSessionAward(): Promise<void> {
  await attempt(async () => {
    assertGm();
    await new SessionAwardDialog().render({ force: true });
  });
}

/** Opens the "request a roll" dialog (a GM only). */
export async function openRollRequest(): Promise<void> {
  await attempt(async () => {
    assertGm();
    await new RequestRollDialog().render({ force: true });
  });
}

/**
 * The typed line as plain text: v13's chat input hands it as typed, v14's rich-text editor as one
 * paragraph of HTML (`<p>/terran session</p>`, spaces it keeps as `&nbsp;`, a trailing `<br>`). Any other
 * markup is left in, so it matches no command.
 */
function typedLine(text: string): string {
  const inner = /^\s*<p>(.*?)(?:<br\s*\/?>)?<\/p>\s*$/is.exec(text)?.[1] ?? text;
  return inner.replace(/&nbsp;|\u00a0/g, " ").trim();
}

/** The `chatMessage` hook: handles `/terran …` (returns false: core posts nothing), leaves any other text alone. */
export function onChatCommand(_chatLog: unknown, text: string): boolean | undefined {
  const match = /^\/terran(?:\s+(\S+))?\s*$/i.exec(typedLine(text));
  if (!match) return undefined;
  const sub = (match[1] ?? "").toLowerCase();
  if (!game.user?.isGM) ui.notifications?.warn(localize("TERRAN.Session.Command.gmOnly"));
  else if (sub === "session") void openSessionAward();
  else if (sub === "request") void openRollRequest();
  else ui.notifications?.info(localize("TERRAN.Session.Command.help"));
  return false;
}

/** The `renderActorDirectory` hook: the GM's two buttons in the directory's header (once per render). */
export function onRenderActorDirectory(_app: unknown, html: unknown): void {
  const root = elementOf(html as EventTarget | null);
  if (!root || !game.user?.isGM || root.querySelector(".terran-gm-tools")) return;
  const group = root.ownerDocument.createElement("div");
  group.className = "terran-gm-tools action-buttons";
  const button = (labelKey: string, icon: string, open: () => Promise<void>) => {
    const el = root.ownerDocument.createElement("button");
    el.type = "button";
    el.className = "terran-gm-tool";
    el.innerHTML = `<i class="fa-solid ${icon}" inert></i> `;
    el.append(localize(labelKey));
    el.addEventListener("click", (event) => {
      event.preventDefault();
      void open();
    });
    return el;
  };
  group.append(
    button("TERRAN.Session.Command.sessionButton", "fa-plus", openSessionAward),
    button("TERRAN.Session.Command.requestButton", "fa-dice-d6", openRollRequest),
  );
  const actions = root.querySelector(".directory-header .action-buttons");
  if (actions) actions.after(group);
  else (root.querySelector(".directory-header") ?? root).prepend(group);
}

/** Draws a request card again on this client when a card answering it comes, changes or goes. */
export function onAnswerChanged(message: ChatMessage.Implementation): void {
  const requestId = answeredRequestId(message);
  const request = requestId === null ? undefined : game.messages?.get(requestId);
  if (!request) return;
  const chat: unknown = ui.chat;
  const update: unknown = chat && typeof chat === "object" ? Reflect.get(chat, "updateMessage") : undefined;
  if (typeof update === "function") void Reflect.apply(update, chat, [request]);
}

export function registerGmTools(): void {
  Hooks.on("chatMessage", onChatCommand);
  Hooks.on("renderActorDirectory", onRenderActorDirectory);
  Hooks.on("createChatMessage", onAnswerChanged);
  Hooks.on("updateChatMessage", onAnswerChanged);
  Hooks.on("deleteChatMessage", onAnswerChanged);
}
