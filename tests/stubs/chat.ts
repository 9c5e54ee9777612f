/**
 * FOUNDRY STAND-INS — not Foundry. The chat side: ChatMessage (who may update it, who sees its content,
 * the roll-mode API on v13 and the message-mode API on v14), and Dice So Nice (its `showForRoll`
 * signature and its hook that animates rolls added to a message by an update). Installed as the global
 * `ChatMessage` by ./foundry-client.ts, which re-exports this module.
 *
 * What the stand-in cannot know, it says: core's own markup for a private roll is not reproduced (a
 * placeholder stands in for it), nor its sockets or database.
 */
import { isRecord, mergeDeep, type Json } from "./json.ts";
import { world, type UserStub } from "./world.ts";
import { logCompatibilityWarning } from "./deprecations.ts";

/** The modes a message takes, by generation: v13 roll modes, v14 message modes. */
export const V13_ROLL_MODES = ["publicroll", "gmroll", "blindroll", "selfroll"] as const;
export const V14_MESSAGE_MODES = ["public", "gm", "blind", "self", "ic"] as const;

/** The ids of the world's GMs: the active one, and the stand-in's default GM id. */
function gmIds(): string[] {
  return [...new Set(["gm", ...(world.gm ? [world.gm.id] : [])])];
}

/**
 * Who sees a message made under `mode` (v14 names; v13's map onto them). Foundry KB "Dice" (roll modes):
 * Public: everyone; Private GM: the GM and the roller; Blind GM: only the GM (the roller neither);
 * Self: only the roller. Core writes this as `whisper` and `blind` on the message data.
 */
function visibilityOf(mode: string): { whisper: string[]; blind: boolean } {
  switch (mode) {
    case "gm":
      return { whisper: gmIds(), blind: false };
    case "blind":
      return { whisper: gmIds(), blind: true };
    case "self":
      return { whisper: [world.user.id], blind: false };
    default:
      return { whisper: [], blind: false };
  }
}

let messageCounter = 0;

/**
 * Foundry's document hooks: `createChatMessage(message, options, userId)`, `updateChatMessage(message,
 * changed, options, userId)`, `deleteChatMessage(message, options, userId)` "fire for all connected
 * clients after the … has been processed" (foundryvtt.com/api/v12 hookEvents.createDocument,
 * updateDocument, deleteDocument). The stand-in plays the current client only; listeners are those of
 * the stand-in `Hooks` (./hooks.ts), when installed.
 */
function documentHook(name: string, ...args: unknown[]): void {
  const hooks = Reflect.get(globalThis, "Hooks") as { callAll?: (hook: string, ...a: unknown[]) => void } | undefined;
  hooks?.callAll?.(name, ...args);
}

/** A value as a socket would carry it: JSON, so nothing but data crosses. */
export function overTheWire<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/**
 * Stand-in ChatMessage (the global `ChatMessage`, so `TerranChatMessage extends ChatMessage` builds on
 * it). It holds its author, whisper list, blind flag, flags and rolls, and lives in `game.messages`.
 */
export class ChatMessageStub {
  readonly id: string;
  readonly author: { readonly id: string };
  whisper: string[];
  blind: boolean;
  flags: Json;
  rolls: unknown[];
  /** Foundry: "The timestamp at which point this message was generated" (ChatMessage `timestamp`, api/v13 and v14). */
  readonly timestamp = Date.now();
  readonly updates: Json[] = [];

  constructor(data: { flags?: Json; rolls?: unknown[]; author?: string; whisper?: string[]; blind?: boolean } = {}) {
    this.id = `message${String(++messageCounter).padStart(9, "0")}`;
    // Foundry: a created message's author is the creating user (ChatMessage `author` field, v12+).
    this.author = { id: data.author ?? world.user.id };
    this.whisper = [...(data.whisper ?? [])];
    this.blind = data.blind ?? false;
    this.flags = structuredClone(data.flags ?? {});
    this.rolls = [...(data.rolls ?? [])];
    world.messages.set(this.id, this);
  }

