/**
 * R-LEG-14 the GM's word that a montage's Challenge cannot kill: checked against the GM's world, asked in the
 * GM's dialog (one question per player at a time), a yes kept on the GM's User (documents/gm-words.ts).
 */
import type { MontageWordRequest } from "./queries.ts";
import { ChallengeData } from "../data/actor/challenge.ts";
import { TerranActor } from "../documents/actor.ts";
import { sayMontageWord } from "../documents/gm-words.ts";
import { confirmNamedWithin } from "../prompts/notify.ts";
import { RulesError } from "../rules/index.ts";
import { currentRuleset } from "../settings/settings.ts";
import type { AppliedSummary, Asker } from "./card-changes.ts";

/** On a yes, the word the card carries. */
export interface MontageWord {
  readonly agreed: boolean;
  readonly word?: { readonly gmId: string; readonly id: string };
}

/** Less than the player waits (./queries.ts), so the answer reaches them. */
export const MONTAGE_QUESTION_MS = 170_000;

/** Open on this GM's screen. */
const asking = new Set<string>();

/** An actor with a Challenge's data, or null. */
async function challengeAt(uuid: string): Promise<{ name: string; tier: string } | null> {
  const doc: unknown = await fromUuid(uuid as `Actor.${string}`);
  if (typeof doc !== "object" || doc === null) return null;
  const system: unknown = Reflect.get(doc, "system");
  const name: unknown = Reflect.get(doc, "name");
  return system instanceof ChallengeData && typeof name === "string" ? { name, tier: system.tier } : null;
}

/** R-LEG-14 never trusts what it was sent. */
export async function montageWordAsGm(request: MontageWordRequest, asker: Asker): Promise<AppliedSummary<MontageWord>> {
  if (!currentRuleset().montage)
    throw new RulesError("not-allowed", "This world's ruleset has no montage.", { reason: "noMontage" });
  const actor: unknown = await fromUuid(request.actorUuid as `Actor.${string}`);
  if (!(actor instanceof TerranActor) || actor.type !== "character" || !actor.testUserPermission(asker.user, "OWNER"))
    throw new RulesError("not-allowed", "The montage names no character the asker owns.", {
      reason: "notActorOwner",
    });
  const challenge = await challengeAt(request.challengeUuid);
  if (!challenge)
    throw new RulesError("not-allowed", "The montage names no Challenge of this world.", { reason: "noChallenge" });
  if (asking.has(asker.id))
    throw new RulesError("not-allowed", "The GM is already answering this player's question.", {
      reason: "montageAsked",
    });
  asking.add(asker.id);
  try {
    const answer = await askTheGm(asker, actor.name, challenge);
    if (answer === "late") return lateAnswer();
    if (!answer) return { outcome: { agreed: false }, recorded: false, version: 0 };
    const word = await sayMontageWord({
      askerId: asker.id,
      actorUuid: request.actorUuid,
      challengeUuid: request.challengeUuid,
    });
    return { outcome: { agreed: true, word }, recorded: false, version: 0 };
  } finally {
    asking.delete(asker.id);
  }
}

function askTheGm(asker: Asker, character: string, challenge: { name: string; tier: string }) {
  const i18n = game.i18n;
  return confirmNamedWithin(
    "TERRAN.Dialog.Legacy.Word.title",
    "TERRAN.Dialog.Legacy.Word.prompt",
    {
      player: asker.user.name ?? "",
      character,
      challenge: challenge.name,
      tier: i18n?.localize(`TERRAN.ChallengeTier.${challenge.tier}`) ?? challenge.tier,
    },
    MONTAGE_QUESTION_MS,
  );
}

/** The GM is told the question closed, the player that nobody answered. */
function lateAnswer(): never {
  ui.notifications?.info(game.i18n?.localize("TERRAN.Dialog.Legacy.Word.late") ?? "TERRAN.Dialog.Legacy.Word.late");
  throw new RulesError("not-allowed", "The GM did not answer in time: the montage did not start.", {
    reason: "montageNoAnswer",
  });
}
