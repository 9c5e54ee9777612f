// @vitest-environment happy-dom
/**
 * A hostile player, on FOUNDRY STAND-INS (v13 and v14): they may create any message with any flags and rolls and
 * update their own, and ask the GM's client anything; only a message's author is vouched for. Every card below is
 * forged on the attacker's own message and refused by the GM's side, with nothing changed.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ChatMessageStub, GENERATIONS, HELD, makeGm, resetWorld, world } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import { registerCardPresenter } from "../../src/applications/chat/card-presenter.ts";
import {
  createChallengeCard,
  createLegacyMontageCard,
  createRequestCard,
  createSessionCard,
  type ChallengeCardState,
  type LegacyMontageState,
  type RiskyCardState,
} from "../../src/chat/index.ts";
import type { CharacterData } from "../../src/data/actor/character.ts";
import { answerFlags, cardFlags, TerranChatMessage, type StoredCard } from "../../src/documents/chat-message.ts";
import { requestAnswersFor } from "../../src/table/roll-requests.ts";
import { CORE } from "../../src/rules/index.ts";
import { rollLegacyMontage } from "../../src/documents/legacy-play.ts";
import { QUERIES, registerQueries } from "../../src/relay/queries.ts";
import { luckEntryOf } from "../../src/table/luck.ts";
import { card, GM } from "../chat/fixtures.ts";
import {
  asMessage,
  challenge,
  click,
  disposition,
  hero,
  message,
  rollsOf,
  shown,
  stub,
} from "../foundry/card-builders.ts";
import { gmSaysYes, legacyHero } from "../foundry/legacy-builders.ts";

const ATTACKER = "player2";
const VICTIM = "player1";

interface Answer {
  ok: boolean;
  data?: { reason?: string; why?: string };
}

/** The GM's client answering a query the attacker sends (the handler runs as the GM; the data crosses as JSON). */
async function ask(query: string, data: object): Promise<Answer> {
  const gm = world.gm ?? makeGm();
  world.gm = gm;
  return (await gm.query(query, { askerId: ATTACKER, ...data })) as Answer;
}

function as(id: string, isGM = false): void {
  world.user = { id, isGM, targets: new Set() };
}

/** The attacker's own message holding `stored`, with rolls that match its dice unless `rolls` says otherwise. */
function forged(stored: StoredCard, rolls?: unknown[]): ChatMessageStub {
  return message(stored, { author: ATTACKER, rolls: rolls ?? rollsOf(stored) });
}

/** The victim's character, built (and owned) by the victim. */
function victimsCharacter(): ReturnType<typeof hero> {
  as(VICTIM);
  const mira = hero("Mira", { grit: 3, ego: 4 });
  as(ATTACKER);
  return mira;
}

function forgedChallengeCard(challengeUuid: string, dice = 1): ChallengeCardState {
  return createChallengeCard({
    rollerId: ATTACKER,
    challengeUuid,
    challengeName: "Nightmare",
    facetName: "",
    stats: { dice, halved: false },
    faces: [6, ...Array.from({ length: dice - 1 }, () => 1)],
    chain: [6, 6, 6, 1],
  });
}

