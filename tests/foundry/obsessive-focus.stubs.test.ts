// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts, tests/stubs/applications.ts), on both
 * generations. R-COND-1 Obsessive Focus's glue: dropping it on the character sheet opens the shift
 * dialog, the choice is stored on the condition and the ratings move with its +1 XP in one update;
 * an impossible pick is refused with its reason and changes nothing; deleting the condition gives the
 * ratings back (and says what could not come back).
 */
import "../stubs/foundry-client.ts";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { secondRealmElement, toSecondRealm } from "../stubs/applications.ts";
import { GENERATIONS, resetWorld, world } from "../stubs/foundry-client.ts";
import { CharacterSheet } from "../../src/applications/sheets/character/character-sheet.ts";
import { askShift } from "../../src/applications/sheets/character/condition-drop.ts";
import type { ConditionData } from "../../src/data/item/condition.ts";
import type { ShiftSource } from "../../src/data/source.ts";
import {
  advancementItem,
  click,
  drop,
  hero,
  item,
  itemsOf,
  open,
  settle,
  stub,
  sys,
  type Json,
} from "./sheet-harness.ts";
import { conditionSource } from "../fixtures/sheets.ts";
import { legacyHero } from "./legacy-builders.ts";
import { defaultLegacyValues } from "../fixtures/legacy-values.ts";

const RATINGS = { intuition: 2, reason: 1, finesse: 1, exertion: 2, attunement: 1, influence: 1 };
const FOCUS: ShiftSource = { raise: "reason", lower1: "exertion", lower2: "influence" };

/** The compendium's Obsessive Focus (its engine flag asks for the shift). */
const obsessiveFocus = () => item("condition", "Obsessive Focus", conditionSource("obsessiveFocus"));

/** A character out of creation (one advancement), so a Condition brings its +1 XP. */
function mira(attributes: Partial<typeof RATINGS> = RATINGS, xp = 0) {
  const actor = hero({ attributes, xp });
  advancementItem("", stub(actor));
  return actor;
}

/** The shift dialogs opened (their title is the shift's key: the stand-in i18n answers with keys). */
const shiftDialogs = () =>
  world.dialogs.filter((d) => (d.window as { title?: string } | undefined)?.title === "TERRAN.AttributeShift.title");

