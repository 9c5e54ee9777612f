/**
 * The Legacy ruleset's chat cards (R-LEG-*), as result-card views rendered by the same
 * template as the other simple cards (`templates/chat/result-card.hbs`): the Risky Action (its outcome
 * from the highest die, the Ego its Dark Dice cost), the separate Effect roll (tool tier, highest die,
 * explosion chain), harm through Critical and Mortal wounds to death, the Advancement and skill rolls,
 * and the creation roll. Plain data in, plain data out: the caller computed the result with the
 * operations (src/documents/operations/legacy.ts). Pure.
 */
import { darkDieCost, highest, LEGACY, precisionBand, type Band } from "../rules/index.ts";
import {
  resultCard,
  resultLine as line,
  type ResultCardView,
  type ResultDie,
  type ResultLine,
  type ResultTone,
} from "./result-cards.ts";

/** A Legacy result card: `legacy-card` beside its kind (the Legacy dice tones). */
const card = (
  kind: string,
  parts: Omit<ResultCardView, "cssClass" | "actorName">,
  actorName: string | null | undefined,
) => resultCard(`legacy-card ${kind}`, parts, actorName);

const ARROW = "\u2192";
const BAND_TONE: Readonly<Record<Band, ResultTone>> = { fail: "dark", partial: "neutral", success: "light" };

/** The dice of a throw that keeps its highest (the first such die on a tie), in their tone. */
function keptHighest(faces: readonly number[], tone: "light" | "dark", keptIndex: number, offset = 0): ResultDie[] {
  return faces.map((face, i) => ({
    face,
    cssClass: `die tone-${tone}${i + offset === keptIndex ? " kept" : " dropped"}`,
  }));
}

export interface LegacyRiskyCardInput {
  readonly actorName?: string | null;
  /** The attribute's label key, and the skill's (or null). */
  readonly attributeLabelKey: string;
  readonly skillLabelKey: string | null;
  readonly light: readonly number[];
  readonly dark: readonly number[];
  /** Which Dark Dice cost Ego, and the Ego before and after (R-LEG-8). */
  readonly costly: readonly boolean[];
  readonly ego: { readonly before: number; readonly after: number };
  readonly lost: boolean;
}

/** R-LEG-9 the outcome of a Legacy Risky Action's dice: the highest of all thrown (none thrown: a fail). */
export function legacyRiskyBand(light: readonly number[], dark: readonly number[]): Band {
  const all = [...light, ...dark];
  return all.length === 0 ? "fail" : precisionBand(highest(all));
}

/**
 * R-LEG-9 a Risky Action: the outcome is the highest die of all thrown (1–3 fail, 4–5 success at a cost, 6 success).
 */
export function legacyRiskyCard(input: LegacyRiskyCardInput): ResultCardView {
  const all = [...input.light, ...input.dark];
  const best = all.length === 0 ? 0 : highest(all);
  const keptIndex = all.indexOf(best);
  const band: Band = legacyRiskyBand(input.light, input.dark);
  const dice = [
    ...keptHighest(input.light, "light", keptIndex),
    ...keptHighest(input.dark, "dark", keptIndex, input.light.length).map((d, i) =>
      input.costly[i] ? { ...d, cssClass: `${d.cssClass} costs-ego`, cost: darkDieCost(LEGACY) } : d,
    ),
  ];
  const lines = [
    line("TERRAN.Card.Legacy.attribute", "", input.attributeLabelKey),
    ...(input.skillLabelKey ? [line("TERRAN.Card.Legacy.skill", "", input.skillLabelKey)] : []),
    line("TERRAN.Card.Legacy.outcome", best, `TERRAN.Band.${band}`),
    ...(input.dark.length > 0
      ? [line("TERRAN.Card.Legacy.ego", `${input.ego.before} ${ARROW} ${input.ego.after}`)]
      : []),
  ];
  return card(
    "legacy-risky",
    {
      titleKey: "TERRAN.Card.Legacy.riskyTitle",
      dice,
      lines,
      noteKey: input.lost
        ? "TERRAN.Card.Legacy.lost"
        : best === 0
          ? "TERRAN.Card.Legacy.noDice"
          : `TERRAN.Card.Legacy.band.${band}`,
      tone: BAND_TONE[band],
    },
    input.actorName,
  );
}

