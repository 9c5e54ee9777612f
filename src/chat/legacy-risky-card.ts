/**
 * The Legacy Risky Action card (R-LEG-9, R-LEG-15 Multi-attack): the throw and the tools held. On a Success
 * it offers one Effect roll per held tool, each claimed on the card before its dice are thrown
 * (`claimEffectRoll`), then naming the Effect card it posted (`linkEffectCard`).
 */
import {
  assertInteger,
  assertListUpTo,
  assertStoredFaces,
  assertText,
  multiAttackHits,
  RulesError,
  STORED_LIST_MAX,
} from "../rules/index.ts";
import { legacyRiskyBand, legacyRiskyCard, type LegacyRiskyCardInput } from "./legacy-cards.ts";
import { isRollerOrGm, type CardUser } from "./permissions.ts";
import type { ResultCardView, ResultLine } from "./result-cards.ts";
import { CARD_REASON, type CardButtonView } from "./card-views.ts";

/** A weapon or tool the character held (equipped) when the dice were thrown. */
export interface LegacyTool {
  readonly id: string;
  readonly name: string;
}

/** One Effect rolled for the action: its hit (0, then Multi-attack's extra hits), the tool, the card posted. */
export interface LegacyEffectLink {
  readonly hit: number;
  readonly toolId: string;
  /** The Effect card's message id; null while its dice are being thrown. */
  readonly messageId: string | null;
}

export interface LegacyRiskyState {
  readonly version: number;
  readonly rollerId: string;
  readonly actorUuid: string;
  /** The throw as the card shows it (src/chat/legacy-cards.ts `legacyRiskyCard`). */
  readonly roll: LegacyRiskyCardInput;
  readonly tools: readonly LegacyTool[];
  /** R-LEG-15 the roller held *Multi-attack* when the dice were thrown. */
  readonly multiAttack: boolean;
  readonly effects: readonly LegacyEffectLink[];
}

export interface LegacyRiskyInput {
  readonly rollerId: string;
  readonly actorUuid: string;
  readonly roll: LegacyRiskyCardInput;
  readonly tools: readonly LegacyTool[];
  readonly multiAttack: boolean;
}

export function assertBoolean(value: unknown, what: string): boolean {
  if (typeof value !== "boolean") throw new RulesError("bad-choice", `${what} must be true or false.`, { what });
  return value;
}

function assertRollInput(roll: LegacyRiskyCardInput): void {
  if (roll.actorName !== undefined && roll.actorName !== null) assertText(roll.actorName, "The actor's name");
  assertText(roll.attributeLabelKey, "The attribute");
  if (roll.skillLabelKey !== null) assertText(roll.skillLabelKey, "The skill");
  assertStoredFaces(roll.light, "Light die");
  const dark = assertStoredFaces(roll.dark, "Dark die");
  if (!Array.isArray(roll.costly) || roll.costly.length > dark.length)
    throw new RulesError("bad-choice", "The card names more costly Dark Dice than were thrown.");
  roll.costly.forEach((c) => assertBoolean(c, "A Dark Die's cost"));
  assertInteger(roll.ego.before, "The Ego before", 0);
  assertInteger(roll.ego.after, "The Ego after", 0, roll.ego.before);
  assertBoolean(roll.lost, "lost");
}

/** R-LEG-9 R-LEG-15 how many hits a Risky card may roll an Effect for: none on a Fail; one, and Multi-attack's. */
export function legacyRiskyHits(state: Pick<LegacyRiskyState, "roll" | "multiAttack">): number {
  if (legacyRiskyBand(state.roll.light, state.roll.dark) === "fail") return 0;
  return 1 + legacyExtraHits(state);
}

/** R-LEG-15 *Multi-attack*'s extra hits: one per Dark Die showing 6 (none without the advancement). */
export function legacyExtraHits(state: Pick<LegacyRiskyState, "roll" | "multiAttack">): number {
  return state.multiAttack ? multiAttackHits(state.roll.dark) : 0;
}

/** A stored Legacy Risky card, checked whole: a forged or damaged card is refused, never read. */
export function assertLegacyRiskyState(state: LegacyRiskyState): LegacyRiskyState {
  assertInteger(state.version, "The card's version", 0);
  assertText(state.rollerId, "The roller's id");
  assertText(state.actorUuid, "The actor's id");
  assertRollInput(state.roll);
  for (const tool of assertListUpTo(state.tools, STORED_LIST_MAX, "The tools held")) {
    assertText(tool.id, "A tool's id");
    assertText(tool.name, "A tool's name");
  }
  assertBoolean(state.multiAttack, "multiAttack");
  const hits = legacyRiskyHits(state);
  const seen = new Set<number>();
  for (const link of assertListUpTo(state.effects, Math.max(1, hits), "The Effects rolled")) {
    assertInteger(link.hit, "A hit", 0, Math.max(0, hits - 1));
    if (hits === 0)
      throw new RulesError("not-allowed", "A failed action has no Effect to roll.", { reason: "noEffect" });
    if (seen.has(link.hit)) throw new RulesError("bad-choice", `Hit #${link.hit + 1} is rolled twice.`);
    seen.add(link.hit);
    if (!state.tools.some((t) => t.id === link.toolId))
      throw new RulesError("unknown-id", `"${String(link.toolId)}" is not a tool the character held.`, {
        id: String(link.toolId),
      });
    if (link.messageId !== null) assertText(link.messageId, "The Effect card's id");
  }
  return state;
}

export function createLegacyRiskyCard(input: LegacyRiskyInput): LegacyRiskyState {
  return assertLegacyRiskyState({ version: 0, ...input, effects: [] });
}

