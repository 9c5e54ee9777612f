/**
 * The character sheet's health part, per health model: with Grit (Core, Degenesis) the main tab is
 * character-context.ts's own (Grit, Ego, the three wound tracks, R-HARM-4), so the model adds no part;
 * with hit points (Legacy, R-LEG-4 … R-LEG-6) the main tab is character-legacy.ts's (HP, the wound
 * stages, recovery) and the sheet is Mortally Wounded by its stage. Pure (no Foundry), unlike the
 * questions of ./index.ts, so the sheet's context builder can be tested alone. `healthSheet` is the
 * sheet's one look-up of `ruleset.health.kind`.
 */
import type { CharacterDerived } from "../../data/derived.ts";
import type { Ruleset } from "../../rules/index.ts";
import type { Gate } from "../sheets/character/character-context.ts";
import { hpMainOf, type LegacyMainView } from "../sheets/character/character-legacy.ts";
import type { CharacterSheetInput } from "../sheets/inputs.ts";

export interface HealthSheet {
  /** The main tab this model builds in place of the Grit one, or null when the Grit one is shown. */
  readonly main: (input: CharacterSheetInput, derived: CharacterDerived, g: Gate) => LegacyMainView | null;
  /** Is the character Mortally Wounded (the sheet's banner and its `is-mortal` class)? */
  readonly mortallyWounded: (derived: CharacterDerived) => boolean;
}

const GRIT_SHEET: HealthSheet = {
  main: () => null,
  mortallyWounded: (derived) => derived.mortallyWounded,
};

/** The health part of the sheet for `ruleset` (its data says which: `health.kind`). */
export function healthSheet(ruleset: Ruleset): HealthSheet {
  const health = ruleset.health;
  if (health.kind === "grit") return GRIT_SHEET;
  return {
    main: (input, derived, g) => hpMainOf(input, ruleset, health.wounds, derived, g),
    mortallyWounded: (derived) => derived.legacy.mortal,
  };
}
