/**
 * The sandbox's catalogue: every sheet, dialog and chat card it shows, each at a default width (what
 * Foundry opens it at) and a narrow one (a sheet resized small, a narrow chat sidebar). The browser
 * tests screenshot and check every scene listed here.
 */
import { initialChoices, type RollDialogChoices } from "../src/applications/dialogs/roll-dialog-model.ts";
import { CARDS, DIALOG_SETTINGS, DIALOGS, PLAYER } from "./fixtures.ts";
import { applicationWindow, chatMessage, DIALOG_WINDOW, renderCard, renderDialogBody } from "./render.ts";
import { SHEETS } from "./sheets.ts";
import { TOOL_SCENES } from "./gm-tools.ts";
import { isLegacyDialogId, LEGACY_CARD_TITLES, LEGACY_CARDS, LEGACY_DIALOGS, renderLegacyDialog } from "./legacy.ts";

export type SceneKind = "sheet" | "dialog" | "card" | "tool";

export interface SceneInfo {
  readonly kind: SceneKind;
  readonly id: string;
  readonly title: string;
  /** The default width of the component's frame (window or chat sidebar), in CSS pixels. */
  readonly width: number;
  /** A narrow width it must still fit. */
  readonly narrow: number;
}

/** The chat sidebar's width in Foundry (stand-in), and a narrow one. */
export const CHAT_WIDTH = 300;
export const CHAT_NARROW = 260;

const DIALOG_TITLES: Readonly<Record<keyof typeof DIALOGS, string>> = {
  fresh: "Roll dialog: fresh character, Finesse",
  weapon: "Roll dialog: wounded, heavy armour, long sword",
  mortal: "Roll dialog: Mortally Wounded",
  reaction: "Roll dialog: Insight Save (Reaction)",
  brainwave: "Roll dialog: Reason, an activated Brainwave's +1d",
  degenesis: "Roll dialog: Degenesis, the risk advisor open",
  "v062-skills": "Roll dialog (v0.6.2): held skills to tick",
  "v062-unarmed": "Roll dialog (v0.6.2): Unarmed with Martial combatant, the approach over its row",
};

const CARD_TITLES: Readonly<Record<string, string>> = {
  risky: "Risky Action card",
  "risky-whirlwind": "Risky Action card: weapon, explosion, Whirlwind",
  "risky-big": "Risky Action card: 4 Light and 4 Dark Dice",
  reaction: "Reaction card (GM's view)",
  lost: "Risky Action card: Ego lost",
  empty: "Risky Action card: empty pool",
  challenge: "Challenge Effect card",
  grit: "Grit rest card",
  "ego-reset": "Ego reset card",
  malaise: "Malaise card",
  creation: "Creation roll card",
  fortune: "Fortune card",
  sayonara: "Sayonara card",
  brainwave: "Activated advancement card: Brainwave",
  "tesla-risky": "Risky Action card: a Fail with Tesla's +1d",
  "v062-panic": "Risky Action card (v0.6.2): a Fail offers the Panic Event",
};

function isDialogId(id: string): id is keyof typeof DIALOGS {
  return Object.hasOwn(DIALOGS, id);
}

export function scenes(): SceneInfo[] {
  return [
    ...SHEETS.map((s) => ({ kind: "sheet" as const, id: s.id, title: s.title, width: s.width, narrow: s.narrow })),
    ...Object.keys(DIALOGS)
      .filter(isDialogId)
      .map((id) => ({
        kind: "dialog" as const,
        id,
        title: DIALOG_TITLES[id],
        width: DIALOG_WINDOW.width,
        narrow: 360,
      })),
    ...Object.keys(CARDS).map((id) => ({
      kind: "card" as const,
      id,
      title: CARD_TITLES[id] ?? id,
      width: CHAT_WIDTH,
      narrow: CHAT_NARROW,
    })),
    ...TOOL_SCENES.map((t) => ({ kind: "tool" as const, id: t.id, title: t.title, width: t.width, narrow: t.narrow })),
    // Legacy (sandbox/legacy.ts): its dialog and cards.
    ...Object.entries(LEGACY_DIALOGS).map(([id, d]) => ({
      kind: "dialog" as const,
      id,
      title: d.title,
      width: DIALOG_WINDOW.width,
      narrow: 360,
    })),
    ...Object.keys(LEGACY_CARDS).map((id) => ({
      kind: "card" as const,
      id,
      title: LEGACY_CARD_TITLES[id] ?? id,
      width: CHAT_WIDTH,
      narrow: CHAT_NARROW,
    })),
  ];
}

