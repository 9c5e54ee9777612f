/**
 * The world migration runner: on `ready`, the active GM brings every world actor and item, their
 * embedded items, and every unlocked Actor/Item compendium up to SCHEMA_VERSION. Each document's data
 * is migrated on load by its model's `migrateData` (src/data/migrations, pure and tested); this runner
 * writes that migrated data back so the stored copy is current. It merges (never replaces), so no
 * stored field is ever dropped. Progress is shown; a failure is reported and the version is not
 * advanced, so the next start tries again.
 */
import { SETTINGS } from "../settings/settings.ts";
import { ChallengeData } from "./actor/challenge.ts";
import { CharacterData } from "./actor/character.ts";
import { AdvancementData } from "./item/advancement.ts";
import { ArmourData } from "./item/armour.ts";
import { ConditionData } from "./item/condition.ts";
import { WeaponData } from "./item/weapon.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { worldMigrationPlan } from "./migrations/index.ts";
import { SCHEMA_VERSION } from "./source.ts";

/** One document to write back, and its uuid for the log. */
interface Job {
  readonly uuid: string;
  readonly run: () => Promise<unknown>;
}

const MODELS = [CharacterData, ChallengeData, WeaponData, ArmourData, AdvancementData, ConditionData];

/** The migrated source of one of our data models (migrateData ran when it loaded), or null. */
function migratedSystem(system: unknown): Record<string, unknown> | null {
  for (const model of MODELS) if (system instanceof model) return system.toObject();
  return null;
}

function itemJob(item: Item): Job {
  return {
    uuid: item.uuid,
    run: async () => {
      const system = migratedSystem(item.system);
      if (system) await item.update({ system }, { diff: false, render: false });
    },
  };
}

function actorJob(actor: Actor): Job {
  return {
    uuid: actor.uuid,
    run: async () => {
      const system = migratedSystem(actor.system);
      if (system) await actor.update({ system }, { diff: false, render: false });
      const updates = actor.items.contents.flatMap((item) => {
        const itemSystem = migratedSystem(item.system);
        return itemSystem ? [{ _id: item.id, system: itemSystem }] : [];
      });
      if (updates.length > 0) await actor.updateEmbeddedDocuments("Item", updates, { diff: false, render: false });
    },
  };
}

export async function migrateWorld(): Promise<void> {
  if (!game.user?.isActiveGM || !game.settings) return;
  const plan = worldMigrationPlan(game.settings.get(SYSTEM_ID, SETTINGS.schemaVersion), SCHEMA_VERSION);
  if (plan.action === "none") return;
  if (plan.action === "newer") {
    const format = { stored: String(plan.stored), current: String(plan.current) };
    ui.notifications?.warn(game.i18n?.format("TERRAN.Migration.newer", format) ?? "", { permanent: true });
    return;
  }

  const packs = (game.packs?.contents ?? []).filter((p) => !p.locked && (p.documentName === "Actor" || p.documentName === "Item"));
  const docs: Job[] = [...(game.actors?.contents ?? []).map(actorJob), ...(game.items?.contents ?? []).map(itemJob)];
  for (const pack of packs) {
    for (const doc of await pack.getDocuments()) {
      if (doc instanceof Actor) docs.push(actorJob(doc));
      else if (doc instanceof Item) docs.push(itemJob(doc));
    }
  }

  const i18n = game.i18n;
  const progress = ui.notifications?.info(i18n?.format("TERRAN.Migration.start", { version: String(SCHEMA_VERSION) }) ?? "", {
    progress: true,
    permanent: true,
  });
  let failures = 0;
  for (const [index, doc] of docs.entries()) {
    try {
      await doc.run();
    } catch (error) {
      failures++;
      console.error(`${SYSTEM_ID} | Migration failed for ${doc.uuid}`, error);
    }
    progress?.update?.((index + 1) / docs.length);
  }
  progress?.update?.(1);
  if (failures > 0) {
    ui.notifications?.error(i18n?.format("TERRAN.Migration.failed", { count: String(failures) }) ?? "", { permanent: true });
    return;
  }
  await game.settings.set(SYSTEM_ID, SETTINGS.schemaVersion, SCHEMA_VERSION);
  ui.notifications?.info(i18n?.format("TERRAN.Migration.done", { count: String(docs.length) }) ?? "");
}
