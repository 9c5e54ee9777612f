/**
 * FOUNDRY STAND-INS — not Foundry. The client-side globals the system's glue reads (`Actor`, `Item`,
 * `ChatMessage`, `game.user`, `game.users.activeGM`, `game.settings`, `fromUuid`, `ui.notifications`,
 * `canvas`, `DialogV2`, `renderTemplate`, and for the sheets `ActorSheetV2`/`ItemSheetV2`,
 * `TextEditor`, `FilePicker`, `foundry.utils.setProperty`/`flattenObject`), each as small as the glue
 * needs, recording what it was asked. Tests using them check OUR dispatch, permissions and persistence
 * calls — never Foundry's own behaviour (its sockets, document updates and lifecycle, permission
 * levels, form handling, rendering or query transport).
 *
 * Import after `./foundry.ts` (this module does it) and before any module of the system.
 * Templates render with the real `handlebars` and the helper stand-ins of tests/support/templates.ts.
 */
import "./foundry.ts";
import { DataModelValidationError } from "./foundry.ts";
import {
  ActorSheetStub,
  ApplicationStub,
  FilePickerStub,
  ItemSheetStub,
  dragEventData,
  renderSystemTemplate,
} from "./applications.ts";
import { userCan, UserDocStub, world, type UserStub } from "./world.ts";
import { ChatMessageStub, coreSetting } from "./chat.ts";
import { HooksStub } from "./hooks.ts";
import { documentCollections, registerSetting } from "./registries.ts";
import { TourStub, toursCollection } from "./tours.ts";

export { ApplicationStub, DocumentSheetStub, ActorSheetStub, ItemSheetStub } from "./applications.ts";
export { ChatMessageStub, Dice3dStub, type Animation } from "./chat.ts";
export {
  world,
  makeGm,
  resetWorld,
  UserDocStub,
  GENERATIONS,
  type Generation,
  type GmStub,
  type UserStub,
} from "./world.ts";

import { expandUpdate, isRecord, mergeDeep, type Json } from "./json.ts";

export { expandUpdate, mergeDeep } from "./json.ts";

/** What changed from `before` to `after`, as a nested object of the new values (Foundry's diffObject, roughly). */
export function diffObject(before: Json, after: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(after)) {
    const old = before[key];
    if (isRecord(value) && isRecord(old)) {
      const inner = diffObject(old, value);
      if (Object.keys(inner).length > 0) out[key] = inner;
    } else if (JSON.stringify(value) !== JSON.stringify(old)) out[key] = structuredClone(value);
  }
  return out;
}

/** Writes a system change into the stored copy of document `id` (the "database" a reload reads). */
function storeChange(stored: Json[], id: string, system: Json): void {
  const doc = stored.find((d) => d._id === id);
  if (!doc || Object.keys(system).length === 0) return;
  doc.system = mergeDeep(isRecord(doc.system) ? doc.system : {}, system);
}

/** Writes an embedded item's system change into its actor's stored copy (an item not stored there is left). */
function storeItemChange(actorId: string, itemId: string, system: Json): void {
  const doc = world.actorSources.find((d) => d._id === actorId);
  const item = (Array.isArray(doc?.items) ? (doc.items as unknown[]) : []).find(
    (i): i is Json => isRecord(i) && i._id === itemId,
  );
  if (item && Object.keys(system).length > 0) item.system = mergeDeep(isRecord(item.system) ? item.system : {}, system);
}

/**
 * The documents an `updateDocuments` call reaches: the compendium's named by `pack`, else the world's
 * (`game.actors` / `game.items`). Every update must name one of them by `_id`.
 */
function updateTargets<T extends { readonly id: string }>(
  documentName: "Actor" | "Item",
  updates: Json[],
  pack: unknown,
): T[] {
  const packDocs =
    typeof pack === "string" ? world.packs.find((p): p is PackStub => (p as PackStub).collection === pack) : null;
  if (typeof pack === "string" && !packDocs) throw new Error(`stand-in updateDocuments: no compendium "${pack}"`);
  const collection = (documentName === "Actor" ? world.collections.actors : world.collections.items) as {
    contents?: T[];
  } | null;
  const docs = (packDocs?.documents ?? collection?.contents ?? []) as T[];
  return updates.map((u) => {
    const doc = docs.find((d) => d.id === u._id);
    if (typeof u._id !== "string" || !doc)
      throw new Error(
        `stand-in updateDocuments: no ${documentName} [${String(u._id)}] in ${typeof pack === "string" ? pack : "the world"}`,
      );
    return doc;
  });
}

interface SystemModel {
  toObject(): Json;
  prepareDerivedData(): void;
}
type ModelClass = (new (
  source: Json,
  options: { parent: unknown; joint?: "throw" | "log"; migrate?: boolean },
) => SystemModel) & {
  migrateData?(source: Json): unknown;
};

/** Stand-in item: an id, a name, a type and a system model built by the test. */
export interface ItemStub {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
}

let actorCounter = 0;

/**
 * Stand-in Actor (the global `Actor`, so `TerranActor extends Actor` builds on it). `update` records
 * the change, merges it into the system's source and rebuilds the model (as a stand-in for Foundry's
 * update → prepareData cycle); flags are a plain object.
 */
export class ActorStub {
  readonly id: string;
  readonly uuid: string;
  name: string;
  type: string;
  system: SystemModel;
  readonly model: ModelClass;
  readonly items: ItemStub[] & { get(id: string): ItemStub | undefined };
  /** Foundry's `ownership` field: a level per user id and a `default` (0 none … 3 owner). */
  ownership: Record<string, number>;
  /** Set by a test: the viewer has limited permission (the stand-in knows no permission levels). */
  limited = false;
  img = "icons/svg/mystery-man.svg";
  flags: Json = {};
  readonly updates: Json[] = [];
  readonly itemUpdates: Json[][] = [];

  /** Options each `update` was called with (`diff`, `render`…), in order. */
  readonly updateOptions: Json[] = [];
  /** Set by a test: a non-GM user owns it (Foundry's Actor#hasPlayerOwner). */
  hasPlayerOwner = false;
  /**
   * The actor's ActiveEffects: `toggleStatusEffect` below adds and removes them; each
   * carries the status ids it stands for ("statuses: Special status IDs that pertain to this effect",
   * foundryvtt.com/api/v13 foundry.types.ActiveEffectData; v14 stores them as a string array, api/v14).
   */
  readonly effects: EffectStub[] & { get(id: string): EffectStub | undefined } = Object.assign([] as EffectStub[], {
    get(this: EffectStub[], id: string) {
      return this.find((e) => e.id === id);
    },
  });
  /** The prototype token's bars (what a new token of this actor shows). */
  prototypeToken: { bar1: { attribute: string | null }; bar2: { attribute: string | null } } = {
    bar1: { attribute: null },
    bar2: { attribute: null },
  };

