/**
 * The roll dialog's pure model (R-POOL-1…5, R-RA-1…10, R-EGO-2, R-SAY-1, R-HARM-5): from what the
 * dialog was opened for (`RollDialogSubject`), what the user chose (`RollDialogChoices`) and the world
 * settings, compute everything the dialog shows and everything the roll needs (`RollDialogView`).
 *
 * Pure: no Foundry, no DOM. The ApplicationV2 glue keeps the choices between renders, calls
 * `rollDialogModel` on every change and renders `templates/dialogs/roll-dialog.hbs` with the view.
 * Every visible string is an i18n key (`TERRAN.*`); numbers are formatted here (signs, percentages)
 * so the template needs no helper but `localize`.
 *
 * The dialog never breaks: choices are normalised (whole numbers, clamped, unknown ids dropped) and
 * the reason for each correction is shown; stored data the rules would refuse (a modifier of 0 dice,
 * an unknown flag) is left out with a notice instead of throwing.
 */
import {
  buildPool,
  effectOrder,
  effectTags,
  hasTag,
  modifierApplies,
  type ClampReason,
  type EffectTags,
  type Odds,
  type Pool,
  type PoolLineId,
  type Ruleset,
  type TierRank,
  type Weapon,
} from "../../rules/index.ts";
import {
  darkMaxOf,
  normalise,
  readCharacter,
  ruleWeapon,
  specialistOffered,
  type CharacterReading,
} from "./roll-dialog-choices.ts";
import { oddsFor } from "./roll-dialog-odds.ts";
import { MESSAGE_MODES } from "../../compat/generation.ts";
import {
  decimal,
  message,
  MINUS,
  percent,
  POSITION_LIMIT,
  signedDice,
  type DialogMessage,
  type RollDialogModifierRow,
  type RollDialogChoices,
  type RollDialogSettings,
  type RollDialogSubject,
  type RollDialogView,
} from "./roll-dialog-types.ts";

export * from "./roll-dialog-types.ts";
export { applyChange, darkMaxOf, DARK_MAX_LIMIT, initialChoices, type DialogChange } from "./roll-dialog-choices.ts";
export { clearOddsCache, ODDS_CACHE_SIZE } from "./roll-dialog-odds.ts";

// ---------------------------------------------------------------------------------------------
// The model

const LINE_ORDER: Readonly<Record<Exclude<PoolLineId, "position" | "modifier">, number>> = {
  wound: 0,
  improvised: 1,
  unhandy: 2,
  outOfRange: 3,
  heavyArmour: 4,
  dangerSense: 5,
};

const isKey = (label: string): boolean => label.startsWith("TERRAN.");

function row(
  kind: RollDialogModifierRow["kind"],
  label: string,
  dice: number,
  rule: string,
  extra: { key?: string; sourceName?: string; situational?: boolean; ticked?: boolean } = {},
): RollDialogModifierRow {
  const situational = extra.situational ?? false;
  const ticked = extra.ticked ?? false;
  const counts = !situational || ticked;
  return {
    kind,
    key: extra.key ?? "",
    labelKey: isKey(label) ? label : null,
    labelText: label,
    sourceName: extra.sourceName ?? "",
    dice,
    signed: signedDice(dice),
    situational,
    ticked,
    counts,
    cls: `${dice > 0 ? "bonus" : "penalty"}${counts ? "" : " off"}`,
    rule,
  };
}

function clampMessage(reason: ClampReason, raw: number, mortallyWounded: boolean): DialogMessage | null {
  // R-HARM-5: say why even when the total was 0 anyway (nothing was clamped, but nothing could be added).
  if (mortallyWounded) return message("TERRAN.Dialog.clamp.mortal");
  if (reason === "max") return message("TERRAN.Dialog.clamp.max", raw);
  if (reason === "min") return message("TERRAN.Dialog.clamp.min", raw);
  return null;
}

function egoRisk(ego: number, sayonara: boolean, lost: boolean): DialogMessage {
  if (lost) return message("TERRAN.Dialog.ego.lost");
  if (ego === 0) return message("TERRAN.Dialog.ego.zero");
  if (sayonara) return message("TERRAN.Dialog.ego.sayonara");
  if (ego >= 6) return message("TERRAN.Dialog.ego.every");
  return message("TERRAN.Dialog.ego.risk", ego);
}

