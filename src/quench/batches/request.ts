/**
 * The GM's request for a roll (R-FORT-1 here: the Fortune die, which every ruleset has and which rolls
 * from the card without a dialog) in a live world: posted with `postRollRequest`; a row's Roll clicked
 * on the drawn card as the GM clicks it, whose roll carries the answer link; the request card drawn
 * again shows the answer on that row only (its rows are derived from the chat log as it is drawn,
 * src/chat/request-card.ts); deleting the answer frees the row.
 */
import type { RequestCardState } from "../../chat/index.ts";
import { TerranActor } from "../../documents/actor.ts";
import { storedCard } from "../../documents/card-flags.ts";
import { answerLinkOf, postRollRequest } from "../../table/roll-requests.ts";
import { fortune } from "../../rules/index.ts";
import { clickOn, currentUser, Made, posting, type TerranBatch } from "../support.ts";
import { settle } from "./sheets.ts";

const CHANCE = 4;

/** The request card a message holds (or the test fails). */
function requestState(message: ChatMessage.Implementation): RequestCardState {
  const stored = storedCard(message);
  if (stored?.kind !== "request") throw new Error("the message holds no request card");
  return stored.state;
}

/** The rendered row `index` of a request card (templates/chat/request-card.hbs). */
function row(html: HTMLElement, index: number): HTMLElement {
  const found = html.querySelector<HTMLElement>(`.request-row[data-index="${index}"]`);
  if (!found) throw new Error(`the request card has no row ${index}`);
  return found;
}

export const requestBatch: TerranBatch = {
  key: "terran-engine.request",
  displayName: "Terran Engine: the GM's request for a roll",
  register({ describe, it, before, after, assert }) {
    const made = new Made();
    const heroes: TerranActor[] = [];
    let request: ChatMessage.Implementation;
    let answer: ChatMessage.Implementation;

    before(async function () {
      // Only a GM may ask for rolls (src/table/roll-requests.ts postRollRequest).
      if (!currentUser().isGM) this.skip();
      for (const name of ["Quench asked one", "Quench asked two"]) {
        const actor = made.keep(await Actor.create({ name, type: "character" }));
        if (!(actor instanceof TerranActor)) throw new Error("the character is not a TerranActor");
        heroes.push(actor);
      }
    });
    after(() => made.cleanUp());

    describe("the request", () => {
      it("is posted as one card with a row per character, none answered, each Roll enabled for the GM", async () => {
        const subject = { kind: "fortune", chance: CHANCE } as const;
        const { messages } = await posting(made, () =>
          postRollRequest(
            subject,
            "Quench: the rope frays",
            heroes.map((h) => ({ uuid: h.uuid, name: h.name })),
          ),
        );
        assert.lengthOf(messages, 1, "one card");
        const [posted] = messages;
        if (!posted) return assert.fail("no request was posted");
        request = posted;
        const state = requestState(request);
        assert.deepEqual(state.subject, subject);
        assert.deepEqual(
          state.rows.map((r) => r.actorUuid),
          heroes.map((h) => h.uuid),
        );
        const html = await request.renderHTML();
        heroes.forEach((_, i) => {
          assert.isFalse(row(html, i).classList.contains("answered"), `row ${i} is open`);
          const roll = row(html, i).querySelector('[data-action="roll-request"]');
          assert.isNotNull(roll, `row ${i} offers its Roll`);
          assert.isFalse(roll?.hasAttribute("disabled") ?? true, `row ${i}'s Roll is enabled`);
        });
      });
    });

    describe("an answer", () => {
      it("rolled from the row's Roll carries the answer link: the request, the row's actor, the die and chance (R-FORT-1)", async () => {
        const before = new Set((game.messages?.contents ?? []).map((m) => m.id));
        clickOn(await request.renderHTML(), '.request-row[data-index="0"] [data-action="roll-request"]');
        const answered = () =>
          (game.messages?.contents ?? []).find((m) => !before.has(m.id) && answerLinkOf(m)?.requestId === request.id);
        await settle(() => answered() !== undefined, 5000);
        const found = answered();
        if (!found) return assert.fail("no answer was posted");
        answer = made.keep(found);
        const link = answerLinkOf(answer);
        const face = answer.rolls[0]?.dice[0]?.results[0]?.result;
        assert.strictEqual(link?.actorUuid, heroes[0]?.uuid);
        assert.deepEqual(link?.fortune, { face, chance: CHANCE }, "the link carries the face thrown");
      });

      it("shows on its row when the request card is drawn; the other row stays open", async () => {
        const html = await request.renderHTML();
        const first = row(html, 0);
        const face = answerLinkOf(answer)?.fortune?.face ?? 0;
        const band = fortune(face, CHANCE).success ? "success" : "fail";
        assert.isTrue(first.classList.contains("answered"), "row 0 is answered");
        assert.isTrue(first.classList.contains(band), `row 0 shows a ${band}`);
        assert.isNotNull(
          first.querySelector(`.request-answer[data-message-id="${answer.id ?? ""}"]`),
          "it links to the answer",
        );
        assert.strictEqual(first.querySelector(".answer-face")?.textContent?.trim(), String(face));
        assert.isNull(first.querySelector('[data-action="roll-request"]'), "no second Roll on an answered row");
        assert.isFalse(row(html, 1).classList.contains("answered"), "row 1 is still open");
      });

      it("deleted, frees its row again", async () => {
        await answer.delete();
        made.forget(answer);
        const html = await request.renderHTML();
        assert.isFalse(row(html, 0).classList.contains("answered"), "row 0 is open again");
        const roll = row(html, 0).querySelector('[data-action="roll-request"]');
        assert.isNotNull(roll, "its Roll is offered again");
        assert.isFalse(roll?.hasAttribute("disabled") ?? true);
      });
    });
  },
};
