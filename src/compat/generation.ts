/**
 * The one place that knows Foundry 13 from 14; nothing else reads `game.release`. Who sees a message: v13 roll
 * modes (`core.rollMode`, `ChatMessage.applyRollMode`), v14 message modes (`core.messageMode`,
 * `ChatMessage.applyMode`); reading `core.messageMode` on v13 throws, so the generation picks the setting
 * (dnd5e#6958, SR5 #1916, GURPS#2654, foundryvtt.com/api/v14/variables/CONFIG.ChatMessage.html, Crucible).
 * v14's `ic` is a speaking style, so a roll made under it is public.
 */

/** In v14's names. */
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

/** Anything else, `ic` included: public. */
export function toMessageMode(value: unknown): MessageMode {
  if (isMessageMode(value)) return value;
  const found = MESSAGE_MODES.find((mode) => ROLL_MODE_OF[mode] === value);
  return found ?? "public";
}

/** 13 is the oldest this system loads on. */
export function foundryGeneration(): 13 | 14 {
  const generation: unknown = Reflect.get(Reflect.get(game, "release") ?? {}, "generation");
  return typeof generation === "number" && generation >= 14 ? 14 : 13;
}

/** The chat log's selector: what a roll takes unless changed. */
export function currentMessageMode(): MessageMode {
  const settings: unknown = Reflect.get(game, "settings");
  if (typeof settings !== "object" || settings === null) return "public";
  const get: unknown = Reflect.get(settings, "get");
  if (typeof get !== "function") return "public";
  const key = foundryGeneration() >= 14 ? "messageMode" : "rollMode";
  try {
    return toMessageMode(Reflect.apply(get, settings, ["core", key]));
  } catch {
    return "public"; // Settings not ready yet.
  }
}

/** Declared here: fvtt-types 13.345 knows only v13. */
interface ChatMessageV14Statics {
  applyMode(data: object, mode?: string): object;
}

interface ChatMessageV13Statics {
  applyRollMode(data: object, mode?: string): object;
}

/** As core does for a roll in that mode; mutates and returns `data`, like both core functions. */
export function applyMessageMode<T extends object>(data: T, mode: MessageMode = currentMessageMode()): T {
  const cls: unknown = ChatMessage;
  if (foundryGeneration() >= 14) (cls as ChatMessageV14Statics).applyMode(data, mode);
  else (cls as ChatMessageV13Statics).applyRollMode(data, ROLL_MODE_OF[mode]);
  return data;
}

/**
 * StatusEffectConfig's fields, the same on both generations (foundryvtt.com/api/v13 and /api/v14
 * CONFIG._StatusEffectConfig).
 */
export interface StatusEffectEntry {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly hud: { readonly actorTypes: readonly string[] };
}

/**
 * An array on v13; on v14 a collection by id (foundryvtt#13122) whose setter empties it, so it is never
 * assigned: entries are added and removed in place, by id (as Crucible and dnd5e 5.3 do; vttforge's v14 audit
 * advises it).
 */
function statusEffectsConfig(): unknown {
  return Reflect.get(CONFIG, "statusEffects");
}

function statusEntry(entry: StatusEffectEntry): Record<string, unknown> {
  return { ...entry, hud: { actorTypes: [...entry.hud.actorTypes] } };
}

/** An id core (or a module) already has stays as it is (core's own "dead"). */
export function addStatusEffects(entries: readonly StatusEffectEntry[]): void {
  const config = statusEffectsConfig();
  if (typeof config !== "object" || config === null) return;
  for (const entry of entries) {
    if (hasStatusEffect(entry.id)) continue;
    if (foundryGeneration() >= 14) Reflect.set(config, entry.id, statusEntry(entry));
    else if (Array.isArray(config)) config.push(statusEntry(entry));
  }
}

/** An id core does not list is ignored. */
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
 * On v14 the enricher's `onRender` gets an abort signal as its second argument (foundryvtt.com/api/v14
 * CONFIG.TextEditorEnricherRenderCallback); v13's takes the element alone, so there is none.
 */
export function enricherRenderSignal(options: unknown): AbortSignal | undefined {
  if (foundryGeneration() < 14 || typeof options !== "object" || options === null) return undefined;
  const signal: unknown = Reflect.get(options, "signal");
  return typeof signal === "object" && signal !== null && typeof Reflect.get(signal, "aborted") === "boolean"
    ? (signal as AbortSignal)
    : undefined;
}

/** On v13 in the array; on v14 the collection's entry. */
export function hasStatusEffect(id: string): boolean {
  const config = statusEffectsConfig();
  if (foundryGeneration() >= 14)
    return typeof config === "object" && config !== null && Reflect.get(config, id) !== undefined;
  return (
    Array.isArray(config) &&
    (config as unknown[]).some((e) => typeof e === "object" && e !== null && Reflect.get(e, "id") === id)
  );
}
