import { describe, expect, it } from "vitest";
import {
  allowEffect,
  CARD_ACTIONS,
  confirmEffect,
  confirmSecondHit,
  markEgoSpent,
  recordApplied,
  riskyCardView,
  selectDie,
  undoEgo,
  type CardViewer,
  type RiskyCardState,
} from "../../src/chat/index.ts";
import { english } from "../support/templates.ts";
import { card, GM, OTHER, pool, renderDom, ROLLER, text, viewer } from "./fixtures.ts";

const TEMPLATE = "chat/risky-card.hbs";
const WHIRLWIND = { whirlwind: true, specialist: false, fast: false, slow: false };

function render(state: RiskyCardState, who: CardViewer = viewer(ROLLER)): HTMLElement {
  return renderDom(TEMPLATE, riskyCardView(state, who));
}

function buttonOf(root: HTMLElement, action: string): HTMLButtonElement | null {
  return root.querySelector(`button[data-action="${action}"]`);
}

/**
 * A closed button must say why, and the reason must stay in reach of the keyboard: it is marked
 * aria-disabled (so it still takes the focus) rather than disabled, with its own title and its
 * wrapper's tooltip.
 */
function expectReason(button: HTMLButtonElement | null, key: string): void {
  expect(button).not.toBeNull();
  expect(button?.getAttribute("aria-disabled")).toBe("true");
  expect(button?.hasAttribute("disabled")).toBe(false);
  expect(button?.getAttribute("title")).toBe(english(key));
  expect(button?.parentElement?.getAttribute("data-tooltip")).toBe(english(key));
}

function expectEnabled(button: HTMLButtonElement | null): void {
  expect(button).not.toBeNull();
  expect(button?.hasAttribute("disabled")).toBe(false);
  expect(button?.hasAttribute("aria-disabled")).toBe(false);
  expect(button?.hasAttribute("title")).toBe(false);
}

/** Fixture states the rendering tests share. */
const FIXTURES: Record<string, () => RiskyCardState> = {
  fresh: () => card([5, 2, 3], [4, 6, 1]),
  confirmedWithExplosion: () =>
    confirmEffect(
      card([6, 6], [], { weapon: { name: "Long sword", rank: 3, tags: ["versatile", "rusty"], twoHanded: true } }),
      ROLLER,
      [6, 3],
      0,
    ),
  empty: () => card([], []),
  egoLost: () => markEgoSpent(card([4], [1, 2], { egoBefore: 2 }), ROLLER),
  reaction: () => card([6, 4], [], { reaction: true, target: { kind: "save", group: "prowess" } }),
  whirlwindDone: () => {
    const s = confirmEffect(card([6, 5, 4], [], { combat: true, flags: WHIRLWIND }), ROLLER, [], 0);
    return recordApplied(confirmSecondHit(s, ROLLER, [], 1), GM, {
      hit: "effect",
      targetName: "Brute",
      facet: "Fight",
      effect: 5,
      before: 10,
      after: 5,
      userId: ROLLER.id,
    });
  },
  degenesis: () => confirmEffect(card([6, 2], [], { rulesetId: "degenesis", rank: 3 }), ROLLER, [], 0),
};

