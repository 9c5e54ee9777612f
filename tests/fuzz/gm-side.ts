/**
 * The GM's side under the fuzz (FOUNDRY STAND-INS, v13 and v14): a hostile player posts a card on their own
 * message and asks the GM's client to act on it (each query of src/relay/queries.ts), or the GM clicks one of
 * its actions. Each input builds a small world (the attacker's character and Challenge, another player's
 * character, a GM's Challenge), a card of the attacker's that a real roll could make, and then perhaps forges it
 * (`Forgery`: what a player can write but a real roll cannot). Invariants, whatever the input:
 * - nothing but a RulesError is thrown, and a call takes under a second;
 * - a refusal changes nothing, anywhere;
 * - a step that goes through changes, of what the attacker does not own, only what the request names (its
 *   target and the card's own message) — never another player's choice;
 * - a forged card is refused, and changes nothing.
 */
import fc from "fast-check";
import {
  ChatMessageStub,
  makeGm,
  resetWorld,
  world,
  type ActorStub,
  type Generation,
} from "../stubs/foundry-client.ts";
import { registerCardPresenter, onCardClick } from "../../src/applications/chat/card-presenter.ts";
import {
  CARD_KIND_ACTIONS,
  confirmEffect,
  createChallengeCard,
  createLegacyEffectCard,
  createLegacyMontageCard,
  createSessionCard,
  type CardKind,
} from "../../src/chat/index.ts";
import { cardFlags, type StoredCard } from "../../src/documents/chat-message.ts";
import { QUERIES, registerQueries } from "../../src/relay/queries.ts";
import { RulesError, WOUND_TRACKS } from "../../src/rules/index.ts";
import type { TerranActor } from "../../src/documents/actor.ts";
import { asMessage, challenge, hero, rollsOf } from "../foundry/card-builders.ts";
import { gmSaysYes, legacyHero } from "../foundry/legacy-builders.ts";
import { card } from "../chat/fixtures.ts";
import type { GmEntryName } from "./gm-names.ts";
import { hostileValue } from "./hostile.ts";
import { CALL_LIMIT_MS, type Break, type EntryReport } from "./harness.ts";

export const ATTACKER = "player2";
export const VICTIM = "player1";

/** What a player can write on their own message that no real roll of theirs could make. */
export const FORGERIES = [
  "otherRoller",
  "otherSubject",
  "noRolls",
  "otherFace",
  "claimsDiffer",
  "gmLeave",
  "noGmWord",
  "otherRuleset",
  "oversized",
  "inheritedKind",
  "gmOnlyKind",
  // Of the request, not the card:
  "notOwnCharacter",
  "otherShare",
  "ownerChoice",
  "otherModel",
] as const;
export type Forgery = (typeof FORGERIES)[number];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The world's documents a request may name, by role (anything else is passed through as written). */
const ROLES = ["own", "ownChallenge", "victim", "gmChallenge", "companion", "missing"] as const;
type Role = (typeof ROLES)[number];

type PlannedKind = "risky" | "challenge" | "legacyEffect" | "legacyMontage" | "session";

export interface GmCase {
  readonly generation: Generation;
  readonly rulesetId: "core" | "degenesis" | "legacy" | "v062";
  readonly kind: PlannedKind;
  readonly faces: readonly number[];
  readonly forgeries: readonly Forgery[];
  /** The query's data, or the clicked action and its element's data: roles stand for uuids. */
  readonly request: Readonly<Record<string, unknown>>;
  /** The GM's answer to a montage question. */
  readonly gmSays: boolean;
}

interface Cast {
  readonly own: TerranActor;
  readonly companion: TerranActor;
  readonly victim: TerranActor;
  readonly ownChallenge: ActorStub;
  readonly gmChallenge: ActorStub;
}

function as(id: string, isGM = false): void {
  world.user = { id, isGM, targets: new Set() };
}

function person(rulesetId: GmCase["rulesetId"], name: string): TerranActor {
  return rulesetId === "legacy" ? legacyHero(name, { ego: 4 }) : hero(name, { grit: 3, ego: 4 });
}

