// @vitest-environment happy-dom
/**
 * The sheet templates rendered strictly with the real Handlebars (tests/support/templates.ts) and
 * their pure contexts, for every fixture in both rulesets, then read back with happy-dom: the grid
 * (R-CHAR-3), names escaped, every closed button telling why, every localised key present, only
 * whitelisted helpers, raw HTML only for enriched text.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { characterSheetContext } from "../../../src/applications/sheets/character/character-context.ts";
import { challengeSheetContext } from "../../../src/applications/sheets/challenge/challenge-context.ts";
import { itemSheetContext } from "../../../src/applications/sheets/item/item-context.ts";
import {
  allSheetTemplates,
  CHALLENGE_LIMITED_PARTS,
  CHALLENGE_SHEET_PARTS,
  CHARACTER_LIMITED_PARTS,
  CHARACTER_SHEET_PARTS,
  ITEM_SHEET_PARTS,
  itemSheetParts,
} from "../../../src/applications/sheets/parts.ts";
import { RULESET_IDS } from "../../../src/rules/index.ts";
import {
  advancementSheet,
  forecastChallenge,
  freshCharacter,
  GM,
  hostileCharacter,
  HOSTILE_NAME,
  LIMITED,
  multiFacetChallenge,
  OBSERVER,
  OWNER,
  overcomeChallenge,
  seasonedCharacter,
  SHEET_FIXTURES,
  advancementRow,
  v062CreationCharacter,
} from "../../fixtures/sheets.ts";
import { legacyFreshCharacter, legacySeasonedCharacter } from "../../fixtures/legacy-sheets.ts";
import { defaultCharacterUi } from "../../../src/applications/sheets/inputs.ts";
import { english, renderTemplate, TEMPLATE_HELPERS } from "../../support/templates.ts";

const ROOT = resolve(import.meta.dirname, "../../..");
const relative = (path: string): string => path.replace(/^templates\//, "");

/** Renders the parts into one element, as the sheet's window holds them. */
function render(parts: readonly string[], context: object): HTMLElement {
  const root = document.createElement("form");
  root.innerHTML = parts.map((p) => renderTemplate(relative(p), context)).join("\n");
  return root;
}

function character(input: Parameters<typeof characterSheetContext>[0]): HTMLElement {
  const view = characterSheetContext(input);
  return render(
    view.limited ? CHARACTER_LIMITED_PARTS.map((p) => CHARACTER_SHEET_PARTS[p]) : Object.values(CHARACTER_SHEET_PARTS),
    view,
  );
}

function challenge(input: Parameters<typeof challengeSheetContext>[0]): HTMLElement {
  const view = challengeSheetContext(input);
  return render(
    view.limited ? CHALLENGE_LIMITED_PARTS.map((p) => CHALLENGE_SHEET_PARTS[p]) : Object.values(CHALLENGE_SHEET_PARTS),
    view,
  );
}

/** Every disabled control has a non-empty tooltip on itself or an ancestor. */
function untold(root: HTMLElement): string[] {
  return [...root.querySelectorAll<HTMLElement>("button[disabled], input[type=checkbox][disabled][data-action]")]
    .filter((el) => !(el.closest("[data-tooltip]")?.getAttribute("data-tooltip") ?? "").trim())
    .map((el) => el.outerHTML.slice(0, 120));
}

describe("sheet templates render strictly for every fixture, in both rulesets", () => {
  for (const rulesetId of RULESET_IDS) {
    for (const [name, fixture] of Object.entries(SHEET_FIXTURES.character)) {
      it(`character "${name}" (${rulesetId})`, () => {
        const root = character(fixture(rulesetId));
        expect(root.querySelector(".te-sheet-header")).not.toBeNull();
        expect(untold(root)).toEqual([]);
      });
    }
    for (const [name, fixture] of Object.entries(SHEET_FIXTURES.challenge)) {
      it(`challenge "${name}" (${rulesetId})`, () => {
        const root = challenge(fixture(rulesetId));
        expect(root.querySelectorAll("tr.te-facet").length).toBeGreaterThan(0);
        expect(untold(root)).toEqual([]);
      });
    }
    for (const [name, fixture] of Object.entries(SHEET_FIXTURES.item)) {
      for (const permissions of [OWNER, OBSERVER]) {
        it(`item "${name}" (${rulesetId}, ${permissions.editable ? "editable" : "locked"})`, () => {
          const input = fixture(rulesetId, permissions);
          const root = render(
            itemSheetParts(input.item.type).map((p) => ITEM_SHEET_PARTS[p]),
            itemSheetContext(input),
          );
          expect(root.querySelector(`.te-item-details`)).not.toBeNull();
          expect(untold(root)).toEqual([]);
          if (!permissions.editable) expect(root.querySelector("prose-mirror")).toBeNull();
        });
      }
    }
  }
});

