// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts), on v13 and v14: the Legacy Risky
 * card's next step (R-LEG-11: a held tool's Effect rolled from the card, tied to it, once per hit;
 * R-LEG-15 Multi-attack's extra hits), the Effect card applied to a Challenge through the GM's query
 * (R-RA-7; the GM's side checks the card, the linked action and that it was not applied), and R-RA-9's
 * "a Challenge overcome first deals no Effect" on the Challenge card (ruling, docs/RULES.md §8). It checks
 * what OUR code rolls, stores, posts and asks; not Foundry's dice, sockets or chat.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { GENERATIONS, makeGm, resetWorld, world, type ItemStub } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import { registerCardPresenter } from "../../src/applications/chat/card-presenter.ts";
import { QUERIES, registerQueries } from "../../src/relay/queries.ts";
import { rollLegacyEffect, rollLegacyRisky } from "../../src/documents/legacy-actions.ts";
import { rollLegacyMontage } from "../../src/documents/legacy-play.ts";
import { payMontageShares } from "../../src/applications/resolution/separate-cards.ts";
import type { CharacterData } from "../../src/data/actor/character.ts";
import { storedCard } from "../../src/documents/chat-message.ts";
import { AdvancementData } from "../../src/data/item/advancement.ts";
import { WeaponData } from "../../src/data/item/weapon.ts";
import {
  confirmEffect,
  createChallengeCard,
  createRiskyCard,
  type LegacyEffectState,
  type LegacyRiskyState,
  type RiskyCardInput,
} from "../../src/chat/index.ts";
import { advancementSource } from "../documents/operations/fixtures.ts";
import { GM, isClosed, ROLLER } from "../chat/fixtures.ts";
import { asModel, challenge, click, disposition, grit, hero, message, shown, stub } from "./card-builders.ts";
import { gmSaysYes, legacyHero } from "./legacy-builders.ts";
import type { TerranActor } from "../../src/documents/actor.ts";
import type { ChatMessageStub } from "../stubs/chat.ts";
import { legacyValuesOf } from "../fixtures/legacy-values.ts";

function weapon(name: string, tags: string[] = []): ItemStub {
  return {
    id: `${name.toLowerCase()}`.padEnd(16, "0"),
    name,
    type: "weapon",
    system: new (asModel(WeaponData))(
      { rank: 2, ranges: ["contact"], tags, customTags: [], twoHanded: false, equipped: true, description: "" },
      { parent: null },
    ),
  };
}

function advancement(key: string): ItemStub {
  return {
    id: key.padEnd(16, "0"),
    name: key,
    type: "advancement",
    system: new (asModel(AdvancementData))({ ...advancementSource(key), source: "legacy" }, { parent: null }),
  };
}

const posted = (): ChatMessageStub[] => [...world.messages.values()];
const lastMessage = (): ChatMessageStub => {
  const m = posted().at(-1);
  if (!m) throw new Error("nothing was posted");
  return m;
};
const asMsg = (m: ChatMessageStub) => m as unknown as ChatMessage.Implementation;

function riskyOf(m: ChatMessageStub): LegacyRiskyState {
  const card = storedCard(asMsg(m));
  if (card?.kind !== "legacyRisky") throw new Error(`not a Legacy Risky card: ${String(card?.kind)}`);
  return card.state;
}

function effectOf(m: ChatMessageStub): LegacyEffectState {
  const card = storedCard(asMsg(m));
  if (card?.kind !== "legacyEffect") throw new Error(`not a Legacy Effect card: ${String(card?.kind)}`);
  return card.state;
}

/** Oskar (Strength 2, Ego 4) holding a sword and an axe, and the advancements named; his Risky Action posted. */
async function action(light: number[], dark: number[] = [], advancements: string[] = []) {
  const oskar = legacyHero("Oskar", { items: [weapon("Sword"), weapon("Axe"), ...advancements.map(advancement)] });
  nextFaces.push(...light, ...dark);
  await rollLegacyRisky(oskar, {
    attribute: "strength",
    skill: "",
    light: light.length,
    dark: dark.length,
    messageMode: "public",
  });
  return { oskar, risky: lastMessage() };
}

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] the Legacy Effect, tied to its Risky Action", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    world.settings.set("ruleset", "legacy");
    registerQueries();
    registerCardPresenter();
  });

  it("R-LEG-11 (stand-ins): a successful Risky card offers each held tool's Effect; the roll is tied to the card, once", async () => {
    const { risky } = await action([5, 2]);
    const root = await shown(risky);
    const names = [...root.querySelectorAll('[data-action="roll-effect"]')].map((b) => b.textContent?.trim());
    expect(names).toEqual(["Roll Effect: Sword", "Roll Effect: Axe"]);
    nextFaces.push(4);
    await click(risky, '[data-action="roll-effect"][data-index="1"]');
    const effect = lastMessage();
    expect(effectOf(effect)).toMatchObject({
      action: { messageId: risky.id, hit: 0 },
      roll: { toolName: "Axe", total: 4 },
      order: "gm",
    });
    expect(riskyOf(risky).effects).toEqual([{ hit: 0, toolId: "axe0000000000000", messageId: effect.id }]);
    // The hit is rolled: the buttons close, a forced click is refused with the reason, and nothing more is posted.
    const closed = (await shown(risky)).querySelector<HTMLButtonElement>('[data-action="roll-effect"]');
    expect(isClosed(closed)).toBe(true);
    const count = posted().length;
    await click(risky, '[data-action="roll-effect"][data-index="0"]', (el) => el.removeAttribute("aria-disabled"));
    expect(posted()).toHaveLength(count);
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.allRolled"]);
  });

  it("R-LEG-11 (stand-ins): a failed Risky card offers no Effect roll; an Effect rolled from the sheet says it had no successful action and is refused by the GM's step", async () => {
    const { oskar, risky } = await action([3, 1]);
    expect((await shown(risky)).querySelector('[data-action="roll-effect"]')).toBeNull();
    nextFaces.push(5);
    await rollLegacyEffect(oskar, "sword00000000000");
    const effect = lastMessage();
    expect(effectOf(effect).action).toBeNull();
    const root = await shown(effect);
    expect(root.querySelector(".without-action")).not.toBeNull();
    expect(isClosed(root.querySelector<HTMLButtonElement>('[data-action="apply-legacy-effect"]'))).toBe(true);
    // A forced click reaches the GM, who refuses it: the Disposition does not move.
    world.gm = makeGm();
    const wolf = challenge("Wolf");
    world.user.targets = new Set([{ actor: wolf }]);
    await click(effect, '[data-action="apply-legacy-effect"]', (el) => el.removeAttribute("aria-disabled"));
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.noAction"]);
    expect(disposition(wolf)).toBe(8);
  });

  it("R-RA-7 R-LEG-11 (stand-ins): a player applies the tied Effect through the GM's query; the card records it; a second apply is refused", async () => {
    const { risky } = await action([6]);
    nextFaces.push(5);
    await click(risky, '[data-action="roll-effect"][data-index="0"]');
    const effect = lastMessage();
    world.gm = makeGm();
    const wolf = challenge("Wolf");
    world.user.targets = new Set([{ actor: wolf }]);
    await click(effect, '[data-action="apply-legacy-effect"]');
    expect(world.gm.queries).toEqual([
      {
        name: QUERIES.applyEffect,
        data: {
          askerId: ROLLER.id,
          messageId: effect.id,
          hit: "effect",
          targetUuid: wolf.uuid,
          facet: null,
          version: 0,
        },
      },
    ]);
    expect(disposition(wolf)).toBe(3);
    expect(effectOf(effect).applied).toMatchObject([{ targetName: "Wolf", effect: 5, before: 8, after: 3 }]);
    await click(effect, '[data-action="apply-legacy-effect"]', (el) => el.removeAttribute("aria-disabled"));
    expect(disposition(wolf)).toBe(3);
    expect(world.warnings).toHaveLength(1);
  });

  it("R-LEG-11 (stand-ins): the GM's step refuses an Effect card whose Risky card does not name it back, or failed", async () => {
    const { risky } = await action([6]);
    nextFaces.push(5);
    await click(risky, '[data-action="roll-effect"][data-index="0"]');
    const effect = lastMessage();
    // The Risky card is rewritten to name another Effect card: the link no longer holds.
    const state = riskyOf(risky);
    await risky.update({
      flags: {
        "terran-engine": {
          card: { kind: "legacyRisky", state: { ...state, effects: [{ ...state.effects[0], messageId: "forged" }] } },
        },
      },
    });
    world.gm = makeGm();
    const wolf = challenge("Wolf");
    world.user.targets = new Set([{ actor: wolf }]);
    await click(effect, '[data-action="apply-legacy-effect"]');
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.notLinked"]);
    expect(disposition(wolf)).toBe(8);
  });

  it("R-LEG-15 (stand-ins): holding Multi-attack, each Dark Die showing 6 is one more hit, each rolled once from the card", async () => {
    const { risky } = await action([2], [6, 6], ["multiAttack"]);
    expect(riskyOf(risky).multiAttack).toBe(true);
    const root = await shown(risky);
    expect(root.textContent).toContain("2 extra hit(s) in melee");
    for (const face of [3, 4, 2]) {
      nextFaces.push(face);
      await click(risky, '[data-action="roll-effect"][data-index="0"]');
    }
    expect(riskyOf(risky).effects.map((e) => e.hit)).toEqual([0, 1, 2]);
    const count = posted().length;
    await click(risky, '[data-action="roll-effect"][data-index="0"]');
    expect(posted()).toHaveLength(count);
  });
});