function castOf(rulesetId: GmCase["rulesetId"]): Cast {
  as(VICTIM);
  const victim = person(rulesetId, "Mira");
  as(ATTACKER);
  const own = person(rulesetId, "Ash");
  const companion = person(rulesetId, "Bo");
  const gmChallenge = challenge("Vault", [{ name: "Door", value: 3 }], 8);
  const ownChallenge = challenge("Imp", [], 5);
  ownChallenge.ownership = { default: 0, [ATTACKER]: 3 };
  return { own, companion, victim, ownChallenge, gmChallenge };
}

function uuidOf(cast: Cast, value: unknown): unknown {
  if (typeof value !== "string" || !(ROLES as readonly string[]).includes(value)) return value;
  return value === "missing" ? "Actor.doesNotExist0" : cast[value as Exclude<Role, "missing">].uuid;
}

/** Faces [f] and the explosion chain a die showing f throws (6s go on, the first lower face ends it). */
function challengeDice(faces: readonly number[]): { faces: number[]; chain: number[] } {
  const first = faces[0] ?? 4;
  if (first !== 6) return { faces: [first], chain: [] };
  const rest = faces.slice(1, 4);
  const ends = rest.findIndex((f) => f !== 6);
  return { faces: [6], chain: ends < 0 ? [...rest.map(() => 6), 3] : rest.slice(0, ends + 1) };
}

function riskyCard(c: GmCase, cast: Cast): StoredCard {
  const fail = c.forgeries.includes("gmLeave");
  const light = c.faces.slice(0, 2).map((f) => (fail ? ((f - 1) % 3) + 1 : f));
  const dark = c.faces.slice(2, 3).map((f) => (fail ? ((f - 1) % 3) + 1 : f));
  const fresh = card(light, dark, {
    rollerId: ATTACKER,
    actorUuid: cast.own.uuid,
    actorName: "Ash",
    rulesetId: c.rulesetId === "legacy" ? "core" : c.rulesetId,
  });
  let state = fresh;
  for (const chain of [[], [3], [6, 2]]) {
    try {
      state = confirmEffect(fresh, { id: ATTACKER, isGM: false }, chain, fresh.version);
      break;
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
    }
  }
  return { kind: "risky", state: fail ? { ...state, gmAllowsSuccess: true } : state };
}

function challengeCard(c: GmCase, cast: Cast): StoredCard {
  const { faces, chain } = challengeDice(c.faces);
  const differ = c.forgeries.includes("claimsDiffer");
  const thrown = differ ? [...faces, 2] : faces;
  return {
    kind: "challenge",
    state: createChallengeCard({
      rollerId: ATTACKER,
      challengeUuid: cast.ownChallenge.uuid,
      challengeName: "Imp",
      facetName: "",
      stats: { dice: thrown.length, halved: false },
      faces: thrown,
      chain,
    }),
  };
}

function legacyEffectCard(c: GmCase, cast: Cast): StoredCard {
  const face = c.faces[0] ?? 4;
  const chain = face === 6 ? [2] : [];
  return {
    kind: "legacyEffect",
    state: createLegacyEffectCard({
      rollerId: ATTACKER,
      actorUuid: cast.own.uuid,
      rulesetId: "legacy",
      rank: 2,
      versatileTwoHanded: false,
      improvised: false,
      extra: 0,
      roll: {
        toolName: "Sword",
        tierLabelKey: "TERRAN.Tool.normal",
        faces: [face],
        chain,
        kept: face,
        halved: false,
        bonus: 0,
        total: face + chain.reduce((t, f) => t + f, 0),
      },
      action: null,
      order: "gm",
    }),
  };
}

async function montageCard(c: GmCase, cast: Cast): Promise<StoredCard> {
  const word = c.forgeries.includes("noGmWord") ? null : await gmSaysYes(cast.own.uuid, cast.gmChallenge.uuid);
  // The first Dark Die costs Ego (a 1–4), so the montage has a share to ask of the companion.
  const dark = c.faces.slice(1, 3).map((f, i) => (i === 0 ? ((f - 1) % 4) + 1 : f));
  const costly = dark.map((f) => f <= 4);
  const state = createLegacyMontageCard({
    rollerId: ATTACKER,
    actorUuid: cast.own.uuid,
    challengeUuid: cast.gmChallenge.uuid,
    roll: {
      actorName: "Ash",
      attributeLabelKey: "TERRAN.Legacy.Attribute.strength",
      skillLabelKey: null,
      light: c.faces.slice(0, 1),
      dark,
      costly,
      ego: { before: 4, after: 4 },
      lost: false,
      challengeName: "Vault",
      tierKey: "TERRAN.ChallengeTier.dangerous",
      challengeFaces: [2],
      challengeChain: [],
      challengeEffect: 2,
      complication: 0,
    },
    shares: costly.some(Boolean) ? [{ actorUuid: cast.companion.uuid, name: "Bo", pays: 1 }] : [],
    ...(word ? { gmWord: word } : {}),
  });
  return { kind: "legacyMontage", state };
}

