/**
 * The system's code the batches drive, handed over by the entry (./hook.ts): the chunk imports nothing of the
 * system, so it tests the very module Foundry loaded (tests/guards/dist.test.ts checks the chunk's imports).
 */
import { CharacterSheet } from "../applications/sheets/character/character-sheet.ts";
import { ChallengeSheet } from "../applications/sheets/challenge/challenge-sheet.ts";
import { TerranItemSheet } from "../applications/sheets/item/item-sheet.ts";
import { CHARACTER_TABS } from "../applications/sheets/inputs.ts";
import { TourStageHost } from "../applications/tours/stage.ts";
import { TOURS } from "../applications/tours/steps.ts";
import { openTableLuck, TableLuckWindow } from "../applications/gm/luck-window.ts";
import { legacyRiskyBand } from "../chat/legacy-cards.ts";
import {
  confirmEffect,
  createRiskyCard,
  effectChainNeeded,
  markEgoSpent,
  riskyCardResult,
  selectDie,
  undoEgo,
} from "../chat/risky-card.ts";
import { applyMessageMode, foundryGeneration, hasStatusEffect } from "../compat/generation.ts";
import { CharacterData } from "../data/actor/character.ts";
import { ChallengeData } from "../data/actor/challenge.ts";
import { AdvancementData } from "../data/item/advancement.ts";
import { ArmourData } from "../data/item/armour.ts";
import { ConditionData } from "../data/item/condition.ts";
import { WeaponData } from "../data/item/weapon.ts";
import { hitPointsOf } from "../data/hit-points.ts";
import { advancementsWonOf, egoLostOf, ratingsOf, LEGACY_ATTRIBUTES } from "../data/ratings.ts";
import {
  migrateActorSystem,
  migrateItemSystem,
  repairWithRecords,
  storedRepairs,
  UNMIGRATED_KEY,
} from "../data/migrations/index.ts";
import { LIGHT, TerranRoll } from "../dice/terran-roll.ts";
import { TerranActor } from "../documents/actor.ts";
import { cardFlags, storedCard, TerranChatMessage } from "../documents/chat-message.ts";
import { TerranItem } from "../documents/item.ts";
import {
  applyLegacyHarm,
  endLegacySession,
  rollExperience,
  rollLegacyCreation,
  rollLegacyRisky,
} from "../documents/legacy-actions.ts";
import { spendEgoOperation } from "../documents/operations/ego.ts";
import { assessHpHarmOperation } from "../documents/operations/hp-harm.ts";
import { creationRating, legacyCreationOperation } from "../documents/operations/legacy.ts";
import { applyEffectFromCard } from "../relay/card-changes.ts";
import { QUERIES } from "../relay/queries.ts";
import { deriveSaves, EGO_MAX, fortune, RulesError, sessionXp, spendEgo } from "../rules/index.ts";
import { currentRuleset, mayWriteWorldSettings, SETTINGS } from "../settings/settings.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { readLuckLedger } from "../table/luck.ts";
import { answerLinkOf, postRollRequest } from "../table/roll-requests.ts";
import { awardSession, undoSessionAward } from "../table/session-award.ts";

/** By its name in the source. */
export const QUENCH_KIT = {
  SYSTEM_ID,
  // applications
  CharacterSheet,
  ChallengeSheet,
  TerranItemSheet,
  CHARACTER_TABS,
  TourStageHost,
  TOURS,
  openTableLuck,
  TableLuckWindow,
  // documents and the services beside them
  TerranActor,
  TerranItem,
  TerranChatMessage,
  cardFlags,
  storedCard,
  applyLegacyHarm,
  endLegacySession,
  rollExperience,
  rollLegacyCreation,
  rollLegacyRisky,
  spendEgoOperation,
  assessHpHarmOperation,
  creationRating,
  legacyCreationOperation,
  applyEffectFromCard,
  QUERIES,
  readLuckLedger,
  answerLinkOf,
  postRollRequest,
  awardSession,
  undoSessionAward,
  // data, chat, dice, settings, compat
  CharacterData,
  ChallengeData,
  AdvancementData,
  ArmourData,
  ConditionData,
  WeaponData,
  advancementsWonOf,
  egoLostOf,
  hitPointsOf,
  ratingsOf,
  LEGACY_ATTRIBUTES,
  migrateActorSystem,
  migrateItemSystem,
  repairWithRecords,
  storedRepairs,
  UNMIGRATED_KEY,
  legacyRiskyBand,
  confirmEffect,
  createRiskyCard,
  effectChainNeeded,
  markEgoSpent,
  riskyCardResult,
  selectDie,
  undoEgo,
  TerranRoll,
  LIGHT,
  currentRuleset,
  mayWriteWorldSettings,
  SETTINGS,
  applyMessageMode,
  foundryGeneration,
  hasStatusEffect,
  // rules
  deriveSaves,
  EGO_MAX,
  fortune,
  RulesError,
  sessionXp,
  spendEgo,
} as const;

export type QuenchKit = typeof QUENCH_KIT;
