/**
 * The luck ledger on the Foundry side (R-LUCK-1): recorded by the active GM's client into the world setting
 * `luckLedger` (it outlives a cleared chat log), read by the Table luck window. Provenance: each entry is
 * computed on the GM's client by the rules (src/rules/luck.ts) from a card checked whole whose dice are the
 * message's own Foundry rolls; no number from a player's client is taken. Only a GM who may write world
 * settings records (`mayWriteWorldSettings`), when its client sees the card change. An Ego Undo takes its
 * Ego back out the same way (R-EGO-2).
 */
import {
  assertLegacyEffectState,
  assertLegacyRiskyState,
  cardDice,
  facesAmongRolls,
  isSlaughter,
  riskyCardResult,
  type LegacyEffectState,
  type LegacyRiskyState,
  type RiskyCardState,
  type SessionLuck,
} from "../chat/index.ts";
import {
  changedParts,
  closeLuckSession,
  isLuckRecorded,
  LUCK_LABEL_JOIN,
  ledgerFromParts,
  luckSessionAt,
  recordLuck,
  sessionRarest,
  setLuckEgoUndone,
  takeBackLuckXp,
  type HiddenLuck,
  type LuckEntry,
  type LuckKind,
  type LuckLedger,
  type LuckLedgerRecorded,
  type LuckPartWrite,
  type LuckRawParts,
  type LuckXp,
} from "../data/luck-ledger.ts";
import { storedCard } from "../documents/chat-message.ts";
import { messageFaces, trustedCard } from "../documents/provenance.ts";
import {
  combinedRollLuck,
  defaultEffectTotal,
  effectDiceFor,
  getRuleset,
  highest,
  keptExplodingLuck,
  saveLabelKey,
  separateRollLuck,
  type CombinedLuckInput,
  type RollLuck,
} from "../rules/index.ts";
import { LUCK_RECORDED_KEYS, LUCK_SESSION_KEYS, mayWriteWorldSettings, SETTINGS } from "../settings/settings.ts";
import { SYSTEM_ID } from "../system-id.ts";

/** A roll's luck as the card gives it, before the message's own facts (id, who sees it, when). */
interface CardLuck {
  readonly luck: RollLuck;
  readonly kind: LuckKind;
  readonly actorUuid: string;
  readonly userId: string;
  /** A label key (`TERRAN.…`) or the user's own text (a tool's name). */
  readonly label: readonly string[];
  readonly egoSpent: number;
  readonly egoLost: number;
  /** R-EGO-2 the card's Undo gave the Ego back (only a Core / Degenesis Risky card has one). */
  readonly egoUndone: boolean;
  /** Every die the card says was thrown for it: they must be among the message's dice. */
  readonly faces: readonly number[];
}

/** The roll is not complete yet: its Effect die explodes and the chain is not rolled. */
const WAIT = "wait" as const;

/**
 * R-LUCK-1 a Core / Degenesis Risky card (or Reaction): the outcome, and the default Effect once known (ruling, §11).
 */
function riskyLuck(state: RiskyCardState): CardLuck | typeof WAIT {
  const result = riskyCardResult(state);
  const faces = [...state.light, ...state.dark];
  const luck = state.reaction ? separateRollLuck(faces) : combinedLuck(state, faces);
  if (luck === WAIT) return WAIT;
  const target = state.target;
  const label =
    target.kind === "save"
      ? [saveLabelKey(getRuleset(state.rulesetId), target.group)]
      : [`TERRAN.Attribute.${target.attribute}`];
  return {
    luck,
    kind: state.reaction ? "reaction" : "risky",
    actorUuid: state.actorUuid,
    userId: state.rollerId,
    label: state.weapon ? [...label, state.weapon.name] : label,
    egoSpent: state.ego.undone ? 0 : state.ego.cost,
    egoLost: state.ego.undone ? 0 : result.ego.before - result.ego.after,
    egoUndone: state.ego.undone,
    faces: [...faces, ...(state.effect?.chain ?? [])],
  };
}

