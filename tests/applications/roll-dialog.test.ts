// @vitest-environment happy-dom
/**
 * The roll dialog's pure model (src/applications/dialogs/roll-dialog-model.ts) and its template
 * (templates/dialogs/roll-dialog.hbs), rendered strictly with the real Handlebars and read back with
 * happy-dom. The odds are checked as wiring: the view must hold exactly what `riskyActionOdds` gives
 * for the same inputs (odds.ts is tested against brute force in tests/rules/odds.test.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyChange,
  DIALOG_ACTIONS,
  DIALOG_FIELDS,
  initialChoices,
  POSITION_LIMIT,
  MESSAGE_MODES,
  rollDialogModel,
  type RollDialogChoices,
  type RollDialogSettings,
  type RollDialogSubject,
  type RollDialogView,
} from "../../src/applications/dialogs/roll-dialog-model.ts";
import { riskyCardInput } from "../../src/applications/dialogs/risky-card-input.ts";
import { DARK_MAX_LIMIT } from "../../src/applications/dialogs/stepper.ts";
import { confirmEffect, createRiskyCard, riskyCardResult } from "../../src/chat/index.ts";
import { percent, signedDice } from "../../src/applications/format.ts";
import type { WeaponSource } from "../../src/data/source.ts";
import type { CharacterState } from "../../src/documents/operations/types.ts";
import {
  CORE,
  DEFAULT_DARK_MAX,
  DEGENESIS,
  riskyActionOdds,
  V062,
  type RollTarget,
  type Ruleset,
} from "../../src/rules/index.ts";
import { advancement, armour, condition, state } from "../documents/operations/fixtures.ts";
import { english, renderTemplate } from "../support/templates.ts";

// ---------------------------------------------------------------------------------------------
// Builders

const SETTINGS: RollDialogSettings = { darkMax: DEFAULT_DARK_MAX, singleDieServesBoth: true, isGM: false };
const FINESSE: RollTarget = { kind: "attribute", attribute: "finesse" };
const TEMPLATE = "dialogs/roll-dialog.hbs";

type SubjectWeapon = NonNullable<RollDialogSubject["weapon"]>;

function weapon(system: Partial<WeaponSource> = {}, name = "Long sword"): SubjectWeapon {
  return {
    id: "weapon0001",
    name,
    system: {
      rank: 3,
      ranges: ["contact"],
      tags: ["versatile"],
      customTags: [],
      twoHanded: false,
      equipped: true,
      description: "",
      ...system,
    },
  };
}

function subject(s: CharacterState, over: Partial<Omit<RollDialogSubject, "state">> = {}): RollDialogSubject {
  return { ruleset: CORE, target: FINESSE, weapon: null, ...over, state: s };
}

function view(
  sub: RollDialogSubject,
  choices: Partial<RollDialogChoices> = {},
  settings: RollDialogSettings = SETTINGS,
): RollDialogView {
  return rollDialogModel(sub, { ...initialChoices(sub, settings), ...choices }, settings);
}

/** The English text of a view message. */
function say(m: { key: string; value: string } | null): string {
  if (!m) throw new Error("expected a message");
  return english(m.key).replaceAll("{value}", m.value);
}

const labels = (v: RollDialogView): string[] => v.lines.map((l) => (l.labelKey ? english(l.labelKey) : l.labelText));

function dom(html: string): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = html;
  return root;
}

/** A situational modifier on an advancement (homebrew) or a condition. */
function situational(
  id: string,
  dice: number,
  label: string,
  appliesTo: ("any" | "finesse" | "reason" | "save:insight")[] = ["any"],
) {
  return { id, dice, label, appliesTo, situational: true };
}

// Characters used throughout.
const fresh = (): CharacterState => state({ attributes: { finesse: 2 } });
const woundedHeavy = (): CharacterState =>
  state({ attributes: { finesse: 3, exertion: 2 }, wounds: ["broken"] }, armour("heavy"));
const mortal = (): CharacterState => state({ attributes: { finesse: 4 }, wounds: ["stressed", "broken", "weary"] });
const dead = (): CharacterState => state({ attributes: { finesse: 2 }, dead: true });

// ---------------------------------------------------------------------------------------------

