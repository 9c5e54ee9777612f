/**
 * The Challenge sheet's plain input, gathered from the actor for one viewer: the sheet itself
 * (./challenge-sheet.ts, with the GM's forecast panel) and the Token Action HUD
 * (src/applications/integrations/token-action-hud/run.ts), which builds the same context to offer Roll
 * Effect enabled or disabled as the sheet shows it. Gathered once here, so both read the actor alike.
 */
import type { ChallengeData } from "../../../data/actor/challenge.ts";
import { currentChallengeArmourRule, currentRuleset } from "../../../settings/settings.ts";
import type { ChallengeForecastInput, ChallengeSheetInput } from "../inputs.ts";

/** Who looks: what the viewer may change, how the GM's notes are enriched, and the forecast (the GM's sheet only). */
export interface ChallengeViewer {
  /** The sheet may change the document (the sheet's `isEditable`). */
  readonly editable: boolean;
  /** Rich text for reading (the sheet: Foundry's enricher; a viewer that shows no text returns ""). */
  readonly enrich: (html: string, relativeTo: Actor.Implementation) => Promise<string>;
  /** The forecast panel's input, asked only for a GM (absent: no panel). */
  readonly forecast?: () => ChallengeForecastInput;
}

/** The plain input of `challengeSheetContext` for `actor` (whose data is `system`), as the current user sees it. */
export async function challengeSheetInput(
  actor: Actor.Implementation,
  system: ChallengeData,
  viewer: ChallengeViewer,
): Promise<ChallengeSheetInput> {
  const source = system.toObject();
  const isGM = game.user?.isGM ?? false;
  return {
    name: actor.name,
    img: actor.img ?? "",
    uuid: actor.uuid,
    system: source,
    rulesetId: currentRuleset().id,
    challengeArmour: currentChallengeArmourRule().houseRule,
    locale: game.i18n?.lang ?? "en",
    permissions: { editable: viewer.editable, owner: actor.isOwner, limited: actor.limited, isGM },
    enriched: { notes: isGM ? await viewer.enrich(source.notes, actor) : "" },
    ...(isGM && viewer.forecast ? { forecast: viewer.forecast() } : {}),
  };
}
