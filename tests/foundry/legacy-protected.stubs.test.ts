// @vitest-environment happy-dom
/**
 * Runs against FOUNDRY STAND-INS (tests/stubs/foundry-client.ts; dice from the stand-in Roll's
 * `nextFaces`, dialogs answered from `world.dialogAnswers`), on v13 and v14: R-LEG-6 *Protected* when a
 * Legacy character takes harm on the sheet — the Dark Dice asked (the Ego at stake shown), thrown with
 * the stand-in Roll as Dark Dice, their sum off the damage, their Ego spent by R-LEG-8, all in ONE actor
 * update, and the harm card showing them. It checks what OUR code asks, rolls, stores and posts.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { GENERATIONS, resetWorld, world, type ActorStub } from "../stubs/foundry-client.ts";
import { nextFaces } from "../stubs/foundry.ts";
import type { StoredCard } from "../../src/documents/chat-message.ts";
import { type LegacyValues, legacyValuesOf } from "../fixtures/legacy-values.ts";
import type { CharacterData } from "../../src/data/actor/character.ts";
import { applyLegacyHarm } from "../../src/documents/legacy-actions.ts";
import { legacyHero, protectedItem } from "./legacy-builders.ts";

const legacyOf = (actor: { system: unknown }): LegacyValues =>
  legacyValuesOf((actor.system as CharacterData).toObject());

function lastResult() {
  const flags = world.created.at(-1)?.flags as Record<string, { card?: StoredCard }> | undefined;
  const card = flags?.["terran-engine"]?.card;
  if (card?.kind !== "result") throw new Error("no result card was posted");
  return card.state;
}

describe.each(GENERATIONS)(
  "[Foundry stand-ins, v%i] Protected's Dark Dice when taking harm on the sheet",
  (generation) => {
    beforeEach(() => {
      resetWorld(generation);
      nextFaces.length = 0;
      world.settings.set("ruleset", "legacy");
    });

    it("R-LEG-6 R-LEG-8 (stand-ins): asked how many (Ego at stake shown), thrown as Dark Dice, the sum off the damage, Ego spent, one update, shown on the card", async () => {
      const mira = legacyHero("Mira", { ego: 3, items: [protectedItem()] });
      world.dialogAnswers.push(2);
      nextFaces.push(3, 2); // both ≤ Ego 3: 2 Ego; 5 off the damage
      await applyLegacyHarm(mira, 7);
      const asked = world.dialogs.at(-1);
      expect(JSON.stringify(asked)).toContain("TERRAN.Harm.Protected.title");
      expect(String(asked?.content)).toContain("TERRAN.Harm.Protected.stake");
      expect(legacyOf(mira)).toMatchObject({ hp: { value: 3 }, ego: { value: 1 }, egoLost: 2 });
      // ONE actor update carries the harm and the Ego.
      expect((mira as unknown as ActorStub).updates).toHaveLength(1);
      const card = lastResult();
      expect(card.dice.map((d) => d.face)).toEqual([3, 2]);
      expect(card.lines.map((l) => [l.labelKey, l.value])).toEqual(
        expect.arrayContaining([
          ["TERRAN.Card.Legacy.protected", "\u22125"],
          ["TERRAN.Card.Legacy.protectedEgo", "3 \u2192 1"],
          ["TERRAN.Card.Legacy.damage", "2"],
        ]),
      );
      // The roll goes with the message (Dice So Nice shows the Dark Dice).
      expect((world.created.at(-1)?.rolls as unknown[]).length).toBe(1);
    });

    it("R-LEG-6 (stand-ins): 0 dice throws none and spends nothing; closing the prompt takes no harm", async () => {
      const mira = legacyHero("Mira", { ego: 3, items: [protectedItem()] });
      world.dialogAnswers.push(0);
      await applyLegacyHarm(mira, 2);
      expect(legacyOf(mira)).toMatchObject({ hp: { value: 3 }, ego: { value: 3 }, egoLost: 0 });
      expect(lastResult().dice).toEqual([]);
      world.dialogAnswers.push(null);
      await applyLegacyHarm(mira, 2);
      expect(legacyOf(mira).hp.value).toBe(3);
    });

    it("R-LEG-6 (stand-ins): no prompt without Protected, when armour stops it all, or when the character is lost", async () => {
      const plain = legacyHero("Oskar", { ego: 3 });
      await applyLegacyHarm(plain, 2);
      expect(world.dialogs).toHaveLength(0);
      expect(legacyOf(plain).hp.value).toBe(3);
      const mira = legacyHero("Mira", { ego: 3, items: [protectedItem()] });
      await applyLegacyHarm(mira, 0);
      expect(world.dialogs).toHaveLength(0);
      const lost = legacyHero("Lia", { ego: 0, lost: true, items: [protectedItem()] });
      await applyLegacyHarm(lost, 2);
      expect(world.dialogs).toHaveLength(0);
      expect(legacyOf(lost).hp.value).toBe(3);
    });
  },
);