describe("R-V-8: a v0.6.2 character sheet draws no Ego reset button", () => {
  it("has Core's rest button but no resetEgo action", () => {
    const root = character(seasonedCharacter("v062"));
    expect(root.querySelector('[data-action="rest"]')).not.toBeNull();
    expect(root.querySelector('[data-action="resetEgo"]')).toBeNull();
    expect(character(seasonedCharacter()).querySelector('[data-action="resetEgo"]')).not.toBeNull();
  });

  it("R-V-7: the wound tracks are headed Trauma in v0.6.2, Wounds in Core", () => {
    const heading = (root: HTMLElement) => root.querySelector(".te-wounds .te-heading")?.textContent;
    expect(heading(character(seasonedCharacter("v062")))).toBe("Trauma");
    expect(heading(character(seasonedCharacter()))).toBe("Wounds");
  });

  it("R-V-8: a Panic's state shows beside Ego and in the scene's block, with the End scene button", () => {
    const root = character(seasonedCharacter("v062", { panic: { state: "freeze", messageId: "m1" } }));
    expect(root.querySelector(".te-panic-state")?.textContent).toBe(english("TERRAN.Panic.sheet.freeze"));
    expect(root.querySelector(".te-scene .te-scene-panic")?.textContent).toBe(english("TERRAN.Panic.sheet.freeze"));
    expect(root.querySelector('.te-scene [data-action="endScene"]')).not.toBeNull();
    expect(character(seasonedCharacter("v062")).querySelector(".te-panic-state")).toBeNull();
  });
});

describe("R-V-1: v0.6.2's creation steps on the sheet, in the book's order", () => {
  const steps = (root: HTMLElement): string[] =>
    [...root.querySelectorAll(".te-creation .te-step > h3")].map((h) => h.textContent ?? "");
  const ui = (skillRoll: number | null) => ({ ui: { creation: { roll: null, shares: {}, skillRoll } } });

  it("R-V-1 archetype, attribute points, Skills, Grit, Ego, the free advancement, then trinket, patch and picture", () => {
    expect(steps(character(v062CreationCharacter()))).toEqual([
      english("TERRAN.Sheet.Creation.archetypeStep"),
      english("TERRAN.Sheet.Creation.ratings"),
      english("TERRAN.Sheet.Creation.skillsStep"),
      english("TERRAN.Sheet.Grit.label"),
      english("TERRAN.Sheet.Ego.label"),
      english("TERRAN.Sheet.Creation.advancement"),
      english("TERRAN.Sheet.Creation.keepsakesStep"),
    ]);
    expect(steps(character(v062CreationCharacter({}, { withoutSkills: true })))).toEqual([
      english("TERRAN.Sheet.Creation.ratings"),
      english("TERRAN.Sheet.Creation.pointStep"),
      english("TERRAN.Sheet.Grit.label"),
      english("TERRAN.Sheet.Ego.label"),
      english("TERRAN.Sheet.Creation.advancement"),
      english("TERRAN.Sheet.Creation.keepsakesStep"),
    ]);
  });

  it("R-V-1 Core's panel keeps its four steps and no v0.6.2 control", () => {
    const root = character(freshCharacter("core"));
    expect(steps(root)).toHaveLength(4);
    for (const action of ["rollCreationSkills", "takeCreationSkill", "setSkillGroups", "takeCreationPoint"])
      expect(root.querySelector(`[data-action="${action}"]`)).toBeNull();
    expect(root.querySelector(".te-keepsakes")).toBeNull();
  });

  it("R-V-2 the archetype's groups are named; Spacer offers two labelled group selects (ruling)", () => {
    const clergy = character(v062CreationCharacter());
    expect(clergy.querySelector('[data-rule="R-V-2"] p strong')?.textContent).toBe(
      english("TERRAN.SkillGroup.cultures"),
    );
    const spacer = character(v062CreationCharacter({ archetype: "spacer" }));
    const groups = spacer.querySelector(".te-creation-groups");
    expect(groups?.querySelectorAll("label select")).toHaveLength(2);
    expect(groups?.querySelector('[data-action="setSkillGroups"]')).not.toBeNull();
  });

  it("R-V-6 one select per archetype group, the die, then a select of any group, each closed control saying why", () => {
    const root = character(v062CreationCharacter({ heldSkills: ["religion"] }));
    const picks = [...root.querySelectorAll(".te-creation-skills .te-creation-pick")];
    expect(picks[0]?.querySelector(".te-creation-held")?.textContent).toBe(english("TERRAN.SkillName.religion"));
    expect(picks[1]?.querySelector("select")?.getAttribute("aria-label")).toContain(
      english("TERRAN.SkillGroup.administration"),
    );
    expect(root.querySelector('[data-action="rollCreationSkills"]')?.hasAttribute("disabled")).toBe(false);
    const more = picks[3]?.querySelector<HTMLButtonElement>('[data-action="takeCreationSkill"]');
    expect(more?.disabled).toBe(true);
    expect(more?.closest("[data-tooltip]")?.getAttribute("data-tooltip")).toBe(
      english("TERRAN.Sheet.Disabled.rollSkillsFirst"),
    );
    expect(untold(root)).toEqual([]);
    const rolled = character(v062CreationCharacter({ heldSkills: ["religion"] }, ui(5)));
    expect(rolled.querySelector('[data-action="rollCreationSkills"]')).toBeNull();
    expect(rolled.textContent).toContain(english("TERRAN.Sheet.Creation.skillDie").replace("{value}", "5"));
  });

  it("R-V-6 Expert's two skills are asked after creation in their own block (ruling)", () => {
    const input = v062CreationCharacter({ heldSkills: ["religion", "law", "tame"] }, { ...ui(1), ready: true });
    const expert = [advancementRow({ id: "advExpert0000001", name: "Expert", key: "expert", sort: 100 })];
    const root = character({ ...input, items: expert });
    expect(root.querySelector(".te-creation .te-heading")?.textContent).toBe(
      english("TERRAN.Sheet.Creation.afterTitle"),
    );
    expect(root.querySelector('[data-action="takeCreationSkill"]')?.hasAttribute("disabled")).toBe(false);
  });

  it("R-V-4 without skills: the extra point's buttons say why they are closed until the dice are placed (ruling)", () => {
    const root = character(v062CreationCharacter({}, { withoutSkills: true }));
    const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-action="takeCreationPoint"]')];
    expect(buttons).toHaveLength(6);
    expect(buttons.every((b) => b.disabled)).toBe(true);
    expect(untold(root)).toEqual([]);
  });

  it("R-V-1 (ruling) the biography tab has the trinket, patch and picture, stored as typed", () => {
    const input = v062CreationCharacter({ keepsakes: { trinket: "A brass compass", patch: "", picture: "" } });
    const fields = [...character(input).querySelectorAll<HTMLInputElement>(".te-keepsakes input")];
    expect(fields.map((f) => [f.name, f.value])).toEqual([
      ["system.keepsakes.trinket", "A brass compass"],
      ["system.keepsakes.patch", ""],
      ["system.keepsakes.picture", ""],
    ]);
  });
});

