/**
 * Declaration merging for fvtt-types: the system's data models, document classes and settings, so
 * `actor.system.grit.value` and `game.settings.get("terran-engine", "ruleset")` are typed.
 */
import type { CharacterData } from "../data/actor/character.ts";
import type { ChallengeData } from "../data/actor/challenge.ts";
import type { AdvancementData } from "../data/item/advancement.ts";
import type { ArmourData } from "../data/item/armour.ts";
import type { ConditionData } from "../data/item/condition.ts";
import type { WeaponData } from "../data/item/weapon.ts";
import type { TerranActor } from "../documents/actor.ts";
import type { TerranItem } from "../documents/item.ts";
import type { ApplyPermission } from "../settings/settings.ts";
import type { RulesetId } from "../rules/index.ts";

declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    Actor: { character: typeof CharacterData; challenge: typeof ChallengeData };
    Item: {
      weapon: typeof WeaponData;
      armour: typeof ArmourData;
      advancement: typeof AdvancementData;
      condition: typeof ConditionData;
    };
  }
  interface DocumentClassConfig {
    Actor: typeof TerranActor;
    Item: typeof TerranItem;
  }
  interface SettingConfig {
    "terran-engine.ruleset": RulesetId;
    "terran-engine.singleDieServesBoth": boolean;
    "terran-engine.darkDiceMax": number;
    "terran-engine.applyPermission": ApplyPermission;
    "terran-engine.autoSpendEgo": boolean;
    "terran-engine.autoApplyHarm": boolean;
    "terran-engine.schemaVersion": number;
  }
}
