/**
 * The sandbox's Legacy scenes: the Risky Action dialog of a Legacy character (rendered by
 * its pure model and template; its controls are not wired in the sandbox) and the Legacy cards (the
 * Risky Action, the separate Effect roll, harm to Critical and Mortal, the Advancement roll, the
 * creation roll), all from the real view builders.
 */
import {
  initialSeparateChoices,
  separateRollModel,
  type MontageWord,
  type SeparateRollChoices,
} from "../src/applications/resolution/separate-dialog-model.ts";
import { experienceRollCard, legacyCreationCard, legacyEffectCard, legacyHarmCard } from "../src/chat/legacy-cards.ts";
import { createLegacyMontageCard } from "../src/chat/legacy-montage-card.ts";
import { createChallengeCard } from "../src/chat/challenge-card.ts";
import type { MontageChallenge } from "../src/documents/operations/legacy-play.ts";
import { DEFAULT_DARK_MAX, LEGACY } from "../src/rules/index.ts";
import { legacySeasonedCharacter } from "../tests/fixtures/legacy-sheets.ts";
import type { CardFixture } from "./fixtures.ts";
import { bruteCard, GM, PLAYER } from "./fixtures.ts";
import {
  createLegacyEffectCard,
  createLegacyRiskyCard,
  recordHarm,
  type ChallengeCardState,
  type LegacyActionLink,
} from "../src/chat/index.ts";
import { render } from "./templates.ts";

const attribute = (id: string): string => `TERRAN.Character.FIELDS.ratings.attributes.${id}.label`;

/** The Legacy dialog scenes: id → the choices it opens with. */
/** R-LEG-14 the Challenge the montage scenes target. */
const STORM: MontageChallenge = {
  uuid: "Actor.sandboxStorm0001",
  name: "The storm on the pass",
  tier: "serious",
  n: 4,
  dice: 2,
  halved: false,
};

export const LEGACY_DIALOGS: Readonly<
  Record<
    string,
    {
      readonly title: string;
      readonly choices: Partial<SeparateRollChoices>;
      readonly target?: MontageChallenge;
      /** R-LEG-14 whose word the montage waits for (the player's view: the active GM, asked on Roll). */
      readonly montageWord?: MontageWord;
      /** The risk advisor opens with the dialog. */
      readonly advisorOpen?: boolean;
    }
  >
> = {
  legacy: {
    title: "Legacy roll dialog: Strength + Violence, Critically Wounded, one Dark Die",
    choices: { skill: "violence", dark: 1 },
  },
  // R-LEG-14 a montage against the one targeted Challenge: Roll asks the active GM's word that it cannot kill.
  "legacy-montage": {
    title: "Legacy roll dialog: a montage against a targeted Serious Challenge (Roll asks the GM first)",
    choices: { skill: "violence", dark: 1, montage: true },
    montageWord: "ask",
    target: STORM,
  },
  // R-LEG-14 the same montage with no GM online: it cannot start, and Roll says why.
  "legacy-montage-no-gm": {
    title: "Legacy roll dialog: a montage with no GM online (it cannot start)",
    choices: { skill: "violence", dark: 1, montage: true },
    montageWord: "none",
    target: STORM,
  },
  // The risk advisor open beside the Dark Dice stepper (src/applications/dialogs/advisor-view.ts).
  "legacy-advisor": {
    title: "Legacy roll dialog: the risk advisor open, two Dark Dice",
    choices: { skill: "violence", dark: 2 },
    advisorOpen: true,
  },
};

export function isLegacyDialogId(id: string): boolean {
  return Object.hasOwn(LEGACY_DIALOGS, id);
}

/** The Legacy dialog's body for scene `id`. */
export function renderLegacyDialog(id: string): string {
  const input = legacySeasonedCharacter();
  const choices = { ...initialSeparateChoices({ darkMax: DEFAULT_DARK_MAX }), ...(LEGACY_DIALOGS[id]?.choices ?? {}) };
  const target = LEGACY_DIALOGS[id]?.target ?? null;
  const view = separateRollModel(
    { ruleset: LEGACY, state: { source: input.system, items: input.items }, attribute: "strength" },
    choices,
    {
      darkMax: DEFAULT_DARK_MAX,
      montage: target,
      montageWord: LEGACY_DIALOGS[id]?.montageWord ?? "self",
      advisorOpen: LEGACY_DIALOGS[id]?.advisorOpen ?? false,
    },
  );
  return render("dialogs/legacy-roll-dialog.hbs", view);
}