const system = (actor: { system: unknown }) => actor.system as CharacterData;

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] a hostile player, through the GM's client", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    registerQueries();
    registerCardPresenter();
    world.gm = makeGm();
    as(ATTACKER);
  });

  it("R-CH-4 a Challenge card the attacker made up harms no one: no Challenge, or one they do not own, changes nothing", async () => {
    const mira = victimsCharacter();
    const wounds = structuredClone(system(mira).wounds);
    for (const uuid of ["Actor.doesNotExist0", challenge("Dragon").uuid]) {
      const msg = forged({ kind: "challenge", state: forgedChallengeCard(uuid) });
      const answer = await ask(QUERIES.applyHarm, {
        messageId: msg.id,
        targetUuid: mira.uuid,
        version: 0,
        choice: { model: "grit", sacrificeShield: false, woundTrack: "broken" },
      });
      expect(answer).toMatchObject({ ok: false, data: { reason: "untrustedCard" } });
      expect(system(mira).grit.value).toBe(3);
      expect(system(mira).wounds).toEqual(wounds);
    }
  });

  it("R-CH-2 a Challenge card whose dice are not what its Challenge throws is refused, even from the Challenge's owner", async () => {
    const mira = victimsCharacter();
    const own = challenge("Imp");
    own.ownership = { default: 0, [ATTACKER]: 3 };
    const msg = forged({ kind: "challenge", state: forgedChallengeCard(own.uuid, 5) });
    const answer = await ask(QUERIES.applyHarm, {
      messageId: msg.id,
      targetUuid: mira.uuid,
      version: 0,
      choice: { model: "grit", sacrificeShield: false, woundTrack: null },
    });
    expect(answer).toMatchObject({ ok: false, data: { reason: "untrustedCard", why: "claimsDiffer" } });
    expect(system(mira).grit.value).toBe(3);
  });

  it("R-HARM-2 R-HARM-3 the owner of a Challenge harming another player's character cannot choose that character's wound or shield", async () => {
    const mira = victimsCharacter();
    const own = challenge("Imp");
    own.ownership = { default: 0, [ATTACKER]: 3 };
    const state = createChallengeCard({
      rollerId: ATTACKER,
      challengeUuid: own.uuid,
      challengeName: "Imp",
      facetName: "",
      stats: { dice: 1, halved: false },
      faces: [6],
      chain: [1],
    });
    const msg = forged({ kind: "challenge", state });
    for (const choice of [{ woundTrack: "broken" }, { sacrificeShield: true }]) {
      const answer = await ask(QUERIES.applyHarm, {
        messageId: msg.id,
        targetUuid: mira.uuid,
        version: 0,
        choice: { model: "grit", sacrificeShield: false, woundTrack: null, ...choice },
      });
      expect(answer).toMatchObject({ ok: false, data: { reason: "ownerChooses" } });
    }
    expect(system(mira).grit.value).toBe(3);
  });

  it("R-CH-4 a choice tagged with another health model than the world's is refused, and changes nothing", async () => {
    const mira = victimsCharacter();
    const own = challenge("Imp");
    own.ownership = { default: 0, [ATTACKER]: 3 };
    const state = createChallengeCard({
      rollerId: ATTACKER,
      challengeUuid: own.uuid,
      challengeName: "Imp",
      facetName: "",
      stats: { dice: 1, halved: false },
      faces: [2],
      chain: [],
    });
    const msg = forged({ kind: "challenge", state });
    const request = { messageId: msg.id, targetUuid: mira.uuid, version: 0 };
    const hp = { model: "hp", sacrificeShield: false, protectedDice: 0, lostAttribute: null };
    const answer = await ask(QUERIES.applyHarm, { ...request, choice: hp });
    expect(answer).toMatchObject({ ok: false, data: { reason: "badRequest", field: "choice.model" } });
    expect(system(mira).grit.value).toBe(3);
    // The world's own model, no choice made: it goes through.
    const grit = { model: "grit", sacrificeShield: false, woundTrack: null };
    expect(await ask(QUERIES.applyHarm, { ...request, choice: grit })).toMatchObject({ ok: true });
    expect(system(mira).grit.value).toBe(1);
  });

  it("R-LEG-14 a montage card naming another player's character as a companion takes none of their Ego", async () => {
    world.settings.set("ruleset", "legacy");
    as(VICTIM);
    const victim = legacyHero("Ilse", { ego: 4 });
    as(ATTACKER);
    const own = legacyHero("Oskar", { ego: 4 });
    const storm = challenge("Storm", [], 8);
    const roll = {
      actorName: "Oskar",
      attributeLabelKey: "TERRAN.Legacy.Attribute.strength",
      skillLabelKey: null,
      light: [5],
      dark: [2, 1],
      costly: [true, true],
      ego: { before: 4, after: 4 },
      lost: false,
      challengeName: "Storm",
      tierKey: "TERRAN.ChallengeTier.dangerous",
      challengeFaces: [2],
      challengeChain: [],
      challengeEffect: 2,
      complication: 0,
    };
    const montage = (extra: Partial<LegacyMontageState> = {}): StoredCard => ({
      kind: "legacyMontage",
      state: {
        ...createLegacyMontageCard({
          rollerId: ATTACKER,
          actorUuid: own.uuid,
          challengeUuid: storm.uuid,
          roll,
          shares: [{ actorUuid: victim.uuid, name: "Ilse", pays: 4 }],
        }),
        ...extra,
      },
    });
    const egoOf = () => system(victim).toObject().ratings?.ego.value;
    // No GM agreed to it.
    const unagreed = forged(montage());
    const request = { messageId: unagreed.id, companionUuid: victim.uuid, version: 0 };
    expect(await ask(QUERIES.payShare, request)).toMatchObject({ ok: false, data: { why: "noGmWord" } });
    // With the GM's yes, the share is still the companion's owner's to pay.
    const word = await gmSaysYes(own.uuid, storm.uuid);
    const agreed = forged(montage({ gmWord: word }));
    const asked = { messageId: agreed.id, companionUuid: victim.uuid, version: 0 };
    expect(await ask(QUERIES.payShare, asked)).toMatchObject({ ok: false, data: { reason: "notShareOwner" } });
    // Asking more than the montage costs (two costly Dark Dice: 4) is refused as damaged.
    const greedy = forged(
      montage({ gmWord: word, shares: [{ actorUuid: victim.uuid, name: "Ilse", pays: 40, paid: false }] }),
    );
    const more = { messageId: greedy.id, companionUuid: victim.uuid, version: 0 };
    expect(await ask(QUERIES.payShare, more)).toMatchObject({ ok: false });
    expect(egoOf()).toBe(4);
    expect(system(victim).lost).toBe(false);
  });

  it("R-LEG-14 a montage card without the GM's yes, or reusing another card's, overcomes no Challenge", async () => {
    world.settings.set("ruleset", "legacy");
    const oskar = legacyHero("Oskar");
    const storm = challenge("Storm", [], 8);
    const target = { uuid: storm.uuid, name: "Storm", tier: "dangerous", n: 4, dice: 1, halved: false };
    const word = await gmSaysYes(oskar.uuid, storm.uuid);
    const throwOne = async (gmWord?: { gmId: string; id: string }) => {
      nextFaces.push(2, 6);
      await rollLegacyMontage(oskar, {
        attribute: "strength",
        skill: "",
        raw: 1,
        dark: 0,
        challenge: target,
        messageMode: "public",
        ...(gmWord ? { gmWord } : {}),
      });
      const posted = [...world.messages.values()].at(-1);
      if (!posted) throw new Error("no montage card posted");
      return posted;
    };
    const first = await throwOne(word);
    const second = await throwOne(word);
    const none = await throwOne();
    for (const msg of [second, none]) {
      const answer = await ask(QUERIES.applyEffect, {
        messageId: msg.id,
        hit: "effect",
        targetUuid: storm.uuid,
        facet: null,
        version: 0,
      });
      expect(answer).toMatchObject({ ok: false, data: { reason: "untrustedCard", why: "noGmWord" } });
      expect(disposition(storm)).toBe(8);
    }
    // The card the GM's yes was for still works.
    const answer = await ask(QUERIES.applyEffect, {
      messageId: first.id,
      hit: "effect",
      targetUuid: storm.uuid,
      facet: null,
      version: 0,
    });
    expect(answer).toMatchObject({ ok: true });
    expect(disposition(storm)).toBe(0);
  });

  it("R-LEG-14 another player's messages claiming the GM's yes, or shaped as nothing, do not take it from its card", async () => {
    world.settings.set("ruleset", "legacy");
    const oskar = legacyHero("Oskar");
    const storm = challenge("Storm", [], 8);
    const word = await gmSaysYes(oskar.uuid, storm.uuid);
    // Posted first, by a player the GM did not answer: one claims the yes, one holds no state at all.
    for (const state of [{ gmWord: word }, null]) {
      const flags = cardFlags({ kind: "legacyMontage", state } as unknown as StoredCard);
      new ChatMessageStub({ flags, author: VICTIM, rolls: [] });
    }
    nextFaces.push(2, 6);
    await rollLegacyMontage(oskar, {
      attribute: "strength",
      skill: "",
      raw: 1,
      dark: 0,
      challenge: { uuid: storm.uuid, name: "Storm", tier: "dangerous", n: 4, dice: 1, halved: false },
      messageMode: "public",
      gmWord: word,
    });
    const posted = [...world.messages.values()].at(-1);
    if (!posted) throw new Error("no montage card posted");
    const answer = await ask(QUERIES.applyEffect, {
      messageId: posted.id,
      hit: "effect",
      targetUuid: storm.uuid,
      facet: null,
      version: 0,
    });
    expect(answer).toMatchObject({ ok: true });
    expect(disposition(storm)).toBe(0);
  });

  it("R-RA-7 a Risky card for another player's character, as another roller, or with dice its message did not roll applies no Effect", async () => {
    const mira = victimsCharacter();
    const vault = challenge("Vault", [], 8);
    const confirmed = (partial: Partial<RiskyCardState>): StoredCard => ({
      kind: "risky",
      state: { ...card([6, 5]), effect: { chain: [] }, ...partial },
    });
    const cases: [StoredCard, unknown[] | undefined, string][] = [
      [confirmed({ rollerId: ATTACKER, actorUuid: mira.uuid }), undefined, "notSubjectOwner"],
      [confirmed({ rollerId: VICTIM, actorUuid: mira.uuid }), undefined, "notRoller"],
      [confirmed({ rollerId: ATTACKER }), [], "diceNotRolled"],
    ];
    hero("Own");
    for (const [stored, rolls, why] of cases) {
      const msg = forged(stored, rolls);
      const answer = await ask(QUERIES.applyEffect, {
        messageId: msg.id,
        hit: "effect",
        targetUuid: vault.uuid,
        facet: null,
        version: 0,
      });
      expect(answer, why).toMatchObject({ ok: false, data: { reason: "untrustedCard", why } });
    }
    expect(disposition(vault)).toBe(8);
  });

  it("R-RA-7 a Risky card read under another ruleset than the world's applies no Effect (found by the GM-side fuzz)", async () => {
    const vault = challenge("Vault", [], 8);
    hero("Own");
    for (const rulesetId of ["degenesis", "legacy"] as const) {
      const stored: StoredCard = {
        kind: "risky",
        state: { ...card([6, 4], [], { rollerId: ATTACKER, rulesetId }), effect: { chain: [] } },
      };
      const msg = forged(stored);
      const answer = await ask(QUERIES.applyEffect, {
        messageId: msg.id,
        hit: "effect",
        targetUuid: vault.uuid,
        facet: null,
        version: 0,
      });
      expect(answer, rulesetId).toMatchObject({ ok: false, data: { reason: "untrustedCard", why: "otherRuleset" } });
    }
    expect(disposition(vault)).toBe(8);
  });

  it("R-RA-1 a player's own Fail card claiming the GM let it succeed lands no Effect: the GM's word is not on record", async () => {
    const vault = challenge("Vault", [], 8);
    const stored: StoredCard = {
      kind: "risky",
      state: { ...card([3, 2], [], { rollerId: ATTACKER }), gmAllowsSuccess: true, effect: { chain: [] } },
    };
    const msg = forged(stored);
    const answer = await ask(QUERIES.applyEffect, {
      messageId: msg.id,
      hit: "effect",
      targetUuid: vault.uuid,
      facet: null,
      version: 0,
    });
    expect(answer).toMatchObject({ ok: false, data: { reason: "noEffect" } });
    expect(disposition(vault)).toBe(8);
    // The card shows no GM's leave either.
    as(GM.id, true);
    expect((await shown(msg)).querySelector(".note.gm-success")).toBeNull();
  });

  it("R-XP-1 a session award written by a player is not the GM's: it says so, and its Undo takes nothing back", async () => {
    const mira = victimsCharacter();
    as(GM.id, true);
    await stub(mira).update({ "system.xp": 30 });
    as(ATTACKER);
    const state = createSessionCard("gm", [
      {
        actorUuid: mira.uuid,
        actorName: "Mira",
        xp: 30,
        given: true,
        refusal: null,
        before: 0,
        after: 30,
        undo: null,
      },
    ]);
    const msg = forged({ kind: "session", state });
    as(GM.id, true);
    const view = await shown(msg);
    expect(view.querySelector("[data-untrusted]")).not.toBeNull();
    await click(msg, '[data-action="undo-session"]', (el) => el.removeAttribute("aria-disabled"));
    expect(system(mira).xp).toBe(30);
    expect(world.warnings).toEqual(["TERRAN.Card.Untrusted.gmOnlyCard"]);
  });

  it("R-LEG-14 a forged Challenge card carries no complication onto anyone's next roll", async () => {
    world.settings.set("ruleset", "legacy");
    const mira = victimsCharacter();
    const msg = forged({ kind: "challenge", state: forgedChallengeCard("Actor.doesNotExist0") });
    const answer = await ask(QUERIES.carryComplication, { messageId: msg.id, targetUuid: mira.uuid });
    expect(answer).toMatchObject({ ok: false, data: { reason: "untrustedCard" } });
    expect(stub(mira).getFlag("terran-engine", "complications")).toBeUndefined();
  });

  it("R-LUCK-1 the luck ledger records no card in another player's name, nor one whose dice are not the message's", () => {
    const mira = victimsCharacter();
    const theirs = forged({ kind: "risky", state: card([6, 6], [], { rollerId: VICTIM, actorUuid: mira.uuid }) });
    const ownButForged = forged({ kind: "risky", state: card([6, 6], [], { rollerId: ATTACKER }) }, []);
    as(GM.id, true);
    expect(luckEntryOf(asMessage(theirs))).toBeNull();
    expect(luckEntryOf(asMessage(ownButForged))).toBeNull();
  });

  it("a roll request shows no result from an answer whose dice its message did not roll", async () => {
    const own = hero("Ash");
    const request = createRequestCard("gm", CORE, { kind: "attribute", attribute: "finesse" }, "", [
      { actorUuid: own.uuid, actorName: "Ash" },
    ]);
    const posted = message({ kind: "request", state: request }, { author: GM.id });
    const link = { requestId: posted.id, actorUuid: own.uuid };
    const answer = card([6, 6], [], { rollerId: ATTACKER, actorUuid: own.uuid });
    new ChatMessageStub({ flags: answerFlags({ kind: "risky", state: answer }, link), author: ATTACKER, rolls: [] });
    expect(await requestAnswersFor(asMessage(posted), request)).toEqual([null]);
  });

  it("a card of 10^6 dice, or of a kind named after Object's own keys, is refused whole: drawn as a notice, never acted on", async () => {
    const vault = challenge("Vault", [], 8);
    const huge = { ...forgedChallengeCard("Actor.x"), faces: Array.from({ length: 1e6 }, () => 1) };
    const cards = [
      { kind: "challenge", state: huge },
      { kind: "constructor", state: {} },
      { kind: "__proto__", state: {} },
    ] as unknown as StoredCard[];
    for (const stored of cards) {
      const msg = forged(stored, []);
      as(GM.id, true);
      const html = await (Object.setPrototypeOf(msg, TerranChatMessage.prototype) as TerranChatMessage).renderHTML();
      expect(html.querySelector(".message-content")?.textContent).toBe("TERRAN.Card.corrupt");
      as(ATTACKER);
      const answer = await ask(QUERIES.applyEffect, {
        messageId: msg.id,
        hit: "effect",
        targetUuid: vault.uuid,
        facet: null,
        version: 0,
      });
      expect(answer.ok).toBe(false);
    }
    expect(disposition(vault)).toBe(8);
  });

  it("R-LEG-14 the montage question: one open at a time per player, closed on the GM's screen when they stop waiting", async () => {
    world.settings.set("ruleset", "legacy");
    vi.useFakeTimers();
    try {
      const oskar = legacyHero("Oskar");
      const storm = challenge("Storm", [], 8);
      world.dialogAnswers.push(HELD);
      const first = ask(QUERIES.montageWord, { actorUuid: oskar.uuid, challengeUuid: storm.uuid });
      await vi.advanceTimersByTimeAsync(0);
      expect(world.openDialogs).toHaveLength(1);
      // A second question while the first is open is refused without a dialog.
      world.dialogAnswers.push(true);
      const second = await ask(QUERIES.montageWord, { actorUuid: oskar.uuid, challengeUuid: storm.uuid });
      expect(second).toMatchObject({ ok: false, data: { reason: "montageAsked" } });
      expect(world.openDialogs).toHaveLength(1);
      // The player stops waiting: the GM's dialog closes and says so; nothing was agreed.
      await vi.advanceTimersByTimeAsync(180_000);
      expect(world.openDialogs[0]?.closed).toBe(true);
      expect(await first).toMatchObject({ ok: false, data: { reason: "montageNoAnswer" } });
      expect(world.notices.map((n) => n.message)).toContain("TERRAN.Dialog.Legacy.Word.late");
      expect(world.users.get("gm")?.getFlag("terran-engine", "montageWords")).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
