/**
 * Stored lists are bounded by what a real roll makes (`STORED_LIST_MAX`): a card holding more is refused as
 * damaged before any entry is read, so a forged card of a million dice costs every client nothing.
 */
import { describe, expect, it } from "vitest";
import {
  assertChallengeCardState,
  assertLegacyEffectState,
  assertLegacyMontageState,
  assertLegacyRiskyState,
  assertResultCardView,
  assertRiskyCardState,
  confirmEffect,
  createChallengeCard,
  createLegacyMontageCard,
  type ChallengeCardState,
  type HarmRecord,
  type LegacyEffectState,
  type LegacyMontageState,
  type LegacyRiskyState,
  type ResultCardView,
  type RiskyCardState,
} from "../../src/chat/index.ts";
import { RulesError, STORED_LIST_MAX } from "../../src/rules/index.ts";
import { card, ROLLER } from "./fixtures.ts";

const as = <T>(value: unknown): T => value as T;
const sixes = (n: number): number[] => Array.from({ length: n }, () => 6);
const ones = (n: number): number[] => Array.from({ length: n }, () => 1);

/** The check refuses the state with a bounds message (not some later complaint about an entry). */
function refusedAsTooLong(check: () => unknown): void {
  let caught: unknown = null;
  try {
    check();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(RulesError);
  expect((caught as RulesError).message).toMatch(/more than a real roll makes|montage costs|between/);
}

function challengeCard(): ChallengeCardState {
  return createChallengeCard({
    rollerId: "gm",
    challengeUuid: "Actor.vault",
    challengeName: "Vault",
    facetName: "Vault",
    stats: { dice: 1, halved: false },
    faces: [3],
    chain: [],
  });
}

function montage(shares: { actorUuid: string; name: string; pays: number }[]): LegacyMontageState {
  return as<LegacyMontageState>({
    version: 0,
    rollerId: ROLLER.id,
    actorUuid: "Actor.mira",
    challengeUuid: "Actor.vault",
    applied: [],
    roll: {
      actorName: "Mira",
      attributeLabelKey: "TERRAN.Legacy.Attribute.agility",
      skillLabelKey: null,
      light: [4],
      dark: [2, 1],
      costly: [true, true],
      ego: { before: 4, after: 0 },
      lost: false,
      challengeName: "Vault",
      tierKey: "TERRAN.ChallengeTier.dangerous",
      challengeFaces: [3],
      challengeChain: [],
      challengeEffect: 3,
      complication: 0,
    },
    shares: shares.map((s) => ({ ...s, paid: false })),
  });
}

describe("stored card lists are bounded by a real roll (a forged card of 10^6 dice is refused at once)", () => {
  it("the bound is one hundred entries", () => {
    expect(STORED_LIST_MAX).toBe(100);
  });

  it("R-RA-1 a Risky card of more Light or Dark Dice than any pool, or 10^6 of them, is refused", () => {
    const fresh = card([5, 3]);
    refusedAsTooLong(() => assertRiskyCardState({ ...fresh, light: as<RiskyCardState["light"]>(ones(101)) }));
    refusedAsTooLong(() => assertRiskyCardState({ ...fresh, dark: as<RiskyCardState["dark"]>(ones(1e6)) }));
  });

  it("R-RA-3 a Risky card's explosion chain longer than 100 dice is refused (a valid chain of 6s, then a 1)", () => {
    const confirmed = confirmEffect(card([6, 6]), ROLLER, [6, 2], 0);
    const chain = as<readonly (1 | 2 | 3 | 4 | 5 | 6)[]>([...sixes(STORED_LIST_MAX), 1]);
    refusedAsTooLong(() => assertRiskyCardState({ ...confirmed, effect: { chain } }));
    // A chain of 99 sixes and a 1 is as long as a real roll can make: it is read.
    const longest = as<readonly (1 | 2 | 3 | 4 | 5 | 6)[]>([...sixes(STORED_LIST_MAX - 1), 1]);
    expect(() => assertRiskyCardState({ ...confirmed, effect: { chain: longest } })).not.toThrow();
  });

  it("R-RA-7 a Risky card recording more applications than it has hits is refused", () => {
    const entry = { hit: "effect", targetName: "Vault", facet: "Vault", effect: 3, before: 5, after: 2, userId: "gm" };
    const forged = as<RiskyCardState>({ ...card([5, 3]), applied: [entry, entry, entry] });
    refusedAsTooLong(() => assertRiskyCardState(forged));
  });

  it("R-CH-2 a Challenge card of 10^6 dice, or a chain of 10^6 explosions, is refused", () => {
    const base = challengeCard();
    refusedAsTooLong(() =>
      assertChallengeCardState({ ...base, stats: { dice: 1e6, halved: false }, faces: as(ones(1e6)) }),
    );
    refusedAsTooLong(() => assertChallengeCardState({ ...base, faces: [6], chain: as([...sixes(1e6), 1]) }));
    refusedAsTooLong(() => assertChallengeCardState({ ...base, stats: { dice: 101, halved: false } }));
  });

  it("R-CH-4 a Challenge card recording harm on more characters than any table holds is refused", () => {
    const base = challengeCard();
    refusedAsTooLong(() =>
      assertChallengeCardState({ ...base, harm: as<HarmRecord[]>(Array.from({ length: 101 }, () => ({}))) }),
    );
    // A card stored before the records were tagged.
    refusedAsTooLong(() =>
      assertChallengeCardState({ ...base, harm: [], hpHarm: as<[]>(Array.from({ length: 101 }, () => ({}))) }),
    );
  });

  it("R-LEG-9 a Legacy Risky card of too many dice or tools is refused", () => {
    const state = as<LegacyRiskyState>({
      version: 0,
      rollerId: ROLLER.id,
      actorUuid: "Actor.mira",
      roll: {
        actorName: "Mira",
        attributeLabelKey: "TERRAN.Legacy.Attribute.agility",
        skillLabelKey: null,
        light: [4],
        dark: [],
        costly: [],
        ego: { before: 4, after: 4 },
        lost: false,
      },
      tools: [],
      multiAttack: false,
      effects: [],
    });
    expect(() => assertLegacyRiskyState(state)).not.toThrow();
    refusedAsTooLong(() => assertLegacyRiskyState({ ...state, roll: { ...state.roll, light: ones(1e6) } }));
    const tools = Array.from({ length: 101 }, (_, i) => ({ id: `t${i}`, name: "Knife" }));
    refusedAsTooLong(() => assertLegacyRiskyState({ ...state, tools }));
  });

  it("R-LEG-11 a Legacy Effect card's chain of 10^6 dice is refused before its Effect is read", () => {
    const state = as<LegacyEffectState>({
      version: 0,
      rollerId: ROLLER.id,
      actorUuid: "Actor.mira",
      rulesetId: "legacy",
      rank: 1,
      versatileTwoHanded: false,
      improvised: false,
      extra: 0,
      roll: { toolName: "Knife", tierLabelKey: "TERRAN.Tier.1", faces: [6], chain: [...sixes(1e6), 1], total: 0 },
      action: null,
      order: "gm",
      applied: [],
    });
    refusedAsTooLong(() => assertLegacyEffectState(state));
  });

  it("R-LEG-14 (ruling) a montage's shares never ask more than the montage costs", () => {
    // Two costly Dark Dice at 2 each: the montage costs 4.
    expect(() => createLegacyMontageCard(montage([{ actorUuid: "Actor.ash", name: "Ash", pays: 4 }]))).not.toThrow();
    refusedAsTooLong(() => assertLegacyMontageState(montage([{ actorUuid: "Actor.ash", name: "Ash", pays: 5 }])));
    const many = Array.from({ length: 5 }, (_, i) => ({ actorUuid: `Actor.c${i}`, name: `C${i}`, pays: 1 }));
    refusedAsTooLong(() => assertLegacyMontageState(montage(many)));
  });

  it("a result card of 10^6 dice is refused", () => {
    const view = as<ResultCardView>({
      cssClass: "result-card",
      titleKey: "TERRAN.Card.Fortune.title",
      actorName: null,
      noteKey: null,
      tone: "neutral",
      dice: Array.from({ length: 1e6 }, () => ({ face: 1, cssClass: "die" })),
      lines: [],
    });
    refusedAsTooLong(() => assertResultCardView(view));
  });
});
