// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts): the glue of the GM's "succeed, but
 * worse" (R-RA-1) — the GM-only button rendered for the user viewing the card, the
 * `allow-success` click dispatched to `allowSuccess` and saved on the message (which the stand-in lets
 * only its author or a GM update), the Effect then confirmed and applied as on a success, and a
 * player's forged or a stale click refused with a warning. Foundry's sockets and rendering are not
 * exercised.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { GENERATIONS, makeGm, resetWorld, world } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import { registerCardPresenter } from "../../src/applications/chat/card-presenter.ts";
import { allowSuccess, confirmEffect, riskyCardResult } from "../../src/chat/index.ts";
import { registerQueries } from "../../src/relay/queries.ts";
import { card, GM, isClosed, ROLLER } from "../chat/fixtures.ts";
import { challenge, click, clickOn, disposition, message, riskyState, shown } from "./card-builders.ts";

const BUTTON = '[data-action="allow-success"]';

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] the GM's 'succeed, but worse' on the card", (generation) => {
  beforeEach(() => {
    resetWorld(generation);
    nextFaces.length = 0;
    registerQueries();
    registerCardPresenter();
  });

  it("R-RA-1 (stand-ins): only the GM sees the button on a failed card; players do not", async () => {
    const msg = message({ kind: "risky", state: card([3, 2]) });
    world.user = { ...ROLLER, targets: new Set() };
    expect((await shown(msg)).querySelector(BUTTON)).toBeNull();
    world.user = { ...makeGm(), targets: new Set() };
    expect(isClosed((await shown(msg)).querySelector(BUTTON))).toBe(false);
  });

  it("R-RA-1 R-RA-6 R-RA-7 (stand-ins): the GM allows it, the card says so, the roller confirms and the GM applies the Effect", async () => {
    const gm = makeGm();
    world.gm = gm;
    const state = card([3, 2]); // Precision 3: a Fail, Effect die 2
    const msg = message({ kind: "risky", state }); // posted by the roller
    world.user = gm;
    await click(msg, BUTTON);
    expect(world.warnings).toEqual([]);
    expect(msg.updates).toHaveLength(1);
    const allowed = riskyState(msg);
    expect(allowed).toEqual(allowSuccess(state, GM, true, state.version));
    expect(riskyCardResult(allowed).landing).toEqual({ player: true, challenge: true });
    expect((await shown(msg)).querySelector(".note.gm-success")).not.toBeNull();

    world.user = { ...ROLLER, targets: new Set() };
    await click(msg, '[data-action="confirm-effect"]');
    const confirmed = riskyState(msg);
    expect(confirmed).toEqual(confirmEffect(allowed, ROLLER, [], allowed.version));
    expect(riskyCardResult(confirmed).effect?.value).toBe(2);

    const vault = challenge();
    world.user = gm;
    gm.targets = new Set([{ actor: vault }]);
    await click(msg, '[data-action="apply-effect"]');
    expect(world.warnings).toEqual([]);
    expect(disposition(vault)).toBe(8 - 2);
    expect(riskyState(msg).applied).toMatchObject([{ hit: "effect", before: 8, after: 6 }]);
    // Withdrawing is closed once the Effect is confirmed: the button is gone.
    expect((await shown(msg)).querySelector(BUTTON)).toBeNull();
  });

  it("R-RA-1 (stand-ins): the GM clicking again withdraws it before the Effect is confirmed", async () => {
    world.user = makeGm();
    const msg = message({ kind: "risky", state: card([3, 2]) });
    await click(msg, BUTTON);
    await click(msg, BUTTON);
    expect(riskyState(msg).gmAllowsSuccess).toBe(false);
    expect(riskyState(msg).version).toBe(2);
    expect(riskyCardResult(riskyState(msg)).landing).toEqual({ player: false, challenge: true });
  });

  it("R-RA-1 (stand-ins): a player's click forged onto the GM's button is refused with the localised reason and saves nothing", async () => {
    const msg = message({ kind: "risky", state: card([3, 2]) });
    world.user = makeGm();
    const forged = (await shown(msg)).querySelector<HTMLElement>(BUTTON); // drawn for the GM…
    if (!forged) throw new Error("no button");
    world.user = { ...ROLLER, targets: new Set() }; // …clicked by the roller, who may update the message
    await clickOn(msg, forged);
    expect(msg.updates).toEqual([]);
    expect(world.warnings).toEqual(["TERRAN.Card.Reason.notGm"]);
    expect(riskyState(msg).gmAllowsSuccess).toBe(false);
  });

  it("R-RA-1 (stand-ins): a GM's click on a card drawn before the roller changed it is refused as stale", async () => {
    const msg = message({ kind: "risky", state: card([3, 2, 1]) });
    world.user = makeGm();
    const old = (await shown(msg)).querySelector<HTMLElement>(BUTTON);
    if (!old) throw new Error("no button");
    world.user = { ...ROLLER, targets: new Set() };
    await click(msg, '[data-action="select-die"][data-index="2"][data-role="effect"]');
    const saved = riskyState(msg);
    world.user = makeGm();
    await clickOn(msg, old);
    expect(world.warnings).toEqual(["TERRAN.Error.stale"]);
    expect(riskyState(msg)).toEqual(saved);
  });
});
