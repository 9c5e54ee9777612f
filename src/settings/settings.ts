/**
 * World settings (RULES.md "(setting)" rulings and the automation toggles). Registered in `init`.
 * Changing the ruleset keeps all data: stored values are ruleset-neutral (tier ranks, range ids).
 */
import {
  DEFAULT_DARK_MAX,
  DEFAULT_RULESET_ID,
  PLAYABLE_RULESET_IDS,
  getRuleset,
  type ChallengeArmourRule,
  withoutSkills,
  type Ruleset,
  type RulesetId,
} from "../rules/index.ts";
import { SYSTEM_ID } from "../system-id.ts";

export const SETTINGS = {
  ruleset: "ruleset",
  singleDieServesBoth: "singleDieServesBoth",
  darkDiceMax: "darkDiceMax",
  applyPermission: "applyPermission",
  autoSpendEgo: "autoSpendEgo",
  autoApplyHarm: "autoApplyHarm",
  challengeArmour: "challengeArmour",
  legacyWithoutSkills: "legacyWithoutSkills",
  offerTour: "offerTour",
  schemaVersion: "schemaVersion",
  luckLedger: "luckLedger",
  luckFaces: "luckFaces",
  fairnessForAll: "fairnessForAll",
} as const;

/** R-LUCK-1 the luck ledger's other stored parts: one per kept session, one per block of recorded ids. */
export const LUCK_SESSION_KEYS = Array.from({ length: 24 }, (_, i) => `luckSession${i}` as const);
export const LUCK_RECORDED_KEYS = Array.from({ length: 20 }, (_, i) => `luckRecorded${i}` as const);

export type ApplyPermission = "gm" | "owners";

/**
 * The hook called on every client when the world's ruleset changes, with the new ruleset: what was set
 * up for the old one (the token states offered in the HUD, the characters' bars) follows without a reload.
 */
export const RULESET_CHANGED = "terranEngine.rulesetChanged";

