/** The Degenesis fork of the engine, v0.5.3a ("Degenesis"). */
import { floorTiers } from "../effect.ts";
import {
  CORE_ADVANCEMENT_IDS,
  SIX_ATTRIBUTE_SHAPE,
  STANDARD_CHALLENGE_TIERS,
  STANDARD_TIER_ALIASES,
} from "./shared.ts";
import type { Ruleset } from "./types.ts";
import { STANDARD_TOKEN_STATES } from "../states.ts";

export const DEGENESIS: Ruleset = {
  id: "degenesis",
  labelKey: "TERRAN.Ruleset.degenesis",
  // R-CHAR-6
  archetype: { kind: "identity", fields: ["culture", "clan", "concept", "cult"] },
  // R-EQ-2
  ranges: [
    { id: "contact", labelKey: "TERRAN.Range.contact", close: true },
    { id: "reach", labelKey: "TERRAN.Range.reach", close: true },
    { id: "nearby", labelKey: "TERRAN.Range.nearby", close: false },
    { id: "farAway", labelKey: "TERRAN.Range.farAway", close: false },
  ],
  // R-RA-5 tiers are floors; R-EQ-2 Improvised puts the floor at 1e.
  effect: floorTiers(
    [
      { rank: 0, value: 1, labelKey: "TERRAN.EffectTier.degenesis.improvised" },
      { rank: 1, value: 2, labelKey: "TERRAN.EffectTier.degenesis.reduced" },
      { rank: 2, value: 3, labelKey: "TERRAN.EffectTier.degenesis.standard" },
      { rank: 3, value: 4, labelKey: "TERRAN.EffectTier.degenesis.increased" },
      { rank: 4, value: 5, labelKey: "TERRAN.EffectTier.degenesis.extreme" },
    ],
    1,
    0,
  ),
  // R-EQ-2
  weapons: [
    { id: "knife", labelKey: "TERRAN.Weapon.knife", rank: 1, ranges: ["contact"], tags: ["nimble"] },
    { id: "staff", labelKey: "TERRAN.Weapon.staff", rank: 1, ranges: ["contact", "reach"], tags: [] },
    { id: "primitiveBow", labelKey: "TERRAN.Weapon.primitiveBow", rank: 2, ranges: ["nearby"], tags: ["unhandy"] },
    { id: "shortSword", labelKey: "TERRAN.Weapon.shortSword", rank: 2, ranges: ["contact"], tags: ["versatile"] },
    { id: "longSword", labelKey: "TERRAN.Weapon.longSword", rank: 3, ranges: ["contact"], tags: ["versatile"] },
    { id: "huntingRifle", labelKey: "TERRAN.Weapon.huntingRifle", rank: 4, ranges: ["nearby", "farAway"], tags: [] },
  ],
  // R-EGO-5 Primer spores.
  egoReset: [
    { min: 1, max: 3, gain: "stigma", labelKey: "TERRAN.EgoReset.stigma" },
    { min: 4, max: 5, gain: "mutation-detrimental", labelKey: "TERRAN.EgoReset.mutationDetrimental" },
    { min: 6, max: 6, gain: "mutation-random", labelKey: "TERRAN.EgoReset.mutationRandom" },
  ],
  // R-SAY-1
  sayonara: "higher",
  challengeTiers: STANDARD_CHALLENGE_TIERS,
  tokenStates: STANDARD_TOKEN_STATES,
  tierAliases: STANDARD_TIER_ALIASES,
  // R-ADV-2
  advancements: [...CORE_ADVANCEMENT_IDS, "specialist"],
  cults: {
    chroniclers: ["deadEnd", "download", "fractalMemory", "nova", "tesla", "upload"],
  },
  advancementLists: { restrictedUntil: 5 },
  ...SIX_ATTRIBUTE_SHAPE,
};
