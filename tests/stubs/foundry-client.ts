/**
 * FOUNDRY STAND-INS — not Foundry. The client-side globals the system's glue reads (`Actor`,
 * `ChatMessage`, `game.user`, `game.users.activeGM`, `game.settings`, `fromUuid`, `ui.notifications`,
 * `canvas`, `DialogV2`, `renderTemplate`), each as small as the glue needs, recording what it was
 * asked. Tests using them check OUR dispatch, permissions and persistence calls — never Foundry's own
 * behaviour (its sockets, document updates, rendering or query transport).
 *
 * Import after `./foundry.ts` (this module does it) and before any module of the system.
 * Templates render with the real `handlebars` and the helper stand-ins of tests/support/templates.ts.
 */
import "./foundry.ts";
import { renderTemplate } from "../support/templates.ts";

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `{ "system.a.b": 1 }` and `{ system: { a: { b: 1 } } }` both become nested objects. */
export function expandUpdate(update: Json): Json {
  const out: Json = {};
  for (const [path, value] of Object.entries(update)) {
    const parts = path.split(".");
    let node = out;
    parts.slice(0, -1).forEach((part) => {
      const next = node[part];
      node = isRecord(next) ? next : (node[part] = {});
    });
    const last = parts.at(-1) ?? path;
    const existing = node[last];
    node[last] = isRecord(existing) && isRecord(value) ? mergeDeep(existing, expandUpdate(value)) : isRecord(value) ? expandUpdate(value) : value;
  }
  return out;
}

/** Merges `patch` into a copy of `target` (arrays and scalars are replaced, as Foundry's update does). */
export function mergeDeep(target: Json, patch: Json): Json {
  const out: Json = structuredClone(target);
  for (const [key, value] of Object.entries(patch)) {
    const existing = out[key];
    out[key] = isRecord(existing) && isRecord(value) ? mergeDeep(existing, value) : structuredClone(value);
  }
  return out;
}

interface SystemModel {
  toObject(): Json;
  prepareDerivedData(): void;
}
type ModelClass = new (source: Json, options: { parent: unknown }) => SystemModel;

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
  isOwner: boolean;
  flags: Json = {};
  readonly updates: Json[] = [];
  readonly itemUpdates: Json[][] = [];

  constructor(init: { name: string; type: string; model: ModelClass; source: Json; items?: ItemStub[]; isOwner?: boolean }) {
    this.id = `actor${String(++actorCounter).padStart(11, "0")}`;
    this.uuid = `Actor.${this.id}`;
    this.name = init.name;
    this.type = init.type;
    this.model = init.model;
    this.isOwner = init.isOwner ?? true;
    const items = [...(init.items ?? [])];
    this.items = Object.assign(items, { get: (id: string) => items.find((i) => i.id === id) });
    this.system = this.#build(init.source);
    world.documents.set(this.uuid, this);
  }

  #build(source: Json): SystemModel {
    const model = new this.model(source, { parent: this });
    model.prepareDerivedData();
    return model;
  }

  update(change: Json): Promise<this> {
    this.updates.push(structuredClone(change));
    const expanded = expandUpdate(change);
    const system = expanded.system;
    if (isRecord(system)) this.system = this.#build(mergeDeep(this.system.toObject(), system));
    const flags = expanded.flags;
    if (isRecord(flags)) this.flags = mergeDeep(this.flags, flags);
    return Promise.resolve(this);
  }

  updateEmbeddedDocuments(_type: string, updates: Json[]): Promise<Json[]> {
    this.itemUpdates.push(structuredClone(updates));
    return Promise.resolve(updates);
  }

  getFlag(scope: string, key: string): unknown {
    const ns = this.flags[scope];
    return isRecord(ns) ? ns[key] : undefined;
  }

  setFlag(scope: string, key: string, value: unknown): Promise<this> {
    return this.update({ flags: { [scope]: { [key]: value } } });
  }
}

let messageCounter = 0;

/**
 * Stand-in ChatMessage (the global `ChatMessage`, so `TerranChatMessage extends ChatMessage` builds on
 * it). `update` records the change and merges flags and rolls; `renderHTML` gives the bare shell the
 * system fills (`.message-content`); `create` keeps the created data in `world.created`.
 */
export class ChatMessageStub {
  readonly id: string;
  flags: Json;
  rolls: unknown[];
  readonly updates: Json[] = [];

