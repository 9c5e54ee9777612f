/**
 * R-ADV-1, R-ADV-2, R-LEG-15: what the engine automates of each advancement, and who may take which (the text
 * players read is the compendium's).
 */
import type { DiceModifier, MechanicsFlag } from "./mechanics.ts";
import type { Ruleset } from "./rulesets/types.ts";
import { assertInteger, RulesError } from "./errors.ts";
import type { Band } from "./resolution.ts";
import type { WoundTrack } from "./wounds.ts";

/** Nova: blinding; its suit depleted. */
export type SceneState = "blinding" | "depleted";

/** Brainwave, Nova: an advancement used by rolling. */
export interface Activation {
  readonly attribute: "attunement";
  /** +1d for the scene (Brainwave) or a scene-long state (Nova). */
  readonly onSuccess: { readonly grant?: DiceModifier; readonly sceneState?: SceneState; readonly noteKey: string };
  /** Mark a wound track (Brainwave → Stressed) or a scene-long state (Nova). */
  readonly onFail: { readonly markWound?: WoundTrack; readonly sceneState?: SceneState; readonly noteKey: string };
}

export interface AdvancementDef {
  readonly id: string;
  readonly labelKey: string;
  readonly flags: readonly MechanicsFlag[];
  readonly dice: readonly DiceModifier[];
  /** Developed, Specialist. */
  readonly repeatable?: boolean;
  /** R-ADV-1 Ether call. */
  readonly requiresMutations?: number;
  readonly activation?: Activation;
  /** Tesla: the Effect dice the character suffers when its +1d was used and the roll Fails. */
  readonly selfEffectOnFail?: number;
  /** R-V-6 Expert: gives held skills, so only at creation and only where the world uses them. */
  readonly creationSkills?: boolean;
}

const situational = (id: string, label: string, dice = 1): DiceModifier => ({
  id,
  dice,
  label,
  appliesTo: ["any"],
  situational: true,
});

const list: readonly AdvancementDef[] = [
  // R-ADV-1
  { id: "asceticism", labelKey: "TERRAN.Adv.asceticism", flags: ["asceticism"], dice: [] },
  { id: "bodyguard", labelKey: "TERRAN.Adv.bodyguard", flags: [], dice: [] },
  {
    id: "brainwave",
    labelKey: "TERRAN.Adv.brainwave",
    flags: [],
    dice: [],
    activation: {
      attribute: "attunement",
      onSuccess: {
        grant: situational("brainwave", "TERRAN.Mod.brainwave"),
        noteKey: "TERRAN.Activation.brainwaveSuccess",
      },
      onFail: { markWound: "stressed", noteKey: "TERRAN.Activation.brainwaveFail" },
    },
  },
  { id: "couldBeWorse", labelKey: "TERRAN.Adv.couldBeWorse", flags: ["ignoreBroken"], dice: [] },
  { id: "dangerSense", labelKey: "TERRAN.Adv.dangerSense", flags: ["dangerSense"], dice: [] },
  { id: "developed", labelKey: "TERRAN.Adv.developed", flags: ["developed"], dice: [], repeatable: true },
  { id: "dieHard", labelKey: "TERRAN.Adv.dieHard", flags: ["dieHard"], dice: [] },
  { id: "eager", labelKey: "TERRAN.Adv.eager", flags: ["eager"], dice: [] },
  { id: "elephantSkin", labelKey: "TERRAN.Adv.elephantSkin", flags: ["elephantSkin"], dice: [] },
  {
    id: "etherCall",
    labelKey: "TERRAN.Adv.etherCall",
    flags: [],
    dice: [situational("etherCall", "TERRAN.Mod.etherCall")],
    requiresMutations: 5,
  },
  { id: "fast", labelKey: "TERRAN.Adv.fast", flags: ["effectFirst"], dice: [] },
  {
    id: "marathon",
    labelKey: "TERRAN.Adv.marathon",
    flags: [],
    dice: [situational("marathon", "TERRAN.Mod.marathon")],
  },
  {
    id: "numberCruncher",
    labelKey: "TERRAN.Adv.numberCruncher",
    flags: [],
    dice: [situational("numberCruncher", "TERRAN.Mod.numberCruncher")],
  },
  {
    id: "sensoryAcuity",
    labelKey: "TERRAN.Adv.sensoryAcuity",
    flags: [],
    dice: [situational("sensoryAcuity", "TERRAN.Mod.sensoryAcuity")],
    repeatable: true,
  },
  { id: "sleek", labelKey: "TERRAN.Adv.sleek", flags: [], dice: [situational("sleek", "TERRAN.Mod.sleek")] },
  { id: "unyielding", labelKey: "TERRAN.Adv.unyielding", flags: ["ignoreWeary"], dice: [] },
  { id: "whirlwind", labelKey: "TERRAN.Adv.whirlwind", flags: ["whirlwind"], dice: [] },
  // R-ADV-2 Specialist joins the common list.
  { id: "specialist", labelKey: "TERRAN.Adv.specialist", flags: ["specialist"], dice: [], repeatable: true },
  // R-ADV-2 the Chroniclers' cult list.
  { id: "deadEnd", labelKey: "TERRAN.Adv.deadEnd", flags: [], dice: [situational("deadEnd", "TERRAN.Mod.deadEnd")] },
  {
    id: "download",
    labelKey: "TERRAN.Adv.download",
    flags: [],
    dice: [situational("download", "TERRAN.Mod.download")],
  },
  {
    id: "fractalMemory",
    labelKey: "TERRAN.Adv.fractalMemory",
    flags: [],
    dice: [situational("fractalMemory", "TERRAN.Mod.fractalMemory")],
  },
  {
    id: "nova",
    labelKey: "TERRAN.Adv.nova",
    flags: [],
    dice: [],
    activation: {
      attribute: "attunement",
      onSuccess: { sceneState: "blinding", noteKey: "TERRAN.Activation.novaSuccess" },
      onFail: { sceneState: "depleted", noteKey: "TERRAN.Activation.novaFail" },
    },
  },
  {
    id: "tesla",
    labelKey: "TERRAN.Adv.tesla",
    flags: [],
    dice: [situational("tesla", "TERRAN.Mod.tesla")],
    selfEffectOnFail: 2,
  },
  { id: "upload", labelKey: "TERRAN.Adv.upload", flags: [], dice: [situational("upload", "TERRAN.Mod.upload")] },
  // R-LEG-15 (Sensory acuity and Fast are Core's above).
  { id: "extraAttribute", labelKey: "TERRAN.Adv.extraAttribute", flags: ["developed"], dice: [], repeatable: true },
  { id: "protected", labelKey: "TERRAN.Adv.protected", flags: ["protected"], dice: [] },
  {
    id: "sneakAttack",
    labelKey: "TERRAN.Adv.sneakAttack",
    flags: [],
    dice: [situational("sneakAttack", "TERRAN.Mod.sneakAttack")],
  },
  { id: "sniper", labelKey: "TERRAN.Adv.sniper", flags: [], dice: [situational("sniper", "TERRAN.Mod.sniper")] },
  { id: "rally", labelKey: "TERRAN.Adv.rally", flags: [], dice: [] },
  { id: "multiAttack", labelKey: "TERRAN.Adv.multiAttack", flags: ["multiAttack"], dice: [] },
  { id: "tough", labelKey: "TERRAN.Adv.tough", flags: ["tough"], dice: [] },
  { id: "curse", labelKey: "TERRAN.Adv.curse", flags: [], dice: [] },
  { id: "retire", labelKey: "TERRAN.Adv.retire", flags: [], dice: [] },
  // R-V-10 Ironhide is Elephant skin's rule; Expert's skills are R-V-6's; the rest are the table's (ruling).
  { id: "ironhide", labelKey: "TERRAN.Adv.ironhide", flags: ["elephantSkin"], dice: [] },
  {
    id: "assassin",
    labelKey: "TERRAN.Adv.assassin",
    flags: [],
    dice: [situational("assassin", "TERRAN.Mod.assassin", 2)],
  },
  { id: "expert", labelKey: "TERRAN.Adv.expert", flags: [], dice: [], creationSkills: true },
  // R-V-17 (ruling) it removes the −1d of a weapon marked unarmed.
  { id: "martialCombatant", labelKey: "TERRAN.Adv.martialCombatant", flags: ["martialCombatant"], dice: [] },
  { id: "dodger", labelKey: "TERRAN.Adv.dodger", flags: [], dice: [] },
  { id: "healer", labelKey: "TERRAN.Adv.healer", flags: [], dice: [] },
  { id: "henchkeeper", labelKey: "TERRAN.Adv.henchkeeper", flags: [], dice: [] },
  { id: "spacefarer", labelKey: "TERRAN.Adv.spacefarer", flags: [], dice: [] },
];

