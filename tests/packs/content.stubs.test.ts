/**
 * The packs' content against the rules: every `system` passes the limits our data models declare
 * (read through the FOUNDRY STAND-INS, see schema.ts) and the rules' own checks; the lists match
 * RULES.md and the rulesets' data (src/rules) entry for entry; the tables match the rules' functions.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemProblems } from "./schema.ts";
import { compileToTemp, localize, pack, packRuleset, uuidsIn, type CompiledPack, type Doc } from "./support.ts";
import {
  ADVANCEMENTS,
  ARMOUR_VALUE,
  buildPool,
  CONDITIONS,
  CORE,
  creationPoints,
  consequenceOf,
  DEGENESIS,
  explosionThreshold,
  FACES,
  hasTag,
  LEGACY,
  GROUP_ATTRIBUTES,
  V062,
  malaiseFor,
  MECHANICS_FLAGS,
  NO_WOUNDS,
  precisionBand,
  type Ruleset,
  type TierRank,
} from "../../src/rules/index.ts";
import { V062_ARCHETYPES, V062_SKILL_GROUPS } from "../../src/rules/rulesets/v062.ts";
import { SYSTEM_ID } from "../../scripts/packs/lib.ts";

let dir = "";
let packs = new Map<string, CompiledPack>();

beforeAll(async () => {
  ({ dir, packs } = await compileToTemp());
}, 60_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const docs = (name: string): Doc[] => packs.get(name)?.documents ?? [];
const sys = (doc: Doc): Record<string, unknown> => doc.system as Record<string, unknown>;
const ofType = (name: string, type: string): Doc[] => docs(name).filter((d) => d.type === type);
const byName = (list: Doc[]): Map<string, Doc> => new Map(list.map((d) => [String(d.name), d]));
const uuidOf = (packName: string, doc: Doc): string =>
  `Compendium.${SYSTEM_ID}.${packName}.${pack(packName).type}.${String(doc._id)}`;
const titleCase = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function table(packName: string, name: string): { doc: Doc; results: Doc[] } {
  const doc = docs(packName).find((d) => d.name === name);
  if (!doc) throw new Error(`no table ${name} in ${packName}`);
  return { doc, results: doc.results as Doc[] };
}

/** The result a face draws: exactly one per face (no gap, no overlap). */
function resultFor(results: Doc[], face: number): Doc {
  const hits = results.filter((r) => {
    const [lo, hi] = r.range as [number, number];
    return lo <= face && face <= hi;
  });
  if (hits.length !== 1) throw new Error(`${hits.length} results cover ${face}`);
  return hits[0] ?? {};
}

describe("[Foundry stand-ins] every document's system data", () => {
  it("R-CHAR-1 R-EQ-3 R-ADV-1 R-CH-1 (stand-ins): passes our models' declared limits, is at the current schema, and the rules accept it", () => {
    let checked = 0;
    for (const [name, compiled] of packs) {
      const type = pack(name).type;
      if (type !== "Actor" && type !== "Item") continue;
      for (const doc of compiled.documents) {
        expect(
          systemProblems(type, String(doc.type), doc.system, "system", packRuleset(name)),
          `${name} ${String(doc.name)}`,
        ).toEqual([]);
        checked += 1;
      }
    }
    expect(checked).toBe(167);
  });

  it("R-ADV-1 R-COND-1 (stand-ins): every mechanics flag in the packs is one the engine knows", () => {
    const flags = [...packs.values()]
      .flatMap((c) => c.documents)
      .flatMap((d) => (d.system && Array.isArray(sys(d).flags) ? (sys(d).flags as string[]) : []));
    expect(flags.length).toBeGreaterThanOrEqual(12);
    for (const flag of flags) expect(MECHANICS_FLAGS).toContain(flag);
  });

  it("R-ADV-1 R-CH-1 (stand-ins): the checker fails on a broken document (unknown flag, bad tier, bad rank, extra key, wrong type)", () => {
    const advancement = structuredClone(sys(ofType("core-advancements", "advancement")[0] ?? {}));
    advancement.flags = ["fly"];
    expect(systemProblems("Item", "advancement", advancement).join("\n")).toMatch(
      /flags\[0\]: "fly" is not one of[\s\S]*"fly" is not a rule the engine knows/,
    );

    const challenge = structuredClone(sys(docs("challenges")[0] ?? {}));
    challenge.tier = "legendary";
    expect(systemProblems("Actor", "challenge", challenge).join("\n")).toMatch(
      /system\.tier: "legendary" is not one of/,
    );
    const wrongStats = structuredClone(sys(docs("challenges").find((d) => d.name === "Feral Hound") ?? {}));
    wrongStats.dice = 3;
    expect(systemProblems("Actor", "challenge", wrongStats).join("\n")).toMatch(
      /dangerous has Disposition 10, 1d; found 10, 3d/,
    );
    // R-V-14 a v0.6.2 Challenge is read by its pack's ruleset: under Core's table its Disposition is wrong.
    const salvage = sys(docs("v062-challenges").find((d) => d.name === "Salvage Drone") ?? {});
    expect(systemProblems("Actor", "challenge", salvage, "system", V062)).toEqual([]);
    expect(systemProblems("Actor", "challenge", salvage, "system", CORE).join("\n")).toMatch(
      /dangerous has Disposition 10, 1d; found 5, 1d/,
    );

    const weapon = structuredClone(sys(ofType("core-equipment", "weapon")[0] ?? {}));
    weapon.rank = 7;
    weapon.extra = true;
    weapon.tags = ["nimble", "nimble"];
    const weaponProblems = systemProblems("Item", "weapon", weapon).join("\n");
    expect(weaponProblems).toMatch(/system\.rank: 7 is above the maximum 4/);
    expect(weaponProblems).toMatch(/system\.extra: not in the schema/);
    expect(weaponProblems).toMatch(/system\.tags: a set holds a value twice/);

    const armour = structuredClone(sys(ofType("core-equipment", "armour")[0] ?? {}));
    delete armour.value;
    armour.kind = "medium";
    expect(systemProblems("Item", "armour", armour).join("\n")).toMatch(
      /system\.kind: "medium" is not one of[\s\S]*system\.value: missing/,
    );

    const condition = structuredClone(sys(docs("core-conditions")[0] ?? {}));
    condition.flags = { dieHard: true };
    expect(systemProblems("Item", "condition", condition).join("\n")).toMatch(
      /not a list[\s\S]*migrations would still change it/,
    );
    expect(systemProblems("Item", "spell", {})).toEqual(["system: no data model for Item type spell"]);
  });
});

