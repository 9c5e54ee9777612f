/**
 * A Legacy session played in the sandbox: a fresh Legacy character whose buttons do what the glue does
 * (src/documents/legacy-actions.ts), with the real operations, dialog model and cards: the creation roll,
 * a Risky Action and its card's Effect roll, harm to Critical and Mortal, the session's end, the
 * Advancement roll. Stand-ins: seeded dice, `applyOperation` for `commitOperation`, DialogV2's prompts
 * drawn here; the page holds the state and posts it back with each click.
 */
import {
  initialSeparateChoices,
  applySeparateAction,
  applySeparateField,
  separateRollModel,
  type SeparateRollChoices,
  type SeparateRollSettings,
} from "../src/applications/resolution/separate-dialog-model.ts";
import type { CharacterSheetInput } from "../src/applications/sheets/inputs.ts";
import { experienceRollCard, legacyCreationCard, legacyHarmCard } from "../src/chat/legacy-cards.ts";
import type { ResultCardView } from "../src/chat/index.ts";
import { createLegacyEffectCard, type LegacyActionLink } from "../src/chat/legacy-effect-card.ts";
import {
  claimEffectRoll,
  createLegacyRiskyCard,
  linkEffectCard,
  type LegacyRiskyState,
} from "../src/chat/legacy-risky-card.ts";
import { deriveCharacter } from "../src/data/derived.ts";
import { ratingsOf, LEGACY_ATTRIBUTES, type LegacyAttribute } from "../src/data/ratings.ts";
import {
  advancementRollOperation,
  assertLegacyCreationRollOpen,
  isLegacyAttribute,
  isLegacySkill,
  legacyCreationOperation,
  legacyEffect,
  setLegacyRatingOperation,
  toolFor,
} from "../src/documents/operations/legacy.ts";
import { endSessionEgoOperation, spendEgoOperation } from "../src/documents/operations/ego.ts";
import {
  assessHpHarmOperation,
  hpHarmOperation,
  hpRecoverOperation,
  type HpHarmOperationChoices,
} from "../src/documents/operations/hp-harm.ts";
import type { ActorUpdate, CharacterState, ItemUpdate } from "../src/documents/operations/types.ts";
import { DEFAULT_DARK_MAX, effectOrder, LEGACY, RulesError, type Face } from "../src/rules/index.ts";
import { weaponRow } from "../tests/fixtures/sheets.ts";
import { legacyFreshCharacter } from "../tests/fixtures/legacy-sheets.ts";
import { english } from "../tests/support/templates.ts";
import { seededD6, seedOf } from "./actions.ts";
import type { CardDoc } from "./fixtures.ts";
import { PLAYER } from "./fixtures.ts";
import { applicationWindow, chatMessage, DIALOG_WINDOW, escapeHtml, renderCard } from "./render.ts";
import { characterScene } from "./sheets.ts";
import { render } from "./templates.ts";

/** The dialog's settings as a world keeps them by default (the Dark Dice setting's default). */
export const SESSION_SETTINGS: SeparateRollSettings = { darkMax: DEFAULT_DARK_MAX, messageMode: "public" };

/** The seed text of the session's dice (chosen so this session shows an explosion and Ego lost). */
const SEED = "legacy-session-56";

/** The session's character as its cards name it. */
const SESSION_ACTOR_UUID = "Actor.sandboxSession01";

/** The weapon the character carries: a Greater tool (2d, highest kept, a 6 explodes: R-LEG-11). */
export const SESSION_WEAPON_ID = "weapLargeAxe0001";

export type SessionPrompt =
  | { readonly kind: "harm" }
  | { readonly kind: "rollAgain" }
  | { readonly kind: "xp"; readonly max: number }
  | { readonly kind: "lose"; readonly effect: number; readonly choosable: readonly LegacyAttribute[] };

