// @vitest-environment happy-dom
/**
 * The Legacy Risky Action dialog (src/applications/resolution/separate-dialog-model.ts and its template): every
 * line of the pool, the clamp, the Dark Dice and the exact odds, checked against full enumeration.
 */
import { describe, expect, it } from "vitest";
import {
  applySeparateAction,
  applySeparateField,
  initialSeparateChoices,
  separateRollModel,
  type SeparateRollChoices,
} from "../../src/applications/resolution/separate-dialog-model.ts";
import { DIALOG_ACTIONS } from "../../src/applications/dialogs/roll-dialog-model.ts";
import { isModifierScope, LEGACY, skillFocusModifiers, withoutSkills } from "../../src/rules/index.ts";
import type { CharacterState } from "../../src/documents/operations/index.ts";
import { legacySeasonedCharacter } from "../fixtures/legacy-sheets.ts";
import { legacyBlocks, legacyValuesOf } from "../fixtures/legacy-values.ts";
import { armourSource, conditionRow } from "../fixtures/sheets.ts";
import { english, renderTemplate } from "../support/templates.ts";
import { everyThrow } from "../rules/fixtures.ts";

const SETTINGS = { darkMax: 10 };

function stateOf(input = legacySeasonedCharacter()): CharacterState {
  return { source: input.system, items: input.items };
}

const choices = (over: Partial<SeparateRollChoices> = {}): SeparateRollChoices => ({
  ...initialSeparateChoices(SETTINGS),
  ...over,
});