describe("Risky Action card template", () => {
  it.each(Object.keys(FIXTURES))("R-RA-1: the %s fixture renders for the roller, another player and the GM", (name) => {
    const state = FIXTURES[name]?.();
    if (!state) throw new Error(name);
    for (const who of [
      viewer(ROLLER),
      viewer(OTHER),
      viewer(GM),
      viewer(OTHER, { gmOnline: false, mayApply: false, mayApplyReason: "TERRAN.Card.Reason.noGm" }),
    ]) {
      const root = render(state, who);
      const cardEl = root.querySelector(".terran-engine.chat-card.risky-card");
      expect(cardEl?.getAttribute("data-version")).toBe(String(state.version));
      for (const el of root.querySelectorAll("[data-action]")) {
        expect(CARD_ACTIONS).toContain(el.getAttribute("data-action"));
      }
      // Every disabled button says why.
      expect(root.querySelectorAll("button[disabled]")).toHaveLength(0);
      for (const button of root.querySelectorAll('button[aria-disabled="true"]')) {
        expect(button.getAttribute("title")?.length ?? 0).toBeGreaterThan(5);
        expect(button.parentElement?.getAttribute("data-tooltip")).toBe(button.getAttribute("title"));
      }
    }
  });

  it("R-RA-1 R-EGO-2: a fresh roll shows every die in its tone, marks the Dark Dice that cost Ego, and names the roles", () => {
    const root = render(FIXTURES.fresh?.() ?? card([1]));
    const dice = [...root.querySelectorAll(".dice-tray .die")];
    expect(dice.map((d) => text(d.querySelector(".die-face")))).toEqual(["5", "2", "3", "4", "6", "1"]);
    expect(dice.map((d) => d.classList.contains("tone-dark"))).toEqual([false, false, false, true, true, true]);
    // Ego 4 at the throw: the dark 4 and 1 cost Ego, the dark 6 does not.
    expect(dice.map((d) => d.classList.contains("costs-ego"))).toEqual([false, false, false, true, false, true]);
    expect(dice.filter((d) => d.querySelector(".die-cost")).length).toBe(2);
    expect(text(dice[3]?.querySelector(".die-cost"))).toBe(english("TERRAN.Card.Die.costMark"));
    expect(dice[3]?.getAttribute("title")).toBe(english("TERRAN.Card.Die.darkCosts").replace("{face}", "4"));
    expect(dice[4]?.getAttribute("title")).toBe(english("TERRAN.Card.Die.dark").replace("{face}", "6"));
    expect(text(dice[4]?.querySelector(".die-role"))).toBe(english("TERRAN.Card.Die.role.precision"));
    expect(text(dice[0]?.querySelector(".die-role"))).toBe(english("TERRAN.Card.Die.role.effect"));
    expect(text(root.querySelector(".outcome .band"))).toBe(english("TERRAN.Band.success"));
    expect(text(root.querySelector(".ego-line .ego-change"))).toBe("−2 Ego (4 → 2)");
    expect(text(root.querySelector(".ego-line .ego-status"))).toBe(english("TERRAN.Card.Ego.pending"));
  });

  it("R-RA-1: the roller and the GM can click the dice; another player cannot and sees why Confirm is off", () => {
    const state = card([5, 2, 3]);
    for (const who of [ROLLER, GM]) {
      const root = render(state, viewer(who));
      const precision = [...root.querySelectorAll('button[data-action="select-die"][data-role="precision"]')].map((b) =>
        b.getAttribute("data-index"),
      );
      const effect = [...root.querySelectorAll('button[data-action="select-die"][data-role="effect"]')].map((b) =>
        b.getAttribute("data-index"),
      );
      expect(precision).toEqual(["1", "2"]); // not the Precision die itself
      expect(effect).toEqual(["0", "1"]); // not the Effect die itself (the 3)
      expectEnabled(buttonOf(root, "confirm-effect"));
    }
    const other = render(state, viewer(OTHER));
    expect(other.querySelectorAll('[data-action="select-die"]')).toHaveLength(0);
    expectReason(buttonOf(other, "confirm-effect"), "TERRAN.Card.Reason.notRoller");
  });

  it("R-RA-1: until the dice are confirmed, the one who may pick them is told how (review 3 N8)", () => {
    const hint = (root: HTMLElement) => text(root.querySelector(".dice-pick-hint"));
    const fresh = card([5, 2, 3], [4]);
    expect(hint(render(fresh, viewer(ROLLER)))).toBe(english("TERRAN.Card.Die.pickHint"));
    expect(hint(render(fresh, viewer(GM)))).toBe(english("TERRAN.Card.Die.pickHint"));
    expect(render(fresh, viewer(OTHER)).querySelector(".dice-pick-hint")).toBeNull();
    expect(render(card([5]), viewer(ROLLER)).querySelector(".dice-pick-hint")).toBeNull();
    const confirmed = confirmEffect(fresh, ROLLER, [], 0);
    expect(render(confirmed, viewer(ROLLER)).querySelector(".dice-pick-hint")).toBeNull();
  });

  it("R-RA-2: a lone die offers no choice, whether it serves both or gives no Effect", () => {
    for (const singleDieServesBoth of [true, false]) {
      const root = render(card([5], [], { singleDieServesBoth }));
      expect(root.querySelectorAll('[data-action="select-die"]')).toHaveLength(0);
      expect(text(root.querySelector(".die-role"))).toBe(
        english(singleDieServesBoth ? "TERRAN.Card.Die.role.both" : "TERRAN.Card.Die.role.precision"),
      );
    }
  });

  it("R-RA-1 R-RA-6: the outcome text follows a selection change", () => {
    const state = card([6, 4, 2]);
    const before = render(state);
    expect(text(before.querySelector(".outcome .band"))).toBe(english("TERRAN.Band.success"));
    expect(before.querySelector(".outcome")?.classList.contains("band-success")).toBe(true);
    expect(text(before.querySelector(".landing"))).toContain(english("TERRAN.Card.Landing.noChallenge"));

    const partial = render(selectDie(state, ROLLER, 1, "precision", 0));
    expect(text(partial.querySelector(".outcome .band"))).toBe(english("TERRAN.Band.partial"));
    expect(text(partial.querySelector(".landing"))).toContain(english("TERRAN.Card.Landing.challenge"));
    expect(text(partial.querySelector(".order"))).toBe(english("TERRAN.Order.gm"));

    const fail = render(selectDie(state, ROLLER, 2, "precision", 0));
    expect(text(fail.querySelector(".outcome .band"))).toBe(english("TERRAN.Band.fail"));
    expect(text(fail.querySelector(".landing"))).toContain(english("TERRAN.Card.Landing.noPlayer"));
    expect(text(buttonOf(fail, "confirm-effect"))).toBe(english("TERRAN.Card.Button.confirmNoEffect"));
    // Nothing of the player's lands on a Fail: no Apply Effect to puzzle over (the landing line says why).
    expect(buttonOf(fail, "apply-effect")).toBeNull();
    expect(
      buttonOf(render(confirmEffect(selectDie(state, ROLLER, 2, "precision", 0), ROLLER, [], 1)), "apply-effect"),
    ).toBeNull();
  });

  it("R-V-12 (ruling): a v0.6.2 weapon card says when the row was read over the weapon's", () => {
    const club = { name: "Club", rank: 1 as const, tags: [], twoHanded: false };
    const over = render(card([6, 4], [], { rulesetId: "v062", weapon: club, rank: 2 }));
    expect(text(over.querySelector(".weapon-tier"))).toBe(english("TERRAN.EffectTier.v062.baseline"));
    expect(text(over.querySelector(".weapon-approach"))).toBe(
      english("TERRAN.Card.Risky.approachOver").replace("{row}", english("TERRAN.EffectTier.v062.advantaged")),
    );
    expect(
      render(card([6, 4], [], { rulesetId: "v062", weapon: club, rank: 1 })).querySelector(".weapon-approach"),
    ).toBeNull();
    expect(
      render(card([6, 4], [], { weapon: { ...club, rank: 3 }, rank: 0 })).querySelector(".weapon-approach"),
    ).toBeNull();
  });

  it("R-RA-3 R-RA-4: a confirmed Effect shows the die, each explosion die, the tier line and the tags", () => {
    const root = render(FIXTURES.confirmedWithExplosion?.() ?? card([1]), viewer(GM));
    expect(text(root.querySelector(".weapon-name"))).toBe("Long sword");
    expect([...root.querySelectorAll(".card-weapon .tag")].map(text)).toEqual([
      english("TERRAN.Tag.versatile"),
      "rusty",
    ]);
    const chain = [...root.querySelectorAll(".effect .explosion li")];
    expect(chain.map(text)).toEqual(["6", "6", "3"]);
    expect(chain.map((d) => d.classList.contains("exploded"))).toEqual([true, true, false]);
    expect(text(root.querySelector(".effect .effect-value"))).toBe(String(6 + 6 + 3 + 2 + 1));
    expect([...root.querySelectorAll(".effect-lines li")].map(text)).toEqual([
      `${english("TERRAN.EffectTier.core.better")} +2`,
      `${english("TERRAN.Tag.versatile")} +1`,
    ]);
    expect(root.querySelectorAll('[data-action="select-die"]')).toHaveLength(0);
    expect(buttonOf(root, "confirm-effect")).toBeNull();
    expectEnabled(buttonOf(root, "apply-effect"));
    expect(root.querySelector(".risky-card")?.classList.contains("locked")).toBe(true);
  });

  it("R-RA-3: before confirming, the card says that the Effect die will explode", () => {
    expect(render(card([6, 6])).querySelector(".will-explode")).not.toBeNull();
    expect(render(card([6, 5])).querySelector(".will-explode")).toBeNull();
  });

  it("R-RA-5: a Degenesis tier reads as a floor and says when the floor counted", () => {
    const root = render(FIXTURES.degenesis?.() ?? card([1]));
    expect([...root.querySelectorAll(".effect-lines li")].map(text)).toEqual([
      `${english("TERRAN.EffectTier.degenesis.increased")} ≥ 4`,
    ]);
    expect(text(root.querySelector(".effect .effect-value"))).toBe("4");
    expect(root.querySelector(".effect .floor")).not.toBeNull();
  });

  it("R-RA-7: Apply is disabled with a reason before confirming, without a way to apply, and once applied", () => {
    const state = card([6, 3]);
    expectReason(buttonOf(render(state, viewer(GM)), "apply-effect"), "TERRAN.Card.Reason.notConfirmed");
    const confirmed = confirmEffect(state, ROLLER, [], 0);
    expectEnabled(buttonOf(render(confirmed, viewer(OTHER)), "apply-effect"));
    const noGm = viewer(OTHER, { gmOnline: false, mayApply: false, mayApplyReason: "TERRAN.Card.Reason.noGm" });
    expectReason(buttonOf(render(confirmed, noGm), "apply-effect"), "TERRAN.Card.Reason.noGm");
    expectReason(
      buttonOf(render(confirmed, viewer(OTHER, { mayApply: false })), "apply-effect"),
      "TERRAN.Card.Reason.notOwner",
    );
    const done = recordApplied(confirmed, GM, {
      hit: "effect",
      targetName: "Brute",
      facet: "Talk",
      effect: 3,
      before: 10,
      after: 7,
      userId: ROLLER.id,
    });
    const root = render(done, viewer(GM));
    expectReason(buttonOf(root, "apply-effect"), "TERRAN.Card.Reason.alreadyApplied");
    // Once applied, the button says so (N16), not "Apply Effect" greyed out.
    expect(text(buttonOf(root, "apply-effect"))).toBe(english("TERRAN.Card.Button.applied"));
    expect(text(root.querySelector(".applied li"))).toBe("Brute Talk −3 Disposition (10 → 7)");
  });

  it("R-POOL-5: an empty pool says nothing was thrown and the action fails, with no dice and no buttons", () => {
    const root = render(FIXTURES.empty?.() ?? card([1]));
    expect(text(root.querySelector(".card-empty"))).toBe(english("TERRAN.Card.Risky.empty"));
    expect(root.querySelector(".dice-tray")).toBeNull();
    expect(text(root.querySelector(".outcome .band"))).toBe(english("TERRAN.Band.fail"));
    expect(root.querySelector(".card-buttons")).toBeNull();
    expect(root.querySelector(".risky-card")?.classList.contains("empty")).toBe(true);
  });

  it("R-EGO-3: when Ego reaches 0 the card says the character is lost, until the Ego is given back", () => {
    const lost = FIXTURES.egoLost?.() ?? card([1]);
    const root = render(lost);
    expect(text(root.querySelector(".lost-banner"))).toBe(english("TERRAN.Card.Ego.lost"));
    expect(text(root.querySelector(".ego-change"))).toBe("−2 Ego (2 → 0)");
    expect(text(root.querySelector(".ego-status"))).toBe(english("TERRAN.Card.Ego.spent"));
    expect(buttonOf(root, "undo-ego")?.hasAttribute("disabled")).toBe(false);
    expectReason(buttonOf(render(lost, viewer(OTHER)), "undo-ego"), "TERRAN.Card.Reason.notRoller");

    const undone = render(undoEgo(lost, ROLLER));
    expect(undone.querySelector(".lost-banner")).toBeNull();
    expect(undone.querySelector(".ego-line")?.classList.contains("undone")).toBe(true);
    expectReason(buttonOf(undone, "undo-ego"), "TERRAN.Card.Reason.egoUndone");
    expectReason(buttonOf(render(card([4], [1, 2], { egoBefore: 2 })), "undo-ego"), "TERRAN.Card.Reason.egoNotSpent");
  });

  it("R-EGO-2 (ruling): Give back Ego says it mends a mistake, and closes for the roller once the dice are confirmed", () => {
    const spent = markEgoSpent(card([5], [1, 2]), ROLLER);
    const open = buttonOf(render(spent), "undo-ego");
    expect(open?.hasAttribute("disabled")).toBe(false);
    expect(open?.getAttribute("title")).toBe(english("TERRAN.Card.Tooltip.undoEgo"));
    const confirmed = confirmEffect(spent, ROLLER, [], spent.version);
    expectReason(buttonOf(render(confirmed), "undo-ego"), "TERRAN.Card.Reason.egoConfirmed");
    const gm = buttonOf(render(confirmed, viewer(GM)), "undo-ego");
    expect(gm?.hasAttribute("disabled")).toBe(false);
    expect(gm?.getAttribute("title")).toBe(english("TERRAN.Card.Tooltip.undoEgo"));
  });

  it("R-EGO-2 R-SAY-1: Dark Dice that cost nothing say so; the last scene is noted", () => {
    const free = render(card([4], [6, 5]));
    expect(text(free.querySelector(".ego-change"))).toBe(english("TERRAN.Card.Ego.none").replace("{from}", "4"));
    expect(free.querySelector('[data-action="undo-ego"]')).toBeNull();
    const sayonara = render(card([4], [2, 1], { sayonara: true }));
    expect(text(sayonara.querySelector(".ego-change"))).toBe("−1 Ego (4 → 3)");
    expect(sayonara.querySelectorAll(".die.costs-ego")).toHaveLength(1);
    expect(text(sayonara.querySelector(".note.sayonara"))).toBe(english("TERRAN.Card.Ego.sayonara"));
  });

  it("R-RA-8: a Reaction says it has no Effect; only the GM sees the button that allows one", () => {
    const state = FIXTURES.reaction?.() ?? card([1]);
    const player = render(state);
    expect(text(player.querySelector(".card-title"))).toBe(english("TERRAN.Card.Risky.reactionTitle"));
    expect(text(player.querySelector(".roll-target"))).toBe(english("TERRAN.Attribute.finesse"));
    expect(text(player.querySelector(".note.reaction"))).toBe(english("TERRAN.Card.Risky.reactionNote"));
    expect(buttonOf(player, "allow-effect")).toBeNull();
    expect(buttonOf(player, "apply-effect")).toBeNull();
    const gm = render(state, viewer(GM));
    expect(text(buttonOf(gm, "allow-effect"))).toBe(english("TERRAN.Card.Button.allowEffect"));
    const allowed = render(allowEffect(state, GM, true, 0), viewer(GM));
    expect(text(allowed.querySelector(".note.reaction"))).toBe(english("TERRAN.Card.Risky.reactionAllowed"));
    expect(text(buttonOf(allowed, "allow-effect"))).toBe(english("TERRAN.Card.Button.withdrawEffect"));
    expect(text(allowed.querySelector(".landing"))).toContain(english("TERRAN.Card.Landing.player"));
    expectReason(buttonOf(allowed, "apply-effect"), "TERRAN.Card.Reason.notConfirmed");
  });

  it("R-ADV-2: a Specialist's rescued Fail is explained on the card", () => {
    const root = render(card([3, 2], [], { flags: { whirlwind: false, specialist: true, fast: false, slow: false } }));
    expect(text(root.querySelector(".outcome .band"))).toBe(english("TERRAN.Band.fail"));
    expect(text(root.querySelector(".note.specialist"))).toBe(english("TERRAN.Card.Risky.specialist"));
    expect(text(root.querySelector(".landing"))).toContain(english("TERRAN.Card.Landing.player"));
  });

  it("R-RA-9: when both Effects land the card shows the order (Fast: yours first)", () => {
    const fast = render(card([5, 3], [], { flags: { whirlwind: false, specialist: false, fast: true, slow: false } }));
    expect(text(fast.querySelector(".order"))).toBe(english("TERRAN.Order.player-first"));
    const slow = render(card([5, 3], [], { flags: { whirlwind: false, specialist: false, fast: false, slow: true } }));
    expect(text(slow.querySelector(".order"))).toBe(english("TERRAN.Order.player-last"));
    expect(render(card([6, 3])).querySelector(".order")).toBeNull();
  });

  it("R-RA-10: Whirlwind shows the second-hit button, lets the remaining dice be picked, then shows and applies the second hit", () => {
    const fresh = card([6, 5, 4, 2], [], { combat: true, flags: WHIRLWIND });
    expectReason(buttonOf(render(fresh), "confirm-second"), "TERRAN.Card.Reason.notConfirmed");
    const confirmed = confirmEffect(fresh, ROLLER, [], 0);
    const open = render(confirmed);
    expectEnabled(buttonOf(open, "confirm-second"));
    expect(
      [...open.querySelectorAll('[data-action="select-die"][data-role="second"]')].map((b) =>
        b.getAttribute("data-index"),
      ),
    ).toEqual(["3"]);
    expect(text(open.querySelectorAll(".die")[2]?.querySelector(".die-role"))).toBe(
      english("TERRAN.Card.Die.role.second"),
    );
    expectReason(buttonOf(render(confirmed, viewer(OTHER)), "confirm-second"), "TERRAN.Card.Reason.notRoller");

    const done = FIXTURES.whirlwindDone?.() ?? card([1]);
    const root = render(done, viewer(GM));
    expect(buttonOf(root, "confirm-second")).toBeNull();
    expect(text(root.querySelector(".second-hit .effect-value"))).toBe("4");
    expectEnabled(buttonOf(root, "apply-second"));
    expectReason(buttonOf(root, "apply-effect"), "TERRAN.Card.Reason.alreadyApplied");
    const noSecond = render(confirmEffect(card([6, 5], [], { combat: true, flags: WHIRLWIND }), ROLLER, [], 0));
    expectReason(buttonOf(noSecond, "confirm-second"), "TERRAN.Card.Reason.noSecondHit");
  });

  it("R-POOL-2 R-POOL-3: the breakdown lists the base and each modifier, signed, with the clamp", () => {
    const lines = [
      { id: "position" as const, label: "TERRAN.Pool.position", dice: 1, rule: "R-POOL-2" },
      { id: "wound" as const, label: "TERRAN.Wound.broken", dice: -1, rule: "R-HARM-4" },
      { id: "modifier" as const, label: "<b>Lucky charm</b>", dice: 1, rule: "R-POOL-2" },
    ];
    const p = { ...pool(4, 1, lines), base: 4, raw: 5, light: 4, clamp: "max" as const };
    const root = render(card([1, 2, 3, 4], [5], { pool: p }));
    expect([...root.querySelectorAll(".breakdown-lines li")].map(text)).toEqual([
      `${english("TERRAN.Attribute.finesse")} 4`,
      `${english("TERRAN.Pool.position")} +1`,
      `${english("TERRAN.Wound.broken")} −1`,
      "<b>Lucky charm</b> +1",
    ]);
    expect(root.querySelector(".breakdown b")).toBeNull();
    expect(text(root.querySelector(".note.clamp"))).toBe(english("TERRAN.Card.Pool.clamp.max"));
    expect(text(root.querySelector(".pool-total"))).toBe("4 Light 1 Dark");
  });

  it("R-RA-1: names from users are escaped: no element is injected, and the text shows as typed", () => {
    const evil = "<img src=x onerror=alert(1)>";
    const state = confirmEffect(
      card([6, 6], [], { actorName: evil, weapon: { name: evil, rank: 1, tags: [evil], twoHanded: false } }),
      ROLLER,
      [2],
      0,
    );
    const done = recordApplied(state, GM, {
      hit: "effect",
      targetName: evil,
      facet: evil,
      effect: 8,
      before: 10,
      after: 2,
      userId: GM.id,
    });
    const root = render(done, viewer(GM));
    expect(root.querySelectorAll("img")).toHaveLength(0);
    expect(text(root.querySelector(".actor-name"))).toBe(evil);
    expect(text(root.querySelector(".weapon-name"))).toBe(evil);
    expect(text(root.querySelector(".card-weapon .tag"))).toBe(evil);
    expect(text(root.querySelector(".applied .target-name"))).toBe(evil);
  });
});