function rollBlocked(reading: CharacterReading, pool: Pool): DialogMessage | null {
  if (reading.dead) return message("TERRAN.Dialog.blocked.dead");
  if (reading.lost) return message("TERRAN.Dialog.blocked.lost");
  if (pool.empty)
    return message(reading.mortallyWounded ? "TERRAN.Dialog.blocked.emptyMortal" : "TERRAN.Dialog.blocked.empty");
  return null;
}

/** R-POOL-1 … R-POOL-5 the pool the normalised choices make. */
function dialogPool(
  subject: RollDialogSubject,
  reading: CharacterReading,
  weapon: Weapon | undefined,
  chosen: RollDialogChoices,
  darkMax: number,
): Pool {
  return buildPool({
    ruleset: subject.ruleset,
    target: subject.target,
    attributes: reading.attributes,
    wounds: reading.wounds,
    flags: reading.flags,
    position: chosen.position,
    ...(weapon ? { weapon } : {}),
    ...(weapon && chosen.range !== null ? { range: chosen.range } : {}),
    heavyArmour: reading.heavy,
    hinderedByHeavyArmour: chosen.hindered,
    modifiers: reading.modifiers.map((m) => m.modifier),
    ticked: new Set(chosen.ticked),
    dark: chosen.dark,
    darkMax,
  });
}

/** R-POOL-2 every line of the breakdown, with the situational ones as checkboxes whether ticked or not. */
function modifierRows(
  pool: Pool,
  reading: CharacterReading,
  target: RollDialogSubject["target"],
  ticked: ReadonlySet<string>,
): RollDialogModifierRow[] {
  const ruleLines = pool.lines
    .filter((l): l is typeof l & { id: keyof typeof LINE_ORDER } => l.id !== "position" && l.id !== "modifier")
    .sort((x, y) => LINE_ORDER[x.id] - LINE_ORDER[y.id])
    .map((l) => row(l.id, l.label, l.dice, l.rule));
  const applicable = reading.modifiers.filter((m) => modifierApplies(m.modifier, target));
  const always = applicable
    .filter((m) => !m.modifier.situational)
    .map((m) => row("modifier", m.modifier.label, m.modifier.dice, "R-POOL-2", { sourceName: m.sourceName }));
  const situational = applicable
    .filter((m) => m.modifier.situational)
    .map((m) =>
      row("modifier", m.modifier.label, m.modifier.dice, "R-POOL-2", {
        key: m.modifier.id,
        sourceName: m.sourceName,
        situational: true,
        ticked: ticked.has(m.modifier.id),
      }),
    );
  return [...ruleLines, ...always, ...situational];
}

/** The Effect the roll would have and the exact odds of the pool. */
interface DialogEffect {
  readonly rank: TierRank;
  readonly tags: EffectTags;
  readonly slaughter: boolean;
  readonly odds: Odds;
}

/** R-RA-4 / R-RA-5, R-EQ-3 the Effect: the weapon's tier and tags, or the approach's tier; and the odds with it. */
function dialogEffect(
  subject: RollDialogSubject,
  reading: CharacterReading,
  weapon: Weapon | undefined,
  chosen: RollDialogChoices,
  pool: Pool,
  settings: RollDialogSettings,
): DialogEffect {
  const rank: TierRank = weapon ? weapon.rank : chosen.rank;
  const tags: EffectTags = effectTags(weapon);
  const slaughter = hasTag(weapon, "slaughter");
  const odds = oddsFor({
    light: pool.light,
    dark: pool.dark,
    ego: reading.ego,
    slaughter,
    sayonara: reading.sayonara,
    singleDieServesBoth: settings.singleDieServesBoth,
    effect: { rule: subject.ruleset.effect, rank, tags },
  });
  return { rank, tags, slaughter, odds };
}