describe("Legacy roll dialog", () => {
  it("R-LEG-9: the Legacy template's data-actions are the roll dialogs' shared set (DIALOG_ACTIONS), every one used", () => {
    const view = separateRollModel({ ruleset: LEGACY, state: stateOf(), attribute: "strength" }, choices(), {
      ...SETTINGS,
      advisorOpen: true,
    });
    const root = document.createElement("div");
    root.innerHTML = renderTemplate("dialogs/legacy-roll-dialog.hbs", view);
    const actions = new Set([...root.querySelectorAll("[data-action]")].map((e) => e.getAttribute("data-action")));
    // Every one but R-V-5's held skills: Legacy's skills are rated (R-LEG-3).
    expect([...actions].sort()).toEqual(DIALOG_ACTIONS.filter((a) => a !== "toggleSkill").sort());
  });

  it("R-LEG-9 R-LEG-3 R-LEG-5: attribute + one skill + position − the wound penalty, clamped to 0–4", () => {
    const view = separateRollModel(
      { ruleset: LEGACY, state: stateOf(), attribute: "strength" },
      choices({ skill: "violence", position: 1 }),
      SETTINGS,
    );
    expect(view.base).toEqual({ labelKey: "TERRAN.Character.FIELDS.ratings.attributes.strength.label", dice: 2 });
    expect(view.lines.filter((l) => !l.situational).map((l) => [l.key, l.dice])).toEqual([
      ["skill", 2],
      ["wound", -1],
    ]);
    expect(view.raw).toBe(4);
    expect(view.light).toBe(4);
    const sneak = view.lines.find((l) => l.situational)?.key ?? "";
    const high = separateRollModel(
      { ruleset: LEGACY, state: stateOf(), attribute: "charisma" },
      choices({ skill: "violence", position: 1, ticked: [sneak] }),
      SETTINGS,
    );
    expect(high).toMatchObject({ raw: 5, light: 4, clamped: { key: "TERRAN.Dialog.Legacy.clampHigh", value: "4" } });
    const low = separateRollModel(
      { ruleset: LEGACY, state: stateOf(), attribute: "agility" },
      choices({ position: -1 }),
      SETTINGS,
    );
    expect(low).toMatchObject({ raw: -1, light: 0, clamped: { key: "TERRAN.Dialog.Legacy.clampLow" } });
  });

  it("R-LEG-6 R-LEG-11: Heavy armour's −1d is offered only when worn; an improvised tool costs −1d", () => {
    const subject = { ruleset: LEGACY, state: stateOf(), attribute: "strength" as const };
    expect(separateRollModel(subject, choices({ hindered: true }), SETTINGS).hindered).toEqual({
      shown: false,
      checked: false,
    });
    const input = legacySeasonedCharacter();
    const heavy = {
      ...input,
      items: input.items.map((i) =>
        i.type === "armour" ? { ...i, system: armourSource({ kind: "heavy", value: 2 }) } : i,
      ),
    };
    const view = separateRollModel(
      { ...subject, state: stateOf(heavy) },
      choices({ hindered: true, improvised: true }),
      SETTINGS,
    );
    expect(view.lines.filter((l) => !l.situational).map((l) => l.key)).toEqual(["wound", "hindered", "improvised"]);
    expect(view.light).toBe(0);
  });

  it("R-LEG-9: a situational modifier counts only when ticked (Sneak attack's +1d)", () => {
    const subject = { ruleset: LEGACY, state: stateOf(), attribute: "strength" as const };
    const off = separateRollModel(subject, choices(), SETTINGS);
    const sneak = off.lines.find((l) => l.situational);
    expect(sneak).toMatchObject({ ticked: false, dice: 1 });
    const on = separateRollModel(subject, applySeparateAction(choices(), "toggleModifier", sneak?.key ?? ""), SETTINGS);
    expect(on.light).toBe(off.light + 1);
  });

  it("R-LEG-14: a complication carried from a Challenge card is a line of its own (−1d to −3d), ticked by default, and named for the roll to clear", () => {
    const carried = [
      { challengeUuid: "Actor.bear", from: "Cave Bear", dice: 3 },
      { challengeUuid: "Actor.storm", from: "Storm", dice: 1 },
    ];
    const subject = {
      ruleset: LEGACY,
      state: { ...stateOf(), complications: carried },
      attribute: "strength" as const,
    };
    const plain = separateRollModel({ ...subject, state: stateOf() }, choices({ skill: "violence" }), SETTINGS);
    const view = separateRollModel(subject, choices({ skill: "violence" }), SETTINGS);
    const lines = view.lines.filter((l) => l.from !== null);
    expect(lines.map((l) => [l.key, l.from, l.dice, l.signed, l.ticked])).toEqual([
      ["complication:Actor.bear", "Cave Bear", -3, "−3d", true],
      ["complication:Actor.storm", "Storm", -1, "−1d", true],
    ]);
    expect(view.raw).toBe(plain.raw - 4);
    expect(view.complicationsUsed).toEqual(["Actor.bear", "Actor.storm"]);
    // Unticked (this roll is not related to the storm): it counts for nothing and stays pending.
    const off = separateRollModel(
      subject,
      applySeparateAction(view.choices, "toggleModifier", "complication:Actor.storm"),
      SETTINGS,
    );
    expect(off.raw).toBe(plain.raw - 3);
    expect(off.complicationsUsed).toEqual(["Actor.bear"]);
    expect(off.lines.find((l) => l.key === "complication:Actor.storm")?.ticked).toBe(false);
    const root = document.createElement("div");
    root.innerHTML = renderTemplate("dialogs/legacy-roll-dialog.hbs", view);
    const line = root.querySelector('[data-line="complication:Actor.bear"]');
    expect(line?.querySelector("input")?.checked).toBe(true);
    expect(line?.textContent?.replace(/\s+/g, " ").trim()).toBe("Complication (from Cave Bear) −3d");
  });

  it("R-LEG-16: a die scoped to a skill counts only when that skill is rolled (Obsessive Focus: +1d Survival, −1d Social, Violence, Vocational)", () => {
    const input = legacySeasonedCharacter();
    const focus = conditionRow(
      { id: "condFocus0000001", name: "Obsessive Focus", key: "obsessiveFocus" },
      {
        dice: skillFocusModifiers(LEGACY, "survival", ["social", "violence", "vocational"]).map((d) => ({
          ...d,
          appliesTo: d.appliesTo.filter(isModifierScope),
        })),
      },
    );
    const state: CharacterState = { source: input.system, items: [...input.items, focus] };
    const focusLines = (skill: SeparateRollChoices["skill"]) =>
      separateRollModel({ ruleset: LEGACY, state, attribute: "strength" }, choices({ skill }), SETTINGS)
        .lines.filter((l) => l.key.startsWith("condFocus0000001:"))
        .map((l) => l.dice);
    expect(focusLines("survival")).toEqual([1]);
    expect(focusLines("violence")).toEqual([-1]);
    expect(focusLines("social")).toEqual([-1]);
    expect(focusLines("exploration")).toEqual([]);
    expect(focusLines("")).toEqual([]);
    // An "any" die still counts on every roll (Sneak attack's line is offered with or without a skill).
    const sneak = (skill: SeparateRollChoices["skill"]) =>
      separateRollModel({ ruleset: LEGACY, state, attribute: "strength" }, choices({ skill }), SETTINGS).lines.some(
        (l) => l.key.startsWith("advSneakAttack01:"),
      );
    expect([sneak(""), sneak("exploration")]).toEqual([true, true]);
  });

  it("R-LEG-3 (setting): in a game without skills the dialog offers no skill, and a skill asked for is not added", () => {
    const bare = withoutSkills(LEGACY);
    const view = separateRollModel(
      { ruleset: bare, state: stateOf(), attribute: "strength" },
      choices({ skill: "violence" }),
      SETTINGS,
    );
    expect(view.skillsShown).toBe(false);
    expect(view.choices.skill).toBe("");
    expect(view.lines.some((l) => l.key === "skill")).toBe(false);
    const root = document.createElement("div");
    root.innerHTML = renderTemplate("dialogs/legacy-roll-dialog.hbs", view);
    expect(root.querySelector('select[name="skill"]')).toBeNull();
    const withSkills = separateRollModel(
      { ruleset: LEGACY, state: stateOf(), attribute: "strength" },
      choices(),
      SETTINGS,
    );
    expect(withSkills.skillsShown).toBe(true);
  });

  /** The dialog for a character with Strength `light` (no wounds) and Ego `ego`, with `dark` Dark Dice. */
  function shown(light: number, dark: number, ego: number) {
    const input = legacySeasonedCharacter();
    const legacy = legacyValuesOf(input.system);
    const system = {
      ...input.system,
      ...legacyBlocks({
        ...legacy,
        // Insight 4 + Charisma 4: Ego max 10, so every Ego asked for is one the character can hold (R-LEG-4 ruling).
        attributes: { ...legacy.attributes, strength: light, insight: 4, charisma: 4 },
        wounds: { critical: false, mortal: false },
        ego: { value: ego },
      }),
    };
    return separateRollModel(
      { ruleset: LEGACY, state: { source: system, items: [] }, attribute: "strength" },
      choices({ dark }),
      { darkMax: 10 },
    );
  }

  it("R-LEG-9: the outcome odds shown are exact — the highest of all dice, checked against every throw", () => {
    for (let light = 0; light <= 4; light++) {
      for (let dark = 0; dark <= 3; dark++) {
        const counts = { fail: 0, partial: 0, success: 0 };
        let total = 0;
        for (const t of everyThrow(light + dark)) {
          const best = t.length === 0 ? 0 : Math.max(...t);
          counts[best <= 3 ? "fail" : best <= 5 ? "partial" : "success"] += 1;
          total += 1;
        }
        const view = shown(light, dark, 3);
        expect(view.chances.fail.p, `${light}+${dark}`).toBeCloseTo(counts.fail / total, 12);
        expect(view.chances.partial.p, `${light}+${dark}`).toBeCloseTo(counts.partial / total, 12);
        expect(view.chances.success.p, `${light}+${dark}`).toBeCloseTo(counts.success / total, 12);
      }
    }
  });

  it("R-LEG-8: the Ego odds shown are exact — each Dark Die at or below the Ego costs 1, floor 0 — checked against every throw", () => {
    for (let dark = 0; dark <= 4; dark++) {
      for (let ego = 0; ego <= 8; ego++) {
        let any = 0;
        let zero = 0;
        let sum = 0;
        let total = 0;
        for (const t of everyThrow(dark)) {
          const loss = Math.min(ego, t.filter((f) => f <= ego).length);
          if (loss > 0) any += 1;
          if (loss >= ego) zero += 1;
          sum += loss;
          total += 1;
        }
        const view = shown(1, dark, ego);
        expect(view.ego.pLoseAny.p, `${dark} dark, Ego ${ego}`).toBeCloseTo(any / total, 12);
        expect(view.ego.pZero.p, `${dark} dark, Ego ${ego}`).toBeCloseTo(zero / total, 12);
        expect(Number(view.ego.expectedLoss), `${dark} dark, Ego ${ego}`).toBeCloseTo(sum / total, 2);
      }
    }
  });

  it("an empty pool disables Roll with the reason; the steppers stop at their limits", () => {
    const subject = { ruleset: LEGACY, state: stateOf(), attribute: "agility" as const };
    expect(separateRollModel(subject, choices(), SETTINGS).roll).toEqual({
      disabled: true,
      reason: { key: "TERRAN.Dialog.Legacy.empty", value: "" },
      labelKey: "TERRAN.Dialog.roll",
    });
    expect(separateRollModel(subject, choices({ dark: 1 }), SETTINGS).roll.disabled).toBe(false);
    expect(applySeparateAction(choices({ position: 1 }), "positionUp").position).toBe(1);
    expect(applySeparateAction(choices(), "darkDown").dark).toBe(0);
    expect(separateRollModel(subject, choices({ dark: 99 }), SETTINGS).dark).toMatchObject({
      value: 10,
      up: { disabled: true },
    });
    expect(applySeparateField(choices(), "skill", "__proto__").skill).toBe("");
    expect(applySeparateField(choices(), "messageMode", "blind").messageMode).toBe("blind");
  });

  it("R-LEG-9 R-POOL-4: each closed end of a stepper says why, in the Core dialog's words; an open end names its step", () => {
    const subject = { ruleset: LEGACY, state: stateOf(), attribute: "agility" as const };
    const low = separateRollModel(subject, choices({ dark: 0, position: -1 }), SETTINGS);
    expect(low.dark.down).toEqual({ disabled: true, tooltip: { key: "TERRAN.Dialog.dark.atMin", value: "" } });
    expect(english(low.dark.down.tooltip.key)).toBe("There are no Dark Dice to take away.");
    expect(low.dark.up).toEqual({ disabled: false, tooltip: { key: "TERRAN.Dialog.Legacy.darkUp", value: "" } });
    expect(low.position.down).toEqual({ disabled: true, tooltip: { key: "TERRAN.Dialog.position.atMin", value: "1" } });
    expect(low.position.up).toEqual({
      disabled: false,
      tooltip: { key: "TERRAN.Dialog.Legacy.positionUp", value: "" },
    });
    const high = separateRollModel(subject, choices({ dark: 10, position: 1 }), SETTINGS);
    expect(high.dark.up).toEqual({ disabled: true, tooltip: { key: "TERRAN.Dialog.dark.atMax", value: "10" } });
    expect(high.dark.down).toEqual({ disabled: false, tooltip: { key: "TERRAN.Dialog.Legacy.darkDown", value: "" } });
    expect(high.position.up).toEqual({ disabled: true, tooltip: { key: "TERRAN.Dialog.position.atMax", value: "1" } });
  });

  it("R-LEG-9: a closed stepper end stays focusable (aria-disabled, never disabled) with its reason as tooltip and label", () => {
    const view = separateRollModel(
      { ruleset: LEGACY, state: stateOf(), attribute: "agility" },
      choices({ dark: 0, position: 1 }),
      SETTINGS,
    );
    const root = document.createElement("div");
    root.innerHTML = renderTemplate("dialogs/legacy-roll-dialog.hbs", view);
    const darkDown = root.querySelector<HTMLButtonElement>('[data-action="darkDown"]');
    expect(darkDown?.disabled).toBe(false);
    expect(darkDown?.getAttribute("aria-disabled")).toBe("true");
    expect(darkDown?.dataset.tooltip).toBe("There are no Dark Dice to take away.");
    expect(darkDown?.getAttribute("aria-label")).toBe("There are no Dark Dice to take away.");
    expect(darkDown?.closest(".rd-tip")?.getAttribute("data-tooltip")).toBe("There are no Dark Dice to take away.");
    const up = root.querySelector<HTMLButtonElement>('[data-action="positionUp"]');
    expect(up?.getAttribute("aria-disabled")).toBe("true");
    expect(up?.dataset.tooltip).toBe("The GM's modifier goes no higher than +1d.");
    const open = root.querySelector<HTMLButtonElement>('[data-action="darkUp"]');
    expect(open?.hasAttribute("aria-disabled")).toBe(false);
    expect(open?.dataset.tooltip).toBe("One Dark Die more");
    expect(root.querySelectorAll("button[disabled]").length).toBe(0);
  });

  it("the template renders the lines, the odds and a closed Roll strictly", () => {
    const view = separateRollModel(
      { ruleset: LEGACY, state: stateOf(), attribute: "strength" },
      choices({ skill: "violence", dark: 2 }),
      SETTINGS,
    );
    const root = document.createElement("div");
    root.innerHTML = renderTemplate("dialogs/legacy-roll-dialog.hbs", view);
    expect(root.querySelector(".rd-light-count")?.textContent).toBe("3");
    expect(root.querySelector('[data-odds="success"]')?.textContent).toBe(view.chances.success.text);
    expect(root.querySelectorAll(".rd-die-dark").length).toBe(2);
    expect(root.querySelector<HTMLSelectElement>('select[name="skill"]')?.value).toBe("violence");
  });
});

