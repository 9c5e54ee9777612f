/**
 * R-ADV-1 (Core list) and R-ADV-2 (Degenesis additions): the mechanics of every advancement the
 * seeds name, and who may take which. The text players read lives in the compendium, written in
 * our own words; here is only what the engine automates.
 */
import type { DiceModifier, MechanicsFlag } from "./mechanics.ts";
import type { Ruleset } from "./rulesets/types.ts";
import { assertInteger, RulesError } from "./errors.ts";
import type { Band } from "./resolution.ts";
import type { WoundTrack } from "./wounds.ts";

/** A scene-long state an activation leaves that is not a dice modifier (Nova: blinding; its suit depleted). */
export type SceneState = "blinding" | "depleted";

/** An advancement that is used by rolling (Brainwave, Nova): what success and failure bring. */
export interface Activation {
  readonly attribute: "attunement";
  /** On a success: a +1d situational modifier for the scene (Brainwave), or a scene-long state (Nova). */
  readonly onSuccess: { readonly grant?: DiceModifier; readonly sceneState?: SceneState; readonly noteKey: string };
  /** On a Fail: mark a wound track (Brainwave → Stressed), or a scene-long state (Nova). */
  readonly onFail: { readonly markWound?: WoundTrack; readonly sceneState?: SceneState; readonly noteKey: string };
}

export interface AdvancementDef {
  readonly id: string;
  readonly labelKey: string;
  readonly flags: readonly MechanicsFlag[];
  readonly dice: readonly DiceModifier[];
  /** May be taken more than once (Developed: another attribute point; Specialist: another action). */
  readonly repeatable?: boolean;
  /** R-ADV-1 Ether call: at least 5 mutations. */
  readonly requiresMutations?: number;
  readonly activation?: Activation;
  /** Tesla: when its +1d was used and the roll Fails, the character suffers an Effect of this many dice. */
  readonly selfEffectOnFail?: number;
}

const situational = (id: string, label: string, dice = 1): DiceModifier => ({
  id,
  dice,
  label,
  appliesTo: ["any"],
  situational: true,
});

const list: readonly AdvancementDef[] = [
  // R-ADV-1 Core list.
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
  // R-ADV-2 Degenesis: Specialist joins the common list.
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
  // R-LEG-15 the Legacy list (Sensory acuity and Fast are shared with Core above).
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
];

export const ADVANCEMENTS: ReadonlyMap<string, AdvancementDef> = new Map(list.map((a) => [a.id, a]));

export function getAdvancement(id: string): AdvancementDef {
  const def = ADVANCEMENTS.get(id);
  if (!def) throw new RulesError("unknown-id", `There is no advancement called "${id}".`, { id });
  return def;
}

/** What a character brings to the question "may I take this advancement?". */
export interface AdvancementOwner {
  /** Ids of the advancements already taken (one entry per time taken). */
  readonly advancements: readonly string[];
  /** Degenesis cult id, or "" when none. */
  readonly cult: string;
  /** Conditions of the kind "mutation" the character has (Ether call). */
  readonly mutations: number;
}

export type AdvancementRefusal = "not-in-ruleset" | "cult-only" | "already-taken" | "needs-mutations";

/**
 * R-ADV-1/R-ADV-2 may `owner` take advancement `id` under `ruleset`? Returns null when allowed, else
 * why not. (XP is a separate question: R-XP-2.)
 */
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
  return null;
}

/** R-ADV-1 Brainwave / R-ADV-2 Nova: what an activation roll brings for its outcome. */
export function activationResult(def: AdvancementDef, band: Band): Activation["onSuccess"] | Activation["onFail"] {
  if (!def.activation) {
    throw new RulesError("not-allowed", `${def.id} is not used by rolling.`, { id: def.id });
  }
  return band === "fail" ? def.activation.onFail : def.activation.onSuccess;
}
