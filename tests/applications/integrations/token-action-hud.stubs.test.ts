// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts, the sheets' harness) and a TOKEN ACTION
 * HUD CORE STAND-IN (tests/stubs/token-action-hud.ts: its registration with its socketlib check, version
 * check, layout, addActions merged with a saved layout, tooltips and click path, each citing Core's
 * released code). It checks, on v13 and v14, that our adapter registers only through Core's hook, lists
 * per ruleset what the sheet offers with the sheet's tooltips, and that a click on the HUD does what the
 * sheet's own control does: the same windows and prompts opened, the same cards posted, the same data
 * stored, the same warnings — compared by running the sheet's click and the HUD's click in two identical
 * worlds — and that a failing click is reported, not left to escape Core. Core's real rendering is not
 * exercised.
 */
import "../../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GENERATIONS, resetWorld, world, type ActorStub, type Generation } from "../../stubs/foundry-client.ts";
import { nextFaces } from "../../stubs/foundry.ts";
import { installTokenActionHudCore, type HudStub, type SavedAction } from "../../stubs/token-action-hud.ts";
import {
  challenge,
  click,
  hero,
  open,
  settle,
  stub,
  sys,
  weaponItem,
  type Sheet,
} from "../../foundry/sheet-harness.ts";
import { legacyHero } from "../../foundry/legacy-builders.ts";
import { english } from "../../support/templates.ts";
import { CharacterSheet } from "../../../src/applications/sheets/character/character-sheet.ts";
import { ChallengeSheet } from "../../../src/applications/sheets/challenge/challenge-sheet.ts";
import { onTokenActionHudCoreApiReady } from "../../../src/applications/integrations/token-action-hud/register.ts";
import { hudDefaults } from "../../../src/applications/integrations/token-action-hud/adapter.ts";
import { api } from "../../../src/api.ts";
import { registerQueries } from "../../../src/relay/queries.ts";
import type { TerranActor } from "../../../src/documents/actor.ts";

type Json = Record<string, unknown>;

/** Core installed and ready, our adapter registered through the hook, as in a world with the module on. */
async function withHud(version = "2.1.0"): Promise<ReturnType<typeof installTokenActionHudCore>> {
  const core = installTokenActionHudCore(version);
  Hooks.once("tokenActionHudCoreApiReady", onTokenActionHudCoreApiReady);
  core.ready();
  await settle();
  return core;
}

async function hudFor(actor: unknown): Promise<HudStub> {
  const core = await withHud();
  return core.build(actor);
}

const ids = (hud: HudStub, group: string): string[] => hud.actions(group).map((a) => a.id);
const names = (hud: HudStub, group: string): string[] => hud.actions(group).map((a) => a.name);

/** The text a rendered window shows, its spacing collapsed. */
function shown(app: unknown): string {
  const element = (app as { element?: HTMLElement | null }).element;
  return strip((element?.textContent ?? "").replace(/\s+/g, " ").trim());
}

let stripUuid: string | null = null;
const strip = (text: string): string => (stripUuid ? text.split(stripUuid).join("<actor>") : text);

/** What a click left behind: windows opened, prompts asked, cards posted, warnings, the actor's data. */
function outcome(actor: { system: unknown; uuid?: string } | null): Json {
  stripUuid = actor?.uuid ?? null;
  return {
    // The window's class and what it shows (the same dialog for the same roll: attribute, Save, weapon).
    opened: world.opened.map((app) => `${app.constructor.name}: ${shown(app)}`),
    prompts: world.dialogs.map((d) => JSON.stringify((d.window as Json | undefined)?.title ?? d.content ?? "")),
    cards: world.created.map((c) => strip(JSON.stringify((c.flags as Json | undefined)?.["terran-engine"] ?? {}))),
    warnings: [...world.warnings],
    system: actor ? JSON.stringify((actor.system as { toObject(): unknown }).toObject()) : null,
  };
}

/** A fresh world of the ruleset on this generation (the scenario is rebuilt the same way for each side). */
function freshWorld(generation: Generation, ruleset: string): void {
  resetWorld(generation);
  nextFaces.length = 0;
  world.settings.set("ruleset", ruleset);
  registerQueries();
}

interface Side<T> {
  readonly make: () => T;
  /** Answers for prompts and dice faces, the same for both sides. */
  readonly script?: () => void;
}

/**
 * Runs the sheet's control in one world and the HUD's action in an identical one; returns both outcomes.
 * The sheet is opened before the script so its render uses no scripted answer.
 */