  constructor(init: {
    name: string;
    type: string;
    model: ModelClass;
    source: Json;
    items?: ItemStub[];
    isOwner?: boolean;
    id?: string;
  }) {
    this.id = init.id ?? `actor${String(++actorCounter).padStart(11, "0")}`;
    this.uuid = `Actor.${this.id}`;
    this.name = init.name;
    this.type = init.type;
    this.model = init.model;
    // The user building it (player1 unless a test says otherwise) owns it, unless told not to.
    this.ownership = { default: 0, ...(init.isOwner === false ? {} : { [world.user.id]: 3 }) };
    const items = [...(init.items ?? [])];
    this.items = Object.assign(items, { get: (id: string) => items.find((i) => i.id === id) });
    this.system = this.#build(init.source);
    world.documents.set(this.uuid, this);
  }

  /**
   * Foundry: `Document#testUserPermission(user, "OWNER")` — a GM has every permission; otherwise the
   * user's level in `ownership`, else its `default` (API ClientDocumentMixin#testUserPermission; KB
   * "Users and Permissions").
   */
  testUserPermission(user: { id: string; isGM: boolean }, level: "OWNER" | "OBSERVER" | "LIMITED"): boolean {
    if (user.isGM) return true;
    const needed = { LIMITED: 1, OBSERVER: 2, OWNER: 3 }[level];
    return (this.ownership[user.id] ?? this.ownership.default ?? 0) >= needed;
  }

  /** Foundry: `isOwner` is `testUserPermission(game.user, "OWNER")` for the current user. */
  get isOwner(): boolean {
    return this.testUserPermission(world.user, "OWNER");
  }

  /** Test convenience: makes the current user an owner, or not. */
  set isOwner(owner: boolean) {
    this.ownership = { ...this.ownership, [world.user.id]: owner ? 3 : 0 };
  }

