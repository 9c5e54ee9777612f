/**
 * The fuzz's table of the chat cards' entry points: every function risky-card.ts (with risky-card-view.ts,
 * applied.ts and card-views.ts), challenge-card.ts (and its health models' records, health/grit.ts and
 * health/hp.ts) and result-cards.ts export, called on valid inputs and on states reached by random play (and,
 * in the hostile half, on those with one stored value forged). `assertCovered` fails loudly when one of
 * these modules exports a function the table does not name.
 */
import fc from "fast-check";
import * as challengeCard from "../../src/chat/challenge-card.ts";
import * as gritRecords from "../../src/chat/health/grit.ts";
import * as hpRecords from "../../src/chat/health/hp.ts";
import * as resultCards from "../../src/chat/result-cards.ts";
import * as riskyCard from "../../src/chat/risky-card.ts";
import * as riskyView from "../../src/chat/risky-card-view.ts";
import * as applied from "../../src/chat/applied.ts";
import * as cardViews from "../../src/chat/card-views.ts";
import * as panicCard from "../../src/chat/panic-card.ts";
import {
  applyHpHarm,
  EGO_MAX,
  LEGACY,
  LIGHT_MAX,
  morale,
  spendEgo,
  V062,
  type Face,
  type HpWound,
} from "../../src/rules/index.ts";
import type { HpHarmEntry } from "../../src/chat/health/hp.ts";
import type { CardUser } from "../../src/chat/permissions.ts";
import * as A from "./arbitraries.ts";
import {
  appliedEntry,
  challengeInput,
  challengeState,
  harmAction,
  harmEntry,
  riskyAction,
  riskyInput,
  riskyState,
  user,
} from "./cards.ts";
import type { EntryPoint } from "./harness.ts";
import { assertCovered, entry } from "./rules-entries.ts";
import { CORE } from "../../src/rules/index.ts";

const t = fc.tuple;

/** A Grit harm record the card's rules would make, with the card's Effect it is checked against. */
const gritEntryWithValue = t(challengeState, harmAction)
  .map(([s, a]) => {
    const made = harmEntry(s, a);
    return made
      ? ([made.entry, challengeCard.challengeCardResult(s).effect.value] as [gritRecords.GritHarmEntry, number])
      : null;
  })
  .filter((x): x is [gritRecords.GritHarmEntry, number] => x !== null);

/**
 * An HP harm record (R-LEG-4 … R-LEG-6) for a card: computed by the rules from a random character (HP,
 * wound stage, armour, shield, Protected's dice, Ego) against the card's Effect, or — one time in four —
 * with one value forged (the record must then be refused).
 */
