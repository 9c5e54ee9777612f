/**
 * The world migration runner: on `ready`, the active GM writes back what the models' `migrateData`
 * changed in world and compendium documents, invalid ones included (docs/MIGRATIONS.md).
 */
import { mayWriteWorldSettings, SETTINGS } from "../settings/settings.ts";
import { ChallengeData } from "./actor/challenge.ts";
import { CharacterData } from "./actor/character.ts";
import { AdvancementData } from "./item/advancement.ts";
import { ArmourData } from "./item/armour.ts";
import { ConditionData } from "./item/condition.ts";
import { WeaponData } from "./item/weapon.ts";
import { SYSTEM_ID } from "../system-id.ts";
import {
  changedFields,
  migrateActorSystem,
  migrateItemSystem,
  repairWithRecords,
  worldMigrationPlan,
} from "./migrations/index.ts";
import { isRecord } from "./migrations/values.ts";
import { announceRepairs } from "./repair-notice.ts";
import { SCHEMA_VERSION } from "./source.ts";
import { renamedBars, tokenBarUpdate } from "./token-bars.ts";
import { KEEP_REPAIRS_OPTION } from "./update-repair.ts";

type DocumentName = "Actor" | "Item";

/** One document's write: its id and what changes. */
type Update = { readonly _id: string } & Record<string, unknown>;

/** The writes to one collection: the world's (pack null) or a compendium's. */
interface Writes {
  readonly documentName: DocumentName;
  readonly pack: string | null;
  readonly updates: { readonly uuid: string; readonly update: Update }[];
}

/** A document written on its own (one Foundry marked invalid), and its uuid for the log. */
interface Job {
  readonly uuid: string;
  readonly run: () => Promise<unknown>;
}

/** Documents per `updateDocuments` call: 1,000 actors take 10. */
export const MIGRATION_BATCH = 100;

const MODELS = [CharacterData, ChallengeData, WeaponData, ArmourData, AdvancementData, ConditionData];

/** The migrated source of one of our data models (migrateData ran when it loaded), or null. */
function migratedSystem(system: unknown): Record<string, unknown> | null {
  for (const model of MODELS) if (system instanceof model) return system.toObject();
  return null;
}

/** Written as given and merged: the data in memory is already migrated, so a diff would send nothing. */
const WRITE = { diff: false, render: false, [KEEP_REPAIRS_OPTION]: true } as const;

/** A stored document as `game.data` holds it (what the server sent, before any model touched it). */
interface StoredDocument {
  readonly _id?: unknown;
  readonly type?: unknown;
  readonly system?: unknown;
  readonly items?: unknown;
}

/** The world's stored documents of a kind, by id (Foundry: `game.data`; dnd5e reads invalid ones there). */
function storedDocuments(documentName: DocumentName): Map<unknown, StoredDocument> {
  const data = Reflect.get(game, "data") as Record<string, readonly StoredDocument[] | undefined> | undefined;
  const list = data?.[documentName === "Actor" ? "actors" : "items"] ?? [];
  return new Map(list.map((d) => [d._id, d]));
}

/** The stored items of a stored actor, by id. */
function storedItems(actor: StoredDocument | undefined): Map<unknown, StoredDocument> {
  const list: readonly unknown[] = Array.isArray(actor?.items) ? actor.items : [];
  return new Map(list.filter(isRecord).map((i) => [i._id, i as StoredDocument]));
}

/** The stored `system` of a document of `type`, migrated and repaired by the same pure functions as a load. */
function repairedStored(documentName: DocumentName, type: string, system: unknown): Record<string, unknown> | null {
  if (!isRecord(system)) return null;
  const migrated = documentName === "Actor" ? migrateActorSystem(type, system) : migrateItemSystem(type, system);
  return repairWithRecords(type, migrated).source;
}

/** What of `system` differs from the stored one (all of it when none is known), or null for nothing. */
function systemChange(system: Record<string, unknown> | null, stored: StoredDocument | undefined) {
  if (!system) return null;
  const change = isRecord(stored?.system) ? changedFields(stored.system, system) : system;
  return Object.keys(change).length > 0 ? change : null;
}

/** The changed items of an actor, invalid ones (repaired from the stored data) included. */
function itemChanges(actor: Actor, stored: StoredDocument | undefined): Update[] {
  const items = storedItems(stored);
  const changes = [...actor.items].flatMap((item) => {
    const system = systemChange(migratedSystem(item.system), stored ? (items.get(item.id) ?? {}) : undefined);
    return system ? [{ _id: item.id ?? "", system }] : [];
  });
  const invalidIds = [...(actor.items.invalidDocumentIds ?? [])];
  const raw = stored || invalidIds.length === 0 ? items : storedItems(actor.toObject());
  for (const id of invalidIds) {
    const item = raw.get(id);
    const system = item && typeof item.type === "string" ? repairedStored("Item", item.type, item.system) : null;
    if (system) changes.push({ _id: id, system });
  }
  return changes;
}