  #build(source: Json, joint: "throw" | "log" = "throw", migrate = true): SystemModel {
    const model = new this.model(source, { parent: this, joint, migrate });
    model.prepareDerivedData();
    return model;
  }

  /**
   * Foundry's update on the requesting client: the system model's `_preUpdate(changes, options, user)` runs
   * and may change the data (TypeDataModel#_preUpdate, "called by ClientDocument#_preUpdate",
   * foundryvtt.com/api/v13/classes/foundry.abstract.TypeDataModel.html; Draw Steel base-actor.mjs writes
   * into `changes` there). `migrateData` runs on the CHANGE alone, not on the merged data (it sees partial
   * update data: foundryvtt#14482): on v14 before `_preUpdate`, which receives cleaned data (cleaning
   * includes migration: foundryvtt#13406, #14411); on v13 the stand-in runs it after `_preUpdate` (the
   * order is not documented; the two generations exercise both). Then the merged source is validated
   * without migrating it again: a field failure refuses the update on both
   * generations; a joint failure refuses it on v13 and is logged while the change is saved on v14
   * (foundryvtt#14133). What is saved in the world's stored data (`world.actorSources`) is the difference
   * with the current data, or the whole change with `diff: false` (DatabaseUpdateOperation "diff":
   * foundryvtt.com/api/v13/interfaces/foundry.abstract.types.DatabaseUpdateOperation.html), so a stored
   * value the model repaired on load stays stored until a `diff: false` write (dnd5e migration.mjs).
   * Only an owner (or a GM) may update an actor; the server refuses anyone else (KB "Users and
   * Permissions": Owner may edit; the rule that makes players relay through the GM, Draw Steel
   * helpers/sockets.mjs): the stand-in rejects such an update and changes nothing.
   */
  async update(change: Json, options: Json = {}): Promise<this> {
    if (!this.isOwner) throw new Error(`User ${world.user.id} lacks permission to update Actor [${this.id}]`);
    this.updates.push(structuredClone(change));
    this.updateOptions.push(structuredClone(options));
    const expanded = expandUpdate(change);
    const migrateChange = () => {
      if (isRecord(expanded.system)) this.model.migrateData?.(expanded.system);
    };
    if (world.generation >= 14) migrateChange();
    const pre = Reflect.get(this.system, "_preUpdate") as unknown;
    if (typeof pre === "function") {
      const allowed: unknown = await (pre as (c: Json, o: Json, u: unknown) => unknown).call(
        this.system,
        expanded,
        options,
        world.user,
      );
      if (allowed === false) return this;
    }
    if (world.generation < 14) migrateChange();
    const system = expanded.system;
    if (isRecord(system)) {
      const before = this.system.toObject();
      this.system = this.#build(mergeDeep(before, system), world.generation >= 14 ? "log" : "throw", false);
      storeChange(
        world.actorSources,
        this.id,
        options.diff === false ? system : diffObject(before, this.system.toObject()),
      );
    }
    const flags = expanded.flags;
    if (isRecord(flags)) this.flags = mergeDeep(this.flags, flags);
    if (typeof expanded.img === "string") this.img = expanded.img;
    const token = expanded.prototypeToken;
    if (isRecord(token)) this.prototypeToken = mergeDeep(this.prototypeToken, token) as ActorStub["prototypeToken"];
    this._onUpdate(expanded, options, world.user.id);
    return this;
  }

  /**
   * Foundry runs the document's `_onUpdate(changed, options, userId)` after an update, on every connected
   * client, with the id of the user who made it (the updateDocument hook it fires: "This hook fires for all
   * connected clients after the update has been processed ... userId: The ID of the User who triggered the
   * update workflow", foundryvtt.com/api hookEvents.updateDocument). The stand-in plays the updating
   * client only (a test may call it with another user's id to play the others); its own base does nothing.
   */
  _onUpdate(...args: [changed: Json, options: Json, userId: string]): void {
    void args;
  }

  /**
   * Foundry's `Actor#toggleStatusEffect(statusId, { active, overlay })` (the token HUD's status icons call
   * it: peers override it for that, e.g. SFRPG "Redirect to setCondition", essence-system "The Token HUD's
   * status-icon toggles call this"). What it answers, as its documentation reads (quoted in peers'
   * overrides): "ActiveEffect if a new effect need to be created; true if was already an existing effect;
   * false if an existing effect needed to be removed; undefined if no changes need to be made". An id that
   * is not a configured status throws ("Invalid status ID ... provided to Actor#toggleStatusEffect", the
   * message peers copy). The configured statuses are an array on v13 and a record by id on v14
   * (foundryvtt.com/api/v13 and /api/v14 CONFIG.statusEffects). The effect made is the status's `name`,
   * `img` and `statuses: [id]`, and `flags.core.overlay` when asked (peers build the same by hand:
   * SUCC's apply_status, kaelad's toggleEffect). What else core puts on it (v14's Active Effects v2 fields)
   * the stand-in does not know and leaves out. Only an owner (or a GM) may add or remove an actor's
   * effects, as for an update (KB "Users and Permissions").
   */
  toggleStatusEffect(
    statusId: string,
    options: { active?: boolean; overlay?: boolean } = {},
  ): Promise<EffectStub | boolean | undefined> {
    const config = (Reflect.get(globalThis, "CONFIG") as { statusEffects?: unknown }).statusEffects;
    const status = (
      world.generation >= 14
        ? isRecord(config)
          ? config[statusId]
          : undefined
        : Array.isArray(config)
          ? (config as Json[]).find((e) => e.id === statusId)
          : undefined
    ) as Json | undefined;
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
    const existing = this.effects.filter((e) => e.statuses.has(statusId));
    const active = options.active ?? existing.length === 0;
    if (active === existing.length > 0) return Promise.resolve(active ? true : undefined);
    if (!this.isOwner) throw new Error(`User ${world.user.id} lacks permission to update Actor [${this.id}]`);
    if (!active) {
      for (const effect of existing) this.effects.splice(this.effects.indexOf(effect), 1);
      this.effectChanges.push({ statusId, active: false });
      return Promise.resolve(false);
    }
    const effect = new EffectStub(
      typeof status.name === "string" ? status.name : statusId,
      typeof status.img === "string" ? status.img : "",
      [statusId],
      options.overlay === true,
    );
    this.effects.push(effect);
    this.effectChanges.push({ statusId, active: true });
    return Promise.resolve(effect);
  }

  /** Every effect added or removed by `toggleStatusEffect`, in order (what the clients were sent). */
  readonly effectChanges: { statusId: string; active: boolean }[] = [];

  /**
   * Changes the pending document locally, nothing stored: what a `_preCreate` does to the document about to
   * be created ("Modifications to the pending document before it is persisted should be performed with
   * this.updateSource()", foundryvtt.com/api/v11/classes/foundry.documents.BaseActor.html). The stand-in
   * takes the prototype token's bars and the name.
   */
  updateSource(change: Json): Json {
    const expanded = expandUpdate(change);
    const token = expanded.prototypeToken;
    if (isRecord(token)) this.prototypeToken = mergeDeep(this.prototypeToken, token) as ActorStub["prototypeToken"];
    if (typeof expanded.name === "string") this.name = expanded.name;
    return expanded;
  }

  /**
   * Foundry's `Actor.create(data)` (Document.create: "Create a new Document using provided input data",
   * foundryvtt.com/api/v13 foundry.abstract.Document.create). The server refuses a user without the
   * "Create New Actors" permission (CONST.USER_PERMISSIONS.ACTOR_CREATE; KB "Users and Permissions"): the
   * stand-in throws and creates nothing. Otherwise it builds CONFIG.Actor.documentClass with the type's
   * data model, runs the model's `_preCreate(data, options, user)` ("A return value of false indicates
   * the creation operation should be cancelled", as for items above), and takes the given `ownership`
   * (else the creating user owns it). Flags, folders and the actor's sheet are not modelled.
   */
  static async create(data: Json): Promise<ActorStub | undefined> {
    if (!world.user.isGM && !(world.user.can?.("ACTOR_CREATE") ?? false))
      throw new Error(`User ${world.user.id} lacks permission to create Actor`);
    const type = String(data.type);
    const model = actorModels()[type];
    if (!model) throw new Error(`stand-in Actor.create: no data model for type "${type}"`);
    const cls =
      (Reflect.get(globalThis, "CONFIG") as { Actor?: { documentClass?: typeof ActorStub } }).Actor?.documentClass ??
      ActorStub;
    const actor = new cls({
      name: String(data.name),
      type,
      model,
      source: isRecord(data.system) ? structuredClone(data.system) : {},
    });
    if (isRecord(data.ownership)) actor.ownership = { ...(data.ownership as Record<string, number>) };
    const pre = Reflect.get(actor.system, "_preCreate") as unknown;
    if (typeof pre === "function") {
      const allowed: unknown = await (pre as (d: Json, o: Json, u: unknown) => unknown).call(
        actor.system,
        data,
        {},
        world.user,
      );
      if (allowed === false) return undefined;
    }
    world.createdActors.push(actor);
    return actor;
  }

  /** `Actor.implementation`: CONFIG.Actor.documentClass (dnd5e's migration calls its `updateDocuments`). */
  static get implementation(): typeof ActorStub {
    return (
      (Reflect.get(globalThis, "CONFIG") as { Actor?: { documentClass?: typeof ActorStub } }).Actor?.documentClass ??
      ActorStub
    );
  }

  /**
   * Foundry's `Document.updateDocuments(updates, operation)`, a static of every Document
   * (foundryvtt.com/api/v14/classes/foundry.ClientDocument.html): one request for many documents.
   * DatabaseUpdateOperation (foundryvtt.com/api/interfaces/foundry.abstract.types.DatabaseUpdateOperation.html,
   * and api/v14): "updates: An array of data objects used to update existing Documents. Each update object
   * must contain the _id of the target Document"; `pack`: "A compendium collection ID which contains the
   * Documents"; `diff` and `recursive` as for one update. Each actor takes its update as `update` does
   * (permission, `_preUpdate`, what is stored); its `items` update its embedded items by `_id`, the others
   * left as they are (dnd5e's migrateActorData sends only the changed items in `updateData.items`, and
   * PF2e's migration runner the updated ones; module/migration.mjs, src/module/migration/runner/index.ts).
   * An update naming no document of the collection, or one the user may not change, is refused before
   * anything changes. `world.updateCalls` records each call.
   */
  static async updateDocuments(updates: Json[], operation: Json = {}): Promise<ActorStub[]> {
    const actors = updateTargets<ActorStub>("Actor", updates, operation.pack);
    for (const actor of actors)
      if (!actor.isOwner) throw new Error(`User ${world.user.id} lacks permission to update Actor [${actor.id}]`);
    world.updateCalls.push({
      documentName: "Actor",
      pack: typeof operation.pack === "string" ? operation.pack : null,
      ids: actors.map((a) => a.id),
      items: updates.reduce((t, u) => t + (Array.isArray(u.items) ? u.items.length : 0), 0),
    });
    for (const [index, actor] of actors.entries()) {
      const { _id, items, ...change } = updates[index] ?? {};
      void _id;
      if (Object.keys(change).length > 0) await actor.update(change, operation);
      const embedded = Array.isArray(items) ? (items as Json[]) : [];
      if (embedded.length === 0) continue;
      await actor.updateEmbeddedDocuments("Item", embedded);
      for (const { _id: itemId, ...itemChange } of embedded) {
        const system = expandUpdate(itemChange).system;
        if (isRecord(system)) storeItemChange(actor.id, String(itemId), system);
      }
    }
    return actors;
  }

  /** Records the batch; an item built by the stand-in `Item` also takes its change (plain ItemStubs do not). */
  updateEmbeddedDocuments(_type: string, updates: Json[]): Promise<Json[]> {
    this.itemUpdates.push(structuredClone(updates));
    for (const { _id, ...change } of updates) {
      const item = this.items.get(String(_id));
      if (item instanceof ItemDocStub) item.applyChange(change);
    }
    return Promise.resolve(updates);
  }

  /**
   * Builds each item with CONFIG.Item.documentClass (else the stand-in Item) and the model of
   * CONFIG.Item.dataModels[type] as the pending document, awaits its `_preCreate(data, options, user)`
   * — "Perform preliminary operations before a Document of this type is created. Pre-creation
   * operations only occur for the client which requested the operation ... A return value of false
   * indicates the creation operation should be cancelled" (foundryvtt.com/api/v11
   * foundry.documents.BaseActor#_preCreate; the preCreateDocument hook: "prevent the workflow entirely by
   * returning false", api/v12 hookEvents.preCreateDocument) — and leaves out a document it refuses
   * (whether Foundry then drops only that document or the whole batch the stand-in cannot know; the
   * system creates one at a time, where both agree). Then adds the rest and calls their
   * `_onCreate(data, {}, game.user.id)` — a stand-in for "the creating client is told", nothing of
   * Foundry's creation cycle.
   */
  async createEmbeddedDocuments(
    _type: string,
    data: Json[],
    options: { keepId?: boolean } = {},
  ): Promise<ItemDocStub[]> {
    const created: { item: ItemDocStub; data: Json }[] = [];
    for (const d of data) {
      const cls = itemConfig().documentClass ?? ItemDocStub;
      // A given _id is kept only with `keepId` (DatabaseCreateOperation.keepId, foundryvtt.com/api/v13).
      const { _id, ...rest } = d;
      const item = new cls({ ...rest, ...(options.keepId ? { _id } : {}), parent: this });
      if ((await item._preCreate(d, options, world.user)) === false) {
        world.documents.delete(item.uuid);
        continue;
      }
      created.push({ item, data: d });
    }
    for (const { item } of created) this.items.push(item);
    for (const { item, data: d } of created) item._onCreate(d, {}, world.user.id);
    return created.map((c) => c.item);
  }

  /** Removes an item (what the stand-in Item's `delete` asks of its actor). */
  removeItem(id: string): void {
    const index = this.items.findIndex((i) => i.id === id);
    if (index >= 0) this.items.splice(index, 1);
  }

  toObject(): Json {
    return { name: this.name, type: this.type, img: this.img, system: this.system.toObject() };
  }

  getFlag(scope: string, key: string): unknown {
    const ns = this.flags[scope];
    return isRecord(ns) ? ns[key] : undefined;
  }

  setFlag(scope: string, key: string, value: unknown): Promise<this> {
    return this.update({ flags: { [scope]: { [key]: value } } });
  }
}

