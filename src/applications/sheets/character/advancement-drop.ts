/**
 * An Advancement dropped on the character sheet, taken as the world's ruleset takes one: bought with XP
 * (R-XP-2; this screen's choices first, Developed's attribute, R-CHAR-5, the GM's override; then the actor's
 * operation, R-GRIT-3), or won by the Advancement roll (R-LEG-13, src/documents/legacy-actions.ts).
 */
import { developableAttributes, isAttribute, type Ruleset } from "../../../rules/index.ts";
import { deriveCharacter } from "../../../data/derived.ts";
import type { AdvancementSource } from "../../../data/source.ts";
import type { TerranActor } from "../../../documents/actor.ts";
import { takeLegacyAdvancement } from "../../../documents/legacy-actions.ts";
import { chooseOne, confirm } from "../../../prompts/notify.ts";
import type { ImportedItemData } from "../sheet-glue.ts";

/**
 * R-XP-2 / R-CHAR-5 / R-GRIT-3: an Advancement dropped on the sheet — asks Developed's attribute, offers the GM's
 * override, then buys it.
 */
export async function buyAdvancement(
  actor: TerranActor,
  data: ImportedItemData & { readonly name: string; readonly system: AdvancementSource },
): Promise<void> {
  const advancement = data.system;
  const state = actor.characterState();
  let developed = advancement.developed;
  if (advancement.flags.includes("developed") && developed === "") {
    const open = developableAttributes(state.source.attributes);
    if (open.length > 0) {
      const picked = await chooseOne(
        "TERRAN.Sheet.Developed.title",
        "TERRAN.Sheet.Developed.prompt",
        open.map((a) => ({ value: a, label: `TERRAN.Attribute.${a}` })),
      );
      if (!picked || !isAttribute(picked)) return;
      developed = picked;
    }
  }
  const derived = deriveCharacter(state.source, state.items);
  let gmOverride = false;
  if (game.user?.isGM && state.source.xp < derived.nextAdvancementCost) {
    gmOverride = await confirm("TERRAN.Sheet.Drop.overrideTitle", "TERRAN.Sheet.Drop.overridePrompt");
    if (!gmOverride) return;
  }
  await actor.gainAdvancement({ ...data, system: { ...advancement, developed } }, { gmOverride });
}

type DroppedAdvancement = ImportedItemData & { readonly name: string; readonly system: AdvancementSource };

/** Each way a ruleset takes an Advancement (`experience.advancement`), written once: bought, or rolled for. */
const TAKE_ADVANCEMENT: Readonly<
  Record<
    Ruleset["experience"]["advancement"]["kind"],
    (actor: TerranActor, data: DroppedAdvancement) => Promise<unknown>
  >
> = {
  cost: buyAdvancement,
  roll: takeLegacyAdvancement,
};

/** R-XP-2 / R-LEG-13 an Advancement dropped on `actor`'s sheet, taken as `ruleset` takes one. */
export async function takeDroppedAdvancement(
  actor: TerranActor,
  data: DroppedAdvancement,
  ruleset: Ruleset,
): Promise<void> {
  await TAKE_ADVANCEMENT[ruleset.experience.advancement.kind](actor, data);
}
