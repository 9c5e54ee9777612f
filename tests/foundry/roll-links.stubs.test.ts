// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts; `CONFIG.TextEditor.enrichers` is set
 * here): OUR enricher glue for the inline roll links on both generations — what it
 * registers, the element it returns for a link, and what a click does (the roll dialog for the roller
 * `chooseRoller` picks, the Fortune die, or a localised refusal). Core's enrichment pass itself (finding
 * the matches in a journal page, wrapping the element and calling `onRender` when it is added to the
 * page) is Foundry's and is not exercised: the tests call the enricher and `onRender` as core is
 * documented to.
 */
import "../stubs/foundry-client.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GENERATIONS, resetWorld, world, type ActorStub } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import {
  enrichRollLink,
  registerRollLinks,
  renderRollLink,
  ROLL_LINK_ENRICHER_ID,
} from "../../src/applications/enrichers/roll-links.ts";
import { RollDialog } from "../../src/applications/dialogs/roll-dialog.ts";
import { api } from "../../src/api.ts";
import { CharacterData } from "../../src/data/actor/character.ts";
import { ChallengeData } from "../../src/data/actor/challenge.ts";
import { TerranActor } from "../../src/documents/actor.ts";
import { ROLL_LINK_PATTERN } from "../../src/rules/roll-links.ts";
import { character } from "../documents/operations/fixtures.ts";

type ModelClass = ConstructorParameters<typeof ActorStub>[0]["model"];

function hero(name: string, owned = true): TerranActor {
  const actor: unknown = Reflect.construct(TerranActor, [
    {
      name,
      type: "character",
      model: CharacterData as unknown as ModelClass,
      source: { ...character({ attributes: { finesse: 2 } }) },
      isOwner: owned,
    },
  ]);
  return actor as TerranActor;
}

function bridge(): TerranActor {
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
  return actor as TerranActor;
}

