/**
 * R-ADV-1 Brainwave, R-ADV-2 Nova and Tesla: what an activation grants and costs, the scene-long effects it
 * leaves, one activation per scene (ruling, §8), and Tesla's Effect against the wielder.
 */
import { getAdvancement, type AdvancementDef, type SceneState } from "./advancements.ts";
import type { Attributes } from "./attributes.ts";
import { challengeEffect, type ChallengeEffect } from "./challenge.ts";
import { assertFaces, highest } from "./dice.ts";
import { RulesError } from "./errors.ts";
import { assertDiceModifier, type DiceModifier, type MechanicsFlag } from "./mechanics.ts";
import { buildPool } from "./pool.ts";
import { precisionBand, type Band } from "./resolution.ts";
import type { Ruleset } from "./rulesets/types.ts";
import type { WoundTrack, Wounds } from "./wounds.ts";

export const ACTIVATED_ADVANCEMENTS = ["brainwave", "nova"] as const;
export type ActivatedAdvancement = (typeof ACTIVATED_ADVANCEMENTS)[number];

export function isActivatedAdvancement(id: unknown): id is ActivatedAdvancement {
  return typeof id === "string" && (ACTIVATED_ADVANCEMENTS as readonly string[]).includes(id);
}

/**
 * A dice bonus (Brainwave), a state on the sheet (Nova), or "spent": used this scene with nothing more to give,
 * kept so it is not activated again (ruling).
 */
export type SceneEffectKind = "bonus" | SceneState | "spent";
const SCENE_EFFECT_KINDS: readonly SceneEffectKind[] = ["bonus", "blinding", "depleted", "spent"];

/** Kept in an actor flag. */
export interface SceneEffect {
  readonly advancement: ActivatedAdvancement;
  readonly itemId: string;
  readonly kind: SceneEffectKind;
  /** R-POOL-2 a bonus's situational modifier. */
  readonly modifier: DiceModifier | null;
  /** For the sheet and the card. */
  readonly noteKey: string;
}

export interface ActivationOutcome {
  readonly band: Band;
  /** R-RA-1's highest; null when no dice were thrown (R-POOL-5). */
  readonly precision: number | null;
  readonly sceneEffect: SceneEffect | null;
  /** R-HARM-4 (Brainwave's Fail: Hazed is the Stressed track). */
  readonly markWound: WoundTrack | null;
  readonly noteKey: string;
}

function activated(id: string): AdvancementDef & { readonly activation: NonNullable<AdvancementDef["activation"]> } {
  const def = getAdvancement(id);
  if (!def.activation) throw new RulesError("not-allowed", `${def.id} is not used by rolling.`, { id: def.id });
  return { ...def, activation: def.activation };
}

/** R-POOL-1 … R-POOL-3 */
export interface ActivationRoller {
  readonly ruleset: Ruleset;
  readonly attributes: Attributes;
  readonly wounds: Wounds;
  readonly flags: ReadonlySet<MechanicsFlag>;
}

/** R-ADV-1 / R-ADV-2 (ruling) a Risky Action on its attribute, no Dark Dice, no situational modifier. */
export function activationDice(id: string, roller: ActivationRoller): number {
  const def = activated(id);
  return buildPool({ ...roller, target: { kind: "attribute", attribute: def.activation.attribute }, dark: 0 }).light;
}

/** R-ADV-1 / R-ADV-2 (R-RA-1): 4–5 grants as a 6 does; no dice Fail (R-POOL-5). */
export function activationOutcome(id: string, itemId: string, faces: readonly number[]): ActivationOutcome {
  const def = activated(id);
  if (!isActivatedAdvancement(def.id))
    throw new RulesError("not-allowed", `${def.id} is not used by rolling.`, { id: def.id });
  if (typeof itemId !== "string" || itemId === "")
    throw new RulesError("unknown-id", "The activated advancement has no id.", { id: String(itemId) });
  const dice = assertFaces(faces, "Activation die");
  const precision = dice.length > 0 ? highest(dice) : null;
  const band: Band = precision === null ? "fail" : precisionBand(precision);
  const side = band === "fail" ? def.activation.onFail : def.activation.onSuccess;
  const grant = "grant" in side ? side.grant : undefined;
  let sceneEffect: SceneEffect | null = null;
  if (grant) {
    const modifier = { ...grant, id: `scene-${def.id}` };
    sceneEffect = { advancement: def.id, itemId, kind: "bonus", modifier, noteKey: side.noteKey };
  } else if (side.sceneState) {
    sceneEffect = { advancement: def.id, itemId, kind: side.sceneState, modifier: null, noteKey: side.noteKey };
  }
  const markWound = "markWound" in side ? (side.markWound ?? null) : null;
  // Ruling: a Fail that grants nothing still uses the scene's activation.
  sceneEffect ??= { advancement: def.id, itemId, kind: "spent", modifier: null, noteKey: side.noteKey };
  return { band, precision, sceneEffect, markWound, noteKey: side.noteKey };
}

