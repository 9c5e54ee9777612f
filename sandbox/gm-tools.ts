/**
 * The sandbox's scenes of the GM's table tools: the end-of-session dialog, its
 * summary card (as posted, and after the Undo), the "request a roll" dialog and a request card with
 * rows answered, pending, private and closed to the viewer; and the Table luck window (R-LUCK-1, R-LUCK-2)
 * as the GM and a player see it, and empty. Each is rendered from its real template
 * and the same pure view builder the system uses; they show a state (their buttons need Foundry).
 */
import { luckWindowContext, type LuckViewer } from "../src/applications/gm/luck-context.ts";
import { requestDialogContext } from "../src/applications/gm/request-context.ts";
import { emptyLedger, type LuckLedger } from "../src/data/luck-ledger.ts";
import { LUCK_LEDGER, LUCK_NAMES } from "../tests/fixtures/luck-ledger.ts";
import { sessionDialogContext } from "../src/applications/gm/session-context.ts";
import {
  claimSessionUndo,
  confirmEffect,
  createRequestCard,
  createSessionCard,
  recordSessionUndo,
  requestAnswers,
  requestCardView,
  sessionCardView,
  type CardUser,
} from "../src/chat/index.ts";
import { sessionAwardPlan } from "../src/documents/operations/index.ts";
import { combinedRollLuck, CORE } from "../src/rules/index.ts";
import { GM, PLAYER, risky } from "./fixtures.ts";
import { applicationWindow, escapeHtml } from "./render.ts";
import { currentLanguage, localize, render } from "./templates.ts";

export interface ToolScene {
  readonly id: string;
  readonly title: string;
  readonly width: number;
  readonly narrow: number;
  /** The scene's HTML at `width`. */
  readonly render: (width: number) => string;
}

const CHAT = { width: 300, narrow: 260 };

/** A chat column with one message (its markup as the sandbox's chat stand-in; clicks are not posted). */
function chat(width: number, speaker: string, card: string): string {
  return `<section class="sandbox-chat sidebar-tab chat-sidebar" style="width: ${width}px" data-sandbox="tool"><ol class="chat-log">
<li class="chat-message message flexcol" data-sandbox="tool-message">
  <header class="message-header flexrow"><h4 class="message-sender">${escapeHtml(speaker)}</h4><span class="message-metadata"><time>now</time></span></header>
  <div class="message-content">${card}</div>
</li></ol></section>`;
}

const PLAYERS = [
  { uuid: "Actor.mira", name: "Mira Okonkwo-Vasquez", source: { dead: false, lost: false, xp: 3 } },
  { uuid: "Actor.oskar", name: "Oskar", source: { dead: false, lost: false, xp: 1 } },
  { uuid: "Actor.ines", name: "Ines", source: { dead: false, lost: true, xp: 4 } },
  { uuid: "Actor.dario", name: "Dario", source: { dead: true, lost: false, xp: 0 } },
];

/**
 * R-LUCK-1 the session's most improbable public roll, as the ledger would name it: Mira's Finesse with a
 * sword, three dice 6 6 5 and the default Effect die's chain 6 6 2 (its chance computed by the rules).
 */
const SESSION_LUCK = {
  session: 7,
  rarest: {
    actorName: "Mira Okonkwo-Vasquez",
    label: "Finesse · Sword",
    chance: combinedRollLuck({
      faces: [6, 6, 5],
      slaughter: false,
      singleDieServesBoth: true,
      chosen: { face: 6, chain: [6, 6, 2] },
    }).chance,
  },
};

function sessionCard(undone: boolean, viewer: CardUser): string {
  const posted = createSessionCard(
    GM.id,
    [
      {
        actorUuid: "Actor.mira",
        actorName: "Mira Okonkwo-Vasquez",
        xp: 2,
        given: true,
        refusal: null,
        before: 3,
        after: 5,
        undo: null,
      },
      {
        actorUuid: "Actor.oskar",
        actorName: "Oskar",
        xp: 3,
        given: true,
        refusal: null,
        before: 1,
        after: 4,
        undo: null,
      },
      {
        actorUuid: "Actor.dario",
        actorName: "Dario",
        xp: 2,
        given: false,
        refusal: "dead",
        before: null,
        after: null,
        undo: null,
      },
    ],
    SESSION_LUCK,
  );
  const state = undone
    ? recordSessionUndo(claimSessionUndo(posted, GM, posted.version), GM, {
        "Actor.mira": { taken: 2, short: 0, refusal: null },
        "Actor.oskar": { taken: 1, short: 2, refusal: null },
      })
    : posted;
  return render("chat/session-card.hbs", {
    ...sessionCardView(state, viewer, currentLanguage(), localize),
    messageId: "sandbox",
  });
}