/**
 * The prototype token's bars: a renamed attribute re-pointed (schema 4), then one its type lacks on the
 * default; null when nothing changes.
 */
function prototypeBarUpdate(actor: Actor): Record<string, string | null> | null {
  const shown = { bar1: actor.prototypeToken.bar1.attribute, bar2: actor.prototypeToken.bar2.attribute };
  const bars = renamedBars(shown);
  const update: Record<string, string | null> = {};
  for (const bar of ["bar1", "bar2"] as const)
    if (bars[bar] !== shown[bar]) update[`prototypeToken.${bar}.attribute`] = bars[bar];
  Object.assign(update, tokenBarUpdate(actor.type, bars));
  return Object.keys(update).length > 0 ? update : null;
}

/** An actor's write: its changed system, its token bars and its changed items; null when nothing changes. */
function actorUpdate(actor: Actor, stored: StoredDocument | undefined): Update | null {
  const system = systemChange(migratedSystem(actor.system), stored);
  const bars = prototypeBarUpdate(actor);
  const items = itemChanges(actor, stored);
  if (!system && !bars && items.length === 0) return null;
  return { _id: actor.id ?? "", ...(system ? { system } : {}), ...(bars ?? {}), ...(items.length ? { items } : {}) };
}

/** An item's write, or null when nothing changes. */
function itemUpdate(item: Item, stored: StoredDocument | undefined): Update | null {
  const system = systemChange(migratedSystem(item.system), stored);
  return system ? { _id: item.id ?? "", system } : null;
}

/** The writes to a collection: its documents' updates, the ones that change anything. */
function writesOf(
  documentName: DocumentName,
  pack: string | null,
  docs: readonly (Actor | Item)[],
  stored: Map<unknown, StoredDocument> | null,
): Writes {
  const updates = docs.flatMap((doc) => {
    const known = stored?.get(doc.id);
    const update = doc instanceof Actor ? actorUpdate(doc, known) : itemUpdate(doc, known);
    return update ? [{ uuid: doc.uuid, update }] : [];
  });
  return { documentName, pack, updates };
}

/** A document Foundry marked invalid: its stored data (from `game.data`) migrated, repaired and written whole. */
function invalidJob(documentName: DocumentName, doc: Actor | Item, stored: StoredDocument | undefined): Job {
  return {
    uuid: doc.uuid,
    run: async () => {
      const type = typeof stored?.type === "string" ? stored.type : doc.type;
      const system = repairedStored(documentName, type, stored?.system);
      if (!system) throw new Error(`no stored data found for the invalid ${documentName} ${doc.id ?? ""}`);
      await doc.update({ system }, WRITE);
    },
  };
}

/** The jobs for the documents of a world collection Foundry could not initialise. */
function invalidJobs(documentName: DocumentName): Job[] {
  const collection = documentName === "Actor" ? game.actors : game.items;
  const stored = storedDocuments(documentName);
  return [...(collection?.invalidDocumentIds ?? [])].flatMap((id) => {
    try {
      return [invalidJob(documentName, collection?.getInvalid(id) as Actor | Item, stored.get(id))];
    } catch (error) {
      console.error(`${SYSTEM_ID} | Could not reach the invalid ${documentName} ${id}`, error);
      return [];
    }
  });
}

/** Every write the migration makes, by collection: the world's actors and items, then each unlocked compendium. */
async function plannedWrites(): Promise<Writes[]> {
  const writes = [
    writesOf("Actor", null, game.actors?.contents ?? [], storedDocuments("Actor")),
    writesOf("Item", null, game.items?.contents ?? [], storedDocuments("Item")),
  ];
  for (const pack of game.packs?.contents ?? []) {
    if (pack.locked || (pack.documentName !== "Actor" && pack.documentName !== "Item")) continue;
    const docs = (await pack.getDocuments()) as (Actor | Item)[];
    writes.push(writesOf(pack.documentName, pack.collection, docs, null));
  }
  return writes.filter((w) => w.updates.length > 0);
}

/** A placed token, as far as the migration reads it. */
interface PlacedToken {
  readonly id?: string | null;
  readonly actorLink?: boolean;
  readonly actor?: { readonly type?: string } | null;
  readonly bar1?: { readonly attribute?: string | null };
  readonly bar2?: { readonly attribute?: string | null };
  /** An unlinked token's own changes to its actor (Foundry's ActorDelta). */
  readonly delta?: { readonly system?: unknown; toObject?(): { readonly system?: unknown } } | null;
}

/** A token's bars that name a renamed attribute, re-pointed (schema 4). */
function tokenBarsChange(token: PlacedToken): Record<string, unknown> {
  const shown = { bar1: token.bar1?.attribute, bar2: token.bar2?.attribute };
  const bars = renamedBars(shown);
  const update: Record<string, unknown> = {};
  for (const bar of ["bar1", "bar2"] as const) if (bars[bar] !== shown[bar]) update[`${bar}.attribute`] = bars[bar];
  return update;
}

