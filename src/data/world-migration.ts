/**
 * The world migration runner: on `ready`, the active GM brings every world actor and item, their
 * embedded items, and every unlocked Actor/Item compendium up to SCHEMA_VERSION. Each document's data
 * is migrated and repaired on load by its model's `migrateData` (src/data/migrations, pure and tested);
 * this runner writes that data back whole (`diff: false`, so values repaired in memory reach the
 * database) with its repair records, for the owner to be told (src/data/repair-notice.ts). It merges
 * (never replaces), so no stored field is ever dropped; keys the schema no longer knows stay in the
 * database and are left out by Foundry's cleaning on load (no `-=` deletion, whose v14 form differs).
 *
 * Documents Foundry marked invalid (left out of `game.actors.contents`: WorldCollection#invalidDocumentIds,
 * foundryvtt.com/api/classes/foundry.documents.abstract.WorldCollection.html) are reached too, the way
 * dnd5e's migration does (module/migration.mjs): each one from `getInvalid(id)`, its stored data read from
 * `game.data`, migrated and repaired with the same pure functions and written whole; it loads valid at the
 * next start (foundryvtt#8495: get it, update it, refresh). Invalid items inside a valid actor likewise.
 *
 * Existing Challenges whose token bar names an attribute they lack (`grit`, from the manifest) get their
 * Disposition bar (src/data/token-bars.ts). Progress is shown; a failure is reported and the version is
 * not advanced, so the next start tries again. Then, on every client, the owner is told what was repaired.
 */
import { mayWriteWorldSettings, SETTINGS } from "../settings/settings.ts";
import { ChallengeData } from "./actor/challenge.ts";
import { CharacterData } from "./actor/character.ts";
import { AdvancementData } from "./item/advancement.ts";
import { ArmourData } from "./item/armour.ts";
import { ConditionData } from "./item/condition.ts";
import { WeaponData } from "./item/weapon.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { migrateActorSystem, migrateItemSystem, repairWithRecords, worldMigrationPlan } from "./migrations/index.ts";
import { isRecord } from "./migrations/values.ts";
import { announceRepairs } from "./repair-notice.ts";
import { SCHEMA_VERSION } from "./source.ts";
import { tokenBarUpdate } from "./token-bars.ts";
import { KEEP_REPAIRS_OPTION } from "./update-repair.ts";

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

/** Whole writes: the data in memory is already migrated and repaired, so a diff would send nothing. */
const WRITE = { diff: false, render: false, [KEEP_REPAIRS_OPTION]: true } as const;

/** A stored document as `game.data` holds it (what the server sent, before any model touched it). */
interface StoredDocument {
  readonly _id?: unknown;
  readonly type?: unknown;
  readonly system?: unknown;
  readonly items?: unknown;
}

/** The stored `system` of a document of `type`, migrated and repaired by the same pure functions as a load. */
function repairedStored(documentName: "Actor" | "Item", type: string, system: unknown): Record<string, unknown> | null {
  if (!isRecord(system)) return null;
  const migrated = documentName === "Actor" ? migrateActorSystem(type, system) : migrateItemSystem(type, system);
  return repairWithRecords(type, migrated).source;
}

function itemJob(item: Item): Job {
  return {
    uuid: item.uuid,
    run: async () => {
      const system = migratedSystem(item.system);
      if (system) await item.update({ system }, WRITE);
    },
  };
}

/**
 * Invalid items inside an actor (EmbeddedCollection#invalidDocumentIds, foundryvtt#7698), from the actor's stored data.
 */
function invalidItemUpdates(actor: Actor): { _id: string; system: Record<string, unknown> }[] {
  const ids = [...(actor.items.invalidDocumentIds ?? [])];
  if (ids.length === 0) return [];
  const stored = (actor.toObject() as StoredDocument).items;
  const list: readonly unknown[] = Array.isArray(stored) ? stored : [];
  return ids.flatMap((id) => {
    const raw = list.find((i): i is StoredDocument => isRecord(i) && i._id === id);
    const system = raw && typeof raw.type === "string" ? repairedStored("Item", raw.type, raw.system) : null;
    return system ? [{ _id: id, system }] : [];
  });
}

function actorJob(actor: Actor): Job {
  return {
    uuid: actor.uuid,
    run: async () => {
      const system = migratedSystem(actor.system);
      const bars = tokenBarUpdate(actor.type, {
        bar1: actor.prototypeToken.bar1.attribute,
        bar2: actor.prototypeToken.bar2.attribute,
      });
      if (system || bars) await actor.update({ ...(system ? { system } : {}), ...(bars ?? {}) }, WRITE);
      const updates = [...actor.items].flatMap((item) => {
        const itemSystem = migratedSystem(item.system);
        return itemSystem ? [{ _id: item.id ?? "", system: itemSystem }] : [];
      });
      updates.push(...invalidItemUpdates(actor));
      if (updates.length > 0) await actor.updateEmbeddedDocuments("Item", updates, WRITE);
    },
  };
}

