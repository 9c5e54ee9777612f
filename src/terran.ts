/** Entry point of the system: registration only, no logic. */
import { CharacterData } from "./data/actor/character.ts";
import { ChallengeData } from "./data/actor/challenge.ts";
import { AdvancementData } from "./data/item/advancement.ts";
import { ArmourData } from "./data/item/armour.ts";
import { ConditionData } from "./data/item/condition.ts";
import { WeaponData } from "./data/item/weapon.ts";
import { TRACKABLE } from "./data/token-bars.ts";
import { registerDiceSoNice } from "./dice/dsn.ts";
import { registerBabele } from "./applications/integrations/babele.ts";
import { TerranRoll } from "./dice/terran-roll.ts";
import { TerranActor } from "./documents/actor.ts";
import { TerranChatMessage } from "./documents/chat-message.ts";
import { registerQueries } from "./relay/queries.ts";
import { api } from "./api.ts";
import { TerranItem } from "./documents/item.ts";
import { registerSettings, RULESET_CHANGED } from "./settings/settings.ts";
import { registerSheets } from "./applications/sheets/register.ts";
import { registerCardPresenter } from "./applications/chat/card-presenter.ts";
import { SYSTEM_ID } from "./system-id.ts";
import { onQuenchReady } from "./quench/hook.ts";
import { registerRollLinks } from "./applications/enrichers/roll-links.ts";
import { registerTokenStates } from "./table/token-states.ts";
import { followRuleset, syncAllTokenStates } from "./table/token-states-sync.ts";
import { registerGmTools } from "./applications/gm/commands.ts";
import { registerLuckLedger } from "./table/luck.ts";
import { registerTableLuck } from "./applications/gm/luck-window.ts";
import { migrateWorld } from "./data/world-migration.ts";
import { onTokenActionHudCoreApiReady } from "./applications/integrations/token-action-hud/register.ts";
import { followRulesetTours, offerTour, registerTours } from "./applications/tours/register.ts";

Hooks.once("init", () => {
  console.info(`${SYSTEM_ID} | Initialising the Terran Engine system`);
  CONFIG.Actor.documentClass = TerranActor;
  CONFIG.Item.documentClass = TerranItem;
  CONFIG.ChatMessage.documentClass = TerranChatMessage;
  registerCardPresenter();
  // Saved rolls revive by class name (kept through the build: vite.config.ts keepNames).
  CONFIG.Dice.rolls.push(TerranRoll);
  Object.assign(CONFIG.Actor.dataModels, { character: CharacterData, challenge: ChallengeData });
  Object.assign(CONFIG.Item.dataModels, {
    weapon: WeaponData,
    armour: ArmourData,
    advancement: AdvancementData,
    condition: ConditionData,
  });
  // Token bars per type: data/token-bars.ts.
  CONFIG.Actor.trackableAttributes = Object.fromEntries(
    Object.entries(TRACKABLE).map(([type, t]) => [type, { bar: [...t.bar], value: [...t.value] }]),
  );
  registerSettings();
  registerQueries();
  registerSheets();
  registerRollLinks();
  registerGmTools();
  registerLuckLedger();
  registerTableLuck();
  Reflect.set(globalThis, "TerranEngine", api);
});

// The ruleset's states at setup, and again (with the bars) when the GM switches ruleset, without a reload.
Hooks.once("setup", () => registerTokenStates());
// The Tours list shows the new ruleset's first-action tour.
Hooks.on(RULESET_CHANGED, (ruleset) => {
  void followRuleset(ruleset);
  followRulesetTours(ruleset);
});

// Optional: the hook never fires without the module.
Hooks.once("diceSoNiceReady", registerDiceSoNice);

// Optional: Token Action HUD lists our rolls and moves.
Hooks.once("tokenActionHudCoreApiReady", onTokenActionHudCoreApiReady);
// Optional: the compendia in the players' language (lang/babele/).
Hooks.once("babele.init", registerBabele);

// Only with the Quench module active.
Hooks.once("quenchReady", (quench) => void onQuenchReady(quench));

// GM only, when the schema version is behind.
Hooks.once("ready", () => {
  void migrateWorld();
  void syncAllTokenStates();
  // Settings → Tours, and the user's own offered once.
  registerTours();
  void offerTour();
});

// Nothing else is exported: an export of the rules engine would keep every rule in the bundle.
export { SYSTEM_ID };