/**
 * An unlinked character token's own stored values, migrated as its actor's are: the synthetic actor merges them
 * over the base actor's, so left in schema 3's place they would lose to the base actor's moved ones.
 */
function tokenDeltaChange(token: PlacedToken): Record<string, unknown> {
  const delta = token.delta;
  // Its source, as a peer reads a delta (`delta.toObject(true)`), not a prepared model.
  const system = typeof delta?.toObject === "function" ? delta.toObject().system : delta?.system;
  if (token.actorLink !== false || token.actor?.type !== "character" || !isRecord(system)) return {};
  const change = changedFields(system, migrateActorSystem("character", system));
  return Object.keys(change).length > 0 ? { delta: { system: change } } : {};
}

/**
 * Schema 4: each scene's placed tokens, their renamed bars and unlinked tokens' own values, in batches of
 * `MIGRATION_BATCH` (as the ruleset switch moves bars, table/token-states-sync.ts).
 */
function sceneTokenJobs(): { uuids: string[]; run: () => Promise<unknown> }[] {
  const jobs = [];
  for (const scene of game.scenes ?? []) {
    const updates: Update[] = [];
    for (const token of scene.tokens as Iterable<PlacedToken>) {
      const update = { ...tokenBarsChange(token), ...tokenDeltaChange(token) };
      if (token.id && Object.keys(update).length > 0) updates.push({ _id: token.id, ...update });
    }
    for (let i = 0; i < updates.length; i += MIGRATION_BATCH) {
      const batch = updates.slice(i, i + MIGRATION_BATCH);
      jobs.push({
        uuids: batch.map((u) => `${scene.uuid ?? "Scene"}.Token.${u._id}`),
        run: () => scene.updateEmbeddedDocuments("Token", batch),
      });
    }
  }
  return jobs;
}

/** One `updateDocuments` call per batch of a collection's writes. */
function batchJobs(writes: readonly Writes[]): { uuids: string[]; run: () => Promise<unknown> }[] {
  return writes.flatMap(({ documentName, pack, updates }) => {
    const cls = documentName === "Actor" ? Actor.implementation : Item.implementation;
    const jobs = [];
    for (let i = 0; i < updates.length; i += MIGRATION_BATCH) {
      const batch = updates.slice(i, i + MIGRATION_BATCH);
      jobs.push({
        uuids: batch.map((u) => u.uuid),
        run: () =>
          cls.updateDocuments(
            batch.map((u) => u.update),
            { ...WRITE, pack },
          ),
      });
    }
    return jobs;
  });
}

/**
 * The notice `ui.notifications.info(…, { progress: true })` returns: its bar moves by
 * `update({ pct, message })`, which also writes the outcome into it ("progress.update({pct: 1.0,
 * message: 'Done!'})", foundryvtt.com/api/classes/foundry.applications.ui.Notifications.html, and
 * api/v14; dnd5e's migration ends so). Declared here: fvtt-types 13.345 types the argument as a number.
 */
interface ProgressNotification {
  update(options: { pct: number; message?: string }): void;
}

/** On `ready`, on every client: the GM's migration (when due), then the owner's repair notices. */
export async function migrateWorld(): Promise<void> {
  await migrateWorldData();
  await announceRepairs();
}

/** The active GM's migration, when the world's schema is behind and the GM may write the version. */
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
  const jobs = [
    ...batchJobs(await plannedWrites()),
    ...sceneTokenJobs(),
    ...[...invalidJobs("Actor"), ...invalidJobs("Item")].map((j) => ({ uuids: [j.uuid], run: j.run })),
  ];
  const failures = await runJobs(jobs);
  if (failures > 0) {
    ui.notifications?.error(game.i18n?.format("TERRAN.Migration.failed", { count: String(failures) }) ?? "", {
      permanent: true,
    });
    return;
  }
  await game.settings.set(SYSTEM_ID, SETTINGS.schemaVersion, SCHEMA_VERSION);
}

/** Runs the writes in order behind one progress notice, which ends saying what was written; the failures. */
async function runJobs(jobs: readonly { uuids: string[]; run: () => Promise<unknown> }[]): Promise<number> {
  const i18n = game.i18n;
  const notice: unknown = ui.notifications?.info(
    i18n?.format("TERRAN.Migration.start", { version: String(SCHEMA_VERSION) }) ?? "",
    { progress: true, permanent: true },
  );
  const progress = notice as ProgressNotification | undefined;
  let [failures, written] = [0, 0];
  for (const [index, job] of jobs.entries()) {
    try {
      await job.run();
      written += job.uuids.length;
    } catch (error) {
      failures += job.uuids.length;
      console.error(`${SYSTEM_ID} | Migration failed for ${job.uuids.join(", ")}`, error);
    }
    if (index + 1 < jobs.length) progress?.update({ pct: (index + 1) / jobs.length });
  }
  progress?.update({ pct: 1, message: i18n?.format("TERRAN.Migration.done", { count: String(written) }) ?? "" });
  return failures;
}
