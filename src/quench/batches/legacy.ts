/**
 * The Legacy ruleset in a live world (the world's ruleset switched for the batch, a GM only, and put back):
 * creation's rolled attributes (R-LEG-2), a Risky Action and its card (R-LEG-8, R-LEG-9), a Critical Wound
 * (R-LEG-5), the session's Experience (R-LEG-12), the Advancement roll (R-LEG-13) and the sheet.
 * No documented API forces Foundry's dice, so a roll's test reads the faces thrown and checks the rules
 * against them; where a known state is needed, the roll's own operation is committed with chosen faces.
 */
import type { CharacterData } from "../../data/actor/character.ts";
import type { TerranActor } from "../../documents/actor.ts";
import type { RulesetId } from "../../rules/index.ts";
import { currentUser, kit, Made, posting, sheetOf, type TerranBatch } from "../support.ts";
import type { QuenchBatchContext } from "../quench-types.ts";

/**
 * The faces the forced creation rolls, in sheet order, and the ratings the bands give them (R-LEG-2: 1–3 → 0, 4–5 → 1,
 * 6 → 2).
 */
const CREATION = {
  faces: [
    [6, 2],
    [5, 1],
    [3, 3],
    [6, 6],
  ],
  ratings: { strength: 2, agility: 1, insight: 0, charisma: 2 },
} as const;
/** R-LEG-4 HP max = Strength + Agility + 2; R-LEG-7 Ego max = Insight + Charisma + 2 (no Advancement, no Condition). */
const HP_MAX = 2 + 1 + 2;
const EGO_MAX = 0 + 2 + 2;

/**
 * The one card among `messages` with this title: a plain result card (src/chat/legacy-cards.ts), or the
 * Risky Action's and the Effect's cards, which keep their result view as `roll` (src/chat/legacy-*-card.ts).
 */
function resultCard(messages: readonly ChatMessage.Implementation[], titleKey: string): ChatMessage.Implementation {
  const { storedCard } = kit();
  const found = messages.filter((m) => {
    const card = storedCard(m);
    if (card?.kind === "legacyRisky") return titleKey === "TERRAN.Card.Legacy.riskyTitle";
    if (card?.kind === "legacyEffect") return titleKey === "TERRAN.Card.Legacy.effectTitle";
    return card?.kind === "result" && card.state.titleKey === titleKey;
  });
  const [card] = found;
  if (found.length !== 1 || !card) throw new Error(`expected one ${titleKey} card, found ${found.length}`);
  return card;
}

/** The d6 faces of a message's first roll (a plain Roll or a TerranRoll). */
function facesOf(message: ChatMessage.Implementation): number[] {
  return (message.rolls[0]?.dice ?? []).flatMap((die) => die.results.map((r) => r.result));
}

/**
 * What the groups share: the documents made, the ruleset to put back after, and the character the
 * `before` hook makes (reading it before then fails the test that reads it), with its data read fresh.
 */
class LegacyRun {
  readonly made = new Made();
  /** The world's ruleset before the batch switched it to Legacy (null: it was Legacy already). */
  previous: RulesetId | null = null;
  #hero: TerranActor | null = null;
  readonly system = (): CharacterData => this.hero.system as CharacterData;
  /** The stored values the batch reads: the ratings (`system.ratings`), HP (`system.hitPoints`), the counts. */
  readonly stored = () => {
    const { advancementsWonOf, egoLostOf, hitPointsOf, ratingsOf } = kit();
    const s = this.system();
    return { ...ratingsOf(s), hp: hitPointsOf(s), egoLost: egoLostOf(s), advancementsWon: advancementsWonOf(s) };
  };