/** What the page holds: the character (an actor's data), the open dialog or prompt, the dice thrown so far. */
export interface SessionState {
  readonly character: CharacterSheetInput;
  readonly dialog: { readonly attribute: LegacyAttribute; readonly choices: SeparateRollChoices } | null;
  readonly prompt: SessionPrompt | null;
  readonly throws: number;
  /** The last Risky Action card posted (its message id and state): its Effect buttons roll from it. */
  readonly risky?: { readonly id: string; readonly state: LegacyRiskyState } | null;
}

/** A fresh Legacy character (nothing rolled, no XP) carrying a large axe; `gm`: the page plays as a GM. */
export function sessionCharacter(gm = false): CharacterSheetInput {
  const fresh = legacyFreshCharacter();
  return {
    ...fresh,
    permissions: { ...fresh.permissions, isGM: gm },
    name: "Lio Fresh",
    items: [
      weaponRow(
        { id: SESSION_WEAPON_ID, name: "Large axe", sort: 100 },
        { rank: 4, tags: [], twoHanded: true, equipped: true },
      ),
    ],
  };
}

export function initialSession(as: { readonly gm?: boolean } = {}): SessionState {
  return { character: sessionCharacter(as.gm ?? false), dialog: null, prompt: null, throws: 0 };
}

export function stateOf(character: CharacterSheetInput): CharacterState {
  return { source: character.system, items: character.items };
}

/** The dice of the session's throw number `n` (stand-in of Foundry's RNG). */
export function sessionDice(n: number, count: number): Face[] {
  const d6 = seededD6(seedOf(`${SEED}:${n}`));
  return Array.from({ length: count }, d6);
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  const last = keys.pop();
  let node = target;
  for (const key of keys) {
    const next = node[key];
    if (typeof next !== "object" || next === null) throw new Error(`sandbox: no ${path} to update`);
    node = next as Record<string, unknown>;
  }
  if (last === undefined) throw new Error("sandbox: an empty update path");
  node[last] = value;
}

/**
 * Stand-in of `TerranActor.commitOperation`: the update's `system.…` paths set on a copy of the
 * character and its items.
 */
export function applyOperation(
  character: CharacterSheetInput,
  op: { readonly update: ActorUpdate; readonly itemUpdates: readonly ItemUpdate[] },
): CharacterSheetInput {
  const system = structuredClone(character.system);
  for (const [path, value] of Object.entries(op.update))
    setPath(system as unknown as Record<string, unknown>, path.slice("system.".length), value);
  const items = character.items.map((item) => {
    const update = op.itemUpdates.find((u) => u._id === item.id);
    if (!update) return item;
    const itemSystem = structuredClone(item.system);
    for (const [path, value] of Object.entries(update))
      if (path !== "_id")
        setPath(itemSystem as unknown as Record<string, unknown>, path.slice("system.".length), value);
    return { ...item, system: itemSystem } as typeof item;
  });
  return { ...character, system, items };
}

const attributeLabel = (id: string): string => `TERRAN.Character.FIELDS.ratings.attributes.${id}.label`;
const skillLabel = (id: string): string => `TERRAN.Character.FIELDS.ratings.skills.${id}.label`;

// ---------------------------------------------------------------------------------------------
// What a click does

export interface SessionClick {
  /** Where the button is: the sheet, the Risky Action dialog, a prompt, or a card in the chat log. */
  readonly where: "sheet" | "dialog" | "prompt" | "card";
  readonly action: string;
  readonly data: Readonly<Record<string, string>>;
  /** The prompt's number field (`n`), when it has one. */
  readonly n?: number;
}

/** A chat message of the session: its id (the page finds it again by it) and its card. */
export interface SessionCard {
  readonly id: string;
  readonly doc: CardDoc;
}

export interface SessionStep {
  readonly state: SessionState;
  /** The card posted, if any. */
  readonly card: SessionCard | null;
  /** A card posted before, drawn again (its state moved on). */
  readonly changed?: SessionCard;
}

const result = (state: SessionState, view: ResultCardView): SessionCard => ({
  id: `session${state.throws}`,
  doc: { kind: "result", state: view },
});