function sessionCard(cast: Cast): StoredCard {
  const row = {
    actorUuid: cast.victim.uuid,
    actorName: "Mira",
    xp: 3,
    given: true,
    refusal: null,
    before: 0,
    after: 3,
    undo: null,
  };
  return { kind: "session", state: createSessionCard("gm", [row]) };
}

async function plannedCard(c: GmCase, cast: Cast): Promise<StoredCard> {
  if (c.kind === "risky") return riskyCard(c, cast);
  if (c.kind === "challenge") return challengeCard(c, cast);
  if (c.kind === "legacyEffect") return legacyEffectCard(c, cast);
  if (c.kind === "legacyMontage") return montageCard(c, cast);
  return sessionCard(cast);
}

/** The planned card as the attacker writes it: each forgery changes what a real roll would have written. */
function forge(stored: StoredCard, c: GmCase, cast: Cast): { flags: Record<string, unknown>; rolls: unknown[] } {
  const state = { ...(stored.state as unknown as Record<string, unknown>) };
  let rolls = rollsOf(stored);
  const has = (f: Forgery): boolean => c.forgeries.includes(f);
  if (has("otherRoller") && "rollerId" in state) state.rollerId = VICTIM;
  if (has("otherSubject")) {
    if ("challengeUuid" in state && stored.kind === "challenge") state.challengeUuid = cast.gmChallenge.uuid;
    else if ("actorUuid" in state) state.actorUuid = cast.victim.uuid;
  }
  if (has("otherRuleset") && "rulesetId" in state)
    state.rulesetId = state.rulesetId === "degenesis" ? "core" : "degenesis";
  if (has("noRolls")) rolls = [];
  if (has("otherFace")) rolls = rolls.map((r) => shiftedFirstFace(r));
  if (has("oversized") && stored.kind === "challenge") {
    state.faces = Array.from({ length: 101 + c.faces.length * 997 }, () => 1);
    state.stats = { dice: (state.faces as number[]).length, halved: false };
  }
  const kind: string = has("inheritedKind") ? "constructor" : stored.kind;
  return { flags: cardFlags({ kind, state } as unknown as StoredCard), rolls };
}

function shiftedFirstFace(roll: unknown): unknown {
  const copy = structuredClone(roll) as { dice: { results: { result: number }[] }[] };
  const first = copy.dice[0]?.results[0];
  if (first) first.result = (first.result % 6) + 1;
  return copy;
}

/** Every stored thing a step could change: actors (their updates, flags, items, effects), messages, users. */
function snapshot(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [uuid, doc] of world.documents) {
    const a = doc as ActorStub;
    out.set(uuid, JSON.stringify([a.updates, a.itemUpdates, a.flags, a.items.length, a.effects.length]));
  }
  for (const [id, m] of world.messages) out.set(`ChatMessage.${id}`, JSON.stringify([m.flags, m.rolls.length]));
  for (const [id, u] of world.users) out.set(`User.${id}`, JSON.stringify(u.flags));
  out.set("settings", JSON.stringify([...world.settings]));
  return out;
}

function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((k) => before.get(k) !== after.get(k));
}

/** The attacker owns it: they could have changed it themselves. */
function attackerOwns(key: string): boolean {
  if (key.startsWith("ChatMessage.")) return world.messages.get(key.slice(12))?.author.id === ATTACKER;
  if (key === `User.${ATTACKER}`) return true;
  const doc = world.documents.get(key) as ActorStub | undefined;
  return doc ? doc.testUserPermission({ id: ATTACKER, isGM: false }, "OWNER") : false;
}