describe("roll dialog: the pool's lines (R-POOL-1, R-POOL-2)", () => {
  it("R-POOL-1: the base line is the attribute and its rating, the title names it and the weapon", () => {
    const v = view(subject(state({ attributes: { finesse: 3 } }), { weapon: weapon() }));
    expect(v.base).toEqual({ labelKey: "TERRAN.Attribute.finesse", dice: 3, rule: "R-POOL-1" });
    expect(v.title).toEqual({
      labelKey: "TERRAN.Attribute.finesse",
      weaponName: "Long sword",
      kindKey: "TERRAN.Dialog.kind.riskyAction",
    });
    expect(`${english(v.base.labelKey)} ${v.base.dice}`).toBe("Finesse 3");
  });

  it("R-POOL-1 R-RA-8: a Reaction's base is the group's Save, and its Effect is the GM's call", () => {
    const v = view(
      subject(state({ attributes: { intuition: 2, reason: 1 } }), { target: { kind: "save", group: "insight" } }),
    );
    expect(v.base).toEqual({ labelKey: "TERRAN.Save.insight", dice: 2, rule: "R-RA-8" });
    expect(v.reaction).toBe(true);
    expect(v.title.kindKey).toBe("TERRAN.Dialog.kind.reaction");
    expect(v.chances.notes.map(say)).toContain("A Reaction has no Effect unless the GM says so.");
  });

  it("R-POOL-2 R-HARM-4: a wound of the roll's group is a labelled −1d line", () => {
    const v = view(subject(woundedHeavy()));
    expect(v.lines).toEqual([
      expect.objectContaining({
        kind: "wound",
        labelKey: "TERRAN.Wound.broken",
        dice: -1,
        signed: "\u22121d",
        counts: true,
      }),
    ]);
    expect(labels(v)).toEqual(["Broken"]);
    expect(v.raw).toBe(2);
  });

  it("R-POOL-2 R-EQ-4: Heavy armour costs −1d only when the action is hindered, and the checkbox shows only when worn", () => {
    const heavy = subject(woundedHeavy());
    expect(view(heavy).hindered).toEqual({ shown: true, checked: false });
    expect(view(heavy).lines.map((l) => l.kind)).toEqual(["wound"]);
    const hindered = view(heavy, { hindered: true });
    expect(hindered.hindered.checked).toBe(true);
    expect(labels(hindered)).toEqual(["Broken", "Heavy armour"]);
    expect(hindered.raw).toBe(1);
    // No heavy armour: no checkbox, and a stale `hindered` choice is dropped.
    const light = view(subject(state({ attributes: { finesse: 3 } }, armour("light"))), { hindered: true });
    expect(light.hindered).toEqual({ shown: false, checked: false });
    expect(light.lines).toEqual([]);
  });

  it("R-POOL-2 R-EQ-3: Improvised, Unhandy at close range and outside the weapon's ranges are labelled lines", () => {
    const pipe = weapon({ rank: 0, ranges: ["contact"], tags: ["improvised"] }, "Pipe");
    expect(labels(view(subject(fresh(), { weapon: pipe })))).toEqual(["Improvised"]);
    const bow = weapon({ rank: 2, ranges: ["short"], tags: ["unhandy"] }, "Bow");
    const atContact = view(subject(fresh(), { weapon: bow }), { range: "contact" });
    expect(labels(atContact)).toEqual(["Unhandy", "Outside the weapon's ranges"]);
    expect(atContact.lines.map((l) => l.rule)).toEqual(["R-EQ-3", "R-POOL-2"]);
    expect(atContact.raw).toBe(0);
    expect(labels(view(subject(fresh(), { weapon: bow }), { range: "short" }))).toEqual([]);
    expect(labels(view(subject(fresh(), { weapon: bow }), { range: "long" }))).toEqual(["Outside the weapon's ranges"]);
  });

  it("R-POOL-2 R-EQ-3: the range select lists the ruleset's ranges with what each costs this weapon", () => {
    const bow = weapon({ rank: 2, ranges: ["short"], tags: ["unhandy"] }, "Bow");
    const v = view(subject(fresh(), { weapon: bow }));
    expect(v.range.shown).toBe(true);
    expect(v.range.options).toEqual([
      { value: "contact", labelKey: "TERRAN.Range.contact", selected: false, penalty: "\u22122d" },
      { value: "reach", labelKey: "TERRAN.Range.reach", selected: false, penalty: "\u22122d" },
      { value: "short", labelKey: "TERRAN.Range.short", selected: true, penalty: "" },
      { value: "long", labelKey: "TERRAN.Range.long", selected: false, penalty: "\u22121d" },
    ]);
    expect(view(subject(fresh())).range).toEqual({ shown: false, options: [] });
  });

  it("R-POOL-2 R-ADV-1: Danger sense adds +1d to the Insight save only", () => {
    const s = state({ attributes: { intuition: 1 } }, advancement("dangerSense"));
    const save = view(subject(s, { target: { kind: "save", group: "insight" } }));
    expect(save.lines).toEqual([
      expect.objectContaining({ kind: "dangerSense", labelKey: "TERRAN.Adv.dangerSense", dice: 1, signed: "+1d" }),
    ]);
    expect(save.raw).toBe(2);
    expect(view(subject(s, { target: { kind: "attribute", attribute: "intuition" } })).lines).toEqual([]);
  });

  it("R-POOL-2 R-COND-1 R-ADV-1: situational modifiers are checkboxes; only the ticked ones count", () => {
    const s = state(
      { attributes: { finesse: 2 } },
      advancement("sleek"),
      condition("condition", {
        key: "moralReservations",
        dice: [situational("moralReservations", -1, "TERRAN.Mod.moralReservations")],
      }),
    );
    const sub = subject(s);
    const none = view(sub);
    expect(none.lines.map((l) => [l.labelKey, l.situational, l.ticked, l.counts])).toEqual([
      ["TERRAN.Mod.sleek", true, false, false],
      ["TERRAN.Mod.moralReservations", true, false, false],
    ]);
    expect(none.lines.map((l) => l.cls)).toEqual(["bonus off", "penalty off"]);
    expect(none.raw).toBe(2);
    const sleekKey = none.lines[0]?.key ?? "";
    const ticked = view(sub, { ticked: [sleekKey] });
    expect(ticked.lines[0]).toMatchObject({ ticked: true, counts: true, cls: "bonus" });
    expect(ticked.raw).toBe(3);
    const both = view(sub, { ticked: none.lines.map((l) => l.key) });
    expect(both.raw).toBe(2);
    expect(labels(both)).toEqual(["Sleek: wriggling free", "Moral Reservations: against your code"]);
  });

  it("R-POOL-2: always-on modifiers count without a checkbox; a user's own label is shown as written", () => {
    const s = state(
      { attributes: { finesse: 1 } },
      advancement("", {
        dice: [{ id: "steady", dice: 1, label: "Steady hands", appliesTo: ["finesse"], situational: false }],
      }),
      advancement("", {
        dice: [{ id: "books", dice: 1, label: "Book learning", appliesTo: ["reason"], situational: true }],
      }),
    );
    const v = view(subject(s));
    expect(v.lines).toEqual([
      expect.objectContaining({ labelKey: null, labelText: "Steady hands", situational: false, counts: true }),
    ]);
    expect(v.raw).toBe(2);
  });

  it("R-POOL-2: unknown ticked ids are ignored, and a modifier taken twice gets two boxes", () => {
    const s = state({ attributes: { finesse: 1 } }, advancement("sensoryAcuity"), advancement("sensoryAcuity"));
    const sub = subject(s);
    const keys = view(sub).lines.map((l) => l.key);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
    const v = view(sub, { ticked: ["nope", keys[0] ?? "", keys[0] ?? ""] });
    expect(v.choices.ticked).toEqual([keys[0]]);
    expect(v.raw).toBe(2);
  });

  it("R-POOL-2: the GM's position is a stepper shown to everyone and marked as the GM's", () => {
    const sub = subject(fresh());
    const v = view(sub);
    expect(v.position).toMatchObject({ value: 0, signed: "\u00b10d", cls: "neutral", corrected: null });
    expect(say(v.position.note)).toMatch(/Set by the GM/);
    expect(say(view(sub, {}, { ...SETTINGS, isGM: true }).position.note)).toMatch(/Your call as GM/);
    const better = view(sub, { position: 1 });
    expect(better.position).toMatchObject({ signed: "+1d", cls: "bonus" });
    expect(better.raw).toBe(3);
    const top = view(sub, { position: POSITION_LIMIT + 5 });
    expect(top.position.value).toBe(POSITION_LIMIT);
    expect(top.position.up.disabled).toBe(true);
    expect(say(top.position.up.tooltip)).toMatch(/no higher than \+10d/);
    expect(say(top.position.corrected)).toMatch(/between −10d and \+10d/);
    expect(view(sub, { position: -POSITION_LIMIT }).position.down.disabled).toBe(true);
  });

  it("R-POOL-2 R-POOL-3: the base, every counted line and the position add up to the raw total", () => {
    const s = state({ attributes: { finesse: 3 }, wounds: ["broken"] }, armour("heavy"), advancement("sleek"));
    const sub = subject(s, { weapon: weapon({ ranges: ["short"], tags: ["improvised", "unhandy"] }) });
    const keys = view(sub)
      .lines.filter((l) => l.situational)
      .map((l) => l.key);
    const v = view(sub, { position: 2, hindered: true, ticked: keys, range: "contact" });
    expect(v.lines.map((l) => l.kind)).toEqual([
      "wound",
      "improvised",
      "unhandy",
      "outOfRange",
      "heavyArmour",
      "modifier",
    ]);
    const sum = v.base.dice + v.position.value + v.lines.filter((l) => l.counts).reduce((t, l) => t + l.dice, 0);
    expect(v.raw).toBe(sum);
    expect(v.raw).toBe(v.pool.raw);
  });
});