const result = (
  state: CardFixture["card"] extends infer C ? (C extends { kind: "result"; state: infer S } ? S : never) : never,
): CardFixture => ({
  speaker: "Oskar",
  user: PLAYER,
  card: { kind: "result", state },
});

export const LEGACY_CARD_TITLES: Readonly<Record<string, string>> = {
  "legacy-risky": "Legacy: Risky Action card, its Effect buttons and Multi-attack's extra hit",
  "legacy-effect": "Legacy: Effect roll with a large axe (exploding), tied to its Risky Action",
  "legacy-effect-unlinked": "Legacy: Effect roll from the sheet, without a successful action",
  "legacy-harm": "Legacy: harm, Mortally Wounded, Agility lost",
  "legacy-advancement": "Legacy: Advancement roll",
  "legacy-creation": "Legacy: attributes rolled",
  "legacy-harm-protected": "Legacy: harm softened by Protected's Dark Dice (Ego spent)",
  "legacy-challenge-hp": "Legacy: a Challenge card's harm on HP (Protected's dice; one offered none)",
  "legacy-effect-sneak": "Legacy: Effect roll with Sneak attack's extra die",
  "legacy-montage": "Legacy: a montage (the Challenge's Effect, then the whole Challenge in one roll)",
  "legacy-gang-up": "Legacy: a Challenge's Effect, three Challenges ganging up",
};

/**
 * A Serious Challenge's card (Effect 14) whose harm two Legacy characters took on HP: Mira threw Protected's dice,
 * Oskar's were not offered.
 */
function challengeHpCard(): ChallengeCardState {
  const state = bruteCard();
  const base = {
    model: "hp",
    rulesetId: "legacy",
    effect: 14,
    shieldSacrificed: false,
    attributeLost: null,
    dead: false,
    userId: GM.id,
  } as const;
  const mira = recordHarm(
    state,
    GM,
    {
      ...base,
      targetName: "Mira",
      armour: 1,
      protectedFaces: [6, 5],
      protectedBy: 11,
      protectedSkipped: false,
      egoBefore: 5,
      egoAfter: 4,
      damage: 2,
      hpBefore: 6,
      hpAfter: 4,
      wound: null,
    },
    state.version,
  );
  return recordHarm(
    mira,
    GM,
    {
      ...base,
      targetName: "Oskar",
      armour: 0,
      protectedFaces: [],
      protectedBy: 0,
      protectedSkipped: true,
      egoBefore: 3,
      egoAfter: 3,
      damage: 14,
      hpBefore: 3,
      hpAfter: 0,
      wound: "critical",
    },
    mira.version,
  );
}

/** R-LEG-11 the large axe's Effect (2d, a 6 exploding twice): 15, tied to `action` or to none. */
function legacyEffect(action: LegacyActionLink | null): CardFixture {
  const state = createLegacyEffectCard({
    rollerId: PLAYER.id,
    actorUuid: "Actor.sandboxOskar0001",
    rulesetId: "legacy",
    rank: 4,
    versatileTwoHanded: false,
    improvised: false,
    extra: 0,
    roll: {
      actorName: "Oskar",
      toolName: "Large axe",
      tierLabelKey: "TERRAN.Tool.greater",
      faces: [6, 2],
      chain: [6, 3],
      kept: 6,
      halved: false,
      bonus: 0,
      total: 15,
    },
    action,
    order: "gm",
  });
  return { speaker: "Oskar", user: PLAYER, card: { kind: "legacyEffect", state } };
}

