/**
 * The one place that knows which Foundry generation runs (13 or 14) and what differs between them.
 * Everything else calls these functions and never reads `game.release`.
 *
 * - Who sees a message: v13 calls them roll modes (`core.rollMode`: publicroll, gmroll, blindroll,
 *   selfroll; `ChatMessage.applyRollMode`); v14 message modes (`core.messageMode`: public, gm, blind,
 *   self, ic; `CONFIG.ChatMessage.modes`; `ChatMessage.applyMode`, `applyRollMode` deprecated, gone in
 *   v16). Reading `core.messageMode` on v13 throws (an unregistered setting), so the setting is chosen by
 *   generation, never by trying. Evidence: dnd5e#6958, SR5 #1916, GURPS#2654,
 *   foundryvtt.com/api/v14/variables/CONFIG.ChatMessage.html, and Foundry's own Crucible
 *   system (`ChatMessage.implementation.applyMode(messageData, game.settings.get("core", "messageMode"))`
 *   in its group check).
 * - The system names the four modes a roll may take as v14 does (`public`, `gm`, `blind`, `self`);
 *   v14's `ic` (in character) is a speaking style, not a visibility, so a roll made under it is public.
 */

/** The message modes a roll or card may take, in v14's names. */
export const MESSAGE_MODES = ["public", "gm", "blind", "self"] as const;
export type MessageMode = (typeof MESSAGE_MODES)[number];

/** v13's roll mode for each message mode. */
const ROLL_MODE_OF: Readonly<Record<MessageMode, string>> = {
  public: "publicroll",
  gm: "gmroll",
  blind: "blindroll",
  self: "selfroll",
};

export function isMessageMode(value: unknown): value is MessageMode {
  return typeof value === "string" && (MESSAGE_MODES as readonly string[]).includes(value);
}

/** A v13 roll mode or a v14 message mode, read as a message mode (anything else, `ic` included: public). */
export function toMessageMode(value: unknown): MessageMode {
  if (isMessageMode(value)) return value;
  const found = MESSAGE_MODES.find((mode) => ROLL_MODE_OF[mode] === value);
  return found ?? "public";
}

/** The running generation: 14 from v14 on, else 13 (the oldest this system loads on). */
export function foundryGeneration(): 13 | 14 {
  const generation: unknown = Reflect.get(Reflect.get(game, "release") ?? {}, "generation");
  return typeof generation === "number" && generation >= 14 ? 14 : 13;
}

/** The chat's current mode for this user (the chat log's selector): what a roll takes unless changed. */
export function currentMessageMode(): MessageMode {
  const settings: unknown = Reflect.get(game, "settings");
  if (typeof settings !== "object" || settings === null) return "public";
  const get: unknown = Reflect.get(settings, "get");
  if (typeof get !== "function") return "public";
  const key = foundryGeneration() >= 14 ? "messageMode" : "rollMode";
  try {
    return toMessageMode(Reflect.apply(get, settings, ["core", key]));
  } catch {
    return "public"; // settings not ready yet
  }
}

/** The v14-only static of ChatMessage (declared here: fvtt-types 13.345 knows only v13). */
interface ChatMessageV14Statics {
  applyMode(data: object, mode?: string): object;
}

interface ChatMessageV13Statics {
  applyRollMode(data: object, mode?: string): object;
}

/**
 * Sets who sees `data` (whisper and blind) for `mode`, as core does for a roll made under that mode.
 * Mutates and returns `data`, like both core functions.
 */
export function applyMessageMode<T extends object>(data: T, mode: MessageMode = currentMessageMode()): T {
  const cls: unknown = ChatMessage;
  if (foundryGeneration() >= 14) (cls as ChatMessageV14Statics).applyMode(data, mode);
  else (cls as ChatMessageV13Statics).applyRollMode(data, ROLL_MODE_OF[mode]);
  return data;
}

