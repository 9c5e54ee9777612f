/** Terran Engine v0.6.2 (R-V-1 … R-V-18): its tables and the ruleset. */
import { approachTiers, UNARMED_WEAPON_ID } from "../approach.ts";
import { STANDARD_TOKEN_STATES } from "../states.ts";
import { CORE } from "./core.ts";
import {
  CONDITION_IDS,
  GRIT_HEALTH,
  SIX_ATTRIBUTE_SHAPE,
  SIX_ATTRIBUTES,
  SPENT_EXPERIENCE,
  STANDARD_TIER_ALIASES,
} from "./shared.ts";
import type {
  AttributeScheme,
  ChallengeTierDef,
  ConsequenceBand,
  GroupedArchetypeDef,
  HeldSkillScheme,
  MoraleRow,
  PanicRow,
  RowWeaponDef,
  RowWeaponTag,
  Ruleset,
  SayonaraKeep,
  SkillGroupDef,
  WeaponDef,
  WeaponTag,
} from "./types.ts";

function group(id: string, skills: readonly string[]): SkillGroupDef {
  return {
    id,
    labelKey: `TERRAN.SkillGroup.${id}`,
    skills: skills.map((s) => ({ id: s, labelKey: `TERRAN.SkillName.${s}` })),
  };
}

/** R-V-5 */
export const V062_SKILL_GROUPS: readonly SkillGroupDef[] = [
  group("administration", ["business", "investigation", "law", "negotiation", "trading"]),
  group("cultures", ["alien", "arts", "language", "religion", "spacers", "streetwise", "world"]),
  group("liaison", [
    "connections",
    "deception",
    "empathy",
    "intimidation",
    "leadership",
    "performance",
    "persuasion",
    "seduction",
  ]),
  group("athletics", ["acrobatics", "endurance", "speed", "strength", "throwing", "zeroG"]),
  group("violence", [
    "bludgeoning",
    "energyProjectiles",
    "longRangeWeapons",
    "mountGunnery",
    "piercing",
    "primitiveProjectiles",
    "slashing",
    "smallGuns",
    "unarmed",
  ]),
  group("survival", ["crafting", "forage", "orientation", "sneak", "tactics", "tame", "vigilance"]),
  group("technology", [
    "astronautics",
    "battledress",
    "computers",
    "electronics",
    "explosives",
    "machinery",
    "medical",
    "robotics",
  ]),
  group("vehicles", ["aircraft", "landCivilian", "landMilitary", "spacecraft", "watercraft"]),
  group("sciences", [
    "archaeology",
    "chemistry",
    "ecology",
    "geology",
    "history",
    "linguistics",
    "medicine",
    "psychology",
  ]),
];

function archetype(id: string, groups: readonly [string, string] | null): GroupedArchetypeDef {
  return { id, labelKey: `TERRAN.Archetype.${id}`, groups };
}

/** R-V-2; Spacer's groups are chosen (ruling). */
export const V062_ARCHETYPES: readonly GroupedArchetypeDef[] = [
  archetype("clergy", ["cultures", "administration"]),
  archetype("bureaucrat", ["liaison", "administration"]),
  archetype("trainer", ["athletics", "administration"]),
  archetype("agent", ["violence", "administration"]),
  archetype("coder", ["technology", "administration"]),
  archetype("artist", ["liaison", "cultures"]),
  archetype("criminal", ["survival", "cultures"]),
  archetype("dilettante", ["athletics", "liaison"]),
  archetype("protector", ["violence", "liaison"]),
  archetype("disciple", ["survival", "liaison"]),
  archetype("fixer", ["technology", "liaison"]),
  archetype("academic", ["sciences", "liaison"]),
  archetype("spy", ["survival", "athletics"]),
  archetype("soldier", ["survival", "violence"]),
  archetype("spacer", null),
  archetype("traveller", ["vehicles", "survival"]),
  archetype("mechanic", ["vehicles", "technology"]),
  archetype("scientist", ["sciences", "technology"]),
];

/** R-V-5, R-V-6 */
export const V062_SKILLS: HeldSkillScheme = {
  groups: V062_SKILL_GROUPS,
  archetypes: V062_ARCHETYPES,
  extra: [
    { min: 1, max: 3, value: 1 },
    { min: 4, max: 5, value: 2 },
    { min: 6, max: 6, value: 3 },
  ],
  expertSkills: 2,
  withoutSkillsPoints: 1,
  die: 1,
};

