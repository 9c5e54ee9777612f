/**
 * The Legacy Risky card's next step and the Effect card tied to it (src/chat/legacy-*-card.ts):
 * states, transitions and views, drawn with the real templates (strict Handlebars).
 */
import { describe, expect, it } from "vitest";
import {
  assertLegacyEffectState,
  assertLegacyMontageState,
  createLegacyMontageCard,
  legacyMontageView,
  recordMontageApplied,
  assertLegacyRiskyState,
  challengeCardView,
  claimEffectRoll,
  createLegacyEffectCard,
  createLegacyRiskyCard,
  legacyEffectRolledAs,
  legacyEffectView,
  legacyRiskyHits,
  legacyRiskyView,
  linkEffectCard,
  recordLegacyApplied,
  releaseEffectClaim,
  type LegacyEffectInput,
  type LegacyRiskyInput,
  type LegacyRiskyState,
} from "../../src/chat/index.ts";
import { english } from "../support/templates.ts";
import { challenge, challengeViewer, expectCode, GM, OTHER, renderDom, ROLLER, text, viewer } from "./fixtures.ts";

const SWORD = { id: "sword0000000001", name: "Sword" };
const AXE = { id: "axe000000000001", name: "Axe" };

function risky(light: number[], dark: number[] = [], partial: Partial<LegacyRiskyInput> = {}): LegacyRiskyState {
  return createLegacyRiskyCard({
    rollerId: ROLLER.id,
    actorUuid: "Actor.oskar",
    roll: {
      actorName: "Oskar",
      attributeLabelKey: "TERRAN.Character.FIELDS.ratings.attributes.strength.label",
      skillLabelKey: null,
      light,
      dark,
      costly: dark.map(() => false),
      ego: { before: 3, after: 3 },
      lost: false,
    },
    tools: [SWORD, AXE],
    multiAttack: false,
    ...partial,
  });
}

function effect(partial: Partial<LegacyEffectInput> = {}) {
  return createLegacyEffectCard({
    rollerId: ROLLER.id,
    actorUuid: "Actor.oskar",
    rulesetId: "legacy",
    rank: 2,
    versatileTwoHanded: false,
    improvised: false,
    extra: 0,
    roll: {
      actorName: "Oskar",
      toolName: "Sword",
      tierLabelKey: "TERRAN.Tool.normal",
      faces: [5],
      chain: [],
      kept: 5,
      halved: false,
      bonus: 0,
      total: 5,
    },
    action: { messageId: "riskyMessage0001", hit: 0 },
    order: "gm",
    ...partial,
  });
}

const entry = (before: number, after: number) => ({
  hit: "effect" as const,
  targetName: "Wolf",
  facet: "Wolf",
  effect: 5,
  armour: 0,
  before,
  after,
  userId: ROLLER.id,
});

