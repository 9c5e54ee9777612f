/**
 * Builders for the Legacy glue tests (FOUNDRY STAND-INS): a Legacy character as the stand-in Actor with
 * the system's models (Strength 2, Agility 1, Insight 1, Charisma 1: HP max 5 with no Advancement), and
 * the *Protected* Advancement as an embedded item.
 */
import { makeGm, world, type ActorStub, type ItemStub } from "../stubs/foundry-client.ts";
import { askMontageWord } from "../../src/relay/queries.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { AdvancementData } from "../../src/data/item/advancement.ts";
import { defaultLegacyValues, type LegacyValues, legacyBlocks } from "../fixtures/legacy-values.ts";
import { TerranActor } from "../../src/documents/actor.ts";
import { advancementSource, character } from "../documents/operations/fixtures.ts";
import { asModel } from "./card-builders.ts";

let next = 0;

export function legacyHero(
  name: string,
  options: {
    ego?: number;
    hp?: number;
    lost?: boolean;
    items?: ItemStub[];
    isOwner?: boolean;
    legacy?: Partial<LegacyValues>;
    id?: string;
  } = {},
): TerranActor {
  const base = defaultLegacyValues();
  const legacy: LegacyValues = {
    ...base,
    attributes: { strength: 2, agility: 1, insight: 1, charisma: 1 },
    hp: { value: options.hp ?? 5 },
    ego: { value: options.ego ?? 4 },
    ...options.legacy,
  };
  const init = {
    name,
    type: "character",
    model: asModel(CharacterData),
    source: { ...character({ lost: options.lost ?? false }), ...legacyBlocks(legacy) },
    items: options.items ?? [],
    isOwner: options.isOwner ?? true,
    ...(options.id ? { id: options.id } : {}),
  };
  const actor: unknown = Reflect.construct(TerranActor, [init]);
  return actor as TerranActor;
}

/** An Advancement item with the engine's flags (`protected`, `tough`…), from Legacy's list. */
export function legacyAdvancement(key: string): ItemStub {
  return {
    id: `adv${String(++next).padStart(13, "0")}`,
    name: key,
    type: "advancement",
    system: new (asModel(AdvancementData))({ ...advancementSource(key), source: "legacy" }, { parent: null }),
  };
}

export const protectedItem = (): ItemStub => legacyAdvancement("protected");

export const stubOf = (actor: TerranActor): ActorStub => actor as unknown as ActorStub;

/**
 * R-LEG-14 the active GM's yes to the current player's montage of `actorUuid` against `challengeUuid`, asked
 * as the player's dialog asks it (the GM answers yes): the word the montage card carries. The GM stays online.
 */
export async function gmSaysYes(actorUuid: string, challengeUuid: string): Promise<{ gmId: string; id: string }> {
  world.gm ??= makeGm();
  world.dialogAnswers.push(true);
  return askMontageWord(actorUuid, challengeUuid);
}