export interface LegacyEffectCardInput {
  readonly actorName?: string | null;
  /** The weapon or tool's name (the user's text), or null for a bare tool tier. */
  readonly toolName: string | null;
  readonly tierLabelKey: string;
  readonly faces: readonly number[];
  readonly chain: readonly number[];
  readonly kept: number;
  readonly halved: boolean;
  readonly bonus: number;
  readonly total: number;
  /** R-LEG-15 the situations that each gave one more Effect die (`TERRAN.Dialog.Legacy.edge*`), if any. */
  readonly extraKeys?: readonly string[];
}

/** R-LEG-11 the separate Effect roll: the tool's dice, the highest kept, a 6 exploding; d/2 halved, two-handed +1. */
export function legacyEffectCard(input: LegacyEffectCardInput): ResultCardView {
  const keptIndex = input.faces.indexOf(input.kept);
  const dice: ResultDie[] = [
    ...input.faces.map((face, i) => ({ face, cssClass: `die${i === keptIndex ? " kept" : " dropped"}` })),
    ...input.chain.map((face) => ({ face, cssClass: "die kept chain" })),
  ];
  const lines = [
    line("TERRAN.Card.Legacy.tool", input.toolName ?? "", input.toolName ? null : input.tierLabelKey),
    line("TERRAN.Card.Legacy.tier", "", input.tierLabelKey),
    ...(input.extraKeys ?? []).map((key) => line("TERRAN.Card.Legacy.extraDie", "", key)),
    line("TERRAN.Card.Legacy.highest", input.kept),
    ...(input.chain.length > 0 ? [line("TERRAN.Card.Legacy.chain", input.chain.map((f) => `+${f}`).join(" "))] : []),
    ...(input.halved ? [line("TERRAN.Card.Legacy.halved", "", "TERRAN.Card.Legacy.halvedValue")] : []),
    ...(input.bonus > 0 ? [line("TERRAN.Card.Legacy.twoHanded", `+${input.bonus}`)] : []),
    line("TERRAN.Card.Legacy.effect", input.total),
  ];
  return card(
    "legacy-effect",
    {
      titleKey: "TERRAN.Card.Legacy.effectTitle",
      dice,
      lines,
      noteKey: input.chain.length > 0 ? "TERRAN.Card.Legacy.exploded" : null,
      tone: "light",
    },
    input.actorName,
  );
}

export interface LegacyHarmCardInput {
  readonly actorName?: string | null;
  readonly effect: number;
  readonly armour: number;
  readonly damage: number;
  readonly hp: { readonly before: number; readonly after: number; readonly max: number };
  readonly wound: "critical" | "mortal" | null;
  /** The label key of the attribute that lost a point, or null. */
  readonly attributeLostLabelKey: string | null;
  readonly dead: boolean;
  readonly shieldSacrificed: boolean;
  /**
   * R-LEG-6 R-LEG-8 *Protected*'s Dark Dice, when thrown: faces, what they took off, which cost Ego,
   * Ego before and after.
   */
  readonly protected?: {
    readonly faces: readonly number[];
    readonly by: number;
    readonly costly: readonly boolean[];
    readonly ego: { readonly before: number; readonly after: number };
    readonly lost: boolean;
  } | null;
}

/** R-LEG-6 Protected's lines: what its dice took off and the Ego they cost (none thrown: nothing). */
function protectedLines(p: LegacyHarmCardInput["protected"]): ResultLine[] {
  if (!p || p.faces.length === 0) return [];
  return [
    line("TERRAN.Card.Legacy.protected", `\u2212${p.by}`),
    line("TERRAN.Card.Legacy.protectedEgo", `${p.ego.before} ${ARROW} ${p.ego.after}`),
  ];
}