function requestCard(viewer: CardUser & { owns: boolean[] }): string {
  const rows = [
    { actorUuid: "Actor.mira", actorName: "Mira Okonkwo-Vasquez" },
    { actorUuid: "Actor.oskar", actorName: "Oskar" },
    { actorUuid: "Actor.ines", actorName: "Ines" },
    { actorUuid: "Actor.dario", actorName: "Dario" },
  ];
  const state = createRequestCard(
    GM.id,
    CORE,
    { kind: "attribute", attribute: "finesse" },
    "The rope bridge gives way under the first step.",
    rows,
  );
  const mira = risky([6, 4, 2], [], { actorUuid: "Actor.mira", actorName: "Mira Okonkwo-Vasquez" });
  const oskar = risky([5, 2], [], { actorUuid: "Actor.oskar", actorName: "Oskar" });
  const ines = risky([2, 1], [], { actorUuid: "Actor.ines", actorName: "Ines" });
  const answers = requestAnswers(state, "req", [
    {
      messageId: "m1",
      link: { requestId: "req", actorUuid: "Actor.mira" },
      authorMayRoll: true,
      visible: true,
      risky: confirmEffect(mira, PLAYER, [], mira.version),
    },
    {
      messageId: "m2",
      link: { requestId: "req", actorUuid: "Actor.oskar" },
      authorMayRoll: true,
      visible: true,
      risky: oskar,
    },
    {
      messageId: "m3",
      link: { requestId: "req", actorUuid: "Actor.ines" },
      authorMayRoll: true,
      visible: false,
      risky: ines,
    },
  ]);
  return render("chat/request-card.hbs", { ...requestCardView(state, viewer, answers), messageId: "req" });
}

/**
 * R-LUCK-1 / R-LUCK-2 the Table luck window for `viewer`, from a ledger (the fixture's: three
 * sessions, three users' dice).
 */
function tableLuck(width: number, ledger: LuckLedger, viewer: LuckViewer, fairnessForAll = false): string {
  const view = luckWindowContext(ledger, viewer, LUCK_NAMES, currentLanguage(), { fairnessForAll, localize });
  return applicationWindow({
    classes: ["terran-engine", "gm-tool", "table-luck"],
    title: localize("TERRAN.Luck.title"),
    width,
    // The window's own height (TableLuckWindow's position): within a 1366×768 laptop screen, its content scrolls.
    height: 640,
    content: render("dialogs/table-luck.hbs", view),
    sandbox: "tool",
  });
}

export const TOOL_SCENES: readonly ToolScene[] = [
  {
    id: "session-dialog",
    title: "GM: end of session, award XP (dialog)",
    width: 460,
    narrow: 360,
    render: (width) =>
      applicationWindow({
        tag: "form",
        classes: ["terran-engine", "gm-tool", "session-award"],
        title: localize("TERRAN.Session.Dialog.title"),
        width,
        content: render("dialogs/session-award.hbs", sessionDialogContext(sessionAwardPlan(PLAYERS, CORE))),
        sandbox: "tool",
      }),
  },
  {
    id: "session-card",
    title: "GM: end-of-session summary card (GM's view)",
    ...CHAT,
    render: (w) => chat(w, "GM", sessionCard(false, GM)),
  },
  {
    id: "session-card-undone",
    title: "GM: end-of-session card after the Undo (a player's view)",
    ...CHAT,
    render: (w) => chat(w, "GM", sessionCard(true, PLAYER)),
  },
  {
    id: "request-dialog",
    title: "GM: request a roll (dialog)",
    width: 420,
    narrow: 340,
    render: (width) =>
      applicationWindow({
        tag: "form",
        classes: ["terran-engine", "gm-tool", "request-roll"],
        title: localize("TERRAN.Request.Dialog.title"),
        width,
        content: render(
          "dialogs/request-roll.hbs",
          requestDialogContext(
            [
              { uuid: "Actor.mira", name: "Mira Okonkwo-Vasquez", selected: true },
              { uuid: "Actor.oskar", name: "Oskar", selected: true },
              { uuid: "Actor.ines", name: "Ines", selected: false },
            ],
            CORE,
          ),
        ),
        sandbox: "tool",
      }),
  },
  {
    id: "request-card",
    title: "GM: roll request card (Oskar's player's view)",
    ...CHAT,
    render: (w) => chat(w, "GM", requestCard({ id: "player2", isGM: false, owns: [false, true, false, false] })),
  },
  {
    id: "table-luck",
    title: "Table luck window (GM's view: private rolls named)",
    width: 520,
    narrow: 360,
    render: (w) => tableLuck(w, LUCK_LEDGER, { isGM: true }),
  },
  {
    id: "table-luck-player",
    title: "Table luck window (a player's view)",
    width: 520,
    narrow: 360,
    render: (w) => tableLuck(w, LUCK_LEDGER, { isGM: false }),
  },
  {
    id: "table-luck-player-shared",
    title: "Table luck window (a player's view, the world showing the dice test to players)",
    width: 520,
    narrow: 360,
    render: (w) => tableLuck(w, LUCK_LEDGER, { isGM: false }, true),
  },
  {
    id: "table-luck-empty",
    title: "Table luck window: nothing recorded yet",
    width: 520,
    narrow: 360,
    render: (w) => tableLuck(w, emptyLedger(0), { isGM: false }),
  },
];
