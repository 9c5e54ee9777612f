/**
 * The character sheet's main part per health model, each from its model's `*-sheet.ts` with its own
 * partial. Pure, so the sheet's context builder is tested alone. `healthSheet` is the sheet's one
 * look-up of `ruleset.health.kind`.
 */
import type { CharacterDerived } from "../../data/derived.ts";
import type { HealthRule, Ruleset } from "../../rules/index.ts";
import type { Gate } from "../sheets/character/character-context.ts";
import type { HealthMainView } from "../sheets/character/character-views.ts";
import type { CharacterSheetInput } from "../sheets/inputs.ts";
import { GRIT_SHEET } from "./grit-sheet.ts";
import { HP_SHEET } from "./hp-sheet.ts";

export interface HealthSheet {
  readonly main: (input: CharacterSheetInput, derived: CharacterDerived, g: Gate) => HealthMainView;
  /** The sheet's banner and its `is-mortal` class. */
  readonly mortallyWounded: (derived: CharacterDerived) => boolean;
}

type Kind = HealthRule["kind"];

/** A model's sheet part: its partial (relative, as `SHEET_PARTIALS` lists it) and the part's builder. */
export interface HealthSheetEntry<K extends Kind> {
  readonly partial: string;
  readonly sheet: (ruleset: Ruleset, health: Extract<HealthRule, { kind: K }>) => HealthSheet;
}

const SHEETS: { readonly [K in Kind]: HealthSheetEntry<K> } = {
  grit: GRIT_SHEET,
  hp: HP_SHEET,
};

/** The models' partials, for the sheets' templates to load. */
export const HEALTH_PARTIALS: readonly string[] = Object.values(SHEETS).map((s) => s.partial);

export function healthSheet(ruleset: Ruleset): HealthSheet {
  const entry = SHEETS[ruleset.health.kind] as HealthSheetEntry<Kind>;
  return entry.sheet(ruleset, ruleset.health);
}
