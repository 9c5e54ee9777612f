/** A Foundry actor read into the pure operations' state. */
import { CharacterData } from "../data/actor/character.ts";
import { itemSnapshot } from "../data/snapshot.ts";
import type { ItemSnapshot } from "../data/source.ts";
import { readPanicMark, readSceneEffects } from "../rules/index.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { readComplications } from "../data/complications.ts";
import type { CharacterState } from "./operations/index.ts";

/** Null for a non-character. */
export function characterState(actor: Actor.Implementation): CharacterState | null {
  const system = actor.system;
  if (!(system instanceof CharacterData)) return null;
  const items: ItemSnapshot[] = [];
  for (const item of actor.items) {
    const snapshot = itemSnapshot(item);
    if (snapshot) items.push(snapshot);
  }
  return {
    source: system.toObject(),
    items,
    scene: readSceneEffects(actor.getFlag(SYSTEM_ID, "scene")),
    complications: readComplications(actor.getFlag(SYSTEM_ID, "complications")),
    panic: readPanicMark(actor.getFlag(SYSTEM_ID, "panic")),
  };
}