describe("R-V-5: the Skills block of a v0.6.2 character sheet", () => {
  const skilled = (over: Parameters<typeof seasonedCharacter>[1] = {}) => {
    const input = seasonedCharacter("v062", over);
    return character({ ...input, system: { ...input.system, heldSkills: ["sneak", "violence:Whip"] } });
  };

  it("lists each skill under its group, with a named remove button, a select of the rest and a named add", () => {
    const root = skilled();
    const block = root.querySelector(".te-held-skills");
    expect(block?.querySelector("h3")?.textContent).toBe("Skills");
    expect([...(block?.querySelectorAll("dt") ?? [])].map((d) => d.textContent)).toEqual(["Violence", "Survival"]);
    const removes = [...(block?.querySelectorAll<HTMLButtonElement>('[data-action="removeHeldSkill"]') ?? [])];
    expect(removes.map((b) => [b.dataset.skill, b.getAttribute("aria-label")])).toEqual([
      ["violence:Whip", "Remove Whip"],
      ["sneak", "Remove Sneak"],
    ]);
    const options = [...(block?.querySelectorAll(".te-skill-pick option") ?? [])].map((o) => o.getAttribute("value"));
    expect(options).toContain("tame");
    expect(options).not.toContain("sneak");
    expect(block?.querySelector('[data-action="addHeldSkill"]')).not.toBeNull();
    expect(block?.querySelectorAll(".te-skill-group-pick option")).toHaveLength(9);
    expect(block?.querySelector('[data-action="addCustomSkill"]')).not.toBeNull();
    // Not form fields: the sheet's submit never sees them.
    expect(block?.querySelectorAll("[name]")).toHaveLength(0);
  });

  it("R-V-2: the archetype select reads each archetype with its two skill groups", () => {
    const root = character(seasonedCharacter("v062"));
    const option = root.querySelector('select[name="system.archetype"] option[value="clergy"]');
    expect(option?.textContent).toBe("Clergy (Cultures, Administration)");
  });

  it("in play mode the skills are listed without controls; Core draws no block", () => {
    const root = skilled({ ui: { editing: false } });
    expect(root.querySelectorAll(".te-held-skills .te-skill")).toHaveLength(2);
    expect(root.querySelector(".te-held-skills button, .te-held-skills select")).toBeNull();
    expect(character(seasonedCharacter()).querySelector(".te-held-skills")).toBeNull();
  });
});

