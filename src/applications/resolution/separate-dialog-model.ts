/**
 * The separate resolution's Risky Action dialog, its pure model (R-LEG-8, R-LEG-9, R-LEG-14): the pool's lines,
 * the clamp, the Dark Dice and their Ego, the exact odds. The host (./separate-dialog.ts) re-renders it on
 * every change.
 */
import {
  adviceRows,
  darkDieCost,
  montageOdds,
  separateAdviceFigures,
  separateRiskyOdds,
  type MontageOdds,
  type Ruleset,
  type SeparateRiskyOdds,
} from "../../rules/index.ts";
import { deriveCharacter, type CharacterDerived } from "../../data/derived.ts";
import {
  attributeRatingLabel,
  ratingsOf,
  skillRatingLabel,
  type LegacyAttribute,
  type LegacySkill,
  type RatingsSource,
} from "../../data/ratings.ts";
import type { CharacterState } from "../../documents/operations/types.ts";
import { isLegacySkill } from "../../documents/operations/legacy.ts";
import { decimal, message, percent, signedDice, type DialogMessage, type PercentView } from "../format.ts";
import { MESSAGE_MODES, type MessageMode } from "../../compat/generation.ts";
import type { MontageChallenge } from "../../documents/operations/legacy-play.ts";
import { DARK_MAX_LIMIT, type StepperButton } from "../dialogs/stepper.ts";
import { advisorView, type AdvisorView } from "../dialogs/advisor-view.ts";

export interface SeparateRollSubject {
  readonly ruleset: Ruleset;
  readonly state: CharacterState;
  readonly attribute: LegacyAttribute;
}

export interface SeparateRollChoices {
  skill: LegacySkill | "";
  dark: number;
  /** R-LEG-9 −1, 0 or +1 die. */
  position: number;
  /** `itemId:modifierId` keys. */
  ticked: string[];
  /** R-LEG-14 the Challenges (uuids) whose complication the player unticked. */
  dropped: string[];
  /** R-LEG-6 run, observe, sneak, swim. */
  hindered: boolean;
  /** R-LEG-11 */
  improvised: boolean;
  messageMode: MessageMode;
  /** R-LEG-14 against the one targeted Challenge. */
  montage: boolean;
  /** R-LEG-14 a GM's confirmation, not a rule: only a GM who rolls ticks it (`montageWord` "self"). */
  safe: boolean;
}

/**
 * R-LEG-14 "self": a GM rolls and ticks it; "ask": Roll first asks the active GM (relay/queries.ts); "waiting":
 * asked, no answer yet; "none": no GM online, so no montage.
 */
export type MontageWord = "self" | "ask" | "waiting" | "none";

export interface SeparateRollSettings {
  readonly darkMax: number;
  readonly messageMode?: MessageMode;
  /** `game.i18n.lang`: numbers its way (12,3% in pt-BR); default English. */
  readonly locale?: string;
  /** R-LEG-14 null: no montage offered. */
  readonly montage?: MontageChallenge | null;
  /** R-LEG-14 default "none". */
  readonly montageWord?: MontageWord;
  /** The host remembers it per dialog; default closed. */
  readonly advisorOpen?: boolean;
}

/** R-LEG-14 */
export interface LegacyMontageView {
  readonly name: string;
  readonly tierKey: string;
  readonly checked: boolean;
  readonly safe: boolean;
  /** The roller is a GM: the box is theirs to tick. */
  readonly confirmInPlace: boolean;
  /** The dialog says so. */
  readonly asksGm: boolean;
  readonly complication: readonly { readonly dice: number; readonly signed: string; readonly p: PercentView }[];
}

export interface LegacyPoolLine {
  readonly key: string;
  readonly labelKey: string | null;
  readonly labelText: string;
  readonly signed: string;
  readonly dice: number;
  readonly situational: boolean;
  readonly ticked: boolean;
  readonly cls: string;
  /** R-LEG-14 "Complication (from …)", else null. */
  readonly from: string | null;
}