/** R-V-8 */
export const V062_PANIC: readonly PanicRow[] = [
  { min: 1, max: 3, state: "flight", labelKey: "TERRAN.Panic.flight" },
  { min: 4, max: 5, state: "freeze", labelKey: "TERRAN.Panic.freeze" },
  { min: 6, max: 6, state: "fight", labelKey: "TERRAN.Panic.fight" },
];

/** R-V-14; Exceptional (ruling) n ≥ 4 dice, 5n proposed. */
export const V062_CHALLENGE_TIERS: readonly ChallengeTierDef[] = [
  { id: "trivial", labelKey: "TERRAN.ChallengeTier.trivial", disposition: 1, dice: 0, halved: true },
  { id: "dangerous", labelKey: "TERRAN.ChallengeTier.dangerous", disposition: 5, dice: 1, halved: false },
  { id: "serious", labelKey: "TERRAN.ChallengeTier.serious", disposition: 10, dice: 2, halved: false },
  { id: "formidable", labelKey: "TERRAN.ChallengeTier.formidable", disposition: 15, dice: 3, halved: false },
  {
    id: "exceptional",
    labelKey: "TERRAN.ChallengeTier.exceptional",
    disposition: 20,
    dice: 4,
    halved: false,
    scales: { dispositionPerN: 5, minN: 4 },
  },
];

/** R-V-16 */
export const V062_MORALE: readonly MoraleRow[] = [
  { min: 1, max: 3, result: "gives-up", labelKey: "TERRAN.Morale.givesUp" },
  { min: 4, max: 5, result: "lower", labelKey: "TERRAN.Morale.lower" },
  { min: 6, max: null, result: "carries-on", labelKey: "TERRAN.Morale.carriesOn" },
];

/** R-V-15 */
export const V062_CONSEQUENCES: readonly ConsequenceBand[] = [
  { min: 1, max: 3, consequence: "annoying", harmful: false },
  { min: 4, max: 5, consequence: "troublesome", harmful: false },
  { min: 6, max: 11, consequence: "devastating", harmful: false },
  { min: 12, max: null, consequence: "devastating", harmful: true },
];

function weapon(id: string, reach: RowWeaponDef["reach"], tags: readonly RowWeaponTag[] = []): RowWeaponDef {
  return { id, labelKey: `TERRAN.Weapon.${id}`, reach, tags };
}

/** R-V-18 */
export const V062_WEAPONS: readonly RowWeaponDef[] = [
  weapon("unarmed", "melee", ["improvised"]),
  weapon("smallPrimitive", "melee", ["ineffective"]),
  weapon("mediumPrimitive", "melee"),
  weapon("smallAdvanced", "melee"),
  weapon("largePrimitive", "melee", ["slaughter"]),
  weapon("mediumAdvanced", "melee", ["slaughter"]),
  weapon("largeAdvanced", "melee", ["effective"]),
  weapon("thrownObject", "ranged", ["improvised"]),
  weapon("bow", "ranged"),
  weapon("pistol", "ranged"),
  weapon("smg", "ranged", ["slaughter"]),
  weapon("automaticPistol", "ranged", ["slaughter"]),
  weapon("huntingRifle", "ranged", ["effective"]),
  weapon("laserRifle", "ranged", ["effective"]),
  weapon("grenade", "ranged", ["effective", "slaughter"]),
  weapon("militaryRifle", "ranged", ["effective", "slaughter"]),
  weapon("shotgun", "ranged", ["effective", "slaughter"]),
  weapon("plasmaRifle", "ranged", ["heavyFirepower"]),
  weapon("sniperRifle", "ranged", ["heavyFirepower"]),
  weapon("hmg", "ranged", ["heavyFirepower", "slaughter"]),
  weapon("mountedHmg", "ranged", ["heavyFirepower", "effective"]),
  weapon("antiVehicle", "ranged", ["heavyFirepower", "effective", "slaughter"]),
  weapon("rocketLauncher", "ranged", ["heavyFirepower", "effective", "slaughter"]),
];

/** R-V-10 */
export const V062_ADVANCEMENT_IDS = [
  "asceticism",
  "assassin",
  "bodyguard",
  "couldBeWorse",
  "dangerSense",
  "developed",
  "dieHard",
  "dodger",
  "eager",
  "expert",
  "fast",
  "healer",
  "henchkeeper",
  "ironhide",
  "martialCombatant",
  "sensoryAcuity",
  "sleek",
  "spacefarer",
  "unyielding",
  "whirlwind",
] as const;

