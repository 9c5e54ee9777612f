/**
 * Registers the in-Foundry test batches when Quench is active — and only then: the hook is Quench's
 * own (it never fires without the module), the module is checked again, and the batches' code is
 * reached through a dynamic import so nothing of it runs otherwise. The system's own code goes to
 * the batches as an object (./kit.ts), so their chunk needs no import of the entry.
 */
import { QUENCH_KIT } from "./kit.ts";
import type { Quench } from "./quench-types.ts";

/** Quench's module id (its manifest's `name`/`id`: Ethaks/FVTT-Quench public/module.json). */
export const QUENCH_ID = "quench";

export async function onQuenchReady(quench: Quench): Promise<boolean> {
  if (!game.modules?.get(QUENCH_ID)?.active) return false;
  const { registerBatches } = await import("./register.ts");
  registerBatches(quench, QUENCH_KIT);
  return true;
}