export const ADVANCEMENTS: ReadonlyMap<string, AdvancementDef> = new Map(list.map((a) => [a.id, a]));

export function getAdvancement(id: string): AdvancementDef {
  const def = ADVANCEMENTS.get(id);
  if (!def) throw new RulesError("unknown-id", `There is no advancement called "${id}".`, { id });
  return def;
}

export interface AdvancementOwner {
  /** One entry per time taken. */
  readonly advancements: readonly string[];
  /** "" when none. */
  readonly cult: string;
  /** Conditions of the kind "mutation" (Ether call). */
  readonly mutations: number;
  /** R-V-6 the free Advancement of creation (a successor's included); absent: bought later. */
  readonly atCreation?: boolean;
}

export type AdvancementRefusal =
  "not-in-ruleset" | "cult-only" | "already-taken" | "needs-mutations" | "needs-skills" | "creation-only";

/** R-ADV-1 / R-ADV-2 null when allowed, else why not (XP is R-XP-2's question). */
export function advancementRefusal(ruleset: Ruleset, owner: AdvancementOwner, id: string): AdvancementRefusal | null {
  const def = getAdvancement(id);
  assertInteger(owner.mutations, "The number of mutations", 0);
  const common = ruleset.advancements.includes(id);
  const cultOf = Object.entries(ruleset.cults).find(([, ids]) => ids.includes(id))?.[0];
  if (!common && cultOf === undefined) return "not-in-ruleset";
  if (!common && ruleset.advancementLists && owner.advancements.length < ruleset.advancementLists.restrictedUntil) {
    if (cultOf !== owner.cult) return "cult-only";
  }
  if (!def.repeatable && owner.advancements.includes(id)) return "already-taken";
  if (def.requiresMutations !== undefined && owner.mutations < def.requiresMutations) return "needs-mutations";
  // R-V-6 (ruling) Expert: at creation only, and not in a world without skills.
  if (def.creationSkills && ruleset.heldSkills === null) return "needs-skills";
  if (def.creationSkills && owner.atCreation !== true) return "creation-only";
  return null;
}

/** R-ADV-1 Brainwave / R-ADV-2 Nova */
export function activationResult(def: AdvancementDef, band: Band): Activation["onSuccess"] | Activation["onFail"] {
  if (!def.activation) {
    throw new RulesError("not-allowed", `${def.id} is not used by rolling.`, { id: def.id });
  }
  return band === "fail" ? def.activation.onFail : def.activation.onSuccess;
}
