/**
 * Bench of the chat cards (src/chat/): the time to show a card, view model + template render, as every
 * client does when a chat message is rendered or updated. The templates are compiled once, as Foundry
 * caches them, and rendered with the same stand-in helpers as the tests (tests/support/templates.ts).
 */
import {
  challengeCardView,
  confirmEffect,
  confirmSecondHit,
  createChallengeCard,
  createRiskyCard,
  markEgoSpent,
  recordApplied,
  riskyCardView,
  selectDie,
  type CardUser,
  type CardViewer,
  type RiskyCardInput,
  type RiskyCardState,
} from "../src/chat/index.ts";
import { CORE } from "../src/rules/index.ts";
import { compileTemplate } from "../tests/support/templates.ts";
import { median, ms, p99, type BenchReport } from "./stats.ts";

const WARM_UP_PASSES = 20;
const PASSES = 200;
const MEDIAN_TARGET_MS = 5;
const P99_TARGET_MS = 10;

const ROLLER: CardUser = { id: "player1", isGM: false };
const GM: CardUser = { id: "gm", isGM: true };
const VIEWERS: readonly CardViewer[] = [
  { ...ROLLER, gmOnline: true, mayApply: true, mayApplyReason: null },
  { id: "player2", isGM: false, gmOnline: false, mayApply: false, mayApplyReason: "TERRAN.Card.Reason.noGm" },
  { ...GM, gmOnline: true, mayApply: true, mayApplyReason: null },
];

function input(light: number[], dark: number[], partial: Partial<RiskyCardInput> = {}): RiskyCardInput {
  const lines = [
    { id: "position" as const, label: "TERRAN.Pool.position", dice: 1, rule: "R-POOL-2" },
    { id: "modifier" as const, label: "Lucky charm", dice: -1, rule: "R-POOL-2" },
  ];
  return {
    rollerId: ROLLER.id,
    actorUuid: "Actor.abc",
    actorName: "Mira of the Long Road",
    rulesetId: "core",
    target: { kind: "attribute", attribute: "finesse" },
    reaction: false,
    light,
    dark,
    pool: {
      base: light.length,
      baseLabel: "TERRAN.Attribute.finesse",
      lines,
      raw: light.length,
      light: light.length,
      dark: dark.length,
      clamp: null,
      empty: light.length + dark.length === 0,
    },
    egoBefore: 4,
    sayonara: false,
    singleDieServesBoth: true,
    weapon: { name: "Long sword", rank: 3, tags: ["versatile"], twoHanded: true },
    rank: 1,
    combat: true,
    flags: { whirlwind: true, specialist: false, fast: false, slow: false },
    ...partial,
  };
}

/**
 * The card's life: fresh (a full pool of 4 Light + 10 Dark), re-chosen, Ego spent, confirmed, second hit, applied; and
 * the edge cards.
 */
export function cardStates(): RiskyCardState[] {
  const fresh = createRiskyCard(input([6, 3, 5, 2], [4, 6, 1, 2, 5, 3, 6, 1, 4, 2]));
  const chosen = selectDie(fresh, ROLLER, 2, "precision", 0);
  const spent = markEgoSpent(chosen, ROLLER);
  const confirmed = confirmEffect(spent, ROLLER, [6, 2], spent.version);
  const second = confirmSecondHit(confirmed, ROLLER, [6, 1], confirmed.version);
  const applied = recordApplied(second, GM, {
    hit: "effect",
    targetName: "Brute",
    facet: "Fight",
    effect: 17,
    before: 20,
    after: 3,
    userId: ROLLER.id,
  });
  const empty = createRiskyCard(input([], [], { weapon: null }));
  const reaction = createRiskyCard(input([5, 4], [1], { reaction: true, target: { kind: "save", group: "prowess" } }));
  return [fresh, chosen, spent, confirmed, second, applied, empty, reaction];
}

export function benchCard(): BenchReport {
  const renderRisky = compileTemplate("chat/risky-card.hbs");
  const renderChallenge = compileTemplate("chat/challenge-card.hbs");
  const cards = cardStates();
  const challenge = createChallengeCard({
    rollerId: GM.id,
    challengeUuid: "Actor.brute",
    challengeName: "Brute",
    facetName: "Fight",
    tierKey: "TERRAN.ChallengeTier.formidable",
    stats: { dice: 3, halved: false },
    faces: [2, 6, 4],
    chain: [6, 3],
  });

  let checksum = 0;
  const riskyTimes: number[] = [];
  const clickTimes: number[] = [];
  const challengeTimes: number[] = [];
  const pass = (record: boolean): void => {
    for (const state of cards) {
      for (const viewer of VIEWERS) {
        const t0 = performance.now();
        const html = renderRisky(riskyCardView(state, viewer));
        const t1 = performance.now();
        checksum += html.length;
        if (record) riskyTimes.push(t1 - t0);
      }
    }
    // A click as the roller's client handles it: the transition, then the card re-rendered.
    const fresh = cards[0];
    if (fresh) {
      const t0 = performance.now();
      const next = selectDie(fresh, ROLLER, 1, "precision", fresh.version);
      const html = renderRisky(
        riskyCardView(next, VIEWERS[0] ?? { ...ROLLER, gmOnline: true, mayApply: true, mayApplyReason: null }),
      );
      const t1 = performance.now();
      checksum += html.length;
      if (record) clickTimes.push(t1 - t0);
    }
    for (const viewer of VIEWERS) {
      const t0 = performance.now();
      const html = renderChallenge(challengeCardView(challenge, { ...viewer, offerHarm: true, ruleset: CORE }));
      const t1 = performance.now();
      checksum += html.length;
      if (record) challengeTimes.push(t1 - t0);
    }
  };
  for (let i = 0; i < WARM_UP_PASSES; i++) pass(false);
  for (let i = 0; i < PASSES; i++) pass(true);

  const checks = (label: string, times: readonly number[]): BenchReport["checks"] => {
    const m = median(times);
    const p = p99(times);
    return [
      { label: `${label}: median`, value: ms(m), target: `<= ${MEDIAN_TARGET_MS} ms`, pass: m <= MEDIAN_TARGET_MS },
      { label: `${label}: p99`, value: ms(p), target: `<= ${P99_TARGET_MS} ms`, pass: p <= P99_TARGET_MS },
    ];
  };
  return {
    name: "card - chat card render (src/chat/ view models + templates/chat/*.hbs)",
    notes: [
      `Risky Action card: ${cards.length} states (fresh 4 Light + 10 Dark, re-chosen, Ego spent, confirmed with an explosion,`,
      `second hit, applied, empty pool, Reaction) x ${VIEWERS.length} viewers (roller, other player with no GM, GM) per pass;`,
      `"click" = selectDie + riskyCardView + render; Challenge card: 3 dice with an explosion x ${VIEWERS.length} viewers.`,
      `${PASSES} timed passes after ${WARM_UP_PASSES} warm-up passes; templates compiled once (Foundry caches them).`,
      `checksum ${checksum}`,
    ],
    checks: [
      ...checks("risky card view + render", riskyTimes),
      ...checks("click + view + render", clickTimes),
      ...checks("challenge card view + render", challengeTimes),
    ],
  };
}