  get hero(): TerranActor {
    if (!this.#hero) throw new Error("the Legacy character was not made");
    return this.#hero;
  }
  set hero(actor: TerranActor) {
    this.#hero = actor;
  }
}

/** The world the batch needs: a GM, the ruleset switched to Legacy (put back after), one character. */
function setUp({ before, after }: QuenchBatchContext, run: LegacyRun): void {
  const { made } = run;
  const { mayWriteWorldSettings, SYSTEM_ID, SETTINGS, TerranActor } = kit();
  before(async function () {
    // The ruleset is a world setting: only a GM whose role may modify the world's settings may change it
    // (a Gamemaster; an Assistant GM, by default, may not).
    if (!currentUser().isGM || !mayWriteWorldSettings()) this.skip();
    const current = game.settings?.get(SYSTEM_ID, SETTINGS.ruleset) ?? "core";
    if (current !== "legacy") {
      run.previous = current;
      await game.settings?.set(SYSTEM_ID, SETTINGS.ruleset, "legacy");
    }
    const actor = made.keep(await Actor.create({ name: "Quench Legacy hero", type: "character" }));
    if (!(actor instanceof TerranActor)) throw new Error("the character is not a TerranActor");
    run.hero = actor;
  });
  after(async () => {
    await made.cleanUp();
    if (run.previous !== null) await game.settings?.set(SYSTEM_ID, SETTINGS.ruleset, run.previous);
    run.previous = null;
  });
}

/** R-LEG-4 / R-LEG-7 the world reads as Legacy, and a new character starts at its defaults. */
function theWorld({ describe, it, assert }: QuenchBatchContext, run: LegacyRun): void {
  const { system, stored } = run;
  const { currentRuleset, LEGACY_ATTRIBUTES } = kit();
  describe("the world and the character", () => {
    it("the world's ruleset reads as Legacy while the batch runs", () => {
      assert.strictEqual(currentRuleset().id, "legacy");
    });

    it("a new character starts at the Legacy defaults, its HP and Ego maxima derived (R-LEG-4, R-LEG-7)", () => {
      for (const a of LEGACY_ATTRIBUTES) assert.strictEqual(stored().attributes[a], 0, a);
      assert.strictEqual(system().derived.hitPoints.max, 2);
      assert.strictEqual(system().derived.ratings.ego.max, 2);
    });
  });
}

/** R-LEG-2 the creation roll, then the ratings set by forced dice. */
function creation({ describe, it, assert }: QuenchBatchContext, run: LegacyRun): void {
  const { made, system, stored } = run;
  const { rollLegacyCreation, currentRuleset, LEGACY_ATTRIBUTES, creationRating, legacyCreationOperation } = kit();
  describe("creation (R-LEG-2)", () => {
    it("the creation roll rates each attribute from its own two dice, fills HP and Ego, and posts its card", async () => {
      const { result, messages } = await posting(made, () => rollLegacyCreation(run.hero));
      if (!result) return assert.fail("the creation roll was refused");
      const ruleset = currentRuleset();
      LEGACY_ATTRIBUTES.forEach((a, i) => {
        assert.strictEqual(result.ratings[a], creationRating(ruleset, result.faces[i] ?? []), a);
        assert.strictEqual(stored().attributes[a], result.ratings[a], `${a} is stored`);
      });
      assert.strictEqual(stored().hp.value, system().derived.hitPoints.max, "HP full");
      assert.strictEqual(stored().ego.value, system().derived.ratings.ego.max, "Ego full");
      const card = resultCard(messages, "TERRAN.Card.Legacy.creationTitle");
      assert.deepEqual(facesOf(card), result.faces.flat(), "the card's roll holds the faces rated");
      const html = await card.renderHTML();
      assert.isNotNull(html.querySelector('[data-card="result"].legacy-creation'), "the creation card is drawn");
    });

    it("with forced dice (the operation the roll commits) the bands give 2, 1, 0, 2 and the maxima follow", async () => {
      await run.hero.commitOperation(
        legacyCreationOperation(run.hero.characterState(), currentRuleset(), CREATION.faces),
      );
      assert.deepEqual({ ...stored().attributes }, { ...CREATION.ratings });
      assert.strictEqual(system().derived.hitPoints.max, HP_MAX);
      assert.strictEqual(system().derived.ratings.ego.max, EGO_MAX);
      assert.strictEqual(stored().hp.value, HP_MAX);
      assert.strictEqual(stored().ego.value, EGO_MAX);
    });
  });
}

/** R-LEG-5, R-LEG-8, R-LEG-9, R-LEG-12, R-LEG-13 a Risky Action, harm, the session's end, the Advancement roll. */
function play({ describe, it, assert }: QuenchBatchContext, run: LegacyRun): void {
  const { made, system, stored } = run;
  const { rollLegacyRisky, TerranRoll, spendEgo, currentRuleset, legacyRiskyBand, spendEgoOperation } = kit();
  const { assessHpHarmOperation, applyLegacyHarm, endLegacySession, sessionXp, rollExperience } = kit();
  describe("play", () => {
    it("a Risky Action (rollLegacyRisky) spends Ego for each Dark Die at or below it, counts it lost, and posts its card (R-LEG-8, R-LEG-9)", async () => {
      const egoBefore = stored().ego.value;
      const lostBefore = stored().egoLost;
      const request = { attribute: "strength", skill: "violence", light: 2, dark: 2, messageMode: "public" } as const;
      const { result, messages } = await posting(made, () => rollLegacyRisky(run.hero, request));
      if (!result) return assert.fail("the Risky Action was refused");
      const message = resultCard(messages, "TERRAN.Card.Legacy.riskyTitle");
      const roll = message.rolls[0];
      if (!(roll instanceof TerranRoll)) return assert.fail("the card's roll is a TerranRoll");
      assert.lengthOf(roll.lightFaces, request.light);
      assert.lengthOf(roll.darkFaces, request.dark);
      const spend = spendEgo(currentRuleset(), roll.darkFaces, egoBefore);
      assert.strictEqual(stored().ego.value, spend.after, "Ego after the Dark Dice");
      assert.strictEqual(stored().egoLost, lostBefore + spend.cost, "the Ego lost is counted for the session");
      assert.strictEqual(
        result.noteKey,
        `TERRAN.Card.Legacy.band.${legacyRiskyBand(roll.lightFaces, roll.darkFaces)}`,
        "the outcome is the highest die",
      );
      assert.isTrue(message.isContentVisible, "a public card");
      const html = await message.renderHTML();
      assert.isNotNull(
        html.querySelector('[data-card="legacyRisky"].legacy-risky'),
        "the Risky Action card is drawn in the log",
      );
      assert.lengthOf(html.querySelectorAll(".dice-tray .die"), request.light + request.dark, "with every die thrown");
    });

    it("a forced Dark Die of 1 costs 1 Ego and adds it to the count (R-LEG-8)", async () => {
      const ego = stored().ego.value;
      const lost = stored().egoLost;
      await run.hero.commitOperation(spendEgoOperation(run.hero.characterState(), currentRuleset(), [1]));
      assert.strictEqual(stored().ego.value, ego - 1);
      assert.strictEqual(stored().egoLost, lost + 1);
    });

    it("harm equal to its HP brings it to 0 and Critically Wounded, not dead, with its card (R-LEG-4, R-LEG-5)", async () => {
      // The Effect that reaches 0 HP through whatever armour the character wears (none here).
      const effect = stored().hp.value + assessHpHarmOperation(run.hero.characterState(), stored().hp.value).armour;
      const { result, messages } = await posting(made, () => applyLegacyHarm(run.hero, effect));
      if (!result) return assert.fail("the harm was refused");
      assert.strictEqual(result.wound, "critical");
      assert.strictEqual(stored().hp.value, 0);
      assert.isTrue(stored().hp.critical, "Critical is marked");
      assert.isFalse(stored().hp.mortal);
      assert.isFalse(system().dead);
      resultCard(messages, "TERRAN.Card.Legacy.harmTitle");
    });

    it("Session over turns the Ego lost into XP and starts the count again (R-LEG-12)", async () => {
      const lost = stored().egoLost;
      const xp = system().xp;
      assert.isAbove(lost, 0, "Ego was lost this session");
      const result = await endLegacySession(run.hero);
      if (!result) return assert.fail("Session over was refused");
      assert.strictEqual(result.gained, sessionXp(currentRuleset(), { egoLost: lost }));
      assert.strictEqual(system().xp, xp + result.gained);
      assert.strictEqual(stored().egoLost, 0);
    });

    it("the Advancement roll spends it, one die per point, and wins when the sum reaches Ego max + HP max (R-LEG-13)", async () => {
      const dice = system().xp;
      const won = stored().advancementsWon;
      const target = system().derived.ratings.ego.max + system().derived.hitPoints.max;
      const { result, messages } = await posting(made, () => rollExperience(run.hero, dice, null));
      if (!result) return assert.fail("the Advancement roll was refused");
      assert.lengthOf(result.faces, dice);
      assert.strictEqual(
        result.sum,
        result.faces.reduce((s, f) => s + f, 0),
      );
      assert.strictEqual(result.target, target);
      assert.strictEqual(result.success, result.sum >= target);
      assert.strictEqual(system().xp, 0, "every point spent");
      assert.strictEqual(stored().advancementsWon, won + (result.success ? 1 : 0));
      assert.deepEqual(facesOf(resultCard(messages, "TERRAN.Card.Legacy.advancementTitle")), [...result.faces]);
    });
  });
}

/** The sheet draws the Legacy fields, not Core's. */
function theSheet({ describe, it, assert }: QuenchBatchContext, run: LegacyRun): void {
  const { stored } = run;
  const { LEGACY_ATTRIBUTES } = kit();
  describe("the sheet", () => {
    it("draws the Legacy fields: attributes, skills, HP and Ego, the wound boxes — and not Core's Grit", async () => {
      const sheet = sheetOf(run.hero);
      await sheet.render({ force: true });
      try {
        const root = sheet.element;
        for (const a of LEGACY_ATTRIBUTES)
          assert.isNotNull(root.querySelector(`.te-legacy-attributes [data-attribute="${a}"]`), a);
        assert.isNotNull(root.querySelector('.te-legacy-skills [data-skill="violence"]'), "the skills");
        assert.strictEqual(
          root.querySelector<HTMLInputElement>('input[name="system.hitPoints.value"]')?.value,
          "0",
          "HP",
        );
        assert.strictEqual(
          root.querySelector<HTMLInputElement>('input[name="system.ratings.ego.value"]')?.value,
          String(stored().ego.value),
          "Ego",
        );
        assert.strictEqual(
          root.querySelector('[data-action="toggleLegacyWound"][data-wound="critical"]')?.getAttribute("aria-pressed"),
          "true",
          "Critical is marked",
        );
        assert.isNull(root.querySelector('input[name="system.grit.value"]'), "no Grit under Legacy");
      } finally {
        await sheet.close();
      }
    });
  });
}

export const legacyBatch: TerranBatch = {
  key: "terran-engine.legacy",
  displayName: "Terran Engine: the Legacy ruleset in play",
  register(context) {
    const run = new LegacyRun();
    setUp(context, run);
    theWorld(context, run);
    creation(context, run);
    play(context, run);
    theSheet(context, run);
  },
};
