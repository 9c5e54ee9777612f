/**
 * The character sheet's pure context (src/applications/sheets/character/character-context.ts) on the fixture
 * characters of tests/fixtures/sheets.ts: derived Saves (R-CHAR-3), the Light Dice each roll starts
 * from (R-HARM-4, R-HARM-5, R-POOL-3), the Developed cap on the circles (R-CHAR-5), armour (R-HARM-2),
 * XP and the next cost (R-XP-2), banners, the creation helper (R-CHAR-4, R-CHAR-7), and the reason
 * every closed button gives.
 */
import { describe, expect, it } from "vitest";
import {
  characterSheetContext,
  type CharacterFullView,
  type CharacterSheetView,
} from "../../../src/applications/sheets/character/character-context.ts";
import { defaultCharacterUi } from "../../../src/applications/sheets/inputs.ts";
import {
  deadCharacter,
  freshCharacter,
  GM,
  hostileCharacter,
  HOSTILE_NAME,
  LIMITED,
  lostCharacter,
  mortalCharacter,
  OBSERVER,
  seasonedCharacter,
} from "../../fixtures/sheets.ts";
import { english } from "../../support/templates.ts";
import { gritPart } from "../../fixtures/sheets.ts";

function full(view: CharacterSheetView): CharacterFullView {
  if (view.limited) throw new Error("expected the full view");
  return view;
}

function group(view: CharacterFullView, id: string) {
  const g = gritPart(view).groups.find((x) => x.id === id);
  if (!g) throw new Error(`no group ${id}`);
  return g;
}

function attr(view: CharacterFullView, id: string) {
  const a = gritPart(view)
    .groups.flatMap((g) => g.attributes)
    .find((x) => x.id === id);
  if (!a) throw new Error(`no attribute ${id}`);
  return a;
}

const say = (m: { key: string; value: string }): string => english(m.key).replaceAll("{value}", m.value);