export type ActivationRefusal = "depleted" | "usedThisScene";

/** R-ADV-1 / R-ADV-2 (ruling) once per scene, whatever it gave; a depleted suit stays so. Null when it may. */
export function activationRefusal(effects: readonly SceneEffect[], advancement: string): ActivationRefusal | null {
  const mine = readSceneEffects(effects).find((e) => e.advancement === advancement);
  if (!mine) return null;
  return mine.kind === "depleted" ? "depleted" : "usedThisScene";
}

/** R-ADV-2 Nova Failed this scene: no Nova, no Tesla's +1d. */
export function suitDepleted(effects: readonly SceneEffect[]): boolean {
  return readSceneEffects(effects).some((e) => e.kind === "depleted");
}

/** A new activation replaces the one before (the operation refuses a second one first). */
export function addSceneEffect(effects: readonly SceneEffect[], effect: SceneEffect): SceneEffect[] {
  const [checked] = readSceneEffects([effect]);
  if (!checked)
    throw new RulesError("bad-choice", "That is not an effect an activation leaves.", { what: "A scene effect" });
  return [...readSceneEffects(effects).filter((e) => e.advancement !== checked.advancement), checked];
}

function withEffect(effects: readonly SceneEffect[], effect: SceneEffect): SceneEffect[] {
  return [...effects.filter((e) => e.advancement !== effect.advancement), effect];
}

/**
 * No `advancement`: the scene ends. Else it ends early but stays "spent" (ruling); R-ADV-2 a depleted suit
 * cannot.
 */
export function endSceneEffects(effects: readonly SceneEffect[], advancement?: string): SceneEffect[] {
  if (advancement === undefined) return [];
  return readSceneEffects(effects).map((e) => {
    if (e.advancement !== advancement || e.kind === "spent") return e;
    if (e.kind === "depleted")
      throw new RulesError("not-allowed", "The suit stays depleted until the scene ends.", { reason: "depletedEnd" });
    return { ...e, kind: "spent" as const, modifier: null };
  });
}

/** R-POOL-2 the roll dialog's tickable rows. */
export function sceneModifiers(effects: readonly SceneEffect[]): DiceModifier[] {
  return readSceneEffects(effects).flatMap((e) => (e.kind === "bonus" && e.modifier ? [e.modifier] : []));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readModifier(value: unknown): DiceModifier | null {
  if (!isRecord(value) || !Array.isArray(value.appliesTo)) return null;
  const { id, dice, label, situational } = value;
  if (
    typeof id !== "string" ||
    typeof dice !== "number" ||
    typeof label !== "string" ||
    typeof situational !== "boolean"
  )
    return null;
  const modifier: DiceModifier = {
    id,
    dice,
    label,
    situational,
    appliesTo: value.appliesTo.filter((s): s is string => typeof s === "string") as DiceModifier["appliesTo"],
  };
  if (modifier.appliesTo.length !== value.appliesTo.length) return null;
  try {
    return assertDiceModifier(modifier);
  } catch {
    return null;
  }
}

/** A flag any client may have written: the well-formed ones, one per advancement; the rest dropped. */
export function readSceneEffects(stored: unknown): SceneEffect[] {
  if (!Array.isArray(stored)) return [];
  let effects: SceneEffect[] = [];
  for (const raw of stored as readonly unknown[]) {
    if (!isRecord(raw)) continue;
    const { advancement, itemId, kind, noteKey } = raw;
    if (
      !isActivatedAdvancement(advancement) ||
      typeof itemId !== "string" ||
      itemId === "" ||
      typeof noteKey !== "string"
    )
      continue;
    if (typeof kind !== "string" || !(SCENE_EFFECT_KINDS as readonly string[]).includes(kind)) continue;
    const modifier = kind === "bonus" ? readModifier(raw.modifier) : null;
    if (kind === "bonus" && !modifier) continue;
    if (kind !== "bonus" && raw.modifier !== null) continue;
    effects = withEffect(effects, { advancement, itemId, kind: kind as SceneEffectKind, modifier, noteKey });
  }
  return effects;
}

/** R-ADV-2 Tesla (a Fail with its +1d in the pool). */
export function teslaBacklashDue(band: Band, teslaUsed: boolean): boolean {
  return band === "fail" && teslaUsed === true;
}

/** R-ADV-2 Tesla's 2d as a Challenge's Effect (R-CH-2), harm like any Effect (R-HARM-1 … R-HARM-5). */
export function teslaBacklash(faces: readonly number[], chain: readonly number[]): ChallengeEffect {
  const dice = getAdvancement("tesla").selfEffectOnFail ?? 0;
  if (!Array.isArray(faces) || faces.length !== dice) {
    throw new RulesError(
      "no-dice",
      `Tesla throws ${dice} dice; ${Array.isArray(faces) ? faces.length : 0} were given.`,
      { expected: dice },
    );
  }
  return challengeEffect({ dice, halved: false }, faces, chain);
}