export function assertVersion(state: { readonly version: number }, expected: number | undefined): void {
  if (expected !== undefined && state.version !== expected)
    throw new RulesError("stale", "The card changed since you clicked; look again and retry.");
}

/** The next hit still to roll, or null when every hit has its Effect. */
export function nextLegacyHit(state: LegacyRiskyState): number | null {
  const hits = legacyRiskyHits(state);
  for (let hit = 0; hit < hits; hit++) if (!state.effects.some((e) => e.hit === hit)) return hit;
  return null;
}

/**
 * R-LEG-11 claims the next hit's Effect roll with the held tool `toolIndex` (before its dice are thrown,
 * so two clicks roll once): only the roller or a GM, only after a Success, once per hit.
 */
export function claimEffectRoll(
  state: LegacyRiskyState,
  user: CardUser,
  toolIndex: number,
  expectedVersion?: number,
): { readonly state: LegacyRiskyState; readonly hit: number; readonly tool: LegacyTool } {
  assertLegacyRiskyState(state);
  if (!isRollerOrGm(user, state.rollerId))
    throw new RulesError("not-allowed", "Only the player who rolled or a GM rolls this Effect.", {
      reason: "notRoller",
    });
  assertVersion(state, expectedVersion);
  if (legacyRiskyHits(state) === 0)
    throw new RulesError("not-allowed", "The action failed: no Effect is rolled (R-LEG-11).", { reason: "noEffect" });
  const hit = nextLegacyHit(state);
  if (hit === null)
    throw new RulesError("not-allowed", "Every hit of this action has its Effect.", { reason: "allRolled" });
  const tool = state.tools[assertInteger(toolIndex, "The tool", 0, Math.max(0, state.tools.length - 1))];
  if (!tool) throw new RulesError("unknown-id", "The character held no tool to roll with.", { id: String(toolIndex) });
  const effects = [...state.effects, { hit, toolId: tool.id, messageId: null }];
  return { state: { ...state, version: state.version + 1, effects }, hit, tool };
}

/** Names the Effect card posted for a claimed hit. */
export function linkEffectCard(state: LegacyRiskyState, hit: number, messageId: string): LegacyRiskyState {
  assertLegacyRiskyState(state);
  assertText(messageId, "The Effect card's id");
  if (!state.effects.some((e) => e.hit === hit && e.messageId === null))
    throw new RulesError("not-allowed", `Hit #${hit + 1} is not waiting for its Effect card.`);
  const effects = state.effects.map((e) => (e.hit === hit ? { ...e, messageId } : e));
  return { ...state, version: state.version + 1, effects };
}

/** Gives a claimed hit back (its roll was cancelled or failed before a card was posted). */
export function releaseEffectClaim(state: LegacyRiskyState, hit: number): LegacyRiskyState {
  const effects = state.effects.filter((e) => !(e.hit === hit && e.messageId === null));
  return { ...state, version: state.version + 1, effects };
}

/** The card has rolled `hit`'s Effect, and posted it as message `messageId` (the GM's check of an Effect card). */
export function legacyEffectRolledAs(state: LegacyRiskyState, hit: number, messageId: string): boolean {
  assertLegacyRiskyState(state);
  return legacyRiskyHits(state) > hit && state.effects.some((e) => e.hit === hit && e.messageId === messageId);
}

export interface LegacyToolButtonView extends CardButtonView {
  readonly index: number;
  readonly name: string;
}

export interface LegacyRiskyView extends ResultCardView {
  readonly version: number;
  /** One button per held tool (empty on a Fail, or with no tool held: then `noToolKey` says why). */
  readonly tools: readonly LegacyToolButtonView[];
  readonly noToolKey: string | null;
  /** The Effects rolled, in hit order. */
  readonly rolled: readonly { readonly toolName: string; readonly messageId: string | null; readonly n: number }[];
}

const NEXT_STEP = {
  noTool: "TERRAN.Card.Legacy.noTool",
  allRolled: "TERRAN.Card.Reason.allRolled",
} as const;

function riskyLines(state: LegacyRiskyState): ResultLine[] {
  const extra = legacyExtraHits(state);
  if (!state.multiAttack || legacyRiskyHits(state) === 0) return [];
  return [
    {
      labelKey: "TERRAN.Card.Legacy.multiAttack",
      value: String(extra),
      valueKey: "TERRAN.Card.Legacy.multiAttackValue",
      n: extra,
    },
  ];
}

/** The template's context of a Legacy Risky card, as `viewer` sees it. */
export function legacyRiskyView(state: LegacyRiskyState, viewer: CardUser): LegacyRiskyView {
  assertLegacyRiskyState(state);
  const base = legacyRiskyCard(state.roll);
  const hits = legacyRiskyHits(state);
  const open = nextLegacyHit(state);
  const reason = !isRollerOrGm(viewer, state.rollerId)
    ? CARD_REASON.notRoller
    : open === null
      ? NEXT_STEP.allRolled
      : null;
  const tools =
    hits === 0
      ? []
      : state.tools.map((t, index) => ({
          index,
          name: t.name,
          labelKey: "TERRAN.Card.Legacy.rollEffect",
          disabled: reason !== null,
          tooltipKey: reason,
        }));
  const name = (id: string) => state.tools.find((t) => t.id === id)?.name ?? "";
  return {
    ...base,
    lines: [...base.lines, ...riskyLines(state)],
    version: state.version,
    tools,
    noToolKey: hits > 0 && state.tools.length === 0 ? NEXT_STEP.noTool : null,
    rolled: [...state.effects]
      .sort((a, b) => a.hit - b.hit)
      .map((e) => ({ toolName: name(e.toolId), messageId: e.messageId, n: e.hit + 1 })),
  };
}