describe("character sheet context: a seasoned, wounded character (Core)", () => {
  const view = full(characterSheetContext(seasonedCharacter()));

  it("R-CHAR-3: Saves are derived from the first circle of each row, read vertically", () => {
    // Intuition 2, Reason 0 → Insight 1; Finesse 3, Exertion 2 → Prowess 2; Attunement 1, Influence 1 → Resolve 2.
    expect(gritPart(view).groups.map((g) => [g.id, g.save.value])).toEqual([
      ["insight", 1],
      ["prowess", 2],
      ["resolve", 2],
    ]);
    expect(group(view, "insight").save.pips.map((p) => p.filled)).toEqual([true, false]);
    for (const g of gritPart(view).groups)
      for (const a of g.attributes) expect(a.circles.map((c) => c.fenced)).toEqual([true, false, false, false]);
  });

  it("R-CHAR-1: four circles per row, filled up to the rating; a click on the top filled circle clears it", () => {
    const finesse = attr(view, "finesse");
    expect(finesse.circles.map((c) => c.filled)).toEqual([true, true, true, false]);
    expect(finesse.circles.map((c) => c.sets)).toEqual([1, 2, 2, 4]);
  });

  it("R-CHAR-5: a circle that would take the six past 10 is closed, and says why", () => {
    // The total is 9: Reason 0 → 1 is open (10); Reason → 2 would make 11.
    const reason = attr(view, "reason");
    expect(reason.circles.map((c) => c.button.disabled)).toEqual([false, true, true, true]);
    expect(say(reason.circles[1]?.button.tooltip ?? { key: "", value: "" })).toBe(
      "The six attributes together may not go above 10.",
    );
    // Lowering is always open: Finesse 3 → 2.
    expect(attr(view, "finesse").circles[2]?.button.disabled).toBe(false);
    expect(gritPart(view).attributeTotal.value).toBe(9);
  });

  it("R-HARM-4: Stressed costs Insight a die; Broken is ignored with Could be worse, and the sheet says so", () => {
    expect(say(group(view, "insight").penalty ?? { key: "", value: "" })).toBe("Stressed: −1d");
    expect(group(view, "prowess").penalty).toBeNull();
    expect(say(group(view, "prowess").ignored ?? { key: "", value: "" })).toBe(
      "Broken: no penalty (advancement “Could be worse”)",
    );
    expect(group(view, "resolve").penalty).toBeNull();
    const broken = gritPart(view).wounds.find((w) => w.id === "broken");
    expect(broken?.marked).toBe(true);
    expect(broken?.ignored).not.toBeNull();
  });

  it("R-POOL-1/2: each roll shows the Light Dice it starts from, wounds applied", () => {
    expect(attr(view, "intuition").roll.light).toBe(1); // 2 − Stressed
    expect(attr(view, "reason").roll.light).toBe(0);
    expect(attr(view, "finesse").roll.light).toBe(3); // Broken ignored
    expect(group(view, "insight").save.roll.light).toBe(0); // save 1 − Stressed
    expect(group(view, "prowess").save.roll.light).toBe(2);
    expect(attr(view, "finesse").roll.what).toBe("finesse");
    expect(group(view, "resolve").save.roll.what).toBe("save:resolve");
    expect(attr(view, "finesse").roll.disabled).toBe(false);
    expect(attr(view, "finesse").roll.draggable).toBe(true);
  });

  it("R-HARM-2: worn heavy armour counts, the unequipped shield does not", () => {
    expect(view.armour.value).toBe(2);
    expect(view.armour.heavy).toBe(true);
    expect(view.armour.lines).toEqual([{ labelKey: "TERRAN.Armour.heavy", value: 2 }]);
  });

  it("R-XP-2: four advancements make the next cost 8; 9 XP afford it", () => {
    expect(view.xp.nextCost).toBe(8);
    expect(view.xp.affordable).toBe(true);
    expect(say(view.xp.text)).toBe("The next advancement costs 8 XP.");
  });

  it("R-GRIT-1 / R-EGO-1: Die Hard adds a Grit die; bars and limits follow value and max", () => {
    expect(gritPart(view).grit.thrown).toBe(2);
    expect(gritPart(view).ego.thrown).toBe(1);
    expect(gritPart(view).grit.percent).toBe(40);
    expect(gritPart(view).grit.limits.valueMax).toBe(5);
    expect(gritPart(view).ego.limits.maxMax).toBe(6);
    expect(gritPart(view).ego.resetLabelKey).toBe("TERRAN.Sheet.Ego.reset.core");
  });

  it("lists items in sort order, with ruleset labels, roll buttons for weapons and equip toggles", () => {
    expect(view.lists.advancements.rows.map((r) => r.name)).toEqual([
      "Die Hard",
      "Sleek",
      "Developed",
      "Could be worse",
    ]);
    expect(view.lists.advancements.rows[0]?.moveUp.disabled).toBe(true);
    expect(view.lists.advancements.rows[3]?.moveDown.disabled).toBe(true);
    expect(view.lists.advancements.rows[1]?.moveUp.disabled).toBe(false);
    const sword = view.lists.weapons.rows[0];
    expect(sword?.chips.map((c) => c.key || c.text)).toEqual([
      "TERRAN.EffectTier.core.better",
      "TERRAN.Range.contact",
      "TERRAN.Tag.versatile",
      "TERRAN.Sheet.Item.twoHanded",
    ]);
    // Melee weapon: Exertion 2 (Broken ignored).
    expect(sword?.roll?.what).toBe("weapLongSword001");
    expect(sword?.roll?.light).toBe(2);
    // Ranged: Finesse 3.
    expect(view.lists.weapons.rows[1]?.roll?.light).toBe(3);
    expect(view.lists.armour.rows.map((r) => [r.name, r.equip.equipped])).toEqual([
      ["Plate coat", true],
      ["Round shield", false],
    ]);
    const developed = view.lists.advancements.rows[2];
    expect(developed?.chips.some((c) => c.key === "TERRAN.Attribute.finesse" && c.prefix === "+1")).toBe(true);
    const sleek = view.lists.advancements.rows[1];
    expect(sleek?.chips).toContainEqual(expect.objectContaining({ key: "TERRAN.Mod.sleek", prefix: "+1d" }));
  });

  it("expands only the rows the sheet opened", () => {
    const input = seasonedCharacter();
    const opened = full(
      characterSheetContext({ ...input, ui: defaultCharacterUi({ expanded: ["advDieHard000001"] }) }),
    );
    expect(opened.lists.advancements.rows.map((r) => r.expanded)).toEqual([true, false, false, false]);
    expect(opened.lists.advancements.rows[0]?.hasDescription).toBe(true);
    expect(opened.lists.advancements.rows[1]?.hasDescription).toBe(false);
  });

  it("shows no banner and no creation helper for a living, created character", () => {
    expect(view.banners).toEqual([]);
    expect(gritPart(view).creation.shown).toBe(false);
    expect(view.sayonara.disabled).toBe(false);
  });

  it("marks the active tab", () => {
    expect(Object.values(view.tabs).map((t) => [t.id, t.active, t.label])).toEqual([
      ["main", true, "TERRAN.Sheet.Tabs.main"],
      ["items", false, "TERRAN.Sheet.Tabs.items"],
      ["biography", false, "TERRAN.Sheet.Tabs.biography"],
    ]);
    const items = full(
      characterSheetContext({ ...seasonedCharacter(), ui: defaultCharacterUi({ activeTab: "items" }) }),
    );
    expect(items.tabs.items).toMatchObject({ group: "primary", active: true, cssClass: "active" });
    expect(items.tabs.main.cssClass).toBe("");
  });
});