  constructor(data: { flags?: Json; rolls?: unknown[] } = {}) {
    this.id = `message${String(++messageCounter).padStart(9, "0")}`;
    this.flags = structuredClone(data.flags ?? {});
    this.rolls = [...(data.rolls ?? [])];
  }

  getFlag(scope: string, key: string): unknown {
    const ns = this.flags[scope];
    return isRecord(ns) ? ns[key] : undefined;
  }

  update(change: { flags?: Json; rolls?: unknown[] }): Promise<this> {
    this.updates.push(JSON.parse(JSON.stringify(change)) as Json);
    if (change.flags) this.flags = mergeDeep(this.flags, change.flags);
    if (change.rolls) this.rolls = [...change.rolls];
    return Promise.resolve(this);
  }

  renderHTML(): Promise<HTMLElement> {
    const li = document.createElement("li");
    li.className = "chat-message";
    li.innerHTML = '<header class="message-header"></header><div class="message-content"></div>';
    return Promise.resolve(li);
  }

  static getSpeaker(options: { actor?: { name: string } } = {}): Json {
    return { alias: options.actor?.name ?? "" };
  }

  static applyRollMode(data: Json, mode: string): Json {
    data.rollMode = mode;
    return data;
  }

  static create(data: Json): Promise<ChatMessageStub> {
    world.created.push(data);
    return Promise.resolve(new ChatMessageStub({ flags: isRecord(data.flags) ? data.flags : {} }));
  }
}

export interface UserStub {
  readonly id: string;
  readonly isGM: boolean;
  targets: Set<{ actor: ActorStub | null }>;
}

/** The active GM stand-in: `query` records the call and runs the handler registered in CONFIG.queries, as the GM's client would. */
export interface GmStub extends UserStub {
  readonly queries: { name: string; data: unknown }[];
  query(name: string, data: unknown, options?: unknown): Promise<unknown>;
}

/** The world the stand-ins read; tests set it up and read what was asked of it. */
export const world = {
  user: { id: "player1", isGM: false, targets: new Set() } as UserStub,
  gm: null as GmStub | null,
  settings: new Map<string, unknown>(),
  warnings: [] as string[],
  /** Answers the next dialogs give, in order (a DialogV2.wait button's action, or confirm's boolean). */
  dialogAnswers: [] as unknown[],
  dialogs: [] as Json[],
  documents: new Map<string, unknown>(),
  selected: [] as { actor: ActorStub | null }[],
  created: [] as Json[],
  /** Active modules by id (Dice So Nice is "dice-so-nice"), and what `game.dice3d` holds. */
  modules: new Set<string>(),
  dice3d: undefined as unknown,
};

const DEFAULT_SETTINGS: Json = {
  ruleset: "core",
  singleDieServesBoth: true,
  darkDiceMax: 10,
  applyPermission: "gm",
  autoSpendEgo: true,
  autoApplyHarm: true,
};

export function makeGm(id = "gm"): GmStub {
  const gm: GmStub = {
    id,
    isGM: true,
    targets: new Set(),
    queries: [],
    async query(name, data) {
      gm.queries.push({ name, data });
      const handler = (Reflect.get(globalThis, "CONFIG") as { queries: Record<string, unknown> }).queries[name];
      if (typeof handler !== "function") throw new Error(`stand-in GM: no handler for query ${name}`);
      // The handler runs "on the GM's client": as the GM.
      const asker = world.user;
      world.user = gm;
      try {
        return await (handler as (d: unknown) => Promise<unknown>)(data);
      } finally {
        world.user = asker;
      }
    },
  };
  return gm;
}

/** Back to a player named player1, no GM online, default settings, nothing recorded. */
export function resetWorld(): void {
  world.user = { id: "player1", isGM: false, targets: new Set() };
  world.gm = null;
  world.settings = new Map(Object.entries(DEFAULT_SETTINGS));
  world.warnings = [];
  world.dialogAnswers = [];
  world.dialogs = [];
  world.documents = new Map();
  world.selected = [];
  world.created = [];
  world.modules = new Set();
  world.dice3d = undefined;
}
resetWorld();

const TEMPLATE_ROOT = "systems/terran-engine/templates/";