/** A choice only the paying character's owner may make (R-HARM-2, R-HARM-3, R-LEG-5, R-LEG-6). */
function ownersChoiceMade(sent: Readonly<Record<string, unknown>>): boolean {
  // Judged as the GM receives it: the query crosses as JSON (NaN arrives as null, undefined not at all).
  const sentChoice: unknown = (JSON.parse(JSON.stringify(sent)) as Record<string, unknown>).choice;
  if (typeof sentChoice !== "object" || sentChoice === null) return false;
  const request = sentChoice as Record<string, unknown>;
  return (
    request.sacrificeShield === true ||
    (request.woundTrack !== null && request.woundTrack !== undefined) ||
    (typeof request.lostAttribute === "string" && request.lostAttribute !== "") ||
    (typeof request.protectedDice === "number" && request.protectedDice > 0)
  );
}

/** What of the attacker's request a refusal or a success may change, and what must not have changed. */
function judgeChanges(
  c: GmCase,
  ok: boolean,
  moved: readonly string[],
  allowed: ReadonlySet<string>,
  target: unknown,
): string[] {
  const foreign = moved.filter((k) => !attackerOwns(k));
  if (!ok) return moved.length > 0 ? [`a refused step changed ${moved.join(", ")}`] : [];
  const breaks: string[] = [];
  if (c.forgeries.length > 0) breaks.push(`a card forged by ${c.forgeries.join(", ")} was acted on`);
  const beyond = foreign.filter((k) => !allowed.has(k));
  if (beyond.length > 0) breaks.push(`changed ${beyond.join(", ")}, which the request did not name`);
  const targetKey = typeof target === "string" ? target : "";
  if (targetKey && !attackerOwns(targetKey) && foreign.includes(targetKey) && ownersChoiceMade(c.request))
    breaks.push("another player's choice (wound, shield, attribute, protection) was made for them");
  return breaks;
}

/** The world, the card and the request of a case; the request's roles read as uuids. */
async function setUp(c: GmCase): Promise<{ cast: Cast; message: ChatMessageStub; data: Record<string, unknown> }> {
  resetWorld(c.generation);
  world.settings.set("ruleset", c.rulesetId);
  registerQueries();
  registerCardPresenter();
  world.gm = makeGm();
  const cast = castOf(c.rulesetId);
  const stored = await plannedCard(c, cast);
  const { flags, rolls } = forge(stored, c, cast);
  const author = c.forgeries.includes("gmOnlyKind") || stored.kind !== "session" ? ATTACKER : "gm";
  const message = new ChatMessageStub({ flags, author, rolls });
  const data: Record<string, unknown> = {};
  const current = (stored.state as { version?: unknown }).version ?? 0;
  for (const [k, v] of Object.entries(c.request)) data[k] = v === "current" ? current : uuidOf(cast, v);
  data.choice = modelOf(c, data.choice);
  data.messageId = message.id;
  return { cast, message, data };
}

/** The world's health model, by ruleset. */
const worldModel = (c: GmCase): string => (c.rulesetId === "legacy" ? "hp" : "grit");

/** A choice tagged "world" or "other" gets the world's model or the other one; anything else as written. */
function modelOf(c: GmCase, choice: unknown): unknown {
  if (typeof choice !== "object" || choice === null || Array.isArray(choice)) return choice;
  const tag: unknown = Reflect.get(choice, "model");
  const other = worldModel(c) === "hp" ? "grit" : "hp";
  return { ...choice, model: tag === "world" ? worldModel(c) : tag === "other" ? other : tag };
}

const QUERY_TARGET: Readonly<Record<string, string>> = {
  applyEffect: "targetUuid",
  applyHarm: "targetUuid",
  carryComplication: "targetUuid",
  payShare: "companionUuid",
  montageWord: "actorUuid",
};

/** Steps that went through (a query answered ok, a click that changed something) in the current run. */
let acted = 0;

/** What the request itself asks that no player may (by role: a hostile value is not judged here). */
function requestForgeries(query: keyof typeof QUERIES, c: GmCase): Forgery[] {
  const request = c.request;
  if (query === "applyHarm" && isRecord(request.choice) && request.choice.model === "other") return ["otherModel"];
  if (query === "montageWord" && !["own", "companion"].includes(String(request.actorUuid))) return ["notOwnCharacter"];
  if (query === "payShare" && ["victim", "gmChallenge", "missing"].includes(String(request.companionUuid)))
    return ["otherShare"];
  if (query === "applyHarm" && request.targetUuid === "victim" && ownersChoiceMade(request)) return ["ownerChoice"];
  return [];
}

