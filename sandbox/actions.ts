/**
 * What a click does in the sandbox: the real card transitions (src/chat/) and the real roll dialog
 * model (src/applications/dialogs/roll-dialog-model.ts), exactly as the Foundry glue calls them. What
 * Foundry would do around them is replaced by small, labelled stand-ins: dice come from a seeded
 * generator (the same state always rolls the same dice, so screenshots are stable), and the targets
 * an Effect is applied to are fixed stand-in actors.
 */
import {
  applyChange,
  DIALOG_ACTIONS,
  DIALOG_FIELDS,
  rollDialogModel,
  type DialogChange,
  type RollDialogChoices,
} from "../src/applications/dialogs/roll-dialog-model.ts";
import { riskyCardInput } from "../src/applications/dialogs/risky-card-input.ts";
import {
  allowEffect,
  allowSuccess,
  challengeCardResult,
  claimEffectRoll,
  confirmEffect,
  confirmSecondHit,
  createRiskyCard,
  effectChainNeeded,
  harmRecorded,
  isCardAction,
  legacyEffectValue,
  linkEffectCard,
  markEgoSpent,
  recordApplied,
  recordHarm,
  recordLegacyApplied,
  recordMontageApplied,
  riskyCardResult,
  selectDie,
  undoEgo,
  type CardAction,
  type CardUser,
  type DieRole,
  type RiskyCardState,
} from "../src/chat/index.ts";
import { applyHarm, explodes, reduceDisposition, RulesError, type Face } from "../src/rules/index.ts";
import { DIALOG_SETTINGS, type CardDoc, type DialogFixture } from "./fixtures.ts";

// ---------------------------------------------------------------------------------------------
// Dice (stand-in for Foundry's RNG)

/** A small seeded generator (mulberry32): deterministic d6 faces. */
export function seededD6(seed: number): () => Face {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return (1 + Math.floor(r * 6)) as Face;
  };
}

/** FNV-1a of a string: the seed of a state. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** R-RA-3 the explosion chain after `first`: roll while the last die explodes (capped, as a guard). */
function rollChain(first: Face, threshold: Face, d6: () => Face): Face[] {
  const chain: Face[] = [];
  let last = first;
  while (explodes(last, threshold) && chain.length < 20) {
    last = d6();
    chain.push(last);
  }
  return chain;
}

// ---------------------------------------------------------------------------------------------
// Chat cards

/** A click on a card: its `data-action`, and the die's `data-index` / `data-role` when it has them. */
export interface CardClick {
  readonly action: CardAction;
  readonly index: number | null;
  readonly role: DieRole | null;
}

const ROLES: readonly DieRole[] = ["precision", "effect", "second"];

/** Reads a click from a request body, or throws a readable error. */
export function parseCardClick(value: unknown): CardClick {
  if (typeof value !== "object" || value === null) throw new Error("A click needs an action.");
  const { action, index, role } = value as Record<string, unknown>;
  if (typeof action !== "string" || !isCardAction(action)) throw new Error(`Unknown card action: ${String(action)}`);
  const i = typeof index === "string" && index !== "" ? Number(index) : typeof index === "number" ? index : null;
  if (i !== null && !Number.isInteger(i)) throw new Error(`Bad die index: ${String(index)}`);
  const r = typeof role === "string" && role !== "" ? (ROLES.find((x) => x === role) ?? null) : null;
  if (typeof role === "string" && role !== "" && r === null) throw new Error(`Bad die role: ${role}`);
  return { action, index: i, role: r };
}

/** Stand-in targets: the Challenge facet an Effect is applied to, and the character a Challenge harms. */
export const SANDBOX_TARGETS = {
  challenge: { name: "Sandbox Challenge", facet: "Fight", disposition: 10 },
  character: { name: "Ilse", grit: 3 },
} as const;

function applyToChallenge(state: RiskyCardState, user: CardUser, hit: "effect" | "second"): RiskyCardState {
  const result = riskyCardResult(state);
  const value = hit === "effect" ? result.effect : result.second;
  if (!value)
    throw new RulesError("not-allowed", "This hit has no confirmed Effect that lands.", { reason: "noEffect" });
  const target = SANDBOX_TARGETS.challenge;
  const before = state.applied.at(-1)?.after ?? target.disposition;
  const after = reduceDisposition(before, value.value).value;
  return recordApplied(
    state,
    user,
    { hit, targetName: target.name, facet: target.facet, effect: value.value, before, after, userId: user.id },
    state.version,
  );
}

/**
 * R-LEG-11 a Legacy card's click: the Risky card's Effect roll claims its hit and names a stand-in Effect
 * card (the sandbox posts no second message); the Effect card's Apply records it against the stand-in Challenge.
 */
