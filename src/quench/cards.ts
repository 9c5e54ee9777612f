/**
 * A Risky card with chosen dice: a real TerranRoll, its results replaced and revived through `Roll.fromData`,
 * posted as the roll dialog posts it (`rollRiskyAction`, applications/dialogs/roll-dialog.ts).
 */
import type { RiskyCardState } from "../chat/risky-card.ts";
import type { TerranRoll } from "../dice/terran-roll.ts";
import type { TerranActor } from "../documents/actor.ts";
import { currentUser, kit } from "./support.ts";

export async function forcedRoll(light: readonly number[], dark: readonly number[]): Promise<TerranRoll> {
  const { TerranRoll, LIGHT } = kit();
  const roll = TerranRoll.pool(light.length, dark.length);
  await roll.evaluate({ allowInteractive: false });
  const data = roll.toJSON() as { terms: { options?: { flavor?: string }; results?: unknown[] }[] };
  const queues = { light: [...light], dark: [...dark] };
  for (const term of data.terms) {
    if (!Array.isArray(term.results)) continue;
    const tone = term.options?.flavor === LIGHT ? "light" : "dark";
    term.results = term.results.map(() => ({ result: queues[tone].shift() ?? 1, active: true }));
  }
  const revived = TerranRoll.fromData(data as Parameters<typeof TerranRoll.fromData>[0]);
  if (!(revived instanceof TerranRoll)) throw new Error("the roll did not revive as a TerranRoll");
  return revived;
}

/**
 * As the glue builds it (Core, Finesse, no weapon); `egoBefore` 0 by default, so Dark Dice cost nothing
 * (R-EGO-2).
 */
export function forcedCard(
  actor: TerranActor,
  light: readonly number[],
  dark: readonly number[],
  rollerId = currentUser().id ?? "",
  egoBefore = 0,
): RiskyCardState {
  return kit().createRiskyCard({
    rollerId,
    actorUuid: actor.uuid,
    actorName: actor.name,
    rulesetId: "core",
    target: { kind: "attribute", attribute: "finesse" },
    reaction: false,
    light,
    dark,
    pool: {
      base: light.length,
      baseLabel: "TERRAN.Attribute.finesse",
      lines: [],
      raw: light.length,
      light: light.length,
      dark: dark.length,
      clamp: null,
      empty: light.length + dark.length === 0,
    },
    egoBefore,
    sayonara: false,
    singleDieServesBoth: true,
    weapon: null,
    rank: 1,
    combat: false,
    flags: { whirlwind: false, specialist: false, fast: false, slow: false },
  });
}

/** Whisper/blind as given; the roller is this user unless named. */
export async function postCard(
  actor: TerranActor,
  light: readonly number[],
  dark: readonly number[],
  audience: { whisper?: string[]; blind?: boolean; rollerId?: string } = {},
): Promise<ChatMessage.Implementation> {
  const roll = await forcedRoll(light, dark);
  const state = forcedCard(actor, roll.lightFaces, roll.darkFaces, audience.rollerId);
  const message = await ChatMessage.create({
    speaker: ChatMessage.getSpeaker({ actor }),
    rolls: [roll],
    content: "",
    flags: kit().cardFlags({ kind: "risky", state }),
    whisper: audience.whisper ?? [],
    blind: audience.blind ?? false,
  });
  if (!message) throw new Error("the card was not posted");
  return message;
}

/** Or the test fails. */
export function riskyState(message: ChatMessage.Implementation): RiskyCardState {
  const stored = kit().storedCard(message);
  if (stored?.kind !== "risky") throw new Error("the message holds no Risky Action card");
  return stored.state;
}

/** As the card controller does: one flags update. */
export async function writeState(message: ChatMessage.Implementation, state: RiskyCardState): Promise<void> {
  await message.update({ flags: kit().cardFlags({ kind: "risky", state }) });
}

/** `chain`: the Effect die's explosion. */
export async function chooseAndConfirm(
  message: ChatMessage.Implementation,
  precision: number,
  effect: number,
  chain: readonly number[],
): Promise<RiskyCardState> {
  const { selectDie, effectChainNeeded, confirmEffect } = kit();
  const user = { id: currentUser().id ?? "", isGM: currentUser().isGM };
  let state = riskyState(message);
  state = selectDie(state, user, precision, "precision", state.version);
  state = selectDie(state, user, effect, "effect", state.version);
  if (effectChainNeeded(state, "effect") === null) throw new Error("the forced Effect die should explode");
  state = confirmEffect(state, user, chain, state.version);
  await writeState(message, state);
  return riskyState(message);
}
