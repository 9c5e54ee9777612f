/** Builders shared by the chat card tests: plain card states, users, viewers, and a DOM to read. */
import { Window } from "happy-dom";
import { expect } from "vitest";
import type {
  CardViewer,
  ChallengeCardInput,
  ChallengeCardState,
  ChallengeCardViewer,
  GritHarmEntry,
  RiskyCardInput,
  RiskyCardState,
} from "../../src/chat/index.ts";
import { createChallengeCard, createRiskyCard } from "../../src/chat/index.ts";
import { CORE, RulesError, type Pool, type PoolLine, type RulesErrorCode } from "../../src/rules/index.ts";
import { renderTemplate } from "../support/templates.ts";

export const ROLLER = { id: "player1", isGM: false } as const;
export const OTHER = { id: "player2", isGM: false } as const;
export const GM = { id: "gm", isGM: true } as const;

/** A pool of `light` Light and `dark` Dark Dice on Finesse, with optional modifier lines. */
export function pool(light: number, dark: number, lines: PoolLine[] = []): Pool {
  const raw = lines.reduce((t, l) => t + l.dice, light);
  return {
    base: light,
    baseLabel: "TERRAN.Attribute.finesse",
    lines,
    raw,
    light,
    dark,
    clamp: null,
    empty: light + dark === 0,
  };
}

/** A fresh card: Core, Finesse, no weapon, Ego 4, not in combat. */
export function card(light: number[], dark: number[] = [], partial: Partial<RiskyCardInput> = {}): RiskyCardState {
  return createRiskyCard({
    rollerId: ROLLER.id,
    actorUuid: "Actor.abc",
    actorName: "Mira",
    rulesetId: "core",
    target: { kind: "attribute", attribute: "finesse" },
    reaction: false,
    light,
    dark,
    pool: pool(light.length, dark.length),
    egoBefore: 4,
    sayonara: false,
    singleDieServesBoth: true,
    weapon: null,
    rank: 1,
    combat: false,
    flags: { whirlwind: false, specialist: false, fast: false, slow: false },
    ...partial,
  });
}

export function viewer(user: { id: string; isGM: boolean }, partial: Partial<CardViewer> = {}): CardViewer {
  return { ...user, gmOnline: true, mayApply: true, mayApplyReason: null, ...partial };
}

export function challengeViewer(
  user: { id: string; isGM: boolean },
  partial: Partial<ChallengeCardViewer> = {},
): ChallengeCardViewer {
  return { ...viewer(user), offerHarm: true, ruleset: CORE, ...partial };
}

const window = new Window();

/** Renders a template with a context and parses it into a detached element. */
export function renderDom(path: string, context: object): HTMLElement {
  const html = renderTemplate(path, context);
  const host = window.document.createElement("div");
  host.innerHTML = html;
  return host as unknown as HTMLElement;
}

/** Whitespace-collapsed text of an element. */
export function text(el: Element | null | undefined): string {
  return (el?.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** Asserts that `fn` throws a RulesError with this code. */
export function expectCode(fn: () => unknown, code: RulesErrorCode): RulesError {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(RulesError);
  const error = caught as RulesError;
  expect(error.code).toBe(code);
  expect(error.message.length).toBeGreaterThan(10);
  return error;
}

/** A Serious Challenge card, Effect 14 (3 and 6, the 6 exploding into 6, 2). */
export function challenge(partial: Partial<ChallengeCardInput> = {}): ChallengeCardState {
  return createChallengeCard({
    rollerId: GM.id,
    challengeUuid: "Actor.brute",
    challengeName: "Brute",
    facetName: "Fight",
    tierKey: "TERRAN.ChallengeTier.serious",
    stats: { dice: 2, halved: false },
    faces: [3, 6],
    chain: [6, 2],
    ...partial,
  });
}

/** A harm record that follows from that card: Grit 5, armour 1, damage 13, Broken marked. */
export function harm(partial: Partial<GritHarmEntry> = {}): GritHarmEntry {
  return {
    model: "grit",
    targetName: "Mira",
    effect: 14,
    armour: 1,
    damage: 13,
    shieldSacrificed: false,
    gritBefore: 5,
    gritAfter: 0,
    wound: "broken",
    mortallyWounded: false,
    dead: false,
    userId: ROLLER.id,
    ...partial,
  };
}

/** A card button drawn closed: aria-disabled, so it keeps the focus and its reason stays in reach of the keyboard. */
export function isClosed(el: Element | null | undefined): boolean {
  return el?.getAttribute("aria-disabled") === "true";
}