function legacyCardClick(
  doc: Extract<CardDoc, { kind: "legacyRisky" | "legacyEffect" }>,
  user: CardUser,
  click: CardClick,
): CardDoc {
  if (doc.kind === "legacyRisky") {
    if (click.action !== "roll-effect") throw new RulesError("not-allowed", `A Risky card has no ${click.action}.`);
    const claimed = claimEffectRoll(doc.state, user, click.index ?? 0, doc.state.version);
    return {
      kind: "legacyRisky",
      state: linkEffectCard(claimed.state, claimed.hit, `sandboxEffect${claimed.hit}`),
    };
  }
  if (click.action !== "apply-legacy-effect")
    throw new RulesError("not-allowed", `An Effect card has no ${click.action}.`);
  const target = SANDBOX_TARGETS.challenge;
  const effect = legacyEffectValue(doc.state);
  const entry = {
    hit: "effect" as const,
    targetName: target.name,
    facet: target.facet,
    effect,
    before: target.disposition,
    after: reduceDisposition(target.disposition, effect).value,
    userId: user.id,
  };
  return { kind: "legacyEffect", state: recordLegacyApplied(doc.state, user, entry, doc.state.version) };
}

/** The card after one click, with the real transition; a refusal throws the rules' `RulesError`. */
export function applyCardClick(doc: CardDoc, user: CardUser, click: CardClick): CardDoc {
  if (doc.kind === "result") throw new RulesError("not-allowed", "A result card has nothing to click.");
  if (doc.kind === "legacyRisky" || doc.kind === "legacyEffect") return legacyCardClick(doc, user, click);
  if (doc.kind === "legacyMontage") {
    if (click.action !== "apply-montage") throw new RulesError("not-allowed", `A montage card has no ${click.action}.`);
    // R-LEG-14 (ruling) the whole Disposition of the stand-in Challenge.
    const target = SANDBOX_TARGETS.challenge;
    const before = target.disposition;
    const entry = {
      hit: "effect" as const,
      targetName: target.name,
      facet: target.name,
      effect: before,
      before,
      after: 0,
    };
    const next = recordMontageApplied(doc.state, user, { ...entry, userId: user.id }, doc.state.version);
    return { kind: "legacyMontage", state: next };
  }
  if (doc.kind === "challenge") {
    if (click.action !== "apply-harm") throw new RulesError("not-allowed", `A Challenge card has no ${click.action}.`);
    const state = doc.state;
    const target = SANDBOX_TARGETS.character;
    if (harmRecorded(state, { name: target.name }))
      throw new RulesError("not-allowed", `${target.name} was already harmed by this Effect.`);
    const effect = challengeCardResult(state).effect.value;
    const harm = applyHarm(
      {
        grit: target.grit,
        wounds: { stressed: false, broken: false, weary: false },
        dead: false,
        armour: { body: "none", shield: false, elephantSkin: false },
      },
      effect,
      { woundTrack: "stressed" },
    );
    const entry = {
      model: "grit" as const,
      targetName: target.name,
      effect,
      armour: harm.assessment.armour,
      damage: harm.assessment.damage,
      shieldSacrificed: false,
      gritBefore: harm.assessment.gritBefore,
      gritAfter: harm.grit,
      wound: harm.wound,
      mortallyWounded: harm.mortallyWounded,
      dead: harm.dead,
      userId: user.id,
    };
    return { kind: "challenge", state: recordHarm(state, user, entry, state.version) };
  }
  const state = doc.state;
  const d6 = seededD6(seedOf(JSON.stringify(state)));
  const chainFor = (which: "effect" | "second"): Face[] => {
    const need = effectChainNeeded(state, which);
    return need ? rollChain(need.face, need.threshold, d6) : [];
  };
  let next: RiskyCardState;
  switch (click.action) {
    case "select-die":
      if (click.index === null || click.role === null) throw new Error("select-die needs data-index and data-role.");
      next = selectDie(state, user, click.index, click.role, state.version);
      break;
    case "confirm-effect":
      next = confirmEffect(state, user, chainFor("effect"), state.version);
      break;
    case "confirm-second":
      next = confirmSecondHit(state, user, chainFor("second"), state.version);
      break;
    case "allow-effect":
      next = allowEffect(state, user, !state.gmAllowsEffect, state.version);
      break;
    case "allow-success":
      next = allowSuccess(state, user, !(state.gmAllowsSuccess ?? false), state.version);
      break;
    case "undo-ego":
      next = undoEgo(state, user, state.version);
      break;
    case "apply-effect":
      next = applyToChallenge(state, user, "effect");
      break;
    case "apply-second":
      next = applyToChallenge(state, user, "second");
      break;
    case "apply-harm":
      throw new RulesError("not-allowed", "A Risky Action card has no apply-harm.");
    case "carry-complication":
      throw new RulesError("not-allowed", "A Risky Action card carries no complication.");
    case "tesla-backlash":
      // R-ADV-2 Tesla's Effect harms a character: that needs Foundry's actor, not the sandbox.
      throw new RulesError("not-allowed", "The sandbox has no character to take Tesla's Effect.");
    case "panic-event":
      // R-V-8 a Panic changes a character's Ego: that needs Foundry's actor, not the sandbox.
      throw new RulesError("not-allowed", "The sandbox has no character to panic.");
    case "roll-morale":
      // R-V-16 Morale changes a Challenge: that needs Foundry's actor, not the sandbox.
      throw new RulesError("not-allowed", "The sandbox has no Challenge to roll Morale for.");
    case "undo-session":
    case "roll-request":
    case "show-answer":
    case "roll-effect":
    case "apply-legacy-effect":
    case "apply-montage":
    case "pay-share":
      throw new RulesError("not-allowed", "A Risky Action card has no such button.");
  }
  return { kind: "risky", state: next };
}

