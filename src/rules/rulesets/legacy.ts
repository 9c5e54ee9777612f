/** The four-attribute / HP edition, SRD v0.4.5 ("Legacy"): R-LEG-1 … R-LEG-17 (docs/RULES.md §9, rulings §10). */
import { toolTiers } from "../effect.ts";
import { CORE } from "./core.ts";
import { CONDITION_IDS } from "./shared.ts";
import type { ChallengeTierDef, Ruleset, ToolTierDef } from "./types.ts";
import { hpTokenStates } from "../states.ts";

/** R-LEG-11 the three tool tiers. */
export const LEGACY_TOOLS: readonly ToolTierDef[] = [
  {
    id: "lesser",
    labelKey: "TERRAN.Tool.lesser",
    ranks: [0, 1],
    rank: 1,
    dice: 1,
    halved: true,
    twoHandedBonus: 0,
    twoHands: false,
  },
  {
    id: "normal",
    labelKey: "TERRAN.Tool.normal",
    ranks: [2, 3],
    rank: 2,
    dice: 1,
    halved: false,
    twoHandedBonus: 1,
    twoHands: false,
  },
  {
    id: "greater",
    labelKey: "TERRAN.Tool.greater",
    ranks: [4],
    rank: 4,
    dice: 2,
    halved: false,
    twoHandedBonus: 0,
    twoHands: true,
  },
];

/** R-LEG-10 (ruling: Fantastical's Disposition is exactly 10n). */
export const LEGACY_CHALLENGE_TIERS: readonly ChallengeTierDef[] = [
  { id: "trivial", labelKey: "TERRAN.ChallengeTier.trivial", disposition: 5, dice: 0, halved: true },
  { id: "dangerous", labelKey: "TERRAN.ChallengeTier.dangerous", disposition: 10, dice: 1, halved: false },
  { id: "serious", labelKey: "TERRAN.ChallengeTier.serious", disposition: 20, dice: 2, halved: false },
  { id: "formidable", labelKey: "TERRAN.ChallengeTier.formidable", disposition: 30, dice: 3, halved: false },
  { id: "extreme", labelKey: "TERRAN.ChallengeTier.extreme", disposition: 40, dice: 4, halved: false },
  {
    id: "fantastical",
    labelKey: "TERRAN.ChallengeTier.fantastical",
    disposition: 50,
    dice: 5,
    halved: false,
    scales: { dispositionPerN: 10, minN: 5, tied: true },
  },
];

/** R-LEG-15 the Legacy advancement list, in the seed's order. */
export const LEGACY_ADVANCEMENT_IDS = [
  "extraAttribute",
  "protected",
  "sensoryAcuity",
  "sneakAttack",
  "sniper",
  "rally",
  "multiAttack",
  "tough",
  "curse",
  "retire",
  "fast",
] as const;