  get isAuthor(): boolean {
    return this.author.id === world.user.id;
  }

  /**
   * Foundry: "the message itself may be visible while the content of that message is not"
   * (API ChatMessage#isContentVisible). A GM sees everything; a whisper is seen by its recipients and by
   * its author unless blind; a message with no whisper list is seen by everyone (KB "Dice", roll modes).
   */
  get isContentVisible(): boolean {
    if (world.user.isGM) return true;
    if (this.whisper.length === 0) return true;
    if (this.whisper.includes(world.user.id)) return true;
    return this.isAuthor && !this.blind;
  }

  getFlag(scope: string, key: string): unknown {
    const ns = this.flags[scope];
    return isRecord(ns) ? ns[key] : undefined;
  }

  /**
   * Foundry: only the message's author or a GM may update it; anyone else's update is refused with
   * "User … lacks permission to update ChatMessage" (moo-man/WFRP4e-FoundryVTT#2047,
   * asacolips-projects/dungeonworld#74; Draw Steel sends message changes to the GM, helpers/sockets.mjs).
   * An accepted update runs Dice So Nice's update hook (see `diceSoNiceOnUpdate`).
   */
  update(change: { flags?: Json; rolls?: unknown[] }): Promise<this> {
    if (!world.user.isGM && !this.isAuthor) {
      return Promise.reject(new Error(`User ${world.user.id} lacks permission to update ChatMessage [${this.id}]`));
    }
    const added = change.rolls ? change.rolls.length - this.rolls.length : 0;
    this.updates.push(overTheWire(change));
    if (change.flags) this.flags = mergeDeep(this.flags, overTheWire(change.flags));
    if (change.rolls) this.rolls = [...change.rolls];
    if (added > 0) diceSoNiceOnUpdate(this, added);
    documentHook("updateChatMessage", this, overTheWire(change), {}, world.user.id);
    return Promise.resolve(this);
  }

  /**
   * Foundry: like an update, only the author or a GM may delete a message (same evidence); it leaves `game.messages`.
   */
  delete(): Promise<this> {
    if (!world.user.isGM && !this.isAuthor) {
      return Promise.reject(new Error(`User ${world.user.id} lacks permission to delete ChatMessage [${this.id}]`));
    }
    world.messages.delete(this.id);
    documentHook("deleteChatMessage", this, {}, world.user.id);
    return Promise.resolve(this);
  }

  /**
   * Core's rendering, as far as the system sees it: a message element with a header and a
   * `.message-content`. For a viewer who may not see the content, core draws its own private-roll view
   * (the stand-in cannot know its markup: it puts a `.private-roll` placeholder with no dice or total).
   */
  renderHTML(): Promise<HTMLElement> {
    const li = document.createElement("li");
    li.className = "chat-message";
    const content = this.isContentVisible ? "" : '<div class="private-roll">???</div>';
    li.innerHTML = `<header class="message-header"></header><div class="message-content">${content}</div>`;
    return Promise.resolve(li);
  }

  /**
   * `ChatMessage.getSpeaker({ actor })`: the actor's name as alias. With nothing given, core infers the
   * speaker from the canvas: the controlled token first (what macros and modules rely on, e.g. the FVTT
   * community "chat message" macro reading `canvas.tokens.controlled[0]`; the second glue review, F10), so
   * the stand-in answers the first selected token's actor when there is one.
   */
  static getSpeaker(options: { actor?: { name: string } } = {}): Json {
    const actor = options.actor ?? world.selected[0]?.actor ?? null;
    return { alias: actor?.name ?? "", ...(actor && "id" in actor ? { actor: actor.id } : {}) };
  }