describe("Legacy Risky card: the next step", () => {
  it("R-LEG-11 (ruling): a Success offers one Effect roll per held tool; a Fail offers none", () => {
    const won = legacyRiskyView(risky([4, 2]), ROLLER);
    expect(won.tools.map((t) => [t.name, t.disabled])).toEqual([
      ["Sword", false],
      ["Axe", false],
    ]);
    const root = renderDom("chat/legacy-risky-card.hbs", won);
    const buttons = [...root.querySelectorAll<HTMLButtonElement>('button[data-action="roll-effect"]')];
    expect(buttons.map((b) => [b.dataset.index, text(b)])).toEqual([
      ["0", english("TERRAN.Card.Legacy.rollEffect").replace("{tool}", "Sword")],
      ["1", english("TERRAN.Card.Legacy.rollEffect").replace("{tool}", "Axe")],
    ]);
    const lost = legacyRiskyView(risky([3, 1]), ROLLER);
    expect(lost.tools).toEqual([]);
    expect(renderDom("chat/legacy-risky-card.hbs", lost).querySelector("button")).toBeNull();
  });

  it("R-LEG-11: with no tool held, a Success says how to get one", () => {
    const view = legacyRiskyView(risky([6], [], { tools: [] }), ROLLER);
    expect(view.noToolKey).toBe("TERRAN.Card.Legacy.noTool");
    expect(text(renderDom("chat/legacy-risky-card.hbs", view).querySelector(".no-tool"))).toBe(
      english("TERRAN.Card.Legacy.noTool"),
    );
  });

  it("R-LEG-11: another player sees the buttons disabled, with the reason as their tooltip", () => {
    const view = legacyRiskyView(risky([5]), OTHER);
    expect(view.tools.every((t) => t.disabled && t.tooltipKey === "TERRAN.Card.Reason.notRoller")).toBe(true);
    expect(legacyRiskyView(risky([5]), GM).tools.every((t) => !t.disabled)).toBe(true);
  });

  it("R-LEG-11: the Effect is rolled once: the claim takes the hit, the card names the Effect card, and the button closes", () => {
    const claimed = claimEffectRoll(risky([5]), ROLLER, 1, 0);
    expect(claimed).toMatchObject({ hit: 0, tool: AXE });
    expect(claimed.state.version).toBe(1);
    expectCode(() => claimEffectRoll(claimed.state, ROLLER, 0, 1), "not-allowed");
    const linked = linkEffectCard(claimed.state, 0, "effectMessage001");
    expect(legacyEffectRolledAs(linked, 0, "effectMessage001")).toBe(true);
    expect(legacyEffectRolledAs(linked, 0, "someOtherCard001")).toBe(false);
    const view = legacyRiskyView(linked, ROLLER);
    expect(view.tools.every((t) => t.disabled && t.tooltipKey === "TERRAN.Card.Reason.allRolled")).toBe(true);
    expect(view.rolled).toEqual([{ toolName: "Axe", messageId: "effectMessage001", n: 1 }]);
  });

  it("R-LEG-11: a claim given back (the roll was cancelled) opens the hit again", () => {
    const claimed = claimEffectRoll(risky([5]), ROLLER, 0, 0);
    const back = releaseEffectClaim(claimed.state, 0);
    expect(back.effects).toEqual([]);
    expect(claimEffectRoll(back, ROLLER, 0, back.version).hit).toBe(0);
  });

  it("R-LEG-11: a Fail, another player, a stale click and a tool not held are refused", () => {
    expectCode(() => claimEffectRoll(risky([2]), ROLLER, 0, 0), "not-allowed");
    expectCode(() => claimEffectRoll(risky([6]), OTHER, 0, 0), "not-allowed");
    expectCode(() => claimEffectRoll(risky([6]), ROLLER, 0, 3), "stale");
    expectCode(() => claimEffectRoll(risky([6]), ROLLER, 2, 0), "out-of-range");
  });

  it("R-LEG-15 (ruling): Multi-attack shows one extra hit per Dark Die showing 6, on a Success only, each rolled once", () => {
    const state = risky([2], [6, 6, 3], { multiAttack: true });
    expect(legacyRiskyHits(state)).toBe(3);
    const view = legacyRiskyView(state, ROLLER);
    expect(view.lines).toContainEqual(
      expect.objectContaining({ labelKey: "TERRAN.Card.Legacy.multiAttack", n: 2, value: "2" }),
    );
    let s = state;
    const hits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const c = claimEffectRoll(s, ROLLER, 0, s.version);
      hits.push(c.hit);
      s = linkEffectCard(c.state, c.hit, `effectMessage00${i}`);
    }
    expect(hits).toEqual([0, 1, 2]);
    expectCode(() => claimEffectRoll(s, ROLLER, 0, s.version), "not-allowed");
    // Without the advancement the 6s are no extra hit; on a Fail there is none at all.
    expect(legacyRiskyHits(risky([2], [6, 6]))).toBe(1);
    expect(legacyRiskyHits(risky([2], [3], { multiAttack: true }))).toBe(0);
  });

  it("R-LEG-11: a forged card (a hit past those the throw gives, a tool not held, a hit twice) is refused", () => {
    const state = risky([5]);
    const forge = (effects: unknown) => () => assertLegacyRiskyState({ ...state, effects } as LegacyRiskyState);
    expectCode(forge([{ hit: 1, toolId: SWORD.id, messageId: null }]), "out-of-range");
    expectCode(forge([{ hit: 0, toolId: "nothing", messageId: null }]), "unknown-id");
    expectCode(
      forge([
        { hit: 0, toolId: SWORD.id, messageId: "a" },
        { hit: 0, toolId: SWORD.id, messageId: "b" },
      ]),
      "bad-choice",
    );
    expectCode(
      () => assertLegacyRiskyState({ ...risky([2]), effects: [{ hit: 0, toolId: SWORD.id, messageId: null }] }),
      "not-allowed",
    );
  });
});