export const LEGACY: Ruleset = {
  id: "legacy",
  labelKey: "TERRAN.Ruleset.legacy",
  // R-LEG-17 the same twelve archetypes as Core (or free text).
  archetype: CORE.archetype,
  // R-LEG-11 (ruling) Legacy names no ranges; Core's describe a weapon and cost no dice.
  ranges: CORE.ranges,
  rangePenalties: true,
  gmPosition: true,
  // R-LEG-11 an Effect is the tool's own roll.
  effect: toolTiers(
    [
      { rank: 0, value: 0, labelKey: "TERRAN.EffectTier.legacy.improvised" },
      { rank: 1, value: 0, labelKey: "TERRAN.EffectTier.legacy.lesser" },
      { rank: 2, value: 1, labelKey: "TERRAN.EffectTier.legacy.normal" },
      { rank: 3, value: 1, labelKey: "TERRAN.EffectTier.legacy.normal" },
      { rank: 4, value: 2, labelKey: "TERRAN.EffectTier.legacy.greater" },
    ],
    LEGACY_TOOLS,
  ),
  // R-LEG-11 Normal tools are Versatile, Greater need two hands.
  weapons: [
    { id: "knife", labelKey: "TERRAN.Weapon.knife", rank: 1, ranges: ["contact"], tags: [] },
    { id: "staff", labelKey: "TERRAN.Weapon.staff", rank: 1, ranges: ["contact", "reach"], tags: [] },
    { id: "smallRevolver", labelKey: "TERRAN.Weapon.smallRevolver", rank: 1, ranges: ["short"], tags: [] },
    { id: "sword", labelKey: "TERRAN.Weapon.sword", rank: 2, ranges: ["contact"], tags: ["versatile"] },
    { id: "largePistol", labelKey: "TERRAN.Weapon.largePistol", rank: 2, ranges: ["short"], tags: ["versatile"] },
    { id: "smg", labelKey: "TERRAN.Weapon.smg", rank: 2, ranges: ["short"], tags: ["versatile"] },
    { id: "largeAxe", labelKey: "TERRAN.Weapon.largeAxe", rank: 4, ranges: ["contact"], tags: [], twoHands: true },
    {
      id: "bastardSword",
      labelKey: "TERRAN.Weapon.bastardSword",
      rank: 4,
      ranges: ["contact"],
      tags: [],
      twoHands: true,
    },
    { id: "shotgun", labelKey: "TERRAN.Weapon.shotgun", rank: 4, ranges: ["short"], tags: [], twoHands: true },
    { id: "sniperRifle", labelKey: "TERRAN.Weapon.sniperRifle", rank: 4, ranges: ["long"], tags: [], twoHands: true },
    {
      id: "machineGun",
      labelKey: "TERRAN.Weapon.machineGun",
      rank: 4,
      ranges: ["short", "long"],
      tags: [],
      twoHands: true,
    },
  ],
  weaponTags: CORE.weaponTags,
  // R-LEG-7 no Ego roll: a Condition refills Ego to its maximum.
  egoReset: [],
  panic: null,
  // No Sayonara (R-LEG-15: Retire is an advancement).
  sayonara: null,
  challengeTiers: LEGACY_CHALLENGE_TIERS,
  consequences: CORE.consequences,
  morale: null,
  // R-LEG-10 (ruling) a Challenge made as Exceptional reads as Extreme.
  tierAliases: { exceptional: "extreme" },
  // R-LEG-5 the stages as `health.wounds` lists them (tests/rules/states.test.ts keeps the two in step).
  tokenStates: hpTokenStates([
    { id: "critical", labelKey: "TERRAN.Wound.critical" },
    { id: "mortal", labelKey: "TERRAN.Wound.mortal" },
  ]),
  advancements: LEGACY_ADVANCEMENT_IDS,
  cults: {},
  advancementLists: null,
  // R-LEG-1, R-LEG-2
  attributes: {
    list: ["strength", "agility", "insight", "charisma"].map((id) => ({ id, labelKey: `TERRAN.Attribute.${id}` })),
    min: 0,
    max: 4,
    groups: [],
    saves: null,
    totalCap: null,
    creation: {
      per: "attribute",
      dice: 2,
      bands: [
        { min: 1, max: 3, value: 0 },
        { min: 4, max: 5, value: 1 },
        { min: 6, max: 6, value: 2 },
      ],
    },
  },
  heldSkills: null,
  keepsakes: false,
  // R-LEG-3
  skills: {
    list: ["violence", "exploration", "social", "survival", "vocational"].map((id) => ({
      id,
      labelKey: `TERRAN.Skill.${id}`,
    })),
    creationPoints: 4,
    min: 0,
    max: 4,
    withoutSkillsBonus: 1,
  },
  // R-LEG-4, R-LEG-5
  health: {
    kind: "hp",
    maxAttributes: ["strength", "agility"],
    base: 2,
    perAdvancement: 1,
    toughPerAdvancement: 1,
    wounds: [
      { id: "critical", labelKey: "TERRAN.Wound.critical", lightPenalty: 1, attributeLoss: 0 },
      { id: "mortal", labelKey: "TERRAN.Wound.mortal", lightPenalty: 2, attributeLoss: 1 },
    ],
  },
  // R-LEG-7 (at most 4 + 4 + 2).
  ego: { kind: "derived", maxAttributes: ["insight", "charisma"], base: 2, max: 10 },
  // R-LEG-8; R-LEG-14 in a montage.
  darkDice: { cost: 1, montageCost: 2 },
  // R-LEG-9, R-LEG-11
  resolution: { kind: "separate", lightMax: 4, explodeOn: 6 },
  tools: LEGACY_TOOLS,
  // R-LEG-12 one XP per Ego lost; R-LEG-13 advancement and skill rolls.
  experience: {
    session: { kind: "perEgoLost", perEgo: 1 },
    perCondition: 0,
    advancement: { kind: "roll", target: "egoMax+hpMax" },
    skillRoll: { perRating: 3 },
    gritReset: false,
  },
  // R-LEG-10
  gangUp: { perExtra: 2 },
  // R-LEG-14 (gaps filled by ruling).
  montage: {
    complications: [
      { min: 1, max: 3, dice: 0, fork: "trivial" },
      { min: 4, max: 5, dice: 1, fork: "dangerous" },
      { min: 6, max: 11, dice: 2, fork: "serious" },
      { min: 12, max: null, dice: 3, fork: "formidable" },
    ],
  },
  conditions: CONDITION_IDS,
  // R-LEG-16
  conditionFlags: { obsessiveFocus: ["skillFocus"], estranged: ["egoMaxDown"] },
  // R-LEG-6
  challengeArmour: "none",
};