/**
 * R-LUCK-1 a Risky Action's outcome and default Effect (ruling, §11); WAIT while that die explodes and no
 * chain is rolled. (R-RA-8: a Reaction's Effect is the GM's leave, not the roll's: it is read as its outcome.)
 */
function combinedLuck(state: RiskyCardState, faces: readonly number[]): RollLuck | typeof WAIT {
  const effectIndex = state.selection?.effect ?? null;
  const chosenFace = effectIndex === null ? undefined : cardDice(state)[effectIndex]?.face;
  const input: CombinedLuckInput = {
    faces,
    slaughter: isSlaughter(state),
    singleDieServesBoth: state.singleDieServesBoth,
    chosen: state.effect && chosenFace !== undefined ? { face: chosenFace, chain: state.effect.chain } : null,
  };
  const hasEffectDie = faces.length >= 2 || (faces.length === 1 && state.singleDieServesBoth);
  if (state.effect === null && hasEffectDie && defaultEffectTotal(input) === null) return WAIT;
  return combinedRollLuck(input);
}

/** R-LUCK-1 / R-LEG-9 a Legacy Risky card: the outcome of the highest die. */
function legacyRiskyLuck(state: LegacyRiskyState): CardLuck {
  assertLegacyRiskyState(state);
  const faces = [...state.roll.light, ...state.roll.dark];
  const label = [state.roll.attributeLabelKey, ...(state.roll.skillLabelKey ? [state.roll.skillLabelKey] : [])];
  return {
    luck: separateRollLuck(faces),
    kind: "risky",
    actorUuid: state.actorUuid,
    userId: state.rollerId,
    label,
    egoSpent: state.roll.costly.filter(Boolean).length,
    egoLost: state.roll.ego.before - state.roll.ego.after,
    // R-LEG-8 a Legacy Risky card has no Ego Undo: what it cost stands.
    egoUndone: false,
    faces,
  };
}

/** R-LUCK-1 / R-LEG-11 a Legacy Effect card: the kept die and its chain, under the tool's dice. */
function legacyEffectLuck(state: LegacyEffectState): CardLuck {
  assertLegacyEffectState(state);
  const tags = { versatileTwoHanded: state.versatileTwoHanded, improvised: state.improvised };
  const spec = effectDiceFor(getRuleset(state.rulesetId), state.rank, tags, state.extra);
  const total = highest(state.roll.faces) + state.roll.chain.reduce((t, f) => t + f, 0);
  return {
    luck: keptExplodingLuck(spec.dice, spec.explodeOn, total),
    kind: "effect",
    actorUuid: state.actorUuid,
    userId: state.rollerId,
    label: state.roll.toolName ? [state.roll.toolName] : [state.roll.tierLabelKey],
    egoSpent: 0,
    egoLost: 0,
    egoUndone: false,
    faces: [...state.roll.faces, ...state.roll.chain],
  };
}

/** The card's luck, WAIT, or null for a card the ledger does not record (or one that fails its check). */
function cardLuck(message: ChatMessage.Implementation): CardLuck | typeof WAIT | null {
  try {
    // R-LUCK-1 only a card its author could have rolled is recorded, under the roller it names.
    const card = storedCard(message) ? trustedCard(message) : null;
    if (card?.kind === "risky") return riskyLuck(card.state);
    if (card?.kind === "legacyRisky") return legacyRiskyLuck(card.state);
    if (card?.kind === "legacyEffect") return legacyEffectLuck(card.state);
  } catch (error) {
    // A forged or damaged card is refused, as its buttons are: nothing recorded.
    console.warn(`terran-engine | luck ledger: message ${message.id ?? "?"} not recorded:`, error);
  }
  return null;
}