describe.each(GENERATIONS)("Foundry v%i", (generation) => {
  beforeEach(() => resetWorld(generation));

  describe("[Foundry stand-ins] R-COND-1 Obsessive Focus from the character sheet", () => {
    it("R-COND-1 R-XP-1 (stand-ins): drop → the dialog → the choice stored, the ratings moved and +1 XP in one update", async () => {
      const actor = mira();
      const sheet = await open(CharacterSheet, actor);
      world.dialogAnswers.push(FOCUS);
      await drop(sheet, obsessiveFocus());
      expect(shiftDialogs()).toHaveLength(1);
      const taken = itemsOf(actor, "condition");
      expect(taken).toHaveLength(1);
      expect((taken[0]?.system as ConditionData).shift).toEqual(FOCUS);
      expect(sys(actor).attributes).toEqual({ ...RATINGS, reason: 2, exertion: 1, influence: 0 });
      expect(sys(actor).xp).toBe(1);
      expect(stub(actor).updates).toEqual([
        {
          "system.xp": 1,
          "system.attributes.reason": 2,
          "system.attributes.exertion": 1,
          "system.attributes.influence": 0,
        },
      ]);
    });

    it("R-COND-1 (stand-ins): an impossible pick is refused with its reason in the dialog; closing it changes nothing", async () => {
      const actor = mira({ ...RATINGS, influence: 0, attunement: 2 });
      const sheet = await open(CharacterSheet, actor);
      world.dialogAnswers.push(FOCUS, null); // influence is at 0: refused; then the player closes the dialog
      await drop(sheet, obsessiveFocus());
      const dialogs = shiftDialogs();
      expect(dialogs).toHaveLength(2);
      expect(String(dialogs[1]?.content)).toContain("TERRAN.AttributeShift.Refusal.lowerAtZero");
      expect(String(dialogs[0]?.content)).not.toContain("TERRAN.AttributeShift.Refusal");
      expect(itemsOf(actor, "condition")).toEqual([]);
      expect(sys(actor).attributes).toEqual({ ...RATINGS, influence: 0, attunement: 2 });
      expect(sys(actor).xp).toBe(0);
      expect(stub(actor).updates).toEqual([]);
    });

    it("R-COND-1 (stand-ins): a refused pick may be corrected in the reopened dialog", async () => {
      const actor = mira({ ...RATINGS, influence: 0, attunement: 2 });
      const sheet = await open(CharacterSheet, actor);
      world.dialogAnswers.push(FOCUS, { ...FOCUS, lower2: "attunement" });
      await drop(sheet, obsessiveFocus());
      expect(sys(actor).attributes).toEqual({ ...RATINGS, reason: 2, exertion: 1, influence: 0, attunement: 1 });
    });

    it("R-COND-1 (stand-ins): when no shift can be taken, the player is told and nothing is added", async () => {
      const actor = mira({ intuition: 4, reason: 0, finesse: 0, exertion: 0, attunement: 0, influence: 0 });
      const sheet = await open(CharacterSheet, actor);
      await drop(sheet, obsessiveFocus());
      expect(shiftDialogs()).toEqual([]);
      expect(world.warnings).toEqual(["TERRAN.AttributeShift.impossible"]);
      expect(itemsOf(actor, "condition")).toEqual([]);
    });

    it("R-COND-1 (stand-ins): deleting it from the sheet gives the ratings back", async () => {
      const actor = mira();
      const sheet = await open(CharacterSheet, actor);
      world.dialogAnswers.push(FOCUS);
      await drop(sheet, obsessiveFocus());
      const id = itemsOf(actor, "condition")[0]?.id ?? "";
      await sheet.render(); // Foundry re-renders the sheet on the item's creation; the stand-in is asked to
      world.dialogAnswers.push(true);
      await click(sheet, `li[data-item-id="${id}"] [data-action="deleteItem"]`);
      expect(itemsOf(actor, "condition")).toEqual([]);
      expect(sys(actor).attributes).toEqual(RATINGS);
      expect(sys(actor).xp).toBe(1); // the XP of a Condition once developed stays (R-XP-1)
    });

    it("R-COND-1 R-CHAR-5 (stand-ins, ruling): an undo past the total of 10 gives back what fits and says what did not", async () => {
      const actor = mira({ intuition: 3, reason: 2, finesse: 2, exertion: 1, attunement: 2, influence: 0 });
      const focus = item(
        "condition",
        "Obsessive Focus",
        conditionSource("obsessiveFocus", { shift: { raise: "reason", lower1: "exertion", lower2: "influence" } }),
        stub(actor),
      );
      await focus.delete();
      await settle(); // the undo's update runs after the deletion, as in Foundry (_onDelete)
      expect(sys(actor).attributes).toEqual({
        intuition: 3,
        reason: 1,
        finesse: 2,
        exertion: 2,
        attunement: 2,
        influence: 0,
      });
      expect(world.warnings).toEqual(["TERRAN.AttributeShift.withheld"]);
    });

    it("R-COND-1 (stand-ins): a condition created with a shift the ratings cannot take is refused before it exists", async () => {
      const actor = mira({ ...RATINGS, influence: 0, attunement: 2 });
      await stub(actor).createEmbeddedDocuments("Item", [
        { name: "Obsessive Focus", type: "condition", system: conditionSource("obsessiveFocus", { shift: FOCUS }) },
      ]);
      expect(itemsOf(actor, "condition")).toEqual([]);
      expect(stub(actor).updates).toEqual([]);
      expect(world.warnings).toEqual(["TERRAN.AttributeShift.Refusal.lowerAtZero"]);
    });

    it("R-COND-1 (stand-ins): a condition stored before the shift existed (schema 1) reads as no shift, and its removal moves nothing", async () => {
      const actor = mira();
      const old = JSON.parse(
        readFileSync(resolve(import.meta.dirname, "../../src/quench/fixtures/schema-1/condition-slow.json"), "utf8"),
      ) as Json;
      const slow = item("condition", "Slow", old, stub(actor));
      expect((slow.system as ConditionData).shift).toEqual({ raise: "", lower1: "", lower2: "" });
      await slow.delete();
      await settle();
      expect(stub(actor).updates).toEqual([]);
      expect(sys(actor).attributes).toEqual(RATINGS);
    });

    it("R-COND-1 (stand-ins): a condition without the flag asks nothing and moves nothing", async () => {
      const actor = mira();
      const sheet = await open(CharacterSheet, actor);
      await drop(sheet, item("condition", "Slow", conditionSource("slow")));
      expect(shiftDialogs()).toEqual([]);
      expect(sys(actor).attributes).toEqual(RATINGS);
      expect(sys(actor).xp).toBe(1);
    });
  });

  describe("[Foundry stand-ins] R-COND-1 the shift dialog reads its answer without instanceof", () => {
    const dialogV2 = (foundry.applications.api as unknown as { DialogV2: { prompt: (o: Json) => Promise<unknown> } })
      .DialogV2;
    const scripted = dialogV2.prompt;
    afterEach(() => {
      dialogV2.prompt = scripted;
    });

    it("R-COND-1 (stand-ins): the three selects come back from a form made in another window", async () => {
      dialogV2.prompt = (options: Json) => {
        const form = secondRealmElement("form");
        form.innerHTML = String(options.content) + '<button type="submit">OK</button>';
        toSecondRealm(form);
        for (const name of ["raise", "lower1", "lower2"] as const) {
          const select = form.querySelector(`select[name="${name}"]`);
          if (!select || !("value" in select)) throw new Error(`no select ${name}`);
          (select as { value: string }).value = FOCUS[name];
        }
        const ok = options.ok as { callback: (event: unknown, button: unknown) => unknown };
        const button: unknown = form.querySelector("button");
        return Promise.resolve(ok.callback(new Event("submit"), button));
      };
      expect(await askShift(RATINGS, null)).toEqual(FOCUS);
    });
  });
});

