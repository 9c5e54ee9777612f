/**
 * R-LEG-14 the GM's word on a montage: a montage is only for a Challenge that cannot kill, and that is
 * the GM's call. A player's Legacy dialog asks the active GM (./queries.ts); on the GM's client this
 * reads the request as untrusted (`readMontageWordRequest`), checks it against the GM's own world —
 * a Legacy world, a character the asker owns, a Challenge — and only then asks the GM in their own
 * dialog. The answer (yes or no) goes back to the player, whose dialog rolls only on a yes.
 */
import type { MontageWordRequest } from "./queries.ts";
import { ChallengeData } from "../data/actor/challenge.ts";
import { TerranActor } from "../documents/actor.ts";
import { confirmNamed } from "../prompts/notify.ts";
import { RulesError } from "../rules/index.ts";
import { currentRuleset } from "../settings/settings.ts";
import type { AppliedSummary, Asker } from "./card-changes.ts";

/** What the GM answered. */
export interface MontageWord {
  readonly agreed: boolean;
}

/** The Challenge `uuid` names in this world (an actor with a Challenge's data), or null. */
async function challengeAt(uuid: string): Promise<{ name: string; tier: string } | null> {
  const doc: unknown = await fromUuid(uuid as `Actor.${string}`);
  if (typeof doc !== "object" || doc === null) return null;
  const system: unknown = Reflect.get(doc, "system");
  const name: unknown = Reflect.get(doc, "name");
  return system instanceof ChallengeData && typeof name === "string" ? { name, tier: system.tier } : null;
}

/**
 * R-LEG-14 on the GM's client: checks the request against this world, then asks the GM; never trusts what it was sent.
 */
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
  const i18n = game.i18n;
  const agreed = await confirmNamed("TERRAN.Dialog.Legacy.Word.title", "TERRAN.Dialog.Legacy.Word.prompt", {
    player: asker.user.name ?? "",
    character: actor.name,
    challenge: challenge.name,
    tier: i18n?.localize(`TERRAN.ChallengeTier.${challenge.tier}`) ?? challenge.tier,
  });
  return { outcome: { agreed }, recorded: false, version: 0 };
}
