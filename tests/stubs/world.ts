/**
 * FOUNDRY STAND-INS — not Foundry. The world the stand-ins read: the current user, the active GM,
 * settings, documents, what was created, warned or opened. Tests set it up and read what was asked.
 */
import type { ApplicationStub } from "./applications.ts";
import type { ChatMessageStub } from "./chat.ts";
import type { ActorStub } from "./foundry-client.ts";
import type { TourStub } from "./tours.ts";
import { expandUpdate } from "./json.ts";

type Json = Record<string, unknown>;

/** The generations the system supports: the last v13 (13.351) and v14 (the stand-ins follow 14.369). */
export const GENERATIONS = [13, 14] as const;
export type Generation = (typeof GENERATIONS)[number];

export interface UserStub {
  readonly id: string;
  readonly isGM: boolean;
  /** Foundry's User#isActiveGM: the one GM whose client runs world-wide chores (the world migration). */
  readonly isActiveGM?: boolean;
  targets: Set<{ actor: ActorStub | null }>;
  /**
   * The character assigned to the user (User Configuration), or none: `game.user.character`, which peers
   * read for "the user's own actor" (Foundry's Crucible enrichers.mjs `inferEnricherActor`).
   */
  character?: ActorStub | null;
  /**
   * Foundry's `User#can(action)`: "Test whether the User is able to perform a certain permission action"
   * (foundryvtt.com/api/v13 foundry.documents.BaseUser#can). A GM may do everything; a player what the
   * world's Permission Configuration grants their role, where "Create New Actors" (ACTOR_CREATE) defaults
   * to the Assistant GM (CONST.USER_PERMISSIONS, defaultRole ASSISTANT; KB "Users and Permissions"). The
   * stand-in grants a player the actions in `granted` (none by default).
   */
  can?(action: string): boolean;
  granted?: string[];
}

/**
 * A User document of the world (`game.users.get(id)`), with its flags. Foundry: a user may update their own
 * User (Monk's Player Settings sets its own flags on a player's client, monks-player-settings.js:68) and a GM
 * any user's (its apps/settings-config.js:224 `user.update({"flags.…": …})`); anyone else is refused, "User …
 * lacks permission to update User" (foundryvtt/foundryvtt#9749, #10024). Every client holds every User, flags
 * included: nothing kept there is secret.
 */
export class UserDocStub {
  flags: Json = {};
  constructor(
    readonly id: string,
    public isGM: boolean,
    public active = true,
    public name = id,
  ) {}

  getFlag(scope: string, key: string): unknown {
    const ns = this.flags[scope];
    return typeof ns === "object" && ns !== null ? (ns as Json)[key] : undefined;
  }

  setFlag(scope: string, key: string, value: unknown): Promise<this> {
    return this.update({ flags: { [scope]: { [key]: value } } });
  }

  /** An update of the flags, nested or by dotted keys (`"flags.scope.key"`), as Document#update takes them. */
  update(change: Json): Promise<this> {
    if (!world.user.isGM && world.user.id !== this.id)
      return Promise.reject(new Error(`User ${world.user.id} lacks permission to update User [${this.id}]`));
    const patch = JSON.parse(JSON.stringify(expandUpdate(change).flags ?? {})) as Json;
    for (const [scope, values] of Object.entries(patch)) {
      const mine = this.flags[scope];
      this.flags[scope] = { ...(typeof mine === "object" && mine !== null ? mine : {}), ...(values as Json) };
    }
    return Promise.resolve(this);
  }
}

/** The `can` every stand-in user carries (see UserStub#can): a GM may; a player only what `granted` holds. */
export function userCan(this: UserStub, action: string): boolean {
  return this.isGM || (this.granted ?? []).includes(action);
}

/**
 * The active GM stand-in: `query` records the call and runs the handler registered in CONFIG.queries,
 * as the GM's client would.
 */
export interface GmStub extends UserStub {
  readonly queries: { name: string; data: unknown }[];
  query(name: string, data: unknown, options?: { timeout?: number }): Promise<unknown>;
}

