/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts: the actor's effects and
 * `Actor#toggleStatusEffect`, `_onUpdate` on the updating client, CONFIG.statusEffects as each generation
 * keeps it): OUR glue for a character's states on its tokens, both ways, on v13 and v14.
 * What is NOT exercised: the token HUD itself (that its status icons call `toggleStatusEffect`: peers
 * say so, see the stand-in), and core drawing an actor's status effects on every token of the actor.
 * The tests check that the actor's effects are exactly its states; which tokens draw them is Foundry's.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GENERATIONS, makeGm, resetWorld, world, type ActorStub } from "../stubs/foundry-client.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { ChallengeData } from "../../src/data/actor/challenge.ts";
import { TerranActor } from "../../src/documents/actor.ts";
import { registerTokenStates, stateFacts } from "../../src/table/token-states.ts";
import { syncAllTokenStates } from "../../src/table/token-states-sync.ts";
import { character, type CharacterOptions } from "../documents/operations/fixtures.ts";
import { defaultLegacyValues, legacyBlocks } from "../fixtures/legacy-values.ts";
import { installStatusEffects, statusEntries, tokenHudChoices } from "../stubs/status-effects.ts";
import { HooksStub } from "../stubs/hooks.ts";
import { makeScene } from "../stubs/world.ts";
import { registerSettings, RULESET_CHANGED } from "../../src/settings/settings.ts";
import { followRuleset } from "../../src/table/token-states-sync.ts";
import { getRuleset, type Ruleset } from "../../src/rules/index.ts";

type ModelClass = ConstructorParameters<typeof ActorStub>[0]["model"];
type Stubbed = TerranActor &
  Pick<ActorStub, "effects" | "effectChanges" | "updates"> & {
    _onUpdate(changed: object, options: object, userId: string): void;
  };

function hero(options: CharacterOptions = {}): Stubbed {
  const actor: unknown = Reflect.construct(TerranActor, [
    {
      name: "Mira",
      type: "character",
      model: CharacterData as unknown as ModelClass,
      source: { ...character(options) },
    },
  ]);
  return actor as Stubbed;
}

function bridge(): Stubbed {
  const source = {
    tier: "dangerous",
    n: 4,
    disposition: { value: 10, max: 10 },
    dice: 1,
    halved: false,
    facets: [],
    armour: 0,
    notes: "",
  };
  const actor: unknown = Reflect.construct(TerranActor, [
    { name: "The bridge", type: "challenge", model: ChallengeData as unknown as ModelClass, source },
  ]);
  return actor as Stubbed;
}

const shown = (actor: Stubbed): string[] => actor.effects.flatMap((e) => [...e.statuses]).sort();

/**
 * Core's own list before the system adds to it: a "dead" status (the defeated state; peers keep it, e.g.
 * add2e sets `CONFIG.specialStatusEffects.DEFEATED = "dead"`) and another ("prone"). Their exact fields
 * in core are not known here: name and image only.
 */