let effectCounter = 0;

/** Stand-in ActiveEffect: a name, an image, the status ids it stands for, core's overlay flag. */
export class EffectStub {
  readonly id = `effect${String(++effectCounter).padStart(10, "0")}`;
  readonly statuses: Set<string>;
  readonly flags: Json;
  constructor(
    readonly name: string,
    readonly img: string,
    statuses: readonly string[],
    overlay: boolean,
  ) {
    this.statuses = new Set(statuses);
    this.flags = overlay ? { core: { overlay: true } } : {};
  }
}

function itemConfig(): { documentClass?: typeof ItemDocStub; dataModels: Record<string, ModelClass> } {
  const config = Reflect.get(globalThis, "CONFIG") as {
    Item?: { documentClass?: typeof ItemDocStub; dataModels?: Record<string, ModelClass> };
  };
  return { documentClass: config.Item?.documentClass, dataModels: config.Item?.dataModels ?? {} };
}

let itemCounter = 0;

/**
 * Stand-in Item (the global `Item`, so `TerranItem extends Item` builds on it): a name, a type, an
 * image, a sort, a system model built from CONFIG.Item.dataModels[type] (set by the test), and the
 * actor it belongs to. `update` records the change and rebuilds the model from the merged source;
 * `delete` takes it off its actor; `_onCreate` does nothing. No validation, no permission levels.
 */
export class ItemDocStub implements ItemStub {
  readonly id: string;
  readonly uuid: string;
  name: string;
  readonly type: string;
  img: string;
  sort: number;
  system: SystemModel;
  readonly parent: ActorStub | null;
  readonly limited = false;
  readonly updates: Json[] = [];
  deleted = false;
  /** The compendium it sits in ("system.pack"), or null for a world or embedded item. */
  readonly pack: string | null;
  /** Stored fields the stand-in keeps as given: folder, ownership, flags, _stats (copied by toObject). */
  readonly extra: Json;

  constructor(init: Json & { parent?: ActorStub | null }) {
    this.id = typeof init._id === "string" ? init._id : `item${String(++itemCounter).padStart(12, "0")}`;
    this.parent = init.parent ?? null;
    this.pack = typeof init.pack === "string" ? init.pack : null;
    // Foundry's UUID forms: Item.<id>, Actor.<id>.Item.<id>, Compendium.<pack>.Item.<id>.
    this.uuid = this.parent
      ? `${this.parent.uuid}.Item.${this.id}`
      : this.pack
        ? `Compendium.${this.pack}.Item.${this.id}`
        : `Item.${this.id}`;
    this.extra = Object.fromEntries(
      ["folder", "ownership", "flags", "_stats"].filter((k) => k in init).map((k) => [k, structuredClone(init[k])]),
    );
    this.name = typeof init.name === "string" ? init.name : "";
    this.type = typeof init.type === "string" ? init.type : "";
    this.img = typeof init.img === "string" ? init.img : "icons/svg/item-bag.svg";
    this.sort = typeof init.sort === "number" ? init.sort : 0;
    this.system = this.#build(isRecord(init.system) ? init.system : {});
    world.documents.set(this.uuid, this);
  }