async function bothSides<T extends TerranActor | ActorStub>(
  generation: Generation,
  ruleset: string,
  side: Side<T>,
  sheetClass: typeof CharacterSheet | typeof ChallengeSheet,
  selector: (actor: T) => string,
  actionId: (actor: T) => string,
): Promise<{ sheet: Json; hud: Json }> {
  freshWorld(generation, ruleset);
  const a = side.make();
  const sheet: Sheet = await open(sheetClass, a);
  world.opened = [];
  side.script?.();
  await click(sheet, selector(a));
  const fromSheet = outcome(a);

  freshWorld(generation, ruleset);
  const b = side.make();
  const hud = await hudFor(b);
  side.script?.();
  await hud.click(actionId(b));
  await settle();
  return { sheet: fromSheet, hud: outcome(b) };
}

/**
 * A sheet's control is closed: `disabled`, or (as the sheets' shell keeps it reachable by keyboard) `aria-disabled`.
 */
const closed = (el: HTMLButtonElement): boolean => el.disabled || el.getAttribute("aria-disabled") === "true";

/**
 * The sheet's controls the HUD mirrors, by the HUD action's id, each enabled (true) or not; where a
 * control is drawn twice (a weapon's image and its dice, End the scene in the list and the footer) both
 * must agree. Read from the rendered sheet, as a user sees it.
 */
function sheetOffers(sheet: Sheet): Record<string, boolean> {
  const offers: Record<string, boolean> = {};
  const add = (selector: string, id: (el: HTMLButtonElement) => string): void => {
    for (const el of sheet.element.querySelectorAll<HTMLButtonElement>(selector)) {
      const key = id(el);
      if (key in offers && offers[key] !== !closed(el)) throw new Error(`the sheet draws ${key} twice, differently`);
      offers[key] = !closed(el);
    }
  };
  add('[data-action="roll"][data-roll]', (el) => `roll|${el.dataset.roll ?? ""}`);
  add('[data-action="rest"]', () => "move|rest");
  add('[data-action="resetEgo"]', () => "move|resetEgo");
  add('[data-action="legacyRecover"][data-kind]', (el) => `move|${el.dataset.kind ?? ""}`);
  add('[data-action="refillLegacyEgo"]', () => "move|refill");
  add('[data-action="takeLegacyHarm"]', () => "move|harm");
  add('[data-action="endScene"]', () => "endScene|");
  add('[data-action="rollEffect"][data-facet]', (el) => `effect|${el.dataset.facet ?? ""}`);
  return offers;
}

/** The sheet's tooltip for control `id` (its hint, or why it is disabled): the one on the control the user reaches. */
function sheetReason(sheet: Sheet, id: string): string {
  const [kind = "", argument = ""] = id.split("|");
  const selector =
    kind === "roll"
      ? `[data-action="roll"][data-roll="${argument}"]`
      : kind === "effect"
        ? `[data-action="rollEffect"][data-facet="${argument}"]`
        : kind === "endScene"
          ? '[data-action="endScene"]'
          : ({
              rest: '[data-action="rest"]',
              resetEgo: '[data-action="resetEgo"]',
              refill: '[data-action="refillLegacyEgo"]',
              harm: '[data-action="takeLegacyHarm"]',
            }[argument] ?? `[data-action="legacyRecover"][data-kind="${argument}"]`);
  const el = sheet.element.querySelector(selector);
  return el?.closest<HTMLElement>("[data-tooltip]")?.dataset.tooltip ?? "";
}

/**
 * The HUD's actions in every list (the Dispositions, shown only, and the GM's Fortune die left out),
 * each available or greyed.
 */
function hudOffers(hud: HudStub): Record<string, boolean> {
  const offers: Record<string, boolean> = {};
  for (const group of ["attributes", "saves", "gear", "moves", "effects"])
    for (const a of hud.actions(group))
      if (a.id !== "fortune|") offers[a.id] = !(a.cssClass ?? "").split(" ").includes("disabled");
  return offers;
}

const hudAction = (hud: HudStub, id: string) =>
  ["attributes", "saves", "gear", "moves", "effects"].flatMap((g) => hud.actions(g)).find((a) => a.id === id);

/** An action's tooltip as Core shows it, out of the wrapper Core puts it in (tooltip-handler.mjs lines 19–21). */
function tooltipOf(action: { tooltip?: string } | undefined): string {
  const shown = action?.tooltip;
  if (shown === undefined) return "(no tooltip)";
  const inner = /^<div class="tah-tooltip-wrapper">([\s\S]*)<\/div>$/.exec(shown)?.[1];
  if (inner === undefined) throw new Error(`not Core's tooltip wrapper: ${shown}`);
  return inner;
}