  /**
   * `ChatMessage.applyRollMode(data, rollMode)` writes whisper and blind for a roll mode (publicroll,
   * gmroll, blindroll, selfroll). v13's API; on v14 a deprecated alias kept until v16 (dnd5e 5.3 still
   * calls it on v14, module/documents/actor/actor.mjs:1682; vttforge VTTF-AUDIT-013 "the old names warn
   * until v16"): it still works there, and logs a deprecation warning, which fails the test
   * (./deprecations.ts): the system must call v14's `applyMode` on v14.
   */
  static get applyRollMode(): (data: Json, mode: string) => Json {
    return (data, mode) => {
      if (world.generation >= 14)
        logCompatibilityWarning("ChatMessage.applyRollMode has been deprecated in favor of ChatMessage.applyMode", {
          since: 14,
          until: 16,
        });
      if (!(V13_ROLL_MODES as readonly string[]).includes(mode)) throw new Error(`stand-in: unknown roll mode ${mode}`);
      return Object.assign(data, visibilityOf(mode.replace("roll", "")));
    };
  }

  /**
   * v14 only: `ChatMessage.applyMode(data, mode)` with the message modes of `CONFIG.ChatMessage.modes`
   * (public, gm, blind, self, ic; foundryvtt.com/api/v14/variables/CONFIG.ChatMessage.html). `ic` is a
   * speaking style: the stand-in treats it as public. Absent on 13.
   */
  static get applyMode(): ((data: Json, mode?: string) => Json) | undefined {
    if (world.generation !== 14) return undefined;
    return (data, mode = world.messageMode) => {
      if (!(V14_MESSAGE_MODES as readonly string[]).includes(mode))
        throw new Error(`stand-in v14: unknown message mode ${mode}`);
      return Object.assign(data, visibilityOf(mode));
    };
  }

  /** Foundry: the creating user is the author; whisper and blind are what the data says. */
  static create(data: Json): Promise<ChatMessageStub> {
    world.created.push(data);
    const whisper = Array.isArray(data.whisper) ? data.whisper.map(String) : [];
    const message = new ChatMessageStub({
      flags: isRecord(data.flags) ? data.flags : {},
      rolls: Array.isArray(data.rolls) ? data.rolls : [],
      whisper,
      blind: data.blind === true,
    });
    documentHook("createChatMessage", message, {}, world.user.id);
    return Promise.resolve(message);
  }
}

/**
 * What the `chatMessage` hook receives for a line typed in the chat: the text itself on v13; on v14,
 * whose chat input is a rich-text editor, the editor's HTML, a paragraph ("V14 chat messages are sent as
 * a html string instead of plaintext (e.g. "/r d4" is sent as "<p>/r d4</p>" on V14 and as "/r d4" on
 * V13)", AutarchLLC/foundryvtt-acks-core#191; dnd5e's "Fix award command matching in v14" accepts an
 * optional `<p>` around `/award`, module/applications/award.mjs). The text is escaped as HTML is.
 */