  #build(source: Json): SystemModel {
    const model = itemConfig().dataModels[this.type];
    if (!model) throw new Error(`stand-in Item: no CONFIG.Item.dataModels.${this.type}`);
    const system = new model(source, { parent: this });
    system.prepareDerivedData();
    return system;
  }

  get isOwner(): boolean {
    return this.parent?.isOwner ?? true;
  }

  /** `Item.implementation`: CONFIG.Item.documentClass, as `Actor.implementation`. */
  static get implementation(): typeof ItemDocStub {
    return itemConfig().documentClass ?? ItemDocStub;
  }

  /**
   * `Item.updateDocuments(updates, operation)` for world and compendium items, as the Actor's above: each
   * takes its change as `update` does, and a world item's system change is stored (`world.itemSources`).
   */
  static async updateDocuments(updates: Json[], operation: Json = {}): Promise<ItemDocStub[]> {
    const items = updateTargets<ItemDocStub>("Item", updates, operation.pack);
    const pack = typeof operation.pack === "string" ? operation.pack : null;
    world.updateCalls.push({ documentName: "Item", pack, ids: items.map((i) => i.id), items: 0 });
    for (const [index, item] of items.entries()) {
      const { _id, ...change } = updates[index] ?? {};
      void _id;
      await item.update(change);
      const system = expandUpdate(change).system;
      const stored = pack ? undefined : world.itemSources.find((d) => d._id === item.id);
      if (stored && isRecord(system)) stored.system = mergeDeep(isRecord(stored.system) ? stored.system : {}, system);
    }
    return items;
  }

  /** Merges a flat or nested change into the item (used by `update` and the actor's embedded updates). */
  applyChange(change: Json): void {
    const expanded = expandUpdate(change);
    if (isRecord(expanded.system)) this.system = this.#build(mergeDeep(this.system.toObject(), expanded.system));
    if (typeof expanded.sort === "number") this.sort = expanded.sort;
    if (typeof expanded.name === "string") this.name = expanded.name;
    if (typeof expanded.img === "string") this.img = expanded.img;
  }

  update(change: Json): Promise<this> {
    this.updates.push(structuredClone(change));
    this.applyChange(change);
    return Promise.resolve(this);
  }

  /**
   * Takes the item off its actor, then calls `_onDelete({}, game.user.id)` as the deleting client: the
   * deleteDocument hook "fires for all connected clients after the deletion has been processed", with
   * "userId: The ID of the User who triggered the deletion workflow" (foundryvtt.com/api/v12
   * hookEvents.deleteDocument); peers act there only when `userId === game.user.id` (dnd5e's container
   * `_onDelete` deletes its contents that way). The stand-in plays the deleting client only.
   */
  delete(): Promise<this> {
    this.deleted = true;
    this.parent?.removeItem(this.id);
    world.documents.delete(this.uuid);
    this._onDelete({}, world.user.id);
    return Promise.resolve(this);
  }

  toObject(): Json {
    return {
      _id: this.id,
      name: this.name,
      type: this.type,
      img: this.img,
      sort: this.sort,
      system: this.system.toObject(),
      ...structuredClone(this.extra),
    };
  }

  toDragData(): Json {
    return { type: "Item", uuid: this.uuid };
  }

  /**
   * The stand-in does nothing when created (TerranItem's override runs); the arguments are Foundry's documented ones.
   */
  _onCreate(...args: [data: Json, options: Json, userId: string]): void {
    void args;
  }

  /** The stand-in allows every creation (TerranItem's override runs); Foundry's arguments (data, options, user). */
  _preCreate(...args: [data: Json, options: Json, user: unknown]): Promise<boolean | void> {
    void args;
    return Promise.resolve();
  }

  /** The stand-in does nothing when deleted (TerranItem's override runs); Foundry's arguments (options, userId). */
  _onDelete(...args: [options: Json, userId: string]): void {
    void args;
  }
}

/**
 * `game.items.fromCompendium(document, options)` (WorldCollection#fromCompendium): the document's data
 * prepared for creation in the world, as Draw Steel's actor sheet creates dropped items from it
 * (actor-sheet.mjs). Only what the docs name: FromCompendiumOptions clearFolder ("Clear the currently
 * assigned folder"), clearSort, clearOwnership, keepId ("Retain the Document ID from the source
 * Compendium") — foundryvtt.com/api/v14 foundry.types.FromCompendiumOptions — and
 * `_stats.compendiumSource`, "The UUID of the compendium Document this one was imported from"
 * (foundryvtt.com/api/v14 foundry.data.types.DocumentStats), set for a document that is in a pack.
 * What core does to a world document's `_stats`, or with `clearState`, the stand-in does not know: it
 * leaves them. Flags are kept (only ToCompendiumOptions has a clearFlags).
 */
export function fromCompendium(
  doc: ItemDocStub,
  options: { clearFolder?: boolean; clearSort?: boolean; clearOwnership?: boolean; keepId?: boolean } = {},
): Json {
  const data = doc.toObject();
  if (doc.pack) data._stats = { ...(isRecord(data._stats) ? data._stats : {}), compendiumSource: doc.uuid };
  if (options.clearFolder) delete data.folder;
  if (options.clearSort) delete data.sort;
  if (options.clearOwnership) delete data.ownership;
  if (!options.keepId) delete data._id;
  return data;
}

/**
 * Stand-in of Foundry's WorldCollection (`game.actors`, `game.items`): documents whose stored data
 * breaks validation are NOT in `contents`; their ids are in `invalidDocumentIds` and `getInvalid(id)`
 * gives them ("invalidDocumentIds: Record the set of document ids where the Document was not initialized
 * because of invalid source data", foundryvtt.com/api/classes/foundry.documents.abstract.WorldCollection.html;
 * repairing one = getInvalid, update, refresh: foundryvtt#8495; #8743, #8486). What Foundry's getInvalid
 * gives for the system data (a fallback-repaired copy, foundryvtt#8535) is not known here: the stand-in's
 * invalid document holds the raw stored `system`, and code must read the stored source from `game.data`,
 * as dnd5e's migration does (module/migration.mjs).
 */
