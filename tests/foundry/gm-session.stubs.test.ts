// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts: Actor, ChatMessage, `game.messages`,
 * `Hooks`, `ui.chat.updateMessage`, an ApplicationV2 that renders the real templates). The GM's end-of-session award
 * (R-XP-1) and where the GM finds the table tools, the glue, on v13 and v14. It checks OUR dialogs, hooks, cards and
 * updates; Foundry's sockets, sidebar and chat log are not exercised.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GENERATIONS, resetWorld, world, type ApplicationStub } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import { HooksStub } from "../stubs/hooks.ts";
import { chatInput } from "../stubs/chat.ts";
import { registerCardPresenter } from "../../src/applications/chat/card-presenter.ts";
import { onChatCommand, onRenderActorDirectory, registerGmTools } from "../../src/applications/gm/commands.ts";
import { SESSION_DIALOG_ACTIONS, SessionAwardDialog } from "../../src/applications/gm/session-dialog.ts";
import { REQUEST_DIALOG_ACTIONS, RequestRollDialog } from "../../src/applications/gm/request-dialog.ts";
import { markEgoSpent } from "../../src/chat/index.ts";
import type { TerranActor } from "../../src/documents/actor.ts";
import type { CharacterData } from "../../src/data/actor/character.ts";
import { endLegacySession } from "../../src/documents/legacy-actions.ts";
import { registerSettings } from "../../src/settings/settings.ts";
import { card, isClosed } from "../chat/fixtures.ts";
import { click, clickOn, hero, shown, stub } from "./card-builders.ts";
import { actors, as, GM_USER, lastCard, pc, press, sessionState, text, xp } from "./gm-builders.ts";

