/**
 * The repair of stored values (src/data/migrations/repair.ts), pure: no Foundry, no stand-ins.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JOINT, LIMITS } from "../../src/data/limits.ts";
import { read, repairSystem, repairWithRecords, storedRepairs } from "../../src/data/migrations/repair.ts";

type Json = Record<string, unknown>;

const TYPES = Object.keys(LIMITS) as (keyof typeof LIMITS)[];

/** Any stored value a field might hold after years of edits, imports and macros. */
const junk = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: false }),
  fc.string({ maxLength: 6 }),
  fc.constantFrom(null, true, false, "3", " 7 ", "-2", "lots", [], {}),
);

/** Puts `value` at a limit's path in `out` ("facets.*.n" → the first element of `facets`). */
function place(out: Json, path: string, value: unknown): void {
  const parts = path.split(".");
  let node: Json | unknown[] = out;
  for (const [i, part] of parts.slice(0, -1).entries()) {
    if (Array.isArray(node)) {
      node[0] ??= {};
      node = node[0] as Json;
      continue;
    }
    const list = parts[i + 1] === "*";
    const next: unknown = node[part];
    if (typeof next !== "object" || next === null) node[part] = list ? [] : {};
    node = node[part] as Json | unknown[];
  }
  if (!Array.isArray(node)) node[parts.at(-1) ?? path] = value;
}

/** A `system` object with junk at some limited paths (lists of one element for `*`). */
function messy(type: keyof typeof LIMITS) {
  const paths = Object.keys(LIMITS[type]);
  return fc.record(Object.fromEntries(paths.map((p) => [p, fc.option(junk, { nil: undefined })]))).map((values) => {
    const out: Json = {};
    for (const [path, value] of Object.entries(values)) if (value !== undefined) place(out, path, value);
    return out;
  });
}

/** Is every limited value present inside its limit? */
function withinLimits(type: keyof typeof LIMITS, source: Json): string[] {
  const problems: string[] = [];
  for (const [path, limit] of Object.entries(LIMITS[type])) {
    const value = read(source, path.replace(".*.", ".0."));
    if (value === undefined) continue;
    if (limit.kind === "integer") {
      if (
        typeof value !== "number" ||
        !Number.isInteger(value) ||
        value < limit.min ||
        (limit.max !== undefined && value > limit.max)
      )
        problems.push(`${path}: ${JSON.stringify(value)}`);
    } else if (limit.kind === "choice") {
      if (typeof value !== "string" || !limit.choices.includes(value))
        problems.push(`${path}: ${JSON.stringify(value)}`);
    } else {
      const fits = (v: unknown): boolean =>
        typeof v === "string" && (limit.kind === "choices" ? limit.choices.includes(v) : v.trim() !== "");
      if (!Array.isArray(value) || !value.every(fits)) problems.push(`${path}: ${JSON.stringify(value)}`);
    }
  }
  const joint = JOINT[type];
  if (joint?.total) {
    const values = joint.total.paths.map((p) => read(source, p));
    if (values.every((v) => typeof v === "number") && values.reduce((a, b) => a + b, 0) > joint.total.cap)
      problems.push("total");
  }
  for (const track of joint?.tracks ?? []) {
    const value = read(source, track.value);
    const max = read(source, track.max);
    if (typeof value === "number" && typeof max === "number" && value > max) problems.push(track.value);
  }
  return problems;
}

describe("repair of stored values (fast-check)", () => {
  it.each(TYPES)(
    "%s: whatever is stored, every limited field present ends inside its limits, the joint limits hold, and a second pass changes nothing",
    (type) => {
      fc.assert(
        fc.property(messy(type), (input) => {
          const snapshot = structuredClone(input);
          const { source } = repairSystem(type, input);
          expect(input, "the input is not changed").toStrictEqual(snapshot);
          expect(withinLimits(type, source)).toEqual([]);
          const again = repairSystem(type, source);
          expect(again.source).toStrictEqual(source);
          expect(again.repairs).toEqual([]);
        }),
        { numRuns: 200 },
      );
    },
  );

  it.each(TYPES)(
    "%s: nothing is lost — every changed field is recorded, and an unreadable value is kept under unmigrated",
    (type) => {
      fc.assert(
        fc.property(messy(type), (input) => {
          const { source, repairs } = repairSystem(type, input);
          for (const record of repairs) {
            expect(record.from).toBe(JSON.stringify(read(input, record.path)) ?? "null");
            if (record.kept !== "") expect(read(source, record.kept)).toBeDefined();
          }
        }),
        { numRuns: 200 },
      );
    },
  );
});

describe("repair of stored values, by example", () => {
  it("partial update data: only the keys present are touched, and none is added", () => {
    expect(repairSystem("character", { ego: { value: 9 } })).toEqual({
      source: { ego: { value: 6 } },
      repairs: [{ path: "ego.value", from: "9", to: "6", kept: "" }],
    });
    expect(repairSystem("character", { attributes: { reason: 4 } }).repairs).toEqual([]);
    expect(repairWithRecords("character", { xp: 3 }).source).toEqual({ xp: 3 });
  });

  it("R-CHAR-5: an update's raised rating is lowered first; with none named, the highest goes first (ties: the first in order)", () => {
    const attributes = { intuition: 4, reason: 4, finesse: 4, exertion: 0, attunement: 0, influence: 0 };
    expect(repairSystem("character", { attributes }).source).toEqual({
      attributes: { ...attributes, intuition: 3, reason: 3 },
    });
    expect(repairSystem("character", { attributes }, { lowerFirst: ["attributes.finesse"] }).source).toEqual({
      attributes: { ...attributes, finesse: 2 },
    });
  });

  it("R-GRIT-1 R-EGO-1: a value above its maximum becomes the maximum; the maximum is never raised", () => {
    expect(repairSystem("character", { grit: { value: 9, max: 4 }, ego: { value: 3, max: 2 } }).source).toEqual({
      grit: { value: 4, max: 4 },
      ego: { value: 2, max: 2 },
    });
  });

  it("R-CH-1 (ruling): an Exceptional Challenge keeps any Disposition of 40 or more with its n dice, facets too", () => {
    const exceptional = { tier: "exceptional", n: 4, disposition: { value: 45, max: 45 }, dice: 4, halved: false };
    const stored = {
      ...exceptional,
      facets: [{ name: "Storm", ...exceptional, n: 5, dice: 5, disposition: { value: 73, max: 73 } }],
    };
    expect(repairSystem("challenge", stored)).toEqual({ source: stored, repairs: [] });
  });

  it("records append to those already stored, and only when something was repaired", () => {
    const earlier = { path: "xp", from: "-1", to: "0", kept: "" };
    const { source } = repairWithRecords("character", { repairs: [earlier], xp: 2, ego: { value: 7 } });
    expect(storedRepairs(source.repairs)).toEqual([earlier, { path: "ego.value", from: "7", to: "6", kept: "" }]);
  });

  it("a value that cannot be kept aside (unmigrated is not an object) takes the default and survives in the record", () => {
    const { source, repairs } = repairSystem("armour", { kind: "medium", unmigrated: "x" });
    expect(source).toEqual({ kind: "light", unmigrated: "x" });
    expect(repairs).toEqual([{ path: "kind", from: '"medium"', to: '"light"', kept: "" }]);
  });

  it("an unknown type is left as it is", () => {
    expect(repairSystem("vehicle", { speed: -4 })).toEqual({ source: { speed: -4 }, repairs: [] });
  });
});
