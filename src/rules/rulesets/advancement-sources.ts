/** R-ADV-1, R-ADV-2, R-LEG-15, R-V-10 which list a stored Advancement comes from: a ruleset's, or a cult's. */
import { CORE } from "./core.ts";
import { DEGENESIS } from "./degenesis.ts";
import { CORE_ADVANCEMENT_IDS } from "./shared.ts";
import type { Ruleset } from "./types.ts";

export type AdvancementSourceKind = "core" | "degenesis" | "cult" | "legacy" | "v062";

/** In the item sheet's order. */
export const ADVANCEMENT_SOURCES: readonly AdvancementSourceKind[] = ["core", "degenesis", "cult", "legacy", "v062"];

export const DEFAULT_ADVANCEMENT_SOURCE: AdvancementSourceKind = "core";

/** Engine advancement `key` under `ruleset`: its cult's list, else Core's common list, else Degenesis' own. */
export function engineAdvancementOrigin(
  key: string,
  ruleset: Ruleset,
): { readonly source: AdvancementSourceKind; readonly cult: string } {
  const cult = Object.entries(ruleset.cults).find(([, list]) => list.includes(key))?.[0] ?? "";
  if (cult) return { source: "cult", cult };
  return { source: (CORE_ADVANCEMENT_IDS as readonly string[]).includes(key) ? "core" : "degenesis", cult };
}

/** Core's and Degenesis' lists and cults: the advancements the engine names (`TERRAN.Adv.<key>`). */
const ENGINE_ADVANCEMENT_IDS: ReadonlySet<string> = new Set(
  [CORE, DEGENESIS].flatMap((r) => [...r.advancements, ...Object.values(r.cults).flat()]),
);

export function isEngineAdvancement(key: string): boolean {
  return ENGINE_ADVANCEMENT_IDS.has(key);
}