export interface SeparateRollView {
  readonly title: { readonly labelKey: string };
  readonly base: { readonly labelKey: string; readonly dice: number };
  readonly skills: readonly {
    readonly value: string;
    readonly labelKey: string;
    readonly rating: number;
    readonly selected: boolean;
  }[];
  /** R-LEG-3 (setting) */
  readonly skillsShown: boolean;
  readonly lines: readonly LegacyPoolLine[];
  /** Each end with its step or, closed, why (R-POOL-2, R-POOL-4). */
  readonly position: {
    readonly value: number;
    readonly signed: string;
    readonly down: StepperButton;
    readonly up: StepperButton;
  };
  readonly raw: number;
  readonly light: number;
  readonly clamped: DialogMessage | null;
  readonly dark: {
    readonly value: number;
    readonly max: number;
    readonly down: StepperButton;
    readonly up: StepperButton;
  };
  /** Every Dark Dice count 0 … max with this pool's odds. */
  readonly advisor: AdvisorView;
  readonly dice: { readonly light: readonly number[]; readonly dark: readonly number[] };
  readonly ego: {
    readonly value: number;
    readonly max: number;
    readonly pLoseAny: PercentView;
    readonly pZero: PercentView;
    readonly expectedLoss: string;
  };
  readonly chances: { readonly fail: PercentView; readonly partial: PercentView; readonly success: PercentView };
  readonly hindered: { readonly shown: boolean; readonly checked: boolean };
  readonly improvised: { readonly checked: boolean };
  readonly messageModes: readonly { readonly value: string; readonly labelKey: string; readonly selected: boolean }[];
  /** R-LEG-14 null unless exactly one Challenge is targeted. */
  readonly montage: LegacyMontageView | null;
  /** `montage` may be null. */
  readonly montaging: boolean;
  /** R-LEG-14 2 in a montage. */
  readonly egoCost: number;
  /** R-LEG-14 cleared once the roll is thrown. */
  readonly complicationsUsed: readonly string[];
  readonly roll: { readonly disabled: boolean; readonly reason: DialogMessage | null; readonly labelKey: string };
  readonly choices: SeparateRollChoices;
}

export function initialSeparateChoices(settings: SeparateRollSettings): SeparateRollChoices {
  return {
    skill: "",
    dark: 0,
    position: 0,
    ticked: [],
    dropped: [],
    hindered: false,
    improvised: false,
    messageMode: settings.messageMode ?? "public",
    montage: false,
    safe: false,
  };
}

/** Pure, exported for the tests. */
export function applySeparateField(choices: SeparateRollChoices, name: string, value: unknown): SeparateRollChoices {
  if (name === "skill" && typeof value === "string") return { ...choices, skill: isLegacySkill(value) ? value : "" };
  if (name === "hindered" || name === "improvised" || name === "montage" || name === "safe")
    return { ...choices, [name]: value === true };
  if (name === "messageMode" && typeof value === "string") {
    const mode = MESSAGE_MODES.find((m) => m === value);
    return mode ? { ...choices, messageMode: mode } : choices;
  }
  return choices;
}

export function applySeparateAction(choices: SeparateRollChoices, action: string, key = ""): SeparateRollChoices {
  switch (action) {
    case "darkUp":
      return { ...choices, dark: choices.dark + 1 };
    case "darkDown":
      return { ...choices, dark: Math.max(0, choices.dark - 1) };
    case "advisorDark":
      // `key`: the row's Dark Dice count (clamped by the model).
      return /^\d+$/.test(key) ? { ...choices, dark: Number(key) } : choices;
    case "positionUp":
      return { ...choices, position: Math.min(1, choices.position + 1) };
    case "positionDown":
      return { ...choices, position: Math.max(-1, choices.position - 1) };
    case "toggleModifier":
      if (key.startsWith(COMPLICATION_KEY)) {
        const uuid = key.slice(COMPLICATION_KEY.length);
        const dropped = choices.dropped;
        return { ...choices, dropped: dropped.includes(uuid) ? dropped.filter((d) => d !== uuid) : [...dropped, uuid] };
      }
      return {
        ...choices,
        ticked: choices.ticked.includes(key) ? choices.ticked.filter((k) => k !== key) : [...choices.ticked, key],
      };
    default:
      return choices;
  }
}

/**
 * R-LEG-16 a `skill:<id>` die counts only on that skill; "any" always; a die naming only Core's attributes or
 * saves keeps counting, as before skills had scopes.
 */
function countsOnRoll(appliesTo: readonly string[], skill: LegacySkill | ""): boolean {
  if (appliesTo.includes("any")) return true;
  const skills = appliesTo.filter((s) => s.startsWith("skill:"));
  if (skills.length === 0) return true;
  return skill !== "" && skills.includes(`skill:${skill}`);
}