describe("Legacy roll dialog: numbers in the client's language", () => {
  it("R-LEG-8 R-LEG-9: Portuguese writes the odds and the Ego expected with a decimal comma, as the Core dialog does", () => {
    const subject = { ruleset: LEGACY, state: stateOf(), attribute: "strength" as const };
    const en = separateRollModel(subject, choices({ dark: 2 }), SETTINGS);
    const pt = separateRollModel(subject, choices({ dark: 2 }), { ...SETTINGS, locale: "pt-BR" });
    expect(en.chances.success.text).toMatch(/^\d+\.\d%$/);
    expect(pt.chances.success.text).toBe(en.chances.success.text.replace(".", ","));
    expect(pt.ego.pLoseAny.text).toBe(en.ego.pLoseAny.text.replace(".", ","));
    expect(pt.ego.expectedLoss).toBe(en.ego.expectedLoss.replace(".", ","));
  });
});

describe("Legacy roll dialog: the montage (R-LEG-14)", () => {
  const wolf = { uuid: "Actor.wolf", name: "Wolf pack", tier: "dangerous", n: 4, dice: 1, halved: false };
  /** The roller is a GM: the "cannot kill" box is theirs to tick, in place. */
  const withTarget = { ...SETTINGS, montage: wolf, montageWord: "self" as const };

  /** A healthy character with Strength `light` and Ego `ego` (no wound, no items). */
  function subjectWith(light: number, ego: number) {
    const input = legacySeasonedCharacter();
    const legacy = legacyValuesOf(input.system);
    const system = {
      ...input.system,
      ...legacyBlocks({
        ...legacy,
        // Insight 4 + Charisma 4: Ego max 10, so every Ego asked for is one the character can hold (R-LEG-4 ruling).
        attributes: { ...legacy.attributes, strength: light, insight: 4, charisma: 4 },
        wounds: { critical: false, mortal: false },
        ego: { value: ego },
      }),
    };
    return { ruleset: LEGACY, state: { source: system, items: [] }, attribute: "strength" as const };
  }

  it("R-LEG-14: offered only when exactly one Challenge is targeted; unticked it changes nothing", () => {
    const subject = subjectWith(2, 3);
    expect(separateRollModel(subject, choices({ montage: true }), SETTINGS)).toMatchObject({
      montage: null,
      choices: { montage: false },
      egoCost: 1,
    });
    const offered = separateRollModel(subject, choices(), withTarget);
    expect(offered.montage).toMatchObject({
      name: "Wolf pack",
      tierKey: "TERRAN.ChallengeTier.dangerous",
      checked: false,
      complication: [],
    });
    expect(offered.chances).toEqual(separateRollModel(subject, choices(), SETTINGS).chances);
    expect(applySeparateField(choices(), "montage", true).montage).toBe(true);
    expect(applySeparateField(choices(), "safe", "yes").safe).toBe(false);
  });

  it("R-LEG-14: not for a Challenge that could kill — Roll waits for the GM's confirmation, and says why", () => {
    const subject = subjectWith(2, 3);
    const unsafe = separateRollModel(subject, choices({ montage: true }), withTarget);
    expect(unsafe.roll).toEqual({
      disabled: true,
      reason: { key: "TERRAN.Dialog.Legacy.montageUnsafe", value: "" },
      labelKey: "TERRAN.Dialog.roll",
    });
    expect(separateRollModel(subject, choices({ montage: true, safe: true }), withTarget).roll).toEqual({
      disabled: false,
      reason: null,
      labelKey: "TERRAN.Dialog.roll",
    });
  });

  it("R-LEG-14: the GM's word, not the player's — a player's dialog has no box to tick; Roll asks the active GM first, and says so", () => {
    const subject = subjectWith(2, 3);
    const asking = separateRollModel(subject, choices({ montage: true, safe: true }), {
      ...withTarget,
      montageWord: "ask",
    });
    expect(asking.choices.safe).toBe(false); // a player's form cannot carry the GM's word
    expect(asking.montage).toMatchObject({ confirmInPlace: false, asksGm: true });
    expect(asking.roll).toEqual({ disabled: false, reason: null, labelKey: "TERRAN.Dialog.Legacy.rollAskGm" });
    const root = document.createElement("div");
    root.innerHTML = renderTemplate("dialogs/legacy-roll-dialog.hbs", asking);
    expect(root.querySelector('input[name="safe"]')).toBeNull();
    expect(root.querySelector(".rd-montage-gm")?.textContent?.trim()).toBe(
      "Roll first asks the GM to agree that this Challenge cannot kill; the dice are thrown only on their yes.",
    );
    expect(root.querySelector(".rd-roll")?.textContent?.trim()).toBe("Ask the GM, then roll");
    // Unticked, the dialog rolls as ever.
    const plain = separateRollModel(subject, choices(), { ...withTarget, montageWord: "ask" });
    expect(plain.roll.labelKey).toBe("TERRAN.Dialog.roll");
  });

  it("R-LEG-14: with no GM online a montage cannot start, and Roll says why; while the GM is asked, Roll waits", () => {
    const subject = subjectWith(2, 3);
    const noGm = separateRollModel(subject, choices({ montage: true }), { ...withTarget, montageWord: "none" });
    expect(noGm.roll).toMatchObject({
      disabled: true,
      reason: { key: "TERRAN.Dialog.Legacy.montageNoGm", value: "" },
    });
    expect(noGm.montage).toMatchObject({ confirmInPlace: false, asksGm: false });
    const waiting = separateRollModel(subject, choices({ montage: true }), { ...withTarget, montageWord: "waiting" });
    expect(waiting.roll).toMatchObject({
      disabled: true,
      reason: { key: "TERRAN.Dialog.Legacy.montageWaiting", value: "" },
    });
    // Without the montage, neither stops a plain Risky Action.
    expect(separateRollModel(subject, choices(), { ...withTarget, montageWord: "none" }).roll.disabled).toBe(false);
  });

  it("R-LEG-14: the odds shown are exact — the Challenge's Effect first, its complication off the pool, then the highest die — checked against every throw", () => {
    // Dangerous (1d): 1–3 none, 4–5 −1d, a 6 explodes: 6+1…6+5 = 7–11 −2d, 6+6 = 12 and more −3d.
    const law = [
      { dice: 0, p: 3 / 6 },
      { dice: 1, p: 2 / 6 },
      { dice: 2, p: 5 / 36 },
      { dice: 3, p: 1 / 36 },
    ];
    for (let light = 0; light <= 4; light++) {
      for (let dark = 0; dark <= 2; dark++) {
        const expected = { fail: 0, partial: 0, success: 0 };
        for (const { dice, p } of law) {
          const n = Math.max(0, light - dice) + dark;
          let total = 0;
          const counts = { fail: 0, partial: 0, success: 0 };
          for (const t of everyThrow(n)) {
            const best = t.length === 0 ? 0 : Math.max(...t);
            counts[best <= 3 ? "fail" : best <= 5 ? "partial" : "success"] += 1;
            total += 1;
          }
          for (const band of ["fail", "partial", "success"] as const) expected[band] += (p * counts[band]) / total;
        }
        const view = separateRollModel(subjectWith(light, 3), choices({ montage: true, safe: true, dark }), withTarget);
        for (const band of ["fail", "partial", "success"] as const)
          expect(view.chances[band].p, `${light}+${dark} ${band}`).toBeCloseTo(expected[band], 9);
        const shownLaw = view.montage?.complication ?? [];
        expect(shownLaw.map((c) => c.dice)).toEqual(law.map((c) => c.dice));
        shownLaw.forEach((c, i) => expect(c.p.p).toBeCloseTo(law[i]?.p ?? -1, 9));
      }
    }
  });

  it("R-LEG-14: each Dark Die that costs Ego costs 2 — the Ego odds shown, checked against every throw", () => {
    for (let dark = 1; dark <= 3; dark++) {
      for (const ego of [1, 2, 3, 5]) {
        let any = 0;
        let zero = 0;
        let total = 0;
        for (const t of everyThrow(dark)) {
          const loss = Math.min(ego, 2 * t.filter((f) => f <= ego).length);
          if (loss > 0) any += 1;
          if (loss >= ego) zero += 1;
          total += 1;
        }
        const view = separateRollModel(subjectWith(2, ego), choices({ montage: true, safe: true, dark }), withTarget);
        expect(view.egoCost).toBe(2);
        expect(view.ego.pLoseAny.p, `${dark} dark, Ego ${ego}`).toBeCloseTo(any / total, 12);
        expect(view.ego.pZero.p, `${dark} dark, Ego ${ego}`).toBeCloseTo(zero / total, 12);
      }
    }
  });

  it("R-LEG-14: the template shows the option, the confirmation once ticked, the complication's odds and the dearer Dark Dice", () => {
    const subject = subjectWith(3, 3);
    const root = document.createElement("div");
    root.innerHTML = renderTemplate(
      "dialogs/legacy-roll-dialog.hbs",
      separateRollModel(subject, choices(), { ...SETTINGS, montage: { ...wolf, name: "<i>Wolves</i>" } }),
    );
    expect(root.querySelector('input[name="montage"]')).not.toBeNull();
    expect(root.querySelector('input[name="safe"]')).toBeNull();
    expect(root.querySelector(".rd-montage-target")?.textContent).toBe("<i>Wolves</i>");
    expect(root.querySelector("i:not(.fa-solid)")).toBeNull();
    root.innerHTML = renderTemplate(
      "dialogs/legacy-roll-dialog.hbs",
      separateRollModel(subject, choices({ montage: true, dark: 1 }), withTarget),
    );
    expect(root.querySelector('input[name="safe"]')).not.toBeNull();
    expect(root.querySelectorAll(".rd-montage-odds .rd-odd").length).toBe(4);
    expect(root.querySelector(".rd-ego-risk")?.textContent).toBe(
      "Each Dark Die that shows 3 or less costs 2 Ego (a montage).",
    );
    expect(root.querySelector(".rd-roll")?.getAttribute("aria-disabled")).toBe("true");
    expect(root.querySelector(".rd-roll")?.getAttribute("title")).toBe(
      "A montage is only for a Challenge that cannot kill: the GM must agree first.",
    );
    expect(root.querySelector(".rd-blocked")?.textContent).toBe(
      "A montage is only for a Challenge that cannot kill: the GM must agree first.",
    );
    // No target: no option at all.
    root.innerHTML = renderTemplate("dialogs/legacy-roll-dialog.hbs", separateRollModel(subject, choices(), SETTINGS));
    expect(root.querySelector(".rd-montage")).toBeNull();
    // R-LEG-8 the same rule in the same words as Core's dialog (R-EGO-2).
    expect(root.querySelector(".rd-ego-risk")?.textContent).toBe("Each Dark Die that shows 3 or less costs 1 Ego.");
  });
});
