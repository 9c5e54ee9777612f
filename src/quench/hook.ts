/**
 * Registers the batches only when Quench is active: its own hook, the module checked again, and a dynamic
 * import, so nothing of them runs otherwise; the system's code goes over as ./kit.ts.
 */
import { QUENCH_KIT } from "./kit.ts";
import type { Quench } from "./quench-types.ts";

/** Its manifest's id (Ethaks/FVTT-Quench public/module.json). */
export const QUENCH_ID = "quench";

export async function onQuenchReady(quench: Quench): Promise<boolean> {
  if (!game.modules?.get(QUENCH_ID)?.active) return false;
  const { registerBatches } = await import("./register.ts");
  registerBatches(quench, QUENCH_KIT);
  return true;
}