function throwDice(state: SessionState, count: number): { faces: Face[]; state: SessionState } {
  return { faces: sessionDice(state.throws, count), state: { ...state, throws: state.throws + 1 } };
}

const FOUNDRY_ONLY = (action: string): RulesError =>
  new RulesError(
    "not-allowed",
    `The sandbox's session wires the rolls, harm and Experience: "${action}" runs in Foundry only.`,
  );

/**
 * R-LEG-2 the creation roll (rollLegacyCreation): two dice per attribute, in sheet order; refused to a player
 * once rolled, and a GM's roll again asks first (ruling, §10).
 */
function creation(state: SessionState, confirmed = false): SessionStep {
  const character = state.character;
  const by = { isGM: character.permissions.isGM, rolled: character.legacyCreationRolled ?? false };
  assertLegacyCreationRollOpen(stateOf(character), by);
  if (by.rolled && !confirmed) return { state: { ...state, dialog: null, prompt: { kind: "rollAgain" } }, card: null };
  const dice = LEGACY.attributes.creation.dice;
  const thrown = throwDice(state, dice * LEGACY_ATTRIBUTES.length);
  const faces = LEGACY_ATTRIBUTES.map((_, i) => thrown.faces.slice(i * dice, (i + 1) * dice));
  const op = legacyCreationOperation(stateOf(character), LEGACY, faces, by);
  const rolls = LEGACY_ATTRIBUTES.map((a, i) => ({
    labelKey: attributeLabel(a),
    faces: faces[i] ?? [],
    rating: op.outcome.ratings[a],
  }));
  const card = legacyCreationCard({ actorName: character.name, rolls, hp: op.outcome.hp, ego: op.outcome.ego });
  const rolled = { ...applyOperation(character, op), legacyCreationRolled: true };
  return { state: { ...thrown.state, prompt: null, character: rolled }, card: result(state, card) };
}

/**
 * R-LEG-11 a weapon's Effect roll (rollLegacyEffect): the tier's dice, then one die more while the last is a 6;
 * tied to `action` when rolled from its Risky card, to nothing from the sheet. R-RA-9 the card keeps the order.
 */
function effectRoll(state: SessionState, itemId: string, action: LegacyActionLink | null = null): SessionStep {
  const item = state.character.items.find((i) => i.id === itemId);
  if (item?.type !== "weapon")
    throw new RulesError("unknown-id", `"${itemId}" is not a weapon of ${state.character.name}.`, { id: itemId });
  const tool = toolFor(LEGACY, item.system.rank);
  if (!tool) throw new RulesError("not-allowed", "This ruleset rolls no tool Effects.");
  let next = throwDice(state, tool.dice);
  const first = next.faces;
  const chain: number[] = [];
  let last = Math.max(...first);
  while (last >= LEGACY.resolution.explodeOn) {
    next = throwDice(next.state, 1);
    last = next.faces[0] ?? 1;
    chain.push(last);
  }
  const tags = { versatileTwoHanded: item.system.twoHanded, improvised: item.system.tags.includes("improvised") };
  const effect = legacyEffect(LEGACY, item.system.rank, tags, first, chain);
  const { flags } = deriveCharacter(state.character.system, state.character.items);
  const card = createLegacyEffectCard({
    rollerId: PLAYER.id,
    actorUuid: SESSION_ACTOR_UUID,
    rulesetId: LEGACY.id,
    rank: item.system.rank,
    ...tags,
    extra: 0,
    roll: { actorName: state.character.name, toolName: item.name, tierLabelKey: tool.labelKey, ...effect },
    action,
    order: effectOrder({
      fast: flags.has("effectFirst"),
      slow: flags.has("effectLast"),
      nimble: item.system.tags.includes("nimble"),
    }),
  });
  return { state: next.state, card: { id: `session${state.throws}`, doc: { kind: "legacyEffect", state: card } } };
}

