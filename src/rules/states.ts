/**
 * A character's states as the table reads them from the canvas: the wound tracks
 * (R-HARM-4), Mortally Wounded (R-HARM-5), Lost at Ego 0 (R-EGO-3) and Dead (R-HARM-5, R-HARM-6), each
 * a token status effect. Which states a ruleset has is data (`Ruleset.tokenStates`): a ruleset with
 * other tracks (Legacy's Critical and Mortal wounds) lists its own. Pure: which states a character is
 * in, and what a click on one in the token HUD asks of the character's operations.
 */
import type { Ruleset } from "./rulesets/types.ts";
import { isMortallyWounded, type WoundTrack, type Wounds } from "./wounds.ts";

/** Where a state is read from, which also says how it is toggled. */
export type TokenStateSource =
  /** A wound track (R-HARM-4): on marks it (R-HARM-3), off recovers it (R-HARM-5). */
  | { readonly kind: "wound"; readonly track: WoundTrack }
  /** R-HARM-5 all tracks marked: follows the tracks, never toggled by itself. */
  | { readonly kind: "mortallyWounded" }
  /** R-EGO-3 Ego 0: follows Ego, never toggled by itself. */
  | { readonly kind: "lost" }
  /** R-HARM-5 / R-HARM-6: comes from harm or a Malaise; off is the GM's undo of a death. */
  | { readonly kind: "dead" }
  /** R-LEG-5 a wound stage of the HP model (Critical, Mortal): comes from harm, goes with recovery. */
  | { readonly kind: "stage"; readonly stage: string };

export interface TokenStateDef {
  /**
   * The status effect id (in core's list of status effects). Dead is core's own "dead", the
   * combat tracker's defeated state.
   */
  readonly id: string;
  readonly labelKey: string;
  /** Core's icon for it (Foundry ships icons/svg/*). */
  readonly img: string;
  readonly source: TokenStateSource;
  /** Shown large over the token (core's overlay, as the combat tracker shows the defeated). */
  readonly overlay?: boolean;
}

/** R-HARM-4 / R-HARM-5 / R-EGO-3 the states of Core and Degenesis: three tracks, Mortally Wounded, Lost, Dead. */
export const STANDARD_TOKEN_STATES: readonly TokenStateDef[] = [
  {
    id: "terran-stressed",
    labelKey: "TERRAN.Wound.stressed",
    img: "icons/svg/daze.svg",
    source: { kind: "wound", track: "stressed" },
  },
  {
    id: "terran-broken",
    labelKey: "TERRAN.Wound.broken",
    img: "icons/svg/bones.svg",
    source: { kind: "wound", track: "broken" },
  },
  {
    id: "terran-weary",
    labelKey: "TERRAN.Wound.weary",
    img: "icons/svg/sleep.svg",
    source: { kind: "wound", track: "weary" },
  },
  {
    id: "terran-mortally-wounded",
    labelKey: "TERRAN.States.mortallyWounded",
    img: "icons/svg/blood.svg",
    source: { kind: "mortallyWounded" },
  },
  { id: "terran-lost", labelKey: "TERRAN.States.lost", img: "icons/svg/terror.svg", source: { kind: "lost" } },
  { id: "dead", labelKey: "TERRAN.States.dead", img: "icons/svg/skull.svg", source: { kind: "dead" }, overlay: true },
];

/** Icons of the HP model's wound stages (R-LEG-5), by stage id. */
const STAGE_IMG: Readonly<Record<string, string>> = { critical: "icons/svg/bones.svg", mortal: "icons/svg/blood.svg" };

/**
 * R-LEG-5 / R-EGO-3 / R-HARM-5 the states of a ruleset whose health is HP: one per wound stage of its
 * data (Legacy: Critical, Mortal), then Lost and Dead as everywhere.
 */
export function hpTokenStates(
  stages: readonly { readonly id: string; readonly labelKey: string }[],
): readonly TokenStateDef[] {
  const shared = STANDARD_TOKEN_STATES.filter((d) => d.source.kind === "lost" || d.source.kind === "dead");
  return [
    ...stages.map((w) => ({
      id: `terran-${w.id}`,
      labelKey: w.labelKey,
      img: STAGE_IMG[w.id] ?? "icons/svg/blood.svg",
      source: { kind: "stage" as const, stage: w.id },
    })),
    ...shared,
  ];
}

/** What a state is read from: the character's stored wounds, death and Ego-loss (and, with HP, its wound stage). */
export interface StateFacts {
  readonly wounds: Wounds;
  readonly dead: boolean;
  readonly lost: boolean;
  /** R-LEG-5 the HP model's wound stages, marked or not (Legacy: `{ critical, mortal }`); absent without HP. */
  readonly stages?: Readonly<Record<string, boolean>>;
}

/** Is the character in state `def`? */
export function stateActive(def: TokenStateDef, facts: StateFacts): boolean {
  switch (def.source.kind) {
    case "wound":
      return facts.wounds[def.source.track];
    case "mortallyWounded":
      return isMortallyWounded(facts.wounds);
    case "lost":
      return facts.lost;
    case "dead":
      return facts.dead;
    case "stage":
      return (
        facts.stages !== undefined &&
        Object.hasOwn(facts.stages, def.source.stage) &&
        facts.stages[def.source.stage] === true
      );
  }
}