// ---------------------------------------------------------------------------------------------
// The roll dialog

const STEPS = DIALOG_ACTIONS.filter(
  (a): a is Exclude<(typeof DIALOG_ACTIONS)[number], "roll" | "toggleModifier" | "toggleSkill" | "advisorDark"> =>
    a !== "roll" && a !== "toggleModifier" && a !== "toggleSkill" && a !== "advisorDark",
);

/**
 * Reads a dialog change (a stepper, a ticked modifier, a form field) from a request body; "roll" for the roll button.
 */
export function parseDialogChange(value: unknown): DialogChange | "roll" | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "object") throw new Error("A change is an object.");
  const v = value as Record<string, unknown>;
  if (typeof v.action === "string") {
    if (v.action === "roll") return "roll";
    if (v.action === "toggleModifier" || v.action === "toggleSkill" || v.action === "advisorDark") {
      if (typeof v.key !== "string") throw new Error(`${v.action} needs a key.`);
      return { action: v.action, key: v.key };
    }
    const step = STEPS.find((s) => s === v.action);
    if (!step) throw new Error(`Unknown dialog action: ${v.action}`);
    return { action: step };
  }
  const field = DIALOG_FIELDS.find((f) => f === v.field);
  if (!field) throw new Error(`Unknown dialog field: ${String(v.field)}`);
  return { field, value: v.value };
}

/** Reads the dialog's choices kept by the page; the model normalises every value it gets. */
export function parseChoices(value: unknown): RollDialogChoices | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "object" || !Array.isArray((value as { ticked?: unknown }).ticked))
    throw new Error("Bad dialog choices.");
  return value as RollDialogChoices;
}

export interface DialogRoll {
  readonly light: Face[];
  readonly dark: Face[];
  readonly card: CardDoc;
}

/** The choices after one change, with the real model. */
export function applyDialogChange(
  fixture: DialogFixture,
  choices: RollDialogChoices,
  change: DialogChange,
): RollDialogChoices {
  return applyChange(fixture.subject, choices, change, DIALOG_SETTINGS);
}

/** Held skills joined the choices later: none ticked, they leave the seed, so the scenes keep their dice. */
function seedFields(key: string, value: unknown): unknown {
  return key === "skills" && Array.isArray(value) && value.length === 0 ? undefined : value;
}

/** The roll button: throw the dialog's pool (seeded) and make the card the glue would post. */
export function rollDialog(fixture: DialogFixture, choices: RollDialogChoices, user: CardUser): DialogRoll {
  const view = rollDialogModel(fixture.subject, choices, DIALOG_SETTINGS);
  if (view.roll.disabled) throw new RulesError("not-allowed", "The dialog cannot roll now (see its notice).");
  const d6 = seededD6(seedOf(JSON.stringify(choices, seedFields)));
  const light = Array.from({ length: view.light }, d6);
  const dark = Array.from({ length: view.choices.dark }, d6);
  let state = createRiskyCard(
    riskyCardInput(fixture.subject, view, {
      rollerId: user.id,
      actor: { uuid: "Actor.sandbox", name: fixture.actorName },
      light,
      dark,
      singleDieServesBoth: DIALOG_SETTINGS.singleDieServesBoth,
    }),
  );
  if (state.ego.cost > 0) state = markEgoSpent(state, user, state.version);
  return { light, dark, card: { kind: "risky", state } };
}
