/**
 * The character sheet's main part per health model: Grit's (character-grit.ts) and HP's (R-LEG-4 … R-LEG-6,
 * character-legacy.ts), each with its own partial. Pure, so the sheet's context builder is tested alone.
 * `healthSheet` is the sheet's one look-up of `ruleset.health.kind`.
 */
import type { CharacterDerived } from "../../data/derived.ts";
import type { HealthRule, Ruleset } from "../../rules/index.ts";
import type { Gate } from "../sheets/character/character-context.ts";
import { gritMainOf } from "../sheets/character/character-grit.ts";
import { hpMainOf } from "../sheets/character/character-legacy.ts";
import type { HealthMainView } from "../sheets/character/character-views.ts";
import type { CharacterSheetInput } from "../sheets/inputs.ts";

export interface HealthSheet {
  readonly main: (input: CharacterSheetInput, derived: CharacterDerived, g: Gate) => HealthMainView;
  /** The sheet's banner and its `is-mortal` class. */
  readonly mortallyWounded: (derived: CharacterDerived) => boolean;
}

type Kind = HealthRule["kind"];

const SHEETS: { readonly [K in Kind]: (ruleset: Ruleset, health: Extract<HealthRule, { kind: K }>) => HealthSheet } = {
  grit: (ruleset) => ({
    main: (input, derived, g) => gritMainOf(input, ruleset, derived, g),
    mortallyWounded: (derived) => derived.mortallyWounded,
  }),
  hp: (ruleset, health) => ({
    main: (input, derived, g) => hpMainOf(input, ruleset, health.wounds, derived, g),
    mortallyWounded: (derived) => derived.hitPoints.mortal,
  }),
};

export function healthSheet(ruleset: Ruleset): HealthSheet {
  const sheet = SHEETS[ruleset.health.kind] as (ruleset: Ruleset, health: HealthRule) => HealthSheet;
  return sheet(ruleset, ruleset.health);
}