export function chatInput(text: string): string {
  if (world.generation < 14) return text;
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<p>${escaped}</p>`;
}

/**
 * The core setting that holds the chat's current mode: `core.rollMode` on v13, `core.messageMode` on
 * v14. Reading `core.messageMode` on v13 throws, as core's `assertSetting` does for an unregistered key
 * (peers guard against exactly this). On v14 `core.rollMode` is a deprecated alias of `core.messageMode`
 * until v16 (vttforge VTTF-AUDIT-013): it answers the roll mode, and logs a deprecation warning, which
 * fails the test (./deprecations.ts).
 */
export function coreSetting(key: string): unknown {
  if (world.generation === 13 && key === "rollMode")
    return world.messageMode === "public" ? "publicroll" : `${world.messageMode}roll`;
  if (world.generation === 14 && key === "messageMode") return world.messageMode;
  if (world.generation === 14 && key === "rollMode") {
    logCompatibilityWarning('The "core.rollMode" setting has been deprecated in favor of "core.messageMode"', {
      since: 14,
      until: 16,
    });
    return world.messageMode === "public" ? "publicroll" : `${world.messageMode}roll`;
  }
  throw new Error(`stand-in: "core.${key}" is not a registered setting on v${world.generation}`);
}

// ---------------------------------------------------------------------------------------------
// Dice So Nice

/** One 3D animation: the roll and who may see it. */
export interface Animation {
  readonly roll: unknown;
  readonly via: "showForRoll" | "update hook";
  readonly whisper: readonly string[] | null;
  readonly blind: boolean;
}

/**
 * Stand-in of Dice So Nice's API (`game.dice3d`). `showForRoll(roll, user = game.user, synchronize,
 * users = null, blind, messageID = null, speaker = null, options = { ghost, secret })` is the real
 * module's signature (Dice3D#showForRoll in module/Dice3D.js, stored copies of the module; its doc: "users
 * list of users or userId who can see the roll, leave it empty if everyone can see"; Draw Steel's
 * compatibility/dsn.mjs passes `message.whisper, message.blind, message.id, message.speaker`). The system
 * no longer calls it; the stand-in records any call so a test would see one.
 */
export class Dice3dStub {
  readonly animations: Animation[] = [];
  readonly colorsets: { colorset: Record<string, unknown>; mode: string | undefined }[] = [];

  addColorset(colorset: Record<string, unknown>, mode?: "default" | "preferred"): void {
    this.colorsets.push({ colorset, mode });
  }

  /**
   * The colorset Dice So Nice draws a die term with, in its order (DiceFactory.getAppearanceForDice,
   * module 5.1.6, module/DiceFactory.js:1166-1176; the same order in v3's DiceBox.js:526-529 and in the
   * newer fork's engine/DiceFactory.js, "priority 1: explicit dsn colorset on the term still wins"): the
   * term's `options.colorset`; else its flavor, only when a colorset has that name; else
   * `options.appearance.colorset`; else the player's own appearance (`playerColorset`). A name that is not
   * registered falls back to the player's own colours (DiceColors.js getColorSet, "custom").
   */
  appearanceOf(term: { readonly options?: object; readonly flavor?: string }, playerColorset = "custom"): string {
    const known = (name: unknown): name is string =>
      typeof name === "string" && this.colorsets.some((c) => c.colorset.name === name);
    const options = (term.options ?? {}) as Record<string, unknown>;
    const appearance: unknown = options.appearance;
    const chosen = [
      options.colorset,
      known(term.flavor) ? term.flavor : undefined,
      isRecord(appearance) ? appearance.colorset : undefined,
    ].find((name) => typeof name === "string" && name !== "");
    if (chosen === undefined) return playerColorset;
    return known(chosen) ? chosen : playerColorset;
  }

  showForRoll(
    roll: unknown,
    _user?: unknown,
    _synchronize?: boolean,
    users?: string[] | null,
    blind?: boolean,
    _messageID?: string | null,
    _speaker?: unknown,
    _options?: { ghost?: boolean; secret?: boolean },
  ): Promise<boolean> {
    void [_messageID, _speaker, _options]; // the signature is the module's; the stand-in keeps only who sees it
    this.animations.push({ roll, via: "showForRoll", whisper: users ?? null, blind: blind ?? false });
    return Promise.resolve(true);
  }
}

/**
 * Dice So Nice's own hooks: `preUpdateChatMessage` counts the rolls an update adds
 * (`options.dsnCountAddedRoll = updateData.rolls.length - message.toObject().rolls.length`) and
 * `updateChatMessage` animates those rolls on every client that may see the content (module/main.js,
 * in every stored copy of the module). The stand-in records them once, with the message's visibility.
 */
function diceSoNiceOnUpdate(message: ChatMessageStub, added: number): void {
  const dsn = world.dice3d;
  if (!(dsn instanceof Dice3dStub) || !world.modules.has("dice-so-nice")) return;
  for (const roll of message.rolls.slice(-added)) {
    dsn.animations.push({
      roll,
      via: "update hook",
      whisper: message.whisper.length > 0 ? [...message.whisper] : null,
      blind: message.blind,
    });
  }
}

export type { UserStub };