describe("advancements", () => {
  const check = (
    packName: string,
    keys: readonly string[],
    source: (key: string) => { source: string; cult: string },
  ) => {
    const list = ofType(packName, "advancement");
    expect(list.map((d) => sys(d).key)).toEqual([...keys]);
    for (const doc of list) {
      const s = sys(doc);
      const def = ADVANCEMENTS.get(String(s.key));
      if (!def) throw new Error(`unknown advancement ${String(s.key)}`);
      expect(doc.name, def.id).toBe(localize(def.labelKey));
      expect(s.flags, def.id).toEqual([...def.flags]);
      expect(s.dice, def.id).toEqual(def.dice.map((d) => ({ ...d, appliesTo: [...d.appliesTo] })));
      expect(s.requiresMutations, def.id).toBe(def.requiresMutations ?? 0);
      expect({ source: s.source, cult: s.cult }, def.id).toEqual(source(def.id));
      expect(s.developed, def.id).toBe("");
      expect(String(s.description).length, def.id).toBeGreaterThan(80);
    }
  };

  it("R-ADV-1: the Core pack holds the 17 of the list, in order, each with the engine's flags and dice modifiers", () => {
    expect(CORE.advancements).toHaveLength(17);
    check("core-advancements", CORE.advancements, () => ({ source: "core", cult: "" }));
    expect(docs("core-advancements")).toHaveLength(17);
    const etherCall = ofType("core-advancements", "advancement").find((d) => sys(d).key === "etherCall");
    expect(sys(etherCall ?? {}).requiresMutations).toBe(5);
  });

  it("R-ADV-2: the Degenesis pack adds Specialist and the Chroniclers' six, marked as their cult's", () => {
    const chroniclers = DEGENESIS.cults.chroniclers ?? [];
    expect(chroniclers).toHaveLength(6);
    const added = DEGENESIS.advancements.filter((k) => !CORE.advancements.includes(k));
    expect(added).toEqual(["specialist"]);
    check("degenesis-advancements", [...added, ...chroniclers], (id) =>
      chroniclers.includes(id) ? { source: "cult", cult: "chroniclers" } : { source: "degenesis", cult: "" },
    );
    expect(docs("degenesis-advancements")).toHaveLength(7);
  });
});

describe("conditions and malaises", () => {
  it("R-COND-1: the 9 Core conditions, with the engine's −1d modifiers and Slow's flag", () => {
    const conditions = docs("core-conditions").filter((d) => sys(d).kind === "condition");
    expect(conditions.map((d) => sys(d).key)).toEqual([...CONDITIONS.keys()]);
    for (const doc of conditions) {
      const def = CONDITIONS.get(String(sys(doc).key));
      if (!def) throw new Error("unknown condition");
      expect(doc.name).toBe(localize(def.labelKey));
      expect(sys(doc).flags, def.id).toEqual([...def.flags]);
      expect(sys(doc).dice, def.id).toEqual(def.dice.map((d) => ({ ...d, appliesTo: [...d.appliesTo] })));
    }
  });

  it("R-HARM-6: one malaise entry per loss on the table (5), each reached from its face of the Malaise table", () => {
    const malaises = docs("core-conditions").filter((d) => sys(d).kind === "malaise");
    const losing = FACES.filter((f) => malaiseFor(f).kind !== "none");
    expect(malaises).toHaveLength(losing.length);
    expect(malaises).toHaveLength(5);
    const { results } = table("core-tables", "Malaise");
    const reached = new Set<string>();
    for (const face of FACES) {
      const result = resultFor(results, face);
      const malaise = malaiseFor(face);
      if (malaise.kind === "none") {
        expect(result.type, String(face)).toBe("text");
        continue;
      }
      expect(result.type, String(face)).toBe("document");
      const item = malaises.find((m) => uuidOf("core-conditions", m) === result.documentUuid);
      if (!item) throw new Error(`face ${face} points at no malaise`);
      reached.add(String(item._id));
      expect(result.name).toBe(item.name);
      const description = String(sys(item).description);
      if (malaise.kind === "attribute")
        for (const a of GROUP_ATTRIBUTES[malaise.group]) expect(description, String(face)).toContain(titleCase(a));
      else expect(description, String(face)).toContain(malaise.kind === "egoDice" ? "Ego" : "Grit");
      expect(sys(item)).toMatchObject({ key: "", flags: [], dice: [] });
    }
    expect(reached.size).toBe(5);
  });
});

