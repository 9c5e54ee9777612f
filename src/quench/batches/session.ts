/**
 * The GM's end-of-session award (R-XP-1) in a live world through `awardSession` (what the dialog submits): one
 * update per character, one card, its Undo taking back exactly the award, a second Undo refused.
 */
import type { CharacterData } from "../../data/actor/character.ts";
import type { TerranActor } from "../../documents/actor.ts";
import type { SessionCardState } from "../../chat/index.ts";
import { clickOn, currentUser, kit, Made, posting, type TerranBatch } from "../support.ts";
import type { QuenchBatchContext } from "../quench-types.ts";
import { settle } from "./sheets.ts";

/** XP before, and what the GM gives. */
const ROWS = [
  { name: "Quench session one", xp: 3, award: 2 },
  { name: "Quench session two", xp: 0, award: 5 },
] as const;

/** Gained between the award and its Undo. */
const GAINED_SINCE = 1;

/** Or the test fails. */
function sessionState(message: ChatMessage.Implementation): SessionCardState {
  const { storedCard } = kit();
  const stored = storedCard(message);
  if (stored?.kind !== "session") throw new Error("the message holds no session card");
  return stored.state;
}

/** What the groups share; the card exists once "the award" posts it. */
class SessionRun {
  readonly made = new Made();
  readonly heroes: TerranActor[] = [];
  #message: ChatMessage.Implementation | null = null;
  readonly xpOf = (i: number): number => (this.heroes[i]?.system as CharacterData | undefined)?.xp ?? NaN;

  get message(): ChatMessage.Implementation {
    if (!this.#message) throw new Error("no session card was posted");
    return this.#message;
  }
  set message(message: ChatMessage.Implementation) {
    this.#message = message;
  }
}

/** A GM, and ROWS' characters (deleted after). */
function setUp({ before, after }: QuenchBatchContext, run: SessionRun): void {
  const { TerranActor } = kit();
  const { made, heroes } = run;
  before(async function () {
    // GM only (table/session-award.ts assertGm).
    if (!currentUser().isGM) this.skip();
    for (const row of ROWS) {
      const actor = made.keep(await Actor.create({ name: row.name, type: "character", system: { xp: row.xp } }));
      if (!(actor instanceof TerranActor)) throw new Error("the character is not a TerranActor");
      heroes.push(actor);
    }
  });
  after(() => made.cleanUp());
}

/** R-XP-1 */
function theAward({ describe, it, assert }: QuenchBatchContext, run: SessionRun): void {
  const { awardSession } = kit();
  const { made, heroes, xpOf } = run;
  describe("the award", () => {
    it("gives each character its XP in one update and posts one summary card (R-XP-1)", async () => {
      // preUpdateActor fires on the asking client, before sending
      // (foundryvtt.com/api/functions/hookEvents.preUpdateDocument.html): one call per request.
      const requests = new Map<string, number>();
      const hook = Hooks.on("preUpdateActor", (actor: Actor.Implementation) => {
        requests.set(actor.id ?? "", (requests.get(actor.id ?? "") ?? 0) + 1);
      });
      let posted: { result: SessionCardState; messages: ChatMessage.Implementation[] };
      try {
        posted = await posting(made, () =>
          awardSession(heroes.map((h, i) => ({ uuid: h.uuid, name: h.name, played: true, xp: ROWS[i]?.award ?? 0 }))),
        );
      } finally {
        Hooks.off("preUpdateActor", hook);
      }
      heroes.forEach((h, i) => {
        assert.strictEqual(requests.get(h.id ?? ""), 1, `${h.name}: one update`);
        assert.strictEqual(xpOf(i), (ROWS[i]?.xp ?? 0) + (ROWS[i]?.award ?? 0), `${h.name}: the award is added`);
      });
      assert.lengthOf(posted.messages, 1, "one card");
      const [card] = posted.messages;
      if (!card) return assert.fail("no card was posted");
      run.message = card;
      assert.deepEqual(sessionState(run.message), posted.result, "the card holds the award as made");
      posted.result.rows.forEach((row, i) => {
        assert.isTrue(row.given, row.actorName);
        assert.strictEqual(row.before, ROWS[i]?.xp);
        assert.strictEqual(row.after, (ROWS[i]?.xp ?? 0) + (ROWS[i]?.award ?? 0));
      });
    });

    it("the card is drawn with a row per character and the GM's Undo enabled", async () => {
      const html = await run.message.renderHTML();
      assert.isNotNull(html.querySelector('[data-card="session"]'), "the session card is drawn");
      const rows = [...html.querySelectorAll(".session-row.given")];
      assert.lengthOf(rows, ROWS.length);
      rows.forEach((row, i) =>
        assert.include(
          row.querySelector(".session-change")?.textContent ?? "",
          `${ROWS[i]?.xp ?? 0} \u2192 ${(ROWS[i]?.xp ?? 0) + (ROWS[i]?.award ?? 0)}`,
        ),
      );
      const undo = html.querySelector('[data-action="undo-session"]');
      assert.isNotNull(undo, "the Undo is offered");
      assert.isFalse(undo?.hasAttribute("disabled") ?? true, "and enabled for the GM");
    });
  });
}

/** R-XP-1 */
function theUndo({ describe, it, assert }: QuenchBatchContext, run: SessionRun): void {
  const { undoSessionAward, RulesError } = kit();
  const { heroes, xpOf } = run;
  describe("the Undo from the card", () => {
    it("takes back exactly what was given (XP gained since stays), and the card records it row by row", async () => {
      // R-XP-1 XP from elsewhere after the award: the Undo takes the award's amount, not a snapshot.
      const first = heroes[0];
      if (!first) return assert.fail("no character");
      await first.update({ system: { xp: xpOf(0) + GAINED_SINCE } });
      const html = await run.message.renderHTML();
      clickOn(html, '[data-action="undo-session"]');
      await settle(() => sessionState(run.message).rows.every((r) => r.undo !== null), 5000);
      const state = sessionState(run.message);
      assert.isTrue(state.undone, "the card is marked undone");
      heroes.forEach((h, i) => {
        assert.strictEqual(
          xpOf(i),
          (ROWS[i]?.xp ?? 0) + (i === 0 ? GAINED_SINCE : 0),
          `${h.name}: its XP before the award, and what came since`,
        );
        assert.deepEqual(state.rows[i]?.undo, { taken: ROWS[i]?.award, short: 0, refusal: null }, h.name);
      });
      const again = await run.message.renderHTML();
      assert.isTrue(
        again.querySelector('[data-action="undo-session"]')?.hasAttribute("disabled") ?? false,
        "the Undo is disabled once used",
      );
    });

    it("a second Undo is refused and takes nothing more", async () => {
      const before = heroes.map((_, i) => xpOf(i));
      let refused: unknown = null;
      try {
        await undoSessionAward(run.message, sessionState(run.message).version);
      } catch (error) {
        refused = error;
      }
      assert.instanceOf(refused, RulesError);
      assert.deepEqual(
        heroes.map((_, i) => xpOf(i)),
        before,
      );
    });
  });
}

export const sessionBatch: TerranBatch = {
  key: "terran-engine.session",
  displayName: "Terran Engine: the GM's end-of-session award and its Undo",
  register(context) {
    const run = new SessionRun();
    setUp(context, run);
    theAward(context, run);
    theUndo(context, run);
  },
};