/** A Core Risky card that succeeded with a confirmed Effect of `effect` (Precision 6), Fast or Slow as asked. */
function coreCard(effect: number, flags: Partial<RiskyCardInput["flags"]> = {}) {
  const fresh = createRiskyCard({
    rollerId: ROLLER.id,
    actorUuid: "Actor.mira",
    actorName: "Mira",
    rulesetId: "core",
    target: { kind: "attribute", attribute: "finesse" },
    reaction: false,
    light: [6, effect],
    dark: [],
    pool: {
      base: 2,
      baseLabel: "TERRAN.Attribute.finesse",
      lines: [],
      raw: 2,
      light: 2,
      dark: 0,
      clamp: null,
      empty: false,
    },
    egoBefore: 4,
    sayonara: false,
    singleDieServesBoth: true,
    weapon: null,
    rank: 1,
    combat: true,
    flags: { whirlwind: false, specialist: false, fast: false, slow: false, ...flags },
  });
  return confirmEffect(fresh, ROLLER, [], fresh.version);
}

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] R-RA-9 the order of Effects", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    registerQueries();
    registerCardPresenter();
  });

  async function exchange(flags: Partial<RiskyCardInput["flags"]>) {
    const gm = makeGm();
    world.gm = gm;
    const wolf = challenge("Wolf", [], 4);
    const mira: TerranActor = hero("Mira");
    world.user.targets = new Set([{ actor: wolf }]);
    // The player's Effect of 5 takes the Wolf from 4 to 0.
    await click(message({ kind: "risky", state: coreCard(5, flags) }), '[data-action="apply-effect"]');
    expect(disposition(wolf)).toBe(0);
    // The Wolf's own Effect card of that exchange, applied by the GM to Mira.
    const card = createChallengeCard({
      rollerId: GM.id,
      challengeUuid: wolf.uuid,
      challengeName: "Wolf",
      facetName: "",
      stats: { dice: 1, halved: false },
      faces: [3],
      chain: [],
    });
    const msg = message({ kind: "challenge", state: card }, { author: GM.id });
    world.user = gm;
    world.user.targets = new Set([{ actor: stub(mira) }]);
    return { msg, mira };
  }

  it("R-RA-9 (stand-ins, ruling): Fast's Effect applied first overcomes the Challenge; its card then offers no harm, says why, and the GM's step refuses it", async () => {
    const { msg, mira } = await exchange({ fast: true });
    const root = await shown(msg);
    expect(root.querySelector(".overcome-first")).not.toBeNull();
    expect(isClosed(root.querySelector<HTMLButtonElement>('[data-action="apply-harm"]'))).toBe(true);
    const before = grit(mira);
    await click(msg, '[data-action="apply-harm"]', (el) => el.removeAttribute("aria-disabled"));
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.overcomeFirst"]);
    expect(grit(mira)).toBe(before);
  });

  it("R-RA-9 (stand-ins, ruling): Slow's Effect comes last, so the Challenge it overcomes still deals its Effect", async () => {
    const { msg, mira } = await exchange({ slow: true });
    const root = await shown(msg);
    expect(root.querySelector(".overcome-first")).toBeNull();
    expect(isClosed(root.querySelector<HTMLButtonElement>('[data-action="apply-harm"]'))).toBe(false);
    await click(msg, '[data-action="apply-harm"]');
    expect(world.warnings).toEqual([]);
    expect(grit(mira)).toBe(0);
  });
});

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] R-LEG-14 the montage lowers its Challenge", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    world.settings.set("ruleset", "legacy");
    registerQueries();
    registerCardPresenter();
  });

  /**
   * Oskar's montage against a Dangerous Challenge (Disposition 8), on the GM's yes: its Effect `challengeFace`,
   * then `light`. The GM is then offline.
   */
  async function montage(challengeFace: number, light: number[]) {
    const oskar = legacyHero("Oskar");
    const storm = challenge("Storm", [], 8);
    const target = { uuid: storm.uuid, name: "Storm", tier: "dangerous", n: 4, dice: 1, halved: false };
    const gmWord = await gmSaysYes(oskar.uuid, storm.uuid);
    world.gm = null;
    nextFaces.push(challengeFace, ...light);
    await rollLegacyMontage(oskar, {
      attribute: "strength",
      skill: "",
      raw: light.length,
      dark: 0,
      challenge: target,
      messageMode: "public",
      gmWord,
    });
    return { storm, card: lastMessage() };
  }

  it("R-LEG-14 (stand-ins, ruling): a montage that succeeds overcomes its own Challenge through the GM's query, once, without a target", async () => {
    const { storm, card } = await montage(2, [5, 1]);
    world.gm = makeGm();
    await click(card, '[data-action="apply-montage"]');
    expect(world.gm.queries.map((q) => q.name)).toEqual([QUERIES.applyEffect]);
    expect(disposition(storm)).toBe(0);
    const stored = storedCard(asMsg(card));
    expect(stored?.kind === "legacyMontage" && stored.state.applied).toMatchObject([
      { targetName: "Storm", effect: 8, before: 8, after: 0 },
    ]);
    expect(isClosed((await shown(card)).querySelector<HTMLButtonElement>('[data-action="apply-montage"]'))).toBe(true);
    await click(card, '[data-action="apply-montage"]', (el) => el.removeAttribute("aria-disabled"));
    expect(world.warnings).toHaveLength(1);
  });

  it("R-LEG-14 (stand-ins): a failed montage offers nothing, and a forced request is refused; another Challenge is never lowered by it", async () => {
    const { storm, card } = await montage(2, [3, 1]);
    expect(isClosed((await shown(card)).querySelector<HTMLButtonElement>('[data-action="apply-montage"]'))).toBe(true);
    world.gm = makeGm();
    await click(card, '[data-action="apply-montage"]', (el) => el.removeAttribute("aria-disabled"));
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.noEffect"]);
    expect(disposition(storm)).toBe(8);
    // A request naming another Challenge (forged) is refused by the GM's step.
    const won = await montage(2, [6]);
    world.gm = makeGm();
    const other = challenge("Other", [], 8);
    const handler = (CONFIG.queries as unknown as Record<string, (data: unknown, o: object) => Promise<unknown>>)[
      QUERIES.applyEffect
    ];
    world.user = world.gm;
    const answer = await handler?.(
      { askerId: ROLLER.id, messageId: won.card.id, hit: "effect", targetUuid: other.uuid, facet: null, version: 0 },
      {},
    );
    expect(answer).toMatchObject({ ok: false, data: { reason: "badRequest" } });
    expect(disposition(other)).toBe(8);
  });
});

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] R-LEG-14 companions share the montage's Ego", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    world.settings.set("ruleset", "legacy");
    registerQueries();
    registerCardPresenter();
  });

  const egoOf = (actor: TerranActor) => legacyValuesOf((actor.system as CharacterData).toObject());

  /**
   * Oskar (Ego 4) throws two Dark Dice 1 and 2 (each costs 2: 4 Ego) with Ilse (Ego 3, the roller's own when
   * `owned`, else player2's) offering up to 3, on the GM's yes. The GM is then offline.
   */
  async function shared(owned: boolean) {
    const oskar = legacyHero("Oskar");
    const ilse = legacyHero("Ilse", { ego: 3, isOwner: owned });
    if (!owned) stub(ilse).ownership = { default: 0, player2: 3 };
    const storm = challenge("Storm", [], 8);
    const target = { uuid: storm.uuid, name: "Storm", tier: "dangerous", n: 4, dice: 1, halved: false };
    const gmWord = await gmSaysYes(oskar.uuid, storm.uuid);
    world.gm = null;
    nextFaces.push(2, 5, 1, 2);
    const rolled = await rollLegacyMontage(oskar, {
      attribute: "strength",
      skill: "",
      raw: 1,
      dark: 2,
      challenge: target,
      messageMode: "public",
      companions: [{ uuid: ilse.uuid, offers: 3 }],
      gmWord,
    });
    return { oskar, ilse, rolled, card: lastMessage() };
  }

  const shares = (m: ChatMessageStub) => {
    const stored = storedCard(asMsg(m));
    return stored?.kind === "legacyMontage" ? stored.state.shares : [];
  };

  it("R-LEG-14 (stand-ins, ruling): the companions pay first, up to their offer, from their own Ego; the roller pays the rest; each share is taken once", async () => {
    const { oskar, ilse, rolled, card } = await shared(true);
    expect(egoOf(oskar)).toMatchObject({ ego: { value: 3 }, egoLost: 1 });
    expect(shares(card)).toEqual([{ actorUuid: ilse.uuid, name: "Ilse", pays: 3, paid: false }]);
    await payMontageShares(rolled?.messageId ?? "");
    expect(egoOf(ilse)).toMatchObject({ ego: { value: 0 }, egoLost: 3 });
    expect(shares(card)[0]?.paid).toBe(true);
    expect((await shown(card)).querySelector(".montage-shares")?.textContent).toContain("Ilse pays 3 Ego");
    await payMontageShares(rolled?.messageId ?? "");
    expect(egoOf(ilse).ego.value).toBe(0);
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.alreadyApplied"]);
  });

  it("R-LEG-14 (stand-ins, ruling): a companion the roller does not own pays only on their owner's word: the roller cannot, their owner does from the card (through the GM), and with no GM it waits and says why", async () => {
    const waiting = await shared(false);
    await payMontageShares(waiting.rolled?.messageId ?? "");
    expect(egoOf(waiting.ilse).ego.value).toBe(3);
    expect(world.warnings).toEqual([]);
    const rollers = (await shown(waiting.card)).querySelector<HTMLElement>('[data-action="pay-share"]');
    expect(isClosed(rollers)).toBe(true);
    expect(rollers?.getAttribute("title")).toBe("Only the companion's owner or a GM pays this share.");
    // The roller asking the GM anyway is refused, and nothing is taken.
    world.gm = makeGm();
    const handler = (CONFIG.queries as unknown as Record<string, (data: unknown, o: object) => Promise<unknown>>)[
      QUERIES.payShare
    ];
    const request = { askerId: ROLLER.id, messageId: waiting.card.id, companionUuid: waiting.ilse.uuid, version: 0 };
    world.user = world.gm;
    expect(await handler?.(request, {})).toMatchObject({ ok: false, data: { reason: "notShareOwner" } });
    expect(egoOf(waiting.ilse).ego.value).toBe(3);
    // Ilse's owner presses Pay: with no GM online it waits and says why; with one, it is taken once.
    world.gm = null;
    world.user = { id: "player2", isGM: false, targets: new Set() };
    await click(waiting.card, '[data-action="pay-share"]');
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.noGm"]);
    expect(shares(waiting.card)[0]?.paid).toBe(false);
    world.gm = makeGm();
    await click(waiting.card, '[data-action="pay-share"]');
    expect(world.gm.queries.map((q) => q.name)).toEqual([QUERIES.payShare]);
    expect(egoOf(waiting.ilse).ego.value).toBe(0);
    expect(shares(waiting.card)[0]?.paid).toBe(true);
  });

  it("R-LEG-14 (stand-ins): the GM's step takes only the share the card names, never a character it does not", async () => {
    const { card } = await shared(false);
    const stranger = legacyHero("Stranger", { ego: 5 });
    world.gm = makeGm();
    const handler = (CONFIG.queries as unknown as Record<string, (data: unknown, o: object) => Promise<unknown>>)[
      QUERIES.payShare
    ];
    world.user = world.gm;
    const answer = await handler?.(
      { askerId: ROLLER.id, messageId: card.id, companionUuid: stranger.uuid, version: 0 },
      {},
    );
    expect(answer).toMatchObject({ ok: false, data: { reason: "badRequest" } });
    expect(egoOf(stranger).ego.value).toBe(5);
  });
});