export function findScene(kind: string, id: string): SceneInfo | undefined {
  return scenes().find((s) => s.kind === kind && s.id === id);
}

/** What the page shows for a scene, and the state its script posts back. */
export interface SceneContent {
  readonly body: string;
  readonly data: unknown;
}

/** A chat log column (stand-in of Foundry's chat sidebar). */
function chatLog(width: number, messages: string): string {
  return `<section class="sandbox-chat sidebar-tab chat-sidebar" style="width: ${width}px"><ol class="chat-log" id="sandbox-chat-log">${messages}</ol></section>`;
}

/** Renders a scene at `width` (its default when null). */
export function renderScene(scene: SceneInfo, width: number | null): SceneContent {
  const w = width ?? scene.width;
  switch (scene.kind) {
    case "sheet": {
      const sheet = SHEETS.find((s) => s.id === scene.id);
      if (!sheet) throw new Error(`no sheet ${scene.id}`);
      return {
        body: applicationWindow({
          classes: sheet.classes,
          title: sheet.windowTitle,
          width: w,
          height: sheet.height,
          content: sheet.render(),
          sandbox: "sheet",
          tag: "form",
        }),
        data: { kind: "sheet", id: scene.id },
      };
    }
    case "dialog": {
      if (isLegacyDialogId(scene.id)) {
        // Shown as the model renders it; its controls are not wired in the sandbox (data kind
        // "sheet": clicks post nothing).
        const dialog = applicationWindow({
          tag: "form",
          classes: [...DIALOG_WINDOW.classes, "legacy-roll-dialog"],
          title: DIALOG_WINDOW.title(),
          width: w,
          content: renderLegacyDialog(scene.id),
          sandbox: "dialog",
        });
        return {
          body: `<div class="sandbox-row">${dialog}${chatLog(CHAT_WIDTH, "")}</div>`,
          data: { kind: "sheet", id: scene.id },
        };
      }
      if (!isDialogId(scene.id)) throw new Error(`no dialog ${scene.id}`);
      const fixture = DIALOGS[scene.id];
      const choices: RollDialogChoices = initialChoices(fixture.subject, DIALOG_SETTINGS);
      const dialog = applicationWindow({
        tag: "form",
        classes: DIALOG_WINDOW.classes,
        title: DIALOG_WINDOW.title(),
        width: w,
        content: renderDialogBody(fixture, choices, fixture.advisorOpen ?? false),
        sandbox: "dialog",
      });
      return {
        body: `<div class="sandbox-row">${dialog}${chatLog(CHAT_WIDTH, "")}</div>`,
        data: { kind: "dialog", id: scene.id, choices, user: PLAYER, advisorOpen: fixture.advisorOpen ?? false },
      };
    }
    case "card": {
      const make = CARDS[scene.id] ?? LEGACY_CARDS[scene.id];
      if (!make) throw new Error(`no card ${scene.id}`);
      const fixture = make();
      return {
        body: chatLog(w, chatMessage(fixture.speaker, renderCard(fixture.card, fixture.user))),
        data: { kind: "card", id: scene.id, card: fixture.card, user: fixture.user },
      };
    }
    case "tool": {
      // The GM's table tools (sandbox/gm-tools.ts): shown as they are, nothing posted back.
      const tool = TOOL_SCENES.find((t) => t.id === scene.id);
      if (!tool) throw new Error(`no tool ${scene.id}`);
      return { body: tool.render(w), data: { kind: "tool", id: scene.id } };
    }
  }
}