describe("character sheet context: Degenesis", () => {
  const view = full(characterSheetContext(seasonedCharacter("degenesis")));

  it("R-CHAR-6: the identity (Culture, Clan, Concept, Cult) replaces the archetype", () => {
    expect(view.identity.kind).toBe("identity");
    expect(view.identity.fields.map((f) => [f.name, f.value])).toEqual([
      ["system.identity.culture", "Borca"],
      ["system.identity.clan", "Rovers"],
      ["system.identity.concept", "Scout"],
    ]);
    expect(view.identity.cult.options.find((o) => o.selected)?.value).toBe("chroniclers");
  });

  it("R-RA-5: weapon tiers read as Degenesis floors; Ego reset is the spores", () => {
    expect(view.lists.weapons.rows[0]?.chips[0]?.key).toBe("TERRAN.EffectTier.degenesis.increased");
    expect(english(gritPart(view).ego.resetLabelKey)).toBe("Consume spores");
    expect(view.ruleset.labelKey).toBe("TERRAN.Ruleset.degenesis");
  });
});

describe("character sheet context: Mortally Wounded, dead, lost", () => {
  it("R-HARM-5: Mortally Wounded gathers no Light Dice anywhere, and says so", () => {
    const view = full(characterSheetContext(mortalCharacter()));
    expect(gritPart(view).mortallyWounded).toBe(true);
    expect(view.banners.map((b) => b.kind)).toEqual(["mortal"]);
    expect(gritPart(view).groups.flatMap((g) => [...g.attributes.map((a) => a.roll.light), g.save.roll.light])).toEqual(
      Array(9).fill(0),
    );
    // Dark Dice may still be gathered: the rolls stay open.
    expect(attr(view, "finesse").roll.disabled).toBe(false);
    expect(view.cssClass).toContain("is-mortal");
  });

  it("R-HARM-5 (ruling): the Mortally Wounded banner says no Light Dice, that harm kills, and that without care death comes within minutes", () => {
    const view = full(characterSheetContext(mortalCharacter()));
    const banner = view.banners.find((b) => b.kind === "mortal");
    if (!banner) throw new Error("no Mortally Wounded banner");
    const text = say(banner.text);
    expect(text).toMatch(/Light Dice/);
    expect(text).toMatch(/harm kills/);
    expect(text).toMatch(/minutes/);
    expect(text).toMatch(/care|attended|tended/);
  });

  it("R-V-8: a v0.6.2 sheet has no Ego reset button and no reset move for Token Action HUD", () => {
    const part = gritPart(full(characterSheetContext(seasonedCharacter("v062"))));
    expect(part.ego.reset).toBeNull();
    expect(part.moves).not.toHaveProperty("resetEgo");
    expect(Object.keys(gritPart(full(characterSheetContext(seasonedCharacter()))).moves)).toContain("resetEgo");
  });

  it("R-EGO-4 (ruling): a lost character's Ego reset is closed and says why, as the operation refuses it", () => {
    const view = full(characterSheetContext(lostCharacter()));
    expect(gritPart(view).ego.reset?.disabled).toBe(true);
    expect(say(gritPart(view).ego.reset?.tooltip ?? { key: "", value: "" })).toMatch(/lost/i);
    expect(gritPart(full(characterSheetContext(seasonedCharacter()))).ego.reset?.disabled).toBe(false);
  });

  it("R-HARM-5: a dead character's rolls, tracks, rest and Sayonara are closed, each saying why", () => {
    const view = full(characterSheetContext(deadCharacter()));
    expect(view.banners.map((b) => b.kind)).toEqual(["dead"]);
    const closed = [
      attr(view, "finesse").roll,
      group(view, "insight").save.roll,
      gritPart(view).grit.rest,
      gritPart(view).ego.reset,
      view.sayonara,
      ...gritPart(view).wounds.map((w) => w.toggle),
    ];
    for (const b of closed) {
      if (b === null) throw new Error("a Core character has an Ego reset");
      expect(b.disabled).toBe(true);
      expect(say(b.tooltip)).toBe("The character is dead.");
    }
    expect(attr(view, "finesse").roll.draggable).toBe(false);
    expect(gritPart(view).creation.shown).toBe(false);
  });

  it("R-EGO-3: a lost character carries the Lost banner", () => {
    const view = full(characterSheetContext(lostCharacter()));
    expect(view.banners.map((b) => b.kind)).toEqual(["lost"]);
    expect(gritPart(view).ego.value).toBe(0);
  });

  it("R-SAY-1: once declared, Sayonara is closed and the banner says the rule", () => {
    const input = seasonedCharacter();
    const view = full(characterSheetContext({ ...input, system: { ...input.system, sayonara: true } }));
    expect(view.sayonara.disabled).toBe(true);
    expect(say(view.sayonara.tooltip)).toBe("Sayonara is already declared.");
    expect(view.banners.map((b) => b.kind)).toEqual(["sayonara"]);
  });
});

