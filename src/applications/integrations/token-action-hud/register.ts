/**
 * Token Action HUD Core hands its api to `tokenActionHudCoreApiReady` (its core/api.mjs, on `ready`);
 * a system answers with `Hooks.call("tokenActionHudSystemReady", module)`, where Core reads only
 * `module.api` (its main.mjs `registerCoreModule`: the required version, then `new api.SystemManager`).
 * Without Core the hook never fires and nothing of the adapter runs.
 */
import { tokenActionHudSystem, type TahCoreApi } from "./adapter.ts";

/** The handler of `tokenActionHudCoreApiReady`: our classes over Core's, handed back to Core. */
export function onTokenActionHudCoreApiReady(coreModule: unknown): void {
  const api = (coreModule as { api?: Partial<TahCoreApi> } | null)?.api;
  if (!api?.ActionHandler || !api.RollHandler || !api.SystemManager) {
    console.warn("terran-engine | Token Action HUD Core gave no usable api: its HUD stays off for this system.");
    return;
  }
  Hooks.call("tokenActionHudSystemReady", { api: tokenActionHudSystem(api as TahCoreApi) });
}