/** One query asked by the attacker: the breaks it showed. */
export async function runQueryCase(query: keyof typeof QUERIES, c: GmCase): Promise<string[]> {
  const { data, message } = await setUp(c);
  as(ATTACKER);
  world.dialogAnswers.push(c.gmSays);
  const before = snapshot();
  const gm = world.gm;
  if (!gm) return ["no GM"];
  const answer = (await gm.query(QUERIES[query], { askerId: ATTACKER, ...data })) as { ok?: unknown } | undefined;
  if (typeof answer?.ok !== "boolean") return ["the GM's side gave no answer"];
  const targetField = QUERY_TARGET[query] ?? "";
  const target = data[targetField];
  const allowed = new Set([`ChatMessage.${message.id}`, ...(typeof target === "string" ? [target] : [])]);
  if (query === "montageWord") allowed.add("User.gm");
  if (answer.ok) acted++;
  const judged = { ...c, forgeries: [...c.forgeries, ...requestForgeries(query, c)] };
  return judgeChanges(judged, answer.ok, changed(before, snapshot()), allowed, target);
}

/** A button as far as the card presenter reads it (no DOM: its data, `closest`, no attributes). */
function button(action: string, data: Readonly<Record<string, unknown>>): EventTarget {
  const dataset: Record<string, string> = { action };
  for (const [k, v] of Object.entries(data)) if (k !== "action") dataset[k] = String(v);
  const el = {
    nodeType: 1,
    tagName: "BUTTON",
    dataset,
    closest: (selector: string) => (selector === "[data-action]" ? el : null),
    hasAttribute: () => false,
    getAttribute: () => null,
  };
  return el as unknown as EventTarget;
}

/** The GM clicks one of the card's own actions on the attacker's card: a forged card changes nothing. */
export async function runClickCase(c: GmCase): Promise<string[]> {
  const { data, message, cast } = await setUp(c);
  as("gm", true);
  world.user.targets = new Set([{ actor: cast.gmChallenge }]);
  world.dialogAnswers.push(c.gmSays);
  const actions: readonly string[] = CARD_KIND_ACTIONS[c.kind as CardKind];
  const action = actions[Number(c.request.pick ?? 0) % Math.max(1, actions.length)] ?? "";
  const before = snapshot();
  const event = { target: button(action, data), currentTarget: null, preventDefault: () => undefined };
  await onCardClick(asMessage(message), event as unknown as MouseEvent);
  const moved = changed(before, snapshot());
  if (moved.length > 0) acted++;
  if (c.forgeries.length > 0 && moved.length > 0)
    return [`the GM's click on a card forged by ${c.forgeries.join(", ")} changed ${moved.join(", ")}`];
  return [];
}

// The cases

const role = fc.constantFrom<Role>(...ROLES);
/** Mostly the role a player would name, sometimes any other. */
const mostly = (...likely: Role[]): fc.Arbitrary<Role> =>
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...likely) }, { weight: 1, arbitrary: role });

/** The forgeries that mean something on a card of `kind` (some kinds cannot carry some lies). */
const FORGERIES_OF: Readonly<Record<PlannedKind, readonly Forgery[]>> = {
  risky: ["otherRoller", "otherSubject", "noRolls", "otherFace", "gmLeave", "otherRuleset", "inheritedKind"],
  challenge: ["otherRoller", "otherSubject", "noRolls", "otherFace", "claimsDiffer", "oversized", "inheritedKind"],
  legacyEffect: ["otherRoller", "otherSubject", "noRolls", "otherFace", "inheritedKind"],
  legacyMontage: ["otherRoller", "otherSubject", "noRolls", "otherFace", "noGmWord", "inheritedKind"],
  session: ["gmOnlyKind", "inheritedKind"],
};

const RULESETS_OF: Readonly<Record<PlannedKind, readonly GmCase["rulesetId"][]>> = {
  risky: ["core", "degenesis", "v062"],
  challenge: ["core", "degenesis", "legacy", "v062"],
  legacyEffect: ["legacy"],
  legacyMontage: ["legacy"],
  session: ["core", "legacy"],
};