/** The actor's id from its uuid ("Actor.abc" → "abc"; a token's synthetic actor keeps its own id). */
function actorIdOf(uuid: string): string {
  return uuid.split(".").at(-1) ?? uuid;
}

/**
 * R-LUCK-1 what the message adds to the ledger, computed here from its card and its dice; null when it
 * adds nothing (not a roll the ledger keeps, a forged card, dice that are not the message's, or a roll
 * still waiting for its Effect's chain).
 */
export function luckEntryOf(message: ChatMessage.Implementation): LuckEntry | null {
  return messageLuck(message)?.entry ?? null;
}

/** R-LUCK-1 / R-EGO-2 the message's entry and whether its card's Ego Undo gave the Ego back; null as `luckEntryOf`. */
function messageLuck(message: ChatMessage.Implementation): { entry: LuckEntry; egoUndone: boolean } | null {
  const card = cardLuck(message);
  if (card === null || card === WAIT || !message.id) return null;
  if (!facesAmongRolls(card.faces, messageFaces(message.rolls))) {
    console.warn(`terran-engine | luck ledger: message ${message.id}'s card names dice it did not roll; not read.`);
    return null;
  }
  const hidden = message.whisper.length > 0 || message.blind;
  const entry: LuckEntry = {
    roll: {
      messageId: message.id,
      actorId: actorIdOf(card.actorUuid),
      userId: card.userId,
      kind: card.kind,
      // Kept as keys: each viewer reads it in their own language (luckLabel), not the recording GM's.
      label: card.label.join(LUCK_LABEL_JOIN) || "?",
      outcome: card.luck.outcome,
      effect: card.luck.effect,
      chance: card.luck.chance,
      hidden,
      time: Date.now(),
    },
    egoSpent: card.egoSpent,
    egoLost: card.egoLost,
    faces: card.faces,
  };
  return { entry, egoUndone: card.egoUndone };
}

// ---------------------------------------------------------------------------------------------
// The stored ledger: read from its parts (repaired), and written by the active GM one change at a time,
// each change rewriting only the parts it altered.

const settingValue = (key: string): unknown => game.settings?.get(SYSTEM_ID, key as typeof SETTINGS.luckLedger);

/** The stored parts, as the settings hold them. */
function readParts(): LuckRawParts {
  return {
    index: settingValue(SETTINGS.luckLedger),
    faces: settingValue(SETTINGS.luckFaces),
    sessions: LUCK_SESSION_KEYS.map(settingValue),
    recorded: LUCK_RECORDED_KEYS.map(settingValue),
  };
}

/** The ledger's old single-setting shape (version 1), which the first write turns into parts. */
const isWholeLedger = (index: unknown): boolean =>
  typeof index === "object" && index !== null && Reflect.get(index, "version") === 1;

/** The setting that holds a part. */
function partKey(write: LuckPartWrite): string {
  if (write.kind === "session") return LUCK_SESSION_KEYS[write.slot] ?? "";
  if (write.kind === "recorded") return LUCK_RECORDED_KEYS[write.slot] ?? "";
  return write.kind === "faces" ? SETTINGS.luckFaces : SETTINGS.luckLedger;
}

/** Writes each part of `ledger` that differs from what is stored (`raw`, read as `read` when sound). */
async function writeParts(raw: LuckRawParts, ledger: LuckLedgerRecorded, read?: LuckLedgerRecorded): Promise<void> {
  for (const write of changedParts(raw, ledger, read))
    await game.settings?.set(
      SYSTEM_ID,
      partKey(write) as typeof SETTINGS.luckLedger,
      write.value as Record<string, unknown>,
    );
}

/**
 * The world's luck ledger as stored, repaired on read: damaged entries are dropped. The active GM is told
 * and the repaired ledger written back (the old single setting is then stored in parts), so the notice
 * comes once and nothing sound is lost.
 */