function hpEntry(state: challengeCard.ChallengeCardState): fc.Arbitrary<HpHarmEntry> {
  const effect = challengeCard.challengeCardResult(state).effect.value;
  return fc
    .record({
      hp: fc.integer({ min: 0, max: 6 }),
      wound: fc.constantFrom<HpWound>("none", "critical", "mortal"),
      body: fc.integer({ min: 0, max: 2 }),
      shield: fc.boolean(),
      sacrifice: fc.boolean(),
      faces: A.faces(3),
      ego: fc.integer({ min: 0, max: 8 }),
      forge: fc.constantFrom<keyof HpHarmEntry | null>(
        null,
        null,
        null,
        "damage",
        "hpAfter",
        "egoAfter",
        "protectedBy",
      ),
      name: fc.constantFrom("Mira", "Oskar"),
    })
    .map((c) => {
      const wound = c.hp > 0 ? "none" : c.wound;
      const armour = {
        body: c.body === 0 ? ("none" as const) : ("light" as const),
        bodyValue: c.body,
        shield: c.shield,
        shieldValue: 1,
        elephantSkin: false,
      };
      const ratings = { strength: 1, agility: 0, insight: 0, charisma: 0 };
      const r = applyHpHarm(LEGACY, { hp: c.hp, wound, dead: false, ratings, armour }, effect, {
        sacrificeShield: c.shield && c.sacrifice,
        protectedFaces: c.faces,
      });
      const cost = c.faces.length === 0 ? 0 : spendEgo(LEGACY, c.faces, Math.min(c.ego, LEGACY.ego.max)).cost;
      const entry: HpHarmEntry = {
        model: "hp",
        targetName: c.name,
        rulesetId: "legacy",
        effect,
        armour: r.assessment.armour,
        shieldSacrificed: r.shieldDestroyed,
        protectedFaces: c.faces as readonly Face[],
        protectedBy: r.assessment.protectedBy,
        protectedSkipped: false,
        egoBefore: c.ego,
        egoAfter: Math.max(0, c.ego - cost),
        damage: r.assessment.damage,
        hpBefore: c.hp,
        hpAfter: r.hp,
        wound: r.dead || r.wound === wound || r.wound === "none" ? null : r.wound,
        attributeLost: r.lost,
        dead: r.dead,
        userId: "player1",
      };
      return c.forge === null ? entry : { ...entry, [c.forge]: Number(entry[c.forge]) + 1 };
    });
}
/** Stored result cards as the builders make them (the hostile half forges one value in them). */
const resultView: fc.Arbitrary<resultCards.ResultCardView> = fc.oneof(
  fc
    .record({ actorName: fc.constantFrom("Mira", null), face: A.face, chance: fc.integer({ min: 1, max: 6 }) })
    .map(resultCards.fortuneCard),
  fc
    .record({
      actorName: fc.constantFrom("Mira", null),
      faces: A.faces(4),
      dieHard: fc.boolean(),
      kind: fc.constant("rest" as const),
    })
    .map(resultCards.gritResetCard),
  fc
    .record({
      actorName: fc.constantFrom("Mira", null),
      roll: fc.record({ insight: A.face, prowess: A.face, resolve: A.face }),
    })
    .map(resultCards.creationCard),
  fc
    .record({ actorName: fc.constantFrom("Mira", null), face: A.face, extra: fc.integer({ min: 1, max: 3 }) })
    .map(resultCards.skillRollCard),
);
const version = (s: { version: number }): fc.Arbitrary<number> =>
  fc.constantFrom(s.version, s.version, s.version - 1, s.version + 1);
const ego = (v: number): string | null => (v >= 0 && v <= EGO_MAX ? null : `Ego ${v}`);

/** Who looks at a card (`CardViewer`): a GM or a player, with a GM online or not, who may apply or not. */
const viewer = fc.record({
  id: fc.constantFrom("gm", "player1"),
  isGM: fc.boolean(),
  gmOnline: fc.boolean(),
  mayApply: fc.boolean(),
  mayApplyReason: fc.constantFrom(null, cardViews.CARD_REASON.notOwner),
});

