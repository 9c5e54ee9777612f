// @vitest-environment happy-dom
/**
 * The card registry (`CARD_KINDS` in src/applications/chat/card-registry.ts) against the real
 * templates and the FOUNDRY STAND-INS: every kind of card declared in src/chat/card-kinds.ts has one entry, whose
 * template exists and whose handlers are exactly the `data-action`s that template uses; a stored state its kind's check
 * refuses is drawn as the short notice (through the entry's check), and a click reaches only the
 * handlers of the card's own kind.
 */
import "../stubs/foundry-client.ts";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GENERATIONS, resetWorld, world } from "../stubs/foundry-client.ts";
import { registerCardPresenter, renderCard } from "../../src/applications/chat/card-presenter.ts";
import { CARD_KINDS } from "../../src/applications/chat/card-registry.ts";
import {
  CARD_ACTIONS,
  CARD_CHECKS,
  CARD_KIND_ACTIONS,
  CARD_KIND_NAMES,
  createChallengeCard,
  createLegacyEffectCard,
  createLegacyMontageCard,
  createLegacyRiskyCard,
  createRequestCard,
  createSessionCard,
  fortuneCard,
  isActionOf,
  isCardKind,
  type CardKind,
} from "../../src/chat/index.ts";
import { cardFlags, type StoredCard } from "../../src/documents/chat-message.ts";
import { TerranChatMessage } from "../../src/documents/chat-message.ts";
import { getRuleset, RulesError } from "../../src/rules/index.ts";
import { SYSTEM_ID } from "../../src/system-id.ts";
import { card, GM, ROLLER } from "../chat/fixtures.ts";
import { asMessage, clickOn, message } from "./card-builders.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const TEMPLATE_PREFIX = `systems/${SYSTEM_ID}/`;

/** The file a registry template path names in this repository. */
function templateFile(path: string): string {
  expect(path.startsWith(TEMPLATE_PREFIX), path).toBe(true);
  return resolve(ROOT, path.slice(TEMPLATE_PREFIX.length));
}

