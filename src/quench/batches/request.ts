/**
 * The GM's roll request in a live world (R-FORT-1: every ruleset has it, and it rolls from the card): posted, a
 * row's Roll clicked, the redrawn card answered on that row only (rows derive from the chat log,
 * chat/request-card.ts), and the row freed when the answer is deleted.
 */
import type { RequestCardState } from "../../chat/index.ts";
import type { TerranActor } from "../../documents/actor.ts";
import { clickOn, currentUser, kit, Made, posting, type TerranBatch } from "../support.ts";
import type { QuenchBatchContext } from "../quench-types.ts";
import { settle } from "./sheets.ts";

const CHANCE = 4;

/** Or the test fails. */
function requestState(message: ChatMessage.Implementation): RequestCardState {
  const { storedCard } = kit();
  const stored = storedCard(message);
  if (stored?.kind !== "request") throw new Error("the message holds no request card");
  return stored.state;
}

/** As templates/chat/request-card.hbs draws it. */
function row(html: HTMLElement, index: number): HTMLElement {
  const found = html.querySelector<HTMLElement>(`.request-row[data-index="${index}"]`);
  if (!found) throw new Error(`the request card has no row ${index}`);
  return found;
}

/** What the groups share; each card exists once its test has posted it. */
class RequestRun {
  readonly made = new Made();
  readonly heroes: TerranActor[] = [];
  #request: ChatMessage.Implementation | null = null;
  #answer: ChatMessage.Implementation | null = null;

  get request(): ChatMessage.Implementation {
    if (!this.#request) throw new Error("no request card was posted");
    return this.#request;
  }
  set request(message: ChatMessage.Implementation) {
    this.#request = message;
  }
  get answer(): ChatMessage.Implementation {
    if (!this.#answer) throw new Error("no answer was posted");
    return this.#answer;
  }
  set answer(message: ChatMessage.Implementation) {
    this.#answer = message;
  }
}

/** A GM, and two characters (deleted after). */
function setUp({ before, after }: QuenchBatchContext, run: RequestRun): void {
  const { TerranActor } = kit();
  const { made, heroes } = run;
  before(async function () {
    // GM only (table/roll-requests.ts postRollRequest).
    if (!currentUser().isGM) this.skip();
    for (const name of ["Quench asked one", "Quench asked two"]) {
      const actor = made.keep(await Actor.create({ name, type: "character" }));
      if (!(actor instanceof TerranActor)) throw new Error("the character is not a TerranActor");
      heroes.push(actor);
    }
  });
  after(() => made.cleanUp());
}

function theRequest({ describe, it, assert }: QuenchBatchContext, run: RequestRun): void {
  const { postRollRequest } = kit();
  const { made, heroes } = run;
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
      run.request = posted;
      const state = requestState(run.request);
      assert.deepEqual(state.subject, subject);
      assert.deepEqual(
        state.rows.map((r) => r.actorUuid),
        heroes.map((h) => h.uuid),
      );
      const html = await run.request.renderHTML();
      heroes.forEach((_, i) => {
        assert.isFalse(row(html, i).classList.contains("answered"), `row ${i} is open`);
        const roll = row(html, i).querySelector('[data-action="roll-request"]');
        assert.isNotNull(roll, `row ${i} offers its Roll`);
        assert.isFalse(roll?.hasAttribute("disabled") ?? true, `row ${i}'s Roll is enabled`);
      });
    });
  });
}

function anAnswer({ describe, it, assert }: QuenchBatchContext, run: RequestRun): void {
  const { answerLinkOf, fortune } = kit();
  const { made, heroes } = run;
  describe("an answer", () => {
    it("rolled from the row's Roll carries the answer link: the request, the row's actor, the die and chance (R-FORT-1)", async () => {
      const before = new Set((game.messages?.contents ?? []).map((m) => m.id));
      clickOn(await run.request.renderHTML(), '.request-row[data-index="0"] [data-action="roll-request"]');
      const answered = () =>
        (game.messages?.contents ?? []).find((m) => !before.has(m.id) && answerLinkOf(m)?.requestId === run.request.id);
      await settle(() => answered() !== undefined, 5000);
      const found = answered();
      if (!found) return assert.fail("no answer was posted");
      run.answer = made.keep(found);
      const link = answerLinkOf(run.answer);
      const face = run.answer.rolls[0]?.dice[0]?.results[0]?.result;
      assert.strictEqual(link?.actorUuid, heroes[0]?.uuid);
      assert.deepEqual(link?.fortune, { face, chance: CHANCE }, "the link carries the face thrown");
    });

    it("shows on its row when the request card is drawn; the other row stays open", async () => {
      const html = await run.request.renderHTML();
      const first = row(html, 0);
      const face = answerLinkOf(run.answer)?.fortune?.face ?? 0;
      const band = fortune(face, CHANCE).success ? "success" : "fail";
      assert.isTrue(first.classList.contains("answered"), "row 0 is answered");
      assert.isTrue(first.classList.contains(band), `row 0 shows a ${band}`);
      assert.isNotNull(
        first.querySelector(`.request-answer[data-message-id="${run.answer.id ?? ""}"]`),
        "it links to the answer",
      );
      assert.strictEqual(first.querySelector(".answer-face")?.textContent?.trim(), String(face));
      assert.isNull(first.querySelector('[data-action="roll-request"]'), "no second Roll on an answered row");
      assert.isFalse(row(html, 1).classList.contains("answered"), "row 1 is still open");
    });

    it("deleted, frees its row again", async () => {
      await run.answer.delete();
      made.forget(run.answer);
      const html = await run.request.renderHTML();
      assert.isFalse(row(html, 0).classList.contains("answered"), "row 0 is open again");
      const roll = row(html, 0).querySelector('[data-action="roll-request"]');
      assert.isNotNull(roll, "its Roll is offered again");
      assert.isFalse(roll?.hasAttribute("disabled") ?? true);
    });
  });
}

export const requestBatch: TerranBatch = {
  key: "terran-engine.request",
  displayName: "Terran Engine: the GM's request for a roll",
  register(context) {
    const run = new RequestRun();
    setUp(context, run);
    theRequest(context, run);
    anAnswer(context, run);
  },
};
