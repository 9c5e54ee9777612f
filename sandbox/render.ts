/**
 * The sandbox's HTML: each component rendered from its real template and view model, wrapped the way
 * Foundry v13 would wrap it. The wrappers (an application window with `.window-header` and
 * `.window-content`, a chat message `li.chat-message > .message-content`, the `theme-light` /
 * `theme-dark` body class) are a STAND-IN written from Foundry's public look, not Foundry's own markup
 * or CSS; sandbox/foundry-standin.css styles them. The system's CSS is loaded as Foundry loads it:
 * the files system.json lists, in the `system` cascade layer.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { rollDialogModel, type RollDialogChoices } from "../src/applications/dialogs/roll-dialog-model.ts";
import {
  cardPermission,
  challengeCardView,
  legacyEffectView,
  legacyMontageView,
  legacyRiskyView,
  panicOffer,
  riskyCardView,
  teslaButton,
  type CardUser,
} from "../src/chat/index.ts";
import { panicContext } from "../src/applications/chat/panic-context.ts";
import { DIALOG_SETTINGS, type CardDoc, type DialogFixture } from "./fixtures.ts";
import { CORE } from "../src/rules/index.ts";
import { currentLanguage, localize, pageQuery, render, sandboxLanguages } from "./templates.ts";

export const ROOT = resolve(import.meta.dirname, "..");

export type Theme = "light" | "dark";

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

/** JSON that is safe inside a `<script type="application/json">`. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** The stylesheets system.json ships (so a sheet stylesheet added there shows up here too). */
export function systemStyles(): string[] {
  const manifest = JSON.parse(readFileSync(resolve(ROOT, "system.json"), "utf8")) as { styles?: { src: string }[] };
  return (manifest.styles ?? []).map((s) => s.src);
}

// ---------------------------------------------------------------------------------------------
// Components

/** The viewer the card views need: a GM is connected, the world lets the GM apply (players go through the GM). */
function cardViewer(user: CardUser, rollerId: string) {
  const permission = cardPermission({ user, rollerId, gmOnline: true, targetOwnedByUser: false, applySetting: "gm" });
  return { ...user, gmOnline: true, mayApply: permission.apply.allowed, mayApplyReason: permission.apply.reasonKey };
}

/**
 * A card's HTML from its stored state, as `user` sees it (the registry src/applications/chat/card-registry.ts does the
 * same in Foundry).
 */
export function renderCard(doc: CardDoc, user: CardUser): string {
  switch (doc.kind) {
    case "risky":
      // R-ADV-2 Tesla's button and R-V-8 the Panic as the glue adds them (src/applications/chat/card-registry.ts),
      // never taken here; the character throws one Ego die.
      return render("chat/risky-card.hbs", {
        ...riskyCardView(doc.state, cardViewer(user, doc.state.rollerId)),
        tesla: teslaButton(doc.state, user, false),
        panic: panicContext(
          panicOffer(doc.state, user, false, { egoDice: 1, panicked: false }),
          null,
          currentLanguage(),
        ),
        messageId: "sandbox",
      });
    case "challenge":
      return render("chat/challenge-card.hbs", {
        ...challengeCardView(doc.state, {
          ...cardViewer(user, doc.state.rollerId),
          offerHarm: true,
          ruleset: doc.ruleset ?? CORE,
        }),
        messageId: "sandbox",
      });
    case "result":
      return render("chat/result-card.hbs", { ...doc.state });
    case "legacyRisky":
      return render("chat/legacy-risky-card.hbs", { ...legacyRiskyView(doc.state, user), messageId: "sandbox" });
    case "legacyEffect":
      return render("chat/legacy-effect-card.hbs", {
        ...legacyEffectView(doc.state, cardViewer(user, doc.state.rollerId)),
        messageId: "sandbox",
      });
    case "legacyMontage":
      return render("chat/legacy-montage-card.hbs", {
        ...legacyMontageView(doc.state, cardViewer(user, doc.state.rollerId)),
        messageId: "sandbox",
      });
  }
}

