/**
 * The chat cards under the fuzz: valid card inputs, card states reached by random play, and the
 * click/record actions of the roller, another player and the GM (stale versions, double clicks,
 * clicks after Undo, forged records) that drive the state machines.
 */
import fc from "fast-check";
import {
  allowEffect,
  allowSuccess,
  confirmEffect,
  confirmSecondHit,
  createChallengeCard,
  createRiskyCard,
  effectChainNeeded,
  markEgoSpent,
  recordApplied,
  recordHarm,
  riskyCardResult,
  selectDie,
  undoEgo,
  type AppliedEntry,
  type CardUser,
  type ChallengeCardInput,
  type ChallengeCardState,
  type GritHarmEntry,
  type RiskyCardInput,
  type RiskyCardState,
} from "../../src/chat/index.ts";
import {
  applyHarm,
  RulesError,
  challengeEffect,
  highest,
  reduceDisposition,
  damageAfterArmour,
  type WoundTrack,
} from "../../src/rules/index.ts";
import * as A from "./arbitraries.ts";

export const ROLLER: CardUser = { id: "player1", isGM: false };
export const OTHER: CardUser = { id: "player2", isGM: false };
export const GM: CardUser = { id: "gm", isGM: true };
export const user = fc.constantFrom(ROLLER, ROLLER, OTHER, GM);

export const riskyInput: fc.Arbitrary<RiskyCardInput> = fc
  .record({
    rulesetId: A.rulesetId,
    target: A.rollTarget,
    reaction: fc.boolean(),
    light: A.faces(4),
    dark: A.faces(6),
    egoBefore: A.ego,
    sayonara: fc.boolean(),
    singleDieServesBoth: fc.boolean(),
    weapon: fc.option(
      fc.record({
        name: fc.constantFrom("Long sword", "Axe"),
        rank: A.rank,
        tags: fc.subarray(["versatile", "nimble", "slaughter", "improvised", "unhandy", "heavy"]),
        twoHanded: fc.boolean(),
      }),
      { nil: null },
    ),
    rank: A.rank,
    combat: fc.boolean(),
    flags: fc.record({ whirlwind: fc.boolean(), specialist: fc.boolean(), fast: fc.boolean(), slow: fc.boolean() }),
  })
  .map((r) => ({
    ...r,
    rollerId: ROLLER.id,
    actorUuid: "Actor.mira",
    actorName: "Mira",
    pool: {
      base: r.light.length,
      baseLabel: "TERRAN.Attribute.finesse",
      lines: [],
      raw: r.light.length,
      light: r.light.length,
      dark: r.dark.length,
      clamp: null,
      empty: r.light.length + r.dark.length === 0,
    },
  }));

/** What a player (or the GM) does to a Risky card; `stale` clicks name an older version. */
export type RiskyAction =
  | {
      readonly kind: "select";
      readonly user: CardUser;
      readonly index: number;
      readonly role: "precision" | "effect" | "second";
      readonly stale: boolean;
    }
  | { readonly kind: "allow"; readonly user: CardUser; readonly allowed: boolean; readonly stale: boolean }
  | { readonly kind: "succeed"; readonly user: CardUser; readonly allowed: boolean; readonly stale: boolean }
  | {
      readonly kind: "confirm";
      readonly user: CardUser;
      readonly which: "effect" | "second";
      readonly faces: readonly number[];
      readonly raw: boolean;
      readonly stale: boolean;
    }
  | { readonly kind: "spend" | "undo"; readonly user: CardUser; readonly stale: boolean }
  | {
      readonly kind: "record";
      readonly user: CardUser;
      readonly hit: string;
      readonly forge: number;
      readonly before: number;
      readonly armour: number | null;
      readonly stale: boolean;
    };

const isStale = fc.integer({ min: 0, max: 4 }).map((n) => n === 0);

export const riskyAction: fc.Arbitrary<RiskyAction> = fc.oneof(
  fc.record({
    kind: fc.constant("select" as const),
    user,
    index: fc.integer({ min: 0, max: 9 }),
    role: fc.constantFrom("precision" as const, "effect" as const, "second" as const),
    stale: isStale,
  }),
  fc.record({ kind: fc.constant("allow" as const), user, allowed: fc.boolean(), stale: isStale }),
  fc.record({ kind: fc.constant("succeed" as const), user, allowed: fc.boolean(), stale: isStale }),
  fc.record({
    kind: fc.constant("confirm" as const),
    user,
    which: fc.constantFrom("effect" as const, "second" as const),
    faces: A.faces(4),
    raw: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
    stale: isStale,
  }),
  fc.record({ kind: fc.constantFrom("spend" as const, "undo" as const), user, stale: isStale }),
  fc.record({
    kind: fc.constant("record" as const),
    user,
    hit: fc.constantFrom("effect", "effect", "second", "second", "", "second2", "__proto__"),
    forge: fc.integer({ min: 0, max: 9 }),
    before: fc.integer({ min: 0, max: 40 }),
    armour: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
    stale: isStale,
  }),
);