export function readLuckLedger(): LuckLedgerRecorded {
  const raw = readParts();
  const { ledger, dropped } = ledgerFromParts(raw, Date.now());
  if ((dropped > 0 || isWholeLedger(raw.index)) && game.user?.isActiveGM && mayWriteWorldSettings()) {
    if (dropped > 0) {
      const text = game.i18n?.format("TERRAN.Repair.luckLedger", { count: String(dropped) });
      ui.notifications?.warn(text ?? "TERRAN.Repair.luckLedger", { permanent: true });
    }
    void writeParts(raw, ledger).catch((error: unknown) =>
      console.warn("terran-engine | luck ledger: the repair could not be saved:", error),
    );
  }
  return ledger;
}

/** The changes wait for each other, so two rolls arriving together are both kept (one write each). */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `change` on the stored ledger and writes back the parts it changed; on the GM's client only. A
 * user who may not write the world's settings is refused here, before core would refuse the write and
 * show them its error: the callers log it and go on.
 */
export function changeLuckLedger<T>(
  change: (ledger: LuckLedgerRecorded) => { ledger: LuckLedgerRecorded; value: T },
): Promise<T> {
  const run = queue.then(async () => {
    if (!mayWriteWorldSettings()) throw new Error("this user's role may not modify the world's settings");
    const raw = readParts();
    const { ledger: before, dropped } = ledgerFromParts(raw, Date.now());
    const { ledger, value } = change(before);
    const sound = dropped === 0 && !isWholeLedger(raw.index);
    if (ledger !== before || !sound) await writeParts(raw, ledger, sound ? before : undefined);
    return value;
  });
  queue = run.catch(() => undefined);
  return run;
}

/** The stored blocks of recorded ids, read as stored (no repair: a quick look). */
function storedBlocks(): Record<string, unknown>[] {
  const blocks = LUCK_RECORDED_KEYS.map(settingValue).filter(
    (b): b is Record<string, unknown> => typeof b === "object" && b !== null,
  );
  const whole = settingValue(SETTINGS.luckLedger);
  return isWholeLedger(whole) ? [...blocks, whole as Record<string, unknown>] : blocks;
}

/** The stored ledger's list `key` across its blocks (read as stored: a quick look), or an empty one. */
function storedList(key: "recorded" | "ego"): readonly unknown[] {
  return storedBlocks().flatMap((b) => {
    const list: unknown = Reflect.get(b, key === "recorded" && !isWholeLedger(b) ? "ids" : key);
    return Array.isArray(list) ? (list as unknown[]) : [];
  });
}

/** The stored ledger holds Ego for this message (a recorded public roll that cost Ego). */
function egoHeld(id: string): boolean {
  return storedList("ego").some((e) => typeof e === "object" && e !== null && Reflect.get(e, "messageId") === id);
}

/**
 * R-LUCK-1 the one place the ledger decides whether a message is read: on the active GM's client only,
 * a message not yet recorded (or one whose recorded Ego an Undo may take back), whose card and dice give
 * a complete roll. Null: nothing to record.
 */
function recordableLuck(message: ChatMessage.Implementation): { entry: LuckEntry; egoUndone: boolean } | null {
  if (!game.user?.isActiveGM || !mayWriteWorldSettings()) return null;
  // Every later change to a recorded card (a die picked, an Effect applied) stops here, before any
  // reading, unless the ledger holds Ego for it that an Undo may take back.
  if (message.id && storedList("recorded").includes(message.id) && !egoHeld(message.id)) return null;
  return messageLuck(message);
}

/**
 * R-LUCK-1 the hook on `createChatMessage` and `updateChatMessage`: the message's roll is recorded once,
 * when complete. R-EGO-2 a recorded roll's Ego follows its card's Ego Undo (taken back, or counted again
 * when the card is put back), read as the roll was: the card checked whole, its dice the message's. Each
 * is one change; a change that alters nothing writes nothing.
 */