export class WorldCollectionStub<T extends { readonly id: string }> {
  readonly invalidDocumentIds = new Set<string>();
  readonly #valid: T[] = [];
  readonly #invalid = new Map<string, InvalidDocumentStub>();
  get contents(): T[] {
    return [...this.#valid];
  }
  get(id: string): T | undefined {
    return this.#valid.find((d) => d.id === id);
  }
  getInvalid(id: string): InvalidDocumentStub {
    const doc = this.#invalid.get(id);
    if (!doc) throw new Error(`stand-in: id [${id}] is not in the set of invalid ids`);
    return doc;
  }
  add(doc: T): void {
    this.#valid.push(doc);
  }
  addInvalid(doc: InvalidDocumentStub): void {
    this.invalidDocumentIds.add(doc.id);
    this.#invalid.set(doc.id, doc);
  }
  [Symbol.iterator](): Iterator<T> {
    return this.#valid[Symbol.iterator]();
  }
  /** WorldCollection#fromCompendium (see `fromCompendium` below). */
  fromCompendium(doc: ItemDocStub, options: Parameters<typeof fromCompendium>[1] = {}): Json {
    return fromCompendium(doc, options);
  }
}

/**
 * A document Foundry could not initialise: its id, name, type and raw data; `update` writes to the stored copy only (a
 * refresh is needed: foundryvtt#8495).
 */
export class InvalidDocumentStub {
  readonly updates: { change: Json; options: Json }[] = [];
  readonly uuid: string;
  constructor(
    readonly documentName: "Actor" | "Item",
    readonly id: string,
    readonly name: string,
    readonly type: string,
    readonly system: Json,
  ) {
    this.uuid = `${documentName}.${id}`;
  }
  update(change: Json, options: Json = {}): Promise<this> {
    this.updates.push({ change: structuredClone(change), options: structuredClone(options) });
    const expanded = expandUpdate(change);
    if (isRecord(expanded.system)) {
      const stored = this.documentName === "Actor" ? world.actorSources : world.itemSources;
      storeChange(stored, this.id, expanded.system);
    }
    return Promise.resolve(this);
  }
}

/**
 * A compendium pack (CompendiumCollection): its `collection` id, `documentName`, `locked`, and
 * `getDocuments()`, which loads its documents (what dnd5e's migration reads of a pack: pack.collection,
 * pack.locked, pack.documentName, pack.getDocuments(), module/migration.mjs). Its documents are the ones
 * `updateDocuments(…, { pack })` reaches.
 */
export class PackStub {
  constructor(
    readonly collection: string,
    readonly documentName: "Actor" | "Item",
    readonly documents: (ActorStub | ItemDocStub)[],
    readonly locked = false,
  ) {}
  getDocuments(): Promise<(ActorStub | ItemDocStub)[]> {
    return Promise.resolve([...this.documents]);
  }
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

function actorModels(): Record<string, ModelClass> {
  const config = Reflect.get(globalThis, "CONFIG") as { Actor?: { dataModels?: Record<string, ModelClass> } };
  return config.Actor?.dataModels ?? {};
}

/**
 * Builds `game.actors` and `game.items` from `world.actorSources` / `world.itemSources` (set the models in
 * CONFIG.Actor/Item.dataModels first): each document built with its model; one whose construction
 * throws goes to `invalidDocumentIds`. `markInvalid` names ids Foundry refuses for a reason the stand-in
 * does not model (a core field, a rule of Foundry's we cannot see): they are invalid whatever their data.
 */
export function loadWorld(markInvalid: readonly string[] = []): {
  actors: WorldCollectionStub<ActorStub>;
  items: WorldCollectionStub<ItemDocStub>;
} {
  const actors = new WorldCollectionStub<ActorStub>();
  for (const stored of world.actorSources) {
    const raw = structuredClone(stored);
    const id = String(raw._id);
    const invalid = () =>
      new InvalidDocumentStub(
        "Actor",
        id,
        text(raw.name),
        text(raw.type),
        isRecord(stored.system) ? structuredClone(stored.system) : {},
      );
    const model = actorModels()[String(raw.type)];
    if (!model || markInvalid.includes(id)) {
      actors.addInvalid(invalid());
      continue;
    }
    try {
      const actor = new ActorStub({
        id,
        name: text(raw.name),
        type: String(raw.type),
        model,
        source: isRecord(raw.system) ? raw.system : {},
      });
      // Its prototype token's bars and embedded items, as stored (what the server sends with the actor).
      if (isRecord(raw.prototypeToken))
        actor.prototypeToken = mergeDeep(actor.prototypeToken, raw.prototypeToken) as ActorStub["prototypeToken"];
      for (const item of Array.isArray(raw.items) ? (raw.items as unknown[]) : [])
        if (isRecord(item)) actor.items.push(new ItemDocStub({ ...item, parent: actor }));
      actors.add(actor);
    } catch (error) {
      if (!(error instanceof DataModelValidationError)) throw error;
      actors.addInvalid(invalid());
    }
  }
  const items = new WorldCollectionStub<ItemDocStub>();
  for (const stored of world.itemSources) {
    const raw = structuredClone(stored);
    const id = String(raw._id);
    const invalid = () =>
      new InvalidDocumentStub(
        "Item",
        id,
        text(raw.name),
        text(raw.type),
        isRecord(stored.system) ? structuredClone(stored.system) : {},
      );
    if (markInvalid.includes(id)) {
      items.addInvalid(invalid());
      continue;
    }
    try {
      items.add(new ItemDocStub({ ...raw, _id: id }));
    } catch (error) {
      if (!(error instanceof DataModelValidationError)) throw error;
      items.addInvalid(invalid());
    }
  }
  world.collections = { actors, items };
  return { actors, items };
}

/**
 * Every Foundry User has `can(action)` (foundryvtt.com/api/v13 foundry.documents.BaseUser#can): a user a
 * test wrote as a plain object gets the stand-in's (./world.ts `userCan`: a GM may everything, a player
 * what `granted` holds), on the object itself, so `game.user` stays `world.user`.
 */
/** `game.user`: the current user, with `can`, and its User document's flags (`getFlag`, `setFlag`, `update`). */
function withCan(user: UserStub): UserStub {
  if (typeof Reflect.get(user, "can") !== "function") user.can = userCan;
  const doc = () => {
    const known = world.users.get(user.id);
    if (known) return known;
    const made = new UserDocStub(user.id, user.isGM);
    world.users.set(user.id, made);
    return made;
  };
  Object.assign(user, {
    getFlag: (scope: string, key: string) => doc().getFlag(scope, key),
    setFlag: (scope: string, key: string, value: unknown) => doc().setFlag(scope, key, value),
    update: (change: Json) => doc().update(change),
  });
  return user;
}

// Getters (not Object.assign, which would copy today's values): the glue reads the world as it is now.
const game = Reflect.get(globalThis, "game") as Json;
Object.defineProperties(game, {
  user: { get: () => withCan(world.user), configurable: true },
  // Foundry: `game.release.generation` is the major version, 13 or 14 (foundryvtt.com/api/v14
  // foundry.config.ReleaseData).
  release: {
    get: () => ({ generation: world.generation, build: world.generation === 13 ? 351 : 369 }),
    configurable: true,
  },
  // Foundry: `game.users` is the Users collection: `activeGM`, and `get(id)` for any user of the world.
  users: {
    // Users is a WorldCollection, a Map whose iterator yields the documents (foundryvtt.com/api/v13 Collection).
    value: Object.defineProperty(
      { get: (id: string) => world.users.get(id), [Symbol.iterator]: () => world.users.values() },
      "activeGM",
      { get: () => world.gm },
    ),
    configurable: true,
  },
  // Foundry: `game.messages` is the world's ChatMessages collection; `get(id)` finds one, `contents` lists them
  // in the order they were created (WorldCollection / Collection#contents, foundryvtt.com/api/v13).
  messages: {
    value: {
      get: (id: string) => world.messages.get(id),
      get contents() {
        return [...world.messages.values()];
      },
    },
    configurable: true,
  },
  // The system's own settings from `world.settings`; core's chat mode setting by generation (./chat.ts).
  settings: {
    value: {
      get: (scope: string, key: string) => (scope === "core" ? coreSetting(key) : world.settings.get(key)),
      set: writeSetting,
      // What `init` registers, recorded in `world.settingConfigs` (./registries.ts).
      register: registerSetting,
    },
    configurable: true,
  },
  actors: { get: () => world.collections.actors ?? undefined, configurable: true },
  // The world's items (once a test loads a world), and `fromCompendium` as WorldCollection has it.
  items: { get: () => world.collections.items ?? { fromCompendium }, configurable: true },
  // Foundry: `game.data` holds the world's data as the server sent it (dnd5e migration.mjs
  // reads invalid documents' source there).
  data: { get: () => ({ actors: world.actorSources, items: world.itemSources }), configurable: true },
  // Foundry: `game.packs`, the world's CompendiumCollections (`contents`); see PackStub.
  packs: { get: () => ({ contents: world.packs }), configurable: true },
  // Foundry: `game.scenes`, the world's Scenes; each Scene's `tokens` is its embedded TokenDocuments, changed
  // by `scene.updateEmbeddedDocuments("Token", [{ _id, … }])` (foundryvtt.com/api/v13 Scene,
  // Document#updateEmbeddedDocuments).
  scenes: { get: () => world.scenes, configurable: true },
  modules: {
    value: { get: (id: string) => (world.modules.has(id) ? { id, active: true } : undefined) },
    configurable: true,
  },
  dice3d: { get: () => world.dice3d, configurable: true },
  // Foundry: `game.tours`, the registry of guided tours (./tours.ts).
  tours: { value: toursCollection, configurable: true },
});

/**
 * `game.settings.set(namespace, key, value)` (ClientSettings#set). Refused, as core refuses it:
 * - a setting `init` did not register: "This is not a registered game setting" (ClientSettings#get and
 *   #set both check the key, foundryvtt/foundryvtt#10834 and #9148);
 * - a world-scope write by a user who may not modify the world's settings (`User#can("SETTINGS_MODIFY")`,
 *   "Modify Configuration Settings"): a Player, and by default an Assistant GM too ("ASSISTANT: … does not
 *   have the ability to perform administrative actions like changing User roles or modifying World-level
 *   settings", foundryvtt.com/api/enums/foundry.CONST.USER_ROLES.html; its allow-list of a few core
 *   settings, core.time and the like, foundryvtt/foundryvtt#10912, holds none of the system's and is not
 *   modelled). A world setting is a Setting document the server refuses to create or update, "User …
 *   lacks permission to update Setting […]" (server log on 13.345, foundryvtt/foundryvtt#13188), shown
 *   to the player as an error notification ("User [Player] lacks permission to create Setting" on a
 *   player's roll, 13.351, Foundryborne/daggerheart#1370; "Error shows to all players",
 *   SR5-FoundryVTT/SR5-FoundryVTT#76). The stand-in shows that error on the writer's screen and rejects
 *   the write's promise; nothing is stored, no `onChange` runs, no hook is called. Peers write world
 *   settings on a GM's client only (foundryvtt/dnd5e dnd5e.mjs:584-587, verified on 14: `if (
 *   !game.user.isGM ) return;` before its migration version write) or check SETTINGS_MODIFY
 *   (ddbrown30/betteroll-swade#703). No v14 source found says core changed this: both generations refuse
 *   alike. The stand-in's `can` (./world.ts `userCan`) lets any GM: a test plays an Assistant GM with a
 *   `can` of its own. A client-scope setting (localStorage) or a user-scope one (the user's own) stays
 *   the user's to write.
 * An accepted write stores the value; a registered setting's `onChange` runs when its value changes
 * ("onChange: A callback function which triggers when the setting is changed", foundryvtt.com/api/v13
 * SettingConfig; for a world setting on every client, the stand-in plays this one).
 */
function writeSetting(scope: string, key: string, value: unknown): Promise<unknown> {
  const config = world.settingConfigs.get(`${scope}.${key}`);
  if (!config) return Promise.reject(new Error(`"${scope}.${key}" is not a registered game setting`));
  const before = world.settings.get(key);
  const existed = world.settings.has(key);
  const user = world.user;
  if (config.scope === "world" && !withCan(user).can?.("SETTINGS_MODIFY")) {
    const refusal = `User ${user.id} lacks permission to ${existed ? "update" : "create"} Setting [${scope}.${key}]`;
    notify("error")(refusal);
    return Promise.reject(new Error(refusal));
  }
  world.settings.set(key, value);
  const onChange: unknown = config.onChange;
  if (before !== value && typeof onChange === "function") Reflect.apply(onChange, undefined, [value]);
  // A world setting is stored as a Setting document: its first write creates the document, later ones update
  // it, and core runs the document hooks on every client (foundryvtt.com/api/v13 Setting; PTR 2e re-reads its
  // clocks setting in an `updateSetting` hook by `setting.key`). A client setting (localStorage) has none.
  if (before !== value && config.scope !== "client")
    HooksStub.callAll(existed ? "updateSetting" : "createSetting", { key: `${scope}.${key}`, value });
  return Promise.resolve(value);
}

/** Sets `path` ("system.equipped") in `object`, creating objects on the way. */
function setProperty(object: Json, path: string, value: unknown): boolean {
  const parts = path.split(".");
  let node = object;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    node = isRecord(next) ? next : (node[part] = {});
  }
  node[parts.at(-1) ?? path] = value;
  return true;
}

/** The value at `path` ("prototypeToken.bar1.attribute") in `object`, or undefined (foundry.utils.getProperty). */
function getProperty(object: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (node, part) => (typeof node === "object" && node !== null ? (node as Json)[part] : undefined),
      object,
    );
}

