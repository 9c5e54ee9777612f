/**
 * FOUNDRY STAND-INS — not Foundry. The part of `CONFIG` core has filled before a system's `init` runs,
 * for a test that boots the whole system (tests/guards/boot.test.ts). Not installed by
 * ./foundry-client.ts: the other stand-in tests set only what they use, and tests/quench/batches.stubs.test.ts
 * relies on the stand-in CONFIG having no document configuration. Call it after `resetWorld(generation)`.
 *
 * Evidence, per entry:
 * - `CONFIG.Actor`: "documentClass: typeof documents.Actor", "dataModels: Record<string, typeof
 *   TypeDataModel>", "trackableAttributes: Record<string, string>" (foundryvtt.com/api/v14/variables/CONFIG.Actor.html);
 *   `CONFIG.Item` and `CONFIG.ChatMessage` hold their `documentClass` (and the Item its `dataModels`) the
 *   same way. Core's other entries there (collection, sidebarIcon, typeLabels…) the system does not read
 *   at init and the stand-in leaves out.
 * - `CONFIG.TextEditor.enrichers: TextEditorEnricherConfig[]` — "A collection of custom enrichers that can
 *   be applied to text content" (foundryvtt.com/api/v14/variables/CONFIG.TextEditor.html); empty here (what
 *   core puts in it, if anything, is not known).
 * - `CONFIG.statusEffects`: an array of StatusEffectConfig on v13, a record by id on v14
 *   (foundryvtt.com/api/v13 and /api/v14 CONFIG.statusEffects; src/compat/generation.ts). Core's own list
 *   is stood for by its "dead" status only (peers keep it: add2e sets `CONFIG.specialStatusEffects.DEFEATED
 *   = "dead"`); its exact fields in core are not known here: name and image only.
 * - `CONFIG.Dice.rolls` back to core's Roll alone and `CONFIG.queries` empty (./foundry.ts, ./foundry-client.ts).
 */
import { ActorStub, ChatMessageStub, ItemDocStub, type Generation } from "./foundry-client.ts";
import { RollStub } from "./foundry.ts";

/** Core's "dead" status as the stand-in knows it. */
export const CORE_DEAD = { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" };

export function installCoreConfig(generation: Generation): void {
  const config = Reflect.get(globalThis, "CONFIG") as Record<string, unknown>;
  Object.assign(config, {
    Actor: { documentClass: ActorStub, dataModels: {}, trackableAttributes: {} },
    Item: { documentClass: ItemDocStub, dataModels: {} },
    ChatMessage: { documentClass: ChatMessageStub },
    TextEditor: { enrichers: [] },
    statusEffects: generation >= 14 ? { dead: { ...CORE_DEAD } } : [{ ...CORE_DEAD }],
    queries: {},
  });
  (config.Dice as { rolls: unknown[] }).rolls.splice(0, Infinity, RollStub);
}
