/**
 * The sandbox's own fixtures for the roll dialog and the chat cards: plain stored data (what Foundry
 * would hold in `actor.system` and the message flags), built with the real rules and card logic. The
 * sheets' fixture actors come from tests/fixtures/sheets.ts (see scenes.ts).
 */
import type { RollDialogSettings, RollDialogSubject } from "../src/applications/dialogs/roll-dialog-model.ts";
import {
  activationCard,
  confirmEffect,
  createChallengeCard,
  createRiskyCard,
  creationCard,
  egoResetCard,
  fortuneCard,
  gritResetCard,
  malaiseCard,
  markEgoSpent,
  recordHarm,
  sayonaraCard,
  TESLA_LABEL,
  type CardUser,
  type ChallengeCardState,
  type LegacyEffectState,
  type LegacyMontageState,
  type LegacyRiskyState,
  type ResultCardView,
  type RiskyCardInput,
  type RiskyCardState,
} from "../src/chat/index.ts";
import type { CharacterSource, ItemSnapshot, WeaponSource } from "../src/data/source.ts";
import type { CharacterState } from "../src/documents/operations/types.ts";
import {
  activationOutcome,
  CORE,
  V062,
  DEGENESIS,
  DEFAULT_DARK_MAX,
  type Attributes,
  type Pool,
  type PoolLine,
  type Ruleset,
  type WoundTrack,
} from "../src/rules/index.ts";
import { engineAdvancementSource } from "../src/applications/sheets/character/engine-items.ts";

// ---------------------------------------------------------------------------------------------
// Users

export const PLAYER: CardUser = { id: "player1", isGM: false };
export const GM: CardUser = { id: "gm", isGM: true };

// ---------------------------------------------------------------------------------------------
// Characters (stored data)

interface CharacterOptions {
  readonly attributes?: Partial<Attributes>;
  readonly wounds?: readonly WoundTrack[];
  readonly ego?: number;
  readonly grit?: number;
  readonly xp?: number;
  readonly heldSkills?: readonly string[];
}

function character(options: CharacterOptions): CharacterSource {
  const wounds = options.wounds ?? [];
  return {
    archetype: "hero",
    identity: { culture: "", clan: "", concept: "", cult: "" },
    attributes: {
      intuition: 0,
      reason: 0,
      finesse: 0,
      exertion: 0,
      attunement: 0,
      influence: 0,
      ...options.attributes,
    },
    grit: { value: options.grit ?? 3, max: 3, dice: 1 },
    ego: { value: options.ego ?? 4, max: 4, dice: 1 },
    wounds: {
      stressed: wounds.includes("stressed"),
      broken: wounds.includes("broken"),
      weary: wounds.includes("weary"),
    },
    dead: false,
    lost: false,
    xp: options.xp ?? 0,
    sayonara: false,
    ...(options.heldSkills ? { heldSkills: [...options.heldSkills] } : {}),
    biography: "",
    notes: "",
  };
}

function advancementItem(id: string, key: string, name: string): ItemSnapshot {
  const system = engineAdvancementSource(key, "core");
  if (!system) throw new Error(`sandbox: no engine advancement ${key}`);
  return { id, name, type: "advancement", system };
}

const LONG_SWORD: WeaponSource = {
  rank: 3,
  ranges: ["contact"],
  tags: ["versatile"],
  customTags: [],
  twoHanded: false,
  equipped: true,
  description: "",
};

const HEAVY_ARMOUR: ItemSnapshot = {
  id: "armourHeavy0001",
  name: "Brigandine",
  type: "armour",
  system: { kind: "heavy", value: 2, equipped: true, destroyed: false, description: "" },
};

/** A fresh character: Finesse 2, nothing else. */
const fresh: CharacterState = { source: character({ attributes: { finesse: 2, reason: 1 } }), items: [] };

/** A seasoned, wounded fighter: Broken, heavy armour, Whirlwind and Sleek, a long sword. */
const seasoned: CharacterState = {
  source: character({ attributes: { finesse: 3, exertion: 2, intuition: 2 }, wounds: ["broken"], ego: 3, xp: 2 }),
  items: [
    HEAVY_ARMOUR,
    advancementItem("advWhirlwind001", "whirlwind", "Whirlwind"),
    advancementItem("advSleek000001", "sleek", "Sleek"),
  ],
};