const system = (actor: TerranActor) => (actor.system as CharacterData).toObject();

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] the GM's end of session", (generation) => {
  let mira: TerranActor;
  let oskar: TerranActor;

  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    registerSettings();
    registerCardPresenter();
    registerGmTools();
    as(GM_USER);
    mira = pc("Mira", "player1", { xp: 3 });
    oskar = pc("Oskar", "player2", { xp: 1 });
  });

  describe("where the GM finds them", () => {
    it("R-XP-1 (stand-ins): /terran session and /terran request open the GM's dialogs; core posts nothing; other text is left alone", async () => {
      actors(mira, oskar);
      expect(HooksStub.call("chatMessage", {}, chatInput("/terran session"), {})).toBe(false);
      expect(HooksStub.call("chatMessage", {}, chatInput("/terran request"), {})).toBe(false);
      await vi.waitFor(() => expect(world.opened).toHaveLength(2));
      expect(world.opened[0]).toBeInstanceOf(SessionAwardDialog);
      expect(world.opened[1]).toBeInstanceOf(RequestRollDialog);
      expect(HooksStub.call("chatMessage", {}, chatInput("hello /terran"), {})).toBe(true);
      expect(HooksStub.call("chatMessage", {}, chatInput("/terranx session"), {})).toBe(true);
      expect(HooksStub.call("chatMessage", {}, chatInput("/r 2d6"), {})).toBe(true);
      expect(onChatCommand({}, chatInput("/terran"))).toBe(false);
      expect(world.notices.at(-1)?.message).toBe("TERRAN.Session.Command.help");
    });

    it("R-XP-1 (stand-ins): the command is read as typed and as v14's editor sends it (a paragraph, spaces as &nbsp;)", async () => {
      actors(mira, oskar);
      for (const typed of [
        "/terran session",
        "  /TERRAN   Session ",
        "<p>/terran session</p>",
        "<p>/terran&nbsp;session</p>",
        "<p>/terran session<br></p>",
      ]) {
        expect(onChatCommand({}, typed), typed).toBe(false);
      }
      await vi.waitFor(() => expect(world.opened).toHaveLength(5));
      expect(world.opened.every((app) => app instanceof SessionAwardDialog)).toBe(true);
      for (const other of ["<p>/terran session</p><p>and more</p>", "<p>hello</p>", "<p><em>/terran</em></p>"])
        expect(onChatCommand({}, other), other).toBeUndefined();
    });

    it("R-XP-1 (stand-ins): a player typing the command is told it is the GM's; nothing opens and nothing is posted", () => {
      as({ id: "player1", isGM: false });
      expect(onChatCommand({}, chatInput("/terran session"))).toBe(false);
      expect(world.warnings).toEqual(["TERRAN.Session.Command.gmOnly"]);
      expect(world.opened).toEqual([]);
      expect(world.created).toEqual([]);
    });

    it("R-XP-1 (stand-ins): the Actors sidebar header gets the GM's two buttons (once), a player none", async () => {
      actors(mira);
      const html = document.createElement("section");
      html.innerHTML =
        '<header class="directory-header"><div class="action-buttons"><button>Create Actor</button></div></header>';
      HooksStub.callAll("renderActorDirectory", {}, html, {});
      onRenderActorDirectory({}, html);
      const buttons = html.querySelectorAll<HTMLButtonElement>(".terran-gm-tool");
      expect([...buttons].map((b) => text(b))).toEqual([
        "TERRAN.Session.Command.sessionButton",
        "TERRAN.Session.Command.requestButton",
      ]);
      buttons[0]?.click();
      await vi.waitFor(() => expect(world.opened[0]).toBeInstanceOf(SessionAwardDialog));

      as({ id: "player1", isGM: false });
      const theirs = document.createElement("section");
      theirs.innerHTML = '<header class="directory-header"><div class="action-buttons"></div></header>';
      onRenderActorDirectory({}, theirs);
      expect(theirs.querySelector(".terran-gm-tool")).toBeNull();
    });

    it("the dialogs name no action core keeps, and every action their templates use has a handler", () => {
      expect(Object.keys(SessionAwardDialog.DEFAULT_OPTIONS.actions)).toEqual([...SESSION_DIALOG_ACTIONS]);
      expect(Object.keys(RequestRollDialog.DEFAULT_OPTIONS.actions)).toEqual([...REQUEST_DIALOG_ACTIONS]);
      for (const a of [...SESSION_DIALOG_ACTIONS, ...REQUEST_DIALOG_ACTIONS])
        expect(["tab", "close", "toggleControls"]).not.toContain(a);
    });
  });

  describe("R-XP-1 end of session", () => {
    it("R-XP-1 (stand-ins): the dialog lists the player characters, the dead and the lost unticked and marked, with the ruleset's +2", async () => {
      const ines = pc("Ines", "player2", { lost: true });
      const ugo = pc("Ugo", "player1", { dead: true });
      const npc = hero("Guard");
      actors(mira, ines, ugo, npc);
      const dialog = new SessionAwardDialog() as SessionAwardDialog & ApplicationStub;
      await dialog.render({ force: true });
      const rows = [...dialog.element.querySelectorAll("tr.session-row")];
      expect(
        rows.map((r) => [
          text(r.querySelector(".actor-name")),
          r.querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked,
          text(r.querySelector(".status")),
        ]),
      ).toEqual([
        ["Mira", true, ""],
        ["Ines", false, "Lost (Ego 0)"],
        ["Ugo", false, "Dead"],
      ]);
      expect(
        [...dialog.element.querySelectorAll<HTMLInputElement>('input[type="number"]')].map((i) => i.value),
      ).toEqual(["2", "2", "2"]);
    });

    it("R-LEG-12 (stand-ins): in a Legacy world the dialog proposes the stored egoLost (not the chat log); the award resets it in the same single update; Undo gives back exactly what it took", async () => {
      actors(mira, oskar);
      world.settings.set("ruleset", "legacy");
      await stub(mira).update({ "system.egoLost": 3 });
      // A Risky card whose Dark Dice took Ego is no longer counted: the stored count is the truth.
      const spent = markEgoSpent(card([5], [1, 1], { actorUuid: oskar.uuid, egoBefore: 4 }), {
        id: "player1",
        isGM: false,
      });
      await ChatMessage.create({ content: "", flags: { "terran-engine": { card: { kind: "risky", state: spent } } } });
      stub(mira).updates.length = 0;
      const dialog = new SessionAwardDialog() as SessionAwardDialog & ApplicationStub;
      await dialog.render({ force: true });
      expect(
        [...dialog.element.querySelectorAll<HTMLInputElement>('input[type="number"]')].map((i) => i.value),
      ).toEqual(["3", "0"]);
      await press(dialog, "award");
      expect(stub(mira).updates).toEqual([{ "system.xp": 6, "system.egoLost": 0 }]); // one update per actor
      expect(sessionState(lastCard()).rows.map((r) => [r.actorName, r.xp, r.egoLost])).toEqual([["Mira", 3, 3]]);
      // The sheet's "Session over" after the award finds nothing left to count: no double XP.
      await endLegacySession(mira);
      expect(system(mira)).toMatchObject({ xp: 6, egoLost: 0 });
      // Mira loses 1 more Ego, then the GM takes the award back: XP −3, and the 3 Ego the award counted come back
      // beside the new 1.
      await stub(mira).update({ "system.egoLost": 1 });
      stub(mira).updates.length = 0;
      await click(lastCard(), '[data-action="undo-session"]');
      expect(stub(mira).updates).toEqual([{ "system.xp": 3, "system.egoLost": 4 }]);
      // The dialog opened again proposes the restored count.
      const again = new SessionAwardDialog() as SessionAwardDialog & ApplicationStub;
      await again.render({ force: true });
      expect(again.element.querySelector<HTMLInputElement>('[name="xp-0"]')?.value).toBe("4");
    });

    it("R-LEG-12 (stand-ins): the sheet's Session over first, then the GM's dialog proposes 0 for that character (one count, two views)", async () => {
      actors(mira);
      world.settings.set("ruleset", "legacy");
      await stub(mira).update({ "system.egoLost": 2 });
      await endLegacySession(mira);
      expect(system(mira)).toMatchObject({ xp: 5, egoLost: 0 });
      const dialog = new SessionAwardDialog() as SessionAwardDialog & ApplicationStub;
      await dialog.render({ force: true });
      expect(dialog.element.querySelector<HTMLInputElement>('[name="xp-0"]')?.value).toBe("0");
    });

    it("R-XP-1 (stand-ins): with no player character Award keeps the focus with its reason; pressed, it says why and posts nothing", async () => {
      actors();
      const dialog = new SessionAwardDialog() as SessionAwardDialog & ApplicationStub;
      await dialog.render({ force: true });
      const award = dialog.element.querySelector<HTMLButtonElement>('[data-action="award"]');
      expect(award?.disabled).toBe(false); // focusable
      expect(award?.getAttribute("aria-disabled")).toBe("true");
      expect(award?.getAttribute("title")).toBe(
        "There are no player characters yet: give a player ownership of a character first.",
      );
      await press(dialog, "award");
      expect(world.warnings).toEqual(["TERRAN.Session.Dialog.none"]);
      expect(world.created).toEqual([]);
      expect(dialog.closed).toBe(false);
    });

    it("R-XP-1 (stand-ins): Award gives each ticked character its XP in one update, and posts one summary card", async () => {
      actors(mira, oskar);
      world.selected = [{ actor: stub(oskar) }]; // the GM has a token selected: the card is still the GM's
      const dialog = new SessionAwardDialog() as SessionAwardDialog & ApplicationStub;
      await dialog.render({ force: true });
      const oskarXp = dialog.element.querySelector<HTMLInputElement>('[name="xp-1"]');
      if (oskarXp) oskarXp.value = "3";
      await press(dialog, "award");
      expect([xp(mira), xp(oskar)]).toEqual([5, 4]);
      expect(stub(mira).updates).toEqual([{ "system.xp": 5 }]); // one update per actor
      expect(world.created).toHaveLength(1);
      expect(world.created[0]?.speaker).toEqual({ scene: null, actor: null, token: null });
      expect(dialog.closed).toBe(true);
      const card = lastCard();
      expect(sessionState(card).rows.map((r) => [r.actorName, r.given, r.before, r.after])).toEqual([
        ["Mira", true, 3, 5],
        ["Oskar", true, 1, 4],
      ]);
      expect(text((await shown(card)).querySelector(".card-subtitle"))).toBe("2 awarded, 0 refused");
    });

    it("R-XP-1 R-HARM-5 (stand-ins): a refusal for one (dead, gone, or Foundry refusing the update) is listed and does not stop the others", async () => {
      const ugo = pc("Ugo", "player1", { dead: true });
      const gone = pc("Gone", "player1");
      actors(mira, ugo, gone, oskar);
      // Foundry's server refusing Oskar's update (a stand-in double of a refused write).
      stub(oskar).update = () => Promise.reject(new Error("The server refused the update"));
      const dialog = new SessionAwardDialog() as SessionAwardDialog & ApplicationStub;
      await dialog.render({ force: true });
      world.documents.delete(gone.uuid);
      const tick = dialog.element.querySelector<HTMLInputElement>('[name="played-1"]');
      if (tick) tick.checked = true;
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      await press(dialog, "award");
      warn.mockRestore();
      expect(xp(mira)).toBe(5);
      const rows = sessionState(lastCard()).rows;
      expect(rows.map((r) => [r.actorName, r.given, r.refusal])).toEqual([
        ["Mira", true, null],
        ["Ugo", false, "dead"],
        ["Gone", false, "missing"],
        ["Oskar", false, "refused"],
      ]);
      const view = await shown(lastCard());
      expect(text(view.querySelector(".card-subtitle"))).toBe("1 awarded, 3 refused");
      expect(text(view.querySelectorAll(".session-row")[1])).toContain("a dead character earns no XP.");
    });

    it("R-XP-1 (stand-ins): an XP that is not a whole 1–99 is refused with the reason; nothing is given, the dialog stays open with the GM's input", async () => {
      actors(mira, oskar);
      const dialog = new SessionAwardDialog() as SessionAwardDialog & ApplicationStub;
      await dialog.render({ force: true });
      const field = dialog.element.querySelector<HTMLInputElement>('[name="xp-1"]');
      if (field) field.value = "2.5";
      await press(dialog, "award");
      expect(world.warnings).toEqual(["TERRAN.Card.Reason.badXp"]);
      expect([xp(mira), xp(oskar)]).toEqual([3, 1]);
      expect(world.created).toEqual([]);
      expect(dialog.closed).toBe(false);
      expect(dialog.element.querySelector<HTMLInputElement>('[name="xp-1"]')?.value).toBe("2.5");
    });

    it("R-XP-1 (stand-ins): a player cannot open the dialog (a macro included): a warning, nothing opens", async () => {
      as({ id: "player1", isGM: false });
      await (await import("../../src/api.ts")).api.sessionAward();
      expect(world.warnings).toEqual(["TERRAN.Card.Reason.notGm"]);
      expect(world.opened).toEqual([]);
    });

    it("R-XP-1 (ruling, stand-ins): Undo on the card takes back exactly what was given; XP spent since stays spent and is named", async () => {
      actors(mira, oskar);
      const dialog = new SessionAwardDialog() as SessionAwardDialog & ApplicationStub;
      await dialog.render({ force: true });
      await press(dialog, "award");
      const card = lastCard();
      // Oskar (1 → 3) buys an Advancement for 2 before the GM takes the award back.
      await stub(oskar).update({ "system.xp": 1 });
      await click(card, '[data-action="undo-session"]');
      expect([xp(mira), xp(oskar)]).toEqual([3, 0]);
      expect(sessionState(card).rows.map((r) => r.undo)).toEqual([
        { taken: 2, short: 0, refusal: null },
        { taken: 1, short: 1, refusal: null },
      ]);
      const view = await shown(card);
      expect(text(view.querySelectorAll(".session-undo")[1])).toBe(
        "\u22121 XP taken back; 1 XP already spent stays spent",
      );
      // A second click (or a second GM's) takes nothing more.
      const undo = view.querySelector<HTMLButtonElement>('[data-action="undo-session"]');
      expect(isClosed(undo)).toBe(true);
      undo?.removeAttribute("aria-disabled");
      if (undo) await click(card, '[data-action="undo-session"]', (el) => el.removeAttribute("aria-disabled"));
      expect([xp(mira), xp(oskar)]).toEqual([3, 0]);
    });

    it("R-XP-1 (stand-ins): a player sees no Undo (it is the GM's); a click forged onto the card changes nothing", async () => {
      actors(mira);
      const dialog = new SessionAwardDialog() as SessionAwardDialog & ApplicationStub;
      await dialog.render({ force: true });
      await press(dialog, "award");
      const card = lastCard();
      as({ id: "player1", isGM: false });
      const root = await shown(card);
      expect(root.querySelector('[data-action="undo-session"]')).toBeNull();
      const forged = root.ownerDocument.createElement("button");
      forged.dataset.action = "undo-session";
      root.querySelector("[data-card]")?.append(forged);
      await clickOn(card, forged);
      expect(xp(mira)).toBe(5);
      expect(sessionState(card).undone).toBe(false);
      expect(world.warnings).toEqual(["TERRAN.Card.Reason.notGm"]);
    });
  });
});
