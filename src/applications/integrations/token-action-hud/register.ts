/**
 * Core hands its api to `tokenActionHudCoreApiReady` (core/api.mjs, on `ready`); a system answers with
 * `tokenActionHudSystemReady`, of which Core reads only `module.api` (main.mjs `registerCoreModule`).
 */
import { tokenActionHudSystem, type TahCoreApi } from "./adapter.ts";

export function onTokenActionHudCoreApiReady(coreModule: unknown): void {
  const api = (coreModule as { api?: Partial<TahCoreApi> } | null)?.api;
  if (!api?.ActionHandler || !api.RollHandler || !api.SystemManager) {
    console.warn("terran-engine | Token Action HUD Core gave no usable api: its HUD stays off for this system.");
    return;
  }
  Hooks.call("tokenActionHudSystemReady", { api: tokenActionHudSystem(api as TahCoreApi) });
}
