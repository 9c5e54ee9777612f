/**
 * The GM's roll request (R-POOL-1, R-RA-8, R-FORT-1): one card, a row per character; each answer card carries
 * an `AnswerLink` in its flags. Ruling: the request stores nothing after it is posted; every client derives
 * each row's result from the chat log, so no GM or relay is needed and the GM's side trusts nothing sent to it.
 */
import {
  assertFaces,
  assertInteger,
  assertText,
  fortune,
  getRuleset,
  isAttribute,
  isGroup,
  RulesError,
  type Ruleset,
  type RulesetId,
  type RollTarget,
} from "../rules/index.ts";
import { legacyRiskyBand } from "./legacy-cards.ts";
import type { CardUser } from "./permissions.ts";
import { riskyCardResult, type RiskyCardState } from "./risky-card.ts";

/** An attribute or Save of the world's ruleset (its ids), or the Fortune die. */
export type RequestSubject =
  | { readonly kind: "attribute"; readonly attribute: string }
  | { readonly kind: "save"; readonly group: string }
  | { readonly kind: "fortune"; readonly chance: number };

export interface RequestRow {
  readonly actorUuid: string;
  readonly actorName: string;
}

export interface RequestCardState {
  readonly version: number;
  readonly gmId: string;
  /** Its attributes and Saves are what may be asked. */
  readonly rulesetId: RulesetId;
  readonly subject: RequestSubject;
  /** Shown as text. */
  readonly note: string;
  readonly rows: readonly RequestRow[];
}

export interface AnswerLink {
  readonly requestId: string;
  readonly actorUuid: string;
  /** R-FORT-1 its card is a plain result card. */
  readonly fortune?: { readonly face: number; readonly chance: number };
  /** R-LEG-9 its card is a plain result card. */
  readonly legacy?: { readonly attribute: string; readonly light: readonly number[]; readonly dark: readonly number[] };
}

const NOTE_MAX = 500;
const MAX_ROWS = 50;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Against the ruleset's attributes and Saves (none in Legacy). */
export function assertRequestSubject(value: unknown, ruleset: Ruleset): RequestSubject {
  if (!isRecord(value))
    throw new RulesError("bad-choice", "A roll request names nothing to roll.", { what: "subject" });
  const scheme = ruleset.attributes;
  const { attribute, group } = value;
  if (value.kind === "attribute" && typeof attribute === "string" && scheme.list.some((a) => a.id === attribute))
    return { kind: "attribute", attribute };
  if (
    value.kind === "save" &&
    typeof group === "string" &&
    scheme.saves !== null &&
    scheme.groups.some((g) => g.id === group)
  )
    return { kind: "save", group };
  if (value.kind === "fortune")
    return { kind: "fortune", chance: assertInteger(value.chance as number, "The Fortune chance", 1, 6) };
  throw new RulesError("unknown-id", "A roll request asks for something that cannot be rolled.", {
    id: String(value.kind),
  });
}

export function assertRequestCardState(state: RequestCardState): RequestCardState {
  const raw: unknown = state;
  if (!isRecord(raw) || !Array.isArray(raw.rows))
    throw new RulesError("bad-choice", "A roll request has no rows.", { what: "rows" });
  assertInteger(raw.version as number, "The card's version", 1);
  assertText(raw.gmId, "The GM's id");
  assertRequestSubject(raw.subject, getRuleset(String(raw.rulesetId)));
  if (assertText(raw.note, "The request's note").length > NOTE_MAX)
    throw new RulesError("out-of-range", "The note is too long.", { what: "note" });
  if (raw.rows.length === 0 || raw.rows.length > MAX_ROWS)
    throw new RulesError("out-of-range", "A roll request needs 1 to 50 characters.", { what: "rows" });
  const seen = new Set<string>();
  for (const row of raw.rows as unknown[]) {
    if (!isRecord(row)) throw new RulesError("bad-choice", "A roll request's row is not a record.", { what: "row" });
    const uuid = assertText(row.actorUuid, "An actor's id");
    assertText(row.actorName, "An actor's name");
    if (seen.has(uuid)) throw new RulesError("bad-choice", "A character is asked twice.", { what: "row" });
    seen.add(uuid);
  }
  return state;
}