export function registerSettings(): void {
  const settings = game.settings;
  if (!settings) return;
  settings.register(SYSTEM_ID, SETTINGS.ruleset, {
    name: "TERRAN.Setting.ruleset.name",
    hint: "TERRAN.Setting.ruleset.hint",
    scope: "world",
    config: true,
    type: String,
    choices: Object.fromEntries(PLAYABLE_RULESET_IDS.map((id) => [id, getRuleset(id).labelKey])),
    default: DEFAULT_RULESET_ID,
    requiresReload: false,
    // Every client follows a switch at once: derived data, and what hangs on the ruleset (RULESET_CHANGED).
    onChange: followRuleset,
  });
  // R-RA-2 (setting, default on).
  settings.register(SYSTEM_ID, SETTINGS.singleDieServesBoth, {
    name: "TERRAN.Setting.singleDieServesBoth.name",
    hint: "TERRAN.Setting.singleDieServesBoth.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
  // R-POOL-4 (setting, default 10).
  settings.register(SYSTEM_ID, SETTINGS.darkDiceMax, {
    name: "TERRAN.Setting.darkDiceMax.name",
    hint: "TERRAN.Setting.darkDiceMax.hint",
    scope: "world",
    config: true,
    type: Number,
    range: { min: 1, max: 30, step: 1 },
    default: DEFAULT_DARK_MAX,
  });
  settings.register(SYSTEM_ID, SETTINGS.applyPermission, {
    name: "TERRAN.Setting.applyPermission.name",
    hint: "TERRAN.Setting.applyPermission.hint",
    scope: "world",
    config: true,
    type: String,
    choices: { gm: "TERRAN.Setting.applyPermission.gm", owners: "TERRAN.Setting.applyPermission.owners" },
    default: "gm",
  });
  settings.register(SYSTEM_ID, SETTINGS.autoSpendEgo, {
    name: "TERRAN.Setting.autoSpendEgo.name",
    hint: "TERRAN.Setting.autoSpendEgo.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
  settings.register(SYSTEM_ID, SETTINGS.autoApplyHarm, {
    name: "TERRAN.Setting.autoApplyHarm.name",
    hint: "TERRAN.Setting.autoApplyHarm.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
  registerOptionalRules(settings);
  // Each user's own choice: start the guided tour once, the first time the world opens (src/applications/tours/).
  settings.register(SYSTEM_ID, SETTINGS.offerTour, {
    name: "TERRAN.Setting.offerTour.name",
    hint: "TERRAN.Setting.offerTour.hint",
    scope: "client",
    config: true,
    type: Boolean,
    default: true,
  });
  settings.register(SYSTEM_ID, SETTINGS.schemaVersion, {
    scope: "world",
    config: false,
    type: Number,
    default: 0,
  });
  // R-LUCK-1 the luck ledger, in parts: written by the active GM's client only, repaired on read (src/table/luck.ts).
  for (const key of [SETTINGS.luckLedger, SETTINGS.luckFaces, ...LUCK_SESSION_KEYS, ...LUCK_RECORDED_KEYS])
    settings.register(SYSTEM_ID, key, { scope: "world", config: false, type: Object, default: {} });
}

/**
 * May this client write the world's settings? Core refuses a world-scope write from a user whose role lacks
 * "Modify Configuration Settings" (`User#can("SETTINGS_MODIFY")`): a player, and by default an Assistant GM
 * (`isGM`, yet not allowed to modify world-level settings, CONST.USER_ROLES); the refusal shows that user
 * core's error. The writers that run on their own (the luck ledger, the world migration) ask first and
 * leave the write to a user who may.
 */
export function mayWriteWorldSettings(): boolean {
  return game.user?.can("SETTINGS_MODIFY") ?? false;
}

/** The optional rules a world turns on: R-CH-6's Challenge armour (a house rule), R-LEG-3's game without skills. */
function registerOptionalRules(settings: NonNullable<typeof game.settings>): void {
  // R-LUCK-2 (setting, default off): players see the Table luck window's dice test too (open windows follow).
  settings.register(SYSTEM_ID, SETTINGS.fairnessForAll, {
    name: "TERRAN.Setting.fairnessForAll.name",
    hint: "TERRAN.Setting.fairnessForAll.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
  // R-CH-6 (house rule, default off): a Challenge's armour lowers the player's Effects (Core, Degenesis only).
  settings.register(SYSTEM_ID, SETTINGS.challengeArmour, {
    name: "TERRAN.Setting.challengeArmour.name",
    hint: "TERRAN.Setting.challengeArmour.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
    // Open Challenge sheets show or hide the armour field at once.
    onChange: () => {
      for (const actor of game.actors ?? [])
        if (actor.type === "challenge" && actor.sheet?.rendered) void actor.sheet.render();
    },
  });
  // R-LEG-3, R-V-5 (setting, default off): a game without skills, rated (Legacy) or held (v0.6.2).
  settings.register(SYSTEM_ID, SETTINGS.legacyWithoutSkills, {
    name: "TERRAN.Setting.legacyWithoutSkills.name",
    hint: "TERRAN.Setting.legacyWithoutSkills.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
    requiresReload: false,
    onChange: followRuleset,
  });
}

/**
 * Every client follows a change of the ruleset (or of how it is played) at once: derived data,
 * the sheets, and RULESET_CHANGED.
 */
function followRuleset(): void {
  for (const actor of game.actors ?? []) actor.reset();
  Hooks.callAll(RULESET_CHANGED, currentRuleset());
  void ui.actors?.render();
}

/** Each ruleset played without skills, made once (callers may compare rulesets by identity). */
const WITHOUT_SKILLS = new Map<string, Ruleset>();

/**
 * The world's ruleset (Core when settings are not ready yet); R-LEG-3 (setting) a ruleset with skills
 * played without them is that ruleset with no skill scheme (`withoutSkills`): the sheet, the dialogs and
 * creation follow, since they ask the ruleset.
 */
export function currentRuleset(): Ruleset {
  const id: string = game.settings?.get(SYSTEM_ID, SETTINGS.ruleset) ?? DEFAULT_RULESET_ID;
  const ruleset = getRuleset(id);
  if (withoutSkills(ruleset) === ruleset || !currentWithoutSkills()) return ruleset;
  const bare = WITHOUT_SKILLS.get(ruleset.id) ?? withoutSkills(ruleset);
  WITHOUT_SKILLS.set(ruleset.id, bare);
  return bare;
}

/** R-LEG-3, R-V-5 (setting) the world plays its ruleset without skills. */
export function currentWithoutSkills(): boolean {
  return game.settings?.get(SYSTEM_ID, SETTINGS.legacyWithoutSkills) === true;
}

/** R-POOL-4 the most Dark Dice one throw may hold (the world setting; the default when unreadable). */
export function currentDarkDiceMax(): number {
  const stored: unknown = game.settings?.get(SYSTEM_ID, SETTINGS.darkDiceMax);
  return typeof stored === "number" && Number.isInteger(stored) && stored >= 0 ? stored : DEFAULT_DARK_MAX;
}

/** R-LUCK-2 the world shows "Are the dice fair?" to players (off when unreadable). */
export function currentFairnessForAll(): boolean {
  return game.settings?.get(SYSTEM_ID, SETTINGS.fairnessForAll) === true;
}

/** Who may apply Effects and harm directly (the world setting; the GM only when unreadable). */
export function currentApplyPermission(): ApplyPermission {
  return game.settings?.get(SYSTEM_ID, SETTINGS.applyPermission) === "owners" ? "owners" : "gm";
}

/**
 * R-CH-6 the world's ruleset and its Challenge armour house rule (off when unreadable): what
 * decides a Challenge's armour.
 */
export function currentChallengeArmourRule(): ChallengeArmourRule {
  return {
    ruleset: currentRuleset(),
    houseRule: game.settings?.get(SYSTEM_ID, SETTINGS.challengeArmour) === true,
  };
}

export function currentRulesetId(): RulesetId {
  return currentRuleset().id;
}