describe("character sheet context: creation (R-CHAR-4, R-CHAR-7)", () => {
  it("a fresh character shows the helper: roll first, advancement last", () => {
    const view = full(characterSheetContext(freshCharacter()));
    expect(gritPart(view).creation.shown).toBe(true);
    expect(gritPart(view).creation.ratings.rolled).toBe(false);
    expect(gritPart(view).creation.ratings.roll.disabled).toBe(false);
    expect(gritPart(view).creation.ratings.apply.disabled).toBe(true);
    expect(gritPart(view).creation.grit.roll.disabled).toBe(false);
    expect(gritPart(view).creation.ego.roll.disabled).toBe(false);
    expect(view.xp.nextCost).toBe(0);
    expect(say(view.xp.text)).toBe("The next advancement is free.");
    const take = gritPart(view).creation.advancement.options;
    expect(take.map((o) => o.key)).toContain("dieHard");
    expect(take.every((o) => o.take.disabled && o.take.tooltip.key === "TERRAN.Sheet.Creation.advancementLast")).toBe(
      true,
    );
    expect(gritPart(view).groups.map((g) => g.save.value)).toEqual([0, 0, 0]);
  });

  it("the rolled dice give each group's split options; Set is open once every group is split", () => {
    const roll = { insight: 2, prowess: 5, resolve: 6 };
    const half = full(
      characterSheetContext(
        freshCharacter("core", { ui: { creation: { roll, shares: { intuition: 1, reason: 0 } } } }),
      ),
    );
    expect(
      gritPart(half).creation.ratings.groups.map((g) => [
        g.id,
        g.points,
        g.options.map((o) => `${o.first}/${o.second}`),
      ]),
    ).toEqual([
      ["insight", 1, ["1/0", "0/1"]],
      ["prowess", 2, ["2/0", "1/1", "0/2"]],
      ["resolve", 3, ["3/0", "2/1", "1/2", "0/3"]],
    ]);
    expect(gritPart(half).creation.ratings.groups[0]?.options[0]?.selected).toBe(true);
    expect(gritPart(half).creation.ratings.apply.disabled).toBe(true);
    expect(say(gritPart(half).creation.ratings.apply.tooltip)).toBe("Choose how to split every group's points.");
    // Only a GM rolls the dice again.
    expect(gritPart(half).creation.ratings.roll.disabled).toBe(true);
    const shares = { intuition: 1, reason: 0, finesse: 1, exertion: 1, attunement: 0, influence: 3 };
    const done = full(characterSheetContext(freshCharacter("core", { ui: { creation: { roll, shares } } })));
    expect(gritPart(done).creation.ratings.apply.disabled).toBe(false);
    const gm = full(
      characterSheetContext(freshCharacter("core", { permissions: GM, ui: { creation: { roll, shares } } })),
    );
    expect(gritPart(gm).creation.ratings.roll.disabled).toBe(false);
  });

  it("once ratings, Grit and Ego are set, the free advancement is open (refused ones say why)", () => {
    const input = freshCharacter("degenesis");
    const system = {
      ...input.system,
      attributes: { intuition: 1, reason: 1, finesse: 1, exertion: 1, attunement: 1, influence: 0 },
      grit: { value: 4, max: 4, dice: 1 },
      ego: { value: 3, max: 3, dice: 1 },
      identity: { culture: "", clan: "", concept: "", cult: "chroniclers" },
    };
    const view = full(characterSheetContext({ ...input, system }));
    expect(gritPart(view).creation.grit.done).toBe(true);
    expect(gritPart(view).creation.grit.roll.disabled).toBe(true);
    expect(say(gritPart(view).creation.grit.roll.tooltip)).toBe("Already rolled: 4.");
    const byKey = new Map(gritPart(view).creation.advancement.options.map((o) => [o.key, o.take]));
    expect(byKey.get("dieHard")?.disabled).toBe(false);
    // The cult's own list is open; Ether call needs 5 mutations.
    expect(byKey.get("tesla")?.disabled).toBe(false);
    expect(say(byKey.get("etherCall")?.tooltip ?? { key: "", value: "" })).toBe("Needs more mutations.");
  });
});