/**
 * A status effect as the system registers it: core's StatusEffectConfig fields (`id`, `name`, `img`,
 * `hud`), the same on both generations ("hud: Should this effect appear in the Token HUD? This effect is
 * only selectable in the Token HUD if the Token's Actor sub-type is one of the configured ones",
 * foundryvtt.com/api/v13 and /api/v14 CONFIG._StatusEffectConfig).
 */
export interface StatusEffectEntry {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly hud: { readonly actorTypes: readonly string[] };
}

/**
 * Core's status effects: an array on v13 ("statusEffects: StatusEffectConfig[]", foundryvtt.com/api/v13
 * CONFIG.statusEffects); on v14 a collection keyed by id that keeps array methods for compatibility
 * (foundryvtt#13122; dnd5e 5.3 reads `CONFIG.statusEffects[id]` there). v14's property is an accessor whose
 * setter empties the collection before reading what it is given, so it is never assigned: entries are
 * added and removed in place, by id (as Foundry's own Crucible stopped assigning it, and vttforge's v14
 * audit advises `CONFIG.statusEffects[id] = …` and `delete CONFIG.statusEffects[id]`).
 */
function statusEffectsConfig(): unknown {
  return Reflect.get(CONFIG, "statusEffects");
}

function statusEntry(entry: StatusEffectEntry): Record<string, unknown> {
  return { ...entry, hud: { actorTypes: [...entry.hud.actorTypes] } };
}

/**
 * Adds `entries` to core's status effects, leaving an id core (or a module) already has as it is (core's
 * own "dead", the combat tracker's defeated state).
 */
export function addStatusEffects(entries: readonly StatusEffectEntry[]): void {
  const config = statusEffectsConfig();
  if (typeof config !== "object" || config === null) return;
  for (const entry of entries) {
    if (hasStatusEffect(entry.id)) continue;
    if (foundryGeneration() >= 14) Reflect.set(config, entry.id, statusEntry(entry));
    else if (Array.isArray(config)) config.push(statusEntry(entry));
  }
}

/** Removes the status effects with these ids (an id core does not list is ignored). */
export function removeStatusEffects(ids: readonly string[]): void {
  const config = statusEffectsConfig();
  if (typeof config !== "object" || config === null) return;
  for (const id of ids) {
    if (foundryGeneration() >= 14) Reflect.deleteProperty(config, id);
    else if (Array.isArray(config)) {
      const index = config.findIndex(
        (e: unknown) => typeof e === "object" && e !== null && Reflect.get(e, "id") === id,
      );
      if (index >= 0) config.splice(index, 1);
    }
  }
}

/**
 * The signal that aborts when an enriched element leaves the page, for the listeners an enricher's
 * `onRender` adds: v14 hands it as the callback's second argument ("options.signal: An signal that aborts
 * when the element is disconnected", foundryvtt.com/api/v14 CONFIG.TextEditorEnricherRenderCallback);
 * v13's callback takes the element alone (foundryvtt.com/api/v13 CONFIG.TextEditorEnricherConfig
 * "onRender?: (arg0: HTMLEnrichedContentElement) => any"), so there is none.
 */
export function enricherRenderSignal(options: unknown): AbortSignal | undefined {
  if (foundryGeneration() < 14 || typeof options !== "object" || options === null) return undefined;
  const signal: unknown = Reflect.get(options, "signal");
  return typeof signal === "object" && signal !== null && typeof Reflect.get(signal, "aborted") === "boolean"
    ? (signal as AbortSignal)
    : undefined;
}

/** Is `id` one of core's configured status effects (v13: in the array; v14: the collection's entry for the id)? */
export function hasStatusEffect(id: string): boolean {
  const config = statusEffectsConfig();
  if (foundryGeneration() >= 14)
    return typeof config === "object" && config !== null && Reflect.get(config, id) !== undefined;
  return (
    Array.isArray(config) &&
    (config as unknown[]).some((e) => typeof e === "object" && e !== null && Reflect.get(e, "id") === id)
  );
}