/** `{ system: { a: 1 } }` → `{ "system.a": 1 }` (arrays kept whole). */
function flattenObject(object: Json, prefix = ""): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(object)) {
    if (isRecord(value)) Object.assign(out, flattenObject(value, `${prefix}${key}.`));
    else out[`${prefix}${key}`] = value;
  }
  return out;
}

/** A scripted answer that keeps the dialog open until a test answers it or the system closes it. */
export const HELD = Symbol("held dialog");

/**
 * A dialog left open: its `render` callback gets the dialog (DialogV2RenderCallback `(event, dialog)`,
 * foundryvtt.com/api/types/foundry.DialogV2RenderCallback.html); closed without a button, it resolves null,
 * as `rejectClose: false` makes it (foundryvtt/foundryvtt#11763, #12138).
 */
function heldDialog(options: Json): Promise<unknown> {
  return new Promise((resolve) => {
    const dialog = {
      closed: false,
      close: () => {
        dialog.closed = true;
        resolve(null);
        return Promise.resolve(dialog);
      },
      answer: (value: unknown) => {
        dialog.closed = true;
        resolve(value);
      },
    };
    world.openDialogs.push(dialog);
    const render = options.render;
    if (typeof render === "function") (render as (e: unknown, d: unknown) => void)(new Event("render"), dialog);
  });
}