describe("roll dialog: Light Dice, Dark Dice and the Roll button (R-POOL-3…5)", () => {
  it("R-POOL-3: above 4 the Light Dice are clamped to 4 and the dialog says why", () => {
    const v = view(subject(state({ attributes: { finesse: 4 } })), { position: 2 });
    expect([v.raw, v.light, v.clamp.reason]).toEqual([6, 4, "max"]);
    expect(say(v.clamp.message)).toBe("The modifiers add up to 6, but a pool holds at most 4 Light Dice.");
  });

  it("R-POOL-3: below 0 the Light Dice are clamped to 0 and the dialog says why", () => {
    const v = view(subject(state({ attributes: { finesse: 1 } })), { position: -3 });
    expect([v.raw, v.light, v.clamp.reason]).toEqual([-2, 0, "min"]);
    expect(v.rawSigned).toBe("\u22122");
    expect(say(v.clamp.message)).toBe("The modifiers add up to -2, but Light Dice cannot go below 0.");
  });

  it("R-POOL-3: no clamp, no message", () => {
    expect(view(subject(fresh())).clamp).toEqual({ reason: null, message: null });
  });

  it("R-POOL-3 R-HARM-5: Mortally Wounded locks Light Dice at 0 and says why", () => {
    const v = view(subject(mortal()), { dark: 2 });
    expect(v.mortallyWounded).toBe(true);
    expect([v.raw, v.light, v.clamp.reason]).toEqual([3, 0, "mortal"]);
    expect(say(v.clamp.message)).toMatch(/^Mortally Wounded: you cannot gather any Light Dice/);
    // Dark Dice may still be gathered, and the roll is allowed.
    expect(v.pool.dark).toBe(2);
    expect(v.roll).toEqual({ disabled: false, reason: null });
    // Even when the total is 0 anyway, the reason is given.
    const zero = view(subject(state({ attributes: { finesse: 1 }, wounds: ["stressed", "broken", "weary"] })));
    expect(zero.raw).toBe(0); // Finesse 1, Broken −1d
    expect(zero.clamp.reason).toBeNull();
    expect(say(zero.clamp.message)).toMatch(/^Mortally Wounded/);
  });

  it("R-POOL-4: the Dark Dice stepper runs 0…darkMax; its ends are disabled with a tooltip", () => {
    const sub = subject(fresh());
    const zero = view(sub);
    expect(zero.dark).toMatchObject({ value: 0, max: DEFAULT_DARK_MAX, corrected: null });
    expect(zero.dark.down.disabled).toBe(true);
    expect(say(zero.dark.down.tooltip)).toBe("There are no Dark Dice to take away.");
    expect(zero.dark.up.disabled).toBe(false);
    const max = view(sub, { dark: DEFAULT_DARK_MAX });
    expect(max.dark.up.disabled).toBe(true);
    expect(say(max.dark.up.tooltip)).toBe("This world allows at most 10 Dark Dice.");
    expect(max.dice.dark).toHaveLength(10);
    expect(max.dice.light).toHaveLength(2);
  });

  it("R-POOL-4: Dark Dice out of bounds are brought back and the reason shown, never thrown", () => {
    const sub = subject(fresh());
    const settings = { ...SETTINGS, darkMax: 3 };
    const over = view(sub, { dark: 7 }, settings);
    expect(over.dark.value).toBe(3);
    expect(over.pool.dark).toBe(3);
    expect(say(over.dark.corrected)).toBe("This world allows at most 3 Dark Dice, so the count was lowered to that.");
    const under = view(sub, { dark: -2 });
    expect(under.dark.value).toBe(0);
    expect(say(under.dark.corrected)).toMatch(/cannot go below 0/);
    expect(view(sub, { dark: 2.6 }).dark.value).toBe(3);
    expect(view(sub, { dark: Number.NaN }).dark.value).toBe(0);
    // A broken setting falls back to the default maximum.
    expect(view(sub, { dark: 12 }, { ...SETTINGS, darkMax: Number.NaN }).dark.max).toBe(DEFAULT_DARK_MAX);
    expect(view(sub, {}, { ...SETTINGS, darkMax: 1e300 }).dark.max).toBe(DARK_MAX_LIMIT);
  });

  it("R-POOL-5: an empty pool disables Roll and says what to do", () => {
    const v = view(subject(state()));
    expect(v.pool.empty).toBe(true);
    expect(v.roll.disabled).toBe(true);
    expect(say(v.roll.reason)).toBe("Nothing to roll: add Dark Dice or ask the GM for an advantage.");
    expect(v.chances.notes.map(say)).toContain("No dice in the pool: the action fails and has no Effect.");
    expect(view(subject(state()), { dark: 1 }).roll.disabled).toBe(false);
  });

  it("R-POOL-5 R-HARM-5: a Mortally Wounded character with no Dark Dice is told to add Dark Dice", () => {
    const v = view(subject(mortal()));
    expect(v.roll.disabled).toBe(true);
    expect(say(v.roll.reason)).toMatch(/Mortally Wounded, you can only act with Dark Dice/);
  });

  it("R-HARM-5 R-EGO-3: a dead or lost character cannot roll, whatever the pool", () => {
    const d = view(subject(dead()), { dark: 2 });
    expect(d.roll.disabled).toBe(true);
    expect(say(d.roll.reason)).toBe("The character is dead and cannot act.");
    const lost = view(subject(state({ attributes: { finesse: 2 }, ego: { value: 0 }, lost: true })));
    expect(lost.roll.disabled).toBe(true);
    expect(say(lost.roll.reason)).toMatch(/The character is lost/);
    expect(say(lost.ego.risk)).toMatch(/lost/);
  });
});