export async function onLuckMessage(message: ChatMessage.Implementation): Promise<void> {
  const read = recordableLuck(message);
  if (!read) return;
  const { entry, egoUndone } = read;
  // Decided on the ledger as the change finds it: an Undo seen while the record is still being written
  // waits for it in the queue, and then takes the Ego back.
  await changeLuckLedger((ledger) => ({
    ledger: isLuckRecorded(ledger, entry.roll.messageId)
      ? setLuckEgoUndone(ledger, entry.roll.messageId, egoUndone)
      : recordLuck(ledger, entry),
    value: null,
  }));
}

/**
 * R-LUCK-1 the hidden rolls of the kept sessions, for a GM's window only: read from the chat messages this
 * client holds (the ledger stores none of their figures), each in the session its message was posted in.
 */
export function hiddenLuck(ledger: LuckLedgerRecorded): HiddenLuck[] {
  const recorded = new Set(ledger.recorded ?? []);
  const messages: unknown = game.messages?.contents;
  const list = Array.isArray(messages) ? (messages as ChatMessage.Implementation[]) : [];
  return list.flatMap((message) => {
    if (!message.id || !recorded.has(message.id) || !(message.whisper.length > 0 || message.blind)) return [];
    const read = messageLuck(message);
    const session = read ? luckSessionAt(ledger, message.timestamp) : null;
    if (!read || session === null) return [];
    const { roll, egoSpent, egoLost } = read.entry;
    return [{ session, roll: { ...roll, time: message.timestamp }, egoSpent, egoLost }];
  });
}

/** Registers the ledger's hooks (from src/terran.ts). */
export function registerLuckLedger(): void {
  const record = (message: ChatMessage.Implementation): void => {
    void onLuckMessage(message).catch((error: unknown) => console.warn("terran-engine | luck ledger:", error));
  };
  Hooks.on("createChatMessage", record);
  Hooks.on("updateChatMessage", record);
}

/** A GM whose role may not write the ledger (an Assistant GM, by default) is told it was left as it was. */
function ledgerWritableHere(): boolean {
  if (mayWriteWorldSettings()) return true;
  ui.notifications?.warn(game.i18n?.localize("TERRAN.Luck.notWritable") ?? "TERRAN.Luck.notWritable");
  return false;
}

/**
 * R-LUCK-1 / R-XP-1 the award closes the ledger's session (its XP counted there); the card names the
 * rarest public roll. The ledger never stands in the award's way: if it cannot be written, the award is
 * still posted, without the line (undefined), and the console says why (the GM, when their role may not
 * write it).
 */
export async function closeLuckSessionFor(
  xp: readonly LuckXp[],
  names: ReadonlyMap<string, string>,
): Promise<SessionLuck | undefined> {
  if (!ledgerWritableHere()) return undefined;
  try {
    return await changeLuckLedger((before) => {
      const { ledger, closed } = closeLuckSession(before, Date.now(), xp);
      const rarest = sessionRarest(ledger, closed, true);
      const actorName = rarest ? (names.get(rarest.actorId) ?? game.actors?.get(rarest.actorId)?.name ?? "?") : "";
      return {
        ledger,
        value: { session: closed, rarest: rarest ? { actorName, label: rarest.label, chance: rarest.chance } : null },
      };
    });
  } catch (error) {
    console.warn("terran-engine | luck ledger: the session could not be closed:", error);
    return undefined;
  }
}

/**
 * R-XP-1 the award's Undo takes its XP back from the session it closed (a failure is logged, never in the Undo's way).
 */
export async function takeBackLuckXpFor(session: number, xp: readonly LuckXp[]): Promise<void> {
  if (!ledgerWritableHere()) return;
  try {
    await changeLuckLedger((ledger) => ({ ledger: takeBackLuckXp(ledger, session, xp), value: null }));
  } catch (error) {
    console.warn("terran-engine | luck ledger: the award's XP could not be taken back:", error);
  }
}

export type { LuckLedger };