/** R-LEG-11 a Risky card's Effect button: the hit claimed first (two clicks roll once), then the tied roll. */
function effectFromCard(state: SessionState, click: SessionClick): SessionStep {
  const risky = state.risky;
  if (!risky || click.data.sessionCard !== risky.id || click.action !== "roll-effect") throw FOUNDRY_ONLY(click.action);
  const claimed = claimEffectRoll(risky.state, PLAYER, Number(click.data.index ?? 0), risky.state.version);
  const step = effectRoll(state, claimed.tool.id, { messageId: risky.id, hit: claimed.hit });
  const linked = { id: risky.id, state: linkEffectCard(claimed.state, claimed.hit, step.card?.id ?? "") };
  return {
    state: { ...step.state, risky: linked },
    card: step.card,
    changed: { id: risky.id, doc: { kind: "legacyRisky", state: linked.state } },
  };
}

/**
 * R-LEG-8 R-LEG-9 the dialog's Roll (SeparateRollDialog → rollLegacyRisky): one throw of the pool; the Dark Dice's Ego
 * spent at once. R-LEG-11 the card offers an Effect roll per held tool.
 */
function riskyRoll(state: SessionState): SessionStep {
  const dialog = state.dialog;
  if (!dialog) throw new RulesError("not-allowed", "No Risky Action dialog is open.");
  const character = state.character;
  const view = separateRollModel(
    { ruleset: LEGACY, state: stateOf(character), attribute: dialog.attribute },
    dialog.choices,
    SESSION_SETTINGS,
  );
  if (view.roll.disabled) throw new RulesError("not-allowed", "The dialog cannot roll now (see its notice).");
  const thrown = throwDice(state, view.light + view.choices.dark);
  const light = thrown.faces.slice(0, view.light);
  const dark = thrown.faces.slice(view.light);
  const spend = dark.length > 0 ? spendEgoOperation(stateOf(character), LEGACY, dark) : null;
  const ego = ratingsOf(character.system).ego.value;
  const card = createLegacyRiskyCard({
    rollerId: PLAYER.id,
    actorUuid: SESSION_ACTOR_UUID,
    roll: {
      actorName: character.name,
      attributeLabelKey: attributeLabel(dialog.attribute),
      skillLabelKey: isLegacySkill(view.choices.skill) ? skillLabel(view.choices.skill) : null,
      light,
      dark,
      costly: spend?.outcome.costly ?? [],
      ego: { before: ego, after: spend?.outcome.after ?? ego },
      lost: spend?.outcome.lost ?? false,
    },
    tools: character.items.flatMap((i) =>
      i.type === "weapon" && i.system.equipped ? [{ id: i.id, name: i.name }] : [],
    ),
    multiAttack: deriveCharacter(character.system, character.items).flags.has("multiAttack"),
  });
  const id = `session${state.throws}`;
  return {
    state: {
      ...thrown.state,
      dialog: null,
      risky: { id, state: card },
      character: spend ? applyOperation(character, spend) : character,
    },
    card: { id, doc: { kind: "legacyRisky", state: card } },
  };
}

/** R-LEG-4 … R-LEG-6 harm taken (applyLegacyHarm): armour, HP, the wound stage, the attribute lost. */
function harm(state: SessionState, effect: number, choices: HpHarmOperationChoices): SessionStep {
  const character = state.character;
  const current = stateOf(character);
  const op = hpHarmOperation(current, LEGACY, effect, choices);
  const o = op.outcome;
  const hpMax = deriveCharacter(current.source, current.items).hitPoints.max;
  const card = legacyHarmCard({
    actorName: character.name,
    effect: o.effect,
    armour: o.armour,
    damage: o.damage,
    hp: { ...o.hp, max: hpMax },
    wound: o.wound,
    attributeLostLabelKey: o.attributeLost ? attributeLabel(o.attributeLost) : null,
    dead: o.dead,
    shieldSacrificed: o.shieldItemId !== null,
  });
  return { state: { ...state, prompt: null, character: applyOperation(character, op) }, card: result(state, card) };
}