/** The world the stand-ins read; tests set it up and read what was asked of it. */
export const world = {
  /**
   * The Foundry generation the stand-ins imitate (13 or 14): `game.release.generation`, and each
   * stand-in behaviour that differs between them. Every glue test runs on both (`GENERATIONS`).
   */
  generation: 13 as Generation,
  user: { id: "player1", isGM: false, targets: new Set() } as UserStub,
  gm: null as GmStub | null,
  /**
   * The world's users by id (`game.users.get`): player1 and player2, and the GM ("gm"), each with
   * `active` — connected now (Foundry: User#active, "Is this User currently active?"). A test may mark
   * one offline.
   */
  users: new Map<string, UserDocStub>(),
  settings: new Map<string, unknown>(),
  warnings: [] as string[],
  /** Every notification with the screen it showed on. */
  notices: [] as {
    userId: string;
    level: "warn" | "info" | "error";
    message: string;
    options?: unknown;
    bar?: { readonly progress: number[]; message: string };
  }[],
  /** Answers the next dialogs give, in order (a DialogV2.wait button's action, or confirm's boolean). */
  dialogAnswers: [] as unknown[],
  dialogs: [] as Json[],
  /** Dialogs left open by a `HELD` answer (./foundry-client.ts): a test answers or sees them closed. */
  openDialogs: [] as { closed: boolean; answer(value: unknown): void }[],
  documents: new Map<string, unknown>(),
  selected: [] as { actor: ActorStub | null }[],
  created: [] as Json[],
  /** Actors made by the stand-in `Actor.create`, in order. */
  createdActors: [] as ActorStub[],
  /** The world's chat messages by id (`game.messages`). */
  messages: new Map<string, ChatMessageStub>(),
  /** The chat's current mode for this user, in v14's names (core.rollMode on 13 / core.messageMode on 14). */
  messageMode: "public" as "public" | "gm" | "blind" | "self" | "ic",
  /** Active modules by id (Dice So Nice is "dice-so-nice"), and what `game.dice3d` holds. */
  modules: new Set<string>(),
  dice3d: undefined as unknown,
  /**
   * The world's stored documents (what the server sends and `game.data.actors` / `game.data.items` hold),
   * raw as saved: `loadWorld()` (foundry-client.ts) builds `game.actors` / `game.items` from them, and a
   * stand-in update writes its change back here, so a test can "reload".
   */
  actorSources: [] as Json[],
  itemSources: [] as Json[],
  /** Each `Actor.updateDocuments` / `Item.updateDocuments` call, in order: one request each (foundry-client.ts). */
  updateCalls: [] as { documentName: "Actor" | "Item"; pack: string | null; ids: string[]; items: number }[],
  /** The world's compendium packs (`game.packs.contents`, foundry-client.ts `PackStub`). */
  packs: [] as unknown[],
  /** `game.actors` / `game.items` as `loadWorld()` last built them (null: not loaded). */
  collections: { actors: null as unknown, items: null as unknown },
  /** The world's scenes (`game.scenes`): see makeScene. */
  scenes: [] as SceneStub[],
  /** Notifications shown (`info`, `warn`, `error`), with the text the system passed. */
  /** Applications rendered for the first time, in order (a sheet, the roll dialog it opened…). */
  opened: [] as ApplicationStub[],
  /** File pickers opened (their options hold the callback a chosen path goes to). */
  pickers: [] as { options: Json; browsed: boolean }[],
  /** Listeners registered with the stand-in `Hooks` (./hooks.ts), by hook name. */
  hooks: new Map<string, { id: number; fn: (...args: unknown[]) => unknown; once: boolean }[]>(),
  /** Chat messages the chat log was asked to draw again (`ui.chat.updateMessage`), by id, in order. */
  redrawn: [] as string[],
  /** Settings registered with `game.settings.register`, keyed `${namespace}.${key}` (./registries.ts). */
  settingConfigs: new Map<string, Json>(),
  /** The tours registered with `game.tours.register`, by key (./tours.ts). */
  tours: new Map<string, TourStub>(),
  /** Sheets registered with `Actors.registerSheet` / `Items.registerSheet`, in order (./registries.ts). */
  sheets: [] as {
    documentName: "Actor" | "Item";
    scope: string;
    sheetClass: unknown;
    types: string[];
    makeDefault: boolean;
    label: unknown;
  }[],
};

const DEFAULT_SETTINGS: Json = {
  ruleset: "core",
  singleDieServesBoth: true,
  darkDiceMax: 10,
  applyPermission: "gm",
  autoSpendEgo: true,
  autoApplyHarm: true,
  challengeArmour: false,
  offerTour: true,
};

/**
 * The active GM stand-in. `query(name, data, { timeout })` runs the handler registered in
 * `CONFIG.queries[name]` as the GM's client would: as the GM's user. Foundry does NOT tell the handler
 * who asked: "Currently the only way for a User-query handler to learn who queried is to include the
 * sender's ID in query data" (foundryvtt#13418, open) — so the handler's second argument holds only the
 * query's options (`{ timeout }`), never the sender. The data and the answer cross as JSON (a socket):
 * the asker sees only what the handler returns. A handler that throws rejects the asker's promise. The
 * timeout is not simulated.
 */