describe("character sheet context: permissions", () => {
  it("an observer sees everything but changes nothing, and is told why", () => {
    const view = full(characterSheetContext(seasonedCharacter("core", { permissions: OBSERVER })));
    expect(view.editable).toBe(false);
    expect(
      attr(view, "finesse").circles.every(
        (c) => c.button.disabled && c.button.tooltip.key === "TERRAN.Sheet.Disabled.notEditable",
      ),
    ).toBe(true);
    expect(say(attr(view, "finesse").roll.tooltip)).toBe("Only the character's owner can do this.");
    expect(view.lists.weapons.rows[0]?.remove.disabled).toBe(true);
    expect(view.biography.editable).toBe(false);
  });

  it("limited permission gives the name and portrait only", () => {
    const view = characterSheetContext(seasonedCharacter("core", { permissions: LIMITED }));
    expect(view).toEqual({
      limited: true,
      cssClass: "is-limited",
      name: "Bram Seasoned",
      img: "icons/svg/mystery-man.svg",
    });
  });

  it("names pass through as text (the templates escape them)", () => {
    const view = full(characterSheetContext(hostileCharacter()));
    expect(view.name).toBe(HOSTILE_NAME);
    expect(view.identity.archetype.display).toEqual({ key: "", text: HOSTILE_NAME });
  });
});