/** A chain for a confirm: valid (as long as the explosion says) unless `raw`, then the faces as drawn. */
function chainFor(state: RiskyCardState, which: "effect" | "second", faces: readonly number[], raw: boolean): number[] {
  if (raw) return [...faces];
  const need = effectChainNeeded(state, which);
  if (!need) return [];
  const chain: number[] = [];
  for (const f of faces) {
    chain.push(f);
    if (f < need.threshold) return chain;
  }
  chain.push(1);
  return chain;
}

/** The record a glue would write for `hit` (consistent), or a forgery of it (`forge` 1–6). */
export function appliedEntry(
  state: RiskyCardState,
  action: Extract<RiskyAction, { kind: "record" }>,
): { entry: AppliedEntry; forged: boolean } {
  const result = riskyCardResult(state);
  const effect = (action.hit === "second" ? result.second?.value : result.effect?.value) ?? 0;
  const applied = action.armour === null ? effect : damageAfterArmour(effect, action.armour);
  const after = reduceDisposition(action.before, applied).value;
  const base: AppliedEntry = {
    hit: action.hit as AppliedEntry["hit"],
    targetName: "Brute",
    facet: "Fight",
    effect,
    before: action.before,
    after,
    ...(action.armour === null ? {} : { armour: action.armour }),
    userId: action.user.id,
  };
  switch (action.forge) {
    case 1:
      return { entry: { ...base, effect: effect + 1 }, forged: true };
    case 2:
      return { entry: { ...base, after: after + 1 + action.before }, forged: true };
    case 3:
      return { entry: { ...base, effect: Math.max(0, effect - 1), after: action.before }, forged: effect > 0 };
    case 4:
      return action.armour === null
        ? { entry: base, forged: false }
        : { entry: { ...base, after: after === 0 ? 1 + action.before : after - 1 }, forged: true };
    default:
      return { entry: base, forged: action.hit !== "effect" && action.hit !== "second" };
  }
}

/** Runs one action; returns the new state (the same object when refused) and whether it was refused. */
export function runRisky(state: RiskyCardState, action: RiskyAction): { next: RiskyCardState; forged: boolean } {
  const version = action.stale ? state.version - 1 : state.version;
  switch (action.kind) {
    case "select":
      return { next: selectDie(state, action.user, action.index, action.role, version), forged: false };
    case "allow":
      return { next: allowEffect(state, action.user, action.allowed, version), forged: false };
    case "succeed":
      return { next: allowSuccess(state, action.user, action.allowed, version), forged: false };
    case "confirm": {
      const chain = chainFor(state, action.which, action.faces, action.raw);
      const next =
        action.which === "effect"
          ? confirmEffect(state, action.user, chain, version)
          : confirmSecondHit(state, action.user, chain, version);
      return { next, forged: false };
    }
    case "spend":
      return { next: markEgoSpent(state, action.user, version), forged: false };
    case "undo":
      return { next: undoEgo(state, action.user, version), forged: false };
    case "record": {
      const { entry, forged } = appliedEntry(state, action);
      return { next: recordApplied(state, action.user, entry, version), forged };
    }
    default:
      // The glue dispatches only the card's own actions (CARD_ACTIONS); anything else never reaches a card.
      throw new RulesError("unknown-id", "not a card action");
  }
}

/** A card state reached by random play (refused actions skipped). */
export const riskyState: fc.Arbitrary<RiskyCardState> = fc
  .tuple(riskyInput, fc.array(riskyAction, { maxLength: 10 }))
  .map(([input, actions]) => {
    let state = createRiskyCard(input);
    for (const action of actions) {
      try {
        state = runRisky(state, action).next;
      } catch {
        // refused: the state stays
      }
    }
    return state;
  });

// ---------------------------------------------------------------------------------------------
// Challenge card