/** The note trimmed; each row once, in the order picked. */
export function createRequestCard(
  gmId: string,
  ruleset: Ruleset,
  subject: RequestSubject,
  note: string,
  rows: readonly RequestRow[],
): RequestCardState {
  const unique = rows.filter((row, i) => rows.findIndex((r) => r.actorUuid === row.actorUuid) === i);
  if (unique.length === 0)
    throw new RulesError("choice-required", "Pick at least one character to roll.", { reason: "noneChosen" });
  const state = {
    version: 1,
    gmId,
    rulesetId: ruleset.id,
    subject: assertRequestSubject(subject, ruleset),
    note: assertText(note, "The request's note").trim(),
    rows: unique,
  };
  return assertRequestCardState(state);
}

/** Null for the Fortune die and for an attribute Legacy's own dialog takes (by id). */
export function requestTarget(subject: RequestSubject): RollTarget | null {
  if (subject.kind === "attribute" && isAttribute(subject.attribute))
    return { kind: "attribute", attribute: subject.attribute };
  if (subject.kind === "save" && isGroup(subject.group)) return { kind: "save", group: subject.group };
  return null;
}

/** Untrusted flags; null when malformed. */
export function readAnswerLink(value: unknown): AnswerLink | null {
  if (!isRecord(value) || typeof value.requestId !== "string" || typeof value.actorUuid !== "string") return null;
  const l = value.legacy;
  if (l !== undefined) {
    const faces = (v: unknown): v is number[] =>
      Array.isArray(v) && v.length <= 20 && v.every((n) => typeof n === "number");
    if (
      !isRecord(l) ||
      typeof l.attribute !== "string" ||
      !faces(l.light) ||
      !faces(l.dark) ||
      value.fortune !== undefined
    )
      return null;
    return {
      requestId: value.requestId,
      actorUuid: value.actorUuid,
      legacy: { attribute: l.attribute, light: l.light, dark: l.dark },
    };
  }
  const f = value.fortune;
  if (f === undefined) return { requestId: value.requestId, actorUuid: value.actorUuid };
  if (!isRecord(f) || typeof f.face !== "number" || typeof f.chance !== "number") return null;
  return { requestId: value.requestId, actorUuid: value.actorUuid, fortune: { face: f.face, chance: f.chance } };
}

// ---------------------------------------------------------------------------------------------
// Answers, derived from the chat log

/** As the glue reads it. */
export interface AnswerCandidate {
  readonly messageId: string;
  readonly link: AnswerLink;
  /** An owner of the row's actor, or a GM. */
  readonly authorMayRoll: boolean;
  readonly visible: boolean;
  readonly risky: RiskyCardState | null;
}

export interface RowAnswer {
  readonly messageId: string;
  readonly visible: boolean;
  /** R-RA-1 (Fortune: success or fail); null when hidden. */
  readonly band: "fail" | "partial" | "success" | null;
  /** R-RA-3 … R-RA-5 confirmed, else null. */
  readonly effect: number | null;
  /** Lands but is not confirmed yet. */
  readonly effectPending: boolean;
  /** R-FORT-1 */
  readonly face: number | null;
}

function sameTarget(a: RollTarget, b: RollTarget): boolean {
  return a.kind === "attribute"
    ? b.kind === "attribute" && a.attribute === b.attribute
    : b.kind === "save" && a.group === b.group;
}

/**
 * Null unless the link names this request and row, its author may roll for the actor, and the card rolled what
 * was asked: a Risky card checked whole, a Fortune face at the chance asked, a Legacy outcome read from its
 * dice by the rules (`legacyRiskyBand`; R-LEG-11 ruling: its Effect roll answers no row). A hidden card shows
 * only that the row was answered.
 */
