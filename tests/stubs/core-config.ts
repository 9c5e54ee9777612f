/**
 * FOUNDRY STAND-INS — not Foundry. The part of `CONFIG` core has filled before a system's `init` runs,
 * for a test that boots the whole system (tests/guards/boot.test.ts). Not installed by
 * ./foundry-client.ts: the other stand-in tests set only what they use, and tests/quench/batches.stubs.test.ts
 * relies on the stand-in CONFIG having no document configuration. Call it after `resetWorld(generation)`.
 *
 * Evidence, per entry:
 * - `CONFIG.Actor`: "documentClass: typeof documents.Actor", "dataModels: Record<string, typeof
 *   TypeDataModel>", "trackableAttributes: Record<string, string>"
 *   (foundryvtt.com/api/v14/variables/CONFIG.Actor.html); `CONFIG.Item` and `CONFIG.ChatMessage` hold their
 *   `documentClass` (and the Item its `dataModels`) the same way. Core's other entries there (collection, sidebarIcon,
 *   typeLabels…) the system does not read at init and the stand-in leaves out.
 * - `CONFIG.TextEditor.enrichers: TextEditorEnricherConfig[]` — "A collection of custom enrichers that can
 *   be applied to text content" (foundryvtt.com/api/v14/variables/CONFIG.TextEditor.html); empty here (what
 *   core puts in it, if anything, is not known).
 * - `CONFIG.statusEffects`: an array of StatusEffectConfig on v13, v14's collection by id (./status-effects.ts,
 *   with its evidence). Core's own list is stood for by its "dead" status only (peers keep it: add2e sets
 *   `CONFIG.specialStatusEffects.DEFEATED = "dead"`); its exact fields in core are not known here: name and image only.
 * - `CONFIG.Dice.rolls` back to core's Roll alone and `CONFIG.queries` empty (./foundry.ts, ./foundry-client.ts).
 */
import { ActorStub, ChatMessageStub, ItemDocStub, type Generation } from "./foundry-client.ts";
import { RollStub } from "./foundry.ts";
import { installStatusEffects } from "./status-effects.ts";

/** Core's "dead" status as the stand-in knows it. */
export const CORE_DEAD = { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" };

export function installCoreConfig(generation: Generation): void {
  const config = Reflect.get(globalThis, "CONFIG") as Record<string, unknown>;
  Object.assign(config, {
    Actor: { documentClass: ActorStub, dataModels: {}, trackableAttributes: {} },
    Item: { documentClass: ItemDocStub, dataModels: {} },
    ChatMessage: { documentClass: ChatMessageStub },
    TextEditor: { enrichers: [] },
    queries: {},
  });
  installStatusEffects(generation, [CORE_DEAD]);
  (config.Dice as { rolls: unknown[] }).rolls.splice(0, Infinity, RollStub);
}
