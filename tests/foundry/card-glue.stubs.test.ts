// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts): the card glue — rendering a card
 * for the user viewing it, dispatching a click to the card's transition and saving it on the message,
 * rolling an explosion chain, applying an Effect to a Challenge directly or through the GM's query,
 * harm from a Challenge's card, the Ego Undo, and TerranChatMessage wiring it together. It checks OUR
 * dispatch, permissions and persistence calls; Foundry's sockets, document updates, query transport
 * and rendering are not exercised.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatMessageStub } from "../stubs/foundry-client.ts";
import { Dice3dStub, GENERATIONS, makeGm, resetWorld, world } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import { cardFlags } from "../../src/documents/chat-message.ts";
import { onCardClick, registerCardPresenter } from "../../src/applications/chat/card-presenter.ts";
import { confirmEffect, createChallengeCard, markEgoSpent, riskyCardResult, selectDie } from "../../src/chat/index.ts";
import type { ChallengeData } from "../../src/data/actor/challenge.ts";
import type { CharacterData } from "../../src/data/actor/character.ts";
import { TerranChatMessage } from "../../src/documents/chat-message.ts";
import { registerDiceSoNice } from "../../src/dice/dsn.ts";
import { COLORSETS, TerranRoll } from "../../src/dice/terran-roll.ts";
import { QUERIES, registerQueries } from "../../src/relay/queries.ts";
import { card, GM, isClosed, OTHER, ROLLER } from "../chat/fixtures.ts";
import { english } from "../support/templates.ts";
import {
  asMessage,
  challenge,
  challengeState,
  click,
  clickOn,
  confirmedCard,
  disposition,
  hero,
  message,
  riskyState,
  rollsOf,
  shield,
  shown,
  stub,
} from "./card-builders.ts";

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] card glue", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    registerQueries();
    registerCardPresenter();
  });

  // ---------------------------------------------------------------------------------------------

  describe("[Foundry stand-ins] a card rendered for the user viewing it", () => {
    it("R-RA-5 (stand-ins): the roller and a GM may pick dice and confirm; another player sees the buttons disabled and why", async () => {
      const msg = message({ kind: "risky", state: card([5, 3]) });
      world.user = { ...ROLLER, targets: new Set() };
      const mine = await shown(msg);
      expect(isClosed(mine.querySelector('[data-action="confirm-effect"]'))).toBe(false);
      expect(mine.querySelectorAll('[data-action="select-die"]').length).toBeGreaterThan(0);

      world.user = { ...OTHER, targets: new Set() };
      const theirs = await shown(msg);
      const confirm = theirs.querySelector<HTMLButtonElement>('[data-action="confirm-effect"]');
      expect(isClosed(confirm)).toBe(true);
      expect(confirm?.title).not.toBe("");
      expect(theirs.querySelectorAll('[data-action="select-die"]').length).toBe(0);

      world.user = { ...GM, targets: new Set() };
      expect(isClosed((await shown(msg)).querySelector('[data-action="confirm-effect"]'))).toBe(false);
    });

    it("R-RA-7 (stand-ins): with no GM online a player's Apply Effect is disabled, saying so; with a GM online it is open", async () => {
      const msg = message({ kind: "risky", state: confirmedCard() });
      const apply = async () => (await shown(msg)).querySelector<HTMLButtonElement>('[data-action="apply-effect"]');
      const noGm = await apply();
      expect(isClosed(noGm)).toBe(true);
      expect(noGm?.title).toBe(english("TERRAN.Card.Reason.noGm"));
      world.gm = makeGm();
      expect(isClosed(await apply())).toBe(false);
    });

    it("R-CH-4 (stand-ins): the harm button follows the world setting", async () => {
      const state = createChallengeCard({
        rollerId: "gm",
        challengeUuid: "Actor.c",
        challengeName: "Wolf",
        facetName: "",
        stats: { dice: 1, halved: false },
        faces: [4],
        chain: [],
      });
      const msg = message({ kind: "challenge", state });
      world.user = { ...GM, targets: new Set() };
      world.gm = makeGm();
      expect((await shown(msg)).querySelector('[data-action="apply-harm"]')).not.toBeNull();
      world.settings.set("autoApplyHarm", false);
      expect((await shown(msg)).querySelector('[data-action="apply-harm"]')).toBeNull();
    });

    it("(stand-ins) a name with markup is shown as text on the card", async () => {
      const msg = message({ kind: "risky", state: card([5, 3], [], { actorName: "<img src=x onerror=alert(1)>" }) });
      const root = await shown(msg);
      expect(root.querySelector("img")).toBeNull();
      expect(root.textContent).toContain("<img src=x onerror=alert(1)>");
    });
  });

  describe("[Foundry stand-ins] a click on a card", () => {
    it("R-RA-5 (stand-ins): the roller's die click runs selectDie and saves the new state on the message", async () => {
      const state = card([5, 3, 2]);
      const msg = message({ kind: "risky", state });
      await click(msg, '[data-action="select-die"][data-index="2"][data-role="effect"]');
      expect(msg.updates).toHaveLength(1);
      expect(riskyState(msg)).toEqual(selectDie(state, ROLLER, 2, "effect", state.version));
      expect(world.warnings).toEqual([]);
    });

    it("R-RA-5 (stand-ins): another player's click (forged onto an enabled button) is refused with a warning and saves nothing", async () => {
      const msg = message({ kind: "risky", state: card([5, 3, 2]) });
      const root = await shown(msg); // rendered for the roller…
      const button = root.querySelector<HTMLElement>('[data-action="select-die"][data-role="effect"]');
      if (!button) throw new Error("no die button");
      world.user = { ...OTHER, targets: new Set() }; // …clicked by someone else
      const event = new MouseEvent("click", { bubbles: true });
      Object.defineProperty(event, "target", { value: button });
      await onCardClick(asMessage(msg), event);
      expect(msg.updates).toEqual([]);
      expect(world.warnings).toEqual(["TERRAN.Card.Reason.notRoller"]);
    });

    it("(stand-ins) a press on a closed button says why and does nothing; an unknown action does nothing at all", async () => {
      const msg = message({ kind: "risky", state: confirmedCard() });
      await click(msg, '[data-action="apply-effect"]'); // closed: no GM online
      expect(world.warnings).toEqual([english("TERRAN.Card.Reason.noGm")]);
      await click(msg, '[data-action="apply-effect"]', (el) => {
        el.removeAttribute("aria-disabled");
        el.dataset.action = "delete-everything";
      });
      expect(msg.updates).toEqual([]);
      expect(world.warnings).toHaveLength(1);
    });

    it("R-RA-5 (stand-ins): a click on a card drawn before a change is refused as stale, and the newer state stays", async () => {
      const state = card([5, 3, 2]);
      const msg = message({ kind: "risky", state });
      const old = await shown(msg);
      await click(msg, '[data-action="select-die"][data-index="2"][data-role="effect"]');
      const saved = riskyState(msg);
      const button = old.querySelector<HTMLElement>('[data-action="select-die"][data-index="2"][data-role="effect"]');
      if (!button) throw new Error("no die button");
      const event = new MouseEvent("click", { bubbles: true });
      Object.defineProperty(event, "target", { value: button });
      await onCardClick(asMessage(msg), event);
      expect(world.warnings).toEqual(["TERRAN.Error.stale"]);
      expect(riskyState(msg)).toEqual(saved);
    });

    it("R-RA-3 (stand-ins): Confirm Effect rolls the explosion chain with Foundry, adds it to the message's rolls and locks the card", async () => {
      const state = card([6, 4]); // Precision 6, Effect 4: no chain needed
      const explode = card([5, 6]); // Precision 6, Effect 5… pick the 6 as Effect so it explodes
      const chosen = selectDie(explode, ROLLER, 1, "effect", explode.version);
      const msg = message({ kind: "risky", state: chosen });
      nextFaces.push(6, 3); // the chain: 6 explodes again, then 3
      await click(msg, '[data-action="confirm-effect"]');
      const expected = confirmEffect(chosen, ROLLER, [6, 3], chosen.version);
      expect(riskyState(msg)).toEqual(expected);
      // The pool's roll, then the chain's.
      expect(msg.rolls).toHaveLength(2);
      expect(JSON.parse(String(msg.rolls[1]))).toMatchObject({ formula: "1d6x" });

      const plain = message({ kind: "risky", state });
      await click(plain, '[data-action="confirm-effect"]');
      expect(riskyState(plain)).toEqual(confirmEffect(state, ROLLER, [], state.version));
      expect(plain.rolls).toHaveLength(1);
    });
  });

  describe("[Foundry stand-ins] Apply Effect to a Challenge", () => {
    it("R-RA-7 R-CH-5 (stand-ins): a player with a GM online asks the GM by query; the GM's client applies it; the card records it", async () => {
      world.gm = makeGm();
      const vault = challenge();
      world.user.targets = new Set([{ actor: vault }]);
      const state = confirmedCard();
      const effect = riskyCardResult(state).effect?.value ?? 0;
      expect(effect).toBeGreaterThan(0);
      const msg = message({ kind: "risky", state });
      await click(msg, '[data-action="apply-effect"]');
      // The request names the card, the hit and the target; the amount is the card's own, never sent.
      expect(world.gm.queries).toEqual([
        {
          name: QUERIES.applyEffect,
          data: {
            askerId: ROLLER.id,
            messageId: msg.id,
            hit: "effect",
            targetUuid: vault.uuid,
            facet: null,
            version: state.version,
          },
        },
      ]);
      expect(disposition(vault)).toBe(8 - effect);
      expect(riskyState(msg).applied).toMatchObject([
        { hit: "effect", targetName: "Locked vault", before: 8, after: 8 - effect, userId: ROLLER.id },
      ]);
      expect(world.warnings).toEqual([]);
    });

    it("R-RA-7 (stand-ins): a GM applies directly, no query; a facet is asked for and worn down", async () => {
      const gm = makeGm();
      world.gm = gm;
      world.user = gm;
      const talk = challenge("Council", [{ name: "Persuade", value: 5 }]);
      world.selected = [{ actor: talk }]; // selected, not targeted
      world.dialogAnswers.push("0");
      const state = confirmedCard();
      const effect = riskyCardResult(state).effect?.value ?? 0;
      const msg = message({ kind: "risky", state });
      await click(msg, '[data-action="apply-effect"]');
      expect(gm.queries).toEqual([]);
      expect(world.dialogs).toHaveLength(1);
      expect((talk.system as unknown as ChallengeData).facets[0]?.disposition.value).toBe(5 - effect);
      expect(disposition(talk)).toBe(8);
      expect(riskyState(msg).applied[0]).toMatchObject({ facet: "Persuade" });
    });

    it("R-RA-7 (stand-ins): with the world's 'owners' setting, a player who owns the Challenge applies it without the GM", async () => {
      world.settings.set("applyPermission", "owners");
      const vault = challenge();
      vault.isOwner = true;
      world.user.targets = new Set([{ actor: vault }]);
      await click(message({ kind: "risky", state: confirmedCard() }), '[data-action="apply-effect"]');
      expect(disposition(vault)).toBeLessThan(8);
    });

    it("R-RA-7 (stand-ins): no target, two targets, or no GM online: a warning, and nothing changes", async () => {
      const a = challenge("A");
      const b = challenge("B");
      const msg = message({ kind: "risky", state: confirmedCard() });
      world.gm = makeGm();
      await click(msg, '[data-action="apply-effect"]');
      world.user.targets = new Set([{ actor: a }, { actor: b }]);
      await click(msg, '[data-action="apply-effect"]');
      world.user.targets = new Set([{ actor: a }]);
      const enabled = await shown(msg);
      world.gm = null; // the GM left after the card was drawn
      const button = enabled.querySelector<HTMLElement>('[data-action="apply-effect"]');
      if (!button) throw new Error("no apply button");
      const event = new MouseEvent("click", { bubbles: true });
      Object.defineProperty(event, "target", { value: button });
      await onCardClick(asMessage(msg), event);
      expect(world.warnings).toEqual([
        "TERRAN.Card.Reason.noChallenge",
        "TERRAN.Card.Reason.oneChallenge",
        "TERRAN.Card.Reason.noGm",
      ]);
      expect(msg.updates).toEqual([]);
      expect([disposition(a), disposition(b)]).toEqual([8, 8]);
    });

    it("(stand-ins) the GM's query handler re-checks with the rules and answers a refusal as the rules' code and message", async () => {
      const handler = (CONFIG.queries as unknown as Record<string, (data: unknown, o: object) => Promise<unknown>>)[
        QUERIES.applyEffect
      ];
      const gm = makeGm();
      world.gm = gm;
      world.user = gm;
      const vault = challenge();
      const mira = hero();
      const state = confirmedCard();
      const msg = message({ kind: "risky", state });
      const request = (targetUuid: string) => ({
        askerId: ROLLER.id,
        messageId: msg.id,
        hit: "effect",
        targetUuid,
        facet: null,
        version: state.version,
      });
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      await expect(handler?.(request(mira.uuid), {})).resolves.toMatchObject({
        ok: false,
        code: "not-allowed",
        message: expect.stringContaining("not a Challenge") as unknown,
      });
      await expect(handler?.(request("Item.nope"), {})).resolves.toMatchObject({ ok: false, code: "unknown-id" });
      warn.mockRestore();
      const effect = riskyCardResult(state).effect?.value ?? 0;
      await expect(handler?.(request(vault.uuid), {})).resolves.toMatchObject({
        ok: true,
        recorded: true,
        outcome: { before: 8, after: 8 - effect },
      });
    });
  });

  describe("[Foundry stand-ins] a Challenge's Effect as harm", () => {
    function harmCard(face: number): ChatMessageStub {
      const state = createChallengeCard({
        rollerId: "gm",
        challengeUuid: "Actor.c",
        challengeName: "Wolf",
        facetName: "",
        stats: { dice: 1, halved: false },
        faces: [face],
        chain: [],
      });
      return message({ kind: "challenge", state });
    }

    it("R-CH-4 R-HARM-1 (stand-ins): the GM applies it to each targeted character once; the card records Grit before and after", async () => {
      const gm = makeGm();
      world.gm = gm;
      world.user = gm;
      const mira = hero("Mira", { grit: 3 });
      const ash = hero("Ash", { grit: 3 });
      world.user.targets = new Set([{ actor: stub(mira) }, { actor: stub(ash) }]);
      const msg = harmCard(2);
      await click(msg, '[data-action="apply-harm"]');
      expect([mira.system, ash.system].map((s) => (s as CharacterData).grit.value)).toEqual([1, 1]);
      expect(
        challengeState(msg).harm.map((h): unknown[] => [
          h.targetName,
          Reflect.get(h, "gritBefore"),
          Reflect.get(h, "gritAfter"),
        ]),
      ).toEqual([
        ["Mira", 3, 1],
        ["Ash", 3, 1],
      ]);
      await click(msg, '[data-action="apply-harm"]'); // again: nobody is harmed twice
      expect((mira.system as CharacterData).grit.value).toBe(1);
      expect(challengeState(msg).harm).toHaveLength(2);
    });

    it("R-HARM-2 (stand-ins): a carried shield is offered; sacrificing it ignores the Effect", async () => {
      const gm = makeGm();
      world.gm = gm;
      world.user = gm;
      const mira = hero("Mira", { grit: 3, items: [shield()] });
      world.user.targets = new Set([{ actor: stub(mira) }]);
      world.dialogAnswers.push(true);
      const msg = harmCard(5);
      await click(msg, '[data-action="apply-harm"]');
      expect(world.dialogs).toHaveLength(1);
      expect((mira.system as CharacterData).grit.value).toBe(3);
      expect(challengeState(msg).harm[0]).toMatchObject({ shieldSacrificed: true, gritAfter: 3 });
    });

    it("R-CH-4 (stand-ins): under the 'gm' setting a player's harm to their own character goes through the GM's query; to one they do not own it is refused", async () => {
      world.gm = makeGm();
      const mira = hero("Mira", { grit: 3 });
      world.user.targets = new Set([{ actor: stub(mira) }]);
      await click(harmCard(1), '[data-action="apply-harm"]');
      expect(world.gm.queries.map((q) => q.name)).toEqual([QUERIES.applyHarm]);
      expect((mira.system as CharacterData).grit.value).toBe(2);

      const ash = hero("Ash", { grit: 3, isOwner: false });
      world.user.targets = new Set([{ actor: stub(ash) }]);
      await click(harmCard(1), '[data-action="apply-harm"]');
      expect((ash.system as CharacterData).grit.value).toBe(3);
      expect(world.warnings).toEqual(["TERRAN.Card.Reason.notOwner"]);
    });
  });

  describe("[Foundry stand-ins] Ego on the card", () => {
    it("R-EGO-2 R-EGO-3 (stand-ins): Undo gives the spent Ego back to the actor and marks the card", async () => {
      const mira = hero("Mira", { ego: 2 });
      // dark 1 and 2 are both ≤ Ego 4: 2 Ego spent
      const rolled = card([5], [1, 2], { actorUuid: mira.uuid, egoBefore: 4 });
      const spent = markEgoSpent(rolled, ROLLER);
      const msg = message({ kind: "risky", state: spent });
      await click(msg, '[data-action="undo-ego"]');
      expect((mira.system as CharacterData).ego.value).toBe(2 + spent.ego.cost);
      expect(riskyState(msg).ego).toMatchObject({ spent: true, undone: true });
      // Once undone, the button is gone for good: the Ego is not given back twice.
      expect(
        (await shown(msg)).querySelector<HTMLButtonElement>('[data-action="undo-ego"]:not([aria-disabled="true"])'),
      ).toBeNull();
    });
    it("R-EGO-2 (ruling) (stand-ins): once the dice are confirmed the roller's Undo is refused with the reason; a GM's still gives the Ego back", async () => {
      const mira = hero("Mira", { ego: 2 });
      const spent = markEgoSpent(card([5], [1, 2], { actorUuid: mira.uuid, egoBefore: 4 }), ROLLER);
      const msg = message({ kind: "risky", state: confirmEffect(spent, ROLLER, [], spent.version) });
      world.user = { ...GM, targets: new Set() };
      const drawnForGm = (await shown(msg)).querySelector<HTMLElement>('[data-action="undo-ego"]');
      world.user = { ...ROLLER, targets: new Set() };
      const mine = (await shown(msg)).querySelector<HTMLButtonElement>('[data-action="undo-ego"]');
      expect(mine?.title).toBe(english("TERRAN.Card.Reason.egoConfirmed"));
      if (!drawnForGm) throw new Error("the GM sees no Undo");
      await clickOn(msg, drawnForGm); // the roller presses a button drawn open (another client's, or a stale one)
      expect(world.warnings).toEqual(["TERRAN.Card.Reason.egoConfirmed"]);
      expect((mira.system as CharacterData).ego.value).toBe(2);
      expect(riskyState(msg).ego.undone).toBe(false);
      world.user = { ...GM, targets: new Set() };
      await click(msg, '[data-action="undo-ego"]');
      expect((mira.system as CharacterData).ego.value).toBe(2 + spent.ego.cost);
    });
  });

  describe("[Foundry stand-ins] TerranChatMessage", () => {
    it("(stand-ins) renders its card into the message and wires clicks to the controller; a message without a card is left alone", async () => {
      const state = card([5, 3, 2]);
      const stored = { kind: "risky" as const, state };
      const msg: unknown = Reflect.construct(TerranChatMessage, [{ flags: cardFlags(stored), rolls: rollsOf(stored) }]);
      const tcm = msg as TerranChatMessage & ChatMessageStub;
      const html = await tcm.renderHTML();
      const content = html.querySelector(".message-content");
      expect(content?.querySelector('[data-card="risky"]')).not.toBeNull();
      content?.querySelector<HTMLElement>('[data-action="select-die"][data-index="2"][data-role="effect"]')?.click();
      await vi.waitFor(() => expect(tcm.updates).toHaveLength(1));
      expect(riskyState(tcm)).toEqual(selectDie(state, ROLLER, 2, "effect", state.version));

      const bare: unknown = Reflect.construct(TerranChatMessage, [{}]);
      const plain = await (bare as TerranChatMessage).renderHTML();
      expect(plain.querySelector(".message-content")?.innerHTML).toBe("");
    });
  });

  describe("[Foundry stand-ins] Dice So Nice", () => {
    it("R-RA-3 (stand-ins): when active, the confirmed chain is animated by the module's update hook (never by us); when absent, the chain is rolled all the same", async () => {
      const explode = card([5, 6]);
      const chosen = selectDie(explode, ROLLER, 1, "effect", explode.version);

      nextFaces.push(2);
      const without = message({ kind: "risky", state: chosen });
      await click(without, '[data-action="confirm-effect"]');
      expect(riskyState(without).effect).not.toBeNull();

      const dsn = new Dice3dStub();
      world.modules.add("dice-so-nice");
      world.dice3d = dsn;
      nextFaces.push(2);
      await click(message({ kind: "risky", state: chosen }), '[data-action="confirm-effect"]');
      expect(dsn.animations.map((a) => a.via)).toEqual(["update hook"]);
      expect(JSON.parse(String(dsn.animations[0]?.roll))).toMatchObject({ formula: "1d6x" });
    });

    it('(stand-ins) Light and Dark dice keep their tones in Dice So Nice even when a colorset or damage type is named "light" or "dark": the term\'s colorset comes first', () => {
      const dsn = new Dice3dStub();
      dsn.addColorset({ name: "light", foreground: "#ffff00" }); // another module's, or a GM's damage-type map
      dsn.addColorset({ name: "dark", foreground: "#000000" });
      registerDiceSoNice(dsn);
      const roll = TerranRoll.pool(2, 1);
      const tones = roll.dice.map((die) => dsn.appearanceOf(die, "players-own"));
      expect(tones).toEqual([COLORSETS.light, COLORSETS.dark]);
      // Saved and revived from the message (what Dice So Nice reads), the colorsets are still on the terms.
      const revived = JSON.parse(JSON.stringify(roll)) as { terms: { options?: Record<string, unknown> }[] };
      expect(revived.terms.map((t) => t.options?.colorset).filter(Boolean)).toEqual([COLORSETS.light, COLORSETS.dark]);
    });

    it("(stand-ins) registers a light and a dark colorset as defaults users may override", () => {
      const dsn = new Dice3dStub();
      registerDiceSoNice(dsn);
      expect(dsn.colorsets.map((c) => [c.colorset.name, c.mode])).toEqual([
        [COLORSETS.light, "default"],
        [COLORSETS.dark, "default"],
      ]);
    });
  });
});