/** The distinct `data-action`s a template uses, sorted. */
function actionsOf(source: string): string[] {
  return [...new Set([...source.matchAll(/data-action="([^"]*)"/g)].map((m) => m[1] ?? ""))].sort();
}

/** One well-formed stored card of each kind. */
function wellFormed(): Record<CardKind, StoredCard> {
  return {
    risky: { kind: "risky", state: card([5, 3]) },
    challenge: {
      kind: "challenge",
      state: createChallengeCard({
        rollerId: GM.id,
        challengeUuid: "Actor.c",
        challengeName: "Wolf",
        facetName: "",
        stats: { dice: 1, halved: false },
        faces: [4],
        chain: [],
      }),
    },
    result: { kind: "result", state: fortuneCard({ actorName: "Mira", face: 6, chance: 2 }) },
    session: {
      kind: "session",
      state: createSessionCard(GM.id, [
        { actorUuid: "Actor.m", actorName: "Mira", xp: 2, given: true, refusal: null, before: 0, after: 2, undo: null },
      ]),
    },
    request: {
      kind: "request",
      state: createRequestCard(GM.id, getRuleset("core"), { kind: "fortune", chance: 3 }, "", [
        { actorUuid: "Actor.m", actorName: "Mira" },
      ]),
    },
    legacyRisky: { kind: "legacyRisky", state: legacyRisky() },
    legacyEffect: { kind: "legacyEffect", state: legacyEffect() },
    legacyMontage: { kind: "legacyMontage", state: legacyMontage() },
  };
}

function legacyMontage() {
  return createLegacyMontageCard({
    rollerId: ROLLER.id,
    actorUuid: "Actor.m",
    challengeUuid: "Actor.c",
    roll: {
      ...legacyRisky().roll,
      challengeName: "Storm",
      tierKey: "TERRAN.ChallengeTier.serious",
      challengeFaces: [4, 2],
      challengeChain: [],
      challengeEffect: 4,
      complication: 1,
    },
  });
}

function legacyRisky() {
  return createLegacyRiskyCard({
    rollerId: ROLLER.id,
    actorUuid: "Actor.m",
    roll: {
      actorName: "Mira",
      attributeLabelKey: "TERRAN.Character.FIELDS.ratings.attributes.agility.label",
      skillLabelKey: null,
      light: [5],
      dark: [],
      costly: [],
      ego: { before: 3, after: 3 },
      lost: false,
    },
    tools: [{ id: "sword", name: "Sword" }],
    multiAttack: false,
  });
}

function legacyEffect() {
  return createLegacyEffectCard({
    rollerId: ROLLER.id,
    actorUuid: "Actor.m",
    rulesetId: "legacy",
    rank: 2,
    versatileTwoHanded: false,
    improvised: false,
    extra: 0,
    roll: {
      toolName: "Sword",
      tierLabelKey: "TERRAN.Tool.normal",
      faces: [4],
      chain: [],
      kept: 4,
      halved: false,
      bonus: 0,
      total: 4,
    },
    action: null,
    order: "gm",
  });
}

/** One stored card of each kind that its kind's check refuses (flags anyone with the rights could have written). */
function forged(): Record<CardKind, StoredCard> {
  const ok = wellFormed();
  const as = <T>(value: unknown): T => value as T;
  return {
    risky: as<StoredCard>({ kind: "risky", state: { ...ok.risky.state, light: [4.5, 3] } }),
    challenge: as<StoredCard>({ kind: "challenge", state: { ...ok.challenge.state, faces: [7] } }),
    result: as<StoredCard>({ kind: "result", state: { ...ok.result.state, lines: "6" } }),
    session: as<StoredCard>({ kind: "session", state: { ...ok.session.state, rows: "Mira" } }),
    request: as<StoredCard>({ kind: "request", state: { ...ok.request.state, subject: { kind: "spell" } } }),
    legacyRisky: as<StoredCard>({ kind: "legacyRisky", state: { ...ok.legacyRisky.state, tools: "Sword" } }),
    legacyEffect: as<StoredCard>({
      kind: "legacyEffect",
      state: { ...legacyEffect(), roll: { ...legacyEffect().roll, total: 9 } },
    }),
    legacyMontage: as<StoredCard>({ kind: "legacyMontage", state: { ...legacyMontage(), challengeUuid: 7 } }),
  };
}

function terranMessage(stored: StoredCard, author: string): TerranChatMessage {
  const msg: unknown = Reflect.construct(TerranChatMessage, [{ flags: cardFlags(stored), author }]);
  return msg as TerranChatMessage;
}

describe("card registry (static)", () => {
  it("R-RA-1: every kind of card has exactly one entry, and every entry is a kind", () => {
    expect(Object.keys(CARD_KINDS).sort()).toEqual([...CARD_KIND_NAMES].sort());
    expect(Object.keys(CARD_KIND_ACTIONS).sort()).toEqual([...CARD_KIND_NAMES].sort());
    for (const kind of CARD_KIND_NAMES) expect(isCardKind(kind)).toBe(true);
    for (const name of ["toString", "constructor", "__proto__", "Risky", ""])
      expect(isCardKind(name), name).toBe(false);
  });

  it("R-RA-1: each entry's template exists, each kind has its own, and every chat template belongs to a kind", () => {
    const files = CARD_KIND_NAMES.map((kind) => templateFile(CARD_KINDS[kind].template));
    for (const file of files) expect(existsSync(file), file).toBe(true);
    expect(new Set(files).size).toBe(files.length);
    const chat = readdirSync(resolve(ROOT, "templates/chat")).filter((name) => name.endsWith(".hbs"));
    expect(chat.map((name) => resolve(ROOT, "templates/chat", name)).sort()).toEqual([...files].sort());
  });

  it("R-RA-1: each entry's handlers are exactly the data-actions its template uses, as its kind declares them", () => {
    for (const kind of CARD_KIND_NAMES) {
      const used = actionsOf(readFileSync(templateFile(CARD_KINDS[kind].template), "utf8"));
      expect(Object.keys(CARD_KINDS[kind].actions).sort(), kind).toEqual(used);
      expect([...CARD_KIND_ACTIONS[kind]].sort(), kind).toEqual(used);
    }
  });

  it("R-RA-1: every data-action belongs to exactly one kind, and a kind answers only its own", () => {
    expect(new Set(CARD_ACTIONS).size).toBe(CARD_ACTIONS.length);
    for (const action of CARD_ACTIONS)
      expect(
        CARD_KIND_NAMES.filter((kind) => isActionOf(kind, action)),
        action,
      ).toHaveLength(1);
    expect(isActionOf("result", "select-die")).toBe(false);
    expect(isActionOf("risky", "toString")).toBe(false);
  });
});

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] card registry", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    registerCardPresenter();
    world.user = { ...GM, targets: new Set() };
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("R-RA-1 (stand-ins): each kind's stored state is read through its kind's check, then drawn with its template", async () => {
    for (const [kind, stored] of Object.entries(wellFormed())) {
      const check = vi.spyOn(CARD_CHECKS, stored.kind);
      const html = await terranMessage(stored, GM.id).renderHTML();
      expect(check, kind).toHaveBeenCalledWith(stored.state);
      expect(html.querySelector(`.message-content [data-card="${kind}"]`), kind).not.toBeNull();
      expect(html.querySelector(".message-content")?.textContent, kind).not.toContain("TERRAN.Card.corrupt");
    }
  });

  it("R-RA-1 (stand-ins): a stored state its kind's check refuses renders the short notice, with no buttons, for every kind", async () => {
    for (const [kind, stored] of Object.entries(forged())) {
      const check = vi.spyOn(CARD_CHECKS, stored.kind);
      await expect(renderCard(asMessage(message(stored, { author: GM.id })), stored), kind).rejects.toBeInstanceOf(
        RulesError,
      );
      const html = await terranMessage(stored, GM.id).renderHTML();
      expect(check, kind).toHaveBeenCalled();
      expect(html.querySelector(".message-content")?.textContent, kind).toBe("TERRAN.Card.corrupt");
      expect(html.querySelector("[data-action]"), kind).toBeNull();
    }
  });

  it("R-RA-1 (stand-ins): a card whose kind no entry knows renders the short notice, and a click on it does nothing", async () => {
    const stored = { kind: "toString", state: {} } as unknown as StoredCard;
    const html = await terranMessage(stored, GM.id).renderHTML();
    expect(html.querySelector(".message-content")?.textContent).toBe("TERRAN.Card.corrupt");
    const msg = message(stored, { author: GM.id });
    const button = document.createElement("button");
    button.dataset.action = "undo-session";
    await clickOn(msg, button);
    expect(msg.updates).toEqual([]);
    expect(world.warnings).toEqual([]);
  });

  it("R-RA-5 (stand-ins): a click reaches only its card's own kind: another kind's data-action on it changes nothing", async () => {
    world.user = { ...ROLLER, targets: new Set() };
    const msg = message({ kind: "risky", state: card([5, 3]) });
    const spies = CARD_KIND_NAMES.flatMap((kind) =>
      Object.keys(CARD_KINDS[kind].actions).map((action) => vi.spyOn(CARD_KINDS[kind].actions, action as never)),
    );
    for (const action of ["apply-harm", "undo-session", "roll-request", "show-answer"]) {
      const el = document.createElement("button");
      el.dataset.action = action;
      await clickOn(msg, el);
    }
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    expect(msg.updates).toEqual([]);
    expect(world.warnings).toEqual([]);
  });

  it("R-RA-5 (stand-ins): a click on a card its kind's check refuses is refused with a warning before any handler runs", async () => {
    world.user = { ...ROLLER, targets: new Set() };
    const stored = forged().risky;
    const msg = message(stored, { author: ROLLER.id });
    const allow = vi.spyOn(CARD_KINDS.risky.actions, "allow-effect");
    const el = document.createElement("button");
    el.dataset.action = "allow-effect";
    await clickOn(msg, el);
    expect(allow).not.toHaveBeenCalled();
    expect(msg.updates).toEqual([]);
    expect(world.warnings).toHaveLength(1);
  });
});