describe("roll dialog: the odds (R-RA-1…R-RA-6, R-EGO-2, R-SAY-1)", () => {
  it("R-RA-1 R-RA-6 R-EGO-2: the view's odds are riskyActionOdds of the same pool, Ego and Effect", () => {
    const s = state({ attributes: { finesse: 3 }, ego: { value: 4, max: 5 } });
    const v = view(subject(s), { dark: 2, rank: 2 });
    const expected = riskyActionOdds({
      light: 3,
      dark: 2,
      ego: 4,
      slaughter: false,
      sayonara: false,
      singleDieServesBoth: true,
      effect: { rule: CORE.effect, rank: 2, tags: { versatileTwoHanded: false, improvised: false } },
    });
    expect(v.odds).toEqual(expected);
    expect(v.chances.fail.text).toBe(`${(expected.outcome.fail * 100).toFixed(1)}%`);
    expect(v.chances.partial.text).toBe(`${(expected.outcome.partial * 100).toFixed(1)}%`);
    expect(v.chances.success.text).toBe(`${(expected.outcome.success * 100).toFixed(1)}%`);
    expect(v.chances.expectedEffect).toBe((expected.effect.value?.expectedWhenLands ?? Number.NaN).toFixed(1));
    expect(v.ego.pLoseAny.text).toBe(`${(expected.ego.pLoseAny * 100).toFixed(1)}%`);
    expect(v.ego.pZero.text).toBe(`${(expected.ego.pZero * 100).toFixed(1)}%`);
    expect(v.ego).toMatchObject({ value: 4, max: 5, sayonara: false });
    expect(say(v.ego.risk)).toBe("Each Dark Die that shows 4 or less costs 1 Ego.");
    expect(v.egoAtThrow).toBe(4);
  });

  it("R-RA-1 R-EGO-2: moving the Dark Dice stepper changes the odds", () => {
    const sub = subject(state({ attributes: { finesse: 2 }, ego: { value: 3, max: 3 } }));
    let choices = initialChoices(sub, SETTINGS);
    const before = rollDialogModel(sub, choices, SETTINGS);
    choices = applyChange(sub, choices, { action: "darkUp" }, SETTINGS);
    const after = rollDialogModel(sub, choices, SETTINGS);
    expect(after.dark.value).toBe(1);
    expect(after.odds).toEqual(
      riskyActionOdds({
        light: 2,
        dark: 1,
        ego: 3,
        effect: { rule: CORE.effect, rank: 1, tags: { versatileTwoHanded: false, improvised: false } },
      }),
    );
    expect(after.odds.outcome.success).toBeGreaterThan(before.odds.outcome.success);
    expect(before.ego.pLoseAny.text).toBe("0.0%");
    expect(after.ego.pLoseAny.text).toBe("50.0%");
  });

  it("R-RA-3 R-EQ-3: a Slaughter weapon explodes on 5+, and its rank and tags drive the Effect", () => {
    const axe = weapon({ rank: 2, ranges: ["contact"], tags: ["slaughter", "versatile"], twoHanded: true }, "Axe");
    const v = view(subject(state({ attributes: { finesse: 2 } }), { weapon: axe }), { rank: 0 });
    expect(v.slaughter).toBe(true);
    expect(v.rank).toBe(2);
    expect(v.effectTags).toEqual({ versatileTwoHanded: true, improvised: false });
    expect(v.odds).toEqual(
      riskyActionOdds({
        light: 2,
        dark: 0,
        ego: 4,
        slaughter: true,
        sayonara: false,
        singleDieServesBoth: true,
        effect: { rule: CORE.effect, rank: 2, tags: v.effectTags },
      }),
    );
    const plain = view(
      subject(state({ attributes: { finesse: 2 } }), {
        weapon: weapon({ rank: 2, tags: ["versatile"], twoHanded: true }),
      }),
    );
    expect(v.odds.effect.expected).toBeGreaterThan(plain.odds.effect.expected);
  });

  it("R-SAY-1: during Sayonara a Dark Die costs Ego only on a 1, and the odds say so", () => {
    const s = state({ attributes: { finesse: 1 }, ego: { value: 5, max: 5 }, sayonara: true });
    const v = view(subject(s), { dark: 3 });
    expect(v.sayonara).toBe(true);
    expect(say(v.ego.risk)).toBe("Sayonara: a Dark Die costs Ego only when it shows a 1.");
    expect(v.odds.ego).toEqual(riskyActionOdds({ light: 1, dark: 3, ego: 5, sayonara: true }).ego);
    expect(v.ego.pLoseAny.text).toBe(`${((1 - (5 / 6) ** 3) * 100).toFixed(1)}%`);
  });

  it("R-EGO-2: at Ego 6 every Dark Die costs; at Ego 0 there is nothing to take", () => {
    expect(say(view(subject(state({ ego: { value: 6, max: 6 } }))).ego.risk)).toMatch(/Every Dark Die costs 1 Ego/);
    expect(say(view(subject(state({ ego: { value: 0, max: 0 } }))).ego.risk)).toMatch(/Ego is 0/);
  });

  it("R-RA-2: with the setting off a lone die gives no Effect, and the dialog says so", () => {
    const settings = { ...SETTINGS, singleDieServesBoth: false };
    const v = view(subject(state({ attributes: { finesse: 1 } })), {}, settings);
    expect(v.odds.effect.pLands).toBe(0);
    expect(v.chances.expectedEffect).toBe("\u2014");
    expect(v.chances.effectLands).toBe(false);
    expect(v.chances.notes.map(say)).toContain("A lone die gives no Effect in this world: add a die for an Effect.");
    expect(view(subject(state({ attributes: { finesse: 1 } }))).chances.effectLands).toBe(true);
  });

  it("R-RA-4 R-RA-5: Core and Degenesis list their own tier labels for the approach", () => {
    const core = view(subject(fresh()));
    expect(core.tier.shown).toBe(true);
    expect(core.tier.options.map((o) => english(o.labelKey))).toEqual([
      "Bad (−1e)",
      "Mediocre (±0e)",
      "Good (+1e)",
      "Better (+2e)",
      "Best (+3e)",
    ]);
    expect(core.tier.options.find((o) => o.selected)?.value).toBe("1");
    const degenesis = view(subject(fresh(), { ruleset: DEGENESIS }), { rank: 3 });
    expect(degenesis.tier.options.map((o) => english(o.labelKey))).toEqual([
      "Improvised (1e)",
      "Reduced (2e)",
      "Standard (3e)",
      "Increased (4e)",
      "Extreme (5e)",
    ]);
    expect(degenesis.rank).toBe(3);
    expect(degenesis.odds.effect.value?.expectedWhenLands).toBeGreaterThanOrEqual(4);
    expect(degenesis.odds).toEqual(
      riskyActionOdds({
        light: 2,
        dark: 0,
        ego: 4,
        effect: { rule: DEGENESIS.effect, rank: 3, tags: { versatileTwoHanded: false, improvised: false } },
      }),
    );
  });

  it("R-V-12 R-V-11: v0.6.2 offers its three approach rows, no range select, and odds that halve on 4–5", () => {
    const v = view(subject(fresh(), { ruleset: V062 }), { rank: 2 });
    expect(v.tier.options.map((o) => english(o.labelKey))).toEqual([
      "Disadvantaged (−1e)",
      "Baseline (±0e)",
      "Advantaged (+1e)",
    ]);
    expect(v.tier.options.find((o) => o.selected)?.value).toBe("2");
    expect(v.odds).toEqual(
      riskyActionOdds({
        light: 2,
        dark: 0,
        ego: 4,
        effect: { rule: V062.effect, rank: 2, tags: { versatileTwoHanded: false, improvised: false } },
      }),
    );
    const pistol = weapon({ rank: 1, ranges: ["short", "long"], tags: [] }, "Pistol");
    const armed = view(subject(fresh(), { ruleset: V062, weapon: pistol }), { range: "contact" });
    expect(armed.range).toEqual({ shown: false, options: [] });
    expect(labels(armed)).toEqual([]);
    const plasma = weapon({ rank: 1, ranges: ["short"], tags: ["heavyFirepower"] }, "Plasma rifle");
    expect(labels(view(subject(fresh(), { ruleset: V062, weapon: plasma })))).toEqual(["Heavy Firepower"]);
  });

  it("R-RA-4 R-EQ-1: with a weapon the tier select is replaced by the weapon's tier", () => {
    const v = view(subject(fresh(), { weapon: weapon({ rank: 4 }) }), { rank: 0 });
    expect(v.tier.shown).toBe(false);
    expect(v.tier.options).toEqual([]);
    expect(english(v.tier.labelKey)).toBe("Best (+3e)");
    expect(v.rank).toBe(4);
    expect(v.choices.rank).toBe(4);
  });

  it("R-RA-9: the order of Effects follows Fast, Nimble and Slow", () => {
    expect(view(subject(fresh())).order.value).toBe("gm");
    expect(view(subject(state({}, advancement("fast")))).order).toEqual({
      value: "player-first",
      labelKey: "TERRAN.Order.player-first",
    });
    expect(view(subject(fresh(), { weapon: weapon({ tags: ["nimble"] }) })).order.value).toBe("player-first");
    expect(view(subject(state({}, condition("condition", { key: "slow", flags: ["effectLast"] })))).order.value).toBe(
      "player-last",
    );
  });

  it("R-RA-10: the combat checkbox shows for Whirlwind, and Whirlwind applies only in combat", () => {
    expect(view(subject(fresh())).combat.shown).toBe(false);
    const s = state({ attributes: { finesse: 3 } }, advancement("whirlwind"));
    const withWeapon = view(subject(s, { weapon: weapon() }));
    expect(withWeapon.combat).toEqual({ shown: true, checked: true });
    expect(withWeapon.whirlwind).toBe(true);
    const unarmed = view(subject(s));
    expect(unarmed.combat).toEqual({ shown: true, checked: false });
    expect(unarmed.whirlwind).toBe(false);
  });

  it("R-ADV-2: a Specialist ticks 'this is my speciality'; the card is told, and the dialog says what it means", () => {
    // Without Specialist there is no tick, and a forced choice is dropped.
    const plain = subject(fresh());
    expect(view(plain).specialist).toEqual({ shown: false, checked: false, specialties: "" });
    expect(
      applyChange(plain, initialChoices(plain, SETTINGS), { field: "specialist", value: "on" }, SETTINGS).specialist,
    ).toBe(false);
    expect(view(plain, { specialist: true }).specialistApplies).toBe(false);

    const s = state(
      { attributes: { finesse: 3 } },
      advancement("specialist", { specialty: "Lockpicking" }),
      advancement("specialist", { specialty: "Surgery" }),
    );
    const sub = subject(s);
    const start = view(sub);
    expect(start.specialist).toEqual({ shown: true, checked: false, specialties: "Lockpicking, Surgery" });
    expect(start.specialistApplies).toBe(false);
    const ticked = applyChange(sub, start.choices, { field: "specialist", value: "on" }, SETTINGS);
    const v = rollDialogModel(sub, ticked, SETTINGS);
    expect(v.specialist.checked).toBe(true);
    expect(v.specialistApplies).toBe(true);
    expect(v.chances.notes.map((n) => n.key)).toContain("TERRAN.Dialog.odds.specialist");
    expect(applyChange(sub, ticked, { field: "specialist", value: false }, SETTINGS).specialist).toBe(false);

    // Ruling: a Save is a Reaction, not a chosen kind of action; no tick there.
    const save = subject(s, { target: { kind: "save", group: "prowess" } });
    expect(view(save, { specialist: true })).toMatchObject({
      specialist: { shown: false, checked: false },
      specialistApplies: false,
    });

    // The template shows the tick with the written specialities, checked when chosen.
    const root = dom(renderTemplate(TEMPLATE, v));
    const box = root.querySelector<HTMLInputElement>('input[name="specialist"]');
    expect(box?.checked).toBe(true);
    expect(box?.closest("label")?.textContent).toContain("Lockpicking, Surgery");
    expect(dom(renderTemplate(TEMPLATE, view(plain))).querySelector('input[name="specialist"]')).toBeNull();
  });
});

