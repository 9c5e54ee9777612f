/**
 * FOUNDRY STAND-INS — not Foundry. The registries a system fills at `init`: `game.settings.register` and
 * the sheet registrations `foundry.documents.collections.Actors/Items.registerSheet`. Each records what
 * it was given in `world` (./world.ts; `resetWorld()` clears it) and refuses what the docs make invalid.
 * Installed by ./foundry-client.ts. Nothing here stores a setting's value (`game.settings.get/set` read
 * `world.settings` as before) or renders a sheet: these stand-ins check only OUR registrations.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { DocumentSheetStub } from "./applications.ts";
import { world } from "./world.ts";

type Json = Record<string, unknown>;

/**
 * The scopes a setting may be stored in: "scope: "world" | "client" | "user" — The scope the Setting is
 * stored in, either World, Client, or User" (foundryvtt.com/api/v14/interfaces/foundry.types.SettingConfig.html).
 */
const SETTING_SCOPES = ["world", "client", "user"] as const;

/**
 * `game.settings.register(namespace, key, data)` (ClientSettings#register): the setting is recorded under
 * `${namespace}.${key}`, as core's registry keys it ("settings: Map<string, SettingConfig>", and
 * SettingConfig "id: The combination of {namespace}.{key}", foundryvtt.com/api/v14/classes/
 * foundry.helpers.ClientSettings.html and .../foundry.types.SettingConfig.html), with `namespace`, `key`
 * and `id` added to its config as SettingConfig declares them. Refused: a missing namespace or key (both
 * are required members of SettingConfig) and a scope outside world | client | user (the documented type).
 * Whether core throws on an unknown scope or quietly takes another is not verified here: the stand-in is
 * the stricter. Registering the same id twice is not refused (what core does then is not known here);
 * the later registration replaces the earlier, as a Map would.
 */
export function registerSetting(namespace: unknown, key: unknown, data: unknown): void {
  if (typeof namespace !== "string" || namespace === "" || typeof key !== "string" || key === "") {
    throw new Error(
      `stand-in ClientSettings: a setting needs both a namespace and a key (got "${String(namespace)}.${String(key)}")`,
    );
  }
  if (typeof data !== "object" || data === null)
    throw new Error(`stand-in ClientSettings: setting ${namespace}.${key} has no configuration`);
  const scope: unknown = Reflect.get(data, "scope");
  if (!(SETTING_SCOPES as readonly unknown[]).includes(scope)) {
    throw new Error(
      `stand-in ClientSettings: setting ${namespace}.${key} has scope ${JSON.stringify(scope) ?? "undefined"}, not one of ${SETTING_SCOPES.join(", ")}`,
    );
  }
  const id = `${namespace}.${key}`;
  world.settingConfigs.set(id, { ...(data as Json), namespace, key, id });
}

/** The sub-types system.json declares per document (`documentTypes`), read once. */
let declared: Record<string, Record<string, unknown>> | null = null;
function declaredTypes(documentName: "Actor" | "Item"): string[] {
  declared ??= (
    JSON.parse(readFileSync(resolve(import.meta.dirname, "../../system.json"), "utf8")) as {
      documentTypes: Record<string, Record<string, unknown>>;
    }
  ).documentTypes;
  return Object.keys(declared[documentName] ?? {});
}

/**
 * `Actors.registerSheet(scope, sheetClass, options)` / `Items.registerSheet(...)`: registers `sheetClass`
 * for `options.types` of the document, the default for them with `makeDefault`, named by `label`
 * (SheetRegistrationOptions = SheetRegistrationDescriptor without documentClass, id and sheetClass:
 * "sheetClass: typeof Application | typeof ApplicationV2 — An Application class used to render the
 * sheet", "types?: string[] — An array of Document sub-types to register the sheet for", "makeDefault?:
 * Whether to make this sheet the default for the provided sub-types", "label?: string | (() => string)",
 * foundryvtt.com/api/v14/interfaces/foundry.SheetRegistrationDescriptor.html and
 * foundryvtt.com/api/v14/types/foundry.SheetRegistrationOptions.html). Refused, stricter than what the
 * docs say core checks (not verified): a sheetClass that is not a class extending the stand-in
 * DocumentSheetV2 (the stand-ins have no v1 Application; a sheet that is not a document sheet could not
 * show a document), no types, and a type system.json's `documentTypes` does not declare (such a sheet
 * could never be opened). The registration is recorded in `world.sheets`.
 */
function registerSheetFor(documentName: "Actor" | "Item") {
  return (scope: unknown, sheetClass: unknown, options: unknown = {}): void => {
    if (typeof scope !== "string" || scope === "") throw new Error(`stand-in ${documentName}s.registerSheet: no scope`);
    if (typeof sheetClass !== "function" || !(sheetClass.prototype instanceof DocumentSheetStub)) {
      throw new Error(`stand-in ${documentName}s.registerSheet: the sheet class must extend DocumentSheetV2`);
    }
    const opts = (typeof options === "object" && options !== null ? options : {}) as Json;
    const types = opts.types;
    if (!Array.isArray(types) || types.length === 0 || !types.every((t) => typeof t === "string")) {
      throw new Error(`stand-in ${documentName}s.registerSheet: ${sheetClass.name} names no sub-types`);
    }
    const unknown = types.filter((t) => !declaredTypes(documentName).includes(t));
    if (unknown.length > 0)
      throw new Error(
        `stand-in ${documentName}s.registerSheet: ${unknown.join(", ")} not declared in system.json documentTypes.${documentName}`,
      );
    world.sheets.push({
      documentName,
      scope,
      sheetClass,
      types: [...types],
      makeDefault: opts.makeDefault === true,
      label: opts.label,
    });
  };
}

/** `foundry.documents.collections`: the Actors and Items collections' static `registerSheet`. */
export const documentCollections = {
  Actors: { registerSheet: registerSheetFor("Actor") },
  Items: { registerSheet: registerSheetFor("Item") },
};