/** The notes under the odds: the empty pool, a lone die with no Effect, a Reaction's Effect, a Specialist's Fail. */
function oddsNotes(
  pool: Pool,
  odds: Odds,
  target: RollDialogSubject["target"],
  chosen: RollDialogChoices,
  settings: RollDialogSettings,
): DialogMessage[] {
  const notes: DialogMessage[] = [];
  if (pool.empty) notes.push(message("TERRAN.Dialog.odds.empty"));
  else if (odds.dice === 1 && !settings.singleDieServesBoth) notes.push(message("TERRAN.Dialog.odds.loneDie"));
  if (target.kind === "save") notes.push(message("TERRAN.Dialog.odds.reaction"));
  if (chosen.specialist) notes.push(message("TERRAN.Dialog.odds.specialist"));
  return notes;
}

/** R-POOL-2 the GM's position stepper, each button with why it is closed at the limits. */
function positionView(
  position: number,
  settings: RollDialogSettings,
  corrected: DialogMessage | null,
): RollDialogView["position"] {
  return {
    value: position,
    signed: position === 0 ? "\u00b10d" : signedDice(position),
    cls: position > 0 ? "bonus" : position < 0 ? "penalty" : "neutral",
    note: message(settings.isGM ? "TERRAN.Dialog.position.noteGM" : "TERRAN.Dialog.position.note"),
    down: {
      disabled: position <= -POSITION_LIMIT,
      tooltip:
        position <= -POSITION_LIMIT
          ? message("TERRAN.Dialog.position.atMin", POSITION_LIMIT)
          : message("TERRAN.Dialog.position.down"),
    },
    up: {
      disabled: position >= POSITION_LIMIT,
      tooltip:
        position >= POSITION_LIMIT
          ? message("TERRAN.Dialog.position.atMax", POSITION_LIMIT)
          : message("TERRAN.Dialog.position.up"),
    },
    corrected,
  };
}

/** R-POOL-4 the Dark Dice stepper, each button with why it is closed at the limits. */
function darkView(dark: number, darkMax: number, corrected: DialogMessage | null): RollDialogView["dark"] {
  return {
    value: dark,
    max: darkMax,
    down: {
      disabled: dark <= 0,
      tooltip: dark <= 0 ? message("TERRAN.Dialog.dark.atMin") : message("TERRAN.Dialog.dark.down"),
    },
    up: {
      disabled: dark >= darkMax,
      tooltip: dark >= darkMax ? message("TERRAN.Dialog.dark.atMax", darkMax) : message("TERRAN.Dialog.dark.up"),
    },
    corrected,
  };
}

/** R-EGO-2 / R-SAY-1 the Ego at stake, with the odds of losing it. */
function egoView(reading: CharacterReading, odds: Odds, locale: string | undefined): RollDialogView["ego"] {
  return {
    value: reading.ego,
    max: reading.egoMax,
    sayonara: reading.sayonara,
    risk: egoRisk(reading.ego, reading.sayonara, reading.lost),
    pLoseAny: percent(odds.ego.pLoseAny, locale),
    pZero: percent(odds.ego.pZero, locale),
    expectedLoss: decimal(odds.ego.expectedLoss, 1, locale),
  };
}

/** R-RA-1, R-RA-6 the exact odds of each outcome and of the Effect landing, formatted. */
function chancesView(
  odds: Odds,
  notes: readonly DialogMessage[],
  locale: string | undefined,
): RollDialogView["chances"] {
  const effectLands = odds.effect.pLands > 0;
  const expected = odds.effect.value?.expectedWhenLands ?? 0;
  return {
    fail: percent(odds.outcome.fail, locale),
    partial: percent(odds.outcome.partial, locale),
    success: percent(odds.outcome.success, locale),
    pLands: percent(odds.effect.pLands, locale),
    expectedEffect: effectLands ? decimal(expected, 1, locale) : "\u2014",
    effectLands,
    notes,
  };
}

/** The range select (only with a weapon): each range with the dice it costs this weapon. */
function rangeView(ruleset: Ruleset, weapon: Weapon | undefined, range: string | null): RollDialogView["range"] {
  return {
    shown: weapon !== undefined,
    options: weapon
      ? ruleset.ranges.map((r) => {
          const cost = (weapon.ranges.includes(r.id) ? 0 : 1) + (r.close && hasTag(weapon, "unhandy") ? 1 : 0);
          return {
            value: r.id,
            labelKey: r.labelKey,
            selected: r.id === range,
            penalty: cost > 0 ? signedDice(-cost) : "",
          };
        })
      : [],
  };
}

