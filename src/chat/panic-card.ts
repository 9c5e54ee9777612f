/** R-V-8 the Panic Event a failed Risky card offers its roller: who may take it, its odds, the record it leaves. */
import { assertFaces, getRuleset, panicOdds, type PanicState } from "../rules/index.ts";
import { isRollerOrGm, type CardUser } from "./permissions.ts";
import { riskyCardResult, type RiskyCardState } from "./risky-card.ts";
import { type CardButtonView } from "./card-views.ts";

/** Noted on the card's message once taken. */
export interface PanicRecord {
  readonly userId: string;
  readonly faces: readonly number[];
  readonly egoBefore: number;
  readonly egoMaxBefore: number;
  /** Value and maximum after. */
  readonly ego: number;
  readonly state: PanicState;
}

const STATES: readonly PanicState[] = ["flight", "freeze", "fight"];

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= 99;

/** The message's flag read back; anything malformed is no record (only the message's author or a GM writes it). */
export function readPanicRecord(flag: unknown): PanicRecord | null {
  if (typeof flag !== "object" || flag === null) return null;
  const r = flag as Partial<Record<keyof PanicRecord, unknown>>;
  if (typeof r.userId !== "string" || !Array.isArray(r.faces) || !STATES.some((s) => s === r.state)) return null;
  if (!isCount(r.egoBefore) || !isCount(r.egoMaxBefore) || !isCount(r.ego)) return null;
  try {
    assertFaces(r.faces, "A Panic's Ego die");
  } catch {
    return null;
  }
  return {
    userId: r.userId,
    faces: r.faces as number[],
    egoBefore: r.egoBefore,
    egoMaxBefore: r.egoMaxBefore,
    ego: r.ego,
    state: r.state as PanicState,
  };
}

/** What the client knows of the character, for the reasons and the odds; null when it cannot be read. */
export interface PanicCharacter {
  readonly egoDice: number;
  readonly panicked: boolean;
}

export interface PanicOffer {
  readonly button: CardButtonView;
  /** The Ego dice thrown; 0 when unknown or none (no odds then). */
  readonly dice: number;
  /** P(each state), in the table's order; empty without dice. */
  readonly odds: readonly { readonly state: PanicState; readonly labelKey: string; readonly p: number }[];
}

/** Why the roller may not panic from this card now, or null. */
function panicReason(
  state: RiskyCardState,
  viewer: CardUser,
  taken: boolean,
  character: PanicCharacter | null,
): string | null {
  const result = riskyCardResult(state);
  if (taken) return "TERRAN.Panic.Reason.taken";
  if (result.gmSuccess) return "TERRAN.Panic.Reason.successAtCost";
  if (!isRollerOrGm(viewer, state.rollerId)) return "TERRAN.Card.Reason.notRoller";
  if (!result.locked) return "TERRAN.Panic.Reason.confirmFirst";
  if (!state.ego.undone && result.ego.lost) return "TERRAN.Panic.Reason.lost";
  if (character?.panicked) return "TERRAN.Panic.Reason.already";
  if (character?.egoDice === 0) return "TERRAN.Panic.Reason.noDice";
  return null;
}

/**
 * R-V-8 none unless the ruleset has Panic Events and the dice Failed; closed, with the reason, once taken, with
 * the GM's "succeed, but worse", for anyone but the roller or a GM, until confirmed, and for a lost character.
 */
export function panicOffer(
  state: RiskyCardState,
  viewer: CardUser,
  taken: boolean,
  known: PanicCharacter | null,
): PanicOffer | null {
  // Ego dice that are not a count (1–20 is what panicOdds throws, 0 is none) are not known.
  const character =
    known && Number.isSafeInteger(known.egoDice) && known.egoDice >= 0 && known.egoDice <= 20 ? known : null;
  const rows = getRuleset(state.rulesetId).panic;
  if (!rows || riskyCardResult(state).band !== "fail") return null;
  const reason = panicReason(state, viewer, taken, character);
  const dice = character?.egoDice ?? 0;
  const odds = dice > 0 ? panicOdds(rows, dice) : null;
  return {
    button: { labelKey: "TERRAN.Panic.button", disabled: reason !== null, tooltipKey: reason },
    dice,
    odds: odds
      ? STATES.map((s) => ({
          state: s,
          labelKey: rows.find((r) => r.state === s)?.labelKey ?? `TERRAN.Panic.${s}`,
          p: odds.states[s],
        }))
      : [],
  };
}
