/**
 * The Legacy montage's card (R-LEG-14), a result-card view (`templates/chat/result-card.hbs`): ONE card
 * for both parts — the Challenge's Effect (its dice, the complication it takes off the pool) and the
 * Risky Action that decides the whole Challenge (the outcome from the highest die, R-LEG-9), with the
 * Ego its Dark Dice cost at 2 each. Plain data in, plain data out. Pure.
 */
import { highest, LEGACY, type Band } from "../rules/index.ts";
import { legacyRiskyBand, type LegacyRiskyCardInput } from "./legacy-cards.ts";
import type { ResultCardView, ResultDie, ResultLine, ResultTone } from "./result-cards.ts";

/** R-LEG-14 what each costly Dark Die of a montage costs (marked on the die). */
const MONTAGE_EGO_COST = LEGACY.darkDice.montageCost ?? 2;

const ARROW = "\u2192";
const BAND_TONE: Readonly<Record<Band, ResultTone>> = { fail: "dark", partial: "neutral", success: "light" };

const line = (
  labelKey: string,
  value: string | number,
  valueKey: string | null = null,
  n: number | null = null,
): ResultLine => ({ labelKey, value: String(value), valueKey, n });

/** The Risky Action's part as its own card has it (each costly Dark Die costing 2 here), and the Challenge's. */
export interface MontageCardInput extends LegacyRiskyCardInput {
  readonly challengeName: string;
  /** The Challenge's level label key (`TERRAN.ChallengeTier.*`). */
  readonly tierKey: string;
  /** The Challenge's dice (one for d/2), the explosion chain, and its Effect. */
  readonly challengeFaces: readonly number[];
  readonly challengeChain: readonly number[];
  readonly challengeEffect: number;
  readonly complication: number;
}

/** R-LEG-14 the montage: the Challenge's Effect first, the pool less its complication, the outcome for the whole Challenge. */
export function montageCard(input: MontageCardInput): ResultCardView {
  const challengeKept = input.challengeFaces.indexOf(
    input.challengeFaces.length === 0 ? 0 : highest(input.challengeFaces),
  );
  const all = [...input.light, ...input.dark];
  const best = all.length === 0 ? 0 : highest(all);
  const kept = all.indexOf(best);
  const band = legacyRiskyBand(input.light, input.dark);
  const dice: ResultDie[] = [
    ...input.challengeFaces.map((face, i) => ({
      face,
      cssClass: `die tone-challenge${i === challengeKept ? " kept" : " dropped"}`,
    })),
    ...input.challengeChain.map((face) => ({ face, cssClass: "die tone-challenge kept chain" })),
    ...input.light.map((face, i) => ({ face, cssClass: `die tone-light${i === kept ? " kept" : " dropped"}` })),
    ...input.dark.map((face, i) => ({
      face,
      cssClass: `die tone-dark${i + input.light.length === kept ? " kept" : " dropped"}${input.costly[i] ? " costs-ego" : ""}`,
      ...(input.costly[i] ? { cost: MONTAGE_EGO_COST } : {}),
    })),
  ];
  const spent = input.ego.before - input.ego.after;
  const lines = [
    line("TERRAN.Card.Montage.challenge", input.challengeName),
    line("TERRAN.Card.Montage.tier", "", input.tierKey),
    line("TERRAN.Card.Montage.challengeEffect", input.challengeEffect),
    line("TERRAN.Card.Montage.complication", input.complication === 0 ? "0" : `\u2212${input.complication}d`),
    line("TERRAN.Card.Legacy.attribute", "", input.attributeLabelKey),
    ...(input.skillLabelKey ? [line("TERRAN.Card.Legacy.skill", "", input.skillLabelKey)] : []),
    line("TERRAN.Card.Legacy.outcome", best, `TERRAN.Band.${band}`),
    ...(input.dark.length > 0
      ? [
          line(
            "TERRAN.Card.Montage.ego",
            `${input.ego.before} ${ARROW} ${input.ego.after}`,
            "TERRAN.Card.Montage.egoValue",
            spent,
          ),
        ]
      : []),
  ];
  return {
    cssClass: `terran-engine chat-card result-card legacy-card legacy-montage tone-${BAND_TONE[band]}`,
    actorName: input.actorName ?? null,
    titleKey: "TERRAN.Card.Montage.title",
    dice,
    lines,
    noteKey: input.lost
      ? "TERRAN.Card.Legacy.lost"
      : best === 0
        ? "TERRAN.Card.Montage.noDice"
        : `TERRAN.Card.Montage.band.${band}`,
    tone: BAND_TONE[band],
  };
}