/** The approach tier select (only without a weapon); with one, the weapon's tier as text. */
function tierView(ruleset: Ruleset, weapon: Weapon | undefined, rank: TierRank): RollDialogView["tier"] {
  const tiers = ruleset.effect.tiers;
  return {
    shown: weapon === undefined,
    options: weapon
      ? []
      : tiers.map((t) => ({ value: String(t.rank), labelKey: t.labelKey, selected: t.rank === rank })),
    labelKey: tiers.find((t) => t.rank === rank)?.labelKey ?? "TERRAN.Dialog.tier.label",
  };
}

/** The whole dialog for a subject, the user's choices and the settings. Never throws for any choices. */
export function rollDialogModel(
  subject: RollDialogSubject,
  choices: RollDialogChoices,
  settings: RollDialogSettings,
): RollDialogView {
  const { ruleset, target } = subject;
  const reading = readCharacter(subject.state);
  const weapon = ruleWeapon(subject);
  const normalised = normalise(subject, reading, weapon, choices, settings);
  const chosen = normalised.choices;
  const darkMax = darkMaxOf(settings);
  const pool = dialogPool(subject, reading, weapon, chosen, darkMax);
  const { rank, tags, slaughter, odds } = dialogEffect(subject, reading, weapon, chosen, pool, settings);
  const reason = rollBlocked(reading, pool);
  const order = effectOrder({
    fast: reading.flags.has("effectFirst"),
    nimble: hasTag(weapon, "nimble"),
    slow: reading.flags.has("effectLast"),
  });
  const whirlwindOwned = reading.flags.has("whirlwind");
  const reaction = target.kind === "save";

  return {
    title: {
      labelKey: pool.baseLabel,
      weaponName: subject.weapon ? subject.weapon.name : null,
      kindKey: reaction ? "TERRAN.Dialog.kind.reaction" : "TERRAN.Dialog.kind.riskyAction",
    },
    reaction,
    base: { labelKey: pool.baseLabel, dice: pool.base, rule: reaction ? "R-RA-8" : "R-POOL-1" },
    lines: modifierRows(pool, reading, target, new Set(chosen.ticked)),
    ignored: reading.ignored,
    position: positionView(chosen.position, settings, normalised.positionCorrected),
    raw: pool.raw,
    rawSigned: String(pool.raw).replace("-", MINUS),
    light: pool.light,
    clamp: { reason: pool.clamp, message: clampMessage(pool.clamp, pool.raw, reading.mortallyWounded) },
    mortallyWounded: reading.mortallyWounded,
    dark: darkView(chosen.dark, darkMax, normalised.darkCorrected),
    dice: {
      light: Array.from({ length: pool.light }, (_, i) => i + 1),
      dark: Array.from({ length: pool.dark }, (_, i) => i + 1),
    },
    ego: egoView(reading, odds, settings.locale),
    chances: chancesView(odds, oddsNotes(pool, odds, target, chosen, settings), settings.locale),
    order: { value: order, labelKey: `TERRAN.Order.${order}` },
    range: rangeView(ruleset, weapon, chosen.range),
    tier: tierView(ruleset, weapon, rank),
    hindered: { shown: reading.heavy, checked: chosen.hindered },
    combat: { shown: whirlwindOwned, checked: chosen.combat },
    specialist: {
      shown: specialistOffered(subject, reading),
      checked: chosen.specialist,
      specialties: reading.specialties.join(", "),
    },
    messageModes: MESSAGE_MODES.map((mode) => ({
      value: mode,
      labelKey: `TERRAN.Dialog.messageMode.${mode}`,
      selected: mode === chosen.messageMode,
    })),
    roll: { disabled: reason !== null, reason },

    choices: chosen,
    pool,
    odds,
    slaughter,
    rank,
    effectTags: tags,
    egoAtThrow: reading.ego,
    sayonara: reading.sayonara,
    whirlwind: whirlwindOwned && chosen.combat,
    specialistApplies: chosen.specialist,
    messageMode: chosen.messageMode,
  };
}