/** The number the prompt gives, clamped to its limits as askNumber does; null when it is not a number. */
function promptNumber(n: number | undefined, min: number, max: number): number | null {
  if (n === undefined || !Number.isFinite(n)) return null;
  return Math.min(max, Math.max(min, Math.round(n)));
}

function onPrompt(state: SessionState, click: SessionClick): SessionStep {
  const prompt = state.prompt;
  if (click.action === "promptCancel" || !prompt) return { state: { ...state, prompt: null }, card: null };
  if (prompt.kind === "lose") {
    if (click.action !== "chooseAttribute") throw FOUNDRY_ONLY(click.action);
    const attribute = prompt.choosable.find((a) => a === click.data.value);
    if (!attribute)
      throw new RulesError("unknown-id", `"${click.data.value ?? ""}" is not one of the attributes offered.`);
    return harm(state, prompt.effect, { attribute });
  }
  if (click.action !== "promptOk") throw FOUNDRY_ONLY(click.action);
  if (prompt.kind === "rollAgain") return creation(state, true);
  if (prompt.kind === "harm") {
    const effect = promptNumber(click.n, 0, 99);
    if (effect === null) return { state: { ...state, prompt: null }, card: null };
    // R-LEG-5 the player chooses the attribute that loses its point when more than one can.
    const assessed = assessHpHarmOperation(stateOf(state.character), effect);
    if (assessed.asksAttribute)
      return { state: { ...state, prompt: { kind: "lose", effect, choosable: assessed.choosable } }, card: null };
    return harm(state, effect, {});
  }
  // R-LEG-13 the Advancement roll: one die per Experience spent (rollExperience).
  const dice = promptNumber(click.n, 1, prompt.max);
  if (dice === null) return { state: { ...state, prompt: null }, card: null };
  const xp = state.character.system.xp;
  if (dice > xp)
    throw new RulesError("not-enough-xp", `Rolling ${dice} dice costs ${dice} Experience; there is ${xp}.`, {
      cost: dice,
      xp,
    });
  const thrown = throwDice(state, dice);
  const op = advancementRollOperation(stateOf(state.character), LEGACY, thrown.faces);
  const o = op.outcome;
  const card = experienceRollCard({
    actorName: state.character.name,
    kind: o.kind,
    skillLabelKey: null,
    faces: o.faces,
    sum: o.sum,
    target: o.target,
    success: o.success,
    rating: o.rating,
  });
  return {
    state: { ...thrown.state, prompt: null, character: applyOperation(state.character, op) },
    card: result(state, card),
  };
}

function onDialog(state: SessionState, click: SessionClick): SessionStep {
  const dialog = state.dialog;
  if (!dialog) return { state, card: null };
  if (click.action === "roll") return riskyRoll(state);
  if (click.action === "close") return { state: { ...state, dialog: null }, card: null };
  const next = applySeparateAction(dialog.choices, click.action, click.data.key ?? "");
  return { state: { ...state, dialog: { ...dialog, choices: normalised(state, dialog.attribute, next) } }, card: null };
}

/** The model's normalised choices become the dialog's own (as SeparateRollDialog#set keeps them). */
function normalised(
  state: SessionState,
  attribute: LegacyAttribute,
  choices: SeparateRollChoices,
): SeparateRollChoices {
  return separateRollModel({ ruleset: LEGACY, state: stateOf(state.character), attribute }, choices, SESSION_SETTINGS)
    .choices;
}

