/**
 * The hand-over from the roll dialog to the card: what a Risky Action's card and its roll record start
 * from, read from the dialog's view and the dice thrown (R-RA-1…10, R-ADV-2, R-EGO-2).
 */
import type { CardWeapon, RiskyCardInput } from "../../chat/risky-card.ts";
import { deriveCharacter } from "../../data/derived.ts";
import type { RollDialogSubject, RollDialogView } from "./roll-dialog-model.ts";

/** The card's view of the weapon: its name, tier rank and every tag (the ruleset's and the user's own). */
export function cardWeapon(subject: RollDialogSubject): CardWeapon | null {
  const weapon = subject.weapon;
  if (!weapon) return null;
  return {
    name: weapon.name,
    rank: weapon.system.rank,
    tags: [...weapon.system.tags, ...weapon.system.customTags],
    twoHanded: weapon.system.twoHanded,
  };
}

export interface ThrownPool {
  readonly rollerId: string;
  readonly actor: { readonly uuid: string; readonly name: string };
  readonly light: readonly number[];
  readonly dark: readonly number[];
  /** R-RA-2 the world's setting. */
  readonly singleDieServesBoth: boolean;
}

/** The input of `createRiskyCard` for a roll made from the dialog (R-RA-1…10, R-ADV-2, R-EGO-2). */
export function riskyCardInput(subject: RollDialogSubject, view: RollDialogView, thrown: ThrownPool): RiskyCardInput {
  const { flags } = deriveCharacter(subject.state.source, subject.state.items);
  return {
    rollerId: thrown.rollerId,
    actorUuid: thrown.actor.uuid,
    actorName: thrown.actor.name,
    rulesetId: subject.ruleset.id,
    target: subject.target,
    reaction: view.reaction,
    light: [...thrown.light],
    dark: [...thrown.dark],
    pool: view.pool,
    egoBefore: view.egoAtThrow,
    sayonara: view.sayonara,
    singleDieServesBoth: thrown.singleDieServesBoth,
    weapon: cardWeapon(subject),
    rank: view.rank,
    combat: view.choices.combat,
    flags: {
      whirlwind: view.whirlwind,
      specialist: view.specialistApplies,
      fast: flags.has("effectFirst"),
      slow: flags.has("effectLast"),
    },
  };
}

/** What a TerranRoll carries in `options["terran-engine"]`: enough to tell what was rolled and why. */
export interface TerranRollRecord {
  readonly actorUuid: string;
  /** The attribute or the save. */
  readonly target: RollDialogSubject["target"];
  /** R-POOL-1/2 the base and every counted modifier line (label key or the user's own text, dice). */
  readonly breakdown: readonly { readonly label: string; readonly dice: number }[];
  /** The weapon as it was at the throw (a later edit of the item does not rewrite history). */
  readonly weapon: {
    readonly id: string;
    readonly name: string;
    readonly rank: number;
    readonly tags: readonly string[];
  } | null;
  readonly egoBefore: number;
  readonly ruleset: string;
  /** R-POOL-3/4 the dice chosen: light after the clamp, dark from the stepper. */
  readonly light: number;
  readonly dark: number;
}

/** The record a Risky Action's roll keeps in its options. */
export function rollRecord(subject: RollDialogSubject, view: RollDialogView, actorUuid: string): TerranRollRecord {
  const lines = view.lines.filter((l) => l.counts).map((l) => ({ label: l.labelKey ?? l.labelText, dice: l.dice }));
  const position = view.choices.position === 0 ? [] : [{ label: "TERRAN.Pool.position", dice: view.choices.position }];
  const weapon = cardWeapon(subject);
  return {
    actorUuid,
    target: subject.target,
    breakdown: [{ label: view.base.labelKey, dice: view.base.dice }, ...lines, ...position],
    weapon:
      weapon && subject.weapon
        ? { id: subject.weapon.id, name: weapon.name, rank: weapon.rank, tags: weapon.tags }
        : null,
    egoBefore: view.egoAtThrow,
    ruleset: subject.ruleset.id,
    light: view.light,
    dark: view.choices.dark,
  };
}