/** R-LEG-4 … R-LEG-6 harm taken: armour, *Protected*'s dice, HP, the wound stage reached, the attribute lost, death. */
export function legacyHarmCard(input: LegacyHarmCardInput): ResultCardView {
  const thrown = input.protected?.faces ?? [];
  const costly = input.protected?.costly ?? [];
  const dice: ResultDie[] = thrown.map((face, i) => ({
    face,
    cssClass: `die tone-dark kept${costly[i] ? " costs-ego" : ""}`,
    ...(costly[i] ? { cost: darkDieCost(LEGACY) } : {}),
  }));
  const lines = [
    line("TERRAN.Card.Legacy.incoming", input.effect),
    ...(input.shieldSacrificed
      ? [line("TERRAN.Card.Legacy.armour", "", "TERRAN.Card.Legacy.shieldSacrificed")]
      : input.armour > 0
        ? [line("TERRAN.Card.Legacy.armour", `\u2212${input.armour}`)]
        : []),
    ...protectedLines(input.protected),
    line("TERRAN.Card.Legacy.damage", input.damage),
    line("TERRAN.Card.Legacy.hp", `${input.hp.before} ${ARROW} ${input.hp.after} / ${input.hp.max}`),
    ...(input.wound ? [line("TERRAN.Card.Legacy.wound", "", `TERRAN.Wound.${input.wound}`)] : []),
    ...(input.attributeLostLabelKey ? [line("TERRAN.Card.Legacy.attributeLost", "", input.attributeLostLabelKey)] : []),
  ];
  const noteKey = input.dead
    ? "TERRAN.Card.Legacy.dead"
    : input.wound === "mortal"
      ? "TERRAN.Card.Legacy.mortal"
      : input.wound === "critical"
        ? "TERRAN.Card.Legacy.critical"
        : input.protected?.lost
          ? "TERRAN.Card.Legacy.lost"
          : input.damage === 0
            ? thrown.length > 0
              ? "TERRAN.Card.Legacy.protectedAll"
              : "TERRAN.Card.Legacy.noDamage"
            : null;
  return card(
    "legacy-harm",
    { titleKey: "TERRAN.Card.Legacy.harmTitle", dice, lines, noteKey, tone: input.damage > 0 ? "dark" : "neutral" },
    input.actorName,
  );
}

export interface ExperienceRollCardInput {
  readonly actorName?: string | null;
  readonly kind: "advancement" | "skill";
  /** The skill's label key (skill development), or null. */
  readonly skillLabelKey: string | null;
  readonly faces: readonly number[];
  readonly sum: number;
  readonly target: number;
  readonly success: boolean;
  /** The skill's rating after the roll, or null. */
  readonly rating: number | null;
}

/** R-LEG-13 the Advancement roll (sum ≥ Ego max + HP max) and skill development (sum ≥ 3 × rating). */
export function experienceRollCard(input: ExperienceRollCardInput): ResultCardView {
  const advancement = input.kind === "advancement";
  const lines = [
    ...(input.skillLabelKey ? [line("TERRAN.Card.Legacy.skill", "", input.skillLabelKey)] : []),
    line("TERRAN.Card.Legacy.xpSpent", input.faces.length),
    line("TERRAN.Card.Legacy.sum", `${input.sum} / ${input.target}`),
    ...(input.rating !== null ? [line("TERRAN.Card.Legacy.rating", input.rating)] : []),
  ];
  const noteKey = advancement
    ? input.success
      ? "TERRAN.Card.Legacy.advancementWon"
      : "TERRAN.Card.Legacy.advancementMissed"
    : input.success
      ? "TERRAN.Card.Legacy.skillRaised"
      : "TERRAN.Card.Legacy.skillMissed";
  return card(
    advancement ? "legacy-advancement" : "legacy-skill",
    {
      titleKey: advancement ? "TERRAN.Card.Legacy.advancementTitle" : "TERRAN.Card.Legacy.skillTitle",
      dice: input.faces.map((face) => ({ face, cssClass: "die kept" })),
      lines,
      noteKey,
      tone: input.success ? "light" : "dark",
    },
    input.actorName,
  );
}

export interface LegacyCreationCardInput {
  readonly actorName?: string | null;
  /** One roll per attribute, in sheet order: its label key, faces and rating. */
  readonly rolls: readonly { readonly labelKey: string; readonly faces: readonly number[]; readonly rating: number }[];
  readonly hp: number;
  readonly ego: number;
}

/** R-LEG-2 the creation roll: per attribute two dice, the highest read as 0, 1 or 2; HP and Ego start full. */
export function legacyCreationCard(input: LegacyCreationCardInput): ResultCardView {
  const dice: ResultDie[] = input.rolls.flatMap((r) => {
    const best = r.faces.indexOf(r.faces.length === 0 ? 0 : highest(r.faces));
    return r.faces.map((face, i) => ({ face, cssClass: `die${i === best ? " kept" : " dropped"}` }));
  });
  const lines = [
    ...input.rolls.map((r) => line(r.labelKey, `${r.faces.join(", ")} ${ARROW} ${r.rating}`)),
    line("TERRAN.Card.Legacy.hpStart", input.hp),
    line("TERRAN.Card.Legacy.egoStart", input.ego),
  ];
  return card(
    "legacy-creation",
    {
      titleKey: "TERRAN.Card.Legacy.creationTitle",
      dice,
      lines,
      noteKey: "TERRAN.Card.Legacy.creationNote",
      tone: "neutral",
    },
    input.actorName,
  );
}
