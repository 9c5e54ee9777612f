import { describe, expect, it } from "vitest";
import {
  CARD_ACTIONS,
  challengeCardResult,
  challengeCardView,
  harmRecorded,
  recordHarm,
  type ChallengeCardState,
} from "../../src/chat/index.ts";
import { challengeReading, CORE, LEGACY, V062 } from "../../src/rules/index.ts";
import { english } from "../support/templates.ts";
import {
  challenge,
  challengeViewer,
  expectCode,
  GM,
  harm,
  isClosed,
  OTHER,
  renderDom,
  ROLLER,
  text,
} from "./fixtures.ts";

const render = (state: ChallengeCardState, who = challengeViewer(GM)): HTMLElement =>
  renderDom("chat/challenge-card.hbs", challengeCardView(state, who));

describe("Challenge Effect card", () => {
  it("R-CH-2: the highest die is kept and explodes on 6", () => {
    const state = challenge();
    const result = challengeCardResult(state);
    expect(result.kept).toBe(1);
    expect(result.effect.value).toBe(14);
    expect(challengeReading(CORE, result.effect.value)).toEqual({
      kind: "consequence",
      consequence: "devastating",
      harmful: false,
    });
    expectCode(() => challenge({ chain: [] }), "bad-chain");
    expectCode(() => challenge({ faces: [3] }), "no-dice");
  });

  it("R-CH-2: d/2 is one exploding die, halved and rounded up", () => {
    const state = challenge({ stats: { dice: 0, halved: true }, faces: [6], chain: [1], tierKey: null, facetName: "" });
    expect(challengeCardResult(state).effect.value).toBe(4);
    const root = render(state);
    expect(text(root.querySelector(".effect-value"))).toBe("4");
    expect(text(root.querySelector(".note.halved"))).toBe("d/2: 7 halved and rounded up gives 4");
    expect(root.querySelector(".facet-name")).toBeNull();
    expect(root.querySelector(".challenge-tier")).toBeNull();
    // A Challenge rolled for itself (not a facet) does not repeat its name.
    expect(render(challenge({ facetName: "Brute" })).querySelector(".facet-name")).toBeNull();
  });

  it("R-CH-2 R-CH-3: the card shows the dice, the kept one, the chain, the value and the consequence band", () => {
    const root = render(challenge());
    const dice = [...root.querySelectorAll(".dice-tray .die")];
    expect(dice.map(text)).toEqual(["3", "6"]);
    expect(dice.map((d) => d.classList.contains("kept"))).toEqual([false, true]);
    expect(dice[1]?.getAttribute("title")).toBe(english("TERRAN.Card.Challenge.kept"));
    expect([...root.querySelectorAll(".explosion li")].map(text)).toEqual(["6", "6", "2"]);
    expect(text(root.querySelector(".effect-value"))).toBe("14");
    expect(text(root.querySelector(".consequence .band"))).toBe(english("TERRAN.Consequence.devastating"));
    expect(text(root.querySelector(".challenge-tier"))).toBe(english("TERRAN.ChallengeTier.serious"));
    expect(text(root.querySelector(".facet-name"))).toBe("Fight");
  });

  it.each([
    [2, "annoying"],
    [4, "troublesome"],
    [5, "troublesome"],
  ] as const)("R-CH-3: an Effect of %i reads as %s", (face, band) => {
    const state = challenge({ stats: { dice: 1, halved: false }, faces: [face], chain: [] });
    expect(render(state).querySelector(`.consequence.${band}`)).not.toBeNull();
    expect(render(state).querySelector(".explosion")).toBeNull();
  });

  it.each([
    [[6], [5], 11, "devastating", false],
    [[6], [6, 1], 13, "devastating", true],
  ] as const)(
    "R-V-15: in a v0.6.2 world the faces %j then %j (Effect %i) read as %s, harmful as well: %s",
    (faces, chain, value, band, harmful) => {
      const state = challenge({ stats: { dice: 1, halved: false }, faces: [...faces], chain: [...chain] });
      const view = challengeCardView(state, challengeViewer(GM, { ruleset: V062 }));
      expect(view.value).toBe(value);
      expect(view.consequence).toMatchObject({
        key: `TERRAN.Consequence.${band}`,
        harmKey: harmful ? "TERRAN.Consequence.harmful" : null,
      });
      const note = renderDom("chat/challenge-card.hbs", view).querySelector(".consequence .harmful");
      expect(note === null ? null : text(note)).toBe(harmful ? english("TERRAN.Consequence.harmful") : null);
      // Core's table has no 12+ band.
      expect(challengeCardView(state, challengeViewer(GM)).consequence?.harmKey).toBeNull();
    },
  );

  it.each([
    [[3], [], 3, "trivial", 0],
    [[5], [], 5, "dangerous", 1],
    [[6], [1], 7, "serious", 2],
    [[6], [6, 1], 13, "formidable", 3],
  ] as const)(
    "R-LEG-10 R-LEG-14: in a Legacy world the faces %j then %j (Effect %i) read as a %s fork and a complication of %i dice, not as Core's consequence",
    (faces, chain, value, tier, dice) => {
      const state = challenge({ stats: { dice: 1, halved: false }, faces: [...faces], chain: [...chain] });
      const view = challengeCardView(state, challengeViewer(GM, { ruleset: LEGACY }));
      expect(view.value).toBe(value);
      expect(view.consequence).toBeNull();
      expect(view.fork).toMatchObject({ tierKey: `TERRAN.ChallengeTier.${tier}`, complication: dice });
      const root = renderDom("chat/challenge-card.hbs", view);
      expect(root.querySelector(".consequence")).toBeNull();
      expect(text(root.querySelector(".fork .fork-tier"))).toBe(english(`TERRAN.ChallengeTier.${tier}`));
      const complication = text(root.querySelector(".fork .fork-complication"));
      expect(complication).toBe(
        dice === 0
          ? english("TERRAN.Card.Challenge.noComplication")
          : english("TERRAN.Card.Challenge.complication").replace("{dice}", `−${dice}d`),
      );
      // A Core world reads the same card as a consequence.
      const core = challengeCardView(state, challengeViewer(GM));
      expect(core.fork).toBeNull();
      expect(core.consequence?.key).toMatch(/^TERRAN\.Consequence\./);
    },
  );

  it("R-LEG-14: a complication is offered to each character the card harmed and to the targeted one, by the roller or a GM only", () => {
    const state = challenge({ stats: { dice: 1, halved: false }, faces: [6], chain: [1] });
    const legacy = { ruleset: LEGACY };
    const gm = challengeCardView(state, challengeViewer(GM, legacy)).complication;
    expect(gm?.buttons).toEqual([
      {
        targetName: null,
        targetUuid: null,
        labelKey: "TERRAN.Card.Button.complicationTargeted",
        disabled: false,
        tooltipKey: null,
      },
    ]);
    // The default card's Effect is 14 (−3d), and the fixture's harm record follows from it.
    const harmed = recordHarm(challenge(), GM, harm({ targetUuid: "Actor.mira" }), 0);
    const buttons = challengeCardView(harmed, challengeViewer(GM, legacy)).complication?.buttons ?? [];
    expect(buttons.map((b) => [b.targetName, b.labelKey])).toEqual([
      ["Mira", "TERRAN.Card.Button.complicationTo"],
      [null, "TERRAN.Card.Button.complicationTargeted"],
    ]);
    const other = challengeCardView(state, challengeViewer(OTHER, legacy)).complication?.buttons[0];
    expect(other).toMatchObject({ disabled: true, tooltipKey: "TERRAN.Card.Reason.notRoller" });
    const root = renderDom("chat/challenge-card.hbs", challengeCardView(harmed, challengeViewer(GM, legacy)));
    const pressed = [...root.querySelectorAll('[data-action="carry-complication"]')];
    expect(pressed.map((b) => (b as HTMLElement).dataset.targetUuid ?? "")).toEqual(["Actor.mira", ""]);
    expect(text(pressed[0] ?? null)).toBe(
      english("TERRAN.Card.Button.complicationTo").replace("{dice}", "−3d").replace("{name}", "Mira"),
    );
    // No complication, no button; nor in a Core world.
    const trivial = challenge({ stats: { dice: 1, halved: false }, faces: [2], chain: [] });
    expect(challengeCardView(trivial, challengeViewer(GM, legacy)).complication).toBeNull();
    expect(challengeCardView(state, challengeViewer(GM)).complication).toBeNull();
  });

  it("R-CH-4: harm is recorded once per character (several may be hit), and must add up (damage = Effect − armour, Grit not rising)", () => {
    const state = challenge();
    const done = recordHarm(state, GM, harm(), 0);
    expect(done.version).toBe(1);
    expect(done.harm).toEqual([harm()]);
    expect(harmRecorded(done, { name: "Mira" })).toBe(true);
    expect(harmRecorded(done, { name: "Oskar" })).toBe(false);
    expectCode(() => recordHarm(done, GM, harm(), 1), "not-allowed");
    expectCode(() => recordHarm(done, GM, harm({ targetName: "Oskar" }), 0), "stale");
    const two = recordHarm(done, GM, harm({ targetName: "Oskar", armour: 0, damage: 14 }), 1);
    expect(two.harm.map((h) => h.targetName)).toEqual(["Mira", "Oskar"]);
    // Two characters of the same name are told apart by uuid.
    const a = recordHarm(state, GM, harm({ targetUuid: "Actor.a" }), 0);
    expect(recordHarm(a, GM, harm({ targetUuid: "Actor.b" }), 1).harm).toHaveLength(2);
    expectCode(() => recordHarm(a, GM, harm({ targetUuid: "Actor.a", targetName: "Renamed" }), 1), "not-allowed");
    expectCode(() => recordHarm(state, GM, harm({ effect: 9 }), 0), "bad-choice");
    expectCode(() => recordHarm(state, GM, harm({ damage: 14 }), 0), "bad-choice");
    expectCode(() => recordHarm(state, GM, harm({ gritAfter: 6 }), 0), "out-of-range");
    expectCode(() => recordHarm(state, GM, harm({ wound: "hazed" as never }), 0), "unknown-id");
    expect(
      recordHarm(state, GM, harm({ shieldSacrificed: true, damage: 0, gritAfter: 5, wound: null }), 0).harm,
    ).toHaveLength(1);
    // The player who applied it may record it; another player may not record for someone else.
    expect(recordHarm(state, ROLLER, harm(), 0).harm).toHaveLength(1);
    expectCode(() => recordHarm(state, OTHER, harm(), 0), "not-allowed");
  });

  it("R-CH-4 R-HARM-3 R-HARM-5: the record shows damage, Grit before and after, the wound, Mortally Wounded and death", () => {
    const wounded = render(recordHarm(challenge(), GM, harm({ mortallyWounded: true }), 0));
    const entry = wounded.querySelector(".harm li");
    expect(text(entry?.querySelector(".target-name"))).toBe("Mira");
    expect(text(entry?.querySelector(".harm-damage"))).toBe("Effect 14 − armour 1 = 13 damage");
    expect(text(entry?.querySelector(".harm-grit"))).toBe("Grit 5 → 0");
    expect(text(entry?.querySelector(".harm-wound"))).toBe(
      `${english("TERRAN.Card.Harm.wound")} ${english("TERRAN.Wound.broken")}`,
    );
    expect(text(entry?.querySelector(".harm-mortal"))).toBe(english("TERRAN.Card.Harm.mortallyWounded"));
    expect(entry?.querySelector(".harm-dead")).toBeNull();

    const dead = render(recordHarm(challenge(), GM, harm({ wound: null, mortallyWounded: true, dead: true }), 0));
    expect(text(dead.querySelector(".harm-dead"))).toBe(english("TERRAN.Card.Harm.dead"));
    expect(dead.querySelector(".harm-mortal")).toBeNull();
    expect(dead.querySelector(".harm li")?.classList.contains("dead")).toBe(true);

    const shield = render(
      recordHarm(challenge(), GM, harm({ shieldSacrificed: true, damage: 0, gritAfter: 5, wound: null }), 0),
    );
    expect(text(shield.querySelector(".harm-shield"))).toBe(english("TERRAN.Card.Harm.shield"));
  });

  it("R-CH-4: Apply as harm is disabled with a reason without a way to apply, stays open for other characters, and hides when the world turns it off", () => {
    const state = challenge();
    const enabled = render(state, challengeViewer(OTHER));
    const button = enabled.querySelector('button[data-action="apply-harm"]');
    expect(isClosed(button)).toBe(false);
    const noGm = render(
      state,
      challengeViewer(OTHER, { gmOnline: false, mayApply: false, mayApplyReason: "TERRAN.Card.Reason.noGm" }),
    );
    expect(isClosed(noGm.querySelector('button[data-action="apply-harm"]'))).toBe(true);
    expect(noGm.querySelector('button[data-action="apply-harm"]')?.getAttribute("title")).toBe(
      english("TERRAN.Card.Reason.noGm"),
    );
    const done = render(recordHarm(state, GM, harm(), 0));
    expect(isClosed(done.querySelector('button[data-action="apply-harm"]'))).toBe(false);
    expect(done.querySelector(".challenge-card")?.classList.contains("applied")).toBe(true);
    const noOwner = render(state, challengeViewer(OTHER, { mayApply: false }));
    expect(noOwner.querySelector('button[data-action="apply-harm"]')?.parentElement?.getAttribute("data-tooltip")).toBe(
      english("TERRAN.Card.Reason.notOwner"),
    );
    expect(render(state, challengeViewer(GM, { offerHarm: false })).querySelector("[data-action]")).toBeNull();
    for (const el of enabled.querySelectorAll("[data-action]"))
      expect(CARD_ACTIONS).toContain(el.getAttribute("data-action"));
  });

  it("R-CH-4: names are escaped on the Challenge card", () => {
    const evil = "<img src=x onerror=alert(1)>";
    const facet = `${evil}<script>alert(2)</script>`;
    const state = recordHarm(challenge({ challengeName: evil, facetName: facet }), GM, harm({ targetName: evil }), 0);
    const root = render(state);
    expect(root.querySelectorAll("img")).toHaveLength(0);
    expect(text(root.querySelector(".challenge-name"))).toBe(evil);
    expect(root.querySelectorAll("script")).toHaveLength(0);
    expect(text(root.querySelector(".facet-name"))).toBe(facet);
    expect(text(root.querySelector(".harm .target-name"))).toBe(evil);
  });
});
