/**
 * Builders shared by the table tools' glue tests (FOUNDRY STAND-INS): player characters with their
 * owners, `game.actors`, the current user, the last message, a press on a dialog's action.
 */
import type { ApplicationStub, ChatMessageStub } from "../stubs/foundry-client.ts";
import { WorldCollectionStub, world, type ActorStub } from "../stubs/foundry-client.ts";
import { storedCard } from "../../src/documents/chat-message.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { TerranActor } from "../../src/documents/actor.ts";
import type { SessionCardState } from "../../src/chat/index.ts";
import { character } from "../documents/operations/fixtures.ts";
import { asMessage, asModel, stub } from "./card-builders.ts";

export const GM_USER = { id: "gm", isGM: true } as const;
export const as = (user: { id: string; isGM: boolean }) => {
  world.user = { ...user, targets: new Set() };
};
/**
 * The active GM when no Gamemaster is online can be an Assistant GM, whose role by default may not modify
 * world-level settings (SETTINGS_MODIFY; CONST.USER_ROLES): core refuses that user's world-setting writes.
 */
export const asAssistantWithoutSettings = (): void => {
  world.user = {
    id: "assistant",
    isGM: true,
    isActiveGM: true,
    targets: new Set(),
    can: (a) => a !== "SETTINGS_MODIFY",
  };
};
export const xp = (actor: TerranActor): number => (actor.system as CharacterData).xp;
export const text = (el: Element | null | undefined): string => (el?.textContent ?? "").replace(/\s+/g, " ").trim();

/** A player character owned by `owner` (Foundry: ownership level 3; hasPlayerOwner). */
export function pc(
  name: string,
  owner: string,
  options: { xp?: number; dead?: boolean; lost?: boolean } = {},
): TerranActor {
  const source = character({
    attributes: { finesse: 2, exertion: 1 },
    xp: options.xp ?? 0,
    dead: options.dead ?? false,
    lost: options.lost ?? false,
    ...(options.lost ? { ego: { value: 0 } } : {}),
  });
  const actor = Reflect.construct(TerranActor, [
    { name, type: "character", model: asModel(CharacterData), source, isOwner: false },
  ]) as TerranActor;
  const s = stub(actor);
  s.ownership = { default: 0, [owner]: 3 };
  s.hasPlayerOwner = true;
  return actor;
}

/** `game.actors` holding these actors (the stand-in WorldCollection). */
export function actors(...list: TerranActor[]): void {
  const collection = new WorldCollectionStub<ActorStub>();
  for (const a of list) collection.add(stub(a));
  world.collections.actors = collection;
}

export const lastCard = (): ChatMessageStub => {
  const all = [...world.messages.values()];
  const last = all.at(-1);
  if (!last) throw new Error("no message");
  return last;
};
export const sessionState = (m: ChatMessageStub): SessionCardState => {
  const stored = storedCard(asMessage(m));
  if (stored?.kind !== "session") throw new Error("not a session card");
  return stored.state;
};

export async function press(app: ApplicationStub, action: string): Promise<void> {
  const el = app.element.querySelector<HTMLElement>(`[data-action="${action}"]`);
  if (!el) throw new Error(`no ${action}`);
  el.click();
  await new Promise((resolve) => setTimeout(resolve, 10));
}

export const opened = <T>(cls: abstract new (...args: never[]) => T): T => {
  const app = world.opened.find((a) => a instanceof cls);
  if (!app) throw new Error(`no ${cls.name} opened`);
  return app as T;
};