const foundryGlobal = Reflect.get(globalThis, "foundry") as Json;
Object.assign(foundryGlobal, {
  applications: {
    api: {
      ApplicationV2: ApplicationStub,
      HandlebarsApplicationMixin: <T>(base: T): T => base,
      DialogV2: {
        // Each dialog records on whose screen it opened (`shownTo`: the current user's id).
        wait: (options: Json) => {
          world.dialogs.push({ ...options, shownTo: world.user.id });
          return Promise.resolve(world.dialogAnswers.shift() ?? null);
        },
        confirm: (options: Json) => {
          world.dialogs.push({ ...options, shownTo: world.user.id });
          const scripted = world.dialogAnswers.shift() ?? false;
          return scripted === HELD ? heldDialog(options) : Promise.resolve(scripted);
        },
        /** The scripted answer stands for what the prompt's ok callback would return (null: closed). */
        prompt: (options: Json) => {
          world.dialogs.push({ ...options, shownTo: world.user.id });
          return Promise.resolve(world.dialogAnswers.shift() ?? null);
        },
      },
    },
    sheets: { ActorSheetV2: ActorSheetStub, ItemSheetV2: ItemSheetStub },
    apps: { FilePicker: FilePickerStub },
    /** Enrichment returns the HTML unchanged; drag data is the JSON of the event's text/plain. */
    ux: {
      TextEditor: {
        implementation: { enrichHTML: (html: string) => Promise.resolve(html), getDragEventData: dragEventData },
      },
    },
    handlebars: {
      renderTemplate: renderSystemTemplate,
    },
  },
});
// The sheet registrations `init` makes (./registries.ts).
foundryGlobal.documents = { collections: documentCollections };
// Foundry's guided tours: `foundry.nue.Tour` (./tours.ts).
foundryGlobal.nue = { Tour: TourStub };
Object.assign(foundryGlobal.utils as Json, {
  escapeHTML: (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`),
  setProperty,
  getProperty,
  flattenObject,
});

const config = Reflect.get(globalThis, "CONFIG") as Json;
config.queries = {};

Reflect.set(globalThis, "Actor", ActorStub);
Reflect.set(globalThis, "Item", ItemDocStub);
Reflect.set(globalThis, "ChatMessage", ChatMessageStub);
Reflect.set(globalThis, "fromUuid", (uuid: string) => Promise.resolve(world.documents.get(uuid) ?? null));
// Foundry: `fromUuidSync` returns a document of the world at once (a compendium's only if cached,
// foundryvtt.com/api/v13/functions/foundry.utils.fromUuidSync.html); the world's are all here.
Reflect.set(globalThis, "fromUuidSync", (uuid: string) => world.documents.get(uuid) ?? null);
/**
 * A progress notification (`ui.notifications.info(message, { progress: true })`): core returns the
 * notification, whose `update({ pct, message })` moves its bar and, given a message, writes it into the
 * same notice ("const progress = ui.notifications.info('Thing Happening!', {progress: true});
 * progress.update({pct: 0.25, message: 'Still happening!'}) … progress.update({pct: 1.0, message:
 * 'Done!'})", foundryvtt.com/api/classes/foundry.applications.ui.Notifications.html and api/v14). No page
 * says a full bar closes a `permanent` notice: it stays on screen with what it last said, so dnd5e's
 * migration writes its completion into it (`progress.update({ message: "MIGRATION.DND5E.World.Complete",
 * format: { version }, pct: 1 })`, module/migration.mjs migrateWorld). The stand-in keeps each `pct` in
 * `notice.progress` and the text shown in `notice.message`, and refuses any other argument (a bare number
 * is not the options core reads).
 */
export interface ProgressNotice {
  readonly progress: number[];
  message: string;
}
function progressNotification(notice: ProgressNotice) {
  return {
    update(options: unknown): void {
      const pct: unknown = isRecord(options) ? options.pct : undefined;
      const message: unknown = isRecord(options) ? options.message : undefined;
      if (typeof pct !== "number" || !(pct >= 0 && pct <= 1) || !(message === undefined || typeof message === "string"))
        throw new TypeError(`stand-in Notifications: update takes { pct, message }, got ${JSON.stringify(options)}`);
      notice.progress.push(pct);
      if (message !== undefined) notice.message = message;
    },
  };
}

/**
 * Notifications show on the current user's screen: `world.warnings` keeps the texts, `world.notices` whose
 * screen and with which options (and, for a progress notification, its bar: see `progressNotification`).
 * A message is HTML, as core draws it (cleaned "as untrusted user input", foundryvtt.com/api/v14
 * NotificationOptions `clean`): ./tooltip.ts `drawn` reads it as the user does.
 */
function notify(level: "warn" | "info" | "error") {
  return (m: string, options?: unknown) => {
    const progress = isRecord(options) && options.progress === true ? { progress: [] as number[], message: m } : null;
    world.notices.push({ userId: world.user.id, level, message: m, options, ...(progress ? { bar: progress } : {}) });
    if (level !== "info") world.warnings.push(m);
    return progress ? progressNotification(progress) : undefined;
  };
}
/**
 * `ui.chat.updateMessage(message)` — the chat log draws a message again (used that way across systems and
 * modules on v11–v13, e.g. CoC7 and WFRP4e; that v14's ChatLog keeps it is not verified here: the system
 * calls it only if it is a function). The stand-in records the id.
 */
const chatLog = { updateMessage: (message: { id: string }) => void world.redrawn.push(message.id) };
Reflect.set(globalThis, "ui", {
  notifications: { warn: notify("warn"), info: notify("info"), error: notify("error") },
  chat: chatLog,
});
Reflect.set(globalThis, "canvas", { tokens: Object.defineProperty({}, "controlled", { get: () => world.selected }) });
