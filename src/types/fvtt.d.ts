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
import type { StoredCard, TerranChatMessage } from "../documents/chat-message.ts";
import type { ApplyPermission } from "../settings/settings.ts";
import type { PendingComplication } from "../data/complications.ts";
import type { CreationRoll, PanicMark, Ruleset, RulesetId, SceneEffect } from "../rules/index.ts";
import type { TeslaRecord } from "../chat/activation-cards.ts";
import type { Dice3D } from "../dice/dsn.ts";
import type { Quench } from "../quench/quench-types.ts";
import type { TahSystemApi } from "../applications/integrations/token-action-hud/adapter.ts";
import type { BabeleApi } from "../applications/integrations/babele.ts";
import type { QueryAnswer } from "../relay/queries.ts";

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
    ChatMessage: typeof TerranChatMessage;
  }
  namespace Hooks {
    interface HookConfig {
      /** Dice So Nice's ready hook (the module is optional). */
      diceSoNiceReady: (dice3d: Dice3D) => void;
      /** Quench's ready hook (the module is optional; src/quench/quench-types.ts cites its source). */
      quenchReady: (quench: Quench) => void;
      /**
       * Token Action HUD Core's api is ready (the module is optional; src/applications/integrations/token-action-hud/).
       */
      tokenActionHudCoreApiReady: (coreModule: unknown) => void;
      /** A system's answer to Token Action HUD Core: Core reads only `api` (its main.mjs `registerCoreModule`). */
      tokenActionHudSystemReady: (systemModule: { api: TahSystemApi }) => void;
      /** Babele's registration hook (the module is optional; src/applications/integrations/babele.ts). */
      "babele.init": (babele: BabeleApi) => void;
      /** Babele has loaded its translations (2.7 script/babele.js line 38). */
      "babele.ready": () => void;
      /** The world's ruleset changed (src/settings/settings.ts RULESET_CHANGED), on every client. */
      "terranEngine.rulesetChanged": (ruleset: Ruleset) => void;
    }
  }
  interface FlagConfig {
    ChatMessage: {
      "terran-engine": {
        card?: StoredCard;
        /** R-ADV-2 Tesla's Effect taken from this (failed) card, noted once (src/documents/actor.ts). */
        tesla?: TeslaRecord | null;
        /** R-V-8 the Panic taken from this (failed) card, noted once (src/documents/panic.ts, readPanicRecord). */
        panic?: unknown;
        /** A card answering a row of a GM's roll request (src/chat/request-card.ts; read as untrusted). */
        answers?: unknown;
      };
    };
    /** R-CHAR-4 the creation dice, kept until the points are placed (and after, as a record). */
    Actor: {
      "terran-engine": {
        creationRoll?: CreationRoll;
        /** R-V-6 the extra skills die's face, kept as the creation roll is (src/documents/creation-moves.ts). */
        creationSkillRoll?: number;
        /** R-V-4 the attribute the no-skills point went to, so it is given once (src/documents/creation-moves.ts). */
        creationPoint?: string | null;
        /**
         * Cards this actor took an Effect or harm from when no GM was online to note it on the card
         * (src/relay/card-changes.ts).
         */
        appliedCards?: Record<string, boolean>;
        /**
         * R-ADV-1 / R-ADV-2 the effects of activated advancements that last until the scene
         * ends (read with readSceneEffects).
         */
        scene?: SceneEffect[];
        /**
         * R-LEG-14 complications carried to the next related Risky Action (read with readComplications,
         * src/data/complications.ts).
         */
        complications?: PendingComplication[];
        /**
         * R-SAY-1 / R-LEG-15 the uuid of the successor started for this departed character (src/documents/actor.ts).
         */
        successor?: string;
        /**
         * R-LEG-2 the four attributes have been rolled once: only a GM rolls them again
         * (src/documents/legacy-actions.ts).
         */
        legacyCreationRolled?: boolean;
        /**
         * R-RA-9 a Challenge overcome by a player's Effect applied first: the card that did it
         * (src/relay/card-changes.ts).
         */
        overcomeFirst?: { messageId: string; hit: string } | null;
        /** R-V-8 the state a Panic left the character in for the scene (read with readPanicMark). */
        panic?: PanicMark | null;
      };
    };
    /** A GM's words on players' cards (src/documents/gm-words.ts; read as untrusted). */
    User: {
      "terran-engine": {
        cardWords?: unknown;
        montageWords?: unknown;
      };
    };
  }
  interface SettingConfig {
    "terran-engine.ruleset": RulesetId;
    "terran-engine.singleDieServesBoth": boolean;
    "terran-engine.darkDiceMax": number;
    "terran-engine.applyPermission": ApplyPermission;
    "terran-engine.autoSpendEgo": boolean;
    "terran-engine.autoApplyHarm": boolean;
    "terran-engine.challengeArmour": boolean;
    "terran-engine.legacyWithoutSkills": boolean;
    "terran-engine.offerTour": boolean;
    "terran-engine.schemaVersion": number;
    /** R-LUCK-1 the luck ledger's index and parts (src/data/luck-ledger.ts), repaired on read (src/table/luck.ts). */
    "terran-engine.luckLedger": Record<string, unknown>;
    "terran-engine.luckFaces": Record<string, unknown>;
    "terran-engine.fairnessForAll": boolean;
    [part: `terran-engine.luckSession${number}`]: Record<string, unknown>;
    [part: `terran-engine.luckRecorded${number}`]: Record<string, unknown>;
  }
}

declare global {
  namespace CONFIG {
    /** The system's queries to the active GM (src/relay/queries.ts). */
    interface Queries {
      /** The data comes from another user's client: it is read, never trusted (src/relay/queries.ts). */
      "terran-engine.applyEffect": (data: unknown, options?: unknown) => Promise<QueryAnswer>;
      "terran-engine.applyHarm": (data: unknown, options?: unknown) => Promise<QueryAnswer>;
      "terran-engine.carryComplication": (data: unknown, options?: unknown) => Promise<QueryAnswer>;
      "terran-engine.montageWord": (data: unknown, options?: unknown) => Promise<QueryAnswer>;
      "terran-engine.payShare": (data: unknown, options?: unknown) => Promise<QueryAnswer>;
      /** A player's compendia stayed English under Babele (src/applications/integrations/babele-language.ts). */
      "terran-engine.babeleLanguage": (data: unknown, options?: unknown) => Promise<{ shown: boolean }>;
    }
  }
}