/** The Legacy compendium's Obsessive Focus: no flags of its own (the Legacy ruleset reads it as skill dice). */
const legacyFocus = () => item("condition", "Obsessive Focus", conditionSource("obsessiveFocus", { flags: [] }));
const SKILLS = { raise: "survival", lower1: "social", lower2: "violence", lower3: "vocational" };
const skillDialogs = () =>
  world.dialogs.filter((d) => (d.window as { title?: string } | undefined)?.title === "TERRAN.SkillFocus.title");

describe.each(GENERATIONS)("Foundry v%i, a Legacy world", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    world.settings.set("ruleset", "legacy");
  });

  describe("[Foundry stand-ins] R-LEG-16 Obsessive Focus as skill dice", () => {
    it("R-LEG-16 (stand-ins): drop → the skills dialog → +1d on one skill and −1d on three stored on the condition, no rating moved", async () => {
      const actor = legacyHero("Mira");
      const sheet = await open(CharacterSheet, actor);
      world.dialogAnswers.push(SKILLS);
      await drop(sheet, legacyFocus());
      expect(skillDialogs()).toHaveLength(1);
      expect(shiftDialogs()).toHaveLength(0);
      const taken = itemsOf(actor, "condition");
      expect(taken).toHaveLength(1);
      const dice = (taken[0]?.system as ConditionData).dice.map((d) => [d.dice, [...d.appliesTo], d.situational]);
      expect(dice).toEqual([
        [1, ["skill:survival"], false],
        [-1, ["skill:social", "skill:violence", "skill:vocational"], false],
      ]);
      expect(sys(actor).ratings.skills).toEqual(legacyOfHero().skills);
    });

    it("R-LEG-16 (stand-ins): the same skill twice is refused in the reopened dialog; closing it takes the condition without dice, and says so", async () => {
      const actor = legacyHero("Mira");
      const sheet = await open(CharacterSheet, actor);
      world.dialogAnswers.push({ ...SKILLS, lower3: "survival" }, null);
      await drop(sheet, legacyFocus());
      const dialogs = skillDialogs();
      expect(dialogs).toHaveLength(2);
      expect(String(dialogs[1]?.content)).toContain("TERRAN.SkillFocus.refused");
      const taken = itemsOf(actor, "condition");
      expect(taken).toHaveLength(1);
      expect((taken[0]?.system as ConditionData).dice).toEqual([]);
      expect(world.notices.map((n) => n.message)).toContain("TERRAN.SkillFocus.unset");
    });
  });
});

/** The skills `legacyHero` starts with (the defaults: all 0). */
function legacyOfHero() {
  return defaultLegacyValues();
}
