/**
 * Builders shared by the card glue tests (FOUNDRY STAND-INS): actors as the stand-in Actor with the
 * system's models, card messages with their author and audience, a card rendered for the current user,
 * and a click on it dispatched to the controller.
 */
import type { ActorStub } from "../stubs/foundry-client.ts";
import { ChatMessageStub, type ItemStub } from "../stubs/foundry-client.ts";
import { world } from "../stubs/world.ts";
import { cardFlags, storedCard, type StoredCard } from "../../src/documents/chat-message.ts";
import { onCardClick, renderCard } from "../../src/applications/chat/card-presenter.ts";
import {
  CARD_CHECKS,
  cardOrigin,
  confirmEffect,
  type ChallengeCardState,
  type RiskyCardState,
} from "../../src/chat/index.ts";
import { ChallengeData } from "../../src/data/actor/challenge.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { ArmourData } from "../../src/data/item/armour.ts";
import { TerranActor } from "../../src/documents/actor.ts";
import { card, ROLLER } from "../chat/fixtures.ts";
import { character } from "../documents/operations/fixtures.ts";

type ModelClass = ConstructorParameters<typeof ActorStub>[0]["model"];
export const asModel = (cls: unknown): ModelClass => cls as ModelClass;

/**
 * The roll path needs the roller's own character: a card naming one the world does not hold gets it, owned by
 * the message's author, as a player's roll always has (a test that means another owner builds it first).
 */
function rollerCharacter(stored: StoredCard, author: string): void {
  if (!Object.hasOwn(CARD_CHECKS, stored.kind)) return;
  const subject = cardOrigin(stored).subject;
  if (subject?.kind !== "character" || world.documents.has(subject.uuid) || !subject.uuid.startsWith("Actor.")) return;
  const actor = Reflect.construct(TerranActor, [
    {
      name: "Mira",
      id: subject.uuid.slice("Actor.".length),
      type: "character",
      model: asModel(CharacterData),
      source: character({}),
      isOwner: false,
    },
  ]) as ActorStub;
  actor.ownership = { default: 0, [author]: 3 };
}

/** The rolls a message of `stored` holds, as the system's roll made them: one die term per face the card names. */
export function rollsOf(stored: StoredCard): unknown[] {
  if (!Object.hasOwn(CARD_CHECKS, stored.kind)) return [];
  const faces = cardOrigin(stored).faces;
  return faces.length === 0
    ? []
    : [{ dice: [{ faces: 6, results: faces.map((result) => ({ result, active: true })) }] }];
}

/**
 * A message holding `stored`, posted by `author` (by default the card's roller) to `whisper`/`blind`, with the
 * rolls its dice came from (`rolls` to post others).
 */
export function message(
  stored: StoredCard,
  audience: { author?: string; whisper?: string[]; blind?: boolean; rolls?: unknown[] } = {},
): ChatMessageStub {
  const author =
    audience.author ??
    (stored.kind === "result" ? world.user.id : "rollerId" in stored.state ? stored.state.rollerId : stored.state.gmId);
  rollerCharacter(stored, author);
  return new ChatMessageStub({
    flags: cardFlags(stored),
    author,
    whisper: audience.whisper ?? [],
    blind: audience.blind ?? false,
    rolls: audience.rolls ?? rollsOf(stored),
  });
}

export const asMessage = (m: ChatMessageStub): ChatMessage.Implementation => m as unknown as ChatMessage.Implementation;

/**
 * A Challenge as Foundry builds it: with the system's Actor class (CONFIG.Actor.documentClass is
 * TerranActor for every type).
 */
export function challenge(
  name = "Locked vault",
  facets: { name: string; value: number }[] = [],
  value = 8,
  armour = 0,
  id?: string,
): ActorStub {
  const init = {
    name,
    ...(id ? { id } : {}),
    type: "challenge",
    model: asModel(ChallengeData),
    isOwner: false,
    source: {
      tier: "dangerous",
      n: 4,
      disposition: { value, max: 10 },
      dice: 1,
      halved: false,
      armour,
      notes: "",
      facets: facets.map((f) => ({
        name: f.name,
        tier: "trivial",
        n: 4,
        disposition: { value: f.value, max: 5 },
        dice: 0,
        halved: true,
      })),
    },
  };
  const actor: unknown = Reflect.construct(TerranActor, [init]);
  return actor as ActorStub;
}

export function hero(
  name = "Mira",
  options: {
    grit?: number;
    items?: ItemStub[];
    ego?: number;
    isOwner?: boolean;
    wounds?: readonly ("stressed" | "broken" | "weary")[];
    finesse?: number;
  } = {},
): TerranActor {
  const init = {
    name,
    type: "character",
    model: asModel(CharacterData),
    source: {
      ...character({
        grit: { value: options.grit ?? 3, max: 3 },
        ego: { value: options.ego ?? 4, max: 4 },
        ...(options.wounds ? { wounds: options.wounds } : {}),
        attributes: { finesse: options.finesse ?? 2 },
      }),
    },
    items: options.items ?? [],
    isOwner: options.isOwner ?? true,
  };
  const actor: unknown = Reflect.construct(TerranActor, [init]);
  return actor as TerranActor;
}

export const stub = (actor: TerranActor): ActorStub => actor as unknown as ActorStub;

export function shield(): ItemStub {
  return {
    id: "shield0000000001",
    name: "Shield",
    type: "armour",
    system: new (asModel(ArmourData))(
      { kind: "shield", value: 1, equipped: true, destroyed: false, description: "" },
      { parent: null },
    ),
  };
}

/** Renders the card as the current user would see it and returns it in a detached element. */
export async function shown(msg: ChatMessageStub): Promise<HTMLElement> {
  const stored = storedCard(asMessage(msg));
  if (!stored) throw new Error("no card on the message");
  const root = document.createElement("div");
  root.innerHTML = await renderCard(asMessage(msg), stored);
  return root;
}

/** Dispatches a click on `el` (drawn earlier, perhaps for someone else) to the controller. */
export async function clickOn(msg: ChatMessageStub, el: HTMLElement): Promise<void> {
  const event = new MouseEvent("click", { bubbles: true });
  Object.defineProperty(event, "target", { value: el });
  await onCardClick(asMessage(msg), event);
}

/** Clicks `selector` in the card as rendered for the current user, and waits for the controller. */
export async function click(
  msg: ChatMessageStub,
  selector: string,
  tweak: (el: HTMLElement) => void = () => undefined,
): Promise<void> {
  const root = await shown(msg);
  const el = root.querySelector<HTMLElement>(selector);
  if (!el) throw new Error(`nothing matches ${selector}`);
  tweak(el);
  await clickOn(msg, el);
}

export function riskyState(msg: ChatMessageStub): RiskyCardState {
  const stored = storedCard(asMessage(msg));
  if (stored?.kind !== "risky") throw new Error("not a risky card");
  return stored.state;
}

export function challengeState(msg: ChatMessageStub): ChallengeCardState {
  const stored = storedCard(asMessage(msg));
  if (stored?.kind !== "challenge") throw new Error("not a challenge card");
  return stored.state;
}

/** A card whose Effect is confirmed (light 5 and 3: Precision 5, Effect 3, no explosion). */
export function confirmedCard(): RiskyCardState {
  const fresh = card([5, 3]);
  return confirmEffect(fresh, ROLLER, [], fresh.version);
}

export const disposition = (actor: ActorStub): number => (actor.system as unknown as ChallengeData).disposition.value;
export const grit = (actor: TerranActor): number => (actor.system as CharacterData).grit.value;