const SAVE_LABELS: Readonly<Record<string, string>> = {
  insight: "TERRAN.Save.evasion",
  prowess: "TERRAN.Save.prowess",
  resolve: "TERRAN.Save.resolveAlone",
};

/** R-V-3 Core's attributes and groups; (ruling) only the Saves' labels change. */
export const V062_ATTRIBUTES: AttributeScheme = {
  ...SIX_ATTRIBUTES,
  groups: SIX_ATTRIBUTES.groups.map((g) => ({ ...g, saveLabelKey: SAVE_LABELS[g.id] ?? g.saveLabelKey })),
};

/** R-V-13 Degenesis's reading: the higher of old and new. */
export const V062_SAYONARA: SayonaraKeep = "higher";

/** R-V-9 R-COND-1's nine; (ruling) Obsessive Focus moves attributes, skills or none. */
export const V062_CONDITION_IDS = CONDITION_IDS;

/**
 * R-V-17, R-V-18 a table weapon as the engine stores one: its row as a rank (Ineffective 0, Base 1, Effective
 * 2), its reach as Core's ranges (they cost no dice here), its dice tags, and the unarmed one marked so.
 */
export function storedWeapon(weapon: RowWeaponDef): WeaponDef {
  const rank = weapon.tags.includes("ineffective") ? 0 : weapon.tags.includes("effective") ? 2 : 1;
  const dice = weapon.tags.flatMap((t): WeaponTag[] => (t === "ineffective" || t === "effective" ? [] : [t]));
  const tags: WeaponTag[] = weapon.id === UNARMED_WEAPON_ID ? [...dice, "unarmed"] : dice;
  const ranges = weapon.reach === "melee" ? ["contact"] : ["short", "long"];
  return { id: weapon.id, labelKey: weapon.labelKey, rank, ranges, tags };
}

export const V062: Ruleset = {
  ...SIX_ATTRIBUTE_SHAPE,
  id: "v062",
  labelKey: "TERRAN.Ruleset.v062",
  archetype: { kind: "list", choices: V062_ARCHETYPES.map((a) => a.id) },
  // R-V-11 (ruling) ranges are narrative.
  ranges: CORE.ranges,
  rangePenalties: false,
  gmPosition: false,
  // R-V-12; (ruling) a switched world's ranks 3–4 read Advantaged, the highest row.
  effect: approachTiers([
    { rank: 0, value: -1, labelKey: "TERRAN.EffectTier.v062.disadvantaged" },
    { rank: 1, value: 0, labelKey: "TERRAN.EffectTier.v062.baseline" },
    { rank: 2, value: 1, labelKey: "TERRAN.EffectTier.v062.advantaged" },
    { rank: 3, value: 1, labelKey: "TERRAN.EffectTier.v062.advantaged" },
    { rank: 4, value: 1, labelKey: "TERRAN.EffectTier.v062.advantaged" },
  ]),
  weapons: V062_WEAPONS.map(storedWeapon),
  // R-V-17 "unarmed" marks the weapon whose Improvised Martial combatant removes (§13 ruling 20).
  weaponTags: ["improvised", "slaughter", "heavyFirepower", "unarmed"],
  weaponTagHints: { improvised: "TERRAN.Sheet.Item.tagHint.improvisedDiceOnly" },
  // R-V-8 the Panic Event is the only reset.
  egoReset: [],
  panic: V062_PANIC,
  sayonara: V062_SAYONARA,
  challengeTiers: V062_CHALLENGE_TIERS,
  consequences: V062_CONSEQUENCES,
  morale: V062_MORALE,
  tokenStates: STANDARD_TOKEN_STATES,
  tierAliases: STANDARD_TIER_ALIASES,
  advancements: V062_ADVANCEMENT_IDS,
  cults: {},
  advancementLists: null,
  attributes: V062_ATTRIBUTES,
  heldSkills: V062_SKILLS,
  // R-V-1 step 7 (ruling) free text.
  keepsakes: true,
  // R-V-7 Core's tracks under v0.6.2's name.
  health: { ...GRIT_HEALTH, headingKey: "TERRAN.Sheet.Wounds.trauma" },
  // R-V-7 no Grit roll on a new Advancement (R-GRIT-3 is not in v0.6.2).
  experience: { ...SPENT_EXPERIENCE, gritReset: false },
  conditions: V062_CONDITION_IDS,
};