/** R-ADV-1 an activated Brainwave: its +1d kept until the scene ends, offered as a tickable row. */
const brainwave: CharacterState = {
  source: character({ attributes: { reason: 3, intuition: 2, attunement: 2 } }),
  items: [advancementItem("advBrainwave001", "brainwave", "Brainwave")],
  scene: [activationOutcome("brainwave", "advBrainwave001", [6, 3]).sceneEffect].filter((e) => e !== null),
};

/** Mortally Wounded: every wound marked, so no Light Dice (R-HARM-5). */
const mortal: CharacterState = {
  source: character({ attributes: { finesse: 4 }, wounds: ["stressed", "broken", "weary"], ego: 2 }),
  items: [],
};

export const DIALOG_SETTINGS: RollDialogSettings = {
  darkMax: DEFAULT_DARK_MAX,
  singleDieServesBoth: true,
  isGM: false,
};

export interface DialogFixture {
  readonly actorName: string;
  readonly subject: RollDialogSubject;
  /** The risk advisor opens with the dialog (as the host opens it once the player has). */
  readonly advisorOpen?: boolean;
}

/** R-V-5 a v0.6.2 character holding two listed skills and one the GM added. */
const skilled: CharacterState = {
  source: character({ attributes: { finesse: 2, reason: 1 }, heldSkills: ["sneak", "negotiation", "violence:Whip"] }),
  items: [],
};

/** R-V-17 v0.6.2's Unarmed weapon (the compendium's), in the hands of a Martial combatant. */
const UNARMED: WeaponSource = { ...LONG_SWORD, rank: 1, tags: ["improvised", "unarmed"] };
const martial: CharacterState = {
  source: character({ attributes: { exertion: 2, finesse: 2 } }),
  items: [advancementItem("advMartial00001", "martialCombatant", "Martial combatant")],
};

type DialogId = "fresh" | "weapon" | "mortal" | "reaction" | "brainwave" | "degenesis" | "v062-skills" | "v062-unarmed";

