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
  type Pool,
  type PoolLineId,
  type TierRank,
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
  const ticked = new Set(chosen.ticked);

  // R-POOL-1 … R-POOL-5
  const pool = buildPool({
    ruleset,
    target,
    attributes: reading.attributes,
    wounds: reading.wounds,
    flags: reading.flags,
    position: chosen.position,
    ...(weapon ? { weapon } : {}),
    ...(weapon && chosen.range !== null ? { range: chosen.range } : {}),
    heavyArmour: reading.heavy,
    hinderedByHeavyArmour: chosen.hindered,
    modifiers: reading.modifiers.map((m) => m.modifier),
    ticked,
    dark: chosen.dark,
    darkMax,
  });

  // Every line, with the situational ones as checkboxes whether ticked or not.
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
  const lines = [...ruleLines, ...always, ...situational];

  // The Effect: the weapon's tier and tags, or the approach's tier (R-RA-4 / R-RA-5, R-EQ-3).
  const rank: TierRank = weapon ? weapon.rank : chosen.rank;
  const tags: EffectTags = effectTags(weapon);
  const slaughter = hasTag(weapon, "slaughter");
  const lost = reading.lost;
  const odds = oddsFor({
    light: pool.light,
    dark: pool.dark,
    ego: reading.ego,
    slaughter,
    sayonara: reading.sayonara,
    singleDieServesBoth: settings.singleDieServesBoth,
    effect: { rule: ruleset.effect, rank, tags },
  });
  const effectLands = odds.effect.pLands > 0;
  const expected = odds.effect.value?.expectedWhenLands ?? 0;

  const notes: DialogMessage[] = [];
  if (pool.empty) notes.push(message("TERRAN.Dialog.odds.empty"));
  else if (odds.dice === 1 && !settings.singleDieServesBoth) notes.push(message("TERRAN.Dialog.odds.loneDie"));
  if (target.kind === "save") notes.push(message("TERRAN.Dialog.odds.reaction"));
  if (chosen.specialist) notes.push(message("TERRAN.Dialog.odds.specialist"));

  const reason = rollBlocked(reading, pool);
  const positionSigned = chosen.position === 0 ? "\u00b10d" : signedDice(chosen.position);
  const tiers = ruleset.effect.tiers;
  const weaponTier = tiers.find((t) => t.rank === rank);
  const order = effectOrder({
    fast: reading.flags.has("effectFirst"),
    nimble: hasTag(weapon, "nimble"),
    slow: reading.flags.has("effectLast"),
  });
  const whirlwindOwned = reading.flags.has("whirlwind");

  return {
    title: {
      labelKey: pool.baseLabel,
      weaponName: subject.weapon ? subject.weapon.name : null,
      kindKey: target.kind === "save" ? "TERRAN.Dialog.kind.reaction" : "TERRAN.Dialog.kind.riskyAction",
    },
    reaction: target.kind === "save",
    base: { labelKey: pool.baseLabel, dice: pool.base, rule: target.kind === "save" ? "R-RA-8" : "R-POOL-1" },
    lines,
    ignored: reading.ignored,
    position: {
      value: chosen.position,
      signed: positionSigned,
      cls: chosen.position > 0 ? "bonus" : chosen.position < 0 ? "penalty" : "neutral",
      note: message(settings.isGM ? "TERRAN.Dialog.position.noteGM" : "TERRAN.Dialog.position.note"),
      down: {
        disabled: chosen.position <= -POSITION_LIMIT,
        tooltip:
          chosen.position <= -POSITION_LIMIT
            ? message("TERRAN.Dialog.position.atMin", POSITION_LIMIT)
            : message("TERRAN.Dialog.position.down"),
      },
      up: {
        disabled: chosen.position >= POSITION_LIMIT,
        tooltip:
          chosen.position >= POSITION_LIMIT
            ? message("TERRAN.Dialog.position.atMax", POSITION_LIMIT)
            : message("TERRAN.Dialog.position.up"),
      },
      corrected: normalised.positionCorrected,
    },
    raw: pool.raw,
    rawSigned: String(pool.raw).replace("-", MINUS),
    light: pool.light,
    clamp: { reason: pool.clamp, message: clampMessage(pool.clamp, pool.raw, reading.mortallyWounded) },
    mortallyWounded: reading.mortallyWounded,
    dark: {
      value: chosen.dark,
      max: darkMax,
      down: {
        disabled: chosen.dark <= 0,
        tooltip: chosen.dark <= 0 ? message("TERRAN.Dialog.dark.atMin") : message("TERRAN.Dialog.dark.down"),
      },
      up: {
        disabled: chosen.dark >= darkMax,
        tooltip:
          chosen.dark >= darkMax ? message("TERRAN.Dialog.dark.atMax", darkMax) : message("TERRAN.Dialog.dark.up"),
      },
      corrected: normalised.darkCorrected,
    },
    dice: {
      light: Array.from({ length: pool.light }, (_, i) => i + 1),
      dark: Array.from({ length: pool.dark }, (_, i) => i + 1),
    },
    ego: {
      value: reading.ego,
      max: reading.egoMax,
      sayonara: reading.sayonara,
      risk: egoRisk(reading.ego, reading.sayonara, lost),
      pLoseAny: percent(odds.ego.pLoseAny, settings.locale),
      pZero: percent(odds.ego.pZero, settings.locale),
      expectedLoss: decimal(odds.ego.expectedLoss, 1, settings.locale),
    },
    chances: {
      fail: percent(odds.outcome.fail, settings.locale),
      partial: percent(odds.outcome.partial, settings.locale),
      success: percent(odds.outcome.success, settings.locale),
      pLands: percent(odds.effect.pLands, settings.locale),
      expectedEffect: effectLands ? decimal(expected, 1, settings.locale) : "\u2014",
      effectLands,
      notes,
    },
    order: { value: order, labelKey: `TERRAN.Order.${order}` },
    range: {
      shown: weapon !== undefined,
      options: weapon
        ? ruleset.ranges.map((r) => {
            const cost = (weapon.ranges.includes(r.id) ? 0 : 1) + (r.close && hasTag(weapon, "unhandy") ? 1 : 0);
            return {
              value: r.id,
              labelKey: r.labelKey,
              selected: r.id === chosen.range,
              penalty: cost > 0 ? signedDice(-cost) : "",
            };
          })
        : [],
    },
    tier: {
      shown: weapon === undefined,
      options: weapon
        ? []
        : tiers.map((t) => ({ value: String(t.rank), labelKey: t.labelKey, selected: t.rank === rank })),
      labelKey: weaponTier?.labelKey ?? "TERRAN.Dialog.tier.label",
    },
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
