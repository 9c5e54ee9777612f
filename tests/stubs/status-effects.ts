/**
 * FOUNDRY STAND-INS — not Foundry. `CONFIG.statusEffects`, as each generation keeps it.
 *
 * - v13: an array of StatusEffectConfig ("statusEffects: StatusEffectConfig[]",
 *   foundryvtt.com/api/v13/variables/CONFIG.statusEffects.html), a plain data property.
 * - v14: keyed by id ("`CONFIG.statusEffects` has been changed from `StatusEffectConfig[]` to
 *   `{[id]: StatusEffectConfig}` with backwards compatibility", foundryvtt#13122). What the evidence says
 *   of its shape, and what the stand-in does:
 *   - an entry is read, written and deleted by its id: `CONFIG.statusEffects[id]` (dnd5e 5.3.3
 *     active-effect.mjs:992-994 on v14; vttforge's remediation "`CONFIG.statusEffects["my-id"] = …`,
 *     `delete CONFIG.statusEffects.dead`");
 *   - it keeps array methods for compatibility: dnd5e 5.3.3 calls `.find/.filter/.map/.forEach` on it under
 *     v14 (dnd5e.mjs:430-440, module/utils.mjs:1150), Draw Steel 1.0 iterates it with `for…of`
 *     (draw-steel.mjs:264); `push` adds an entry under its id;
 *   - it is an accessor of CONFIG whose setter "empties the collection first" (vttforge audit rule
 *     VTTF-AUDIT-014), which is why Foundry's own Crucible stopped assigning it (crucible ad094487); so
 *     assigning the collection to itself leaves it empty, core's statuses included;
 *   - whether its entries are the object's *own* properties is not documented: the stand-in keeps them
 *     behind the collection (`Object.hasOwn` and `Object.keys` see none), so code must ask by id.
 */
import type { Generation } from "./world.ts";

type Entry = { readonly id: string } & Record<string, unknown>;

const ARRAY_METHODS = ["find", "filter", "map", "forEach", "some", "every", "findIndex", "reduce", "includes"] as const;

/** v14's collection: a Map by id behind a Proxy that answers by id and with array methods. */
function v14Collection(entries: Map<string, Entry>): object {
  const list = (): Entry[] => [...entries.values()];
  const members: Record<string | symbol, unknown> = {
    push: (...added: Entry[]) => {
      for (const entry of added) entries.set(entry.id, entry);
      return entries.size;
    },
    [Symbol.iterator]: () => list()[Symbol.iterator](),
  };
  for (const name of ARRAY_METHODS)
    members[name] = (...args: unknown[]) =>
      Reflect.apply(Reflect.get(Array.prototype, name) as (...a: unknown[]) => unknown, list(), args);
  return new Proxy(
    {},
    {
      get: (_target, key) => {
        if (key === "length") return entries.size;
        if (Object.hasOwn(members, key)) return members[key];
        return typeof key === "string" ? entries.get(key) : undefined;
      },
      set: (_target, key, value: unknown) => {
        if (typeof key !== "string" || typeof value !== "object" || value === null)
          throw new TypeError(`stand-in v14 CONFIG.statusEffects: cannot set ${String(key)}`);
        entries.set(key, { ...(value as Record<string, unknown>), id: key });
        return true;
      },
      deleteProperty: (_target, key) => (typeof key === "string" ? entries.delete(key) || true : true),
      has: (_target, key) => Object.hasOwn(members, key) || (typeof key === "string" && entries.has(key)),
    },
  );
}

/** Installs core's list of status effects (`entries`, copied) on CONFIG in `generation`'s shape. */
export function installStatusEffects(generation: Generation, entries: readonly Entry[]): void {
  const config = Reflect.get(globalThis, "CONFIG") as object;
  if (generation < 14) {
    Object.defineProperty(config, "statusEffects", {
      value: entries.map((e) => ({ ...e })),
      writable: true,
      configurable: true,
      enumerable: true,
    });
    return;
  }
  const byId = new Map<string, Entry>();
  const collection = v14Collection(byId);
  const assign = (value: unknown): void => {
    byId.clear(); // "the setter empties the collection first", then reads what it was given
    const given: unknown[] = Array.isArray(value)
      ? value
      : typeof value === "object" && value !== null
        ? [...(Symbol.iterator in value ? (value as Iterable<unknown>) : Object.values(value))]
        : [];
    for (const e of given)
      if (typeof e === "object" && e !== null && typeof Reflect.get(e, "id") === "string")
        byId.set(Reflect.get(e, "id") as string, e as Entry);
  };
  Object.defineProperty(config, "statusEffects", {
    get: () => collection,
    set: assign,
    configurable: true,
    enumerable: true,
  });
  assign(entries.map((e) => ({ ...e })));
}

/** The entries of `CONFIG.statusEffects` in order, in either generation's shape (for assertions). */
export function statusEntries(): Entry[] {
  const config: unknown = Reflect.get(Reflect.get(globalThis, "CONFIG") as object, "statusEffects");
  return config !== null && typeof config === "object" && Symbol.iterator in config
    ? [...(config as Iterable<Entry>)]
    : [];
}

/**
 * The statuses the token HUD offers for a token whose actor is of `actorType`: those whose `hud` is not
 * false and, when it names actor types, names this one ("hud: Should this effect appear in the Token
 * HUD? This effect is only selectable in the Token HUD if the Token's Actor sub-type is one of the
 * configured ones", foundryvtt.com/api/v13 and /api/v14 CONFIG._StatusEffectConfig).
 */
export function tokenHudChoices(actorType: string): string[] {
  return statusEntries()
    .filter((entry) => {
      const hud: unknown = entry.hud;
      if (hud === false) return false;
      const types: unknown = typeof hud === "object" && hud !== null ? Reflect.get(hud, "actorTypes") : undefined;
      return !Array.isArray(types) || types.includes(actorType);
    })
    .map((entry) => entry.id);
}