describe("Legacy Effect card", () => {
  it("R-LEG-11: the stored total must be what the dice give", () => {
    expect(effect().roll.total).toBe(5);
    expectCode(() => effect({ roll: { ...effect().roll, total: 9 } }), "bad-choice");
  });

  it("R-LEG-11 (ruling): rolled without a successful action it says so and cannot be applied", () => {
    const state = effect({ action: null });
    const view = legacyEffectView(state, viewer(ROLLER));
    expect(view.apply).toMatchObject({ disabled: true, tooltipKey: "TERRAN.Card.Reason.noAction" });
    const root = renderDom("chat/legacy-effect-card.hbs", view);
    expect(text(root.querySelector(".without-action"))).toBe(english("TERRAN.Card.Legacy.withoutAction"));
    expectCode(() => recordLegacyApplied(state, ROLLER, entry(10, 5), 0), "not-allowed");
  });

  it("R-RA-7: a linked Effect applies once to a Challenge's Disposition, recorded on its card", () => {
    const state = effect();
    const view = legacyEffectView(state, viewer(ROLLER));
    expect(view.apply).toMatchObject({ disabled: false });
    const root = renderDom("chat/legacy-effect-card.hbs", view);
    expect(root.querySelector('button[data-action="apply-legacy-effect"]')).not.toBeNull();
    const applied = recordLegacyApplied(state, ROLLER, entry(10, 5), 0);
    expect(applied.applied).toHaveLength(1);
    expect(legacyEffectView(applied, viewer(ROLLER)).apply).toMatchObject({
      disabled: true,
      tooltipKey: "TERRAN.Card.Reason.alreadyApplied",
    });
    expectCode(() => recordLegacyApplied(applied, ROLLER, entry(5, 0), 1), "not-allowed");
    // The record must hold the card's own Effect and follow R-RA-7.
    expectCode(() => recordLegacyApplied(state, ROLLER, { ...entry(10, 1), effect: 9 }, 0), "bad-choice");
    expectCode(() => recordLegacyApplied(state, ROLLER, entry(10, 2), 0), "bad-choice");
  });

  it("R-RA-9: the card shows whose Effect comes first", () => {
    const view = legacyEffectView(effect({ order: "player-first" }), viewer(ROLLER));
    expect(view.orderKey).toBe("TERRAN.Order.player-first");
    expect(text(renderDom("chat/legacy-effect-card.hbs", view).querySelector(".order"))).toBe(
      english("TERRAN.Order.player-first"),
    );
  });

  it("R-LEG-11: a forged card (an order that is none, two applications) is refused", () => {
    const state = effect();
    expectCode(() => assertLegacyEffectState({ ...state, order: "whenever" } as never), "unknown-id");
    const once = recordLegacyApplied(state, ROLLER, entry(10, 5), 0);
    expectCode(() => assertLegacyEffectState({ ...once, applied: [...once.applied, ...once.applied] }), "bad-choice");
  });
});

describe("Challenge card: overcome first", () => {
  it("R-RA-9: a Challenge overcome by an Effect applied first offers no harm, and says why", () => {
    const view = challengeCardView(challenge(), { ...challengeViewer(GM), overcomeFirst: true });
    expect(view.apply).toMatchObject({ disabled: true, tooltipKey: "TERRAN.Card.Reason.overcomeFirst" });
    const root = renderDom("chat/challenge-card.hbs", view);
    expect(text(root.querySelector(".overcome-first"))).toBe(english("TERRAN.Card.Challenge.overcomeFirst"));
    expect(challengeCardView(challenge(), challengeViewer(GM)).overcomeFirstKey).toBeNull();
  });
});

describe("Legacy montage card", () => {
  const montage = (light: number[]) =>
    createLegacyMontageCard({
      rollerId: ROLLER.id,
      actorUuid: "Actor.oskar",
      challengeUuid: "Actor.storm",
      roll: {
        actorName: "Oskar",
        attributeLabelKey: "TERRAN.Character.FIELDS.ratings.attributes.agility.label",
        skillLabelKey: null,
        light,
        dark: [],
        costly: [],
        ego: { before: 3, after: 3 },
        lost: false,
        challengeName: "Storm",
        tierKey: "TERRAN.ChallengeTier.serious",
        challengeFaces: [4, 2],
        challengeChain: [],
        challengeEffect: 4,
        complication: 1,
      },
    });
  const whole = (before: number) => ({ ...entry(before, 0), effect: before, targetName: "Storm", facet: "Storm" });

  it("R-LEG-14 (ruling): a montage that succeeds lowers its Challenge by its whole Disposition, once", () => {
    const state = montage([5, 2]);
    const view = legacyMontageView(state, viewer(ROLLER));
    expect(view.apply).toMatchObject({ disabled: false, labelKey: "TERRAN.Card.Montage.apply" });
    const root = renderDom("chat/legacy-montage-card.hbs", view);
    expect(root.querySelector('button[data-action="apply-montage"]')).not.toBeNull();
    const applied = recordMontageApplied(state, ROLLER, whole(20), 0);
    expect(applied.applied).toMatchObject([{ effect: 20, before: 20, after: 0 }]);
    expect(legacyMontageView(applied, viewer(ROLLER)).apply).toMatchObject({
      disabled: true,
      tooltipKey: "TERRAN.Card.Reason.alreadyApplied",
    });
    expectCode(() => recordMontageApplied(applied, ROLLER, whole(20), 1), "not-allowed");
    // Less than the whole Disposition is not the montage's.
    expectCode(() => recordMontageApplied(state, ROLLER, { ...whole(20), after: 5 }, 0), "bad-choice");
  });

  it("R-LEG-14: a failed montage lowers nothing, and says why on its button", () => {
    const state = montage([3, 1]);
    expect(legacyMontageView(state, viewer(ROLLER)).apply).toMatchObject({
      disabled: true,
      tooltipKey: "TERRAN.Card.Reason.noEffect",
    });
    expectCode(() => recordMontageApplied(state, ROLLER, whole(20), 0), "not-allowed");
    expectCode(() => assertLegacyMontageState({ ...state, applied: [whole(20)] }), "not-allowed");
  });
});