describe("character sheet context: v0.6.2's Saves (R-V-3)", () => {
  it("R-V-3 (ruling): the groups keep Core's names; their Saves are labelled Evasion, Fortitude, Resolve", () => {
    const part = gritPart(full(characterSheetContext(seasonedCharacter("v062"))));
    expect(part.groups.map((g) => english(g.save.labelKey))).toEqual([
      "Insight · Evasion",
      "Prowess · Fortitude",
      "Resolve",
    ]);
    const core = gritPart(full(characterSheetContext(seasonedCharacter())));
    expect(core.groups.map((g) => english(g.save.labelKey))[0]).toBe("Insight · Reflexes");
  });
});

describe("character sheet context: v0.6.2's archetypes (R-V-2)", () => {
  it("R-V-2: the archetype select names each archetype's two skill groups; Spacer's are chosen, Core's none", () => {
    const options = full(characterSheetContext(seasonedCharacter("v062"))).identity.archetype.options;
    const groups = (id: string) => options.find((o) => o.value === id)?.groupKeys.map(english);
    expect(groups("clergy")).toEqual(["Cultures", "Administration"]);
    expect(groups("spacer")).toEqual([]);
    expect(options).toHaveLength(19);
    const core = full(characterSheetContext(seasonedCharacter())).identity.archetype.options;
    expect(core.every((o) => o.groupKeys.length === 0)).toBe(true);
    // A world without skills: an archetype is a label only.
    const bare = full(characterSheetContext(seasonedCharacter("v062", { withoutSkills: true })));
    expect(bare.identity.archetype.options.every((o) => o.groupKeys.length === 0)).toBe(true);
  });
});

describe("character sheet context: v0.6.2's held skills (R-V-5)", () => {
  const skilled = (over: Parameters<typeof seasonedCharacter>[1] = {}) => {
    const input = seasonedCharacter("v062", over);
    return { ...input, system: { ...input.system, heldSkills: ["tame", "sneak", "violence:Whip", "moonwalk"] } };
  };
  const skillsOf = (input: Parameters<typeof characterSheetContext>[0]) => {
    const part = full(characterSheetContext(input)).heldSkills;
    if (!part) throw new Error("no Skills block");
    return part;
  };

  it("R-V-5: the block lists held skills by group in the book's order; an unread entry is kept apart", () => {
    const part = skillsOf(skilled());
    expect(
      part.groups.map((g) => [
        english(g.labelKey),
        g.skills.map((s) => (s.labelKey ? english(s.labelKey) : s.labelText)),
      ]),
    ).toEqual([
      ["Violence", ["Whip"]],
      ["Survival", ["Tame", "Sneak"]],
    ]);
    expect(part.unread).toEqual(["moonwalk"]);
    expect(part.empty).toBe(false);
  });

  it("R-V-5: the add select offers only listed skills not yet held; every group takes a named one", () => {
    const part = skillsOf(skilled());
    const survival = part.choices.find((c) => c.labelKey === "TERRAN.SkillGroup.survival");
    expect(survival?.skills.map((s) => s.id)).not.toContain("sneak");
    expect(survival?.skills.map((s) => s.id)).toContain("vigilance");
    expect(part.groupChoices).toHaveLength(9);
    expect(part.add.disabled).toBe(false);
  });

  it("R-V-5: play mode and an observer see the skills without controls; a dead character's add says why", () => {
    expect(skillsOf(skilled({ ui: { editing: false } })).editing).toBe(false);
    expect(skillsOf(skilled({ permissions: OBSERVER })).editing).toBe(false);
    const dead = skilled();
    const part = skillsOf({ ...dead, system: { ...dead.system, dead: true } });
    expect(part.add.disabled).toBe(true);
    expect(say(part.add.tooltip)).toMatch(/dead/i);
  });

  it("R-V-5 (setting): no block in a world played without skills, nor in a ruleset without held skills", () => {
    expect(full(characterSheetContext(skilled({ withoutSkills: true }))).heldSkills).toBeNull();
    expect(full(characterSheetContext(seasonedCharacter())).heldSkills).toBeNull();
    // A character saved before held skills: the block, empty, with its hint.
    expect(skillsOf(seasonedCharacter("v062"))).toMatchObject({ empty: true, groups: [], unread: [] });
  });
});
