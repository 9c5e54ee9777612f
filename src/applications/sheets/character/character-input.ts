/**
 * The character sheet's plain input, gathered from the actor for one viewer: the sheet itself
 * (./character-sheet.ts, with its own state between renders) and the Token Action HUD
 * (src/applications/integrations/token-action-hud/run.ts), which builds the same context to offer the
 * same controls, enabled or disabled as the sheet shows them. Gathered once here, so both read the
 * actor alike.
 */
import { itemSnapshot } from "../../../data/snapshot.ts";
import type { TerranActor } from "../../../documents/actor.ts";
import { currentRuleset, currentWithoutSkills } from "../../../settings/settings.ts";
import type { CharacterSheetInput, CharacterSheetUi, SheetItem } from "../inputs.ts";

/** Who looks, and how: what the viewer may change, its own state, and how rich text is enriched for it. */
export interface CharacterViewer {
  /** The sheet may change the document (the sheet's `isEditable`). */
  readonly editable: boolean;
  readonly ui: CharacterSheetUi;
  /** Rich text for reading (the sheet: Foundry's enricher; a viewer that shows no text returns ""). */
  readonly enrich: (html: string, relativeTo: Actor.Implementation | Item.Implementation) => Promise<string>;
}

/** R-SAY-1 / R-LEG-15 a departed character's successor: started already, and may this user create one. */
function successorInput(actor: TerranActor): NonNullable<CharacterSheetInput["successor"]> {
  const user = game.user;
  return {
    started: actor.successorUuid !== null,
    mayCreate: user ? user.isGM || user.can("ACTOR_CREATE") : false,
  };
}

/**
 * The character's items as the sheet lists them (snapshots, image, sort); the description enriched for
 * `viewer` only for an opened row, the one place it is shown, all at once.
 */
async function itemsOf(actor: TerranActor, viewer: CharacterViewer): Promise<SheetItem[]> {
  const opened = new Set(viewer.ui.expanded);
  const rows = [...actor.items].flatMap((item) => {
    const snapshot = itemSnapshot(item);
    return snapshot ? [{ item, snapshot }] : [];
  });
  const texts = await Promise.all(
    rows.map(({ item, snapshot }) =>
      opened.has(snapshot.id) ? viewer.enrich(snapshot.system.description, item) : Promise.resolve(""),
    ),
  );
  return rows.map(({ item, snapshot }, i) => ({
    ...snapshot,
    img: item.img ?? "",
    sort: item.sort,
    enrichedDescription: texts[i] ?? "",
  }));
}

/** The plain input of `characterSheetContext` for `actor`, as the current user sees it through `viewer`. */
export async function characterSheetInput(actor: TerranActor, viewer: CharacterViewer): Promise<CharacterSheetInput> {
  const state = actor.characterState();
  const user = game.user;
  return {
    name: actor.name,
    img: actor.img ?? "",
    uuid: actor.uuid,
    system: state.source,
    items: await itemsOf(actor, viewer),
    rulesetId: currentRuleset().id,
    withoutSkills: currentWithoutSkills(),
    permissions: {
      editable: viewer.editable,
      owner: actor.isOwner,
      limited: actor.limited,
      isGM: user?.isGM ?? false,
    },
    enriched: {
      biography: await viewer.enrich(state.source.biography, actor),
      notes: await viewer.enrich(state.source.notes, actor),
    },
    scene: state.scene ?? [],
    panic: state.panic ?? null,
    ...(state.source.departed ? { successor: successorInput(actor) } : {}),
    legacyCreationRolled: actor.legacyCreationRolled,
    ui: viewer.ui,
  };
}
