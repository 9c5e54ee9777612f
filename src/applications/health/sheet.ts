/**
 * The character sheet's health part per model: Grit's main tab is character-context.ts's own; HP's (R-LEG-4 …
 * R-LEG-6) is character-legacy.ts's. Pure, so the sheet's context builder is tested alone. `healthSheet` is the
 * sheet's one look-up of `ruleset.health.kind`.
 */
import type { CharacterDerived } from "../../data/derived.ts";
import type { Ruleset } from "../../rules/index.ts";
import type { Gate } from "../sheets/character/character-context.ts";
import { hpMainOf, type LegacyMainView } from "../sheets/character/character-legacy.ts";
import type { CharacterSheetInput } from "../sheets/inputs.ts";

export interface HealthSheet {
  /** Null when the Grit one is shown. */
  readonly main: (input: CharacterSheetInput, derived: CharacterDerived, g: Gate) => LegacyMainView | null;
  /** The sheet's banner and its `is-mortal` class. */
  readonly mortallyWounded: (derived: CharacterDerived) => boolean;
}

const GRIT_SHEET: HealthSheet = {
  main: () => null,
  mortallyWounded: (derived) => derived.mortallyWounded,
};

export function healthSheet(ruleset: Ruleset): HealthSheet {
  const health = ruleset.health;
  if (health.kind === "grit") return GRIT_SHEET;
  return {
    main: (input, derived, g) => hpMainOf(input, ruleset, health.wounds, derived, g),
    mortallyWounded: (derived) => derived.legacy.mortal,
  };
}