/** The ids of the states the character is in, in the ruleset's order. */
export function activeStateIds(ruleset: Ruleset, facts: StateFacts): string[] {
  return ruleset.tokenStates.filter((def) => stateActive(def, facts)).map((def) => def.id);
}

export function findTokenState(ruleset: Ruleset, id: string): TokenStateDef | null {
  return ruleset.tokenStates.find((def) => def.id === id) ?? null;
}

/**
 * What a token HUD click on a state asks of the character: one of its operations, nothing, or a
 * refusal with the reason's key.
 */
export type StateToggle =
  | { readonly kind: "markWound"; readonly track: WoundTrack }
  | { readonly kind: "recoverWound"; readonly track: WoundTrack }
  | { readonly kind: "revive" }
  /** R-HARM-5 (ruling) a GM marks the character dead: the table's word, as the combat tracker's Defeated. */
  | { readonly kind: "markDead" }
  /** R-LEG-5 the HP model's recovery (a week of care: the worst stage goes down one). */
  | { readonly kind: "recoverStage" }
  /** R-EGO-3 R-LEG-7 (ruling) a GM takes a mistaken Lost off: lost cleared, Ego 0 raised to 1. */
  | { readonly kind: "correctLost" }
  | { readonly kind: "none" }
  | { readonly kind: "refuse"; readonly reasonKey: string };

/**
 * A click on state `def` (now `active`) that asks for `wanted`: the same operation the sheet runs
 * (a wound track's mark or recovery, whose own rules then apply: a dead character is refused), or the
 * reason it cannot be toggled. Ruling: Mortally Wounded and Lost follow other values (the tracks, Ego),
 * so the HUD explains instead of inventing a change. Dead comes from harm for a player; a GM's Dead (the
 * token HUD's, or the combat tracker's Defeated, which toggles the same status) marks the character dead
 * on the table's word, and only a GM may undo a death (R-HARM-5, RULES.md §8). Likewise only a GM may take
 * Lost off, to correct a mistake (R-EGO-3, R-EGO-4, R-LEG-7 rulings): a player is told it is the GM's.
 * Legacy's wound stages (R-LEG-5) come from harm and go with recovery: marking one is refused (harm
 * marks it, as Mortally Wounded follows the tracks); clearing one is the sheet's week of care, which
 * lowers the worst stage one step (Mortal → Critical → healed), so a stage with a worse one marked
 * (`worseMarked`, see `worseStageMarked`) is refused with the reason instead of clearing another.
 */
export function stateToggle(
  def: TokenStateDef,
  active: boolean,
  wanted: boolean,
  by: { readonly isGM: boolean },
  worseMarked = false,
): StateToggle {
  if (active === wanted) return { kind: "none" };
  switch (def.source.kind) {
    case "wound":
      return wanted
        ? { kind: "markWound", track: def.source.track }
        : { kind: "recoverWound", track: def.source.track };
    case "mortallyWounded":
      return { kind: "refuse", reasonKey: "TERRAN.States.Refusal.mortallyWounded" };
    case "lost":
      if (wanted) return { kind: "refuse", reasonKey: "TERRAN.States.Refusal.lost" };
      return by.isGM ? { kind: "correctLost" } : { kind: "refuse", reasonKey: "TERRAN.States.Refusal.lostGm" };
    case "dead":
      if (wanted) return by.isGM ? { kind: "markDead" } : { kind: "refuse", reasonKey: "TERRAN.States.Refusal.deadOn" };
      return by.isGM ? { kind: "revive" } : { kind: "refuse", reasonKey: "TERRAN.States.Refusal.reviveGm" };
    case "stage":
      if (wanted) return { kind: "refuse", reasonKey: "TERRAN.States.Refusal.stage" };
      return worseMarked ? { kind: "refuse", reasonKey: "TERRAN.States.Refusal.stageOrder" } : { kind: "recoverStage" };
  }
}

/** R-LEG-5 is a stage worse than `def` (later in the ruleset's list of stages) marked? False for any other state. */
export function worseStageMarked(ruleset: Ruleset, def: TokenStateDef, facts: StateFacts): boolean {
  if (def.source.kind !== "stage") return false;
  const stages = ruleset.tokenStates.filter((d) => d.source.kind === "stage");
  return stages.slice(stages.findIndex((d) => d.id === def.id) + 1).some((d) => stateActive(d, facts));
}

/**
 * The status effects to add and remove so the tokens show exactly the character's states: `shown` the
 * state ids its effects carry now. Ids that are not the ruleset's states (a GM's own "prone") are left alone.
 */
export function stateChanges(
  ruleset: Ruleset,
  facts: StateFacts,
  shown: ReadonlySet<string>,
): { readonly add: TokenStateDef[]; readonly remove: TokenStateDef[] } {
  const add: TokenStateDef[] = [];
  const remove: TokenStateDef[] = [];
  for (const def of ruleset.tokenStates) {
    const active = stateActive(def, facts);
    if (active && !shown.has(def.id)) add.push(def);
    else if (!active && shown.has(def.id)) remove.push(def);
  }
  return { add, remove };
}
