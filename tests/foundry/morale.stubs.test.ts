// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/): R-V-16 Morale rolled for a sentient v0.6.2 Challenge brought
 * to 0, by its owner: the dice thrown, the Challenge changed as the table says, the card posted, and the
 * refusals. It checks what OUR code rolls, stores and posts; not Foundry's dice or chat.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { GENERATIONS, resetWorld, world } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import { ChallengeData } from "../../src/data/actor/challenge.ts";
import { TerranActor } from "../../src/documents/actor.ts";
import type { StoredCard } from "../../src/documents/chat-message.ts";
import { rollMorale } from "../../src/applications/chat/roll-other.ts";
import { confirmEffect } from "../../src/chat/index.ts";
import { card, ROLLER } from "../chat/fixtures.ts";
import { asModel, click, message, shown } from "./card-builders.ts";

/** A Serious (10 · 2d) Challenge at 0, sentient or not. */
function beaten(options: { sentient?: boolean; isOwner?: boolean } = {}): TerranActor {
  const init = {
    name: "Salt Brute",
    type: "challenge",
    model: asModel(ChallengeData),
    isOwner: options.isOwner ?? true,
    source: {
      tier: "serious",
      n: 4,
      disposition: { value: 0, max: 10 },
      dice: 2,
      halved: false,
      armour: 0,
      sentient: options.sentient ?? true,
      notes: "",
      facets: [],
    },
  };
  return Reflect.construct(TerranActor, [init]) as TerranActor;
}

const sys = (actor: TerranActor): ChallengeData => actor.system as ChallengeData;

function posted(): StoredCard | undefined {
  const flags = world.created.at(-1)?.flags as Record<string, { card?: StoredCard }> | undefined;
  return flags?.["terran-engine"]?.card;
}

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] Morale", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    world.settings.set("ruleset", "v062");
  });

  it("R-V-16 (stand-ins): a 4–5 pushes it on a tier lower, and the card says so", async () => {
    const brute = beaten();
    nextFaces.push(5, 2);
    await rollMorale(brute);
    expect(sys(brute)).toMatchObject({ tier: "dangerous", dice: 1, disposition: { value: 5, max: 5 } });
    const card = posted();
    if (card?.kind !== "result") throw new Error("no result card");
    expect(card.state).toMatchObject({ titleKey: "TERRAN.Card.Morale.title", noteKey: "TERRAN.Card.Morale.lower" });
  });

  it("R-V-16 (stand-ins): a kept 6 explodes and carries it on at full Disposition", async () => {
    const brute = beaten();
    nextFaces.push(6, 1, 3);
    await rollMorale(brute);
    expect(sys(brute)).toMatchObject({ tier: "serious", disposition: { value: 10, max: 10 } });
    const card = posted();
    if (card?.kind !== "result") throw new Error("no result card");
    expect(card.state.noteKey).toBe("TERRAN.Card.Morale.carriesOn");
  });

  it("R-V-16 (stand-ins) once per time it reaches 0: after it gives up no second roll, until it has been above 0", async () => {
    const brute = beaten();
    nextFaces.push(2, 1);
    await rollMorale(brute);
    expect(sys(brute).moraleRolled).toBe(true);
    const cards = world.created.length;
    nextFaces.push(6, 6, 2);
    await rollMorale(brute);
    expect(world.created.length).toBe(cards);
    expect(world.notices.at(-1)).toMatchObject({ level: "warn" });
    expect(sys(brute).disposition.value).toBe(0);
    // The GM raises it by hand: the mark goes with that edit; brought to 0 again, Morale is open again.
    await brute.update({ "system.disposition.value": 3 } as never);
    expect(sys(brute).moraleRolled).toBe(false);
    await brute.update({ system: { disposition: { value: 0 } } });
    nextFaces.length = 0;
    nextFaces.push(5, 1);
    await rollMorale(brute);
    expect(world.created.length).toBe(cards + 1);
    expect(sys(brute)).toMatchObject({ tier: "dangerous", moraleRolled: false });
  });

  it("R-V-16 (stand-ins): a facet's mark is its own, and a facet written back above 0 loses it", async () => {
    const brute = beaten();
    const nerve = { name: "Nerve", tier: "dangerous", n: 4, disposition: { value: 0, max: 5 }, dice: 1, halved: false };
    await brute.update({ "system.facets": [nerve], "system.disposition.value": 4 } as never);
    nextFaces.push(1);
    await rollMorale(brute, 0);
    expect(sys(brute).facets[0]?.moraleRolled).toBe(true);
    expect(sys(brute).moraleRolled).toBe(false);
    const facets = sys(brute)
      .toObject()
      .facets.map((f) => ({ ...f, disposition: { value: 5, max: 5 } }));
    await brute.update({ system: { facets } });
    expect(sys(brute).facets[0]?.moraleRolled).toBe(false);
  });

  it("R-V-16 (stand-ins): no roll for an unsentient Challenge, nor for one this user does not own", async () => {
    for (const brute of [beaten({ sentient: false }), beaten({ isOwner: false })]) {
      const before = world.created.length;
      nextFaces.push(6, 6);
      await rollMorale(brute);
      expect(world.created.length).toBe(before);
      expect(sys(brute).disposition.value).toBe(0);
      expect(world.notices.at(-1)?.level).toBe("warn");
    }
  });
});

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] Morale from the card that brought it to 0", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    world.settings.set("ruleset", "v062");
  });

  /** A v0.6.2 Risky card whose Effect of 3 took `brute` from 3 to 0 (recorded as the apply path records it). */
  function cardOn(brute: TerranActor) {
    const fresh = card([6, 3], [], { rulesetId: "v062" });
    const confirmed = confirmEffect(fresh, ROLLER, [], fresh.version);
    const entry = { hit: "effect" as const, targetName: brute.name, facet: brute.name, effect: 3, before: 3, after: 0 };
    const applied = [{ ...entry, userId: "gm", target: { uuid: brute.uuid, facet: null } }];
    return message({ kind: "risky", state: { ...confirmed, applied } });
  }

  it("R-V-16 (stand-ins): a GM's card offers Roll Morale beside the row at 0, and the click rolls it", async () => {
    world.user = { id: "gm", isGM: true, targets: new Set() };
    const brute = beaten();
    const msg = cardOn(brute);
    expect((await shown(msg)).querySelector('.applied [data-action="roll-morale"]')?.textContent).toBe("Roll Morale");
    nextFaces.push(6, 1, 2);
    await click(msg, '[data-action="roll-morale"]');
    expect(sys(brute)).toMatchObject({ tier: "serious", disposition: { value: 10, max: 10 } });
    expect(posted()?.kind).toBe("result");
  });

  it("R-V-16 (stand-ins): a player sees no Morale button; a Challenge that is not sentient is refused, saying why", async () => {
    const brute = beaten({ sentient: false });
    const msg = cardOn(brute);
    expect((await shown(msg)).querySelector('[data-action="roll-morale"]')).toBeNull();
    world.user = { id: "gm", isGM: true, targets: new Set() };
    await click(msg, '[data-action="roll-morale"]');
    expect(sys(brute).disposition.value).toBe(0);
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.notSentient"]);
  });
});