function onSheet(state: SessionState, click: SessionClick): SessionStep {
  const character = state.character;
  const current = stateOf(character);
  switch (click.action) {
    case "rollLegacyCreation":
      return creation(state);
    case "roll": {
      const what = click.data.roll ?? "";
      if (isLegacyAttribute(what))
        return {
          state: {
            ...state,
            prompt: null,
            dialog: { attribute: what, choices: normalised(state, what, initialSeparateChoices(SESSION_SETTINGS)) },
          },
          card: null,
        };
      return effectRoll(state, what);
    }
    case "takeLegacyHarm":
      return { state: { ...state, dialog: null, prompt: { kind: "harm" } }, card: null };
    case "advancementRoll":
      // askDice: nothing to ask with no Experience.
      if (character.system.xp < 1) return { state, card: null };
      return { state: { ...state, dialog: null, prompt: { kind: "xp", max: character.system.xp } }, card: null };
    case "endLegacySession":
      return {
        state: { ...state, character: applyOperation(character, endSessionEgoOperation(current, LEGACY)) },
        card: null,
      };
    case "legacyRecover":
      return {
        state: {
          ...state,
          character: applyOperation(
            character,
            hpRecoverOperation(current, click.data.kind === "week" ? "week" : "night"),
          ),
        },
        card: null,
      };
    case "setLegacyRating": {
      const op = setLegacyRatingOperation(
        current,
        LEGACY,
        click.data.kind === "skill" ? "skill" : "attribute",
        click.data.id ?? "",
        Number(click.data.value),
      );
      return { state: { ...state, character: applyOperation(character, op) }, card: null };
    }
    default:
      throw FOUNDRY_ONLY(click.action);
  }
}

/** One click of the session: the next state and the card it posts, if any. */
export function sessionClick(state: SessionState, click: SessionClick): SessionStep {
  if (click.where === "card") return effectFromCard(state, click);
  if (click.where === "prompt") return onPrompt(state, click);
  if (click.where === "dialog") return onDialog(state, click);
  return onSheet(state, click);
}