describe("equipment", () => {
  const weaponsMatch = (packName: string, ruleset: Ruleset) => {
    const weapons = byName(ofType(packName, "weapon"));
    for (const w of ruleset.weapons) {
      const doc = weapons.get(localize(w.labelKey));
      if (!doc) throw new Error(`${packName} lacks ${w.id}`);
      expect(sys(doc), w.id).toMatchObject({
        rank: w.rank,
        ranges: [...w.ranges],
        tags: [...w.tags],
        customTags: [],
        equipped: false,
      });
      for (const r of sys(doc).ranges as string[])
        expect(
          ruleset.ranges.map((x) => x.id),
          w.id,
        ).toContain(r);
    }
  };

  it("R-EQ-1: the Core six weapons, with their tier ranks, Core ranges and tags", () => {
    weaponsMatch("core-equipment", CORE);
  });

  it("R-EQ-2: the Degenesis six weapons, with the fork's ranges (Staff reaches, Nearby/Far away)", () => {
    weaponsMatch("degenesis-equipment", DEGENESIS);
    expect(ofType("degenesis-equipment", "weapon")).toHaveLength(6);
    expect(docs("degenesis-equipment")).toHaveLength(6);
  });

  it("R-EQ-3 R-RA-4 R-RA-5 (ruling): unarmed and the improvised weapon share the seed's lowest row (rock, pipe, punch): the lowest tier with the Improvised tag, its −1e counted once", () => {
    const weapons = byName(ofType("core-equipment", "weapon"));
    expect(weapons.size).toBe(8);
    const unarmed = sys(weapons.get("Unarmed") ?? {});
    expect(unarmed).toMatchObject({ rank: 0, tags: ["improvised"], ranges: ["contact"] });
    expect(String(unarmed.description)).toMatch(/−1d/);
    const improvised = sys(weapons.get("Improvised weapon") ?? {});
    // The item states the tier the tag means (Bad / Improvised), so the sheet and the rules agree.
    expect(improvised).toMatchObject({ rank: 0, tags: ["improvised"], ranges: ["contact"] });
    const rank = improvised.rank as TierRank;
    // Read through the rules: Core Bad, once (die 3 → 2e); Degenesis floor 1e.
    expect(CORE.effect.value(3, rank, { improvised: true }).value).toBe(2);
    expect(CORE.effect.value(3, rank, { improvised: true }).value).toBe(CORE.effect.value(3, 0).value);
    expect(DEGENESIS.effect.minimum(rank, { improvised: true })).toBe(1);
    expect(DEGENESIS.effect.minimum(0)).toBe(1);
    // Its description says what the rules do: −1d, and no second −1e.
    expect(String(improvised.description)).toMatch(/−1d/);
    expect(String(improvised.description)).not.toMatch(/Mediocre becomes Bad/);
  });

  it("R-RA-5 (ruling): the Degenesis Versatile swords say the floor rises by one, as the engine plays it, not +1e", () => {
    const versatile = ofType("degenesis-equipment", "weapon").filter((d) =>
      (sys(d).tags as readonly string[]).includes("versatile"),
    );
    expect(versatile.map((d) => d.name).sort()).toEqual(["Long sword", "Short sword"]);
    for (const sword of versatile) {
      const text = String(sys(sword).description);
      expect(text).not.toMatch(/\+1e/);
      expect(text).toMatch(/minimum/i);
    }
  });

  it("R-GRIT-2 (ruling): the Asceticism item speaks of poor food only and says a poor night still costs the die", () => {
    const asceticism = ofType("core-advancements", "advancement").find((d) => sys(d).key === "asceticism");
    const text = String(sys(asceticism ?? {}).description);
    expect(text).toMatch(/food/i);
    expect(text).toMatch(/poor night's sleep still does/);
    expect(sys(asceticism ?? {}).flags).toEqual(["asceticism"]);
  });

  it("R-EQ-4 R-HARM-2: Light, Heavy and Shield armour with the rules' values", () => {
    const armour = ofType("core-equipment", "armour");
    expect(armour.map((d) => [d.name, sys(d).kind, sys(d).value])).toEqual([
      ["Light armour", "light", ARMOUR_VALUE.light],
      ["Heavy armour", "heavy", ARMOUR_VALUE.heavy],
      ["Shield", "shield", ARMOUR_VALUE.shield],
    ]);
    for (const d of armour) expect(sys(d)).toMatchObject({ equipped: false, destroyed: false });
  });
});

describe("roll tables (1d6, one result per face)", () => {
  it("every table rolls 1d6 and its results cover 1–6 once each, undrawn, weight 1, v13 result types", () => {
    const tables = [...docs("core-tables"), ...docs("degenesis-tables")];
    expect(tables.map((t) => t.name)).toEqual([
      "Precision outcome",
      "Consequence",
      "Malaise",
      "Ego reset (Core)",
      "Creation rating points",
      "Primer spores",
    ]);
    for (const t of tables) {
      expect(t.formula, String(t.name)).toBe("1d6");
      const results = t.results as Doc[];
      for (const face of FACES) expect(() => resultFor(results, face), `${String(t.name)} ${face}`).not.toThrow();
      for (const r of results) {
        expect(r).toMatchObject({ weight: 1, drawn: false });
        expect(["text", "document"]).toContain(r.type);
        if (r.type === "text") expect(String(r.description).length, String(r.name)).toBeGreaterThan(10);
        else expect(uuidsIn(r)).toHaveLength(1);
      }
    }
  });

  it("R-RA-1: Precision outcome reads 1–3 Fail, 4–5 Success with a consequence, 6 Success", () => {
    const { results } = table("core-tables", "Precision outcome");
    for (const face of FACES)
      expect(resultFor(results, face).name, String(face)).toBe(localize(`TERRAN.Band.${precisionBand(face)}`));
  });

  it("R-CH-3: Consequence reads 1–3 annoying, 4–5 troublesome, 6 devastating", () => {
    const { results } = table("core-tables", "Consequence");
    for (const face of FACES)
      expect(String(resultFor(results, face).name).toLowerCase(), String(face)).toBe(consequenceOf(face));
  });

  it("R-CHAR-4: Creation rating points gives 1 point on 1–3, 2 on 4–5, 3 on a 6", () => {
    const { results } = table("core-tables", "Creation rating points");
    for (const face of FACES)
      expect(Number.parseInt(String(resultFor(results, face).name), 10), String(face)).toBe(creationPoints(face));
  });

  const gains: Record<string, string> = {
    condition: "Condition",
    stigma: "Stigma",
    "mutation-detrimental": "Detrimental mutation",
    "mutation-random": "Random mutation",
  };

  it("R-EGO-4: Ego reset (Core) has the Core ruleset's rows, each giving a Condition", () => {
    const { results } = table("core-tables", "Ego reset (Core)");
    expect(results.map((r) => r.range)).toEqual(CORE.egoReset.map((row) => [row.min, row.max]));
    CORE.egoReset.forEach((row, i) => expect(String(results[i]?.name)).toContain(gains[row.gain]));
  });

  it("R-EGO-5: Primer spores has the Degenesis rows: Stigma, detrimental mutation, random mutation", () => {
    const { results } = table("degenesis-tables", "Primer spores");
    expect(results.map((r) => r.range)).toEqual(DEGENESIS.egoReset.map((row) => [row.min, row.max]));
    DEGENESIS.egoReset.forEach((row, i) => expect(results[i]?.name).toBe(gains[row.gain]));
  });
});

describe("challenges", () => {
  it("R-CH-1: one example per tier, with the tier's Disposition and dice (Exceptional scaled to n = 5), and GM notes", () => {
    const single = docs("challenges").filter((d) => (sys(d).facets as unknown[]).length === 0);
    expect(single.map((d) => sys(d).tier)).toEqual(CORE.challengeTiers.map((t) => t.id));
    const exceptional = single.find((d) => sys(d).tier === "exceptional");
    expect(sys(exceptional ?? {})).toMatchObject({ n: 5, disposition: { value: 50, max: 50 }, dice: 5 });
    for (const d of docs("challenges")) {
      expect(d.type).toBe("challenge");
      expect(String(sys(d).notes).length, String(d.name)).toBeGreaterThan(200);
    }
  });

  it("R-CH-5: a multi-facet example: Dangerous to fight, Trivial to talk down, plus a Serious facet", () => {
    const multi = docs("challenges").filter((d) => (sys(d).facets as unknown[]).length > 0);
    expect(multi).toHaveLength(1);
    const s = sys(multi[0] ?? {});
    expect(s.tier).toBe("dangerous");
    expect((s.facets as Doc[]).map((f) => [f.name, f.tier])).toEqual([
      ["Talk them down", "trivial"],
      ["Shame them before the crowd", "serious"],
    ]);
  });
  it("R-CH-6 R-LEG-6 R-V-14: no Challenge of the Core, Legacy or v0.6.2 pack ships armour, nor speaks of it (a house rule in Core and v0.6.2; never in Legacy)", () => {
    for (const name of ["challenges", "legacy-challenges", "v062-challenges"]) {
      expect(docs(name).length, name).toBeGreaterThan(0);
      for (const d of docs(name)) {
        expect(sys(d).armour, `${name}: ${String(d.name)}`).toBe(0);
        expect(String(sys(d).notes), `${name}: ${String(d.name)}`).not.toMatch(/armou?r/i);
      }
    }
  });
});

describe("the rules journal", () => {
  it("holds the rules reference, the guide and the credits, as v13 text pages in HTML", () => {
    const journals = docs("rules");
    expect(journals.map((j) => j.name)).toEqual(["Rules reference", "How to play with this system", "Credits"]);
    for (const j of journals) {
      for (const page of j.pages as Doc[]) {
        expect(page.type).toBe("text");
        expect(page.text).toMatchObject({ format: 1 });
        expect(String((page.text as Doc).content)).toMatch(/^<(p|h2|ol|ul|table)>/);
      }
    }
  });

  it("credits the Terran Engine's author and Blades in the Dark as RULES.md asks", () => {
    const credits = JSON.stringify(docs("rules").find((j) => j.name === "Credits"));
    for (const s of ["Estêvão Alvarenga", "terra-campaigns", "Blades in the Dark", "One Seven Design", "CC BY 3.0"])
      expect(credits).toContain(s);
  });

  it("R-ADV-1 R-ADV-2 R-COND-1 R-EQ-1 R-EQ-2 R-CH-1: links every advancement, condition, weapon, armour, table and challenge", () => {
    const linked = new Set(uuidsIn(docs("rules")));
    const expected = [
      ...[
        "core-advancements",
        "degenesis-advancements",
        "core-equipment",
        "degenesis-equipment",
        "core-tables",
        "degenesis-tables",
        "challenges",
      ].flatMap((p) => docs(p).map((d) => uuidOf(p, d))),
      ...docs("core-conditions")
        .filter((d) => sys(d).kind === "condition")
        .map((d) => uuidOf("core-conditions", d)),
    ];
    expect(expected).toHaveLength(17 + 7 + 11 + 6 + 5 + 1 + 6 + 9);
    expect(expected.filter((u) => !linked.has(u))).toEqual([]);
  });
});

describe("the Legacy folder", () => {
  it("R-LEG-15: the Legacy advancements are the ruleset's list, in order, each with the engine's flags and dice, marked Legacy's", () => {
    const list = ofType("legacy-advancements", "advancement");
    expect(list.map((d) => sys(d).key)).toEqual([...LEGACY.advancements]);
    for (const doc of list) {
      const def = ADVANCEMENTS.get(String(sys(doc).key));
      if (!def) throw new Error(`unknown advancement ${String(sys(doc).key)}`);
      expect(doc.name, def.id).toBe(localize(def.labelKey));
      expect(sys(doc).flags, def.id).toEqual([...def.flags]);
      expect(sys(doc).dice, def.id).toEqual(def.dice.map((d) => ({ ...d, appliesTo: [...d.appliesTo] })));
      expect(sys(doc).source, def.id).toBe("legacy");
      expect(String(sys(doc).description).length, def.id).toBeGreaterThan(80);
    }
  });

  it("R-LEG-15 (ruling): Rally and Curse are played at the table: no dice or flags, and their text says how and that nothing is tracked", () => {
    const list = ofType("legacy-advancements", "advancement");
    for (const key of ["rally", "curse"]) {
      const doc = list.find((d) => sys(d).key === key);
      expect(sys(doc ?? {}).dice, key).toEqual([]);
      expect(sys(doc ?? {}).flags, key).toEqual([]);
      expect(String(sys(doc ?? {}).description), key).toMatch(/does not track/);
    }
  });

  it("R-LEG-16: the nine conditions, with the engine's dice; Legacy's Obsessive Focus moves no rating (no attribute shift)", () => {
    const list = docs("legacy-conditions");
    expect(list.map((d) => sys(d).key)).toEqual([...LEGACY.conditions]);
    for (const doc of list) {
      const def = CONDITIONS.get(String(sys(doc).key));
      if (!def) throw new Error("unknown condition");
      expect(doc.name).toBe(localize(def.labelKey));
      // R-LEG-16 Obsessive Focus carries the Legacy reading's flag (its skills are asked when it is taken).
      const flags = def.id === "obsessiveFocus" ? ["skillFocus"] : def.flags.filter((f) => f !== "attributeShift");
      expect(sys(doc).flags, def.id).toEqual(flags);
      expect(sys(doc).dice, def.id).toEqual(def.dice.map((d) => ({ ...d, appliesTo: [...d.appliesTo] })));
    }
    const focus = list.find((d) => sys(d).key === "obsessiveFocus");
    expect(String(sys(focus ?? {}).description)).toMatch(/skill/);
    // The text no longer sends the player to write the dice down: the sheet asks for them.
    expect(String(sys(focus ?? {}).description)).not.toMatch(/write them down/);
  });

  it("R-LEG-11: every weapon of the ruleset's list, and a tool per tier (an improvised one too), each reading as its tier", () => {
    const tools = byName(ofType("legacy-equipment", "weapon"));
    for (const w of LEGACY.weapons) {
      const doc = tools.get(localize(w.labelKey));
      if (!doc) throw new Error(`legacy-equipment lacks ${w.id}`);
      expect(sys(doc), w.id).toMatchObject({
        rank: w.rank,
        ranges: [...w.ranges],
        tags: [...w.tags],
        customTags: [],
        equipped: false,
      });
    }
    const tierOf = (name: string) =>
      LEGACY.tools.find((t) => t.ranks.includes(Number(sys(tools.get(name) ?? {}).rank) as TierRank))?.id;
    expect(["Improvised tool", "Lesser tool", "Normal tool", "Greater tool"].map(tierOf)).toEqual([
      "lesser",
      "lesser",
      "normal",
      "greater",
    ]);
    expect(sys(tools.get("Improvised tool") ?? {}).tags).toEqual(["improvised"]);
    for (const w of LEGACY.weapons.filter((x) => x.twoHands))
      expect(sys(tools.get(localize(w.labelKey)) ?? {}).twoHanded, w.id).toBe(true);
    const armour = ofType("legacy-equipment", "armour").map((d) => [sys(d).kind, sys(d).value]);
    expect(armour).toEqual([
      ["light", ARMOUR_VALUE.light],
      ["heavy", ARMOUR_VALUE.heavy],
      ["shield", ARMOUR_VALUE.shield],
    ]);
  });

  it("R-LEG-10: a Challenge at every Legacy level (Fantastical at n = 5, Disposition exactly 10n) and one with two facets; GM notes each", () => {
    const challenges = docs("legacy-challenges");
    const levels = new Set(challenges.map((d) => sys(d).tier));
    for (const t of LEGACY.challengeTiers) expect(levels, t.id).toContain(t.id);
    const fantastical = challenges.find((d) => sys(d).tier === "fantastical");
    expect(sys(fantastical ?? {})).toMatchObject({ n: 5, dice: 5, disposition: { value: 50, max: 50 } });
    const faceted = challenges.filter((d) => (sys(d).facets as unknown[]).length > 0);
    expect(faceted.map((d) => [sys(d).tier, (sys(d).facets as { tier: string }[]).map((f) => f.tier)])).toEqual([
      ["dangerous", ["trivial"]],
    ]);
    for (const doc of challenges) expect(String(sys(doc).notes).length, String(doc.name)).toBeGreaterThan(80);
  });

  it("R-LEG-1 … R-LEG-13: a short rules journal with a page per part (characters, actions, harm, Challenges, experience)", () => {
    const [journal] = docs("legacy-rules");
    const pages = (journal?.pages ?? []) as Doc[];
    expect(pages.map((p) => p.name).slice(0, 5)).toEqual([
      "Characters",
      "Risky Actions and Effects",
      "Harm, wounds and death",
      "Challenges",
      "Experience and Advancements",
    ]);
    for (const page of pages) expect((page.text as { content: string }).content.length).toBeGreaterThan(300);
  });

  it("R-LEG-10 R-LEG-14 R-LEG-6 R-LEG-16: the rules journal also carries forks and complications, the montage, Protected, the options and this system's rulings", () => {
    const [journal] = docs("legacy-rules");
    const pages = (journal?.pages ?? []) as Doc[];
    const content = (name: string) =>
      (pages.find((p) => p.name === name)?.text as { content: string } | undefined)?.content ?? "";
    expect(pages.map((p) => p.name).slice(5)).toEqual([
      "Forks, complications and montages",
      "Protected, conditions and options",
      "This system's rulings",
    ]);
    expect(content("Forks, complications and montages")).toMatch(/Serious fork, or −2d/);
    expect(content("Forks, complications and montages")).toMatch(/montage/);
    expect(content("Protected, conditions and options")).toMatch(/Protected/);
    expect(content("Protected, conditions and options")).toMatch(/without skills/);
    expect(content("This system's rulings")).toMatch(/RULES\.md/);
    // Sorted after the five first pages, whatever else is added to them.
    expect(pages.slice(5).every((p) => Number(p.sort) > 500 - 100)).toBe(true);
  });
});

/**
 * The journals carry every ruling of RULES.md §8 and §10, in words a player reads. Each ruling is checked by a few
 * key words that must meet in one sentence of its journal (links, tags and case ignored), so the prose may be
 * reworded freely while the ruling itself cannot go missing.
 */
function journalSentences(journals: Doc[]): string[] {
  const html = journals
    .flatMap((j) => (j.pages as Doc[]).map((p) => (p.text as { content: string }).content))
    .join(" ");
  const text = html
    .replace(/@\w+\[[^\]]*\]\{([^}]*)\}/g, "$1")
    .replace(/<\/(p|li|h\d|td|th)>/g, ". ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
  return text.split(/(?<=[.;!?])\s+(?=[A-Z(])/).map((s) => s.toLowerCase());
}

/** The sentences that hold every one of the patterns (each a RegExp source, case-insensitive). */
function sentencesWith(sentences: string[], patterns: readonly string[]): string[] {
  return sentences.filter((s) => patterns.every((p) => new RegExp(p, "i").test(s)));
}

const CORE_RULINGS: readonly (readonly [string, readonly string[]])[] = [
  ["R-GRIT-2 a poor night and poor food cost one die together; Asceticism spares the food's", ["asceticism", "food"]],
  [
    "R-EQ-3 R-RA-4 R-RA-5 Improvised reads the weapon at the lowest tier, once; unarmed is improvised",
    ["improvised", "lowest"],
  ],
  ["R-CH-1 Exceptional is 40 or more", ["exceptional", "40 or more|40\\+"]],
  ["R-HARM-3 harm equal to the Grit left marks no wound", ["more than the grit", "wound"]],
  ["R-RA-4 Core's tiers are modifiers", ["core", "tier", "added"]],
  ["R-RA-5 Versatile raises the Degenesis minimum", ["versatile", "minimum"]],
  ["R-CH-2 a Challenge's dice keep the highest, exploding", ["challenge", "keep the highest", "explode"]],
  ["R-CH-5 one facet at 0 overcomes the whole Challenge", ["facet", "overcomes the whole"]],
  [
    "R-HARM-5 Mortally Wounded gathers no Light Dice, Dark Dice still",
    ["mortally wounded", "no light dice", "dark dice"],
  ],
  ["R-CHAR-6 the Cult, not the Clan, opens an advancement list", ["clan", "cult", "list"]],
  ["R-HARM-5 only a GM marks a character dead from the token, and undoes it", ["dead|defeated", "gm", "token|combat"]],
  ["R-XP-1 taking back a session award never takes more than is held", ["undo|take back|takes back", "xp", "spent"]],
  ["R-GRIT-3 the advancement's Grit roll keeps the higher Grit", ["advancement|gain one", "grit", "higher"]],
  ["R-HARM-2 a shield counts as armour for Elephant skin", ["elephant skin", "shield", "no armour|nothing"]],
  ["R-CH-6 Challenge armour is a house rule, off by default", ["challenge|them", "armour", "house rule"]],
  ["R-EGO-2 every Dark Die is compared with the Ego at the throw", ["dark di", "ego", "threw|throw"]],
  [
    "R-EGO-2 giving back Ego mends a mistake: the roller until the dice are confirmed, the GM at any time",
    ["give back|given back|gives back", "confirm", "gm"],
  ],
  ["R-EGO-4 a lost character cannot reset Ego", ["lost", "no longer|cannot|can't|never", "reset|condition"]],
  ["R-SAY-1 Core's Sayonara re-roll takes the new values, lower ones too", ["re-roll|roll again", "core", "lower"]],
  [
    "R-SAY-1 the last scene ends with the scene: departed, a successor with half the advancements rounded up",
    ["departed|departs", "successor", "half", "rounded up"],
  ],
  [
    "R-ADV-1 R-ADV-2 the activation roll has no Dark Dice and no GM position",
    ["activat", "no dark dice|without dark dice", "position"],
  ],
  ["R-ADV-1 R-ADV-2 one activation per advancement per scene", ["activat|rolled", "once", "scene"]],
  ["R-ADV-2 a depleted suit stays depleted until the scene ends, Tesla too", ["deplet", "tesla", "scene"]],
  [
    "R-RA-9 a Challenge overcome by an Effect applied first deals no Effect",
    ["first", "overcome", "no harm|not strike back|no effect"],
  ],
];

const LEGACY_RULINGS: readonly (readonly [string, readonly string[]])[] = [
  ["R-LEG-3 one skill per roll", ["one skill", "pool|roll"]],
  [
    "R-LEG-3 the creation points are checked until the first Advancement",
    ["skill points", "creation|first advancement"],
  ],
  ["R-LEG-4 the maxima follow the ratings", ["maxim", "ratings"]],
  ["R-LEG-5 one harm moves one wound step", ["one step", "critical"]],
  ["R-LEG-5 whoever applies the harm chooses the Mortal wound's attribute", ["mortal", "attribute", "applies|asked"]],
  [
    "R-LEG-6 Protected's dice are Dark Dice: one equal to the Ego costs",
    ["protected", "equal to the ego|current ego or less"],
  ],
  ["R-LEG-6 only an owner throws Protected's dice from a Challenge card", ["only an owner", "how many"]],
  ["R-LEG-10 d/2 explodes, then halves", ["d/2", "halved", "explode"]],
  ["R-LEG-10 Fantastical is exactly 10 per die", ["fantastical", "10 per"]],
  ["R-LEG-10 Core's Exceptional reads as Extreme, and back", ["exceptional", "extreme"]],
  [
    "R-LEG-11 every Normal tool gains +1 in two hands; an improvised tool is Lesser",
    ["normal tool", "two hands", "lesser"],
  ],
  [
    "R-LEG-12 every point of Ego lost counts, a Condition's refill does not",
    ["ego", "lost", "montage|protected", "condition|refill"],
  ],
  [
    "R-LEG-13 the Experience is spent whether the roll makes it or not",
    ["experience", "spent", "falls short|either way"],
  ],
  ["R-LEG-14 the table's gaps: 6 with 7 to 11, 12 with 13 and more", ["6 with 7 to 11", "12 with 13"]],
  ["R-LEG-1 ratings stop at 4 so that penalties still cost dice", ["4", "wound|penalt|complication", "cost"]],
  [
    "R-LEG-2 the creation roll is made once; a GM's roll again never heals",
    ["rolls? (them )?again|re-roll", "gm", "hp|heal"],
  ],
  ["R-LEG-4 R-LEG-7 current HP and Ego never above their maxima", ["current", "hp", "ego", "above|down with"]],
  [
    "R-LEG-7 a lost character cannot take a Condition to refill",
    ["lost|ego 0", "condition", "no condition|cannot|no longer"],
  ],
  ["R-LEG-15 the starting Advancement belongs to creation", ["advancement", "creation", "later|kept|saved"]],
  ["R-LEG-15 Sneak attack and Sniper both met give two Effect dice", ["sneak attack", "sniper", "two|\\+2d|both"]],
  [
    "R-LEG-5 harm at 0 HP costs one attribute point, not the whole Effect",
    ["one attribute point|1 point in an attribute", "whole effect|however much|whatever its size"],
  ],
  ["R-LEG-15 Retire departs at once, with a successor", ["retire", "successor|departs"]],
  ["R-LEG-15 Multi-attack on the card", ["multi-attack", "6", "card"]],
  ["R-LEG-15 Rally and Curse at the table", ["rally", "curse", "track"]],
  [
    "R-LEG-11 the Effect follows its Risky Action on the card and applies only after a success",
    ["effect", "success", "applies to nothing|only .*applied|only .*taken off"],
  ],
  ["R-LEG-14 a successful montage overcomes its Challenge from its card", ["montage", "disposition", "0|overcome"]],
  ["R-LEG-14 a montage only for Challenges that cannot kill, on the GM's word", ["montage", "kill", "gm"]],
  ["R-LEG-14 companions' shares are agreed before the throw, as most", ["companion", "before|most"]],
  ["R-LEG-10 R-LEG-14 forks and complications outside a montage", ["complication", "carr|wait", "roll"]],
  ["R-LEG-16 Obsessive Focus with skills", ["obsessive focus|condition", "skill", "die|dice"]],
  ["R-LEG-3 a game without skills", ["without skills", "\\+1|attribute"]],
];

const V062_RULINGS: readonly (readonly [string, readonly string[]])[] = [
  ["R-V-2 Spacer takes two groups chosen with the GM", ["spacer", "two different groups", "gm"]],
  ["R-V-5 one skill die, for a Reaction too", ["reaction", "never more than one"]],
  ["R-V-5 the skill die before the clamp", ["before the pool is held to 0–4"]],
  ["R-V-6 Expert at creation only", ["expert", "creation only"]],
  ["R-V-4 without skills, one more attribute point after the dice", ["without skills", "attribute point", "dice"]],
  ["R-V-12 one approach row, never stacked with the weapon's", ["approach", "never on top"]],
  ["R-V-11 ranges cost no dice", ["range", "no cost in dice"]],
  ["R-V-15 12+ is harm too, after armour", ["same effect", "grit", "armour"]],
  ["R-V-15 6 and 12 open their bands", ["6 and 12", "band"]],
  ["R-V-16 Trivial has no lower tier, so it gives up", ["trivial", "no tier below", "gives up"]],
  ["R-V-16 with facets only the one at 0 changes", ["facets", "only the facet"]],
];

describe("the journals carry the rulings (RULES.md §8, §10)", () => {
  it("finds key words in one sentence, not spread over the page (checked on a text of our own)", () => {
    const sentences = journalSentences([
      { pages: [{ text: { content: "<p>A shield is armour. Elephant skin adds nothing.</p>" } }] },
    ]);
    expect(sentencesWith(sentences, ["elephant skin", "shield"])).toEqual([]);
    expect(sentencesWith(sentences, ["elephant skin", "nothing"])).toHaveLength(1);
  });

  it.each(CORE_RULINGS)("%s (ruling): the Core rules journals say it", (_name, patterns) => {
    expect(sentencesWith(journalSentences(docs("rules")), patterns)).not.toEqual([]);
  });

  it.each(LEGACY_RULINGS)("%s (ruling): the Legacy rules journal says it", (_name, patterns) => {
    expect(sentencesWith(journalSentences(docs("legacy-rules")), patterns)).not.toEqual([]);
  });

  it.each(V062_RULINGS)("%s (ruling): the v0.6.2 rules journal says it", (_name, patterns) => {
    expect(sentencesWith(journalSentences(docs("v062-rules")), patterns)).not.toEqual([]);
  });

  it("R-LEG-15 (ruling): the Legacy journal no longer says Sneak attack and Sniper together add one Effect die", () => {
    const sentences = sentencesWith(journalSentences(docs("legacy-rules")), [
      "sneak attack",
      "sniper",
      "one effect die",
    ]);
    expect(sentences).toEqual([]);
  });
});

describe("the v0.6.2 folder", () => {
  const pageOf = (name: string): string => {
    const [journal] = docs("v062-rules");
    const page = ((journal?.pages ?? []) as Doc[]).find((p) => p.name === name);
    return (page?.text as { content: string } | undefined)?.content ?? "";
  };
  const rowsOf = (html: string): string[][] =>
    [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) =>
      [...(m[1] ?? "").matchAll(/<t[dh]>(.*?)<\/t[dh]>/g)].map((c) =>
        (c[1] ?? "").replace(/@UUID\[[^\]]*\]\{([^}]*)\}/g, "$1").replace(/<[^>]+>/g, ""),
      ),
    );

  it("R-V-10: the advancements are the ruleset's list, in order, each with the engine's flags and dice, marked v0.6.2's", () => {
    const list = ofType("v062-advancements", "advancement");
    expect(V062.advancements).toHaveLength(20);
    expect(list.map((d) => sys(d).key)).toEqual([...V062.advancements]);
    expect(docs("v062-advancements")).toHaveLength(20);
    for (const doc of list) {
      const def = ADVANCEMENTS.get(String(sys(doc).key));
      if (!def) throw new Error(`unknown advancement ${String(sys(doc).key)}`);
      expect(doc.name, def.id).toBe(localize(def.labelKey));
      expect(sys(doc).flags, def.id).toEqual([...def.flags]);
      expect(sys(doc).dice, def.id).toEqual(def.dice.map((d) => ({ ...d, appliesTo: [...d.appliesTo] })));
      expect({ source: sys(doc).source, cult: sys(doc).cult }, def.id).toEqual({ source: "v062", cult: "" });
      expect(sys(doc).requiresMutations, def.id).toBe(0);
      expect(String(sys(doc).description).length, def.id).toBeGreaterThan(80);
    }
    // v0.6.2 keeps none of these.
    for (const gone of ["brainwave", "elephantSkin", "etherCall", "marathon", "numberCruncher"])
      expect(list.map((d) => sys(d).key)).not.toContain(gone);
  });

  it("R-V-10 (ruling): Assassin is +2d to tick; Eager counts in a Panic; Expert is for creation only; the table's five carry no mechanics and say so", () => {
    const byKey = new Map(ofType("v062-advancements", "advancement").map((d) => [String(sys(d).key), sys(d)]));
    expect(byKey.get("assassin")?.dice).toEqual([expect.objectContaining({ dice: 2, situational: true })]);
    expect(String(byKey.get("eager")?.description)).toMatch(/Panic/);
    expect(String(byKey.get("expert")?.description)).toMatch(/only at creation/);
    expect(String(byKey.get("dangerSense")?.description)).toMatch(/Evasion/);
    expect(String(byKey.get("whirlwind")?.description)).toMatch(/halved/);
    for (const key of ["bodyguard", "dodger", "healer", "henchkeeper", "spacefarer"]) {
      expect(byKey.get(key)?.dice, key).toEqual([]);
      expect(byKey.get(key)?.flags, key).toEqual([]);
      expect(String(byKey.get(key)?.description), key).toMatch(/the table's call/);
    }
  });

  it("R-V-17 R-V-10 (ruling): the Unarmed weapon is marked unarmed and Martial combatant carries the flag that reads it; both texts say the dialog applies it", () => {
    const martial = ofType("v062-advancements", "advancement").find((d) => sys(d).key === "martialCombatant");
    expect(sys(martial ?? {}).flags).toEqual(["martialCombatant"]);
    const unarmed = byName(ofType("v062-equipment", "weapon")).get("Unarmed");
    expect(sys(unarmed ?? {}).tags).toEqual(["improvised", "unarmed"]);
    for (const text of [String(sys(martial ?? {}).description), String(sys(unarmed ?? {}).description)]) {
      expect(text).not.toMatch(/not apply it yet|rather than from the Unarmed item/);
      expect(text).toMatch(/roll dialog/);
    }
  });

  it("R-V-9: the nine Conditions, with the engine's dice and flags; Obsessive Focus moves attributes (ruling); each says where a Condition comes from", () => {
    const list = docs("v062-conditions");
    expect(list.map((d) => sys(d).key)).toEqual([...V062.conditions]);
    expect(list).toHaveLength(9);
    for (const doc of list) {
      const def = CONDITIONS.get(String(sys(doc).key));
      if (!def) throw new Error("unknown condition");
      expect(doc.name).toBe(localize(def.labelKey));
      expect(sys(doc).kind, def.id).toBe("condition");
      expect(sys(doc).flags, def.id).toEqual([...def.flags]);
      expect(sys(doc).dice, def.id).toEqual(def.dice.map((d) => ({ ...d, appliesTo: [...d.appliesTo] })));
      expect(String(sys(doc).description), def.id).toMatch(/Panic Event/);
    }
    const focus = list.find((d) => sys(d).key === "obsessiveFocus");
    expect(sys(focus ?? {}).flags).toEqual(["attributeShift"]);
    expect(String(sys(focus ?? {}).description)).toMatch(/moves attributes/);
  });

  /** R-V-18 as RULES.md §12.7 writes it: Light Dice, approach row, Slaughter. */
  const R_V_18: readonly (readonly [string, number, number, boolean])[] = [
    ["Unarmed", -1, 0, false],
    ["Small primitive weapon", 0, -1, false],
    ["Medium primitive weapon", 0, 0, false],
    ["Small advanced weapon", 0, 0, false],
    ["Large primitive weapon", 0, 0, true],
    ["Medium advanced weapon", 0, 0, true],
    ["Large advanced weapon", 0, 1, false],
    ["Thrown object", -1, 0, false],
    ["Bow", 0, 0, false],
    ["Pistol or revolver", 0, 0, false],
    ["Submachine gun", 0, 0, true],
    ["Automatic or semi-automatic pistol", 0, 0, true],
    ["Hunting rifle", 0, 1, false],
    ["Laser rifle", 0, 1, false],
    ["Grenade", 0, 1, true],
    ["Military rifle", 0, 1, true],
    ["Shotgun", 0, 1, true],
    ["Plasma rifle", 1, 0, false],
    ["Sniper rifle", 1, 0, false],
    ["Heavy machine gun", 1, 0, true],
    ["Mounted heavy machine gun", 1, 1, false],
    ["Anti-vehicle weapon", 1, 1, true],
    ["Rocket launcher", 1, 1, true],
  ];

  it("R-V-17 R-V-18: every table weapon, stored as §13 ruling 21 says, reads through the rules with its tags' dice, row and Slaughter", () => {
    const weapons = byName(ofType("v062-equipment", "weapon"));
    expect(weapons.size).toBe(R_V_18.length);
    expect(V062.weapons).toHaveLength(R_V_18.length);
    const attributes = { intuition: 2, reason: 2, finesse: 2, exertion: 2, attunement: 2, influence: 2 };
    for (const [name, dice, row, slaughter] of R_V_18) {
      const doc = weapons.get(name);
      if (!doc) throw new Error(`v062-equipment lacks ${name}`);
      const s = sys(doc);
      const def = V062.weapons.find((w) => localize(w.labelKey) === name);
      expect(s, name).toMatchObject({
        rank: def?.rank,
        ranges: [...(def?.ranges ?? [])],
        tags: [...(def?.tags ?? [])],
        customTags: [],
        equipped: false,
      });
      const weapon = {
        rank: s.rank as TierRank,
        ranges: s.ranges as string[],
        tags: s.tags as string[],
        twoHanded: false,
      };
      // Light Dice: before the clamp, on a base of 2 (R-V-11).
      const pool = buildPool({
        ruleset: V062,
        target: { kind: "attribute", attribute: "exertion" },
        attributes,
        wounds: NO_WOUNDS,
        flags: new Set(),
        weapon,
        range: weapon.ranges[0],
        dark: 0,
      });
      expect(pool.raw - 2, `${name}: Light Dice`).toBe(dice);
      // The row as the rank reads (R-V-12): an Effect die of 3 on a success.
      expect(V062.effect.value(3, weapon.rank).value - 3, `${name}: row`).toBe(row);
      expect(explosionThreshold(hasTag(weapon, "slaughter")), `${name}: explodes on`).toBe(slaughter ? 5 : 6);
      for (const r of weapon.ranges)
        expect(
          V062.ranges.map((x) => x.id),
          name,
        ).toContain(r);
      const text = String(s.description);
      if (slaughter) expect(text, name).toMatch(/Slaughter/);
      expect(text, name).toMatch(row === -1 ? /Disadvantaged/ : row === 1 ? /Advantaged/ : /Baseline/);
    }
    // R-V-11 (ruling) ranges cost nothing: out of its listed ranges a weapon still costs no die.
    const bow = sys(weapons.get("Bow") ?? {});
    const far = buildPool({
      ruleset: V062,
      target: { kind: "attribute", attribute: "finesse" },
      attributes,
      wounds: NO_WOUNDS,
      flags: new Set(),
      weapon: { rank: bow.rank as TierRank, ranges: bow.ranges as string[], tags: [], twoHanded: false },
      range: "contact",
      dark: 0,
    });
    expect(far.raw).toBe(2);
  });

  it("R-V-18 R-EQ-4 R-HARM-2: Light, Heavy and Shield armour with the rules' values", () => {
    const armour = ofType("v062-equipment", "armour");
    expect(armour.map((d) => [d.name, sys(d).kind, sys(d).value])).toEqual([
      ["Light armour", "light", ARMOUR_VALUE.light],
      ["Heavy armour", "heavy", ARMOUR_VALUE.heavy],
      ["Shield", "shield", ARMOUR_VALUE.shield],
    ]);
    expect(docs("v062-equipment")).toHaveLength(R_V_18.length + 3);
  });

  it("R-V-14 R-V-16: a Challenge at every v0.6.2 tier with its Disposition and Dice (Exceptional at n = 5, 25 · 5d), some sentient, one with facets; GM notes each", () => {
    const challenges = docs("v062-challenges");
    expect(challenges.map((d) => sys(d).tier)).toEqual(V062.challengeTiers.map((t) => t.id));
    const figures = (s: Record<string, unknown>) => [s.tier, (s.disposition as { max: number }).max, s.dice, s.halved];
    expect(challenges.map((d) => figures(sys(d)))).toEqual([
      ["trivial", 1, 0, true],
      ["dangerous", 5, 1, false],
      ["serious", 10, 2, false],
      ["formidable", 15, 3, false],
      ["exceptional", 25, 5, false],
    ]);
    expect(sys(challenges.find((d) => sys(d).tier === "exceptional") ?? {}).n).toBe(5);
    const sentient = challenges.filter((d) => sys(d).sentient === true);
    expect(sentient.length).toBeGreaterThanOrEqual(2);
    expect(sentient.length).toBeLessThan(challenges.length);
    for (const d of challenges) {
      const notes = String(sys(d).notes);
      expect(notes.length, String(d.name)).toBeGreaterThan(200);
      // A sentient one tells the GM about Morale; the others say they have none.
      expect(notes, String(d.name)).toMatch(sys(d).sentient === true ? /Morale/ : /no Morale/);
    }
    const faceted = challenges.filter((d) => (sys(d).facets as unknown[]).length > 0);
    expect(faceted.map((d) => (sys(d).facets as Doc[]).map((f) => figures(f)))).toEqual([
      [
        ["dangerous", 5, 1, false],
        ["trivial", 1, 0, true],
      ],
    ]);
  });

  it("R-V-2: the rules journal lists the eighteen archetypes with their two skill groups (Spacer's chosen, ruling)", () => {
    const rows = rowsOf(pageOf("Archetypes")).slice(1);
    expect(rows).toEqual(
      V062_ARCHETYPES.map((a) => [
        localize(a.labelKey),
        a.groups
          ? a.groups.map((g) => localize(`TERRAN.SkillGroup.${g}`)).join(", ")
          : "two of your choice, with the GM",
      ]),
    );
    expect(rows).toHaveLength(18);
  });

  it("R-V-5 R-V-6: the rules journal lists the nine skill groups with their skills, one skill die, and how skills are chosen", () => {
    const html = pageOf("Skills");
    expect(rowsOf(html).slice(1)).toEqual(
      V062_SKILL_GROUPS.map((g) => [localize(g.labelKey), g.skills.map((s) => localize(s.labelKey)).join(", ")]),
    );
    expect(html).toMatch(/\+1 Light Die/);
    expect(html).toMatch(/never more than one/);
    expect(html).toMatch(/1–3 one more, 4–5 two, 6 three/);
  });

  it("R-V-15 R-V-16: the consequences page has the four bands (12+ harmful too) and the Morale table, as the ruleset's data", () => {
    const [consequences = "", moraleTable = ""] = pageOf("Consequences and Morale").split("<h2>Morale</h2>");
    const rows = rowsOf(consequences);
    const band = (min: number, max: number | null) => (max === null ? `${min}+` : `${min}–${max}`);
    const names: Record<string, string> = {
      annoying: "Annoying",
      troublesome: "Troublesome",
      devastating: "Devastating",
    };
    for (const b of V062.consequences) {
      const row = rows.find((r) => r[0] === band(b.min, b.max));
      expect(row?.[1], band(b.min, b.max)).toMatch(new RegExp(`^${names[b.consequence] ?? "?"}`));
      if (b.harmful) expect(row?.[1], band(b.min, b.max)).toMatch(/Grit/);
      else expect(row?.[1], band(b.min, b.max)).not.toMatch(/Grit/);
    }
    const morale: Record<string, RegExp> = { "gives-up": /gives up/, lower: /tier lower/, "carries-on": /carries on/ };
    const moraleRows = rowsOf(moraleTable);
    expect(moraleRows.slice(1)).toHaveLength(3);
    for (const m of V062.morale ?? []) {
      const row = moraleRows.find((r) => r[0] === band(m.min, m.max));
      expect(row?.[1], band(m.min, m.max)).toMatch(morale[m.result] ?? /^$/);
    }
    expect(pageOf("Consequences and Morale")).toMatch(/not the book's list/);
  });

  it("R-V-10 R-V-9 R-V-18 R-V-14: the rules journal links every v0.6.2 advancement, condition, weapon, armour and Challenge, and credits the author", () => {
    const linked = new Set(uuidsIn(docs("v062-rules")));
    const expected = ["v062-advancements", "v062-conditions", "v062-equipment", "v062-challenges"].flatMap((p) =>
      docs(p).map((d) => uuidOf(p, d)),
    );
    expect(expected).toHaveLength(20 + 9 + 26 + 5);
    expect(expected.filter((u) => !linked.has(u))).toEqual([]);
    const glance = pageOf("v0.6.2 at a glance");
    for (const s of ["Estêvão Alvarenga", "terra-campaigns", "Blades in the Dark", "One Seven Design"])
      expect(glance).toContain(s);
  });
});