describe("R-V-16: Morale on a v0.6.2 Challenge sheet", () => {
  it("draws the Sentient box, and Roll Morale with its odds on the track at 0", () => {
    const base = overcomeChallenge("v062");
    const root = challenge({ ...base, system: { ...base.system, disposition: { value: 0, max: 10 }, sentient: true } });
    expect(root.querySelector<HTMLInputElement>('input[name="system.sentient"]')?.checked).toBe(true);
    const button = root.querySelector('tr.is-main [data-action="rollMorale"]');
    expect(button?.getAttribute("data-facet")).toBe("");
    expect(root.querySelector("tr.is-main .te-morale-odds")?.textContent).toMatch(/Gives up 25\.0%/);
    expect(
      challenge(overcomeChallenge()).querySelector('[data-action="rollMorale"], input[name="system.sentient"]'),
    ).toBeNull();
  });
});

describe("character sheet in the DOM", () => {
  const root = character(seasonedCharacter());

  it("R-CHAR-3: three groups, two rows of four circles each, the first fenced; the Save reads down the fence", () => {
    expect(
      [...root.querySelectorAll(".te-group")].map(
        (g) =>
          g.classList.contains("te-group-insight") ||
          g.classList.contains("te-group-prowess") ||
          g.classList.contains("te-group-resolve"),
      ),
    ).toEqual([true, true, true]);
    expect(root.querySelectorAll(".te-attr")).toHaveLength(6);
    expect(root.querySelectorAll(".te-circle")).toHaveLength(24);
    expect(root.querySelectorAll(".te-circle.is-fenced")).toHaveLength(6);
    // Ratings 2,0,3,2,1,1 fill 9 circles; fenced and filled = 5 attributes rated ≥ 1 = the Saves 1+2+2.
    expect(root.querySelectorAll(".te-circle.is-filled")).toHaveLength(9);
    expect(root.querySelectorAll(".te-circle.is-fenced.is-filled")).toHaveLength(5);
    expect(root.querySelectorAll(".te-pip.is-filled")).toHaveLength(5);
    const finesse = root.querySelector('.te-attr[data-attribute="finesse"]');
    expect(finesse?.querySelector(".te-light-dice")?.textContent).toBe("3d");
    expect(finesse?.querySelector(".te-drag-roll")?.getAttribute("data-drag-roll")).toBe("finesse");
  });

  it("a roll is dragged to the hotbar by its grip, never by a <button> (Firefox starts a drag on a button only from its text)", () => {
    expect(root.querySelectorAll("button[draggable], button[data-drag-roll]")).toHaveLength(0);
    const handles = [...root.querySelectorAll<HTMLElement>("[data-drag-roll]")];
    expect(handles.map((h) => h.dataset.dragRoll)).toEqual(expect.arrayContaining(["finesse", "save:insight"]));
    for (const handle of handles) {
      expect(handle.tagName).toBe("SPAN");
      expect(handle.getAttribute("draggable")).toBe("true");
      expect(
        handle.closest(".te-tip")?.querySelector(`button[data-roll="${handle.dataset.dragRoll ?? ""}"]`),
      ).not.toBeNull();
    }
  });

  it("R-HARM-4: the wound tracks and their penalties are written out", () => {
    expect(root.querySelector(".te-group-insight .te-penalty")?.textContent).toBe("Stressed: −1d");
    expect(root.querySelector(".te-group-prowess .te-ignored")?.textContent).toBe(
      "Broken: no penalty (advancement “Could be worse”)",
    );
    expect([...root.querySelectorAll(".te-wound.is-marked .te-wound-name")].map((e) => e.textContent)).toEqual([
      "Stressed",
      "Broken",
    ]);
  });

  it("form fields carry the schema's names and limits", () => {
    const grit = root.querySelector<HTMLInputElement>('input[name="system.grit.value"]');
    expect(grit?.value).toBe("2");
    expect(grit?.max).toBe("5");
    expect(root.querySelector<HTMLInputElement>('input[name="system.ego.max"]')?.max).toBe("6");
    expect(root.querySelector<HTMLInputElement>('input[name="system.xp"]')?.value).toBe("9");
    expect(root.querySelector('select[name="system.archetype"] option[selected]')?.textContent).toBe("Outlaw");
  });

  it("biography and notes are ProseMirror editors holding the stored HTML, showing the enriched HTML", () => {
    const editors = [...root.querySelectorAll("prose-mirror")];
    expect(editors.map((e) => e.getAttribute("name"))).toEqual(["system.biography", "system.notes"]);
    expect(editors[0]?.getAttribute("value")).toBe("<p>Crossed the salt flats twice.</p>");
    expect(editors[0]?.hasAttribute("toggled")).toBe(true);
    expect(editors[0]?.querySelector("p")?.textContent).toBe("Crossed the salt flats twice.");
  });

  it("item rows: names, chips, roll buttons for weapons, equip toggles", () => {
    const rows = root.querySelectorAll(".te-list-weapons .te-item");
    expect([...rows].map((r) => r.querySelector(".te-item-name")?.textContent)).toEqual([
      "Long sword",
      "Hunting rifle",
    ]);
    expect(rows[0]?.querySelector('[data-action="roll"]')?.getAttribute("data-roll")).toBe("weapLongSword001");
    expect(root.querySelectorAll('.te-list-armour [data-action="toggleEquipped"][aria-pressed="true"]')).toHaveLength(
      1,
    );
    expect(root.querySelector(".te-list-advancements .te-chip-dice")?.textContent?.trim()).toBe(
      "+1d Sleek: wriggling free",
    );
  });

  it("a disabled circle says why (the Developed cap)", () => {
    const circle = root.querySelector<HTMLButtonElement>('.te-circle[data-attribute="reason"][data-value="2"]');
    expect(circle?.disabled).toBe(true);
    expect(circle?.closest("[data-tooltip]")?.getAttribute("data-tooltip")).toBe(
      "The six attributes together may not go above 10.",
    );
  });

  it("names are printed as text, never as HTML", () => {
    const hostile = character(hostileCharacter());
    expect(hostile.querySelector("img[onerror]")).toBeNull();
    expect(hostile.querySelector("img[src=x]")).toBeNull();
    expect(hostile.querySelector<HTMLInputElement>('input[name="name"]')?.value).toBe(HOSTILE_NAME);
    expect([...hostile.querySelectorAll(".te-item-name")].map((e) => e.textContent)).toContain(HOSTILE_NAME);
    expect(hostile.querySelector('select[name="system.archetype"] option[selected]')?.textContent).toBe(HOSTILE_NAME);
    const locked = character({ ...hostileCharacter(), permissions: OBSERVER });
    expect(locked.querySelector(".te-name")?.textContent).toBe(HOSTILE_NAME);
    expect(locked.querySelector("img[onerror]")).toBeNull();
  });

  it("limited permission renders the name and portrait only", () => {
    const limited = character(seasonedCharacter("core", { permissions: LIMITED }));
    expect(limited.querySelector(".te-name")?.textContent).toBe("Bram Seasoned");
    expect(limited.querySelector(".te-attributes, input, button")).toBeNull();
  });
});