const CORE_DEAD = { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" };
const CORE_PRONE = { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" };

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] states on tokens", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    installStatusEffects(generation, [CORE_DEAD, CORE_PRONE]);
    registerTokenStates();
  });

  it("R-HARM-4 (stand-ins): the ruleset's states join core's status effects in the generation's shape, HUD for characters; core's \"dead\" is kept as it is", () => {
    const ours = ["terran-stressed", "terran-broken", "terran-weary", "terran-mortally-wounded", "terran-lost"];
    const entries = statusEntries();
    expect(entries.map((e) => e.id)).toEqual(["dead", "prone", ...ours]);
    expect(entries.find((e) => e.id === "dead")).toEqual(CORE_DEAD);
    expect(entries.find((e) => e.id === "terran-broken")).toEqual({
      id: "terran-broken",
      name: "TERRAN.Wound.broken",
      img: "icons/svg/bones.svg",
      hud: { actorTypes: ["character"] },
    });
    registerTokenStates(); // twice: nothing doubled
    expect(statusEntries()).toHaveLength(7);
  });

  it("R-HARM-3 R-HARM-5 (stand-ins): the sheet's wound marks show as status effects; the third adds Mortally Wounded; a recovery takes both off", async () => {
    const mira = hero();
    await mira.markWound("stressed");
    await vi.waitFor(() => expect(shown(mira)).toEqual(["terran-stressed"]));
    await mira.markWound("broken");
    await mira.markWound("weary");
    await vi.waitFor(() =>
      expect(shown(mira)).toEqual(["terran-broken", "terran-mortally-wounded", "terran-stressed", "terran-weary"]),
    );
    await mira.recoverWound("broken");
    await vi.waitFor(() => expect(shown(mira)).toEqual(["terran-stressed", "terran-weary"]));
  });

  it("R-HARM-3 (stand-ins): a wound track clicked in the HUD is marked by the sheet's operation, then shown; clicked again, recovered", async () => {
    const mira = hero();
    expect(await mira.toggleStatusEffect("terran-broken")).toBe(true);
    expect(mira.updates).toEqual([{ "system.wounds.broken": true }]);
    await vi.waitFor(() => expect(shown(mira)).toEqual(["terran-broken"]));
    expect(await mira.toggleStatusEffect("terran-broken", { active: true })).toBeUndefined(); // already on: nothing asked
    expect(await mira.toggleStatusEffect("terran-broken")).toBe(false);
    expect(mira.updates.at(-1)).toEqual({ "system.wounds.broken": false });
    await vi.waitFor(() => expect(shown(mira)).toEqual([]));
  });

  it("R-HARM-5 (stand-ins): the sheet's refusals hold in the HUD: a dead character's track is not marked", async () => {
    const mira = hero({ dead: true });
    expect(await mira.toggleStatusEffect("terran-weary")).toBeUndefined();
    expect(world.warnings).toEqual(["TERRAN.Error.dead"]);
    expect(mira.updates).toEqual([]);
    expect(mira.effectChanges).toEqual([]);
  });

  it("R-HARM-5 R-EGO-3 R-HARM-6 (stand-ins): Mortally Wounded, Lost and Dead cannot be clicked on; each says why and nothing changes", async () => {
    const mira = hero({ wounds: ["stressed", "broken", "weary"], lost: true });
    await mira.toggleStatusEffect("terran-mortally-wounded");
    await mira.toggleStatusEffect("terran-lost");
    await mira.toggleStatusEffect("dead");
    expect(world.warnings).toEqual([
      "TERRAN.States.Refusal.mortallyWounded",
      "TERRAN.States.Refusal.lostGm", // a player's click taking Lost off: the GM's correction (R-EGO-3 ruling)
      "TERRAN.States.Refusal.deadOn",
    ]);
    expect(mira.updates).toEqual([]);
  });

  it("R-EGO-3 R-EGO-4 (stand-ins, ruling): Lost clicked off: refused for a player with the reason; a GM's click clears it and raises Ego 0 to 1", async () => {
    const mira = hero({ lost: true, ego: { value: 0, max: 4 } });
    await mira.syncTokenStates();
    expect(shown(mira)).toEqual(["terran-lost"]);
    expect(await mira.toggleStatusEffect("terran-lost")).toBeUndefined();
    expect(world.warnings).toEqual(["TERRAN.States.Refusal.lostGm"]);
    expect(mira.updates).toEqual([]);
    world.user = makeGm();
    expect(await mira.toggleStatusEffect("terran-lost")).toBe(false);
    expect(mira.updates).toEqual([{ "system.lost": false, "system.ego.value": 1 }]);
    await vi.waitFor(() => expect(shown(mira)).toEqual([]));
  });

  it("R-LEG-7 (stand-ins, ruling): in a Legacy world a GM's click on Lost raises the Legacy Ego 0 to 1", async () => {
    world.settings.set("ruleset", "legacy");
    registerTokenStates();
    const source = { ...character({ lost: true }), ...legacyBlocks({ ...defaultLegacyValues(), ego: { value: 0 } }) };
    const oskar = Reflect.construct(TerranActor, [
      { name: "Oskar", type: "character", model: CharacterData as unknown as ModelClass, source },
    ]) as Stubbed;
    world.user = makeGm();
    expect(await oskar.toggleStatusEffect("terran-lost")).toBe(false);
    expect(oskar.updates).toEqual([{ "system.lost": false, "system.ratings.ego.value": 1 }]);
  });

  it("R-HARM-6 (stand-ins): Dead clicked off: refused for a player; a GM's click revives and the skull goes", async () => {
    const mira = hero({ dead: true });
    await mira.syncTokenStates();
    expect(shown(mira)).toEqual(["dead"]);
    expect(mira.effects[0]?.flags).toEqual({ core: { overlay: true } });
    await mira.toggleStatusEffect("dead");
    expect(world.warnings).toEqual(["TERRAN.States.Refusal.reviveGm"]);
    world.user = makeGm();
    expect(await mira.toggleStatusEffect("dead")).toBe(false);
    expect(mira.updates).toEqual([{ "system.dead": false }]);
    await vi.waitFor(() => expect(shown(mira)).toEqual([]));
  });

  it("R-HARM-5 (ruling) (stand-ins): the combat tracker's Defeated (core's Dead, as an overlay) marks a GM's character dead; toggled off, it revives; a player is refused with the reason", async () => {
    const mira = hero();
    expect(await mira.toggleStatusEffect("dead", { overlay: true, active: true })).toBeUndefined();
    expect(world.warnings).toEqual(["TERRAN.States.Refusal.deadOn"]);
    expect(mira.updates).toEqual([]);
    world.user = makeGm();
    expect(await mira.toggleStatusEffect("dead", { overlay: true, active: true })).toBe(true);
    expect(mira.updates).toEqual([{ "system.dead": true }]);
    await vi.waitFor(() => expect(shown(mira)).toEqual(["dead"]));
    expect(mira.effects[0]?.flags).toEqual({ core: { overlay: true } });
    expect(await mira.toggleStatusEffect("dead", { overlay: true, active: true })).toBeUndefined(); // already dead: nothing
    expect(await mira.toggleStatusEffect("dead", { overlay: true, active: false })).toBe(false);
    expect(mira.updates.at(-1)).toEqual({ "system.dead": false });
    await vi.waitFor(() => expect(shown(mira)).toEqual([]));
  });

  it("R-HARM-4 (stand-ins): only the client that made the change adds the effects (the others get them from it)", async () => {
    const mira = hero({ wounds: ["weary"] });
    mira._onUpdate({ system: { wounds: { weary: true } } }, {}, "player2");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mira.effectChanges).toEqual([]);
    mira._onUpdate({ system: { wounds: { weary: true } } }, {}, world.user.id);
    await vi.waitFor(() => expect(shown(mira)).toEqual(["terran-weary"]));
  });

  it("(stand-ins) a Challenge's statuses and a character's other statuses stay core's", async () => {
    const challenge = bridge();
    expect(await challenge.toggleStatusEffect("dead", { overlay: true })).toMatchObject({
      statuses: new Set(["dead"]),
    });
    expect(challenge.updates).toEqual([]);
    const mira = hero();
    await mira.toggleStatusEffect("prone");
    expect(shown(mira)).toEqual(["prone"]);
    expect(mira.updates).toEqual([]);
    await mira.markWound("stressed"); // its own states change; "prone" is left alone
    await vi.waitFor(() => expect(shown(mira)).toEqual(["prone", "terran-stressed"]));
  });

  it("(stand-ins) a state core does not list (its list replaced after setup) is left off without an error", async () => {
    installStatusEffects(generation, [CORE_DEAD]);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const mira = hero();
    await mira.markWound("stressed");
    await mira.syncTokenStates();
    expect(shown(mira)).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("R-HARM-4 (stand-ins): at the start of a session the active GM alone brings every character's effects up to its states", async () => {
    const mira = hero({ wounds: ["stressed"] });
    const oren = hero({ dead: true });
    const challenge = bridge();
    await syncAllTokenStates([mira, oren, challenge]); // a player: nothing
    expect([mira, oren, challenge].flatMap((a) => a.effectChanges)).toEqual([]);
    world.user = makeGm();
    await syncAllTokenStates([mira, oren, challenge]);
    expect(shown(mira)).toEqual(["terran-stressed"]);
    expect(shown(oren)).toEqual(["dead"]);
    expect(challenge.effectChanges).toEqual([]);
    await syncAllTokenStates([mira]); // again: nothing more
    expect(mira.effectChanges).toHaveLength(1);
  });

  it("R-LEG-5 (stand-ins): in a Legacy world the HUD's Mortal and Critical go with the sheet's week of care (Mortal → Critical → healed); marking through the HUD is refused with the reason", async () => {
    world.settings.set("ruleset", "legacy");
    registerTokenStates();
    const legacyHero = (wounds: { critical: boolean; mortal: boolean }, options: CharacterOptions = {}): Stubbed => {
      const source = { ...character(options), ...legacyBlocks({ ...defaultLegacyValues(), wounds }) };
      return Reflect.construct(TerranActor, [
        { name: "Oskar", type: "character", model: CharacterData as unknown as ModelClass, source },
      ]) as Stubbed;
    };
    const oskar = legacyHero({ critical: true, mortal: true });
    // Critical cannot heal while Mortal is marked: the week of care turns Mortal into Critical first.
    expect(await oskar.toggleStatusEffect("terran-critical", { active: false })).toBeUndefined();
    expect(oskar.updates).toEqual([]);
    expect(await oskar.toggleStatusEffect("terran-mortal")).toBe(false);
    expect(oskar.updates).toEqual([{ "system.hitPoints.mortal": false }]);
    await vi.waitFor(() => expect(shown(oskar)).toEqual(["terran-critical"]));
    expect(await oskar.toggleStatusEffect("terran-critical")).toBe(false);
    expect(oskar.updates.at(-1)).toEqual({ "system.hitPoints.critical": false });
    await vi.waitFor(() => expect(shown(oskar)).toEqual([]));
    // Marking comes from harm: refused with the reason, nothing changes.
    expect(await oskar.toggleStatusEffect("terran-critical", { active: true })).toBeUndefined();
    expect(oskar.updates).toHaveLength(2);
    expect(world.warnings).toEqual(["TERRAN.States.Refusal.stageOrder", "TERRAN.States.Refusal.stage"]);
    // The sheet's refusals hold: a dead character does not recover.
    const dead = legacyHero({ critical: true, mortal: false }, { dead: true });
    expect(await dead.toggleStatusEffect("terran-critical")).toBeUndefined();
    expect(dead.updates).toEqual([]);
    expect(world.warnings.at(-1)).toBe("TERRAN.Error.dead");
  });

  it("R-HARM-4 R-LEG-5 (stand-ins): switching ruleset mid-session: the HUD offers the new ruleset's states at once, and the active GM brings effects and bars along", async () => {
    registerSettings();
    const mira = hero({ wounds: ["stressed"] });
    mira.prototypeToken.bar1.attribute = "grit";
    mira.prototypeToken.bar2.attribute = "xp"; // the GM's own choice: kept
    const scene = makeScene([
      { id: "token00000000001", actor: { type: "character" }, bar1: { attribute: "grit" }, bar2: { attribute: "ego" } },
      {
        id: "token00000000002",
        actor: { type: "challenge" },
        bar1: { attribute: "disposition" },
        bar2: { attribute: null },
      },
    ]);
    world.scenes = [scene];
    HooksStub.on(RULESET_CHANGED, (ruleset) => void followRuleset(ruleset as Ruleset, [mira]));
    await mira.syncTokenStates();
    expect(shown(mira)).toEqual(["terran-stressed"]);
    expect(tokenHudChoices("character")).toContain("terran-stressed");

    world.user = makeGm();
    await game.settings?.set("terran-engine", "ruleset", "legacy");
    await vi.waitFor(() =>
      expect(tokenHudChoices("character")).toEqual([
        "dead",
        "prone",
        "terran-critical",
        "terran-mortal",
        "terran-lost",
      ]),
    );
    expect(tokenHudChoices("challenge")).toEqual(["dead", "prone"]);
    await vi.waitFor(() => expect(shown(mira)).toEqual([]));
    expect(mira.prototypeToken).toEqual({ bar1: { attribute: "hitPoints" }, bar2: { attribute: "xp" } });
    expect(scene.tokens.map((t) => [t.bar1.attribute, t.bar2.attribute])).toEqual([
      ["hitPoints", "ratings.ego"],
      ["disposition", null],
    ]);

    await game.settings?.set("terran-engine", "ruleset", "core"); // and back
    await vi.waitFor(() =>
      expect(tokenHudChoices("character")).toEqual([
        "dead",
        "prone",
        "terran-stressed",
        "terran-broken",
        "terran-weary",
        "terran-mortally-wounded",
        "terran-lost",
      ]),
    );
    await vi.waitFor(() => expect(shown(mira)).toEqual(["terran-stressed"]));
    expect(scene.tokens[0]?.bar1.attribute).toBe("grit");
  });

  it("(stand-ins) a player's client follows a switch in its HUD and changes no token (the active GM does)", async () => {
    registerSettings();
    const mira = hero({ wounds: ["stressed"] });
    const scene = makeScene([
      { id: "token00000000001", actor: { type: "character" }, bar1: { attribute: "grit" }, bar2: { attribute: "ego" } },
    ]);
    world.scenes = [scene];
    await followRuleset(getRuleset("legacy"), [mira]);
    expect(tokenHudChoices("character")).toContain("terran-critical");
    expect(scene.updates).toEqual([]);
    expect(mira.effectChanges).toEqual([]);
  });

  it("(stand-in) v14's setter empties the collection before reading what it is given: assigning it to itself leaves nothing", () => {
    const config = Reflect.get(globalThis, "CONFIG") as { statusEffects: unknown };
    const before = statusEntries().length;
    const same = config.statusEffects;
    config.statusEffects = same;
    expect(statusEntries()).toHaveLength(generation >= 14 ? 0 : before);
  });

  it("R-LEG-5 (stand-ins): in a Legacy world the states are its stages, read from the wound stages Legacy keeps beside Core's data", () => {
    world.settings.set("ruleset", "legacy");
    registerTokenStates();
    const entries = statusEntries().map((e) => e.id);
    expect(entries).toEqual(expect.arrayContaining(["terran-critical", "terran-mortal", "terran-lost", "dead"]));
    const source = {
      ...character({ wounds: ["stressed"] }),
      ...legacyBlocks({ ...defaultLegacyValues(), wounds: { critical: true, mortal: false } }),
    };
    expect(stateFacts(source)).toEqual({
      wounds: source.wounds,
      dead: false,
      lost: false,
      stages: { critical: true, mortal: false },
    });
    expect(stateFacts(character())).toEqual({ wounds: character().wounds, dead: false, lost: false });
  });
});
