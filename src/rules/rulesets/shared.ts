/** Tables Core and Degenesis share (R-CH-1: "both rulesets"); a ruleset that differs brings its own. */
import type {
  AttributeScheme,
  ChallengeTierDef,
  ConsequenceBand,
  DarkDiceRule,
  EgoRule,
  ExperienceRule,
  HealthRule,
  ResolutionRule,
  Ruleset,
} from "./types.ts";

/** R-CH-1 */
export const STANDARD_CHALLENGE_TIERS: readonly ChallengeTierDef[] = [
  { id: "trivial", labelKey: "TERRAN.ChallengeTier.trivial", disposition: 5, dice: 0, halved: true },
  { id: "dangerous", labelKey: "TERRAN.ChallengeTier.dangerous", disposition: 10, dice: 1, halved: false },
  { id: "serious", labelKey: "TERRAN.ChallengeTier.serious", disposition: 20, dice: 2, halved: false },
  { id: "formidable", labelKey: "TERRAN.ChallengeTier.formidable", disposition: 30, dice: 3, halved: false },
  {
    id: "exceptional",
    labelKey: "TERRAN.ChallengeTier.exceptional",
    disposition: 40,
    dice: 4,
    halved: false,
    scales: { dispositionPerN: 10, minN: 4 },
  },
];

/** R-CH-3 */
export const STANDARD_CONSEQUENCES: readonly ConsequenceBand[] = [
  { min: 1, max: 3, consequence: "annoying", harmful: false },
  { min: 4, max: 5, consequence: "troublesome", harmful: false },
  { min: 6, max: null, consequence: "devastating", harmful: false },
];

/** Legacy's Extreme and Fantastical read as Exceptional (R-CH-1). */
export const STANDARD_TIER_ALIASES = { extreme: "exceptional", fantastical: "exceptional" } as const;

/** The Core common advancement list (R-ADV-1); Degenesis adds Specialist (R-ADV-2). */
export const CORE_ADVANCEMENT_IDS = [
  "asceticism",
  "bodyguard",
  "brainwave",
  "couldBeWorse",
  "dangerSense",
  "developed",
  "dieHard",
  "eager",
  "elephantSkin",
  "etherCall",
  "fast",
  "marathon",
  "numberCruncher",
  "sensoryAcuity",
  "sleek",
  "unyielding",
  "whirlwind",
] as const;

/** R-COND-1 (Legacy's R-LEG-16 names the same nine). */
export const CONDITION_IDS = [
  "fearDrivenVigilance",
  "obsessiveFocus",
  "moralReservations",
  "compulsiveHonesty",
  "kleptomaniac",
  "battleScarred",
  "protectiveInstinct",
  "estranged",
  "slow",
] as const;

/** R-CHAR-1 … R-CHAR-5 the six attributes in three groups, with Saves (Core and Degenesis). */
export const SIX_ATTRIBUTES: AttributeScheme = {
  list: ["intuition", "reason", "finesse", "exertion", "attunement", "influence"].map((id) => ({
    id,
    labelKey: `TERRAN.Attribute.${id}`,
  })),
  min: 0,
  max: 4,
  groups: [
    {
      id: "insight",
      labelKey: "TERRAN.Group.insight",
      saveLabelKey: "TERRAN.Save.insight",
      attributes: ["intuition", "reason"],
    },
    {
      id: "prowess",
      labelKey: "TERRAN.Group.prowess",
      saveLabelKey: "TERRAN.Save.prowess",
      attributes: ["finesse", "exertion"],
    },
    {
      id: "resolve",
      labelKey: "TERRAN.Group.resolve",
      saveLabelKey: "TERRAN.Save.resolve",
      attributes: ["attunement", "influence"],
    },
  ],
  saves: { max: 2 },
  totalCap: 10,
  // R-CHAR-4
  creation: {
    per: "group",
    dice: 1,
    bands: [
      { min: 1, max: 3, value: 1 },
      { min: 4, max: 5, value: 2 },
      { min: 6, max: 6, value: 3 },
    ],
  },
};

/** R-GRIT-1, R-HARM-3 … R-HARM-6 */
export const GRIT_HEALTH: Extract<HealthRule, { kind: "grit" }> = {
  kind: "grit",
  gritDice: 1,
  tracks: [
    { id: "stressed", group: "insight", labelKey: "TERRAN.Wound.stressed" },
    { id: "broken", group: "prowess", labelKey: "TERRAN.Wound.broken" },
    { id: "weary", group: "resolve", labelKey: "TERRAN.Wound.weary" },
  ],
  malaise: true,
  headingKey: "TERRAN.Sheet.Wounds.label",
};

/** R-EGO-1 */
export const ROLLED_EGO: EgoRule = { kind: "rolled", dice: 1, max: 6 };

/** R-EGO-2 */
export const ONE_EGO_PER_DARK_DIE: DarkDiceRule = { cost: 1, montageCost: null };

/** R-RA-1 … R-RA-3 */
export const COMBINED_RESOLUTION: ResolutionRule = { kind: "combined", lightMax: 4, explodeOn: 6, slaughterOn: 5 };

/** R-XP-1, R-XP-2 */
export const SPENT_EXPERIENCE: ExperienceRule = {
  session: { kind: "flat", amount: 2 },
  perCondition: 1,
  advancement: { kind: "cost", perHeld: 2 },
  skillRoll: null,
  gritReset: true,
};

/** The shape Core and Degenesis share. */
export const SIX_ATTRIBUTE_SHAPE = {
  attributes: SIX_ATTRIBUTES,
  skills: null,
  heldSkills: null,
  keepsakes: false,
  rangePenalties: true,
  gmPosition: true,
  weaponTags: ["versatile", "nimble", "slaughter", "improvised", "unhandy"],
  panic: null,
  morale: null,
  consequences: STANDARD_CONSEQUENCES,
  health: GRIT_HEALTH,
  ego: ROLLED_EGO,
  darkDice: ONE_EGO_PER_DARK_DIE,
  resolution: COMBINED_RESOLUTION,
  tools: [],
  experience: SPENT_EXPERIENCE,
  gangUp: null,
  montage: null,
  conditions: CONDITION_IDS,
  conditionFlags: {},
  // R-CH-6 (a world setting, off by default).
  challengeArmour: "houseRule",
} as const satisfies Partial<Ruleset>;