export const CARD_ENTRIES: Readonly<Record<string, EntryPoint>> = {
  createRiskyCard: entry(riskyCard.createRiskyCard, t(riskyInput)),
  // R-V-8 closed with a reason whenever it cannot be taken; the odds sum to 1 when shown.
  panicOffer: entry(
    panicCard.panicOffer,
    t(
      riskyState,
      user,
      fc.boolean(),
      fc.option(fc.record({ egoDice: fc.integer({ min: 0, max: 4 }), panicked: fc.boolean() }), { nil: null }),
    ),
    {
      fractional: true,
      check: (offer, [, , taken]) => {
        if (offer === null) return null;
        if (taken && !offer.button.disabled) return "taken, yet open";
        if (offer.button.disabled !== (offer.button.tooltipKey !== null)) return "closed without a reason";
        const sum = offer.odds.reduce((a, o) => a + o.p, 0);
        return offer.odds.length === 0 || Math.abs(sum - 1) < 1e-12 ? null : `odds sum to ${sum}`;
      },
    },
  ),
  readPanicRecord: entry(panicCard.readPanicRecord, t(fc.anything())),
  riskyCardResult: entry(riskyCard.riskyCardResult, t(riskyState), {
    check: (r) => ego(r.ego.egoAfter) ?? (r.dice.length <= LIGHT_MAX + 20 ? null : "dice"),
  }),
  cardDice: entry(riskyCard.cardDice, t(riskyState)),
  isSlaughter: entry(riskyCard.isSlaughter, t(riskyState)),
  cardRank: entry(riskyCard.cardRank, t(riskyState), { check: (r) => (r >= 0 && r <= 4 ? null : `rank ${r}`) }),
  cardTags: entry(riskyCard.cardTags, t(riskyState)),
  effectChainNeeded: entry(
    riskyCard.effectChainNeeded,
    t(riskyState, fc.constantFrom("effect" as const, "second" as const)),
  ),
  selectDie: entry(
    riskyCard.selectDie,
    riskyState.chain((s) =>
      t(
        fc.constant(s),
        user,
        fc.integer({ min: 0, max: 9 }),
        fc.constantFrom("precision" as const, "effect" as const, "second" as const),
        version(s),
      ),
    ),
  ),
  allowEffect: entry(
    riskyCard.allowEffect,
    riskyState.chain((s) => t(fc.constant(s), user, fc.boolean(), version(s))),
  ),
  allowSuccess: entry(
    riskyCard.allowSuccess,
    riskyState.chain((s) => t(fc.constant(s), user, fc.boolean(), version(s))),
  ),
  confirmEffect: entry(
    riskyCard.confirmEffect,
    riskyState.chain((s) => t(fc.constant(s), user, A.faces(3), version(s))),
  ),
  confirmSecondHit: entry(
    riskyCard.confirmSecondHit,
    riskyState.chain((s) => t(fc.constant(s), user, A.faces(3), version(s))),
  ),
  markEgoSpent: entry(
    riskyCard.markEgoSpent,
    riskyState.chain((s) => t(fc.constant(s), user, version(s))),
  ),
  undoEgo: entry(
    riskyCard.undoEgo,
    riskyState.chain((s) => t(fc.constant(s), user, version(s))),
  ),
  recordApplied: entry(
    riskyCard.recordApplied,
    riskyState.chain((s) =>
      t(
        fc.constant(s),
        riskyAction.filter((a) => a.kind === "record"),
        version(s),
      ).map(([state, action, v]) => {
        const record = action;
        return [state, record.user, appliedEntry(state, record).entry, v] as [
          riskyCard.RiskyCardState,
          CardUser,
          applied.AppliedEntry,
          number,
        ];
      }),
    ),
  ),
  // R-RA-7 one record of an Effect applied, checked against the card's Effect (shared by the Legacy cards).
  checkAppliedEntry: entry(
    applied.checkAppliedEntry,
    fc
      .record({
        before: fc.integer({ min: 0, max: 40 }),
        effect: fc.integer({ min: 0, max: 30 }),
        armour: fc.integer({ min: 0, max: 3 }),
      })
      .map(({ before, effect, armour }) => {
        const after = Math.max(0, before - Math.max(0, effect - armour));
        const record = {
          hit: "effect" as const,
          targetName: "Wolf",
          facet: "Wolf",
          effect,
          armour,
          before,
          after,
          userId: "u",
        };
        return [record, "effect", effect] as [applied.AppliedEntry, "effect", number];
      }),
  ),
  assertRiskyCardState: entry(riskyCard.assertRiskyCardState, t(riskyState)),
  assertDieRole: entry(riskyCard.assertDieRole, t(fc.constantFrom("precision", "effect", "second"))),
  assertChallengeCardState: entry(challengeCard.assertChallengeCardState, t(challengeState)),
  createChallengeCard: entry(challengeCard.createChallengeCard, t(challengeInput)),
  challengeCardResult: entry(challengeCard.challengeCardResult, t(challengeState), {
    check: (r) => (r.effect.value >= 1 ? null : `Effect ${r.effect.value}`),
  }),
  harmRecorded: entry(
    challengeCard.harmRecorded,
    t(
      challengeState,
      fc.record(
        { name: fc.constantFrom("Mira", "Oskar"), uuid: fc.constantFrom("5", "7", "Actor.a") },
        { requiredKeys: ["name"] },
      ),
    ),
  ),
  harmFollowsFromRules: entry(
    gritRecords.harmFollowsFromRules,
    t(challengeState, harmAction)
      .map(([s, a]) => harmEntry(s, a)?.entry)
      .filter((e): e is gritRecords.GritHarmEntry => e !== undefined)
      .map((e) => [e] as [gritRecords.GritHarmEntry]),
  ),
  assertGritHarmEntry: entry(gritRecords.assertGritHarmEntry, gritEntryWithValue),
  readGritChoice: entry(
    gritRecords.readGritChoice,
    t(
      fc.record({
        model: fc.constant("grit"),
        sacrificeShield: fc.boolean(),
        woundTrack: fc.constantFrom(null, "stressed", "broken", "weary"),
      }),
    ),
  ),
  readHpChoice: entry(
    hpRecords.readHpChoice,
    t(
      fc.record({
        model: fc.constant("hp"),
        sacrificeShield: fc.boolean(),
        protectedDice: fc.nat({ max: 4 }),
        lostAttribute: fc.constantFrom(null, "strength", "agility"),
      }),
    ),
  ),

  cleanGritHarmEntry: entry(gritRecords.cleanGritHarmEntry, gritEntryWithValue),
  gritHarmView: entry(gritRecords.gritHarmView, gritEntryWithValue),
  recordHarm: entry(
    challengeCard.recordHarm,
    challengeState.chain((s) =>
      t(fc.constant(s), harmAction, version(s))
        .map(([state, action, v]) => {
          const made = harmEntry(state, action);
          return made
            ? ([state, action.user, made.entry, v] as [
                challengeCard.ChallengeCardState,
                CardUser,
                gritRecords.GritHarmEntry,
                number,
              ])
            : null;
        })
        .filter(
          (x): x is [challengeCard.ChallengeCardState, CardUser, gritRecords.GritHarmEntry, number] => x !== null,
        ),
    ),
  ),
  recordHarmOnHitPoints: entry(
    challengeCard.recordHarm,
    challengeState.chain((s) => t(fc.constant(s), user, hpEntry(s), version(s))),
  ),
  hpHarmFollowsFromRules: entry(
    hpRecords.hpHarmFollowsFromRules,
    challengeState.chain((s) => t(hpEntry(s))),
  ),
  assertHpHarmEntry: entry(
    hpRecords.assertHpHarmEntry,
    challengeState.chain((s) => t(hpEntry(s), fc.constant(challengeCard.challengeCardResult(s).effect.value))),
  ),
  cleanHpHarmEntry: entry(
    hpRecords.cleanHpHarmEntry,
    challengeState.chain((s) => t(hpEntry(s), fc.constant(challengeCard.challengeCardResult(s).effect.value))),
  ),
  hpHarmView: entry(
    hpRecords.hpHarmView,
    challengeState.chain((s) => t(hpEntry(s), fc.constant(challengeCard.challengeCardResult(s).effect.value))),
  ),
  challengeCardView: entry(
    challengeCard.challengeCardView,
    t(
      challengeState,
      fc.record({
        id: fc.constantFrom("gm", "player1"),
        isGM: fc.boolean(),
        gmOnline: fc.boolean(),
        mayApply: fc.boolean(),
        mayApplyReason: fc.constant(null),
        offerHarm: fc.boolean(),
        ruleset: fc.constantFrom(CORE, LEGACY),
      }),
    ),
  ),
  // The Risky card's view (R-RA-1 … R-RA-10): what its template shows any viewer, from any state play reaches.
  riskyCardView: entry(riskyView.riskyCardView, t(riskyState, viewer)),
  gritResetCard: entry(
    resultCards.gritResetCard,
    t(
      fc.record({
        actorName: fc.constantFrom("Mira", null),
        faces: A.faces(4),
        dieHard: fc.boolean(),
        kind: fc.constantFrom("rest" as const, "advancement" as const),
        poorNight: fc.boolean(),
        poorFood: fc.boolean(),
        asceticism: fc.boolean(),
        previous: A.gritTrack,
      }),
    ),
  ),
  egoResetCard: entry(
    resultCards.egoResetCard,
    t(
      fc.record({
        actorName: fc.constantFrom("Mira", null),
        rulesetId: A.rulesetId,
        faces: A.faces(3),
        previous: A.egoTrack,
      }),
    ),
  ),
  // R-V-16 the card of a Morale roll the rules made, for the Challenge or a facet.
  moraleCard: entry(
    (faces: number[], chain: number[], facetName: string | null) => {
      const stats = { tier: "serious" as const, disposition: 10, dice: 2, halved: false, n: null };
      const tables = { tiers: V062.challengeTiers, rows: V062.morale ?? [] };
      const outcome = morale(tables, stats, 10, faces, chain);
      return resultCards.moraleCard({ actorName: "Salt Brute", facetName, faces, chain, outcome });
    },
    t(A.faces(2), fc.array(A.face, { maxLength: 3 }), fc.constantFrom("Nerve", null)),
  ),
  malaiseCard: entry(
    resultCards.malaiseCard,
    t(
      fc.record({
        actorName: fc.constantFrom("Mira", null),
        face: A.face,
        attribute: fc.option(A.attribute, { nil: null }),
        dies: fc.boolean(),
      }),
    ),
  ),
  creationCard: entry(
    resultCards.creationCard,
    t(
      fc.record({
        actorName: fc.constantFrom("Mira", null),
        roll: fc.record({ insight: A.face, prowess: A.face, resolve: A.face }),
      }),
    ),
  ),
  // R-V-6 the extra skills die: a face, or refused.
  skillRollCard: entry(
    resultCards.skillRollCard,
    t(
      fc.record({
        actorName: fc.constantFrom("Mira", null),
        face: fc.integer({ min: 0, max: 7 }),
        extra: fc.integer({ min: 1, max: 3 }),
      }),
    ),
    { check: (v) => (v.dice.every((d) => d.face >= 1 && d.face <= 6) ? null : "a die off its faces") },
  ),
  startingTrackCard: entry(
    resultCards.startingTrackCard,
    t(
      fc.record({
        actorName: fc.constantFrom("Mira", null),
        track: fc.constantFrom("grit" as const, "ego" as const),
        faces: A.faces(3),
        dieHard: fc.boolean(),
      }),
    ),
  ),
  assertResultCardView: entry(resultCards.assertResultCardView, t(resultView), {
    check: (v, [view]) => (v === view ? null : "not the card it was given"),
  }),
  fortuneCard: entry(
    resultCards.fortuneCard,
    t(fc.record({ actorName: fc.constantFrom("Mira", null), face: A.face, chance: fc.integer({ min: 1, max: 6 }) })),
  ),
  sayonaraCard: entry(
    resultCards.sayonaraCard,
    t(
      fc.record({
        actorName: fc.constantFrom("Mira", null),
        rulesetId: A.rulesetId,
        old: fc.record({ grit: A.gritTrack, ego: A.egoTrack }),
        rolls: fc.record({ grit: A.small, ego: A.ego }),
      }),
    ),
  ),
};