/** The enricher's element for `text`, inside a wrapper as core puts it on the page, with `onRender` run. */
async function rendered(text: string, options?: unknown): Promise<HTMLElement> {
  const match = new RegExp(ROLL_LINK_PATTERN.source, ROLL_LINK_PATTERN.flags).exec(text);
  if (!match) throw new Error(`no link in ${text}`);
  const element = await enrichRollLink(match);
  if (!element) throw new Error("no element");
  // Core wraps what the enricher returned and hands the wrapper to onRender (draw-steel roll.mjs and
  // others look the link up inside it: "onRender is handed the WRAPPER").
  const wrapper = document.createElement("enriched-content");
  wrapper.append(element);
  document.body.append(wrapper);
  renderRollLink(wrapper, options);
  return element;
}

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] inline roll links", (generation) => {
  let rolled = vi.spyOn(api, "roll");
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    document.body.innerHTML = "";
    // Foundry: "CONFIG.TextEditor.enrichers: A collection of custom enrichers"
    // (foundryvtt.com/api/v13 and /api/v14 CONFIG.TextEditor).
    Reflect.set(Reflect.get(globalThis, "CONFIG") as object, "TextEditor", { enrichers: [] });
    rolled = vi.spyOn(api, "roll");
  });
  afterEach(() => rolled.mockRestore());

  it("R-POOL-1 (stand-ins): registers one enricher with an id, a global pattern and onRender", () => {
    registerRollLinks();
    const enrichers = (
      Reflect.get(Reflect.get(globalThis, "CONFIG") as object, "TextEditor") as {
        enrichers: { id: string; pattern: RegExp; enricher: unknown; onRender: unknown }[];
      }
    ).enrichers;
    expect(enrichers).toHaveLength(1);
    expect(enrichers[0]).toMatchObject({
      id: ROLL_LINK_ENRICHER_ID,
      enricher: enrichRollLink,
      onRender: renderRollLink,
    });
    expect(enrichers[0]?.pattern.flags).toContain("g");
  });

  it("R-POOL-1 (stand-ins): a link becomes a focusable styled element; one that cannot be read stays as written with a hint", async () => {
    const link = await rendered("@Risky[finesse]");
    expect(link.tagName).toBe("A");
    expect(link.dataset).toMatchObject({
      teRollLink: "risky",
      target: "finesse",
      tooltipText: "TERRAN.Links.Tooltip.risky",
    });
    expect(link.getAttribute("tabindex")).toBe("0");
    const broken = await rendered("@Risky[flying]");
    expect(broken.tagName).toBe("SPAN");
    expect(broken.className).toContain("te-roll-link-invalid");
    expect(broken.textContent).toBe("@Risky[flying]⚠");
    expect(broken.dataset.tooltipText).toBe("TERRAN.Links.Invalid.unknownAttribute");
    broken.click();
    expect(rolled).not.toHaveBeenCalled();
  });

  it("R-LEG-1 (stand-ins): the links read against the world's ruleset: in a Legacy world Core's attributes and Saves are hints", async () => {
    world.settings.set("ruleset", "legacy");
    expect((await rendered("@Risky[finesse]")).className).toContain("te-roll-link-invalid");
    expect((await rendered("@Reaction[insight]")).dataset.tooltipText).toBe("TERRAN.Links.Invalid.unknownGroup");
    expect((await rendered("@Risky[charisma]")).dataset).toMatchObject({ teRollLink: "risky", target: "charisma" });
  });

  it("R-POOL-1 (stand-ins): a click opens the roll dialog for the user's assigned character", async () => {
    const mira = hero("Mira");
    world.user.character = mira as unknown as ActorStub;
    (await rendered("@Risky[finesse]")).click();
    await vi.waitFor(() => expect(world.opened).toHaveLength(1));
    expect(rolled).toHaveBeenCalledWith(mira, "finesse");
    expect(world.opened[0]).toBeInstanceOf(RollDialog);
    expect(world.warnings).toEqual([]);
  });

  it("R-RA-8 (stand-ins): a Reaction link opens the dialog for the group's Save; Enter works as a click", async () => {
    const mira = hero("Mira");
    world.user.character = mira as unknown as ActorStub;
    const link = await rendered("@Reaction[insight]{Duck!}");
    expect(link.textContent).toBe("Duck!");
    link.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    await vi.waitFor(() => expect(world.opened).toHaveLength(1));
    expect(rolled).toHaveBeenCalledWith(mira, "save:insight");
  });

  it("R-POOL-1 (stand-ins): the single selected token's character rolls before the assigned one", async () => {
    const mira = hero("Mira");
    const oren = hero("Oren");
    world.user.character = mira as unknown as ActorStub;
    world.selected = [{ actor: oren as unknown as ActorStub }];
    (await rendered("@Risky[finesse]")).click();
    await vi.waitFor(() => expect(rolled).toHaveBeenCalledWith(oren, "finesse"));
  });

  it("R-POOL-1 (stand-ins): no character, a selected Challenge or someone else's character: a localised warning, no dialog", async () => {
    const link = await rendered("@Risky[finesse]");
    link.click();
    await vi.waitFor(() => expect(world.warnings).toEqual(["TERRAN.Links.Refusal.noActor"]));
    world.selected = [{ actor: bridge() as unknown as ActorStub }];
    link.click();
    await vi.waitFor(() => expect(world.warnings).toHaveLength(2));
    world.selected = [{ actor: hero("Vex", false) as unknown as ActorStub }];
    link.click();
    await vi.waitFor(() => expect(world.warnings).toHaveLength(3));
    expect(world.warnings.slice(1)).toEqual([
      "TERRAN.Links.Refusal.selectedNotCharacter",
      "TERRAN.Links.Refusal.selectedNotOwned",
    ]);
    expect(rolled).not.toHaveBeenCalled();
    expect(world.opened).toEqual([]);
  });

  it("R-FORT-1 (stand-ins): onRender handed the link itself instead of its wrapper still wires it", async () => {
    const match = new RegExp(ROLL_LINK_PATTERN.source, ROLL_LINK_PATTERN.flags).exec("@Fortune[2]");
    const link = match ? await enrichRollLink(match) : null;
    if (!link) throw new Error("no link");
    document.body.append(link);
    renderRollLink(link);
    nextFaces.push(1);
    link.click();
    await vi.waitFor(() => expect(world.created).toHaveLength(1));
  });

  it("R-FORT-1 (stand-ins): a Fortune link rolls the die and posts its card, with no character needed", async () => {
    nextFaces.push(5);
    (await rendered("@Fortune[4+]")).click();
    await vi.waitFor(() => expect(world.created).toHaveLength(1));
    expect(world.created[0]).toMatchObject({ flags: { "terran-engine": { card: { kind: "result" } } } });
    expect(JSON.stringify(world.created[0])).toContain("TERRAN.Card.Fortune.success");
  });

  it("R-POOL-1 (stand-ins): a link whose data no longer reads in this world's ruleset does nothing", async () => {
    world.user.character = hero("Mira") as unknown as ActorStub;
    const link = await rendered("@Risky[finesse]");
    link.dataset.target = "flying";
    link.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(rolled).not.toHaveBeenCalled();
  });

  it("(stand-ins) listeners end with the element on v14 (the abort signal core hands onRender); v13 hands none", async () => {
    world.user.character = hero("Mira") as unknown as ActorStub;
    const controller = new AbortController();
    const link = await rendered("@Risky[finesse]", generation >= 14 ? { signal: controller.signal } : undefined);
    controller.abort();
    link.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(rolled).toHaveBeenCalledTimes(generation >= 14 ? 0 : 1);
  });
});
