/** Legacy's result cards (R-LEG-*), from results the operations computed (documents/operations/legacy.ts). */
import { darkDieCost, highest, LEGACY, precisionBand, type Band } from "../rules/index.ts";
import {
  resultCard,
  resultLine as line,
  type ResultCardView,
  type ResultDie,
  type ResultLine,
  type ResultTone,
} from "./result-cards.ts";

/** `legacy-card` beside its kind (the Legacy dice tones). */
const card = (
  kind: string,
  parts: Omit<ResultCardView, "cssClass" | "actorName">,
  actorName: string | null | undefined,
) => resultCard(`legacy-card ${kind}`, parts, actorName);

const ARROW = "\u2192";
const BAND_TONE: Readonly<Record<Band, ResultTone>> = { fail: "dark", partial: "neutral", success: "light" };

/** The first such die on a tie. */
function keptHighest(faces: readonly number[], tone: "light" | "dark", keptIndex: number, offset = 0): ResultDie[] {
  return faces.map((face, i) => ({
    face,
    cssClass: `die tone-${tone}${i + offset === keptIndex ? " kept" : " dropped"}`,
  }));
}

export interface LegacyRiskyCardInput {
  readonly actorName?: string | null;
  /** The skill's may be null. */
  readonly attributeLabelKey: string;
  readonly skillLabelKey: string | null;
  readonly light: readonly number[];
  readonly dark: readonly number[];
  /** R-LEG-8 */
  readonly costly: readonly boolean[];
  readonly ego: { readonly before: number; readonly after: number };
  readonly lost: boolean;
}

/** R-LEG-9 (none thrown: a fail). */
export function legacyRiskyBand(light: readonly number[], dark: readonly number[]): Band {
  const all = [...light, ...dark];
  return all.length === 0 ? "fail" : precisionBand(highest(all));
}

/** R-LEG-9 */
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
  /** The user's text, or null for a bare tool tier. */
  readonly toolName: string | null;
  readonly tierLabelKey: string;
  readonly faces: readonly number[];
  readonly chain: readonly number[];
  readonly kept: number;
  readonly halved: boolean;
  readonly bonus: number;
  readonly total: number;
  /** R-LEG-15 `TERRAN.Dialog.Legacy.edge*` */
  readonly extraKeys?: readonly string[];
}

/** R-LEG-11 */
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
  /** Or null. */
  readonly attributeLostLabelKey: string | null;
  readonly dead: boolean;
  readonly shieldSacrificed: boolean;
  /** R-LEG-6 / R-LEG-8 when thrown. */
  readonly protected?: {
    readonly faces: readonly number[];
    readonly by: number;
    readonly costly: readonly boolean[];
    readonly ego: { readonly before: number; readonly after: number };
    readonly lost: boolean;
  } | null;
}

/** R-LEG-6 (none thrown: nothing). */
function protectedLines(p: LegacyHarmCardInput["protected"]): ResultLine[] {
  if (!p || p.faces.length === 0) return [];
  return [
    line("TERRAN.Card.Legacy.protected", `\u2212${p.by}`),
    line("TERRAN.Card.Legacy.protectedEgo", `${p.ego.before} ${ARROW} ${p.ego.after}`),
  ];
}

/** R-LEG-4 … R-LEG-6 */
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
  /** For skill development; or null. */
  readonly skillLabelKey: string | null;
  readonly faces: readonly number[];
  readonly sum: number;
  readonly target: number;
  readonly success: boolean;
  /** After the roll; or null. */
  readonly rating: number | null;
}

/** R-LEG-13 */
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
  /** In sheet order. */
  readonly rolls: readonly { readonly labelKey: string; readonly faces: readonly number[]; readonly rating: number }[];
  readonly hp: number;
  readonly ego: number;
}

/** R-LEG-2 (HP and Ego start full). */
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
