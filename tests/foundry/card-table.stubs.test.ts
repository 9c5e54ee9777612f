// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/: strict about who may update a message or an actor, who
 * sees a message's content, which mode API each generation has, and a query that runs as the GM and
 * answers only what its handler returns): the faults a table meets with the cards — private rolls,
 * chat modes, applying from someone else's card, applying twice, prompts and refusals on the wrong
 * screen, a GM's side that trusts its payload, Dice So Nice animating twice, owners with no GM. Every
 * test runs on v13 and v14.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatMessageStub } from "../stubs/foundry-client.ts";
import { Dice3dStub, makeGm, resetWorld, world, GENERATIONS, type ActorStub } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import { toSecondRealm } from "../stubs/applications.ts";
import { rollChallengeEffect, rollFortune } from "../../src/applications/chat/roll-other.ts";
import { RollDialog } from "../../src/applications/dialogs/roll-dialog.ts";
import { api } from "../../src/api.ts";
import { createChallengeCard, markEgoSpent, riskyCardResult, selectDie } from "../../src/chat/index.ts";
import { cardFlags, type StoredCard } from "../../src/documents/chat-message.ts";
import { TerranChatMessage } from "../../src/documents/chat-message.ts";
import { registerCardPresenter } from "../../src/applications/chat/card-presenter.ts";
import { QUERIES, registerQueries } from "../../src/relay/queries.ts";
import type { CharacterData } from "../../src/data/actor/character.ts";
import { card, GM, isClosed, OTHER, ROLLER } from "../chat/fixtures.ts";
import { english } from "../support/templates.ts";
import {
  challenge,
  challengeState,
  click,
  clickOn,
  confirmedCard,
  disposition,
  grit,
  hero,
  message,
  riskyState,
  shown,
  stub,
} from "./card-builders.ts";

function terranMessage(
  stored: StoredCard,
  audience: { author?: string; whisper?: string[]; blind?: boolean } = {},
): TerranChatMessage & ChatMessageStub {
  const author =
    audience.author ??
    (stored.kind === "result" ? world.user.id : "rollerId" in stored.state ? stored.state.rollerId : stored.state.gmId);
  const msg: unknown = Reflect.construct(TerranChatMessage, [
    { flags: cardFlags(stored), author, whisper: audience.whisper ?? [], blind: audience.blind ?? false },
  ]);
  return msg as TerranChatMessage & ChatMessageStub;
}

function harmCard(face: number): ChatMessageStub {
  const state = createChallengeCard({
    rollerId: GM.id,
    challengeUuid: "Actor.c",
    challengeName: "Wolf",
    facetName: "",
    stats: { dice: 1, halved: false },
    faces: [face],
    chain: [],
  });
  return message({ kind: "challenge", state });
}

/**
 * The GM's query handler, called as the GM's client would be for a request `asker` sent: Foundry does not
 * tell the handler who asked (foundryvtt#13418), so the request names its asker (`askerId`, added here
 * unless the data already has one).
 */
async function askAs(asker: { id: string; isGM: boolean }, query: string, data: unknown): Promise<unknown> {
  const handler = (CONFIG.queries as unknown as Record<string, (d: unknown, o: object) => Promise<unknown>>)[query];
  if (!handler) throw new Error(`no handler for ${query}`);
  const gm = world.gm ?? makeGm();
  const before = world.user;
  world.user = gm;
  const sent =
    typeof data === "object" && data !== null && !("askerId" in data) ? { askerId: asker.id, ...data } : data;
  try {
    return await handler(sent, { timeout: 10_000 });
  } finally {
    world.user = before;
  }
}