describe("Risky Action card: Morale from the card (R-V-16)", () => {
  const atZero = (rulesetId: "v062" | "core", target: { uuid: string; facet: number | null } | null, after = 0) => {
    const fresh = card([6, 3], [], { rulesetId });
    const confirmed = confirmEffect(fresh, ROLLER, [], fresh.version);
    return recordApplied(confirmed, GM, {
      hit: "effect",
      targetName: "Salt Brute",
      facet: "Salt Brute",
      effect: 3,
      before: 3 + after,
      after,
      userId: "gm",
      ...(target ? { target } : {}),
    });
  };
  const morale = (state: RiskyCardState, who = viewer(GM)) => riskyCardView(state, who).applied[0]?.morale;

  it("R-V-16: a GM's card offers Roll Morale for the Challenge its Effect brought to 0, with its track", () => {
    expect(morale(atZero("v062", { uuid: "Actor.brute", facet: null }))).toEqual({ uuid: "Actor.brute", facet: "" });
    expect(morale(atZero("v062", { uuid: "Actor.brute", facet: 1 }))).toEqual({ uuid: "Actor.brute", facet: "1" });
    const root = render(atZero("v062", { uuid: "Actor.brute", facet: 1 }), viewer(GM));
    const button = buttonOf(root, "roll-morale");
    expect([button?.dataset.uuid, button?.dataset.facet, button?.textContent]).toEqual([
      "Actor.brute",
      "1",
      "Roll Morale",
    ]);
  });

  it("R-V-16: none for a player, above 0, without a recorded target, or in a ruleset without Morale", () => {
    const target = { uuid: "Actor.brute", facet: null };
    expect(morale(atZero("v062", target), viewer(ROLLER))).toBeNull();
    expect(morale(atZero("v062", target, 2))).toBeNull();
    expect(morale(atZero("v062", null))).toBeNull();
    expect(morale(atZero("core", target))).toBeNull();
  });

  it("R-V-16: a record's target that is not a uuid and a track is dropped, the rest of the record kept", () => {
    const forged = atZero("v062", { uuid: "", facet: -1 });
    expect(forged.applied[0]).not.toHaveProperty("target");
    expect(forged.applied[0]).toMatchObject({ after: 0, effect: 3 });
  });
});