/** A document Foundry marked invalid: its stored data (from `game.data`) migrated, repaired and written whole. */
function invalidJob(
  documentName: "Actor" | "Item",
  doc: Actor | Item,
  stored: readonly StoredDocument[] | undefined,
): Job {
  return {
    uuid: doc.uuid,
    run: async () => {
      const raw = (stored ?? []).find((d) => d._id === doc.id);
      const type = typeof raw?.type === "string" ? raw.type : doc.type;
      const system = repairedStored(documentName, type, raw?.system);
      if (!system) throw new Error(`no stored data found for the invalid ${documentName} ${doc.id ?? ""}`);
      await doc.update({ system }, WRITE);
    },
  };
}

/** The jobs for the documents of a world collection Foundry could not initialise. */
function invalidJobs(documentName: "Actor" | "Item"): Job[] {
  const collection = documentName === "Actor" ? game.actors : game.items;
  const stored = (Reflect.get(game, "data") as Record<string, readonly StoredDocument[] | undefined> | undefined)?.[
    documentName === "Actor" ? "actors" : "items"
  ];
  return [...(collection?.invalidDocumentIds ?? [])].flatMap((id) => {
    try {
      return [invalidJob(documentName, collection?.getInvalid(id) as Actor | Item, stored)];
    } catch (error) {
      console.error(`${SYSTEM_ID} | Could not reach the invalid ${documentName} ${id}`, error);
      return [];
    }
  });
}

/** On `ready`, on every client: the GM's migration (when due), then the owner's repair notices. */
/**
 * The notice `ui.notifications.info(…, { progress: true })` returns: its bar moves by
 * `update({ pct, message })` ("progress.update({pct: 0.25, message: 'Still happening!'})",
 * foundryvtt.com/api/v14 foundry.applications.ui.Notifications; dnd5e's and Draw Steel's migrations pass
 * `{ pct }`), and core closes it when the bar is full. Declared here: fvtt-types 13.345 types the
 * argument as a bare number.
 */
interface ProgressNotification {
  update(options: { pct: number; message?: string }): void;
}

export async function migrateWorld(): Promise<void> {
  await migrateWorldData();
  await announceRepairs();
}

async function migrateWorldData(): Promise<void> {
  if (!game.user?.isActiveGM || !game.settings) return;
  const plan = worldMigrationPlan(game.settings.get(SYSTEM_ID, SETTINGS.schemaVersion), SCHEMA_VERSION);
  if (plan.action === "none") return;
  if (plan.action === "newer") {
    const format = { stored: String(plan.stored), current: String(plan.current) };
    ui.notifications?.warn(game.i18n?.format("TERRAN.Migration.newer", format) ?? "", { permanent: true });
    return;
  }
  // The schema version is a world setting: a GM whose role may not write it (core would refuse the last
  // step) leaves the whole migration to a GM who may, rather than run it again at every start.
  if (!mayWriteWorldSettings()) {
    ui.notifications?.warn(game.i18n?.localize("TERRAN.Migration.needsSettingsPermission") ?? "", { permanent: true });
    return;
  }

  const packs = (game.packs?.contents ?? []).filter(
    (p) => !p.locked && (p.documentName === "Actor" || p.documentName === "Item"),
  );
  const docs: Job[] = [
    ...(game.actors?.contents ?? []).map(actorJob),
    ...invalidJobs("Actor"),
    ...(game.items?.contents ?? []).map(itemJob),
    ...invalidJobs("Item"),
  ];
  for (const pack of packs) {
    for (const doc of await pack.getDocuments()) {
      if (doc instanceof Actor) docs.push(actorJob(doc));
      else if (doc instanceof Item) docs.push(itemJob(doc));
    }
  }

  const i18n = game.i18n;
  const notice: unknown = ui.notifications?.info(
    i18n?.format("TERRAN.Migration.start", { version: String(SCHEMA_VERSION) }) ?? "",
    {
      progress: true,
      permanent: true,
    },
  );
  const progress = notice as ProgressNotification | undefined;
  let failures = 0;
  for (const [index, doc] of docs.entries()) {
    try {
      await doc.run();
    } catch (error) {
      failures++;
      console.error(`${SYSTEM_ID} | Migration failed for ${doc.uuid}`, error);
    }
    progress?.update({ pct: (index + 1) / docs.length });
  }
  // Core closes a progress notice when its bar is full (with no document, it is filled here).
  if (docs.length === 0) progress?.update({ pct: 1 });
  if (failures > 0) {
    ui.notifications?.error(i18n?.format("TERRAN.Migration.failed", { count: String(failures) }) ?? "", {
      permanent: true,
    });
    return;
  }
  await game.settings.set(SYSTEM_ID, SETTINGS.schemaVersion, SCHEMA_VERSION);
  ui.notifications?.info(i18n?.format("TERRAN.Migration.done", { count: String(docs.length) }) ?? "");
}