export const DIALOGS: Readonly<Record<DialogId, DialogFixture>> = {
  fresh: {
    actorName: "Ilse",
    subject: { ruleset: CORE, state: fresh, target: { kind: "attribute", attribute: "finesse" }, weapon: null },
  },
  weapon: {
    actorName: "Mira Okonkwo-Vasquez",
    subject: {
      ruleset: CORE,
      state: seasoned,
      target: { kind: "attribute", attribute: "finesse" },
      weapon: { id: "weaponSword0001", name: "Long sword", system: LONG_SWORD },
    },
  },
  mortal: {
    actorName: "Dario",
    subject: { ruleset: CORE, state: mortal, target: { kind: "attribute", attribute: "finesse" }, weapon: null },
  },
  reaction: {
    actorName: "Mira Okonkwo-Vasquez",
    subject: { ruleset: CORE, state: seasoned, target: { kind: "save", group: "insight" }, weapon: null },
  },
  brainwave: {
    actorName: "Iris",
    subject: { ruleset: CORE, state: brainwave, target: { kind: "attribute", attribute: "reason" }, weapon: null },
  },
  // The risk advisor open beside the Dark Dice stepper, in Degenesis (src/applications/dialogs/advisor-view.ts).
  degenesis: {
    actorName: "Ilse",
    subject: { ruleset: DEGENESIS, state: fresh, target: { kind: "attribute", attribute: "finesse" }, weapon: null },
    advisorOpen: true,
  },
  "v062-skills": {
    actorName: "Mira",
    subject: { ruleset: V062, state: skilled, target: { kind: "attribute", attribute: "finesse" }, weapon: null },
  },
  // R-V-12 the approach select over the weapon's row; R-V-17 no Improvised −1d with Martial combatant.
  "v062-unarmed": {
    actorName: "Mira",
    subject: {
      ruleset: V062,
      state: martial,
      target: { kind: "attribute", attribute: "exertion" },
      weapon: { id: "weaponFists0001", name: "Unarmed", system: UNARMED },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Chat cards

/** A pool that threw `light` Light and `dark` Dark Dice. */
function pool(light: number, dark: number, baseLabel = "TERRAN.Attribute.finesse", lines: PoolLine[] = []): Pool {
  // The base is what the modifiers took `light` from.
  const base = light - lines.reduce((t, l) => t + l.dice, 0);
  return { base, baseLabel, lines, raw: light, light, dark, clamp: null, empty: light + dark === 0 };
}

export function risky(light: number[], dark: number[], over: Partial<RiskyCardInput> = {}): RiskyCardState {
  let state = createRiskyCard({
    rollerId: PLAYER.id,
    actorUuid: "Actor.sandboxMira0001",
    actorName: "Mira",
    rulesetId: "core",
    target: { kind: "attribute", attribute: "finesse" },
    reaction: false,
    light,
    dark,
    pool: pool(light.length, dark.length),
    egoBefore: 4,
    sayonara: false,
    singleDieServesBoth: true,
    weapon: null,
    rank: 1,
    combat: false,
    flags: { whirlwind: false, specialist: false, fast: false, slow: false },
    ...over,
  });
  // What the glue does when the world spends Ego at once (the card then offers the Undo).
  if (state.ego.cost > 0) state = markEgoSpent(state, PLAYER, state.version);
  return state;
}

/** A stored card, as the message's flags hold it (a result card's state is its view). */
export type CardDoc =
  | { readonly kind: "risky"; readonly state: RiskyCardState }
  /** `ruleset`: the world's, which reads the Effect (Core's when absent). */
  | { readonly kind: "challenge"; readonly state: ChallengeCardState; readonly ruleset?: Ruleset }
  | { readonly kind: "result"; readonly state: ResultCardView }
  | { readonly kind: "legacyRisky"; readonly state: LegacyRiskyState }
  | { readonly kind: "legacyEffect"; readonly state: LegacyEffectState }
  | { readonly kind: "legacyMontage"; readonly state: LegacyMontageState };

export interface CardFixture {
  readonly speaker: string;
  /** Who looks at (and clicks on) the card. */
  readonly user: CardUser;
  readonly card: CardDoc;
}

function whirlwindCard(): RiskyCardState {
  const state = risky([6, 6, 2], [4], {
    weapon: { name: "Long sword", rank: 3, tags: ["versatile", "heirloom"], twoHanded: true },
    rank: 3,
    combat: true,
    flags: { whirlwind: true, specialist: false, fast: false, slow: false },
    pool: pool(3, 1, "TERRAN.Attribute.finesse", [
      { id: "wound", label: "TERRAN.Wound.broken", dice: -1, rule: "R-HARM-4" },
    ]),
  });
  // The Effect die (a 6) exploded into a 6 and a 3.
  return confirmEffect(state, PLAYER, [6, 3], state.version);
}

/** The GM's Serious Challenge, the Brute's Fight, as rolled: 3 and 6, the 6 exploding into 6 and 2 (Effect 14). */
export function bruteCard(): ChallengeCardState {
  return createChallengeCard({
    rollerId: GM.id,
    challengeUuid: "Actor.sandboxBrute001",
    challengeName: "The Brute of Kessel Ford",
    facetName: "Fight",
    tierKey: "TERRAN.ChallengeTier.serious",
    stats: { dice: 2, halved: false },
    faces: [3, 6],
    chain: [6, 2],
  });
}

function challengeCard(): ChallengeCardState {
  const state = bruteCard();
  return recordHarm(
    state,
    GM,
    {
      model: "grit",
      targetName: "Mira",
      effect: 14,
      armour: 2,
      damage: 12,
      shieldSacrificed: false,
      gritBefore: 3,
      gritAfter: 0,
      wound: "broken",
      mortallyWounded: false,
      dead: false,
      userId: GM.id,
    },
    state.version,
  );
}

/** R-V-8 a confirmed Fail in a v0.6.2 world: the card offers the Panic Event with its odds. */
function panicFail(): RiskyCardState {
  const state = risky([3, 2], [], { rulesetId: "v062" });
  return confirmEffect(state, PLAYER, [], state.version);
}

/** R-ADV-2 a confirmed Fail with Tesla's +1d in the pool: the card offers Tesla's Effect. */
function teslaFail(): RiskyCardState {
  const lines: PoolLine[] = [{ id: "modifier", label: TESLA_LABEL, dice: 1, rule: "R-POOL-2" }];
  const state = risky([3, 2], [], { pool: pool(2, 0, "TERRAN.Attribute.finesse", lines), combat: true });
  return confirmEffect(state, PLAYER, [], state.version);
}

export const CARDS: Readonly<Record<string, () => CardFixture>> = {
  /** Precision 6 (Success) by default; clicking the 4 makes it Precision: Success with a consequence. */
  risky: () => ({ speaker: "Mira", user: PLAYER, card: { kind: "risky", state: risky([6, 4, 2], [5, 1]) } }),
  "risky-whirlwind": () => ({ speaker: "Mira", user: PLAYER, card: { kind: "risky", state: whirlwindCard() } }),
  /** A big pool: 4 Light and 4 Dark Dice, some costing Ego (a tray of 8 that must fit a 300 px chat). */
  "risky-big": () => ({
    speaker: "Mira",
    user: PLAYER,
    card: {
      kind: "risky",
      state: risky([6, 5, 3, 2], [4, 2, 5, 1], { pool: pool(4, 4) }),
    },
  }),
  reaction: () => ({
    speaker: "Mira",
    user: GM,
    card: {
      kind: "risky",
      state: risky([3], [2], {
        reaction: true,
        target: { kind: "save", group: "insight" },
        pool: pool(1, 1, "TERRAN.Save.insight"),
      }),
    },
  }),
  lost: () => ({
    speaker: "Dario",
    user: PLAYER,
    card: { kind: "risky", state: risky([], [1], { egoBefore: 1, actorName: "Dario", pool: pool(0, 1) }) },
  }),
  empty: () => ({
    speaker: "Dario",
    user: PLAYER,
    card: { kind: "risky", state: risky([], [], { actorName: "Dario", pool: pool(0, 0) }) },
  }),
  challenge: () => ({ speaker: "GM", user: GM, card: { kind: "challenge", state: challengeCard() } }),
  grit: () => ({
    speaker: "Mira",
    user: PLAYER,
    card: { kind: "result", state: gritResetCard({ actorName: "Mira", faces: [2, 5], dieHard: false, kind: "rest" }) },
  }),
  "ego-reset": () => ({
    speaker: "Mira",
    user: PLAYER,
    card: {
      kind: "result",
      state: egoResetCard({ actorName: "Mira", rulesetId: "core", faces: [3, 5], previous: { value: 0, max: 4 } }),
    },
  }),
  malaise: () => ({
    speaker: "Dario",
    user: PLAYER,
    card: { kind: "result", state: malaiseCard({ actorName: "Dario", face: 2, attribute: "finesse", dies: false }) },
  }),
  creation: () => ({
    speaker: "Ilse",
    user: PLAYER,
    card: { kind: "result", state: creationCard({ actorName: "Ilse", roll: { insight: 4, prowess: 2, resolve: 6 } }) },
  }),
  fortune: () => ({ speaker: "GM", user: GM, card: { kind: "result", state: fortuneCard({ face: 5, chance: 4 }) } }),
  brainwave: () => ({
    speaker: "Iris",
    user: PLAYER,
    card: {
      kind: "result",
      state: activationCard({
        actorName: "Iris",
        advancementName: "Brainwave",
        faces: [6, 3],
        band: "success",
        noteKey: "TERRAN.Activation.brainwaveSuccess",
        wound: null,
      }),
    },
  }),
  "tesla-risky": () => ({ speaker: "Mira", user: PLAYER, card: { kind: "risky", state: teslaFail() } }),
  "v062-panic": () => ({ speaker: "Mira", user: PLAYER, card: { kind: "risky", state: panicFail() } }),
  sayonara: () => ({
    speaker: "Mira",
    user: PLAYER,
    card: {
      kind: "result",
      state: sayonaraCard({
        actorName: "Mira",
        rulesetId: "core",
        old: { grit: { value: 1, max: 4 }, ego: { value: 2, max: 4 } },
        rolls: { grit: 5, ego: 3 },
      }),
    },
  }),
};
