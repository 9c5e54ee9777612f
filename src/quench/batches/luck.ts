/**
 * The Table luck window in a live world (R-LUCK-1, R-LUCK-2): opened by the macro API, redrawn by core's
 * `updateSetting` hook on a world-setting write; and, on the active GM's client, a roll recorded once through
 * createChatMessage and an Ego Undo taken back through updateChatMessage (R-EGO-2). It checks what the
 * stand-ins assume of those hooks; the ledger is put back after.
 */
import type { TableLuckWindow } from "../../applications/gm/luck-window.ts";
import { forcedCard, forcedRoll, postCard, writeState } from "../cards.ts";
import type { QuenchBatchContext } from "../quench-types.ts";
import { currentUser, kit, Made, type TerranBatch } from "../support.ts";
import { settle } from "./sheets.ts";

export const luckBatch: TerranBatch = {
  key: "terran-engine.luck",
  displayName: "Terran Engine: the Table luck window",
  register(context) {
    const { TableLuckWindow, openTableLuck, mayWriteWorldSettings, SYSTEM_ID, SETTINGS } = kit();
    const { describe, it, after, assert } = context;
    // As ApplicationV2's render hook hands it.
    const renders: HTMLElement[] = [];
    let window: TableLuckWindow | null = null;
    const hook = Hooks.on("renderApplicationV2", (app: unknown, element: HTMLElement) => {
      if (!(app instanceof TableLuckWindow)) return;
      window = app;
      renders.push(element);
    });
    after(async () => {
      Hooks.off("renderApplicationV2", hook);
      await window?.close();
    });

    describe("the Table luck window", () => {
      it("TerranEngine.tableLuck() opens it for this user, drawn from the ledger (or its friendly line)", async () => {
        await openTableLuck();
        await settle(() => renders.length > 0);
        const element = renders.at(-1);
        assert.isDefined(element, "the window rendered");
        assert.isNotNull(element?.querySelector(".table-luck-body") ?? null, "its body is the Table luck template");
        const drawn = element?.querySelector(".luck-empty, .luck-character, .luck-fairness");
        assert.isNotNull(drawn ?? null, "it shows the ledger or says it is empty");
      });

      it("a write of one of the system's world settings draws the open window again (GM)", async function () {
        // Core refuses the write from a role that may not modify world settings (an Assistant GM's, by
        // default).
        if (!currentUser().isGM || !mayWriteWorldSettings()) this.skip();
        const before = renders.length;
        const armour = game.settings?.get(SYSTEM_ID, SETTINGS.challengeArmour) === true;
        await game.settings?.set(SYSTEM_ID, SETTINGS.challengeArmour, !armour);
        await game.settings?.set(SYSTEM_ID, SETTINGS.challengeArmour, armour);
        await settle(() => renders.length > before);
        assert.isAbove(renders.length, before, "drawn again");
      });
    });

    ledgerSuite(context);
  },
};

/** R-LUCK-1 on the active GM's client. */
function ledgerSuite({ describe, it, before, after, assert }: QuenchBatchContext): void {
  const { SYSTEM_ID, SETTINGS, mayWriteWorldSettings, TerranActor, readLuckLedger, markEgoSpent, cardFlags, undoEgo } =
    kit();
  describe("the luck ledger (R-LUCK-1)", () => {
    const made = new Made();
    let stored: unknown;
    before(() => {
      stored = game.settings?.get(SYSTEM_ID, SETTINGS.luckLedger);
    });
    after(async () => {
      await made.cleanUp();
      if (currentUser().isActiveGM && mayWriteWorldSettings() && stored !== undefined)
        await game.settings?.set(SYSTEM_ID, SETTINGS.luckLedger, stored as Record<string, unknown>);
    });

    it("a roll posted here is recorded once by the active GM's client, from its card and dice", async function () {
      // Only when its role may write world settings.
      if (!currentUser().isActiveGM || !mayWriteWorldSettings()) this.skip();
      const actor = made.keep(await Actor.create({ name: "Quench luck", type: "character" }));
      if (!(actor instanceof TerranActor)) throw new Error("the character is not a TerranActor");
      const message = made.keep(await postCard(actor, [5, 3], []));
      const recorded = (): boolean => (readLuckLedger().recorded ?? []).includes(message.id ?? "");
      await settle(recorded);
      assert.isTrue(recorded(), "the message is in the ledger");
      const tally = readLuckLedger().tallies.find((t) => t.actorId === actor.id);
      assert.equal(tally?.rolls, 1, "one roll for the character");
      assert.equal(tally?.rarest?.messageId, message.id, "its rarest roll is this one");
    });

    it("an Ego Undo pressed after the roll was recorded takes its Ego back out of the ledger (R-EGO-2)", async function () {
      if (!currentUser().isActiveGM || !mayWriteWorldSettings()) this.skip();
      const actor = made.keep(await Actor.create({ name: "Quench luck Ego", type: "character" }));
      if (!(actor instanceof TerranActor)) throw new Error("the character is not a TerranActor");
      // Dark 2 and 1 against an Ego of 4: both cost.
      const user = { id: currentUser().id ?? "", isGM: true };
      const roll = await forcedRoll([5, 3], [2, 1]);
      const state = markEgoSpent(forcedCard(actor, roll.lightFaces, roll.darkFaces, user.id, 4), user);
      const posted = await ChatMessage.create({
        speaker: ChatMessage.getSpeaker({ actor }),
        rolls: [roll],
        content: "",
        flags: cardFlags({ kind: "risky", state }),
      });
      if (!posted) throw new Error("the card was not posted");
      const message = made.keep(posted);
      const ego = (): [number, number] | null => {
        const tally = readLuckLedger().tallies.find((t) => t.actorId === actor.id);
        return tally ? [tally.egoSpent, tally.egoLost] : null;
      };
      await settle(() => ego()?.[0] === 2);
      assert.deepEqual(ego(), [2, 2], "recorded with the Ego it cost");
      await writeState(message, undoEgo(state, user));
      await settle(() => ego()?.[0] === 0);
      assert.deepEqual(ego(), [0, 0], "the Undo took it back");
      assert.equal(readLuckLedger().tallies.find((t) => t.actorId === actor.id)?.rolls, 1, "the roll stays counted");
    });
  });
}
