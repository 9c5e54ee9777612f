// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts: Actor, ChatMessage, `game.messages`,
 * `Hooks`, `ui.chat.updateMessage`, an ApplicationV2 that renders the real templates). The GM's request for a roll, the
 * glue, on v13 and v14. It checks OUR dialogs, hooks, cards and updates; Foundry's sockets, sidebar and chat
 * log are not exercised.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  GENERATIONS,
  makeGm,
  resetWorld,
  world,
  type ApplicationStub,
  type ChatMessageStub,
} from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import { registerCardPresenter } from "../../src/applications/chat/card-presenter.ts";
import { registerGmTools } from "../../src/applications/gm/commands.ts";
import { RequestRollDialog } from "../../src/applications/gm/request-dialog.ts";
import { RollDialog } from "../../src/applications/dialogs/roll-dialog.ts";
import { SeparateRollDialog } from "../../src/applications/resolution/separate-dialog.ts";
import { storedCard } from "../../src/documents/chat-message.ts";
import type { RequestCardState } from "../../src/chat/index.ts";
import type { TerranActor } from "../../src/documents/actor.ts";
import { card, isClosed } from "../chat/fixtures.ts";
import { english } from "../support/templates.ts";
import { asMessage, click, shown, stub } from "./card-builders.ts";
import { TerranChatMessage } from "../../src/documents/chat-message.ts";
import { actors, as, GM_USER, lastCard, opened, pc, press, text } from "./gm-builders.ts";

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] the GM's request for a roll", (generation) => {
  let mira: TerranActor;
  let oskar: TerranActor;

  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    registerCardPresenter();
    registerGmTools();
    as(GM_USER);
    mira = pc("Mira", "player1", { xp: 3 });
    oskar = pc("Oskar", "player2", { xp: 1 });
  });

  describe("request a roll", () => {
    const requestState = (m: ChatMessageStub): RequestCardState => {
      const stored = storedCard(asMessage(m));
      if (stored?.kind !== "request") throw new Error("not a request card");
      return stored.state;
    };

    async function postRequest(subject: string, note = "", chance = "4"): Promise<ChatMessageStub> {
      as(GM_USER);
      const dialog = new RequestRollDialog() as RequestRollDialog & ApplicationStub;
      await dialog.render({ force: true });
      const select = dialog.element.querySelector<HTMLSelectElement>('[name="subject"]');
      if (select) select.value = subject;
      const fields: Record<string, string> = { chance, note };
      for (const [name, value] of Object.entries(fields)) {
        const input = dialog.element.querySelector<HTMLInputElement>(`[name="${name}"]`);
        if (input) input.value = value;
      }
      await press(dialog, "post");
      expect(dialog.closed).toBe(true);
      return lastCard();
    }

    it("(stand-ins): the GM's dialog ticks the selected tokens' characters; Post makes one card with a row each, the note as text", async () => {
      actors(mira, oskar);
      world.selected = [{ actor: stub(oskar) }];
      const request = await postRequest("save:insight", "The bridge <b>gives</b> way");
      const state = requestState(request);
      expect(state.subject).toEqual({ kind: "save", group: "insight" });
      expect(state.rows.map((r) => r.actorName)).toEqual(["Oskar"]);
      expect(request.author.id).toBe("gm");
      // the GM's, not the selected token's
      expect(world.created.at(-1)?.speaker).toEqual({ scene: null, actor: null, token: null });
      const view = await shown(request);
      expect(text(view.querySelector(".request-note"))).toBe("The bridge <b>gives</b> way");
      expect(view.querySelector(".request-note b")).toBeNull();
    });

    it("(stand-ins): nothing ticked is refused with the reason, and nothing is posted", async () => {
      actors(mira, oskar);
      const dialog = new RequestRollDialog() as RequestRollDialog & ApplicationStub;
      await dialog.render({ force: true });
      await press(dialog, "post");
      expect(world.warnings).toEqual(["TERRAN.Card.Reason.noneChosen"]);
      expect(world.created).toEqual([]);
      expect(dialog.closed).toBe(false);
    });

    it("(stand-ins): with no character to ask, Post is closed with the reason in reach of the keyboard; pressed, it says why", async () => {
      const dialog = new RequestRollDialog() as RequestRollDialog & ApplicationStub;
      await dialog.render({ force: true });
      const post = dialog.element.querySelector<HTMLButtonElement>('[data-action="post"]');
      expect(post?.disabled).toBe(false); // focusable
      expect(post?.getAttribute("aria-disabled")).toBe("true");
      expect(post?.getAttribute("title")).toBe(english("TERRAN.Request.Dialog.none"));
      await press(dialog, "post");
      expect(world.warnings).toEqual(["TERRAN.Card.Reason.noneChosen"]);
      expect(world.created).toEqual([]);
    });

    it("R-POOL-1 R-RA-1 (stand-ins): with no GM online, the owner opens THEIR dialog preset to the request, rolls, and every client's row shows the result, linked", async () => {
      actors(mira, oskar);
      world.selected = [{ actor: stub(mira) }, { actor: stub(oskar) }];
      const request = await postRequest("attribute:finesse");
      world.gm = null; // the GM leaves
      as({ id: "player1", isGM: false });
      const view = await shown(request);
      const buttons = [...view.querySelectorAll<HTMLButtonElement>('[data-action="roll-request"]')];
      expect(buttons.map(isClosed)).toEqual([false, true]);
      expect(buttons[1]?.getAttribute("title")).toBe("Only this character's owner, or a GM, can roll here.");

      await click(request, '[data-action="roll-request"][data-index="0"]');
      const dialog = opened(RollDialog) as unknown as ApplicationStub;
      expect(text(dialog.element)).toContain("Finesse");
      nextFaces.push(5, 3);
      dialog.element.querySelector<HTMLElement>('[data-action="roll"]')?.click();
      await vi.waitFor(() => expect(world.messages.size).toBe(2));
      const answer = lastCard();
      expect(answer.author.id).toBe("player1");
      expect(answer.getFlag("terran-engine", "answers")).toEqual({ requestId: request.id, actorUuid: mira.uuid });
      // The chat log draws the request again when its answer arrives (createChatMessage), on this client.
      expect(world.redrawn).toEqual([request.id]);
      for (const viewer of [{ id: "player1", isGM: false }, { id: "player2", isGM: false }, GM_USER]) {
        as(viewer);
        const row = (await shown(request)).querySelector(".request-row.answered");
        expect(text(row)).toContain("Success with a consequence");
        expect(row?.querySelector('[data-action="show-answer"]')?.getAttribute("data-message-id")).toBe(answer.id);
      }
      // The roller confirms the Effect on their own card: the row shows it (the update redraws the request).
      as({ id: "player1", isGM: false });
      await click(answer, '[data-action="confirm-effect"]');
      expect(world.redrawn).toEqual([request.id, request.id]);
      expect(text((await shown(request)).querySelector(".answer-effect"))).toBe("Effect 3");
      // Nobody wrote the GM's message.
      expect(request.updates).toEqual([]);
      expect(text((await shown(request)).querySelector(".request-count"))).toBe("1 of 2 rolled");
    });

    it("R-LEG-8 R-LEG-9 (stand-ins): in a Legacy world a row's Roll opens the Legacy dialog preset to the attribute; its Risky Action card answers the row (outcome, linked; the Effect roll is apart)", async () => {
      world.settings.set("ruleset", "legacy");
      actors(mira, oskar);
      await stub(mira).update({ "system.ratings.attributes.strength": 2 });
      world.selected = [{ actor: stub(mira) }, { actor: stub(oskar) }];
      const request = await postRequest("attribute:strength");
      as({ id: "player1", isGM: false });
      await click(request, '[data-action="roll-request"][data-index="0"]');
      expect(world.warnings).toEqual([]);
      const dialog = opened(SeparateRollDialog) as unknown as ApplicationStub;
      expect(text(dialog.element)).toContain("Strength");
      nextFaces.push(5, 3);
      dialog.element.querySelector<HTMLElement>('[data-action="roll"]')?.click();
      await vi.waitFor(() => expect(world.messages.size).toBe(2));
      const answer = lastCard();
      expect(answer.getFlag("terran-engine", "answers")).toEqual({
        requestId: request.id,
        actorUuid: mira.uuid,
        legacy: { attribute: "strength", light: [5, 3], dark: [] },
      });
      for (const viewer of [{ id: "player2", isGM: false }, GM_USER]) {
        as(viewer);
        const row = (await shown(request)).querySelector(".request-row.answered");
        expect(text(row)).toContain("Success with a consequence");
        expect(row?.querySelector('[data-action="show-answer"]')?.getAttribute("data-message-id")).toBe(answer.id);
        expect(row?.querySelector(".answer-effect")).toBeNull();
      }
      expect(text((await shown(request)).querySelector(".request-count"))).toBe("1 of 2 rolled");
    });

    it("R-RA-8 (stand-ins): a Reaction request opens the Save's dialog as a Reaction, and the row shows its outcome", async () => {
      actors(mira);
      world.selected = [{ actor: stub(mira) }];
      const request = await postRequest("save:prowess");
      as({ id: "player1", isGM: false });
      await click(request, '[data-action="roll-request"]');
      const dialog = opened(RollDialog) as unknown as ApplicationStub;
      expect(text(dialog.element)).toContain("Reaction");
      nextFaces.push(6);
      dialog.element.querySelector<HTMLElement>('[data-action="roll"]')?.click();
      await vi.waitFor(() => expect(world.messages.size).toBe(2));
      const answer = lastCard();
      expect((storedCard(asMessage(answer))?.state as { reaction: boolean }).reaction).toBe(true);
      expect(text((await shown(request)).querySelector(".request-row"))).toContain("Success");
    });

    it("R-FORT-1 (stand-ins): a Fortune request rolls the die for the row's character; the row shows the face and the outcome; with a GM online nothing goes through the relay", async () => {
      actors(mira);
      world.gm = makeGm();
      world.selected = [{ actor: stub(mira) }];
      const request = await postRequest("fortune", "", "5");
      as({ id: "player1", isGM: false });
      nextFaces.push(5);
      await click(request, '[data-action="roll-request"]');
      const answer = lastCard();
      expect(answer.getFlag("terran-engine", "answers")).toEqual({
        requestId: request.id,
        actorUuid: mira.uuid,
        fortune: { face: 5, chance: 5 },
      });
      const row = (await shown(request)).querySelector(".request-row");
      expect(text(row)).toContain("5");
      expect(row?.classList.contains("success")).toBe(true);
      expect(world.gm.queries).toEqual([]);
    });

    it("(stand-ins): a card another player forges to answer Mira's row answers nothing; a forced Roll by a non-owner opens nothing", async () => {
      actors(mira, oskar);
      world.selected = [{ actor: stub(mira) }];
      const request = await postRequest("attribute:finesse");
      // player2 posts a well-formed Risky card of Mira's Finesse, claiming to answer her row (they may
      // roll for Oskar, not Mira).
      as({ id: "player2", isGM: false });
      const state = card([6, 5], [], { actorUuid: mira.uuid, actorName: "Mira", rollerId: "player2" });
      const answers = { requestId: request.id, actorUuid: mira.uuid };
      await ChatMessage.create({
        content: "",
        flags: { "terran-engine": { card: { kind: "risky", state }, answers } },
      });
      expect((await shown(request)).querySelector(".request-row.answered")).toBeNull();
      await click(request, '[data-action="roll-request"]', (el) => el.removeAttribute("aria-disabled"));
      expect(world.opened).toHaveLength(1); // only the GM's request dialog
      expect(world.warnings).toEqual(["TERRAN.Card.Reason.notActorOwner"]);
    });

    it("R-RA-1 (stand-ins): a private answer (a self roll) shows other players only that the row was rolled; deleting the answer frees the row", async () => {
      actors(mira);
      world.selected = [{ actor: stub(mira) }];
      const request = await postRequest("attribute:finesse");
      as({ id: "player1", isGM: false });
      world.messageMode = "self";
      await click(request, '[data-action="roll-request"]');
      nextFaces.push(6, 2);
      (opened(RollDialog) as unknown as ApplicationStub).element
        .querySelector<HTMLElement>('[data-action="roll"]')
        ?.click();
      await vi.waitFor(() => expect(world.messages.size).toBe(2));
      const answer = lastCard();
      expect(text((await shown(request)).querySelector(".request-row"))).toContain("Success");
      as({ id: "player2", isGM: false });
      expect(text((await shown(request)).querySelector(".request-row"))).toContain("Rolled (private)");
      expect(text((await shown(request)).querySelector(".request-row"))).not.toContain("Success");
      as({ id: "player1", isGM: false });
      await answer.delete();
      expect(world.redrawn.at(-1)).toBe(request.id);
      expect((await shown(request)).querySelector('[data-action="roll-request"]')).not.toBeNull();
    });

    it("(stand-ins): a message that names no request, an unknown one, or an id that is not text redraws nothing", async () => {
      actors(mira);
      world.selected = [{ actor: stub(mira) }];
      const request = await postRequest("attribute:finesse");
      world.redrawn.length = 0;
      const answers = (link: unknown) => ({ flags: { "terran-engine": { answers: link } } });
      await ChatMessage.create({ content: "plain" });
      await ChatMessage.create(answers({ requestId: "message-gone", actorUuid: mira.uuid }));
      await ChatMessage.create(answers({ requestId: 7, actorUuid: mira.uuid }));
      await ChatMessage.create(answers("not a link"));
      expect(world.redrawn).toEqual([]);
      await ChatMessage.create(answers({ requestId: request.id, actorUuid: mira.uuid }));
      expect(world.redrawn).toEqual([request.id]);
    });

    it("(stand-ins): a request or session card whose stored flags the checks refuse renders the short notice, never a broken chat log", async () => {
      as({ id: "player1", isGM: false });
      for (const card of [
        {
          kind: "request",
          state: {
            version: 1,
            gmId: "gm",
            rulesetId: "core",
            subject: { kind: "spell" },
            note: "",
            rows: [{ actorUuid: "Actor.x", actorName: "X" }],
          },
        },
        {
          kind: "session",
          state: {
            version: 1,
            gmId: "gm",
            undone: false,
            rows: [
              {
                actorUuid: "Actor.x",
                actorName: "X",
                xp: 2,
                given: true,
                refusal: null,
                before: 0,
                after: 9,
                undo: null,
              },
            ],
          },
        },
      ]) {
        const msg = Reflect.construct(TerranChatMessage, [
          { flags: { "terran-engine": { card } }, author: "gm" },
        ]) as TerranChatMessage;
        const html = await msg.renderHTML();
        expect(html.querySelector(".message-content")?.textContent).toBe("TERRAN.Card.corrupt");
        expect(html.querySelector("[data-action]")).toBeNull();
      }
    });
  });
});
