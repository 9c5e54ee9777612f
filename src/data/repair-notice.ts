/**
 * Tells the owner, once, what the repair of stored values changed. `migrateData` cannot know who looks, so it
 * records the change in `system.repairs`; on `ready` the document's owner (a player owner, else the active GM)
 * gets one warning per field and writes the data back whole (`diff: false`: the in-memory data is already
 * repaired) with the records cleared.
 */
import { GM_ONLY_FIELDS } from "./limits.ts";
import { storedRepairs, type RepairRecord } from "./migrations/index.ts";
import { repairText, type RepairSubject } from "./repair-text.ts";
import { KEEP_REPAIRS_OPTION } from "./update-repair.ts";
import { SYSTEM_ID } from "../system-id.ts";

interface Owned {
  readonly hasPlayerOwner: boolean;
  readonly isOwner: boolean;
}

/** Its source, records and class's label prefixes. */
interface ModelView {
  readonly source: Record<string, unknown>;
  readonly records: RepairRecord[];
  readonly prefix: string;
}

function view(system: unknown): ModelView | null {
  if (typeof system !== "object" || system === null) return null;
  const toObject: unknown = Reflect.get(system, "toObject");
  if (typeof toObject !== "function") return null;
  const source = Reflect.apply(toObject, system, []) as Record<string, unknown>;
  const prefixes: unknown = Reflect.get(system.constructor, "LOCALIZATION_PREFIXES");
  const prefix = Array.isArray(prefixes) && typeof prefixes[0] === "string" ? prefixes[0] : "";
  return { source, records: storedRepairs(source.repairs), prefix };
}

/** A player owner (`hasPlayerOwner`), else the active GM. */
export function tellsThisUser(doc: Owned): boolean {
  const user = game.user;
  if (!user) return false;
  if (doc.hasPlayerOwner) return !user.isGM && doc.isOwner;
  return user.isActiveGM;
}

function tell(subject: RepairSubject, records: readonly RepairRecord[]): void {
  for (const record of records)
    ui.notifications?.warn(repairText("TERRAN.Repair.notice", subject, record), { permanent: true });
}

const WRITE_BACK = { diff: false, render: false, [KEEP_REPAIRS_OPTION]: true } as const;

/** A player's leaves out GM-only fields. */
function writeBack(type: string, source: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...source, repairs: [] };
  if (!game.user?.isGM)
    for (const field of Object.hasOwn(GM_ONLY_FIELDS, type) ? (GM_ONLY_FIELDS[type] ?? []) : []) delete out[field];
  return out;
}

async function announceActor(actor: Actor): Promise<void> {
  if (!tellsThisUser(actor)) return;
  const own = view(actor.system);
  const items: { id: string; name: string; type: string; model: ModelView }[] = [];
  for (const item of actor.items) {
    const model = view(item.system);
    if (model && model.records.length > 0) items.push({ id: item.id ?? "", name: item.name, type: item.type, model });
  }
  if (own && own.records.length > 0) {
    tell({ name: actor.name, prefix: own.prefix }, own.records);
    await actor.update({ system: writeBack(actor.type, own.source) }, WRITE_BACK);
  }
  for (const item of items)
    tell({ name: `${actor.name}: ${item.name}`, prefix: item.model.prefix }, item.model.records);
  if (items.length > 0) {
    await actor.updateEmbeddedDocuments(
      "Item",
      items.map((item) => ({ _id: item.id, system: writeBack(item.type, item.model.source) })),
      WRITE_BACK,
    );
  }
}

async function announceItem(item: Item): Promise<void> {
  if (!tellsThisUser(item)) return;
  const model = view(item.system);
  if (!model || model.records.length === 0) return;
  tell({ name: item.name, prefix: model.prefix }, model.records);
  await item.update({ system: writeBack(item.type, model.source) }, WRITE_BACK);
}

/** Every world actor, their items, and world items. */
export async function announceRepairs(): Promise<void> {
  const run = async (what: string, job: () => Promise<void>) => {
    try {
      await job();
    } catch (error) {
      console.error(`${SYSTEM_ID} | Could not record the repair notice of ${what}`, error);
    }
  };
  for (const actor of game.actors?.contents ?? []) await run(actor.uuid, () => announceActor(actor));
  for (const item of game.items?.contents ?? []) await run(item.uuid, () => announceItem(item));
}