function asPlayer(): void {
  world.user = { ...ROLLER, targets: new Set() };
}

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] cards at a real table", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    registerQueries();
    registerCardPresenter();
  });

  // 1. Private rolls --------------------------------------------------------------------------

  it("R-RA-5 (stand-ins): a blind roll shows its roller and other players only core's private view — no dice, outcome or buttons; the GM sees the card", async () => {
    const msg = terranMessage({ kind: "risky", state: card([5, 3]) }, { whisper: [GM.id], blind: true });
    for (const viewer of [ROLLER, OTHER]) {
      world.user = { ...viewer, targets: new Set() };
      const html = await msg.renderHTML();
      expect(html.querySelector("[data-card]")).toBeNull();
      expect(html.querySelector("[data-action]")).toBeNull();
      expect(html.querySelector(".private-roll")).not.toBeNull();
    }
    world.user = { ...GM, targets: new Set() };
    expect((await msg.renderHTML()).querySelector('[data-card="risky"]')).not.toBeNull();
  });

  it("R-RA-5 (stand-ins): a self roll is the roller's alone: another player's view holds no card, and a click forged onto it changes nothing", async () => {
    const msg = terranMessage({ kind: "risky", state: card([5, 3, 2]) }, { whisper: [ROLLER.id] });
    const mine = await msg.renderHTML();
    expect(mine.querySelector('[data-card="risky"]')).not.toBeNull();
    const button = mine.querySelector<HTMLElement>('[data-action="select-die"][data-role="effect"]');
    if (!button) throw new Error("no die button");
    world.user = { ...OTHER, targets: new Set() };
    expect((await msg.renderHTML()).querySelector("[data-card]")).toBeNull();
    await clickOn(msg, button);
    expect(msg.updates).toEqual([]);
  });

  // 2. Modes -----------------------------------------------------------------------------------

  it("(stand-ins) the roll dialog starts from the chat's current mode, and the card it posts goes to that audience", async () => {
    world.messageMode = "blind";
    const mira = hero();
    const dialog = new RollDialog({
      actor: mira,
      target: { kind: "attribute", attribute: "finesse" },
      weapon: null,
    }) as RollDialog & { element: HTMLElement };
    await dialog.render({ force: true });
    const select = dialog.element.querySelector<HTMLSelectElement>('select[name="messageMode"]');
    expect(select?.querySelector("option[selected]")?.getAttribute("value")).toBe("blind");
    nextFaces.push(5, 3);
    dialog.element.querySelector<HTMLElement>('[data-action="roll"]')?.click();
    await vi.waitFor(() => expect(world.created).toHaveLength(1));
    expect(world.created[0]).toMatchObject({ whisper: [GM.id], blind: true });
  });

  it("(stand-ins) result cards, a Challenge's Effect and the Fortune die are posted under the chat's current mode", async () => {
    world.messageMode = "self";
    const mira = hero("Mira", { grit: 1 });
    nextFaces.push(4, 4, 4);
    await mira.rest();
    expect(world.created.at(-1)).toMatchObject({ whisper: [ROLLER.id], blind: false });

    const gm = makeGm();
    world.gm = gm;
    world.user = gm;
    world.messageMode = "gm";
    const wolf = challenge("Wolf");
    nextFaces.push(3);
    await rollChallengeEffect(wolf as unknown as Actor.Implementation);
    expect(world.created.at(-1)).toMatchObject({ whisper: [GM.id], blind: false });
    world.messageMode = "blind";
    nextFaces.push(5);
    await rollFortune(4);
    expect(world.created.at(-1)).toMatchObject({ whisper: [GM.id], blind: true });
  });

  it("(stand-ins) a player rolls only for what they own: another's character or a Challenge is refused with a warning, no dialog and no card", async () => {
    const mira = hero("Mira"); // owned by player1
    const wolf = challenge("Wolf");
    world.user = { ...OTHER, targets: new Set() };
    await api.roll(mira, "finesse");
    nextFaces.push(4);
    await api.rollChallengeEffect(wolf as unknown as Actor.Implementation);
    expect(world.opened).toEqual([]);
    expect(world.created).toEqual([]);
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.notActorOwner", "TERRAN.Card.Reason.notActorOwner"]);
  });

  // 3. Applying from a card the clicker did not post --------------------------------------------

  it("R-CH-4 (stand-ins): a player applies the GM's Challenge card to their own character through the GM; harm lands once and the card records it", async () => {
    world.gm = makeGm();
    asPlayer();
    const mira = hero("Mira", { grit: 3 });
    world.user.targets = new Set([{ actor: stub(mira) }]);
    const msg = harmCard(2);
    await click(msg, '[data-action="apply-harm"]');
    expect(grit(mira)).toBe(1);
    expect(
      challengeState(msg).harm.map((h): unknown[] => [
        h.targetName,
        Reflect.get(h, "gritBefore"),
        Reflect.get(h, "gritAfter"),
      ]),
    ).toEqual([["Mira", 3, 1]]);
    expect(world.warnings).toEqual([]);
  });

  // 4. Idempotent ------------------------------------------------------------------------------

  it("R-CH-4 (stand-ins): two clicks at once, or a click after, harm a character once", async () => {
    const gm = makeGm();
    world.gm = gm;
    world.user = gm;
    const mira = hero("Mira", { grit: 3 });
    world.user.targets = new Set([{ actor: stub(mira) }]);
    const msg = harmCard(1);
    const root = await shown(msg);
    const button = root.querySelector<HTMLElement>('[data-action="apply-harm"]');
    if (!button) throw new Error("no apply-harm button");
    await Promise.all([clickOn(msg, button), clickOn(msg, button)]);
    await clickOn(msg, button);
    expect(grit(mira)).toBe(2);
    expect(challengeState(msg).harm).toHaveLength(1);
  });

  it("R-RA-7 (stand-ins): the same request reaching the GM twice at once wears the Disposition down once; the roller's click after applies nothing", async () => {
    const gm = makeGm();
    world.gm = gm;
    const vault = challenge();
    const state = confirmedCard();
    const effect = riskyCardResult(state).effect?.value ?? 0;
    const msg = message({ kind: "risky", state });
    const handler = (CONFIG.queries as unknown as Record<string, (d: unknown, o: object) => Promise<{ ok: boolean }>>)[
      QUERIES.applyEffect
    ];
    const request = {
      askerId: ROLLER.id,
      messageId: msg.id,
      hit: "effect",
      targetUuid: vault.uuid,
      facet: null,
      version: state.version,
    };
    world.user = gm; // both run on the GM's client
    const answers = await Promise.all([handler?.(request, {}), handler?.(request, {})]);
    expect(answers.map((a) => a?.ok)).toEqual([true, false]);
    asPlayer();
    world.user.targets = new Set([{ actor: vault }]);
    await click(msg, '[data-action="apply-effect"]', (el) => el.removeAttribute("aria-disabled"));
    expect(disposition(vault)).toBe(8 - effect);
    expect(riskyState(msg).applied).toHaveLength(1);
  });

  it("R-CH-4 (stand-ins): when a player's harm cannot be recorded on the GM's card it is not applied either, so a second click cannot apply it twice", async () => {
    world.gm = makeGm();
    asPlayer();
    const mira = hero("Mira", { grit: 3 });
    world.user.targets = new Set([{ actor: stub(mira) }]);
    const msg = harmCard(1);
    await click(msg, '[data-action="apply-harm"]').catch(() => undefined);
    await click(msg, '[data-action="apply-harm"]').catch(() => undefined);
    expect(grit(mira)).toBe(2);
  });

  // 5. Prompts and refusals on the right screen ------------------------------------------------

  it("R-HARM-3 (stand-ins): the wound track is asked on the player's screen before the GM applies; the GM's screen shows nothing", async () => {
    world.gm = makeGm();
    asPlayer();
    const mira = hero("Mira", { grit: 0 });
    world.user.targets = new Set([{ actor: stub(mira) }]);
    world.dialogAnswers.push("weary");
    await click(harmCard(2), '[data-action="apply-harm"]');
    expect(world.dialogs.map((d) => d.shownTo)).toEqual([ROLLER.id]);
    expect((mira.system as CharacterData).wounds.weary).toBe(true);
    expect(world.notices.filter((n) => n.userId === GM.id)).toEqual([]);
  });

  it("R-HARM-5 (stand-ins): a refusal on the GM's side comes back to the player as a localised warning; the GM sees nothing and nothing changes", async () => {
    world.gm = makeGm();
    asPlayer();
    const mira = hero("Mira", { grit: 3 });
    await stub(mira).update({ system: { dead: true } });
    world.user.targets = new Set([{ actor: stub(mira) }]);
    const msg = harmCard(2);
    await click(msg, '[data-action="apply-harm"]');
    expect(world.notices.map((n) => [n.userId, n.level])).toEqual([[ROLLER.id, "warn"]]);
    expect(world.warnings[0]).toBe("TERRAN.Error.dead");
    expect(challengeState(msg).harm).toEqual([]);
  });

  it("R-CH-4 R-HARM-5 (stand-ins): harm on several characters: one refused (dead) is named, the others still take it", async () => {
    const gm = makeGm();
    world.gm = gm;
    world.user = gm;
    const dead = hero("Ash", { grit: 3 });
    await stub(dead).update({ system: { dead: true } });
    const mira = hero("Mira", { grit: 3 });
    world.user.targets = new Set([{ actor: stub(dead) }, { actor: stub(mira) }]);
    const msg = harmCard(1);
    await click(msg, '[data-action="apply-harm"]');
    expect(grit(mira)).toBe(2);
    expect(challengeState(msg).harm.map((h) => h.targetName)).toEqual(["Mira"]);
    expect(world.warnings).toEqual(["TERRAN.Error.dead"]);
  });

  it("R-EGO-2 (stand-ins): an Undo whose Ego cannot be given back leaves the card as it was", async () => {
    const mira = hero("Mira", { ego: 2 });
    const spent = markEgoSpent(card([5], [1, 2], { actorUuid: mira.uuid, egoBefore: 4 }), ROLLER);
    const msg = message({ kind: "risky", state: spent });
    stub(mira).isOwner = false; // the roller no longer owns the character: Foundry refuses the Ego update
    await click(msg, '[data-action="undo-ego"]').catch(() => undefined);
    expect(riskyState(msg).ego).toMatchObject({ spent: true, undone: false });
    expect((mira.system as CharacterData).ego.value).toBe(2);
  });

  // 6. The GM's side trusts nothing -------------------------------------------------------------

  it("(stand-ins) the GM's handlers refuse forged requests, log them and change nothing", async () => {
    world.gm = makeGm();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const vault = challenge();
    const mira = hero("Mira", { grit: 3 });
    const state = confirmedCard();
    const msg = message({ kind: "risky", state });
    const harm = harmCard(3);
    const forged: [query: string, asker: { id: string; isGM: boolean }, data: unknown][] = [
      // The old shape: any amount to any actor.
      [QUERIES.applyEffect, OTHER, { actorUuid: vault.uuid, facet: null, effect: 99 }],
      [QUERIES.applyHarm, OTHER, { actorUuid: mira.uuid, effect: 99, sacrificeShield: false, woundTrack: null }],
      // Another player's card, by someone who neither rolled it nor owns the target.
      [
        QUERIES.applyEffect,
        OTHER,
        { messageId: msg.id, hit: "effect", targetUuid: vault.uuid, facet: null, version: state.version },
      ],
      // No such message; a card of the other kind; a hit that is not one; a stale version; a facet that is no index.
      [
        QUERIES.applyEffect,
        ROLLER,
        { messageId: "nope", hit: "effect", targetUuid: vault.uuid, facet: null, version: state.version },
      ],
      [
        QUERIES.applyEffect,
        ROLLER,
        { messageId: harm.id, hit: "effect", targetUuid: vault.uuid, facet: null, version: 0 },
      ],
      [
        QUERIES.applyEffect,
        ROLLER,
        { messageId: msg.id, hit: "__proto__", targetUuid: vault.uuid, facet: null, version: state.version },
      ],
      [
        QUERIES.applyEffect,
        ROLLER,
        { messageId: msg.id, hit: "effect", targetUuid: vault.uuid, facet: null, version: state.version - 1 },
      ],
      [
        QUERIES.applyEffect,
        ROLLER,
        { messageId: msg.id, hit: "effect", targetUuid: vault.uuid, facet: "0", version: state.version },
      ],
      // Harm to a character the asker does not own, from a card they did not roll.
      [
        QUERIES.applyHarm,
        OTHER,
        {
          messageId: harm.id,
          targetUuid: mira.uuid,
          version: 0,
          choice: { model: "grit", sacrificeShield: false, woundTrack: null },
        },
      ],
      // The asker is who the request says (Foundry does not say, foundryvtt#13418): no such user, a GM
      // (who applies on their own client and never asks), no asker.
      [
        QUERIES.applyEffect,
        ROLLER,
        {
          askerId: "nobody",
          messageId: msg.id,
          hit: "effect",
          targetUuid: vault.uuid,
          facet: null,
          version: state.version,
        },
      ],
      [
        QUERIES.applyEffect,
        ROLLER,
        {
          askerId: GM.id,
          messageId: msg.id,
          hit: "effect",
          targetUuid: vault.uuid,
          facet: null,
          version: state.version,
        },
      ],
      [
        QUERIES.applyEffect,
        ROLLER,
        {
          askerId: null,
          messageId: msg.id,
          hit: "effect",
          targetUuid: vault.uuid,
          facet: null,
          version: state.version,
        },
      ],
    ];
    for (const [query, asker, data] of forged) {
      await expect(askAs(asker, query, data)).resolves.toMatchObject({ ok: false });
    }
    expect(disposition(vault)).toBe(8);
    expect(grit(mira)).toBe(3);
    expect(riskyState(msg).applied).toEqual([]);
    expect(challengeState(harm).harm).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(forged.length);
    warn.mockRestore();
  });

  // 7. Dice So Nice shows the chain once, to those who may see it --------------------------------

  it("R-RA-3 (stand-ins): with Dice So Nice, a confirmed chain animates once, with the message's audience", async () => {
    const dsn = new Dice3dStub();
    world.modules.add("dice-so-nice");
    world.dice3d = dsn;
    const explode = card([5, 6]);
    const chosen = selectDie(explode, ROLLER, 1, "effect", explode.version);
    const msg = message({ kind: "risky", state: chosen }, { whisper: [GM.id, ROLLER.id] });
    nextFaces.push(2);
    await click(msg, '[data-action="confirm-effect"]');
    expect(dsn.animations).toHaveLength(1);
    expect(dsn.animations[0]).toMatchObject({ whisper: [GM.id, ROLLER.id], blind: false });
  });

  // Detached windows (v14) ---------------------------------------------------------------------

  it("(stand-ins) popped out into its own window (v14), the roll dialog still reads its fields and steppers and rolls", async () => {
    const mira = hero();
    const dialog = new RollDialog({
      actor: mira,
      target: { kind: "attribute", attribute: "finesse" },
      weapon: null,
    }) as RollDialog & { element: HTMLElement; detach(): void; render(): Promise<unknown> };
    await dialog.render({ force: true });
    if (generation < 14) return expect(() => dialog.detach()).toThrow();
    dialog.detach();
    await dialog.render();
    const select = dialog.element.querySelector<HTMLSelectElement>('select[name="messageMode"]');
    expect(select instanceof HTMLElement).toBe(false); // the premise: nodes of another realm
    if (!select) throw new Error("no mode select");
    select.value = "self";
    select.dispatchEvent(
      new (select.ownerDocument.defaultView as unknown as typeof globalThis).Event("change", { bubbles: true }),
    );
    await vi.waitFor(() =>
      expect(dialog.element.querySelector('select[name="messageMode"] option[selected]')?.getAttribute("value")).toBe(
        "self",
      ),
    );
    nextFaces.push(5, 3);
    dialog.element.querySelector<HTMLElement>('[data-action="roll"]')?.click();
    await vi.waitFor(() => expect(world.created).toHaveLength(1));
    expect(world.created[0]).toMatchObject({ whisper: [ROLLER.id] });
  });

  it("R-RA-5 (stand-ins): a click on a card drawn in a detached window (nodes of another realm) is dispatched", async () => {
    const state = card([5, 3, 2]);
    const msg = message({ kind: "risky", state });
    const root = toSecondRealm(await shown(msg));
    const die = root.querySelector<HTMLElement>('[data-action="select-die"][data-index="2"][data-role="effect"]');
    if (!die) throw new Error("no die button");
    expect(die instanceof HTMLElement).toBe(false);
    await clickOn(msg, die);
    expect(riskyState(msg)).toEqual(selectDie(state, ROLLER, 2, "effect", state.version));
  });

  it("R-CH-6 R-RA-7 (stand-ins, house rule): without the world's house rule (the default) a Challenge's stored armour is ignored: the whole Effect comes off, recorded with armour 0", async () => {
    const gm = makeGm();
    world.gm = gm;
    world.user = gm;
    const vault = challenge("Vault", [], 8, 1);
    world.user.targets = new Set([{ actor: vault }]);
    const state = confirmedCard();
    const effect = riskyCardResult(state).effect?.value ?? 0;
    const msg = message({ kind: "risky", state });
    await click(msg, '[data-action="apply-effect"]');
    expect(disposition(vault)).toBe(Math.max(0, 8 - effect));
    expect(riskyState(msg).applied[0]).toMatchObject({ effect, armour: 0, before: 8 });
  });

  it("R-CH-6 R-RA-7 R-HARM-1 (stand-ins, house rule): with it on, an Effect on an armoured Challenge is recorded with the armour, so the card's check of the Disposition is exact", async () => {
    world.settings.set("challengeArmour", true);
    const gm = makeGm();
    world.gm = gm;
    world.user = gm;
    const vault = challenge("Vault", [], 8, 1);
    world.user.targets = new Set([{ actor: vault }]);
    const state = confirmedCard();
    const effect = riskyCardResult(state).effect?.value ?? 0;
    const msg = message({ kind: "risky", state });
    await click(msg, '[data-action="apply-effect"]');
    expect(disposition(vault)).toBe(8 - (effect - 1));
    expect(riskyState(msg).applied[0]).toMatchObject({ effect, armour: 1, before: 8, after: 8 - (effect - 1) });
  });

  it("(stand-ins) a card whose stored state is corrupt renders a short notice in its place, not a broken chat log; its buttons are gone", async () => {
    const forged = { ...card([5, 3]), light: [4.5, 3] } as unknown as ReturnType<typeof card>;
    const msg = terranMessage({ kind: "risky", state: forged });
    const html = await msg.renderHTML();
    expect(html.querySelector("[data-action]")).toBeNull();
    expect(html.querySelector(".message-content")?.textContent).toContain("TERRAN.Card.corrupt");
  });

  // 8. Owners apply with no GM online ------------------------------------------------------------

  it("R-RA-7 (stand-ins): under 'owners' with no GM online, a player's Apply is open and says it reaches only targets they own; it applies to one they own", async () => {
    world.settings.set("applyPermission", "owners");
    const state = confirmedCard();
    const effect = riskyCardResult(state).effect?.value ?? 0;
    const msg = message({ kind: "risky", state });
    const apply = (await shown(msg)).querySelector<HTMLButtonElement>('[data-action="apply-effect"]');
    expect(isClosed(apply)).toBe(false);
    expect(apply?.title).toBe(english("TERRAN.Card.Reason.ownedOnly"));
    const vault: ActorStub = challenge();
    vault.isOwner = true;
    world.user.targets = new Set([{ actor: vault }]);
    await click(msg, '[data-action="apply-effect"]');
    expect(disposition(vault)).toBe(8 - effect);
    expect(riskyState(msg).applied).toHaveLength(1);
  });

  it("R-CH-4 (stand-ins): under 'owners' with no GM online, a player harms their own character from the GM's card; the character remembers it, so a second click does nothing", async () => {
    world.settings.set("applyPermission", "owners");
    const mira = hero("Mira", { grit: 3 });
    world.user.targets = new Set([{ actor: stub(mira) }]);
    const msg = harmCard(1);
    await click(msg, '[data-action="apply-harm"]');
    expect(grit(mira)).toBe(2);
    expect(challengeState(msg).harm).toEqual([]); // only its author or a GM may write the card
    expect(world.notices.map((n) => n.message)).toEqual(["TERRAN.Card.appliedUnrecorded"]);
    await click(msg, '[data-action="apply-harm"]');
    expect(grit(mira)).toBe(2);
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.alreadyApplied"]);
  });
});