/** Followed by its Challenge's uuid. */
const COMPLICATION_KEY = "complication:";

const clampInt = (value: number, min: number, max: number): number =>
  Number.isInteger(value) ? Math.min(max, Math.max(min, value)) : min;

/** A known skill, steppers within their limits, a montage only when offered. */
function normaliseChoices(
  raw: SeparateRollChoices,
  ruleset: Ruleset,
  heavy: boolean,
  settings: SeparateRollSettings,
): SeparateRollChoices {
  return {
    ...raw,
    skill: raw.skill !== "" && isLegacySkill(raw.skill) && ruleset.skills !== null ? raw.skill : "",
    dark: clampInt(raw.dark, 0, settings.darkMax),
    position: clampInt(raw.position, -1, 1),
    hindered: raw.hindered && heavy,
    messageMode: MESSAGE_MODES.includes(raw.messageMode) ? raw.messageMode : "public",
    // R-LEG-14
    montage: raw.montage === true && !!settings.montage && ruleset.montage !== null,
    // R-LEG-14 only a GM who rolls gives it here; a player's form cannot.
    safe: raw.safe === true && settings.montageWord === "self",
  };
}

function poolLine(
  key: string,
  labelKey: string | null,
  labelText: string,
  dice: number,
  situational = false,
  ticked = true,
  from: string | null = null,
): LegacyPoolLine {
  return {
    key,
    from,
    labelKey,
    labelText,
    dice,
    signed: signedDice(dice),
    situational,
    ticked,
    cls: `${dice > 0 ? "bonus" : "penalty"}${ticked ? "" : " off"}`,
  };
}

/** R-LEG-5, R-LEG-6, R-LEG-11, then the modifiers (situational ones ticked or not). */
function poolLines(
  state: CharacterState,
  rated: RatingsSource,
  derived: CharacterDerived,
  choices: SeparateRollChoices,
): LegacyPoolLine[] {
  const lines: LegacyPoolLine[] = [];
  if (choices.skill !== "")
    lines.push(poolLine("skill", skillRatingLabel(choices.skill), "", rated.skills[choices.skill]));
  if (derived.hitPoints.woundPenalty !== 0) {
    const labelKey = derived.hitPoints.mortal ? "TERRAN.Wound.mortal" : "TERRAN.Wound.critical";
    lines.push(poolLine("wound", labelKey, "", derived.hitPoints.woundPenalty));
  }
  if (choices.hindered) lines.push(poolLine("hindered", "TERRAN.Dialog.Legacy.hindered", "", -1));
  if (choices.improvised) lines.push(poolLine("improvised", "TERRAN.Dialog.Legacy.improvised", "", -1));
  // R-LEG-14 ticked unless unrelated to this roll.
  for (const c of state.complications ?? []) {
    const ticked = !choices.dropped.includes(c.challengeUuid);
    lines.push(poolLine(`${COMPLICATION_KEY}${c.challengeUuid}`, null, "", -c.dice, true, ticked, c.from));
  }
  for (const item of state.items) {
    if (item.type !== "advancement" && item.type !== "condition") continue;
    for (const m of item.system.dice) {
      if (m.dice === 0 || !countsOnRoll(m.appliesTo, choices.skill)) continue;
      const key = `${item.id}:${m.id}`;
      const ticked = !m.situational || choices.ticked.includes(key);
      const isKey = m.label.startsWith("TERRAN.");
      lines.push(poolLine(key, isKey ? m.label : null, isKey ? "" : m.label, m.dice, m.situational, ticked));
    }
  }
  return lines;
}

type SeparateOdds = SeparateRiskyOdds | MontageOdds;

/** R-LEG-8 / R-LEG-9 / R-LEG-14 (rules/roll-odds.ts) */
function separateOdds(
  ruleset: Ruleset,
  choices: SeparateRollChoices,
  pool: { readonly rawTotal: number; readonly light: number; readonly egoAtThrow: number },
  settings: SeparateRollSettings,
): SeparateOdds {
  const target = choices.montage ? (settings.montage ?? null) : null;
  const { rawTotal, light, egoAtThrow } = pool;
  return target
    ? montageOdds(ruleset, { light: rawTotal, dark: choices.dark, ego: egoAtThrow, tier: target.tier, n: target.n })
    : separateRiskyOdds(ruleset, { light, dark: choices.dark, ego: egoAtThrow });
}