describe.each(GENERATIONS)("Foundry v%i", (generation) => {
  beforeEach(() => freshWorld(generation, "core"));

  describe("[Foundry stand-ins, Token Action HUD stand-in] registration", () => {
    it("(stand-ins): without Token Action HUD Core the hook never fires and nothing of the adapter registers", async () => {
      vi.resetModules();
      await import("../../../src/terran.ts");
      const answered = vi.fn();
      Hooks.on("tokenActionHudSystemReady", answered);
      // The system waits on Core's hook only: one listener, and no answer until Core fires it.
      expect(world.hooks.get("tokenActionHudCoreApiReady")).toHaveLength(1);
      expect(answered).not.toHaveBeenCalled();
      expect(game.modules?.get("token-action-hud-core")).toBeUndefined();

      // With Core installed and ready, the same listener answers once, and Core builds our SystemManager.
      const core = installTokenActionHudCore();
      core.ready();
      await settle();
      expect(answered).toHaveBeenCalledTimes(1);
      expect(core.systemManager).not.toBeNull();
      expect(world.hooks.get("tokenActionHudCoreApiReady")).toHaveLength(0);
    });

    it("(stand-ins): Core 2.x accepts the adapter (major version only); Core 3 refuses it with its error and builds nothing", async () => {
      const accepted = await withHud("2.4.1");
      expect(accepted.systemManager).not.toBeNull();
      expect(accepted.rollHandlers).toEqual({ core: "TERRAN.Hud.rollHandler" });

      freshWorld(generation, "core");
      const refused = await withHud("3.0.0");
      expect(refused.systemManager).toBeNull();
      expect(world.notices.filter((n) => n.level === "error")).toHaveLength(1);
    });

    it("(stand-ins): without socketlib Core stops before it makes our SystemManager and says so; the adapter registers no other way", async () => {
      const core = installTokenActionHudCore("2.1.0", { socketlib: false });
      Hooks.once("tokenActionHudCoreApiReady", onTokenActionHudCoreApiReady);
      core.ready();
      await settle();
      expect(core.systemManager).toBeNull();
      expect(world.notices.filter((n) => n.level === "error").map((n) => n.message)).toEqual([
        expect.stringContaining("socketlib"),
      ]);
    });

    it("(stand-ins): the layout has one tab per group, each holding its list, and a HUD for several tokens (no actor) is empty", async () => {
      const core = await withHud();
      const hud = await core.build(null);
      expect([...hud.handler.groups.keys()]).toEqual([
        "attributesTab",
        "attributesTab_attributes",
        "savesTab",
        "savesTab_saves",
        "gearTab",
        "gearTab_gear",
        "movesTab",
        "movesTab_moves",
        "effectsTab",
        "effectsTab_effects",
        "dispositionTab",
        "dispositionTab_disposition",
      ]);
      expect(hud.filled()).toEqual([]);
    });
  });

  describe("[Foundry stand-ins, Token Action HUD stand-in] what the HUD lists, per ruleset", () => {
    it("R-RA-1 R-CHAR-3 (stand-ins): a Core character seen by its player: six attributes, three Saves, its weapons, Rest and Reset Ego; each action lands in its list only", async () => {
      const mira = hero();
      const spear = weaponItem({}, stub(mira), "Spear");
      const hud = await hudFor(mira);
      expect(names(hud, "attributes")).toEqual([
        "TERRAN.Attribute.intuition",
        "TERRAN.Attribute.reason",
        "TERRAN.Attribute.finesse",
        "TERRAN.Attribute.exertion",
        "TERRAN.Attribute.attunement",
        "TERRAN.Attribute.influence",
      ]);
      expect(ids(hud, "saves")).toEqual(["roll|save:insight", "roll|save:prowess", "roll|save:resolve"]);
      expect(hud.actions("gear").map(({ id, name, encodedValue, img }) => ({ id, name, encodedValue, img }))).toEqual([
        { id: `roll|${spear.id}`, name: "Spear", encodedValue: `roll|${spear.id}`, img: spear.img },
      ]);
      expect(names(hud, "moves")).toEqual(["TERRAN.Sheet.Grit.rest", "TERRAN.Sheet.Ego.reset.core"]);
      expect(hud.filled()).toEqual(["attributesTab_attributes", "savesTab_saves", "gearTab_gear", "movesTab_moves"]);
    });

    it("R-EGO-5 (stand-ins): a Degenesis character's Ego reset is named as its sheet names it (Consume spores)", async () => {
      world.settings.set("ruleset", "degenesis");
      const hud = await hudFor(hero());
      expect(ids(hud, "moves")).toEqual(["move|rest", "move|resetEgo"]);
      expect(names(hud, "moves")[1]).toBe("TERRAN.Sheet.Ego.reset.degenesis");
    });

    it("R-LEG-1 R-LEG-5 R-LEG-7 (stand-ins): a Legacy character seen by its player: four attributes, no Saves, its tools, the two recoveries, Take a Condition and Take harm", async () => {
      world.settings.set("ruleset", "legacy");
      const mira = legacyHero("Mira");
      const sword = weaponItem({ rank: 2 }, stub(mira), "Sword");
      const hud = await hudFor(mira);
      expect(ids(hud, "attributes")).toEqual(["roll|strength", "roll|agility", "roll|insight", "roll|charisma"]);
      expect(hud.actions("saves")).toEqual([]);
      expect(ids(hud, "gear")).toEqual([`roll|${sword.id}`]);
      expect(names(hud, "moves")).toEqual([
        "TERRAN.Sheet.Legacy.night",
        "TERRAN.Sheet.Legacy.week",
        "TERRAN.Sheet.Legacy.refill",
        "TERRAN.Sheet.Legacy.harm",
      ]);
    });

    it("R-SAY-1 (stand-ins): End the scene is listed only while it concerns the character (here: their last scene)", async () => {
      expect(ids(await hudFor(hero()), "moves")).not.toContain("endScene|");
      freshWorld(generation, "core");
      expect(ids(await hudFor(hero({ sayonara: true })), "moves")).toContain("endScene|");
    });

    it("R-CH-1 R-CH-5 (stand-ins): a Challenge: Roll Effect for it and each facet, and each Disposition shown beside its name", async () => {
      world.user = { ...world.user, isGM: true };
      const wolf = challenge({
        disposition: { value: 3, max: 10 },
        facets: [{ name: "Pack", tier: "dangerous", n: 4, disposition: { value: 5, max: 5 }, dice: 1, halved: false }],
      });
      const hud = await hudFor(wolf);
      expect(hud.actions("effects").map(({ id, name }) => [id, name])).toEqual([
        ["effect|", "TERRAN.Sheet.Challenge.roll"],
        ["effect|0", "TERRAN.Hud.effectFor"],
      ]);
      expect(hud.actions("disposition").map(({ id, info1 }) => [id, info1?.text])).toEqual([
        ["disposition|", "3/10"],
        ["disposition|0", "5/5"],
      ]);
      expect(hud.actions("attributes")).toEqual([]);
    });

    it("(stand-ins): a saved layout without the Saves list: the other lists fill, and nothing goes to a list that is gone", async () => {
      const core = await withHud();
      const layout = [
        {
          id: "rolls",
          nestId: "rolls",
          name: "Rolls",
          type: "custom",
          groups: [{ id: "attributes", nestId: "rolls_attributes", name: "Attributes", type: "system" }],
        },
      ];
      const hud = await core.build(hero(), layout);
      expect(hud.filled()).toEqual(["rolls_attributes"]);
      expect(hud.actions("attributes")).toHaveLength(6);
    });

    it("(stand-ins): Core shows no HUD for an actor the player does not own, so nothing is built for it", async () => {
      const mira = hero();
      stub(mira).isOwner = false;
      expect((await hudFor(mira)).filled()).toEqual([]);
    });
  });

  describe("[Foundry stand-ins, Token Action HUD stand-in] the HUD offers what the sheet offers, enabled as the sheet enables it", () => {
    const armed = (actor: TerranActor): TerranActor => {
      weaponItem({}, stub(actor), "Spear", 0);
      return actor;
    };
    const critical = { wounds: { critical: true, mortal: false } };
    const wolf = (): ActorStub =>
      challenge({
        dice: 0,
        halved: false,
        facets: [{ name: "Pack", tier: "dangerous", n: 4, disposition: { value: 5, max: 5 }, dice: 1, halved: false }],
      });
    const dead = async (actor: TerranActor): Promise<TerranActor> => {
      await stub(actor).update({ system: { dead: true } });
      return actor;
    };
    const scenarios: readonly [string, string, () => TerranActor | ActorStub | Promise<TerranActor>][] = [
      ["core", "a character with a weapon", () => armed(hero())],
      ["core", "a dead character", () => armed(hero({ dead: true }))],
      ["core", "a lost character in their last scene", () => hero({ lost: true, sayonara: true })],
      ["core", "a departed character", () => armed(hero({ departed: true }))],
      ["degenesis", "a lost character", () => hero({ lost: true })],
      ["legacy", "an unhurt character at full Ego, with a tool", () => armed(legacyHero("Mira"))],
      [
        "legacy",
        "a Critically wounded character short of Ego",
        () => legacyHero("Mira", { hp: 2, ego: 1, legacy: critical }),
      ],
      ["legacy", "a lost character", () => legacyHero("Mira", { ego: 1, lost: true })],
      ["legacy", "a dead character with a tool", () => dead(armed(legacyHero("Mira", { hp: 2, ego: 1 })))],
      ["core", "a Challenge without Effect dice, with a facet that has one", wolf],
      ["legacy", "a Challenge without Effect dice, with a facet that has one", wolf],
    ];
    const viewers = [
      ["a GM", true],
      ["its player", false],
    ] as const;

    it.each(
      scenarios.flatMap(([ruleset, name, make]) =>
        viewers.map(([viewer, isGM]) => [ruleset, name, viewer, isGM, make] as const),
      ),
    )(
      "(stand-ins) %s, %s, seen by %s: the same controls, each enabled or disabled as on the sheet and with its tooltip (a disabled one greyed, with the sheet's reason)",
      async (ruleset, _name, _viewer, isGM, make) => {
        freshWorld(generation, ruleset);
        world.user = { ...world.user, isGM };
        const actor = await make();
        const sheetClass = (actor as { type: string }).type === "challenge" ? ChallengeSheet : CharacterSheet;
        const sheet = await open(sheetClass, actor);
        const fromSheet = sheetOffers(sheet);
        expect(Object.keys(fromSheet).length).toBeGreaterThan(0);
        const hud = await hudFor(actor);
        expect(hudOffers(hud)).toEqual(fromSheet);
        for (const id of Object.keys(fromSheet)) {
          // The stand-in's i18n gives the key; the sheet's template shows the English (none of these
          // tooltips has a value). Core shows a tooltip only when given one (action.hbs line 6).
          expect(english(tooltipOf(hudAction(hud, id))), id).toBe(sheetReason(sheet, id));
        }
      },
    );

    it("R-FORT-1 (stand-ins): the Fortune die, on no sheet, is the GM's (the GM sets the chance and rolls): a GM's HUD offers it, a player's does not", async () => {
      world.user = { ...world.user, isGM: true };
      expect(ids(await hudFor(hero()), "moves")).toContain("fortune|");
      freshWorld(generation, "legacy");
      world.user = { ...world.user, isGM: true };
      expect(ids(await hudFor(legacyHero("Mira")), "moves")).toContain("fortune|");
      for (const ruleset of ["core", "degenesis", "legacy"]) {
        freshWorld(generation, ruleset);
        const mira = ruleset === "legacy" ? legacyHero("Mira") : hero();
        expect(ids(await hudFor(mira), "moves"), ruleset).not.toContain("fortune|");
      }
    });

    it("R-LEG-5 (stand-ins): a greyed action clicked (a good night while wounded) runs nothing and says the sheet's reason", async () => {
      freshWorld(generation, "legacy");
      const mira = legacyHero("Mira", { hp: 2, legacy: critical });
      const hud = await hudFor(mira);
      const before = outcome(mira);
      await hud.click("move|night");
      await settle();
      expect(outcome(mira)).toEqual({ ...before, warnings: ["TERRAN.Sheet.Legacy.nightWounded"] });
    });

    it("R-HARM-5 (stand-ins): a roll greyed since the HUD was built (the character died) is refused with the sheet's reason, no dialog opened", async () => {
      const mira = hero();
      const hud = await hudFor(mira);
      expect(hudAction(hud, "roll|finesse")?.cssClass).toBeUndefined();
      await stub(mira).update({ system: { dead: true } });
      world.warnings = [];
      await hud.click("roll|finesse");
      await settle();
      expect(world.opened).toEqual([]);
      expect(world.warnings).toEqual(["TERRAN.Sheet.Disabled.dead"]);
    });

    it("R-FORT-1 (stand-ins): a player's click on a Fortune die left from a GM's HUD rolls nothing", async () => {
      world.user = { ...world.user, isGM: true };
      const hud = await hudFor(hero());
      world.user = { ...world.user, isGM: false };
      world.dialogAnswers.push(5);
      await hud.click("fortune|");
      await settle();
      expect(world.dialogs).toEqual([]);
      expect(world.created).toEqual([]);
    });
  });

  describe("[Foundry stand-ins, Token Action HUD stand-in] a click does what the sheet's control does", () => {
    const character =
      (options: Parameters<typeof hero>[0] = {}) =>
      (): TerranActor => {
        const mira = hero(options);
        weaponItem({}, stub(mira), "Spear", 0);
        return mira;
      };
    const weaponOf = (actor: TerranActor): string => stub(actor).items.find((i) => i.type === "weapon")?.id ?? "";

    it.each([
      ["R-RA-1 an attribute", "finesse"],
      ["R-CHAR-3 a Save", "save:prowess"],
    ])("%s (stand-ins): the same roll dialog opens as from the sheet", async (_name, what) => {
      const { sheet, hud } = await bothSides(
        generation,
        "core",
        { make: character() },
        CharacterSheet,
        () => `[data-action="roll"][data-roll="${what}"]`,
        () => `roll|${what}`,
      );
      expect(hud).toEqual(sheet);
      expect(hud.opened).toEqual([expect.stringMatching(/^RollDialog: ./)]);
    });

    it("R-EQ-1 (stand-ins): a weapon opens the same roll dialog as its row's button", async () => {
      const { sheet, hud } = await bothSides(
        generation,
        "core",
        { make: character() },
        CharacterSheet,
        (a) => `[data-action="roll"][data-roll="${weaponOf(a)}"]`,
        (a) => `roll|${weaponOf(a)}`,
      );
      expect(hud).toEqual(sheet);
      expect(hud.opened).toEqual([expect.stringMatching(/^RollDialog: ./)]);
    });

    it("R-GRIT-2 (stand-ins): Rest asks the same question, rolls and stores the same Grit, posts the same card", async () => {
      const { sheet, hud } = await bothSides(
        generation,
        "core",
        {
          make: character({ grit: { value: 1, max: 3, dice: 1 } }),
          script: () => {
            world.dialogAnswers.push({ poorNight: true, poorFood: false });
            nextFaces.push(5);
          },
        },
        CharacterSheet,
        () => '[data-action="rest"]',
        () => "move|rest",
      );
      expect(hud).toEqual(sheet);
      expect(hud.prompts).toEqual(['"TERRAN.Sheet.Grit.restTitle"']);
      expect(hud.cards).toHaveLength(1);
    });

    it("R-EGO-4 (stand-ins): Reset Ego rolls and posts as the sheet's button does", async () => {
      const { sheet, hud } = await bothSides(
        generation,
        "core",
        { make: character({ ego: { value: 1, max: 4, dice: 1 } }), script: () => void nextFaces.push(3) },
        CharacterSheet,
        () => '[data-action="resetEgo"]',
        () => "move|resetEgo",
      );
      expect(hud).toEqual(sheet);
      expect(hud.cards).toHaveLength(1);
    });

    it("R-SAY-1 (stand-ins): End the scene in a character's last scene: the character departs as from the sheet", async () => {
      const { sheet, hud } = await bothSides(
        generation,
        "core",
        { make: character({ sayonara: true }) },
        CharacterSheet,
        () => '[data-action="endScene"]',
        () => "endScene|",
      );
      expect(hud).toEqual(sheet);
      expect(hud.system).not.toEqual(outcomeOfFresh(generation, character({ sayonara: true })).system);
    });

    it("R-LEG-9 R-LEG-11 (stand-ins): in Legacy an attribute opens the Risky Action dialog, and a tool its Effect roll, as on the sheet", async () => {
      const legacy = (): TerranActor => {
        const mira = legacyHero("Mira");
        weaponItem({ rank: 2 }, stub(mira), "Sword");
        return mira;
      };
      const attribute = await bothSides(
        generation,
        "legacy",
        { make: legacy },
        CharacterSheet,
        () => '[data-action="roll"][data-roll="strength"]',
        () => "roll|strength",
      );
      expect(attribute.hud).toEqual(attribute.sheet);
      expect(attribute.hud.opened).toEqual([expect.stringMatching(/^SeparateRollDialog: ./)]);

      const tool = await bothSides(
        generation,
        "legacy",
        { make: legacy, script: () => void nextFaces.push(4, 4, 4) },
        CharacterSheet,
        (a) => `[data-action="roll"][data-roll="${weaponOf(a)}"]`,
        (a) => `roll|${weaponOf(a)}`,
      );
      expect(tool.hud).toEqual(tool.sheet);
      expect([...(tool.hud.cards as unknown[]), ...(tool.hud.warnings as unknown[])].length).toBeGreaterThan(0);
    });

    const hurt = { wounds: { critical: true, mortal: false } };
    it.each([
      ["R-LEG-5 a good night", '[data-action="legacyRecover"][data-kind="night"]', "move|night", null, {}],
      ["R-LEG-5 a week of care", '[data-action="legacyRecover"][data-kind="week"]', "move|week", null, hurt],
      ["R-LEG-7 Take a Condition", '[data-action="refillLegacyEgo"]', "move|refill", null, {}],
      ["R-LEG-4 Take harm (its size asked)", '[data-action="takeLegacyHarm"]', "move|harm", 2, {}],
    ])(
      "%s (stand-ins): the HUD does what the Legacy sheet's button does",
      async (_name, selector, id, answer, legacy) => {
        const make = (): TerranActor => legacyHero("Mira", { hp: 2, ego: 1, legacy });
        const { sheet, hud } = await bothSides(
          generation,
          "legacy",
          {
            make,
            script: () => {
              if (answer !== null) world.dialogAnswers.push(answer);
            },
          },
          CharacterSheet,
          () => selector,
          () => id,
        );
        expect(hud).toEqual(sheet);
        // Something happened on both sides: a card, a prompt, a warning or a change to the character.
        const fresh = outcomeOfFresh(generation, make, "legacy");
        const happened = [hud.cards, hud.prompts, hud.warnings].some((l) => (l as unknown[]).length > 0);
        expect(happened || hud.system !== fresh.system).toBe(true);
      },
    );

    it("R-CH-2 (stand-ins): Roll Effect for the Challenge and for a facet posts the same card as its sheet's buttons", async () => {
      const wolf = () =>
        challenge({
          dice: 2,
          facets: [
            { name: "Pack", tier: "dangerous", n: 4, disposition: { value: 5, max: 5 }, dice: 1, halved: false },
          ],
        });
      for (const [facet, id] of [
        ["", "effect|"],
        ["0", "effect|0"],
      ] as const) {
        const { sheet, hud } = await bothSides(
          generation,
          "core",
          { make: wolf, script: () => void nextFaces.push(4, 2) },
          ChallengeSheet,
          () => `tr[data-facet="${facet}"] [data-action="rollEffect"]`,
          () => id,
        );
        expect(hud).toEqual(sheet);
        expect(hud.cards).toHaveLength(1);
      }
    });

    it("R-LEG-10 (stand-ins): in Legacy the HUD asks how many Challenges gang up, as the sheet does, and rolls the raised level", async () => {
      const { sheet, hud } = await bothSides(
        generation,
        "legacy",
        {
          make: () => challenge({ tier: "dangerous", dice: 1 }),
          script: () => {
            world.dialogAnswers.push(2);
            nextFaces.push(3, 5, 1);
          },
        },
        ChallengeSheet,
        () => 'tr[data-facet=""] [data-action="rollEffect"]',
        () => "effect|",
      );
      expect(hud).toEqual(sheet);
      expect(hud.prompts).toEqual(['"TERRAN.Sheet.Challenge.gangTitle"']);
    });

    it("R-FORT-1 (stand-ins): the GM's Fortune die asks the chance, then rolls what a @Fortune link of that chance rolls; closed, nothing is rolled", async () => {
      world.user = { ...world.user, isGM: true };
      const hudWorld = await hudFor(hero());
      await hudWorld.click("fortune|");
      expect(world.created).toEqual([]);
      world.dialogs = [];
      world.dialogAnswers.push(5);
      nextFaces.push(6);
      await hudWorld.click("fortune|");
      await settle();
      const fromHud = outcome(null);
      expect(fromHud.prompts).toEqual(['"TERRAN.Hud.fortuneTitle"']);

      freshWorld(generation, "core");
      world.user = { ...world.user, isGM: true };
      nextFaces.push(6);
      await api.rollFortune(5);
      expect(fromHud.cards).toEqual(outcome(null).cards);
      expect(fromHud.cards).toHaveLength(1);
    });

    it("R-CH-1 (stand-ins): the Disposition is shown only: clicking it changes, asks and posts nothing", async () => {
      world.user = { ...world.user, isGM: true };
      const wolf = challenge({ disposition: { value: 3, max: 10 } });
      const hud = await hudFor(wolf);
      const before = outcome(wolf);
      await hud.click("disposition|");
      await settle();
      expect(outcome(wolf)).toEqual(before);
    });
  });

  describe("[Foundry stand-ins, Token Action HUD stand-in] saved layouts, Core's tooltip setting, a click that fails", () => {
    it("(stand-ins): a player's saved layout keeps its order and the action they hid; a new weapon comes after; a weapon gone is not drawn", async () => {
      const mira = hero();
      const spear = weaponItem({}, stub(mira), "Spear", 0);
      const core = await withHud();
      // Saved as Core saves a user's groups: only id, isPreset and userSelected per action.
      const layout = hudDefaultsWith({
        attributes: [
          { id: "roll|reason", isPreset: true, userSelected: true },
          { id: "roll|intuition", isPreset: true, userSelected: false },
        ],
        gear: [{ id: "roll|gone0000000000", isPreset: true, userSelected: true }],
      });
      const hud = await core.build(mira, layout);
      expect(ids(hud, "attributes")).toEqual([
        "roll|reason",
        "roll|finesse",
        "roll|exertion",
        "roll|attunement",
        "roll|influence",
      ]);
      expect(ids(hud, "gear")).toEqual([`roll|${spear.id}`]);
      // The hidden one stays the user's choice: Core still holds it, unselected.
      const hidden = hud.handler.groups.get("attributesTab_attributes")?.actions.find((a) => a.id === "roll|intuition");
      expect(hidden?.selected).toBe(false);
    });

    it("(stand-ins): Core's 'name only' and 'none' tooltip settings show no tooltip; a shown-only Disposition has none", async () => {
      world.user = { ...world.user, isGM: true };
      for (const setting of ["nameOnly", "none"] as const) {
        const core = await withHud();
        core.tooltips = setting;
        const hud = await core.build(hero());
        expect(hud.actions("attributes").map((a) => a.tooltip)).toEqual(Array(6).fill(undefined));
        freshWorld(generation, "core");
        world.user = { ...world.user, isGM: true };
      }
      const hud = await hudFor(challenge({ disposition: { value: 3, max: 10 } }));
      expect(hud.actions("disposition").map((a) => a.tooltip)).toEqual([undefined]);
    });

    it("(stand-ins): a click whose move fails (the server refuses the update) tells the user; nothing escapes Core unhandled", async () => {
      const mira = hero({ ego: { value: 1, max: 4, dice: 1 } });
      const core = await withHud();
      const hud = await core.build(mira);
      stub(mira).update = () => Promise.reject(new Error("User player1 lacks permission to update Actor"));
      const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
      try {
        nextFaces.push(3);
        await hud.click("move|resetEgo");
        await settle();
      } finally {
        error.mockRestore();
      }
      expect(core.unhandled).toEqual([]);
      expect(core.logged).toEqual([]);
      expect(world.notices.filter((n) => n.level === "error").map((n) => n.message)).toEqual(["TERRAN.Hud.failed"]);
    });
  });

  describe("[Foundry stand-ins, Token Action HUD stand-in] the same refusals", () => {
    it("(stand-ins): rights lost after the HUD was built: a roll, a health control and End the scene are refused with the macro API's warning", async () => {
      const mira = hero({ sayonara: true });
      const hud = await hudFor(mira);
      stub(mira).isOwner = false;
      await api.roll(mira, "finesse");
      const refusal = [...world.warnings];
      expect(refusal).toHaveLength(1);
      for (const id of ["roll|finesse", "move|rest", "move|resetEgo", "endScene|"]) {
        world.warnings = [];
        await hud.click(id);
        await settle();
        expect(world.warnings, id).toEqual(refusal);
      }
      expect(world.opened).toEqual([]);
      expect(world.dialogs).toEqual([]);
      expect(world.created).toEqual([]);
      expect(sys(mira).sayonara).toBe(true);
    });

    it("(stand-ins): a Challenge the user no longer owns: Roll Effect is refused as `TerranEngine.rollChallengeEffect` refuses it", async () => {
      const wolf = challenge({ dice: 2 });
      const hud = await hudFor(wolf);
      wolf.isOwner = false;
      await api.rollChallengeEffect(wolf as unknown as Actor.Implementation);
      const refusal = [...world.warnings];
      expect(refusal).toHaveLength(1);
      world.warnings = [];
      await hud.click("effect|");
      await settle();
      expect(world.warnings).toEqual(refusal);
      expect(world.created).toEqual([]);
    });
  });
});

/** Our default layout as a user saved it, with the saved actions given per list. */
function hudDefaultsWith(saved: Record<string, SavedAction[]>): Json[] {
  return hudDefaults().layout.map((tab) => ({
    ...tab,
    groups: (tab.groups ?? []).map((list) => ({ ...list, ...(saved[list.id] ? { actions: saved[list.id] } : {}) })),
  }));
}

/** The actor's data as built, before any click (to see that a click changed it). */
function outcomeOfFresh(generation: Generation, make: () => TerranActor, ruleset = "core"): Json {
  freshWorld(generation, ruleset);
  return outcome(make());
}