describe("roll dialog: choices and changes", () => {
  it("initial choices: no Dark Dice, no position, the weapon's first range this ruleset knows", () => {
    const rifle = weapon({ rank: 4, ranges: ["farAway", "short", "long"], tags: [] }, "Rifle");
    expect(initialChoices(subject(fresh(), { weapon: rifle }), SETTINGS)).toEqual({
      dark: 0,
      position: 0,
      ticked: [],
      skills: [],
      range: "short",
      hindered: false,
      rank: 4,
      combat: true,
      specialist: false,
      messageMode: "public",
    });
    // A weapon whose ranges this ruleset does not know is used at the ruleset's first range.
    expect(initialChoices(subject(fresh(), { weapon: rifle, ruleset: DEGENESIS }), SETTINGS).range).toBe("farAway");
    expect(
      initialChoices(subject(fresh(), { weapon: weapon({ ranges: ["moon"] }), ruleset: DEGENESIS }), SETTINGS).range,
    ).toBe("contact");
    expect(initialChoices(subject(fresh()), SETTINGS)).toMatchObject({ range: null, rank: 1, combat: false });
  });

  it("applyChange: steppers, toggles and form fields give new normalised choices", () => {
    const s = state({ attributes: { finesse: 2 } }, armour("heavy"), advancement("sleek"));
    const sub = subject(s, { weapon: weapon({ ranges: ["contact", "reach"] }) });
    const start = initialChoices(sub, SETTINGS);
    const key = view(sub).lines.find((l) => l.situational)?.key ?? "";
    let c = start;
    c = applyChange(sub, c, { action: "darkDown" }, SETTINGS);
    expect(c.dark).toBe(0);
    c = applyChange(sub, c, { action: "darkUp" }, SETTINGS);
    c = applyChange(sub, c, { action: "positionDown" }, SETTINGS);
    c = applyChange(sub, c, { action: "toggleModifier", key }, SETTINGS);
    c = applyChange(sub, c, { field: "range", value: "reach" }, SETTINGS);
    c = applyChange(sub, c, { field: "hindered", value: "on" }, SETTINGS);
    c = applyChange(sub, c, { field: "combat", value: false }, SETTINGS);
    c = applyChange(sub, c, { field: "messageMode", value: "blind" }, SETTINGS);
    expect(c).toEqual({
      dark: 1,
      position: -1,
      ticked: [key],
      skills: [],
      range: "reach",
      hindered: true,
      rank: 3,
      combat: false,
      specialist: false,
      messageMode: "blind",
    });
    expect(start.dark).toBe(0); // the old choices are untouched
    c = applyChange(sub, c, { action: "toggleModifier", key }, SETTINGS);
    c = applyChange(sub, c, { field: "range", value: "orbit" }, SETTINGS);
    c = applyChange(sub, c, { field: "messageMode", value: "shout" }, SETTINGS);
    expect(c).toMatchObject({ ticked: [], range: "contact", messageMode: "public" });
    const unarmed = subject(fresh());
    expect(applyChange(unarmed, initialChoices(unarmed, SETTINGS), { field: "rank", value: "3" }, SETTINGS).rank).toBe(
      3,
    );
    expect(applyChange(unarmed, initialChoices(unarmed, SETTINGS), { field: "rank", value: "9" }, SETTINGS).rank).toBe(
      1,
    );
  });

  it("the roll mode select lists the four modes with localised labels and starts from the chat's current mode", () => {
    const v = view(subject(fresh()), { messageMode: "gm" });
    expect(v.messageModes.map((m) => m.value)).toEqual([...MESSAGE_MODES]);
    expect(v.messageModes.map((m) => english(m.labelKey))).toEqual([
      "Public roll",
      "Private GM roll",
      "Blind GM roll",
      "Self roll",
    ]);
    expect(v.messageModes.find((m) => m.selected)?.value).toBe("gm");
    expect(v.messageMode).toBe("gm");
    expect(view(subject(fresh()), { messageMode: "loud" as "gm" }).messageMode).toBe("public");
    // The dialog opens on the chat's current mode, and an unreadable one falls back to it.
    expect(initialChoices(subject(fresh()), { ...SETTINGS, messageMode: "self" }).messageMode).toBe("self");
    expect(
      view(subject(fresh()), { messageMode: "loud" as "gm" }, { ...SETTINGS, messageMode: "blind" }).messageMode,
    ).toBe("blind");
  });

  it("R-POOL-2: stored modifiers the rules cannot read are left out with a notice, not thrown", () => {
    const s = state(
      { attributes: { finesse: 2 } },
      advancement("", { dice: [{ id: "zero", dice: 0, label: "Nothing", appliesTo: ["any"], situational: false }] }),
      advancement("", { flags: ["notAFlag" as "eager"] }),
    );
    const v = view(subject(s));
    expect(v.lines).toEqual([]);
    expect(v.ignored.map(say)).toEqual([
      "A modifier of homebrew was left out: its dice or its scope are not ones the rules can read.",
    ]);
    expect(v.raw).toBe(2);
  });

  it("formatting: signed dice and percentages with one decimal that never round a possibility away", () => {
    expect([signedDice(2), signedDice(-1), signedDice(0)]).toEqual(["+2d", "\u22121d", "\u00b10d"]);
    expect(percent(0.1234).text).toBe("12.3%");
    expect(percent(0).text).toBe("0.0%");
    expect(percent(1).text).toBe("100.0%");
    expect(percent(0.00001).text).toBe("<0.1%");
    expect(percent(0.99999).text).toBe(">99.9%");
    expect(percent(Number.NaN).text).toBe("0.0%");
    expect(percent(0.5).width).toBe("50.00");
  });

  it("formatting in the client's language: Portuguese writes 12,3% and an expected Effect of 5,0; the bar's width stays CSS", () => {
    expect(percent(0.1234, "pt-BR").text).toBe("12,3%");
    expect(percent(0, "pt-BR").text).toBe("0,0%");
    expect(percent(0.00001, "pt-BR").text).toBe("<0,1%");
    expect(percent(0.99999, "pt-BR").text).toBe(">99,9%");
    expect(percent(0.5, "pt-BR").width).toBe("50.00");
    // A language Intl cannot read falls back to English rather than throwing.
    expect(percent(0.1234, "not a language").text).toBe("12.3%");
    const v = rollDialogModel(subject(fresh()), initialChoices(subject(fresh()), SETTINGS), {
      ...SETTINGS,
      locale: "pt-BR",
    });
    expect(v.chances.success.text).toMatch(/^\d+,\d%$/);
    expect(v.chances.expectedEffect).toMatch(/^\d+,\d$/);
    expect(v.ego.expectedLoss).toMatch(/^\d+,\d$/);
  });

  it("R-POOL-3 R-POOL-4: for any choices the model never throws and Light Dice stay 0–4", () => {
    const anything = fc.oneof(
      fc.integer(),
      fc.double(),
      fc.string(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
    );
    const characters = [
      fresh(),
      woundedHeavy(),
      mortal(),
      dead(),
      state({ attributes: { finesse: 4 } }, advancement("sleek"), advancement("dangerSense")),
    ];
    const weapons = [
      null,
      weapon(),
      weapon({ rank: 0, ranges: ["short"], tags: ["improvised", "unhandy", "slaughter"] }),
    ];
    const targets: RollTarget[] = [
      FINESSE,
      { kind: "save", group: "insight" },
      { kind: "attribute", attribute: "reason" },
    ];
    const rulesets: Ruleset[] = [CORE, DEGENESIS];
    fc.assert(
      fc.property(
        fc.record({
          dark: anything,
          position: anything,
          ticked: fc.oneof(fc.array(fc.string()), anything),
          range: fc.oneof(fc.constantFrom("contact", "reach", "short", "long", "nearby", "farAway"), anything),
          hindered: anything,
          rank: anything,
          combat: anything,
          messageMode: fc.oneof(fc.constantFrom(...MESSAGE_MODES), anything),
        }),
        fc.record({
          darkMax: fc.oneof(fc.integer({ min: -3, max: 40 }), fc.double()),
          singleDieServesBoth: fc.boolean(),
          isGM: fc.boolean(),
        }),
        fc.nat(characters.length - 1),
        fc.nat(weapons.length - 1),
        fc.nat(targets.length - 1),
        fc.nat(1),
        (raw, settings, ci, wi, ti, ri) => {
          const sub = subject(characters[ci] ?? fresh(), {
            weapon: weapons[wi] ?? null,
            target: targets[ti] ?? FINESSE,
            ruleset: rulesets[ri] ?? CORE,
          });
          const v = rollDialogModel(sub, raw as unknown as RollDialogChoices, settings);
          expect(v.light).toBeGreaterThanOrEqual(0);
          expect(v.light).toBeLessThanOrEqual(4);
          expect(Number.isInteger(v.dark.value) && v.dark.value >= 0 && v.dark.value <= v.dark.max).toBe(true);
          expect(v.pool.empty).toBe(v.light + v.dark.value === 0);
          expect(v.roll.disabled).toBe(v.roll.reason !== null);
          // The normalised choices are a fixed point.
          expect(rollDialogModel(sub, v.choices, settings).choices).toEqual(v.choices);
        },
      ),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The template

function render(v: RollDialogView): HTMLElement {
  return dom(renderTemplate(TEMPLATE, v));
}

const text = (el: Element | null): string => (el?.textContent ?? "").replace(/\s+/g, " ").trim();

describe("roll dialog: v0.6.2's held skills (R-V-5)", () => {
  const skilled = (over: Parameters<typeof state>[0] = {}) =>
    state({ attributes: { finesse: 2 }, heldSkills: ["sneak", "violence:Whip", "moonwalk"], ...over });
  const tick = (sub: RollDialogSubject, ...keys: string[]) =>
    keys.reduce(
      (c, key) => applyChange(sub, c, { action: "toggleSkill", key }, SETTINGS),
      initialChoices(sub, SETTINGS),
    );

  it("R-V-5: a box per held skill the edition reads (listed or added to a group); an unread entry is left out", () => {
    const v = view(subject(skilled(), { ruleset: V062 }));
    expect(v.skills.shown).toBe(true);
    expect(v.skills.rows.map((r) => [r.labelKey ? english(r.labelKey) : r.labelText, english(r.groupKey)])).toEqual([
      ["Sneak", "Survival"],
      ["Whip", "Violence"],
    ]);
    expect(v.skills.rows.every((r) => !r.ticked)).toBe(true);
    expect(labels(v)).toEqual([]);
  });

  it("R-V-5 (ruling): one ticked skill adds +1 Light Die, two add one, and the odds are that pool's", () => {
    const sub = subject(skilled(), { ruleset: V062 });
    const one = rollDialogModel(sub, tick(sub, "sneak"), SETTINGS);
    expect(one.light).toBe(3);
    expect(one.lines.find((l) => l.kind === "skill")).toMatchObject({ dice: 1, rule: "R-V-5", counts: true });
    expect(one.skills.rows.find((r) => r.key === "sneak")?.ticked).toBe(true);
    const two = rollDialogModel(sub, tick(sub, "sneak", "violence:Whip"), SETTINGS);
    expect(two.light).toBe(3);
    // P(Precision ≥ 4) = 1 − (1/2)^(L + D): 3 Light, 1 Dark.
    const withDark = rollDialogModel(sub, { ...tick(sub, "sneak"), dark: 1 }, SETTINGS);
    expect(withDark.odds.outcome.partial + withDark.odds.outcome.success).toBeCloseTo(1 - 0.5 ** 4, 12);
    expect(withDark.odds).toEqual(
      riskyActionOdds({
        light: 3,
        dark: 1,
        ego: 4,
        effect: { rule: V062.effect, rank: 1, tags: { versatileTwoHanded: false, improvised: false } },
      }),
    );
    const untick = applyChange(sub, tick(sub, "sneak"), { action: "toggleSkill", key: "sneak" }, SETTINGS);
    expect(rollDialogModel(sub, untick, SETTINGS).light).toBe(2);
  });

  it("R-V-5: the skill die comes before the clamp (4 + 1 throws 4; Mortally Wounded throws 0)", () => {
    const strong = subject(skilled({ attributes: { finesse: 4 } }), { ruleset: V062 });
    expect(rollDialogModel(strong, tick(strong, "sneak"), SETTINGS)).toMatchObject({ raw: 5, light: 4 });
    const dying = subject(skilled({ wounds: ["stressed", "broken", "weary"] }), { ruleset: V062 });
    expect(rollDialogModel(dying, tick(dying, "sneak"), SETTINGS).light).toBe(0);
    const none = subject(skilled({ attributes: { finesse: 0 } }), { ruleset: V062 });
    expect(rollDialogModel(none, tick(none, "sneak"), SETTINGS).light).toBe(1);
  });

  it("R-V-5 (ruling): a Reaction takes the skill die too", () => {
    const sub = subject(skilled({ attributes: { intuition: 1 } }), {
      ruleset: V062,
      target: { kind: "save", group: "insight" },
    });
    expect(view(sub).light).toBe(1);
    expect(rollDialogModel(sub, tick(sub, "sneak"), SETTINGS).light).toBe(2);
  });

  it("R-V-5: a key the character does not hold, or an unread entry, is dropped; other rulesets show no box", () => {
    const sub = subject(skilled(), { ruleset: V062 });
    const forged = rollDialogModel(
      sub,
      { ...initialChoices(sub, SETTINGS), skills: ["moonwalk", "tame", 7] as string[] },
      SETTINGS,
    );
    expect(forged.choices.skills).toEqual([]);
    expect(forged.light).toBe(2);
    const core = subject(skilled(), { ruleset: CORE });
    const onCore = rollDialogModel(core, { ...initialChoices(core, SETTINGS), skills: ["sneak"] }, SETTINGS);
    expect(onCore.skills).toEqual({ shown: false, rows: [] });
    expect(onCore.light).toBe(2);
  });

  it("R-V-11 (ruling): no GM position stepper in v0.6.2; a position sent anyway stays at 0 and never throws", () => {
    const sub = subject(fresh(), { ruleset: V062 });
    const v = view(sub, { position: 3 });
    expect(v.position.shown).toBe(false);
    expect(v.choices.position).toBe(0);
    expect(v.light).toBe(2);
    expect(applyChange(sub, initialChoices(sub, SETTINGS), { action: "positionUp" }, SETTINGS).position).toBe(0);
    const root = dom(renderTemplate(TEMPLATE, v));
    expect(root.querySelector('[data-action="positionUp"]')).toBeNull();
    expect(view(subject(fresh()), { position: 1 })).toMatchObject({ position: { shown: true, value: 1 }, light: 3 });
  });

  it("R-V-5: a character saved before held skills (no field) shows the empty box and rolls as before", () => {
    const v = view(subject(fresh(), { ruleset: V062 }));
    expect(v.skills).toEqual({ shown: true, rows: [] });
    const html = renderTemplate(TEMPLATE, v);
    expect(html).toContain("No skills are recorded on the sheet.");
  });

  it("R-V-5: the template draws each skill as a keyboard-reachable box that names the toggle", () => {
    const sub = subject(skilled(), { ruleset: V062 });
    const root = dom(renderTemplate(TEMPLATE, rollDialogModel(sub, tick(sub, "violence:Whip"), SETTINGS)));
    const boxes = [...root.querySelectorAll<HTMLInputElement>('.rd-skills input[type="checkbox"]')];
    expect(boxes.map((b) => [b.dataset.action, b.dataset.key, b.checked])).toEqual([
      ["toggleSkill", "sneak", false],
      ["toggleSkill", "violence:Whip", true],
    ]);
    expect(root.querySelector(".rd-skills legend")?.textContent).toBe("Skills that fit this roll");
    expect(root.querySelector(".rd-skill-box")?.textContent?.replace(/\s+/g, " ").trim()).toBe("Sneak Survival");
  });
});

describe("roll dialog: v0.6.2's weapons (R-V-10, R-V-12, R-V-17)", () => {
  const fists = () => weapon({ rank: 1, ranges: ["contact"], tags: ["improvised", "unarmed"] }, "Unarmed");
  const club = () => weapon({ rank: 0, ranges: ["contact"], tags: [] }, "Club");
  const smg = () => weapon({ rank: 1, ranges: ["short"], tags: ["slaughter"] }, "SMG");
  const martial = () => state({ attributes: { finesse: 2 } }, advancement("martialCombatant"));
  const THROWN = { rollerId: "player1", actor: { uuid: "Actor.abc", name: "Mira" }, singleDieServesBoth: true };

  it("R-V-17 R-V-10 (ruling): Martial combatant takes away the Unarmed weapon's −1d, and nothing else", () => {
    expect(labels(view(subject(fresh(), { ruleset: V062, weapon: fists() })))).toEqual(["Improvised"]);
    const trained = view(subject(martial(), { ruleset: V062, weapon: fists() }));
    expect(labels(trained)).toEqual([]);
    expect(trained.light).toBe(2);
    const bottle = weapon({ rank: 1, ranges: ["short"], tags: ["improvised"] }, "Bottle");
    expect(labels(view(subject(martial(), { ruleset: V062, weapon: bottle })))).toEqual(["Improvised"]);
    // Core has no Martial combatant: a switched world's Unarmed stays Improvised there, dice and Effect.
    const core = view(subject(martial(), { weapon: fists() }));
    expect(labels(core)).toEqual(["Improvised"]);
    expect(core.effectTags.improvised).toBe(true);
  });

  it("R-V-12 (ruling): with a weapon the approach select is offered, on the weapon's row until changed", () => {
    const v = view(subject(fresh(), { ruleset: V062, weapon: club() }));
    expect(v.tier.shown).toBe(true);
    expect(v.tier.options.find((o) => o.selected)?.value).toBe("0");
    expect(v.rank).toBe(0);
    expect(english(v.tier.weapon?.labelKey ?? "")).toBe("Disadvantaged (−1e)");
    // A switched world's rank 3 reads Advantaged and stays 3 until the GM reads otherwise.
    const best = view(subject(fresh(), { ruleset: V062, weapon: weapon({ rank: 3, tags: [] }) }));
    expect([best.rank, best.tier.options.find((o) => o.selected)?.value]).toEqual([3, "3"]);
    // Without a weapon there is no weapon's row to name.
    expect(view(subject(fresh(), { ruleset: V062 })).tier.weapon).toBeNull();
  });

  it("R-V-12 (ruling): the GM's reading over the weapon's row is the row of the odds and of the card; Slaughter stays", () => {
    const sub = subject(fresh(), { ruleset: V062, weapon: smg() });
    const read = applyChange(sub, initialChoices(sub, SETTINGS), { field: "rank", value: "2" }, SETTINGS);
    const v = rollDialogModel(sub, read, SETTINGS);
    expect([v.choices.rank, v.rank, v.slaughter]).toEqual([2, 2, true]);
    const tags = { versatileTwoHanded: false, improvised: false };
    expect(v.odds).toEqual(
      riskyActionOdds({ light: 2, dark: 0, ego: 4, slaughter: true, effect: { rule: V062.effect, rank: 2, tags } }),
    );
    expect(v.odds.effect.value?.expectedWhenLands).toBeGreaterThan(view(sub).odds.effect.value?.expectedWhenLands ?? 0);
    const input = riskyCardInput(sub, v, { ...THROWN, light: [6, 4], dark: [] });
    expect([input.rank, input.weapon?.rank]).toEqual([2, 1]);
    const confirmed = confirmEffect(createRiskyCard(input), { id: "player1", isGM: false }, [], 0);
    expect(riskyCardResult(confirmed).effect?.value).toBe(5);
  });

  it("R-V-12 (ruling): the note says whose reading it is, to a player and to the GM, naming the weapon's row", () => {
    const sub = subject(fresh(), { ruleset: V062, weapon: smg() });
    expect(view(sub).tier.weapon?.noteKey).toBe("TERRAN.Dialog.tier.weaponRow");
    expect(view(sub, {}, { ...SETTINGS, isGM: true }).tier.weapon?.noteKey).toBe("TERRAN.Dialog.tier.weaponRowGM");
    const root = dom(renderTemplate(TEMPLATE, view(sub)));
    const select = root.querySelector<HTMLSelectElement>('select[name="rank"]');
    expect(select?.value).toBe("1");
    expect([...(select?.options ?? [])].map((o) => o.textContent)).toEqual([
      "Disadvantaged (−1e)",
      "Baseline (±0e)",
      "Advantaged (+1e)",
    ]);
    expect(text(root.querySelector(".rd-weapon-row"))).toBe(
      english("TERRAN.Dialog.tier.weaponRow").replace("{row}", "Baseline (±0e)"),
    );
    const gm = dom(renderTemplate(TEMPLATE, view(sub, {}, { ...SETTINGS, isGM: true })));
    expect(text(gm.querySelector(".rd-weapon-row"))).toMatch(/GM|approach/);
    // Core: the weapon's tier, no select, no note.
    const core = dom(renderTemplate(TEMPLATE, view(subject(fresh(), { weapon: weapon() }))));
    expect(core.querySelector('select[name="rank"]')).toBeNull();
    expect(core.querySelector(".rd-weapon-row")).toBeNull();
  });
});

describe("roll dialog template (strict Handlebars, happy-dom)", () => {
  const cases: [string, () => RollDialogView][] = [
    ["a fresh character", () => view(subject(fresh()))],
    [
      "a wounded one with heavy armour and a weapon",
      () => view(subject(woundedHeavy(), { weapon: weapon() }), { hindered: true, dark: 2 }),
    ],
    ["a Mortally Wounded one", () => view(subject(mortal()), { dark: 1 })],
    ["a dead one", () => view(subject(dead()))],
    [
      "a Reaction in Degenesis with Danger sense",
      () =>
        view(
          subject(state({ attributes: { intuition: 1 } }, advancement("dangerSense")), {
            target: { kind: "save", group: "insight" },
            ruleset: DEGENESIS,
          }),
        ),
    ],
  ];

  it.each(cases)("renders in strict mode for %s", (_, make) => {
    const html = renderTemplate(TEMPLATE, make());
    expect(html).toContain("roll-dialog-body");
    expect(html).not.toMatch(/TERRAN\./); // every key was localised
  });

  it("R-RA-1 R-EGO-2: the odds percentages are visible", () => {
    const v = view(subject(state({ attributes: { finesse: 3 }, ego: { value: 4, max: 4 } })), { dark: 2 });
    const root = render(v);
    const odds = (name: string): string => text(root.querySelector(`[data-odds="${name}"]`));
    expect(odds("fail")).toBe(v.chances.fail.text);
    expect(odds("partial")).toBe(v.chances.partial.text);
    expect(odds("success")).toBe(v.chances.success.text);
    expect(odds("effect")).toBe(v.chances.expectedEffect);
    expect(odds("loseEgo")).toBe(v.ego.pLoseAny.text);
    expect(odds("egoZero")).toBe(v.ego.pZero.text);
    // N13: a 0.0 % chance of losing the character is not drawn in the alarm colour.
    expect(root.querySelector(".rd-ego-zero")?.classList.contains("is-alarm")).toBe(v.ego.pZero.p > 0);
    const risky = view(subject(state({ attributes: { finesse: 3 }, ego: { value: 1, max: 4 } })), { dark: 3 });
    expect(render(risky).querySelector(".rd-ego-zero")?.classList.contains("is-alarm")).toBe(true);
    expect(odds("fail")).toMatch(/^\d+\.\d%$/);
    expect(text(root.querySelector(".rd-odds"))).toContain("Success with a consequence");
    expect(root.querySelectorAll(".rd-die-light")).toHaveLength(3);
    expect(root.querySelectorAll(".rd-die-dark")).toHaveLength(2);
    // Review 3 N7: the tray is captioned, each tone counted, so no Light Die reads as Dark.
    expect(text(root.querySelector(".rd-tray-caption"))).toBe("Your pool: 3 Light 2 Dark");
  });

  it("R-POOL-5: Roll is closed with the reason as a tooltip and as text, and stays in reach of the keyboard", () => {
    const root = render(view(subject(state())));
    const roll = root.querySelector<HTMLButtonElement>('button[data-action="roll"]');
    expect(roll?.getAttribute("aria-disabled")).toBe("true");
    expect(roll?.disabled).toBe(false); // focusable: its reason can be read from it
    const reason = "Nothing to roll: add Dark Dice or ask the GM for an advantage.";
    expect(roll?.getAttribute("data-tooltip")).toBe(reason);
    expect(roll?.getAttribute("title")).toBe(reason);
    expect(text(root.querySelector(".rd-blocked"))).toBe(reason);
    const enabled = render(view(subject(fresh()))).querySelector<HTMLButtonElement>('button[data-action="roll"]');
    expect(enabled?.disabled).toBe(false);
    expect(enabled?.hasAttribute("aria-disabled")).toBe(false);
  });

  it("R-HARM-5: a dead character's Roll button is closed with the reason", () => {
    const roll = render(view(subject(dead()))).querySelector('button[data-action="roll"]');
    expect(roll?.getAttribute("aria-disabled")).toBe("true");
    expect(roll?.getAttribute("data-tooltip")).toBe("The character is dead and cannot act.");
  });

  it("R-POOL-3 R-HARM-5: the Mortally Wounded reason is shown beside the Light Dice", () => {
    const root = render(view(subject(mortal()), { dark: 1 }));
    expect(text(root.querySelector(".rd-light-count"))).toBe("0");
    expect(text(root.querySelector(".rd-clamp"))).toMatch(/^Mortally Wounded/);
  });

  it("R-POOL-4: the closed ends of the Dark Dice stepper carry their reason, in reach of the keyboard", () => {
    const root = render(view(subject(fresh()), { dark: DEFAULT_DARK_MAX }));
    const up = root.querySelector<HTMLButtonElement>('[data-action="darkUp"]');
    expect(up?.getAttribute("aria-disabled")).toBe("true");
    expect(up?.disabled).toBe(false); // it keeps the focus: its tooltip is its reason
    expect(up?.getAttribute("data-tooltip")).toBe("This world allows at most 10 Dark Dice.");
    expect(up?.parentElement?.getAttribute("data-tooltip")).toBe("This world allows at most 10 Dark Dice.");
    expect(root.querySelector<HTMLButtonElement>('[data-action="darkDown"]')?.hasAttribute("aria-disabled")).toBe(
      false,
    );
    expect(text(root.querySelector(".rd-dark-count"))).toBe("10");
  });

  it("R-POOL-2: every modifier line shows its label and dice; situational ones are checkboxes", () => {
    const s = state({ attributes: { finesse: 3 }, wounds: ["broken"] }, armour("heavy"), advancement("sleek"));
    const root = render(
      view(subject(s, { weapon: weapon({ tags: ["improvised"] }) }), { hindered: true, position: -1 }),
    );
    const lines = [...root.querySelectorAll(".rd-line")].map(text);
    expect(lines).toEqual([
      "Finesse 3",
      "Broken −1d",
      "Improvised −1d",
      "Heavy armour −1d",
      "Sleek: wriggling free +1d",
      expect.stringMatching(/^GM's position Set by the GM.* −1d \+$/),
    ]);
    const box = root.querySelector<HTMLInputElement>('input[data-action="toggleModifier"]');
    expect(box?.checked).toBe(false);
    expect(box?.dataset.key).toMatch(/:sleek$/);
    expect(box?.value).toBe(box?.dataset.key);
    expect(root.querySelector(".rd-line.off")).not.toBeNull();
  });

  it("every data-action is in DIALOG_ACTIONS, every action is used, and the form fields are the documented ones", () => {
    const s = state(
      { attributes: { finesse: 2 } },
      armour("heavy"),
      advancement("sleek"),
      advancement("whirlwind"),
      advancement("specialist"),
    );
    // The risk advisor open, so its rows (and their action) are drawn.
    const open = { ...SETTINGS, advisorOpen: true };
    const withWeapon = render(view(subject(s, { weapon: weapon() }), {}, open));
    const unarmed = render(view(subject(s), {}, open));
    const skilled = render(view(subject(state({ heldSkills: ["sneak"] }), { ruleset: V062 })));
    const actions = new Set(
      [
        ...withWeapon.querySelectorAll("[data-action]"),
        ...unarmed.querySelectorAll("[data-action]"),
        ...skilled.querySelectorAll("[data-action]"),
      ].map((e) => e.getAttribute("data-action")),
    );
    expect([...actions].filter((a) => !(DIALOG_ACTIONS as readonly (string | null)[]).includes(a))).toEqual([]);
    expect([...actions].sort()).toEqual([...DIALOG_ACTIONS].sort());
    const names = new Set(
      [...withWeapon.querySelectorAll("[name]"), ...unarmed.querySelectorAll("[name]")].map((e) =>
        e.getAttribute("name"),
      ),
    );
    expect([...names].sort()).toEqual([...DIALOG_FIELDS].sort());
    // The range select only with a weapon, the tier select only without.
    expect(withWeapon.querySelector('select[name="range"]')).not.toBeNull();
    expect(withWeapon.querySelector('select[name="rank"]')).toBeNull();
    expect(unarmed.querySelector('select[name="rank"]')).not.toBeNull();
    expect(unarmed.querySelector('select[name="range"]')).toBeNull();
    expect(withWeapon.querySelector<HTMLSelectElement>('select[name="range"]')?.value).toBe("contact");
    expect([...withWeapon.querySelectorAll('select[name="range"] option')].map(text)).toEqual([
      "Contact",
      "Reach (−1d)",
      "Short (−1d)",
      "Long (−1d)",
    ]);
    expect(withWeapon.querySelector<HTMLInputElement>('input[name="combat"]')?.checked).toBe(true);
    expect(withWeapon.querySelector('select[name="messageMode"] option[selected]')?.getAttribute("value")).toBe(
      "public",
    );
  });

  it("a weapon's name is the user's own text: it is escaped, never read as HTML", () => {
    const root = render(view(subject(fresh(), { weapon: weapon({}, '<img src=x onerror="alert(1)">') })));
    expect(root.querySelector("img")).toBeNull();
    expect(text(root.querySelector(".rd-weapon"))).toContain("<img");
  });
});
