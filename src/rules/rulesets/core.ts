/** The primary ruleset, SRD v0.6.0 ("Core"). */
import { modifierTiers } from "../effect.ts";
import {
  CORE_ADVANCEMENT_IDS,
  SIX_ATTRIBUTE_SHAPE,
  STANDARD_CHALLENGE_TIERS,
  STANDARD_TIER_ALIASES,
} from "./shared.ts";
import type { Ruleset } from "./types.ts";
import { STANDARD_TOKEN_STATES } from "../states.ts";

export const CORE: Ruleset = {
  id: "core",
  labelKey: "TERRAN.Ruleset.core",
  // R-CHAR-6
  archetype: {
    kind: "list",
    choices: [
      "hero",
      "mentor",
      "everyman",
      "innocent",
      "ruler",
      "sage",
      "explorer",
      "outlaw",
      "magician",
      "lover",
      "jester",
      "caregiver",
    ],
  },
  // R-EQ-1
  ranges: [
    { id: "contact", labelKey: "TERRAN.Range.contact", close: true },
    { id: "reach", labelKey: "TERRAN.Range.reach", close: true },
    { id: "short", labelKey: "TERRAN.Range.short", close: false },
    { id: "long", labelKey: "TERRAN.Range.long", close: false },
  ],
  // R-RA-4 tiers are modifiers; R-EQ-3 (ruling) Improvised reads at Bad, counted once.
  effect: modifierTiers(
    [
      { rank: 0, value: -1, labelKey: "TERRAN.EffectTier.core.bad" },
      { rank: 1, value: 0, labelKey: "TERRAN.EffectTier.core.mediocre" },
      { rank: 2, value: 1, labelKey: "TERRAN.EffectTier.core.good" },
      { rank: 3, value: 2, labelKey: "TERRAN.EffectTier.core.better" },
      { rank: 4, value: 3, labelKey: "TERRAN.EffectTier.core.best" },
    ],
    1,
    0,
  ),
  // R-EQ-1
  weapons: [
    { id: "knife", labelKey: "TERRAN.Weapon.knife", rank: 1, ranges: ["contact"], tags: ["nimble"] },
    { id: "staff", labelKey: "TERRAN.Weapon.staff", rank: 1, ranges: ["contact"], tags: [] },
    { id: "primitiveBow", labelKey: "TERRAN.Weapon.primitiveBow", rank: 2, ranges: ["short"], tags: ["unhandy"] },
    { id: "shortSword", labelKey: "TERRAN.Weapon.shortSword", rank: 2, ranges: ["contact"], tags: ["versatile"] },
    { id: "longSword", labelKey: "TERRAN.Weapon.longSword", rank: 3, ranges: ["contact"], tags: ["versatile"] },
    { id: "huntingRifle", labelKey: "TERRAN.Weapon.huntingRifle", rank: 4, ranges: ["short", "long"], tags: [] },
  ],
  // R-EGO-4
  egoReset: [
    { min: 1, max: 3, gain: "condition", labelKey: "TERRAN.EgoReset.condition" },
    { min: 4, max: 5, gain: "condition", labelKey: "TERRAN.EgoReset.condition" },
    { min: 6, max: 6, gain: "condition", labelKey: "TERRAN.EgoReset.condition" },
  ],
  // R-SAY-1
  sayonara: "new",
  challengeTiers: STANDARD_CHALLENGE_TIERS,
  tokenStates: STANDARD_TOKEN_STATES,
  tierAliases: STANDARD_TIER_ALIASES,
  advancements: CORE_ADVANCEMENT_IDS,
  cults: {},
  advancementLists: null,
  ...SIX_ATTRIBUTE_SHAPE,
};