export function answerOf(
  state: RequestCardState,
  requestId: string,
  row: RequestRow,
  candidate: AnswerCandidate,
): RowAnswer | null {
  const { link } = candidate;
  if (link.requestId !== requestId || link.actorUuid !== row.actorUuid || !candidate.authorMayRoll) return null;
  const hidden = {
    messageId: candidate.messageId,
    visible: false,
    band: null,
    effect: null,
    effectPending: false,
    face: null,
  } as const;
  try {
    const subject = state.subject;
    if (subject.kind === "fortune") {
      if (!link.fortune || candidate.risky) return null;
      const rolled = fortune(link.fortune.face, link.fortune.chance);
      if (rolled.chance !== subject.chance) return null;
      return candidate.visible
        ? { ...hidden, visible: true, band: rolled.success ? "success" : "fail", face: rolled.face }
        : hidden;
    }
    if (link.legacy) {
      if (candidate.risky || subject.kind !== "attribute" || link.legacy.attribute !== subject.attribute) return null;
      const band = legacyRiskyBand(assertFaces(link.legacy.light), assertFaces(link.legacy.dark));
      return candidate.visible ? { ...hidden, visible: true, band } : hidden;
    }
    const card = candidate.risky;
    const target = requestTarget(subject);
    if (
      !card ||
      !target ||
      card.actorUuid !== row.actorUuid ||
      !sameTarget(card.target, target) ||
      card.reaction !== (subject.kind === "save")
    )
      return null;
    const result = riskyCardResult(card);
    if (!candidate.visible) return hidden;
    const band = result.gmSuccess ? "partial" : result.band;
    const effect = result.effect?.value ?? null;
    return {
      ...hidden,
      visible: true,
      band,
      effect,
      effectPending: effect === null && !result.locked && result.landing.player,
    };
  } catch (error) {
    if (error instanceof RulesError) return null; // A card the rules cannot read answers nothing.
    throw error;
  }
}

/** The first candidate in chat order. */
export function requestAnswers(
  state: RequestCardState,
  requestId: string,
  candidates: readonly AnswerCandidate[],
): (RowAnswer | null)[] {
  assertRequestCardState(state);
  return state.rows.map((row) => {
    for (const c of candidates) {
      const answer = answerOf(state, requestId, row, c);
      if (answer) return answer;
    }
    return null;
  });
}

// ---------------------------------------------------------------------------------------------
// The view

/** The glue reads the actors' ownership. */
export interface RequestViewer extends CardUser {
  /** Per row (a GM owns all). */
  readonly owns: readonly boolean[];
}

export interface RequestRowView {
  readonly index: number;
  readonly name: string;
  readonly answered: boolean;
  readonly messageId: string | null;
  readonly visible: boolean;
  readonly bandKey: string | null;
  readonly band: string;
  readonly effect: number | null;
  readonly effectPending: boolean;
  readonly face: number | null;
  readonly roll: { readonly disabled: boolean; readonly tooltipKey: string | null };
}

export interface RequestCardView {
  readonly cssClass: string;
  readonly subjectKey: string;
  readonly chance: number | null;
  readonly reaction: boolean;
  readonly note: string;
  readonly rows: readonly RequestRowView[];
  readonly answeredCount: number;
}

/** The ruleset's own label. */
export function subjectKey(subject: RequestSubject, ruleset: Ruleset): string {
  const scheme = ruleset.attributes;
  if (subject.kind === "attribute") return scheme.list.find((a) => a.id === subject.attribute)?.labelKey ?? "";
  if (subject.kind === "save") return scheme.groups.find((g) => g.id === subject.group)?.saveLabelKey ?? "";
  return "TERRAN.Request.fortune";
}

export function requestCardView(
  state: RequestCardState,
  viewer: RequestViewer,
  answers: readonly (RowAnswer | null)[],
): RequestCardView {
  assertRequestCardState(state);
  const rows = state.rows.map((row, index): RequestRowView => {
    const answer = answers[index] ?? null;
    const owns = viewer.isGM || viewer.owns[index] === true;
    const tooltipKey = answer ? "TERRAN.Request.Reason.answered" : owns ? null : "TERRAN.Request.Reason.notOwner";
    return {
      index,
      name: row.actorName,
      answered: answer !== null,
      messageId: answer?.messageId ?? null,
      visible: answer?.visible ?? false,
      bandKey: answer?.band ? `TERRAN.Band.${answer.band}` : null,
      band: answer?.band ?? "",
      effect: answer?.effect ?? null,
      effectPending: answer?.effectPending ?? false,
      face: answer?.face ?? null,
      roll: { disabled: tooltipKey !== null, tooltipKey },
    };
  });
  return {
    cssClass: "terran-engine chat-card request-card",
    subjectKey: subjectKey(state.subject, getRuleset(state.rulesetId)),
    chance: state.subject.kind === "fortune" ? state.subject.chance : null,
    reaction: state.subject.kind === "save",
    note: state.note,
    rows,
    answeredCount: rows.filter((r) => r.answered).length,
  };
}
