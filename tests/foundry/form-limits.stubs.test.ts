// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry.ts: field classes that keep their options; the
 * sheet stand-ins of tests/stubs/applications.ts for the last block): the
 * sheets' form limits are read from OUR schema declarations (`schemaLimits`), so a limit is stated
 * once, in the data model; bad input is then clamped or dropped with a notice (`normaliseSubmit`).
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { GENERATIONS, resetWorld, world } from "../stubs/foundry-client.ts";
import { CharacterSheet } from "../../src/applications/sheets/character/character-sheet.ts";
import { hero, stub, type Json } from "./sheet-harness.ts";
import { NumberField, SchemaField } from "../stubs/foundry.ts";
import { message } from "../../src/applications/sheets/common.ts";
import { normaliseSubmit, schemaLimits } from "../../src/applications/sheets/submit.ts";
import { defineChallengeSchema } from "../../src/data/actor/challenge.ts";
import { defineCharacterSchema } from "../../src/data/actor/character.ts";
import { defineArmourSchema } from "../../src/data/item/armour.ts";
import { defineWeaponSchema } from "../../src/data/item/weapon.ts";
import { ATTRIBUTE_MAX, EGO_MAX } from "../../src/rules/index.ts";

const CLASSES = { SchemaField, NumberField };
const limits = (fields: object) => schemaLimits(fields as Record<string, unknown>, CLASSES);
const CHARACTER = limits(defineCharacterSchema());
const CHALLENGE = limits(defineChallengeSchema());

describe("[Foundry stand-ins] schemaLimits", () => {
  it("R-CHAR-1 R-EGO-1 (stand-ins): every number field of the character, with the schema's bounds; a track's value is held to its max", () => {
    expect(CHARACTER["system.attributes.finesse"]).toEqual({ min: 0, max: ATTRIBUTE_MAX });
    expect(CHARACTER["system.ego.max"]).toEqual({ min: 0, max: EGO_MAX });
    expect(CHARACTER["system.ego.value"]).toEqual({ min: 0, max: EGO_MAX, maxField: "system.ego.max" });
    expect(CHARACTER["system.grit.value"]).toEqual({ min: 0, max: Infinity, maxField: "system.grit.max" });
    expect(CHARACTER["system.grit.dice"]).toEqual({ min: 0, max: 10 });
    expect(CHARACTER["system.xp"]).toEqual({ min: 0, max: Infinity });
    expect(Object.keys(CHARACTER).sort()).toEqual(
      [
        ...["intuition", "reason", "finesse", "exertion", "attunement", "influence"].map(
          (a) => `system.attributes.${a}`,
        ),
        ...["grit", "ego"].flatMap((t) => ["value", "max", "dice"].map((f) => `system.${t}.${f}`)),
        "system.xp",
        // R-SAY-1 a successor's free advancements (0 for anyone else).
        "system.freeAdvancements",
        // The HP model's and the rated character's fields (src/data/hit-points.ts, ratings.ts): ratings 0–4, HP
        // and Ego ≥ 0 (their maxima are derived, not form fields).
        ...["strength", "agility", "insight", "charisma"].map((a) => `system.ratings.attributes.${a}`),
        ...["violence", "exploration", "social", "survival", "vocational"].map((k) => `system.ratings.skills.${k}`),
        ...["hitPoints.value", "ratings.ego.value", "egoLost", "advancementsWon"].map((f) => `system.${f}`),
      ].sort(),
    );
    expect(CHARACTER["system.ratings.attributes.strength"]).toEqual({ min: 0, max: 4 });
    expect(CHARACTER["system.hitPoints.value"]).toEqual({ min: 0, max: Infinity });
  });

  it("R-CH-1 (stand-ins): the Challenge's own numbers; its facets (an array) are edited by the sheet, not the form", () => {
    expect(CHALLENGE["system.n"]).toEqual({ min: 4, max: 100 });
    expect(CHALLENGE["system.disposition.value"]).toMatchObject({ maxField: "system.disposition.max" });
    expect(Object.keys(CHALLENGE).some((k) => k.includes("facets"))).toBe(false);
  });
});

