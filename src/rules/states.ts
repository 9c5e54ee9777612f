/**
 * A character's states as token status effects: wound tracks (R-HARM-4), Mortally Wounded (R-HARM-5), Lost
 * (R-EGO-3), Dead (R-HARM-5, R-HARM-6). Which states a ruleset has is data (`Ruleset.tokenStates`).
 */
import type { Ruleset } from "./rulesets/types.ts";
import { isMortallyWounded, type WoundTrack, type Wounds } from "./wounds.ts";

/** Where a state is read from, which also says how it is toggled. */
export type TokenStateSource =
  /** R-HARM-4: on marks it (R-HARM-3), off recovers it (R-HARM-5). */
  | { readonly kind: "wound"; readonly track: WoundTrack }
  /** R-HARM-5 follows the tracks. */
  | { readonly kind: "mortallyWounded" }
  /** R-EGO-3 follows Ego. */
  | { readonly kind: "lost" }
  /** R-HARM-5 / R-HARM-6: off is the GM's undo of a death. */
  | { readonly kind: "dead" }
  /** R-LEG-5 an HP wound stage: from harm, gone with recovery. */
  | { readonly kind: "stage"; readonly stage: string };

export interface TokenStateDef {
  /** An id in core's status effects; Dead is core's "dead", the combat tracker's defeated state. */
  readonly id: string;
  readonly labelKey: string;
  /** One of core's icons/svg/*. */
  readonly img: string;
  readonly source: TokenStateSource;
  /** Core's overlay, as the combat tracker shows the defeated. */
  readonly overlay?: boolean;
}

/** R-HARM-4 / R-HARM-5 / R-EGO-3 Core and Degenesis. */
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

/** R-LEG-5 by stage id. */
const STAGE_IMG: Readonly<Record<string, string>> = { critical: "icons/svg/bones.svg", mortal: "icons/svg/blood.svg" };

/** R-LEG-5 / R-EGO-3 / R-HARM-5 one state per wound stage, then Lost and Dead as everywhere. */
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

export interface StateFacts {
  readonly wounds: Wounds;
  readonly dead: boolean;
  readonly lost: boolean;
  /** R-LEG-5 the HP stages marked or not; absent without HP. */
  readonly stages?: Readonly<Record<string, boolean>>;
}

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

/** In the ruleset's order. */
export function activeStateIds(ruleset: Ruleset, facts: StateFacts): string[] {
  return ruleset.tokenStates.filter((def) => stateActive(def, facts)).map((def) => def.id);
}

export function findTokenState(ruleset: Ruleset, id: string): TokenStateDef | null {
  return ruleset.tokenStates.find((def) => def.id === id) ?? null;
}

/** What a token HUD click asks: an operation, nothing, or a refusal's key. */
export type StateToggle =
  | { readonly kind: "markWound"; readonly track: WoundTrack }
  | { readonly kind: "recoverWound"; readonly track: WoundTrack }
  | { readonly kind: "revive" }
  /** R-HARM-5 (ruling) a GM's Dead, as the combat tracker's Defeated. */
  | { readonly kind: "markDead" }
  /** R-LEG-5 a week of care: the worst stage goes down one. */
  | { readonly kind: "recoverStage" }
  /** R-EGO-3 / R-LEG-7 (ruling) a GM takes a mistaken Lost off: Ego 0 raised to 1. */
  | { readonly kind: "correctLost" }
  | { readonly kind: "none" }
  | { readonly kind: "refuse"; readonly reasonKey: string };

/**
 * The operation the sheet runs for it, or why it cannot be toggled (rulings R-HARM-5, R-EGO-3, R-LEG-7):
 * Mortally Wounded and Lost follow other values; R-LEG-5 stages come from harm and recover worst first, so a
 * stage below a marked one (`worseMarked`) is refused.
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

/** R-LEG-5 false for any state but a stage. */
export function worseStageMarked(ruleset: Ruleset, def: TokenStateDef, facts: StateFacts): boolean {
  if (def.source.kind !== "stage") return false;
  const stages = ruleset.tokenStates.filter((d) => d.source.kind === "stage");
  return stages.slice(stages.findIndex((d) => d.id === def.id) + 1).some((d) => stateActive(d, facts));
}

/**
 * `shown`: the state ids the tokens' effects carry now; ids not the ruleset's (a GM's "prone") are left alone.
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