/**
 * Cases of `kinds` asking `request`; `forged` false: the step reads no card, so none is forged. `rulesets`:
 * where the step means something (a complication is Legacy's).
 */
function caseOf(
  kinds: readonly PlannedKind[],
  request: fc.Arbitrary<Record<string, unknown>>,
  forged = true,
  rulesets?: readonly GmCase["rulesetId"][],
): fc.Arbitrary<GmCase> {
  return fc.constantFrom(...kinds).chain((kind) =>
    fc.record({
      generation: fc.constantFrom<Generation>(13, 14),
      rulesetId: fc.constantFrom(...(rulesets ?? RULESETS_OF[kind])),
      kind: fc.constant(kind),
      faces: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 }),
      forgeries: !forged
        ? fc.constant([] as Forgery[])
        : fc.oneof(
            { weight: 3, arbitrary: fc.constant([] as Forgery[]) },
            { weight: 3, arbitrary: fc.subarray([...FORGERIES_OF[kind]], { minLength: 1, maxLength: 2 }) },
          ),
      request,
      gmSays: fc.boolean(),
    }),
  );
}

/** "current": the card's own version, as a client that drew it sends. */
const version = fc.oneof(
  { weight: 4, arbitrary: fc.constant("current") },
  { weight: 1, arbitrary: fc.nat({ max: 3 }) },
);

const REQUESTS = {
  applyEffect: fc.record({
    hit: fc.constantFrom("effect", "effect", "second"),
    targetUuid: mostly("gmChallenge"),
    facet: fc.constantFrom(null, null, 0, 1),
    version,
  }),
  applyHarm: fc.record({
    targetUuid: mostly("victim", "own", "companion"),
    version,
    // "world": the world's health model; "other": a choice tagged with the other one (a forgery).
    choice: fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          model: fc.constantFrom("world", "world", "world", "other"),
          sacrificeShield: fc.constantFrom(false, false, false, true),
          woundTrack: fc.constantFrom(null, null, null, null, ...WOUND_TRACKS),
        }),
      },
      {
        weight: 4,
        arbitrary: fc.record({
          model: fc.constantFrom("world", "world", "world", "other"),
          sacrificeShield: fc.constantFrom(false, false, false, true),
          protectedDice: fc.constantFrom(0, 0, 0, 1),
          lostAttribute: fc.constantFrom(null, null, null, "strength", "agility"),
        }),
      },
    ),
  }),
  carryComplication: fc.record({ targetUuid: mostly("victim", "own", "companion") }),
  payShare: fc.record({ companionUuid: mostly("companion"), version }),
  montageWord: fc.record({
    actorUuid: mostly("own", "companion"),
    challengeUuid: mostly("gmChallenge", "ownChallenge"),
  }),
} satisfies Record<keyof typeof QUERIES, fc.Arbitrary<Record<string, unknown>>>;

const KINDS_FOR: Readonly<Record<keyof typeof QUERIES, readonly PlannedKind[]>> = {
  applyEffect: ["risky", "risky", "risky", "legacyEffect", "legacyMontage", "challenge"],
  applyHarm: ["challenge", "challenge", "risky"],
  carryComplication: ["challenge"],
  payShare: ["legacyMontage"],
  montageWord: ["legacyMontage"],
};

/** A hostile twin: the same case with one request value replaced by something no client sends. */
function hostileCase(valid: fc.Arbitrary<GmCase>): fc.Arbitrary<GmCase> {
  return fc.tuple(valid, fc.nat(), hostileValue).map(([c, pick, bad]) => {
    const keys = Object.keys(c.request);
    const key = keys[pick % Math.max(1, keys.length)] ?? "extra";
    const inner = c.request[key];
    // A choice (applyHarm) is hostile inside half the time.
    if (isRecord(inner) && pick % 2 === 0) {
      const innerKeys = Object.keys(inner);
      const innerKey = innerKeys[Math.floor(pick / 2) % Math.max(1, innerKeys.length)] ?? "extra";
      return { ...c, request: { ...c.request, [key]: { ...inner, [innerKey]: bad } } };
    }
    return { ...c, request: { ...c.request, [key]: bad } };
  });
}