describe("[Foundry stand-ins] bad form input, held to the limits read from the schema", () => {
  it("R-GRIT-1 / R-EGO-1 (stand-ins): values clamp to their limits and never above the maximum submitted with them", () => {
    const { data, corrections } = normaliseSubmit(
      {
        "system.grit.value": 9,
        "system.grit.max": 5,
        "system.ego.max": 8,
        "system.ego.value": "3",
        "system.xp": -2,
        name: "Bram",
      },
      CHARACTER,
    );
    expect(data).toEqual({
      "system.grit.value": 5,
      "system.grit.max": 5,
      "system.ego.max": 6,
      "system.ego.value": 3,
      "system.xp": 0,
      name: "Bram",
    });
    expect(corrections.map((c) => [c.field, c.message.value])).toEqual(
      expect.arrayContaining([
        ["system.grit.value", "5"],
        ["system.ego.max", "6"],
        ["system.xp", "0"],
      ]),
    );
    expect(corrections).toHaveLength(3);
  });

  it("(stand-ins) a value alone is checked against the stored maximum", () => {
    const { data } = normaliseSubmit({ "system.grit.value": 7 }, CHARACTER, { "system.grit.max": 4 });
    expect(data).toEqual({ "system.grit.value": 4 });
  });

  it("(stand-ins) a number that is not a number is dropped (the stored value stays), fractions are rounded", () => {
    const { data, corrections } = normaliseSubmit({ "system.disposition.value": "", "system.dice": 2.6 }, CHALLENGE, {
      "system.disposition.value": 12,
    });
    expect(data).toEqual({ "system.dice": 3 });
    expect(corrections.map((c) => c.message)).toEqual([
      message("TERRAN.Sheet.Corrected.clamped", 3),
      message("TERRAN.Sheet.Corrected.notNumber", 12),
    ]);
  });

  it("R-EQ-4 R-RA-4 (stand-ins): items: armour value 0–10, tier rank 0–4", () => {
    expect(normaliseSubmit({ "system.value": 12 }, limits(defineArmourSchema())).data).toEqual({ "system.value": 10 });
    expect(normaliseSubmit({ "system.rank": -1 }, limits(defineWeaponSchema())).data).toEqual({ "system.rank": 0 });
  });
});

/**
 * The sheet's own step of form submission (`form: { submitOnChange: true }` merges over
 * DocumentSheetV2's handler, which calls `_prepareSubmitData`): our override clamps before the update
 * and passes every argument on to core's. What core does before and after (FormDataExtended, the
 * update) is not reproduced; that its arguments are (event, form, formData[, updateData]) on v14 as on
 * v13 is not verified, which is why the override forwards them all unchanged.
 */
describe.each(GENERATIONS)("Foundry v%i: the character sheet's submitted form", (generation) => {
  beforeEach(() => resetWorld(generation));

  it("R-GRIT-1 (stand-ins): a submitted Grit above its stored maximum is clamped before the update, with a warning", () => {
    const mira = hero({ grit: { value: 2, max: 4, dice: 1 } });
    const sheet = Reflect.construct(CharacterSheet, [{ document: mira }]) as unknown as {
      _prepareSubmitData(event: unknown, form: unknown, formData: { object: Json }): Json;
    };
    const formData = { object: { "system.grit.value": 9, name: "Mira Vey" } as Json };
    const submitted = sheet._prepareSubmitData({}, {}, formData);
    expect(submitted).toEqual({ "system.grit.value": 4, name: "Mira Vey" });
    expect(world.warnings).toHaveLength(1);
    expect(stub(mira).updates).toEqual([]); // nothing is saved by this step itself
  });
});
