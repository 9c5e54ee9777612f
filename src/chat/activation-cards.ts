/**
 * R-ADV-1 Brainwave / R-ADV-2 Nova and Tesla on the chat: the activation card, Tesla's Effect card, and Tesla's
 * button on a failed Risky card.
 */
import { assertFaces, highest, type Band, type WoundTrack } from "../rules/index.ts";
import { isRollerOrGm, type CardUser } from "./permissions.ts";
import { riskyCardResult, type RiskyCardState } from "./risky-card.ts";
import { type CardButtonView } from "./card-views.ts";
import { resultLine as line, type ResultCardView, type ResultDie, type ResultLine } from "./result-cards.ts";

/** The compendium's label for Tesla's +1d (rules/advancements.ts): how a card knows it was used. */
export const TESLA_LABEL = "TERRAN.Mod.tesla";

/** R-ADV-2 */
export interface TeslaRecord {
  readonly userId: string;
  readonly effect: number;
  readonly damage: number;
  readonly gritBefore: number;
  readonly gritAfter: number;
  readonly wound: WoundTrack | null;
}

function keptHighest(faces: readonly number[]): ResultDie[] {
  const best = faces.reduce((b, f, i) => (f > (faces[b] ?? 0) ? i : b), 0);
  return faces.map((face, i) => ({ face, cssClass: `die${i === best ? " kept" : " dropped"}` }));
}

export interface ActivationCardInput {
  readonly actorName: string;
  readonly advancementName: string;
  readonly faces: readonly number[];
  readonly band: Band;
  readonly noteKey: string;
  /** R-HARM-4 (Hazed: Stressed); `already` when marked before. */
  readonly wound: { readonly track: WoundTrack; readonly already: boolean } | null;
}

/** R-ADV-1 / R-ADV-2 */
export function activationCard(input: ActivationCardInput): ResultCardView {
  const faces = assertFaces(input.faces, "Activation die");
  const lines: ResultLine[] = [
    line("TERRAN.Activation.advancement", input.advancementName),
    line("TERRAN.Activation.precision", faces.length > 0 ? highest(faces) : "—"),
    line("TERRAN.Activation.outcome", "", `TERRAN.Band.${input.band}`),
  ];
  if (input.wound)
    lines.push(
      line(
        "TERRAN.Activation.wound",
        "",
        input.wound.already ? "TERRAN.Activation.alreadyMarked" : `TERRAN.Wound.${input.wound.track}`,
      ),
    );
  const tone = input.band === "fail" ? "dark" : "light";
  return {
    cssClass: `terran-engine chat-card result-card activation tone-${tone}`,
    titleKey: "TERRAN.Activation.title",
    actorName: input.actorName,
    dice: keptHighest(faces),
    lines,
    noteKey: input.noteKey,
    tone,
  };
}

export interface TeslaCardInput {
  readonly actorName: string;
  /** The explosion chain follows the kept one. */
  readonly faces: readonly number[];
  readonly chain: readonly number[];
  readonly effect: number;
  readonly armour: number;
  readonly damage: number;
  readonly gritBefore: number;
  readonly gritAfter: number;
  readonly wound: WoundTrack | null;
  readonly dead: boolean;
}

/** R-ADV-2 (R-HARM-1 … R-HARM-5) */
export function teslaCard(input: TeslaCardInput): ResultCardView {
  const faces = assertFaces(input.faces, "Tesla die");
  const chain = assertFaces(input.chain, "Explosion die");
  const lines: ResultLine[] = [
    line("TERRAN.Activation.Tesla.effect", input.effect),
    line("TERRAN.Activation.Tesla.armour", input.armour),
    line("TERRAN.Activation.Tesla.damage", input.damage),
    line("TERRAN.Activation.Tesla.grit", `${input.gritBefore} → ${input.gritAfter}`),
  ];
  if (input.wound) lines.push(line("TERRAN.Activation.wound", "", `TERRAN.Wound.${input.wound}`));
  return {
    cssClass: "terran-engine chat-card result-card tesla tone-dark",
    titleKey: "TERRAN.Activation.Tesla.title",
    actorName: input.actorName,
    dice: [...keptHighest(faces), ...chain.map((face) => ({ face, cssClass: "die kept exploded" }))],
    lines,
    noteKey: input.dead ? "TERRAN.Activation.Tesla.dead" : "TERRAN.Activation.Tesla.note",
    tone: "dark",
  };
}

/** R-ADV-2 null once withdrawn. */
export function teslaTaken(flag: unknown): boolean {
  return typeof flag === "object" && flag !== null;
}

/** R-ADV-2 */
export function teslaUsed(state: RiskyCardState): boolean {
  return state.pool.lines.some((l) => l.id === "modifier" && l.label === TESLA_LABEL);
}

/**
 * R-ADV-2 none unless the roll Failed with Tesla's +1d; closed, with the reason, until confirmed, for anyone
 * but the roller or a GM, and once taken.
 */
export function teslaButton(state: RiskyCardState, viewer: CardUser, taken: boolean): CardButtonView | null {
  const result = riskyCardResult(state);
  if (result.band !== "fail" || !teslaUsed(state)) return null;
  const reason = taken
    ? "TERRAN.Activation.Tesla.taken"
    : !isRollerOrGm(viewer, state.rollerId)
      ? "TERRAN.Card.Reason.notRoller"
      : !result.locked
        ? "TERRAN.Activation.Tesla.confirmFirst"
        : null;
  return { labelKey: "TERRAN.Activation.Tesla.button", disabled: reason !== null, tooltipKey: reason };
}