export interface GmEntry {
  readonly cases: fc.Arbitrary<GmCase>;
  readonly run: (c: GmCase) => Promise<string[]>;
}

const queryEntry = (query: keyof typeof QUERIES): GmEntry => ({
  cases: caseOf(
    KINDS_FOR[query],
    REQUESTS[query],
    query !== "montageWord",
    query === "carryComplication" || query === "payShare" ? ["legacy"] : undefined,
  ),
  run: (c) => runQueryCase(query, c),
});

const CLICKED_KINDS: readonly PlannedKind[] = ["risky", "challenge", "legacyEffect", "legacyMontage", "session"];

const clickRequest = fc.record({
  pick: fc.nat({ max: 8 }),
  index: fc.nat({ max: 2 }),
  role: fc.constantFrom("precision", "effect", "second"),
  targetUuid: role,
  version,
});

/** One entry per GM-side query, and the GM's clicks on every kind's actions; `gmEntriesCover` keeps it whole. */
export const GM_ENTRIES: Readonly<Record<GmEntryName, GmEntry>> = {
  "gm:applyEffect": queryEntry("applyEffect"),
  "gm:applyHarm": queryEntry("applyHarm"),
  "gm:carryComplication": queryEntry("carryComplication"),
  "gm:payShare": queryEntry("payShare"),
  "gm:montageWord": queryEntry("montageWord"),
  "gm:cardClick": { cases: caseOf(CLICKED_KINDS, clickRequest), run: runClickCase },
};

/** The queries and card kinds the table leaves out: none may be missing without a reason. */
export function gmEntriesMissing(): string[] {
  const queries = Object.keys(QUERIES).filter((q) => !Object.hasOwn(GM_ENTRIES, `gm:${q}`));
  const clicked = new Set<string>(CLICKED_KINDS);
  const kinds = Object.entries(CARD_KIND_ACTIONS)
    .filter(([kind, actions]) => actions.length > 0 && !clicked.has(kind) && !(kind in NOT_CLICKED))
    .map(([kind]) => `click on ${kind}`);
  return [...queries, ...kinds];
}

/** Kinds whose actions the GM's click fuzz does not drive, and why. */
export const NOT_CLICKED: Readonly<Record<string, string>> = {
  request: "a GM's own roll request: its buttons roll for the clicker's own character (tests/security)",
  legacyRisky: "not driven yet: its roll-effect click needs the roller's held tools in the world (a follow-up)",
};

/** `numRuns` cases (half valid or forged, half with a hostile request value) from `seed`, each judged. */
export async function runGmEntry(name: string, entry: GmEntry, numRuns: number, seed: number): Promise<GmReport> {
  acted = 0;
  const examples: Break[] = [];
  let breaks = 0;
  let inputs = 0;
  const halves: [fc.Arbitrary<GmCase>, number][] = [
    [entry.cases, Math.ceil(numRuns / 2)],
    [hostileCase(entry.cases), Math.floor(numRuns / 2)],
  ];
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    for (const [half, [arb, runs]] of halves.entries()) {
      if (runs === 0) continue;
      await fc.check(
        fc.asyncProperty(arb, async (c) => {
          inputs++;
          const reason = await judgeCase(entry, c);
          if (reason) {
            breaks++;
            if (examples.length < 5) examples.push({ input: JSON.stringify(c).slice(0, 600), reason });
          }
          return true;
        }),
        { seed: seed + half, numRuns: runs, endOnFailure: true },
      );
    }
  } finally {
    console.warn = warn;
  }
  return { name, inputs, breaks, examples, acted };
}

/** A run's report, with how many steps went through: a fuzz whose every case is refused proves nothing. */
export interface GmReport extends EntryReport {
  readonly acted: number;
}

async function judgeCase(entry: GmEntry, c: GmCase): Promise<string | null> {
  const started = performance.now();
  try {
    const reasons = await entry.run(c);
    const elapsed = performance.now() - started;
    if (elapsed > CALL_LIMIT_MS) reasons.push(`took ${Math.round(elapsed)} ms`);
    return reasons.length > 0 ? reasons.join("; ") : null;
  } catch (error) {
    if (error instanceof RulesError) return null;
    return `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  }
}
