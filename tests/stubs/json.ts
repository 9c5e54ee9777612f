/** Plain-object helpers the stand-ins share (not Foundry). */
export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
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
    node[last] =
      isRecord(existing) && isRecord(value)
        ? mergeDeep(existing, expandUpdate(value))
        : isRecord(value)
          ? expandUpdate(value)
          : value;
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