export function makeGm(id = "gm"): GmStub {
  const gm: GmStub = {
    id,
    isGM: true,
    isActiveGM: true,
    targets: new Set(),
    can: userCan,
    queries: [],
    async query(name, data, options) {
      const sent: unknown = JSON.parse(JSON.stringify(data ?? null));
      gm.queries.push({ name, data: sent });
      const handler = (Reflect.get(globalThis, "CONFIG") as { queries: Record<string, unknown> }).queries[name];
      if (typeof handler !== "function") throw new Error(`stand-in GM: no handler for query ${name}`);
      const asker = world.user;
      world.user = gm;
      try {
        const timeout = typeof options === "object" && options !== null ? Reflect.get(options, "timeout") : undefined;
        const answer: unknown = await (handler as (d: unknown, o: object) => Promise<unknown>)(sent, { timeout });
        return answer === undefined ? undefined : (JSON.parse(JSON.stringify(answer)) as unknown);
      } finally {
        world.user = asker;
      }
    },
  };
  return gm;
}

/** A token placed in a scene, as far as its bars and its actor go. */
export interface TokenStub {
  readonly id: string;
  readonly actor: { readonly type: string } | null;
  bar1: { attribute: string | null };
  bar2: { attribute: string | null };
  /** "Link Actor Data"; an unlinked token keeps its own changes in `delta` (KB "Version 11 Token Changes"). */
  readonly actorLink?: boolean;
  /** The token's ActorDelta: `system` is "the system data model override" (api: foundry.types.ActorDeltaData). */
  readonly delta?: { system: Json; toObject?(): { system: Json } };
}

/** An ActorDelta holding `system`; `toObject()` gives a copy of its source, as a document's does. */
export function makeDelta(system: Json): { system: Json; toObject(): { system: Json } } {
  const delta = { system, toObject: () => ({ system: structuredClone(delta.system) }) };
  return delta;
}

/** A nested update merged into `target` (Foundry merges an update's objects into the source's). */
function mergeInto(target: Json, update: Json): void {
  for (const [key, value] of Object.entries(update)) {
    const old = target[key];
    if (isJson(value) && isJson(old)) mergeInto(old, value);
    else target[key] = structuredClone(value);
  }
}

const isJson = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** A scene with its placed tokens; `updates` keeps every batch of token updates, which are applied. */
export interface SceneStub {
  readonly tokens: TokenStub[];
  readonly updates: Json[][];
  updateEmbeddedDocuments(name: string, updates: Json[]): Promise<unknown[]>;
}

/** A scene holding `tokens`; only a GM may update its tokens' bars here (KB "Users and Permissions"). */
export function makeScene(tokens: TokenStub[]): SceneStub {
  const scene: SceneStub = {
    tokens,
    updates: [],
    updateEmbeddedDocuments(name: string, updates: Json[]) {
      if (name !== "Token") throw new Error(`stand-in Scene: no embedded ${name}`);
      if (!world.user.isGM) throw new Error(`User ${world.user.id} lacks permission to update Token`);
      scene.updates.push(updates);
      for (const update of updates) {
        const token = tokens.find((t) => t.id === update._id);
        if (!token) throw new Error(`stand-in Scene: no token ${String(update._id)}`);
        for (const bar of ["bar1", "bar2"] as const) {
          const attribute = update[`${bar}.attribute`];
          if (typeof attribute === "string") token[bar] = { attribute };
        }
        const delta = update.delta;
        if (isJson(delta) && isJson(delta.system)) {
          // A delta exists only for a token tied to an actor (KB "Version 11 Token Changes").
          if (!token.delta) throw new Error(`stand-in Scene: token ${token.id} has no ActorDelta`);
          mergeInto(token.delta.system, delta.system);
        }
      }
      return Promise.resolve(updates);
    },
  };
  return scene;
}

/**
 * Back to a player named player1, no GM online, default settings, nothing recorded (on `generation`,
 * by default the current one).
 */
export function resetWorld(generation: Generation = world.generation): void {
  world.generation = generation;
  world.user = { id: "player1", isGM: false, targets: new Set(), can: userCan };
  world.gm = null;
  world.users = new Map(
    [
      ["player1", false],
      ["player2", false],
      ["gm", true],
    ].map(([id, isGM]) => [String(id), new UserDocStub(String(id), Boolean(isGM))]),
  );
  world.settings = new Map(Object.entries(DEFAULT_SETTINGS));
  world.warnings = [];
  world.notices = [];
  world.dialogAnswers = [];
  world.dialogs = [];
  world.openDialogs = [];
  world.documents = new Map();
  world.selected = [];
  world.created = [];
  world.createdActors = [];
  world.messages = new Map();
  world.messageMode = "public";
  world.modules = new Set();
  world.dice3d = undefined;
  world.opened = [];
  world.pickers = [];
  world.hooks = new Map();
  world.redrawn = [];
  world.settingConfigs = new Map();
  world.tours = new Map();
  world.sheets = [];
  world.actorSources = [];
  world.itemSources = [];
  world.updateCalls = [];
  world.packs = [];
  world.collections = { actors: null, items: null };
  world.scenes = [];
}
resetWorld();