export const challengeInput: fc.Arbitrary<ChallengeCardInput> = fc
  .record({ dice: fc.integer({ min: 0, max: 5 }), halved: fc.boolean() })
  .chain((stats) =>
    fc.tuple(
      fc.constant({ dice: stats.halved ? 0 : Math.max(1, stats.dice), halved: stats.halved }),
      fc.array(A.face, {
        minLength: stats.halved ? 1 : Math.max(1, stats.dice),
        maxLength: stats.halved ? 1 : Math.max(1, stats.dice),
      }),
      fc.array(fc.constant(6), { maxLength: 3 }),
      fc.integer({ min: 1, max: 5 }),
    ),
  )
  .map(([stats, faces, sixes, last]) => {
    const kept = highest(faces);
    const chain = [...sixes, last];
    return {
      rollerId: GM.id,
      challengeUuid: "Actor.brute",
      challengeName: "Brute",
      facetName: "Fight",
      tierKey: null,
      stats,
      faces,
      chain: kept === 6 ? chain : [],
    };
  });

export interface HarmAction {
  readonly user: CardUser;
  /** The target: its id (as a number or as text), its name. */
  readonly target: { readonly uuid: string | number | null; readonly name: string };
  readonly grit: number;
  readonly wounds: { readonly stressed: boolean; readonly broken: boolean; readonly weary: boolean };
  readonly armour: number;
  readonly shield: boolean;
  readonly sacrifice: boolean;
  readonly track: WoundTrack;
  readonly forge: number;
  readonly stale: boolean;
}

export const harmAction: fc.Arbitrary<HarmAction> = fc.record({
  user,
  target: fc.record({
    uuid: fc.constantFrom<string | number | null>(5, "5", 7, "Actor.a", null),
    name: fc.constantFrom("Mira", "Oskar"),
  }),
  grit: fc.integer({ min: 0, max: 12 }),
  wounds: A.wounds,
  armour: fc.integer({ min: 0, max: 3 }),
  shield: fc.boolean(),
  sacrifice: fc.boolean(),
  track: A.track,
  forge: fc.integer({ min: 0, max: 9 }),
  stale: isStale,
});

/**
 * The record the glue writes after applying the card's Effect to a target (what `applyHarm` did),
 * or a forgery of it (forge 1–5: Grit, wound, death, damage or Effect that do not follow).
 */
export function harmEntry(
  state: ChallengeCardState,
  action: HarmAction,
): { entry: GritHarmEntry; forged: boolean } | null {
  const effect = challengeEffect(state.stats, state.faces, state.chain).value;
  const armourState = {
    body: "light" as const,
    bodyValue: action.armour,
    shield: action.shield,
    shieldValue: 1,
    elephantSkin: false,
  };
  let outcome;
  try {
    outcome = applyHarm({ grit: action.grit, wounds: action.wounds, dead: false, armour: armourState }, effect, {
      sacrificeShield: action.sacrifice && action.shield,
      woundTrack: action.track,
    });
  } catch {
    return null; // the glue would have asked again (another track); nothing to record
  }
  const entry: GritHarmEntry = {
    model: "grit",
    targetName: action.target.name,
    ...(action.target.uuid === null ? {} : { targetUuid: action.target.uuid as string }),
    effect,
    armour: outcome.assessment.armour,
    damage: outcome.assessment.damage,
    shieldSacrificed: outcome.shieldDestroyed,
    gritBefore: action.grit,
    gritAfter: outcome.grit,
    wound: outcome.wound,
    mortallyWounded: outcome.mortallyWounded,
    dead: outcome.dead,
    userId: action.user.id,
  };
  switch (action.forge) {
    case 1:
      return entry.gritAfter < entry.gritBefore
        ? { entry: { ...entry, gritAfter: entry.gritAfter + 1 }, forged: true }
        : { entry, forged: false };
    case 2: {
      const wound = entry.wound === null ? action.track : null;
      return { entry: { ...entry, wound }, forged: wound !== entry.wound };
    }
    case 3:
      return { entry: { ...entry, dead: !entry.dead }, forged: true };
    case 4:
      return { entry: { ...entry, damage: entry.damage + 1 }, forged: true };
    case 5:
      return { entry: { ...entry, effect: entry.effect + 1 }, forged: true };
    default:
      return { entry, forged: false };
  }
}

export function runHarm(
  state: ChallengeCardState,
  action: HarmAction,
): { next: ChallengeCardState; forged: boolean } | null {
  const made = harmEntry(state, action);
  if (!made) return null;
  return {
    next: recordHarm(state, action.user, made.entry, action.stale ? state.version - 1 : state.version),
    forged: made.forged,
  };
}

export const challengeState: fc.Arbitrary<ChallengeCardState> = fc
  .tuple(challengeInput, fc.array(harmAction, { maxLength: 4 }))
  .map(([input, actions]) => {
    let state = createChallengeCard(input);
    for (const action of actions) {
      try {
        state = runHarm(state, action)?.next ?? state;
      } catch {
        // refused
      }
    }
    return state;
  });