/** Exports of the card modules that are not entry points (with why). */
export const NOT_CARD_ENTRY_POINTS: Readonly<Record<string, string>> = {
  taggedChallengeCard:
    "reshapes a stored card unchecked; assertChallengeCardState checks what it gives (harmRecorded reads names)",
  gritChoiceMade: "reads a choice readGritChoice returned (the step's only input to it)",
  hpChoiceMade: "reads a choice readHpChoice returned (the step's only input to it)",
  resultLine: "a line of a result card, built by every card function above from its checked input",
  resultCard: "a result card's frame, built by every card function above from its checked parts",
  applyOnceButton: "an Apply button of a card's view, built by the views above from their checked states",
  appliedRowView: "an applied record's row in a card's view, built by the views above from their checked records",
  signed: "a signed count in a card's view, formatted by the views above from their checked numbers",
  labelOf: "a label of a card's view (an i18n key or a user's text), read by the views above from checked states",
};

assertCovered("src/chat/risky-card.ts", riskyCard, CARD_ENTRIES, NOT_CARD_ENTRY_POINTS);
assertCovered("src/chat/risky-card-view.ts", riskyView, CARD_ENTRIES, NOT_CARD_ENTRY_POINTS);
assertCovered("src/chat/applied.ts", applied, CARD_ENTRIES, NOT_CARD_ENTRY_POINTS);
assertCovered("src/chat/card-views.ts", cardViews, CARD_ENTRIES, NOT_CARD_ENTRY_POINTS);
assertCovered("src/chat/challenge-card.ts", challengeCard, CARD_ENTRIES, NOT_CARD_ENTRY_POINTS);
assertCovered("src/chat/health/grit.ts", gritRecords, CARD_ENTRIES, NOT_CARD_ENTRY_POINTS);
assertCovered("src/chat/health/hp.ts", hpRecords, CARD_ENTRIES, NOT_CARD_ENTRY_POINTS);
assertCovered("src/chat/result-cards.ts", resultCards, CARD_ENTRIES, NOT_CARD_ENTRY_POINTS);
assertCovered("src/chat/panic-card.ts", panicCard, CARD_ENTRIES, NOT_CARD_ENTRY_POINTS);