describe("item sheets in the DOM", () => {
  it("R-POOL-2: a modifier labelled with the rules' own wording shows it translated, never as an i18n key", () => {
    const view = itemSheetContext(advancementSheet());
    const root = render(
      itemSheetParts(view.type).map((p) => ITEM_SHEET_PARTS[p]),
      view,
    );
    const labels = [...root.querySelectorAll<HTMLInputElement>("input.te-modifier-label")].map((i) => i.value);
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((l) => l.startsWith("TERRAN."))).toEqual([]);
    expect(labels).toContain(english("TERRAN.Mod.marathon"));
  });
});

describe("Challenge sheet in the DOM", () => {
  it("R-CH-5: a row per facet with its tier, Disposition bar and Roll Effect", () => {
    const root = challenge(multiFacetChallenge());
    const rows = [...root.querySelectorAll("tr.te-facet")];
    expect(rows.map((r) => r.getAttribute("data-facet"))).toEqual(["", "0", "1"]);
    expect(rows[0]?.querySelector<HTMLElement>(".te-bar-fill")?.style.width).toBe("60%");
    expect(rows[0]?.querySelector('input[name="system.disposition.value"]')).not.toBeNull();
    expect(rows[1]?.querySelector("input[name]")).toBeNull();
    expect(rows[2]?.querySelector(".te-n")?.textContent).toBe("n = 5");
    expect(rows.every((r) => r.querySelector('[data-action="rollEffect"]'))).toBe(true);
    expect(root.querySelector("prose-mirror")?.getAttribute("name")).toBe("system.notes");
  });

  it("players do not see the GM notes; limited viewers see name, image and tier", () => {
    const player = challenge(multiFacetChallenge("core", OWNER));
    expect(player.querySelector("prose-mirror, .te-prose")).toBeNull();
    expect(player.textContent).not.toContain("Afraid of fire");
    const limited = challenge(multiFacetChallenge("core", LIMITED));
    expect(limited.querySelector(".te-tier")?.textContent).toBe("Serious");
    expect(limited.querySelector("table, input, button")).toBeNull();
    expect(limited.textContent).not.toContain("Afraid of fire");
    const gm = challenge(multiFacetChallenge("core", GM));
    expect(gm.textContent).toContain("Afraid of fire");
  });
});

