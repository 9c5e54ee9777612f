/** R-HARM-6 Malaise through the actor's operation. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ATTRIBUTES, type Attribute } from "../../../src/rules/index.ts";
import { malaiseOperation } from "../../../src/documents/operations/index.ts";
import { expectRefusal, state } from "./fixtures.ts";

describe("malaiseOperation", () => {
  it("R-HARM-6: a 1 brings no Malaise", () => {
    const { update, itemUpdates, outcome } = malaiseOperation(state({ attributes: { finesse: 2 } }), 1);
    expect(update).toEqual({});
    expect(itemUpdates).toEqual([]);
    expect(outcome).toMatchObject({ malaise: { kind: "none" }, attribute: null, dies: false });
  });

  it("R-HARM-6: a 2 takes a point of Prowess; with one attribute above 0 it is taken without asking", () => {
    const { update, outcome } = malaiseOperation(state({ attributes: { finesse: 2 } }), 2);
    expect(update).toEqual({ "system.attributes.finesse": 1 });
    expect(outcome).toMatchObject({ attribute: "finesse", dies: false });
  });

  it("R-HARM-6: a 3 with both Insight attributes above 0 needs the player's choice (choice-required)", () => {
    const s = state({ attributes: { intuition: 1, reason: 3 } });
    const error = expectRefusal(() => malaiseOperation(s, 3), "choice-required", /intuition or reason/);
    expect(error.data).toEqual({ options: "intuition,reason" });
    expect(malaiseOperation(s, 3, "intuition").update).toEqual({ "system.attributes.intuition": 0 });
    expectRefusal(() => malaiseOperation(s, 3, "finesse"), "bad-choice", /finesse cannot lose a point/);
  });

  it("R-HARM-6: a 4 with both Resolve attributes at 0 cannot be taken: the character dies", () => {
    const { update, outcome } = malaiseOperation(state({ attributes: { finesse: 3 } }), 4);
    expect(update).toEqual({ "system.dead": true });
    expect(outcome.dies).toBe(true);
  });

  it("R-HARM-6: a 5 costs an Ego die, a 6 a Grit die", () => {
    expect(malaiseOperation(state({ ego: { dice: 2 } }), 5).update).toEqual({ "system.ego.dice": 1 });
    expect(malaiseOperation(state(), 6).update).toEqual({ "system.grit.dice": 0 });
  });

  it("R-HARM-6: a die lost from none left kills", () => {
    expect(malaiseOperation(state({ grit: { dice: 0 } }), 6).update).toEqual({ "system.dead": true });
    expect(malaiseOperation(state({ ego: { dice: 0 } }), 5).update).toEqual({ "system.dead": true });
  });

  it("R-HARM-6: the Malaise die must show 1–6 (bad-face), and the dead roll none (dead)", () => {
    expectRefusal(() => malaiseOperation(state(), 7), "bad-face", /The Malaise die must show/);
    expectRefusal(() => malaiseOperation(state({ dead: true }), 1), "dead", /cannot roll a Malaise/);
  });

  it("R-HARM-6: a Malaise keeps every rating within 0–4 and every dice count at 0 or more", () => {
    const rating = fc.integer({ min: 0, max: 4 });
    fc.assert(
      fc.property(
        fc.record({
          intuition: rating,
          reason: rating,
          finesse: rating,
          exertion: rating,
          attunement: rating,
          influence: rating,
        }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom<Attribute>(...ATTRIBUTES),
        (attributes, gritDice, egoDice, face, pick) => {
          const s = state({ attributes, grit: { dice: gritDice }, ego: { dice: egoDice } });
          let update: Record<string, unknown>;
          try {
            update = malaiseOperation(s, face, pick).update;
          } catch (error) {
            expect((error as { code?: string }).code).toBe("bad-choice");
            return;
          }
          for (const [path, value] of Object.entries(update)) {
            if (path === "system.dead") expect(value).toBe(true);
            else expect(value).toBeGreaterThanOrEqual(0);
            if (path.startsWith("system.attributes.")) expect(value).toBeLessThanOrEqual(4);
          }
          expect(Object.keys(update).length).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