/** Stand-in of a Foundry chat message around a card. */
/** A chat log entry; `id` as Foundry's chat log marks each message (`data-message-id`). */
export function chatMessage(speaker: string, cardHtml: string, id?: string): string {
  const marked = id === undefined ? "" : ` data-message-id="${escapeHtml(id)}"`;
  return `<li class="chat-message message flexcol" data-sandbox="message"${marked}>
  <header class="message-header flexrow"><h4 class="message-sender">${escapeHtml(speaker)}</h4><span class="message-metadata"><time>now</time></span></header>
  <div class="message-content">${cardHtml}</div>
</li>`;
}

/** The roll dialog's content (its one template part) for `choices`, its risk advisor open or closed. */
export function renderDialogBody(fixture: DialogFixture, choices: RollDialogChoices, advisorOpen = false): string {
  return render(
    "dialogs/roll-dialog.hbs",
    rollDialogModel(fixture.subject, choices, { ...DIALOG_SETTINGS, locale: currentLanguage(), advisorOpen }),
  );
}

/** Stand-in of an ApplicationV2 window: `classes` are the application's own (its DEFAULT_OPTIONS.classes). */
export function applicationWindow(options: {
  readonly tag?: "div" | "form";
  readonly classes: readonly string[];
  readonly title: string;
  readonly width: number;
  readonly height?: number;
  readonly content: string;
  readonly sandbox: string;
}): string {
  const tag = options.tag ?? "div";
  const style = `width: ${options.width}px;${options.height ? ` height: ${options.height}px;` : ""}`;
  return `<${tag} class="application ${options.classes.map(escapeHtml).join(" ")}" style="${style}" data-sandbox="${escapeHtml(options.sandbox)}">
  <header class="window-header"><h1 class="window-title">${escapeHtml(options.title)}</h1><button type="button" class="header-control" aria-label="Close" tabindex="-1">×</button></header>
  <section class="window-content">${options.content}</section>
</${tag}>`;
}

export const DIALOG_WINDOW = {
  classes: ["terran-engine", "roll-dialog"],
  width: 440,
  title: () => localize("TERRAN.Dialog.windowTitle"),
} as const;

// ---------------------------------------------------------------------------------------------
// Pages

export interface PageOptions {
  readonly title: string;
  readonly theme: Theme;
  readonly body: string;
  /** JSON the page's script reads (the state it posts back with each click). */
  readonly data?: unknown;
  /** Links shown in the bar above the component. */
  readonly path: string;
}

/** Links to the same page in the other languages. */
function languageLinks(path: string, theme: Theme): string {
  return sandboxLanguages()
    .filter((lang) => lang !== currentLanguage())
    .map(
      (lang) =>
        `<a class="sandbox-lang" href="${escapeHtml(path)}?${escapeHtml(pageQuery(theme, lang))}">${escapeHtml(lang)}</a>`,
    )
    .join(" ");
}

/** A whole page: the stand-in core look, the system's CSS in the `system` layer, the sandbox bar and the script. */
export function page(options: PageOptions): string {
  const other: Theme = options.theme === "dark" ? "light" : "dark";
  const lang = currentLanguage();
  const imports = systemStyles()
    .map((src) => `@import url("/${src}") layer(system);`)
    .join("\n");
  const data =
    options.data === undefined
      ? ""
      : `<script type="application/json" id="sandbox-data">${scriptJson(options.data)}</script>`;
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<base href="/">
<title>${escapeHtml(options.title)} · Terran Engine sandbox</title>
<style>
@layer sandbox-standin, system;
@import url("/sandbox/foundry-standin.css") layer(sandbox-standin);
${imports}
</style>
</head>
<body class="vtt game system-terran-engine theme-${options.theme} sandbox">
<nav class="sandbox-bar">
  <a href="/?${escapeHtml(pageQuery(options.theme))}">Terran Engine sandbox</a>
  <span class="sandbox-title">${escapeHtml(options.title)}</span>
  <a class="sandbox-theme" href="${escapeHtml(options.path)}?${escapeHtml(pageQuery(other))}">${other} theme</a>
  ${languageLinks(options.path, options.theme)}
  <span class="sandbox-note">dev only · Foundry's look is a stand-in</span>
</nav>
<main class="sandbox-stage">
${options.body}
</main>
<div id="sandbox-notice" role="alert" hidden></div>
${data}
<script type="module" src="/sandbox/client.js"></script>
</body>
</html>`;
}
