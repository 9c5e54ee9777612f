/**
 * The batches, registered with Quench (reached only through ./hook.ts's dynamic import); one per area, each
 * cleaning up after itself.
 */
import type { QuenchKit } from "./kit.ts";
import type { Quench } from "./quench-types.ts";
import { holdKit, type TerranBatch } from "./support.ts";
import { actorsBatch } from "./batches/actors.ts";
import { advancementBatch } from "./batches/advancement.ts";
import { loadBatch } from "./batches/load.ts";
import { migrationsBatch } from "./batches/migrations.ts";
import { privacyBatch } from "./batches/privacy.ts";
import { queriesBatch } from "./batches/queries.ts";
import { riskyBatch } from "./batches/risky.ts";
import { sheetsBatch } from "./batches/sheets.ts";
import { linksStatesBatch } from "./batches/links-states.ts";
import { legacyBatch } from "./batches/legacy.ts";
import { sessionBatch } from "./batches/session.ts";
import { requestBatch } from "./batches/request.ts";
import { luckBatch } from "./batches/luck.ts";

export const BATCHES: readonly TerranBatch[] = [
  loadBatch,
  actorsBatch,
  sheetsBatch,
  riskyBatch,
  queriesBatch,
  advancementBatch,
  privacyBatch,
  migrationsBatch,
  linksStatesBatch,
  legacyBatch,
  sessionBatch,
  requestBatch,
  luckBatch,
];

/** With the system's code the entry hands over. */
export function registerBatches(quench: Quench, kit: QuenchKit): void {
  holdKit(kit);
  for (const batch of BATCHES)
    quench.registerBatch(batch.key, (context) => batch.register(context), {
      displayName: batch.displayName,
      preSelected: true,
    });
}