/**
 * The dialog's odds function for every Dark Dice count; a montage has no Effect column. Rows are closed forms,
 * worked out open or closed.
 */
function separateAdvisor(
  ruleset: Ruleset,
  choices: SeparateRollChoices,
  pool: { readonly rawTotal: number; readonly light: number; readonly egoAtThrow: number },
  settings: SeparateRollSettings,
  odds: SeparateOdds,
): AdvisorView {
  const max =
    Number.isInteger(settings.darkMax) && settings.darkMax >= 0 ? Math.min(settings.darkMax, DARK_MAX_LIMIT) : 0;
  const rows = adviceRows(
    max,
    (dark) => (dark === choices.dark ? odds : separateOdds(ruleset, { ...choices, dark }, pool, settings)),
    separateAdviceFigures,
  );
  return advisorView(rows, choices.dark, choices.montage ? "none" : "rolled", {
    open: settings.advisorOpen === true,
    locale: settings.locale,
    last: max,
  });
}

/** R-LEG-14 else null. */
function montageView(
  ruleset: Ruleset,
  choices: SeparateRollChoices,
  odds: SeparateOdds,
  settings: SeparateRollSettings,
): LegacyMontageView | null {
  if (!settings.montage || !ruleset.montage) return null;
  return {
    name: settings.montage.name,
    tierKey: `TERRAN.ChallengeTier.${settings.montage.tier}`,
    checked: choices.montage,
    safe: choices.safe,
    confirmInPlace: settings.montageWord === "self",
    asksGm: settings.montageWord === "ask" || settings.montageWord === "waiting",
    complication:
      "complication" in odds
        ? odds.complication.map((c) => ({
            dice: c.dice,
            signed: signedDice(-c.dice),
            p: percent(c.p, settings.locale),
          }))
        : [],
  };
}

/** No skill, then each of the ruleset's with the character's rating. */
function skillOptions(ruleset: Ruleset, rated: RatingsSource, skill: LegacySkill | ""): SeparateRollView["skills"] {
  return [
    { value: "", labelKey: "TERRAN.Dialog.Legacy.noSkill", rating: 0, selected: skill === "" },
    ...(ruleset.skills?.list ?? [])
      .filter((s) => isLegacySkill(s.id))
      .map((s) => ({
        value: s.id,
        labelKey: skillRatingLabel(s.id),
        rating: isLegacySkill(s.id) ? rated.skills[s.id] : 0,
        selected: skill === s.id,
      })),
  ];
}

/** R-LEG-14 why a ticked montage cannot roll yet, or null. R-LEG-9 the steppers. */
function stepperViews(choices: SeparateRollChoices, darkMax: number): Pick<SeparateRollView, "position" | "dark"> {
  return {
    position: {
      value: choices.position,
      signed: signedDice(choices.position),
      down: stepEnd(choices.position <= -1, "TERRAN.Dialog.position.atMin", 1, "TERRAN.Dialog.Legacy.positionDown"),
      up: stepEnd(choices.position >= 1, "TERRAN.Dialog.position.atMax", 1, "TERRAN.Dialog.Legacy.positionUp"),
    },
    dark: {
      value: choices.dark,
      max: darkMax,
      down: stepEnd(choices.dark <= 0, "TERRAN.Dialog.dark.atMin", "", "TERRAN.Dialog.Legacy.darkDown"),
      up: stepEnd(choices.dark >= darkMax, "TERRAN.Dialog.dark.atMax", darkMax, "TERRAN.Dialog.Legacy.darkUp"),
    },
  };
}

/** Closed: why (`reasonKey`); open: its step (`stepKey`). */
function stepEnd(closed: boolean, reasonKey: string, value: string | number, stepKey: string): StepperButton {
  return { disabled: closed, tooltip: closed ? message(reasonKey, value) : message(stepKey) };
}

function montageBlock(choices: SeparateRollChoices, word: MontageWord): DialogMessage | null {
  if (!choices.montage) return null;
  if (word === "none") return message("TERRAN.Dialog.Legacy.montageNoGm");
  if (word === "waiting") return message("TERRAN.Dialog.Legacy.montageWaiting");
  if (word === "self" && !choices.safe) return message("TERRAN.Dialog.Legacy.montageUnsafe");
  return null;
}