describe("sheet templates (static)", () => {
  const sources = allSheetTemplates().map((path) => ({
    path,
    source: readFileSync(resolve(ROOT, path), "utf8").replace(/\{\{!--[\s\S]*?--\}\}/g, ""),
  }));

  it("call only whitelisted helpers", () => {
    const allowed = new Set<string>([...TEMPLATE_HELPERS, "if", "unless", "each", "with", "else", "lookup"]);
    for (const { path, source } of sources) {
      for (const m of source.matchAll(/\{\{[#/^]?\s*([\w.-]+)\s+[^}]/g))
        expect(allowed.has(m[1] ?? ""), `${path}: ${m[1]}`).toBe(true);
      for (const m of source.matchAll(/\(\s*([\w-]+)\s/g))
        expect(allowed.has(m[1] ?? ""), `${path}: (${m[1]}`).toBe(true);
    }
  });

  it("print raw HTML only for enriched text", () => {
    for (const { path, source } of sources) {
      expect(source, path).not.toMatch(/\{\{&/);
      for (const m of source.matchAll(/\{\{\{\s*([\w.]+)\s*\}\}\}/g)) expect(m[1], path).toMatch(/^enriched/);
    }
  });

  it("localise only keys that exist in en.json", () => {
    for (const { source } of sources) {
      for (const m of source.matchAll(/"(TERRAN\.[\w.-]+)"/g)) expect(() => english(m[1] ?? "")).not.toThrow();
    }
  });

  it("every partial included is one of SHEET_PARTIALS' files", () => {
    for (const { path, source } of sources) {
      for (const m of source.matchAll(/\{\{>\s*"([^"]+)"/g)) {
        expect(
          allSheetTemplates().map((t) => `systems/terran-engine/${t}`),
          path,
        ).toContain(m[1]);
      }
    }
  });
});

describe("rating circles, the Save fence and the tabs as WAI-ARIA widgets", () => {
  const core = character(seasonedCharacter());
  const legacy = character(legacySeasonedCharacter());

  it("R-CHAR-3 each row of circles is a radio group: the rating's circle checked, one Tab stop, no two circles named or explained alike", () => {
    for (const root of [core, legacy]) {
      const groups = [...root.querySelectorAll<HTMLElement>(".te-circles")];
      expect(groups.length).toBeGreaterThan(0);
      for (const group of groups) {
        expect(group.getAttribute("role")).toBe("radiogroup");
        const radios = [...group.querySelectorAll<HTMLElement>("button.te-circle")];
        expect(radios.every((r) => r.getAttribute("role") === "radio")).toBe(true);
        const filled = radios.filter((r) => r.classList.contains("is-filled")).length;
        const checked = radios.filter((r) => r.getAttribute("aria-checked") === "true");
        expect(checked.length).toBe(filled > 0 ? 1 : 0);
        if (checked[0]) expect(radios.indexOf(checked[0])).toBe(filled - 1);
        expect(radios.filter((r) => r.getAttribute("tabindex") === "0")).toHaveLength(1);
        const names = radios.map((r) => r.getAttribute("aria-label"));
        expect(new Set(names).size, names.join(" | ")).toBe(radios.length);
        const tips = radios.map((r) => r.closest("[data-tooltip]")?.getAttribute("data-tooltip"));
        if (radios.every((r) => !r.hasAttribute("disabled")))
          expect(new Set(tips).size, tips.join(" | ")).toBe(radios.length);
      }
    }
  });

  it("R-CHAR-3 the Save fence is marked on Core's first circles only, and the sheet explains it", () => {
    expect(core.querySelectorAll(".te-fence")).toHaveLength(6);
    expect(core.querySelectorAll(".te-fence > .te-circle[data-index='1']")).toHaveLength(6);
    expect(core.querySelector(".te-fence-legend")?.textContent?.trim()).toBe(
      english("TERRAN.Sheet.Attributes.fenceLegend"),
    );
    expect(legacy.querySelectorAll(".te-fence, .te-fence-legend")).toHaveLength(0);
  });

  it("the tabs: a tablist with one Tab stop, each tab naming the panel it controls, each panel labelled by its tab", () => {
    const tabs = [...core.querySelectorAll<HTMLElement>('[role="tab"]')];
    expect(tabs.length).toBe(3);
    expect(tabs.filter((t) => t.getAttribute("tabindex") === "0")).toHaveLength(1);
    expect(tabs.filter((t) => t.getAttribute("aria-selected") === "true")).toHaveLength(1);
    for (const tab of tabs) {
      const panel = core.querySelector(`[id="${tab.getAttribute("aria-controls") ?? "?"}"]`);
      expect(panel?.getAttribute("role")).toBe("tabpanel");
      expect(panel?.getAttribute("data-tab")).toBe(tab.dataset.tab);
      expect(panel?.getAttribute("aria-labelledby")).toBe(tab.id);
    }
  });
});

describe("play and edit modes (the owner's toggle)", () => {
  const LOCKED_FIELDS = ["system.grit.max", "system.ego.max", "system.grit.dice", "system.ego.dice", "system.xp"];
  const fields = (root: HTMLElement) =>
    LOCKED_FIELDS.filter((name) => root.querySelector(`input[name="${name}"]`) !== null);

  it("play mode: maxima, dice counts and XP are shown as values, not inputs; the values played with stay inputs", () => {
    const root = character(seasonedCharacter("core", { ui: { editing: false } }));
    expect(fields(root)).toEqual([]);
    expect(root.querySelector('input[name="system.grit.value"]')).not.toBeNull();
    expect(root.querySelector('input[name="system.ego.value"]')).not.toBeNull();
    expect(root.querySelector(".te-grit .te-track-max")?.textContent?.trim()).toBe("5");
    expect(root.querySelector(".te-xp .te-stat-value")?.textContent?.trim()).toBe("9");
  });

  it("R-CHAR-3 play mode: ratings outside creation are closed with the reason; in creation they stay open", () => {
    const played = character(seasonedCharacter("core", { ui: { editing: false } }));
    const circles = [...played.querySelectorAll<HTMLElement>('[data-action="setRating"]')];
    expect(circles.length).toBe(24);
    for (const c of circles) {
      expect(c.hasAttribute("disabled")).toBe(true);
      expect(c.closest("[data-tooltip]")?.getAttribute("data-tooltip")).toBe(english("TERRAN.Sheet.Mode.locked"));
    }
    const creating = character(freshCharacter("core", { ui: { editing: false } }));
    expect(creating.querySelectorAll('[data-action="setRating"]:not([disabled])').length).toBeGreaterThan(0);
  });

  it("R-LEG-3 play mode: Legacy's attribute and skill circles outside creation are closed with the reason, as Core's ratings; in creation they stay open", () => {
    const played = (input: ReturnType<typeof legacySeasonedCharacter>) =>
      character({ ...input, ui: defaultCharacterUi({ editing: false }) });
    const reasons = (root: HTMLElement, kind: string) =>
      [...root.querySelectorAll<HTMLElement>(`[data-action="setLegacyRating"][data-kind="${kind}"]`)].map((c) =>
        c.hasAttribute("disabled") ? c.closest("[data-tooltip]")?.getAttribute("data-tooltip") : "open",
      );
    const locked = english("TERRAN.Sheet.Mode.locked");
    const player = played(legacySeasonedCharacter());
    const gm = played(legacySeasonedCharacter({ permissions: { ...OWNER, isGM: true } }));
    expect(new Set(reasons(player, "attribute"))).toEqual(new Set([locked]));
    expect(new Set(reasons(gm, "attribute"))).toEqual(new Set([locked]));
    // A player's skills are closed after creation anyway (skill development), a GM's by the mode.
    expect(new Set(reasons(player, "skill"))).toEqual(new Set([english("TERRAN.Sheet.Legacy.skillsAfterCreation")]));
    expect(new Set(reasons(gm, "skill"))).toEqual(new Set([locked]));
    expect(reasons(played(legacyFreshCharacter()), "attribute")).toContain("open");
    const editing = character({ ...legacySeasonedCharacter(), ui: defaultCharacterUi({ editing: true }) });
    expect(reasons(editing, "attribute")).toContain("open");
  });

  it("edit mode shows today's inputs, and the toggle is labelled with the mode the sheet is in; an observer has no toggle", () => {
    const root = character(seasonedCharacter("core", { ui: { editing: true } }));
    expect(fields(root)).toEqual(LOCKED_FIELDS);
    // The label names the mode the sheet is in, and its name says what a press does (review 3 N6).
    const toggle = root.querySelector('[data-action="toggleMode"]');
    expect(toggle?.textContent?.trim()).toBe(english("TERRAN.Sheet.Mode.edit"));
    expect(toggle?.getAttribute("aria-label")).toBe(english("TERRAN.Sheet.Mode.editHint"));
    expect(toggle?.hasAttribute("aria-pressed")).toBe(false);
    const played = character(seasonedCharacter("core", { ui: { editing: false } }));
    const playToggle = played.querySelector('[data-action="toggleMode"]');
    expect(playToggle?.textContent?.trim()).toBe(english("TERRAN.Sheet.Mode.play"));
    expect(playToggle?.getAttribute("aria-label")).toBe(english("TERRAN.Sheet.Mode.playHint"));
    const observed = character(seasonedCharacter("core", { permissions: OBSERVER, ui: { editing: false } }));
    expect(observed.querySelector('[data-action="toggleMode"]')).toBeNull();
  });

  it("R-GRIT-1 'rolls 2d' says where the extra die comes from (Die Hard +1)", () => {
    const root = character(seasonedCharacter("core", { ui: { editing: false } }));
    expect(root.querySelector(".te-grit .te-thrown")?.textContent?.trim()).toBe(
      english("TERRAN.Sheet.Track.thrownFrom")
        .replace("{value}", "2")
        .replace("{source}", english("TERRAN.Adv.dieHard"))
        .replace("{diff}", "+1"),
    );
    expect(root.querySelector(".te-ego .te-thrown")?.textContent?.trim()).toBe(
      english("TERRAN.Sheet.Track.thrown").replace("{value}", "1"),
    );
  });
});

describe("the Challenge sheet read by a GM and by a player", () => {
  it("R-CH-1 'n = 5' (Exceptional's n) and 'd/2' (a halved die) are explained where they show", () => {
    const root = challenge(multiFacetChallenge());
    const n = root.querySelector(".te-n");
    expect(n?.tagName).toBe("ABBR");
    expect(n?.getAttribute("title")).toBe(english("TERRAN.Sheet.Challenge.nHint").replace("{value}", "5"));
    const halved = root.querySelector(".te-facet-dice abbr.te-halved");
    expect(halved?.getAttribute("title")).toBe(english("TERRAN.Sheet.Challenge.halvedHint"));
  });

  it("each facet cell carries its column's name, for the narrow layout that drops the header", () => {
    const root = challenge(multiFacetChallenge());
    const heads = [...root.querySelectorAll(".te-facets thead th")].map((th) => th.textContent?.trim() ?? "");
    for (const row of root.querySelectorAll("tr.te-facet")) {
      const labels = [...row.querySelectorAll("td")].map((td) => td.getAttribute("data-label") ?? "");
      expect(labels.slice(0, 4)).toEqual(heads.slice(0, 4));
    }
  });

  it("R-RA-9 the GM's forecast reads its Effect order as the GM's, not the player's ('Your Effect')", () => {
    const root = challenge(forecastChallenge());
    const options = [...root.querySelectorAll('select[data-forecast="order"] option')].map((o) => o.textContent ?? "");
    expect(options).toHaveLength(3);
    for (const text of options) expect(text).not.toMatch(/\byour\b/i);
  });

  it("R-V-16 the GM's forecast of a sentient v0.6.2 Challenge says it counts Morale; a Core one's does not", () => {
    const base = forecastChallenge("v062");
    const panel = base.forecast
      ? { ...base.forecast, choices: { ...base.forecast.choices, character: "" } }
      : undefined;
    const root = challenge({
      ...base,
      system: { ...base.system, sentient: true },
      ...(panel ? { forecast: panel } : {}),
    });
    expect(root.querySelector(".te-forecast-morale")?.textContent).toMatch(/Counts Morale .* rolls expected/);
    expect(challenge(forecastChallenge()).querySelector(".te-forecast-morale")).toBeNull();
  });

  it("a player's (observer's) view hides the controls only a GM or owner may use", () => {
    const root = challenge(multiFacetChallenge("core", OBSERVER));
    expect(
      root.querySelectorAll('[data-action="rollEffect"], [data-action="removeFacet"], [data-action="addFacet"]'),
    ).toHaveLength(0);
    const gm = challenge(multiFacetChallenge());
    expect(gm.querySelectorAll('[data-action="rollEffect"]').length).toBeGreaterThan(0);
  });
});

describe("the item sheets as a player reads them", () => {
  const item = (input: ReturnType<typeof advancementSheet>) =>
    render(
      itemSheetParts(input.item.type).map((p) => ITEM_SHEET_PARTS[p]),
      itemSheetContext(input),
    );

  it("R-ADV-1 'Rules it changes' lists the world's ruleset's flags only, and says which ruleset", () => {
    const core = item(advancementSheet("core"));
    expect(core.querySelector('[data-flag="dieHard"]')).not.toBeNull();
    expect(core.querySelector('[data-flag="tough"]'), "a Legacy flag on a Core world").toBeNull();
    // Review 3 N15: no parentheses nested in the heading; the automation said in words.
    expect(core.querySelector(".te-flags legend")?.textContent?.replace(/\s+/g, " ").trim()).toBe(
      `${english("TERRAN.AdvancementItem.FIELDS.flags.label")} \u2014 ${english("TERRAN.Ruleset.core")}`,
    );
    expect(core.textContent).toContain("Automated as the book\u2019s \u201cMarathon\u201d.");
    const legacy = item(advancementSheet("legacy"));
    expect(legacy.querySelector('[data-flag="tough"]')).not.toBeNull();
    expect(legacy.querySelector('[data-flag="whirlwind"]'), "a Core flag on a Legacy world").toBeNull();
  });

  it("the camelCase rules id is the GM's field: a player never sees it", () => {
    const player = item(advancementSheet("core", OWNER));
    expect(player.querySelector('input[name="system.key"]')).toBeNull();
    expect(player.textContent).not.toContain("marathon");
    const gm = item(advancementSheet("core", GM));
    expect(gm.querySelector<HTMLInputElement>('input[name="system.key"]')?.value).toBe("marathon");
  });
});