// Getters (not Object.assign, which would copy today's values): the glue reads the world as it is now.
const game = Reflect.get(globalThis, "game") as Json;
Object.defineProperties(game, {
  user: { get: () => world.user, configurable: true },
  users: { value: Object.defineProperty({}, "activeGM", { get: () => world.gm }), configurable: true },
  settings: { value: { get: (_scope: string, key: string) => world.settings.get(key) }, configurable: true },
  modules: { value: { get: (id: string) => (world.modules.has(id) ? { id, active: true } : undefined) }, configurable: true },
  dice3d: { get: () => world.dice3d, configurable: true },
});

interface AppOptions {
  tag?: string;
  actions?: Record<string, (this: ApplicationStub, event: Event, target: HTMLElement) => unknown>;
}

/**
 * Stand-in ApplicationV2 (HandlebarsApplicationMixin is the identity here): `render` asks
 * `_prepareContext`, renders each of the class's PARTS with the real template, calls `_onFirstRender`
 * once, and a click on `[data-action]` calls the class's DEFAULT_OPTIONS.actions handler with
 * (event, target), as ApplicationV2 documents. Nothing of Foundry's windowing, options merging or
 * part diffing is reproduced.
 */
export class ApplicationStub {
  static DEFAULT_OPTIONS: AppOptions = {};
  static PARTS: Record<string, { template: string }> = {};
  element!: HTMLElement;
  renders = 0;
  closed = false;

  constructor(readonly options: Json = {}) {}

  _prepareContext(): Promise<Json> {
    return Promise.resolve({});
  }

  _onFirstRender(): Promise<void> {
    return Promise.resolve();
  }

  async render(): Promise<this> {
    const cls = this.constructor as typeof ApplicationStub;
    const first = this.renders === 0;
    const context = await (this._prepareContext as (options: Json) => Promise<Json>)({ isFirstRender: first });
    if (first) {
      this.element = document.createElement(cls.DEFAULT_OPTIONS.tag ?? "div");
      this.element.addEventListener("click", (event) => {
        const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-action]") : null;
        const handler = target ? cls.DEFAULT_OPTIONS.actions?.[target.dataset.action ?? ""] : undefined;
        if (target && handler) void handler.call(this, event, target);
      });
    }
    const parts = await Promise.all(Object.values(cls.PARTS).map((part) => renderSystemTemplate(part.template, context)));
    this.element.innerHTML = parts.join("");
    this.renders++;
    if (first) await (this._onFirstRender as (context: Json, options: Json) => Promise<void>)(context, {});
    return this;
  }

  close(): Promise<this> {
    this.closed = true;
    return Promise.resolve(this);
  }
}

function renderSystemTemplate(path: string, context: object): Promise<string> {
  if (!path.startsWith(TEMPLATE_ROOT)) throw new Error(`stand-in renderTemplate: not a system template: ${path}`);
  return Promise.resolve(renderTemplate(path.slice(TEMPLATE_ROOT.length), context));
}

const foundryGlobal = Reflect.get(globalThis, "foundry") as Json;
Object.assign(foundryGlobal, {
  applications: {
    api: {
      ApplicationV2: ApplicationStub,
      HandlebarsApplicationMixin: <T>(base: T): T => base,
      DialogV2: {
        wait: (options: Json) => {
          world.dialogs.push(options);
          return Promise.resolve(world.dialogAnswers.shift() ?? null);
        },
        confirm: (options: Json) => {
          world.dialogs.push(options);
          return Promise.resolve(world.dialogAnswers.shift() ?? false);
        },
      },
    },
    handlebars: {
      renderTemplate: renderSystemTemplate,
    },
  },
});
Object.assign(foundryGlobal.utils as Json, {
  escapeHTML: (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`),
});

const config = Reflect.get(globalThis, "CONFIG") as Json;
config.queries = {};

Reflect.set(globalThis, "Actor", ActorStub);
Reflect.set(globalThis, "ChatMessage", ChatMessageStub);
Reflect.set(globalThis, "fromUuid", (uuid: string) => Promise.resolve(world.documents.get(uuid) ?? null));
Reflect.set(globalThis, "ui", { notifications: { warn: (m: string) => world.warnings.push(m), info: () => undefined, error: (m: string) => world.warnings.push(m) } });
Reflect.set(globalThis, "canvas", { tokens: Object.defineProperty({}, "controlled", { get: () => world.selected }) });
