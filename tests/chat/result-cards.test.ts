import { describe, expect, it } from "vitest";
import {
  assertResultCardView,
  creationCard,
  skillRollCard,
  egoResetCard,
  fortuneCard,
  gritResetCard,
  malaiseCard,
  sayonaraCard,
  startingTrackCard,
  type ResultCardView,
} from "../../src/chat/index.ts";
import { english } from "../support/templates.ts";
import { expectCode, renderDom, text } from "./fixtures.ts";

const render = (view: ResultCardView): HTMLElement => renderDom("chat/result-card.hbs", view);

/** The rendered lines as "label: value". */
function lines(root: HTMLElement): string[] {
  return [...root.querySelectorAll(".result-line")].map(
    (l) => `${text(l.querySelector("dt"))}: ${text(l.querySelector("dd"))}`,
  );
}

describe("result cards", () => {
  it("R-GRIT-1 R-GRIT-2: a rested Grit roll keeps the highest die; value and maximum become the roll", () => {
    const view = gritResetCard({ actorName: "Mira", faces: [2, 5], dieHard: false, kind: "rest" });
    expect(view).toMatchObject({
      titleKey: "TERRAN.Card.Grit.title",
      noteKey: "TERRAN.Card.Grit.rested",
      tone: "light",
    });
    const root = render(view);
    expect(text(root.querySelector(".card-title"))).toBe(english("TERRAN.Card.Grit.title"));
    expect(text(root.querySelector(".actor-name"))).toBe("Mira");
    expect([...root.querySelectorAll(".die")].map((d) => d.classList.contains("kept"))).toEqual([false, true]);
    expect(lines(root)).toEqual([
      `${english("TERRAN.Card.Grit.rollHighest")}: 5`,
      `${english("TERRAN.Card.Grit.value")}: 5 / 5`,
    ]);
    expect(text(root.querySelector(".note"))).toBe(english("TERRAN.Card.Grit.rested"));
  });

  it("R-GRIT-1 R-GRIT-2: Die Hard sums the dice; a poor night or poor food says so, poor food not with Asceticism; no dice gives 0", () => {
    const dieHard = gritResetCard({ faces: [2, 5, 3], dieHard: true, kind: "rest", previous: { value: 1, max: 4 } });
    expect(dieHard.lines.map((l) => l.value)).toEqual(["10", "1 / 4 → 10 / 10"]);
    expect(dieHard.dice.every((d) => d.cssClass.includes("kept"))).toBe(true);
    expect(gritResetCard({ faces: [4], dieHard: false, kind: "rest", poorNight: true }).noteKey).toBe(
      "TERRAN.Card.Grit.poorRest",
    );
    expect(gritResetCard({ faces: [4], dieHard: false, kind: "rest", poorFood: true }).noteKey).toBe(
      "TERRAN.Card.Grit.poorRest",
    );
    expect(
      gritResetCard({ faces: [4, 1], dieHard: false, kind: "rest", poorFood: true, asceticism: true }).noteKey,
    ).toBe("TERRAN.Card.Grit.asceticism");
    const none = gritResetCard({ faces: [], dieHard: false, kind: "rest", poorNight: true });
    expect(none).toMatchObject({ noteKey: "TERRAN.Card.Grit.noDice", tone: "dark" });
    expect(render(none).querySelector(".dice-tray")).toBeNull();
  });

  it("R-GRIT-2 (ruling): Asceticism does not excuse a poor night: the card says a die was lost", () => {
    expect(gritResetCard({ faces: [4], dieHard: false, kind: "rest", poorNight: true, asceticism: true }).noteKey).toBe(
      "TERRAN.Card.Grit.poorRest",
    );
    expect(
      gritResetCard({ faces: [4], dieHard: false, kind: "rest", poorNight: true, poorFood: true, asceticism: true })
        .noteKey,
    ).toBe("TERRAN.Card.Grit.poorRest");
  });

  it("R-GRIT-3: on a new advancement Grit rises to a higher roll, the maximum with it", () => {
    const view = gritResetCard({ faces: [6], dieHard: false, kind: "advancement", previous: { value: 2, max: 4 } });
    expect(view.titleKey).toBe("TERRAN.Card.Grit.titleAdvancement");
    expect(view.lines[1]?.value).toBe("2 / 4 → 6 / 6");
    const lower = gritResetCard({ faces: [3], dieHard: false, kind: "advancement", previous: { value: 2, max: 4 } });
    expect(lower.lines[1]?.value).toBe("2 / 4 → 3 / 4");
    expectCode(() => gritResetCard({ faces: [6], dieHard: false, kind: "advancement" }), "choice-required");
  });

  it("R-EGO-4: a Core Ego reset sets value and maximum, gives a Condition and 1 XP", () => {
    const view = egoResetCard({ rulesetId: "core", faces: [3, 5], previous: { value: 1, max: 4 } });
    expect(view).toMatchObject({ noteKey: "TERRAN.EgoReset.condition", tone: "light" });
    expect(lines(render(view))).toEqual([
      `${english("TERRAN.Card.EgoReset.roll")}: 5`,
      `${english("TERRAN.Card.EgoReset.value")}: 1 / 4 → 5 / 5`,
      `${english("TERRAN.Card.EgoReset.xp")}: +1`,
    ]);
  });

  it("R-EGO-5: a Degenesis reset shows the Primer spores row; no dice sets Ego to 0 and gains nothing", () => {
    expect(egoResetCard({ rulesetId: "degenesis", faces: [2] }).noteKey).toBe("TERRAN.EgoReset.stigma");
    expect(egoResetCard({ rulesetId: "degenesis", faces: [4] }).noteKey).toBe("TERRAN.EgoReset.mutationDetrimental");
    const six = render(egoResetCard({ rulesetId: "degenesis", faces: [6, 1] }));
    expect(text(six.querySelector(".note"))).toBe(english("TERRAN.EgoReset.mutationRandom"));
    const none = egoResetCard({ rulesetId: "core", faces: [] });
    expect(none).toMatchObject({ noteKey: "TERRAN.Card.EgoReset.noDice", tone: "dark" });
    expect(none.lines).toHaveLength(2);
  });

  it("R-HARM-6: a Malaise shows the die, the table's entry and the attribute lost", () => {
    const view = malaiseCard({ actorName: "Mira", face: 2, attribute: "finesse", dies: false });
    expect(lines(render(view))).toEqual([
      `${english("TERRAN.Card.Malaise.die")}: 2`,
      `${english("TERRAN.Card.Malaise.result")}: ${english("TERRAN.Card.Malaise.entry.prowess")}`,
      `${english("TERRAN.Card.Malaise.attribute")}: ${english("TERRAN.Attribute.finesse")}`,
    ]);
    expect(view.noteKey).toBe("TERRAN.Card.Malaise.permanent");
    expect(malaiseCard({ face: 1, attribute: null, dies: false })).toMatchObject({
      noteKey: "TERRAN.Card.Malaise.spared",
      tone: "light",
    });
    expect(malaiseCard({ face: 5, attribute: null, dies: false }).lines[1]?.valueKey).toBe(
      "TERRAN.Card.Malaise.entry.egoDice",
    );
  });

  it("R-HARM-6: a Malaise that cannot be taken kills; inconsistent outcomes are refused", () => {
    const view = malaiseCard({ face: 6, attribute: null, dies: true });
    expect(view).toMatchObject({ noteKey: "TERRAN.Card.Malaise.dies", tone: "dark" });
    expect(text(render(view).querySelector(".note"))).toBe(english("TERRAN.Card.Malaise.dies"));
    expectCode(() => malaiseCard({ face: 2, attribute: "reason", dies: false }), "bad-choice");
    expectCode(() => malaiseCard({ face: 5, attribute: "reason", dies: false }), "bad-choice");
    expectCode(() => malaiseCard({ face: 1, attribute: null, dies: true }), "bad-choice");
    expectCode(() => malaiseCard({ face: 3, attribute: null, dies: false }), "choice-required");
    expectCode(() => malaiseCard({ face: 0, attribute: null, dies: false }), "bad-face");
  });

  it("R-CHAR-4: the creation roll shows each group's die and the points it gives", () => {
    const view = creationCard({ roll: { insight: 2, prowess: 5, resolve: 6 } });
    expect(view.lines.map((l) => l.n)).toEqual([1, 2, 3]);
    expect(lines(render(view))).toEqual([
      `${english("TERRAN.Group.insight")}: 2, so 1 to share`,
      `${english("TERRAN.Group.prowess")}: 5, so 2 to share`,
      `${english("TERRAN.Group.resolve")}: 6, so 3 to share`,
    ]);
    expectCode(() => creationCard({ roll: { insight: 2, prowess: 7, resolve: 6 } }), "bad-face");
  });

  it("R-V-6: the extra skills die shows its face and the skills it gives; a non-face is refused", () => {
    const view = skillRollCard({ actorName: "Vera", face: 4, extra: 2 });
    expect(view.dice).toEqual([{ face: 4, cssClass: "die kept" }]);
    expect(lines(render(view))).toEqual([`${english("TERRAN.Card.CreationSkills.die")}: 4, so 2 more`]);
    expectCode(() => skillRollCard({ face: 7, extra: 3 }), "bad-face");
  });

  it("R-CHAR-7 R-GRIT-1 R-EGO-1: the starting Grit and Ego: the roll is value and maximum (Die Hard sums Grit)", () => {
    const grit = startingTrackCard({ actorName: "Mira", track: "grit", faces: [2, 5] });
    expect(grit.dice.map((d) => d.cssClass)).toEqual(["die dropped", "die kept"]);
    expect(lines(render(grit))).toEqual([
      `${english("TERRAN.Card.Grit.rollHighest")}: 5`,
      `${english("TERRAN.Card.Starting.Grit.value")}: 5 / 5`,
    ]);
    expect(text(render(grit).querySelector(".result-title, h3, header"))).toContain(
      english("TERRAN.Card.Starting.Grit.title"),
    );
    const hard = startingTrackCard({ track: "grit", faces: [2, 5], dieHard: true });
    expect(hard.lines[1]?.value).toBe("7 / 7");
    const ego = startingTrackCard({ track: "ego", faces: [3, 6], dieHard: true });
    expect(ego.lines.map((l) => l.value)).toEqual(["6", "6 / 6"]); // Die Hard is for Grit only
    const none = startingTrackCard({ track: "ego", faces: [] });
    expect(none).toMatchObject({ tone: "dark", noteKey: "TERRAN.Card.Starting.noDice" });
    expectCode(() => startingTrackCard({ track: "grit", faces: [0] }), "bad-face");
  });

  it("R-FORT-1: the Fortune die against the GM's chance", () => {
    const hit = fortuneCard({ face: 4, chance: 4 });
    expect(hit.tone).toBe("light");
    expect(lines(render(hit))).toEqual([
      `${english("TERRAN.Card.Fortune.chance")}: 4+`,
      `${english("TERRAN.Card.Fortune.result")}: ${english("TERRAN.Card.Fortune.success")}`,
    ]);
    const miss = fortuneCard({ face: 3, chance: 4 });
    expect(miss.tone).toBe("dark");
    expect(miss.lines[1]?.valueKey).toBe("TERRAN.Card.Fortune.failure");
    expectCode(() => fortuneCard({ face: 3, chance: 7 }), "out-of-range");
  });

  it("R-SAY-1: Sayonara shows old and new Grit and Ego (Core: the new; Degenesis: the higher)", () => {
    const old = { grit: { value: 2, max: 5 }, ego: { value: 1, max: 4 } };
    const core = sayonaraCard({ rulesetId: "core", old, rolls: { grit: 3, ego: 2 } });
    expect(core.lines.map((l) => l.value)).toEqual(["2 / 5 → 3 / 3", "1 / 4 → 2 / 2"]);
    expect(core.noteKey).toBe("TERRAN.Card.Sayonara.new");
    const deg = sayonaraCard({ rulesetId: "degenesis", old, rolls: { grit: 1, ego: 6 } });
    expect(deg.lines.map((l) => l.value)).toEqual(["2 / 5 → 2 / 5", "1 / 4 → 6 / 6"]);
    expect(text(render(deg).querySelector(".note"))).toBe(english("TERRAN.Card.Sayonara.higher"));
  });

  it("R-HARM-6 R-CHAR-4: every result card renders, with its name escaped", () => {
    const evil = "<img src=x onerror=alert(1)>";
    const views = [
      gritResetCard({ actorName: evil, faces: [3], dieHard: false, kind: "rest" }),
      egoResetCard({ actorName: evil, rulesetId: "core", faces: [3] }),
      malaiseCard({ actorName: evil, face: 4, attribute: "influence", dies: false }),
      creationCard({ actorName: evil, roll: { insight: 1, prowess: 1, resolve: 1 } }),
      fortuneCard({ actorName: evil, face: 1, chance: 2 }),
      sayonaraCard({
        actorName: evil,
        rulesetId: "core",
        old: { grit: { value: 1, max: 1 }, ego: { value: 0, max: 3 } },
        rolls: { grit: 1, ego: 1 },
      }),
    ];
    for (const view of views) {
      const root = render(view);
      expect(root.querySelectorAll("img")).toHaveLength(0);
      expect(text(root.querySelector(".actor-name"))).toBe(evil);
      expect(root.querySelector(".result-card")?.classList.contains(`tone-${view.tone}`)).toBe(true);
      expect(root.querySelector("[data-action]")).toBeNull();
    }
    expect(render(fortuneCard({ face: 6, chance: 1 })).querySelector(".actor-name")).toBeNull();
  });

  it("R-RA-1: a stored result card is checked whole: every builder's card passes, a forged one is refused", () => {
    const views = [
      gritResetCard({ actorName: "Mira", faces: [2, 5], dieHard: false, kind: "rest" }),
      egoResetCard({ rulesetId: "core", faces: [3] }),
      fortuneCard({ face: 6, chance: 1 }),
      creationCard({ actorName: null, roll: { insight: 1, prowess: 1, resolve: 1 } }),
    ];
    for (const view of views) expect(assertResultCardView(view)).toBe(view);
    const forged = (view: object): ResultCardView => ({ ...views[0], ...view }) as ResultCardView;
    expectCode(() => assertResultCardView(null as unknown as ResultCardView), "bad-choice");
    expectCode(() => assertResultCardView(forged({ titleKey: 7 })), "bad-choice");
    expectCode(() => assertResultCardView(forged({ actorName: { name: "Mira" } })), "bad-choice");
    expectCode(() => assertResultCardView(forged({ tone: "toString" })), "unknown-id");
    expectCode(() => assertResultCardView(forged({ dice: [{ face: "6", cssClass: "die" }] })), "bad-face");
    expectCode(() => assertResultCardView(forged({ dice: [{ face: 7, cssClass: "die" }] })), "bad-face");
    expectCode(() => assertResultCardView(forged({ lines: "1 / 4" })), "bad-choice");
    expectCode(
      () => assertResultCardView(forged({ lines: [{ labelKey: "a", value: "1", valueKey: null, n: Number.NaN }] })),
      "not-integer",
    );
  });
});