/** A field of the Risky Action dialog changed (its skill, Heavy armour, an improvised tool, the message mode). */
export function sessionField(state: SessionState, name: string, value: unknown): SessionState {
  const dialog = state.dialog;
  if (!dialog) return state;
  return {
    ...state,
    dialog: {
      ...dialog,
      choices: normalised(state, dialog.attribute, applySeparateField(dialog.choices, name, value)),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// What the page shows

const SHEET_ID = "legacy-session";

function sheetWindow(character: CharacterSheetInput): string {
  const scene = characterScene(SHEET_ID, "", character);
  return applicationWindow({
    classes: scene.classes,
    title: scene.windowTitle,
    width: scene.width,
    height: scene.height,
    content: scene.render(),
    sandbox: "session-sheet",
    tag: "form",
  });
}

/** Stand-in of DialogV2 (Foundry's prompt window): our prompt text and field, Foundry's buttons. */
function promptWindow(prompt: SessionPrompt): string {
  const classes = ["dialog", "sandbox-session-prompt"];
  if (prompt.kind === "rollAgain") {
    // DialogV2.confirm's buttons are Foundry's own (Yes, No).
    const text = escapeHtml(english("TERRAN.Sheet.Legacy.rollAgainPrompt"));
    const content = `<p>${text}</p><footer class="form-footer"><button type="button" data-action="promptOk">Yes</button><button type="button" data-action="promptCancel">No</button></footer>`;
    return applicationWindow({
      tag: "form",
      classes,
      title: english("TERRAN.Sheet.Legacy.rollAgainTitle"),
      width: 400,
      content,
      sandbox: "session-prompt",
    });
  }
  if (prompt.kind === "lose") {
    const buttons = prompt.choosable
      .map(
        (a) =>
          `<button type="button" data-action="chooseAttribute" data-value="${a}">${escapeHtml(english(attributeLabel(a)))}</button>`,
      )
      .join("");
    const content = `<p>${escapeHtml(english("TERRAN.Sheet.Legacy.losePrompt"))}</p><footer class="form-footer">${buttons}</footer>`;
    return applicationWindow({
      tag: "form",
      classes,
      title: english("TERRAN.Sheet.Legacy.loseTitle"),
      width: 360,
      content,
      sandbox: "session-prompt",
    });
  }
  const [title, text, min, max, value] =
    prompt.kind === "harm"
      ? (["harmTitle", "harmPrompt", 0, 99, 1] as const)
      : (["xpTitle", "xpPrompt", 1, prompt.max, prompt.max] as const);
  const label = escapeHtml(english(`TERRAN.Sheet.Legacy.${text}`));
  const content = `<p id="sandbox-prompt-text">${label}</p><input type="number" name="n" min="${min}" max="${max}" step="1" value="${value}" aria-labelledby="sandbox-prompt-text">
<footer class="form-footer"><button type="button" data-action="promptOk">OK</button><button type="button" data-action="promptCancel">Cancel</button></footer>`;
  return applicationWindow({
    tag: "form",
    classes,
    title: english(`TERRAN.Sheet.Legacy.${title}`),
    width: 360,
    content,
    sandbox: "session-prompt",
  });
}

function dialogWindow(state: SessionState): string {
  const dialog = state.dialog;
  if (!dialog) return "";
  const view = separateRollModel(
    { ruleset: LEGACY, state: stateOf(state.character), attribute: dialog.attribute },
    dialog.choices,
    SESSION_SETTINGS,
  );
  return applicationWindow({
    tag: "form",
    classes: [...DIALOG_WINDOW.classes, "legacy-roll-dialog"],
    title: DIALOG_WINDOW.title(),
    width: DIALOG_WINDOW.width,
    content: render("dialogs/legacy-roll-dialog.hbs", view),
    sandbox: "session-dialog",
  });
}

export interface SessionView {
  readonly sheet: string;
  /** The open dialog or prompt (or nothing). */
  readonly side: string;
  /** A chat message for the card posted, if any. */
  readonly message: string | null;
  /** A message posted before, drawn again: its id and its new HTML. */
  readonly changed: { readonly id: string; readonly message: string } | null;
}

const messageOf = (state: SessionState, card: SessionCard): string =>
  chatMessage(state.character.name, renderCard(card.doc, PLAYER), card.id);

export function sessionView(state: SessionState, step: Omit<SessionStep, "state"> | null = null): SessionView {
  return {
    sheet: sheetWindow(state.character),
    side: state.prompt ? promptWindow(state.prompt) : dialogWindow(state),
    message: step?.card ? messageOf(state, step.card) : null,
    changed: step?.changed ? { id: step.changed.id, message: messageOf(state, step.changed) } : null,
  };
}

/** The session's page body (a row: the sheet, the open window, the chat log). */
export function sessionBody(state: SessionState, chatWidth: number): string {
  const view = sessionView(state);
  // The open window above the chat log, beside the sheet (the sheet, a dialog and the chat fit 1280px side
  // by side only this way).
  const column = `<div class="sandbox-session-column" style="display: flex; flex-direction: column; gap: 12px; align-items: flex-start"><div id="sandbox-session-side">${view.side}</div><section class="sandbox-chat sidebar-tab chat-sidebar" style="width: ${chatWidth}px"><ol class="chat-log" id="sandbox-chat-log"></ol></section></div>`;
  return `<div class="sandbox-row" data-sandbox-session>${view.sheet}${column}</div>`;
}

/**
 * The state the page posts back: its shape is trusted (the sandbox is a dev tool); the operations validate its content.
 */
export function parseSessionState(value: unknown): SessionState {
  const v = typeof value === "object" && value !== null ? (value as Partial<SessionState>) : null;
  if (!v?.character || typeof v.throws !== "number") throw new Error("Bad session state.");
  return v as SessionState;
}

export function parseSessionClick(value: unknown): SessionClick {
  const v = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const where = v.where === "dialog" || v.where === "prompt" || v.where === "card" ? v.where : "sheet";
  if (typeof v.action !== "string") throw new Error("A click names its action.");
  const data: Record<string, string> = {};
  if (typeof v.data === "object" && v.data !== null)
    for (const [k, d] of Object.entries(v.data)) if (typeof d === "string") data[k] = d;
  return { where, action: v.action, data, ...(typeof v.n === "number" ? { n: v.n } : {}) };
}