export const LEGACY_CARDS: Readonly<Record<string, () => CardFixture>> = {
  // R-LEG-11 R-LEG-15 a successful Risky Action: a button per held tool, and Multi-attack's extra hit.
  "legacy-risky": () => ({
    speaker: "Oskar",
    user: PLAYER,
    card: {
      kind: "legacyRisky",
      state: createLegacyRiskyCard({
        rollerId: PLAYER.id,
        actorUuid: "Actor.sandboxOskar0001",
        roll: {
          actorName: "Oskar",
          attributeLabelKey: attribute("strength"),
          skillLabelKey: "TERRAN.Character.FIELDS.ratings.skills.violence.label",
          light: [2, 5, 1],
          dark: [6],
          costly: [false],
          ego: { before: 3, after: 3 },
          lost: false,
        },
        tools: [
          { id: "sandboxAxe000001", name: "Large axe" },
          { id: "sandboxKnife0001", name: "Knife" },
        ],
        multiAttack: true,
      }),
    },
  }),
  // R-LEG-11 the Effect rolled from that card: tied to it, applied to a Challenge once.
  "legacy-effect": () => legacyEffect({ messageId: "sandboxRisky0001", hit: 0 }),
  // R-LEG-11 (ruling) an Effect rolled from the sheet: it says so, and applies to nothing.
  "legacy-effect-unlinked": () => legacyEffect(null),
  "legacy-harm": () =>
    result(
      legacyHarmCard({
        actorName: "Oskar",
        effect: 4,
        armour: 1,
        damage: 3,
        hp: { before: 0, after: 0, max: 5 },
        wound: "mortal",
        attributeLostLabelKey: attribute("agility"),
        dead: false,
        shieldSacrificed: false,
      }),
    ),
  "legacy-advancement": () =>
    result(
      experienceRollCard({
        actorName: "Oskar",
        kind: "advancement",
        skillLabelKey: null,
        faces: [6, 5, 4],
        sum: 15,
        target: 9,
        success: true,
        rating: null,
      }),
    ),
  "legacy-harm-protected": () =>
    result(
      legacyHarmCard({
        actorName: "Oskar",
        effect: 7,
        armour: 1,
        damage: 1,
        hp: { before: 5, after: 4, max: 5 },
        wound: null,
        attributeLostLabelKey: null,
        dead: false,
        shieldSacrificed: false,
        protected: { faces: [3, 2], by: 5, costly: [true, true], ego: { before: 3, after: 1 }, lost: false },
      }),
    ),
  "legacy-challenge-hp": () => ({
    speaker: "GM",
    user: GM,
    card: { kind: "challenge", state: challengeHpCard(), ruleset: LEGACY },
  }),
  "legacy-creation": () =>
    result(
      legacyCreationCard({
        actorName: "Oskar",
        rolls: [
          { labelKey: attribute("strength"), faces: [6, 2], rating: 2 },
          { labelKey: attribute("agility"), faces: [4, 1], rating: 1 },
          { labelKey: attribute("insight"), faces: [3, 5], rating: 1 },
          { labelKey: attribute("charisma"), faces: [1, 2], rating: 0 },
        ],
        hp: 5,
        ego: 3,
      }),
    ),
  "legacy-effect-sneak": () =>
    result(
      legacyEffectCard({
        actorName: "Oskar",
        toolName: "Sword",
        tierLabelKey: "TERRAN.Tool.normal",
        faces: [2, 5],
        chain: [],
        kept: 5,
        halved: false,
        bonus: 0,
        total: 5,
        extraKeys: ["TERRAN.Dialog.Legacy.edgeSneakAttack"],
      }),
    ),
  // R-LEG-14 a montage that succeeded: its card lowers the Challenge it names, once.
  "legacy-montage": () => ({
    speaker: "Oskar",
    user: PLAYER,
    card: {
      kind: "legacyMontage",
      state: createLegacyMontageCard({
        rollerId: PLAYER.id,
        actorUuid: "Actor.sandboxOskar0001",
        challengeUuid: "Actor.sandboxStorm0001",
        roll: {
          actorName: "Oskar",
          challengeName: "The storm on the pass",
          tierKey: "TERRAN.ChallengeTier.serious",
          challengeFaces: [4, 6],
          challengeChain: [2],
          challengeEffect: 8,
          complication: 2,
          attributeLabelKey: attribute("agility"),
          skillLabelKey: "TERRAN.Character.FIELDS.ratings.skills.survival.label",
          light: [3, 5],
          dark: [2],
          costly: [true],
          ego: { before: 3, after: 1 },
          lost: false,
        },
      }),
    },
  }),
  "legacy-gang-up": () => ({
    speaker: "GM",
    user: GM,
    card: {
      kind: "challenge",
      state: createChallengeCard({
        rollerId: GM.id,
        challengeUuid: "Actor.sandboxWolves001",
        challengeName: "Wolves",
        facetName: "Wolves",
        tierKey: "TERRAN.ChallengeTier.serious",
        stats: { dice: 2, halved: false },
        faces: [4, 2],
        chain: [],
        gangUp: 3,
      }),
      ruleset: LEGACY,
    },
  }),
};