/** Or null: dead, departed (R-LEG-15), an empty pool, a montage without the GM's word. */
function rollRefusal(
  dead: boolean,
  departed: boolean,
  empty: boolean,
  montage: DialogMessage | null,
): DialogMessage | null {
  if (dead) return message("TERRAN.Sheet.Disabled.dead");
  if (departed) return message("TERRAN.Sheet.Disabled.departed");
  if (empty) return message("TERRAN.Dialog.Legacy.empty");
  return montage;
}

/** R-LEG-14 "ask the GM" when a montage needs the GM's word. */
function rollButton(
  dead: boolean,
  empty: boolean,
  choices: SeparateRollChoices,
  word: MontageWord,
  departed = false,
): SeparateRollView["roll"] {
  const reason = rollRefusal(dead, departed, empty, montageBlock(choices, word));
  const asks = choices.montage && word === "ask";
  return {
    disabled: reason !== null,
    reason,
    labelKey: asks ? "TERRAN.Dialog.Legacy.rollAskGm" : "TERRAN.Dialog.roll",
  };
}

/** The model: the pool, the clamp, the Dark Dice, the Ego at stake and the odds. */
export function separateRollModel(
  subject: SeparateRollSubject,
  raw: SeparateRollChoices,
  settings: SeparateRollSettings,
): SeparateRollView {
  const { ruleset, state, attribute } = subject;
  const rated = ratingsOf(state.source);
  const derived = deriveCharacter(state.source, state.items);
  const choices = normaliseChoices(raw, ruleset, derived.armour.heavy, settings);
  const lines = poolLines(state, rated, derived, choices);
  const base = rated.attributes[attribute];
  const rawTotal =
    base +
    choices.position +
    lines.filter((l) => l.ticked && l.key !== "skill").reduce((a, l) => a + l.dice, 0) +
    (choices.skill !== "" ? rated.skills[choices.skill] : 0);
  const lightMax = ruleset.resolution.lightMax;
  const light = Math.min(lightMax, Math.max(0, rawTotal));
  const clamped =
    light !== rawTotal
      ? message(rawTotal > lightMax ? "TERRAN.Dialog.Legacy.clampHigh" : "TERRAN.Dialog.Legacy.clampLow", lightMax)
      : null;
  const ego = derived.ratings.ego;
  const egoAtThrow = Math.min(ego.value, ruleset.ego.max);
  const odds = separateOdds(ruleset, choices, { rawTotal, light, egoAtThrow }, settings);
  const advisor = separateAdvisor(ruleset, choices, { rawTotal, light, egoAtThrow }, settings, odds);
  const empty = light + choices.dark === 0;
  const steppers = stepperViews(choices, settings.darkMax);
  return {
    title: { labelKey: attributeRatingLabel(attribute) },
    base: { labelKey: attributeRatingLabel(attribute), dice: base },
    skills: skillOptions(ruleset, rated, choices.skill),
    skillsShown: ruleset.skills !== null,
    lines,
    position: steppers.position,
    raw: rawTotal,
    light,
    clamped,
    dark: steppers.dark,
    advisor,
    dice: {
      light: Array.from({ length: light }, (_, i) => i),
      dark: Array.from({ length: choices.dark }, (_, i) => i),
    },
    ego: {
      value: ego.value,
      max: ego.max,
      pLoseAny: percent(odds.ego.pLoseAny, settings.locale),
      pZero: percent(odds.ego.pZero, settings.locale),
      expectedLoss: decimal(odds.ego.expectedLoss, 2, settings.locale),
    },
    chances: {
      fail: percent(odds.outcome.fail, settings.locale),
      partial: percent(odds.outcome.partial, settings.locale),
      success: percent(odds.outcome.success, settings.locale),
    },
    hindered: { shown: derived.armour.heavy, checked: choices.hindered },
    improvised: { checked: choices.improvised },
    messageModes: MESSAGE_MODES.map((m) => ({
      value: m,
      labelKey: `TERRAN.Dialog.messageMode.${m}`,
      selected: m === choices.messageMode,
    })),
    montage: montageView(ruleset, choices, odds, settings),
    montaging: choices.montage,
    egoCost: darkDieCost(ruleset, { montage: choices.montage }),
    complicationsUsed: lines
      .filter((l) => l.from !== null && l.ticked)
      .map((l) => l.key.slice(COMPLICATION_KEY.length)),
    roll: rollButton(state.source.dead, empty, choices, settings.montageWord ?? "none", state.source.departed ?? false),
    choices,
  };
}
