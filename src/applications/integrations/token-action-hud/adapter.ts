/**
 * The Terran Engine's adapter for Token Action HUD Core 2.x (github.com/Larkinabout/fvtt-token-action-hud-core),
 * built into the system so a GM installs nothing more. Core is plain JavaScript with no published types:
 * the little of it used here is declared below, from its public code (module/core/api.mjs, module/main.mjs,
 * module/managers/system-manager.mjs, module/handlers/action-handlers/action-handler.mjs and
 * roll-handlers/roll-handler.mjs). Its classes exist only once Core is loaded, so ours are made inside
 * `tokenActionHudSystem`, from the api Core hands to `tokenActionHudCoreApiReady` (./register.ts).
 */
import { SYSTEM_ID } from "../../../system-id.ts";
import { format, localize } from "../../sheets/sheet-glue.ts";
import { HUD_GROUPS, type HudAction, type HudGroup, type HudLabel } from "./hud-actions.ts";
import { hudActionsOf, runHudAction } from "./run.ts";

/** Core's major version this adapter is written for (Core compares the major only when no minor is given). */
export const REQUIRED_CORE_VERSION = "2";

/** An action as handed to Core's `ActionHandler#addActions` (its `createAction` fills in the rest). */
export interface TahActionData {
  readonly id: string;
  readonly name: string;
  readonly encodedValue: string;
  readonly img?: string;
  readonly info1?: { readonly text: string };
  /**
   * Classes on the button (action.hbs line 3): `disabled` is drawn greyed by Core's
   * stylesheets (tah-hud.less lines 178–201).
   */
  readonly cssClass?: string;
  /** The button's tooltip; without one Core shows none (action.hbs line 6 prints only `content`). */
  readonly tooltip?: string;
}

/** A group Core offers in its settings (`defaults.groups`, read by group-handler.mjs `#setDefaultGroups` by id). */
export interface TahGroupChoice {
  readonly id: string;
  readonly name: string;
  readonly listName: string;
  readonly type: "system";
}

/** A group of Core's layout: `nestId` is the parent's joined to the id by "_" (utils.mjs `getNestedGroups`). */
export interface TahLayoutGroup {
  readonly id: string;
  readonly nestId: string;
  readonly name: string;
  readonly type: "system";
  readonly groups?: readonly TahLayoutGroup[];
}

export interface TahDefaults {
  readonly layout: readonly TahLayoutGroup[];
  readonly groups: readonly TahGroupChoice[];
}

/** What Core's ActionHandler gives a subclass: the HUD's actor and `addActions`. */
export interface TahActionHandler {
  readonly actor: Actor.Implementation | null | undefined;
  addActions(actions: TahActionData[], group: { id: string; type: "system" }): void;
}

/** What Core's RollHandler gives a subclass: the HUD's actor. */
export interface TahRollHandler {
  readonly actor: Actor.Implementation | null | undefined;
}

/** The part of `coreModule.api` used here. */
export interface TahCoreApi {
  readonly ActionHandler: new () => TahActionHandler;
  readonly RollHandler: new () => TahRollHandler;
  readonly SystemManager: new (coreModuleId: string) => object;
}

/** What a system hands back to Core (`module.api`, read by Core's main.mjs `registerCoreModule`). */
export interface TahSystemApi {
  readonly requiredCoreModuleVersion: string;
  readonly SystemManager: new (coreModuleId: string) => object;
}

function groupName(id: HudGroup): string {
  return localize(`TERRAN.Hud.Group.${id}`);
}

/**
 * The tab holding list `id`. Its id differs from the list's: Core's `addActions(actions, { id, type })`
 * adds to every group with that id and type (group-handler.mjs `getGroups`), so a tab sharing its
 * list's id would show the actions twice.
 */
export const tabOf = (id: HudGroup): string => `${id}Tab`;

/** The default layout: one tab per group, each holding one list of the same name (nestId `<tab>_<list>`). */
export function hudDefaults(): TahDefaults {
  const groups: TahGroupChoice[] = HUD_GROUPS.map((id) => ({
    id,
    name: groupName(id),
    listName: groupName(id),
    type: "system",
  }));
  const layout: TahLayoutGroup[] = HUD_GROUPS.map((id) => ({
    id: tabOf(id),
    nestId: tabOf(id),
    name: groupName(id),
    type: "system",
    groups: [{ id, nestId: `${tabOf(id)}_${id}`, name: groupName(id), type: "system" }],
  }));
  return { layout, groups };
}

function labelText(label: HudLabel): string {
  if ("text" in label) return label.text;
  if (!label.data) return localize(label.key);
  return format(label.key, { ...label.data });
}

/** Text for Core's tooltip, which it shows as HTML (tooltip-handler.mjs lines 19–21 wrap it in a div). */
const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * One of our actions in Core's shape, with the sheet's tooltip for its control. A control the sheet
 * closes is drawn greyed (`disabled`, Core's own class for it) with the sheet's reason; Core still hands
 * its click to the roll handler (roll-handler.mjs lines 43–85), where ./run.ts says the reason again.
 */
export function tahAction(action: HudAction): TahActionData {
  const tooltip = action.refusal ?? action.hint;
  return {
    id: action.id,
    name: labelText(action.label),
    encodedValue: action.id,
    ...(action.img ? { img: action.img } : {}),
    ...(action.info ? { info1: { text: action.info } } : {}),
    ...(action.refusal ? { cssClass: "disabled" } : {}),
    ...(tooltip ? { tooltip: escapeHtml(format(tooltip.key, { value: tooltip.value })) } : {}),
  };
}

/** The system's classes over Core's, and what Core asks of a system. */
export function tokenActionHudSystem(core: TahCoreApi): TahSystemApi {
  class TerranActionHandler extends core.ActionHandler {
    /**
     * Core calls this on every rebuild with the ids of the groups in the user's layout: our actions for
     * the HUD's one actor (none for several tokens), each into its list if the layout still has it.
     */
    async buildSystemActions(groupIds: readonly string[] = HUD_GROUPS): Promise<void> {
      const actor = this.actor;
      if (!actor) return;
      const actions = await hudActionsOf(actor);
      for (const id of HUD_GROUPS) {
        const inGroup = actions.filter((a) => a.group === id).map(tahAction);
        if (inGroup.length > 0 && groupIds.includes(id)) this.addActions(inGroup, { id, type: "system" });
      }
    }
  }

  class TerranRollHandler extends core.RollHandler {
    /** Core calls this with our action's id and does not await it (roll-handler.mjs line 85). */
    async handleActionClick(_event: unknown, value: string | null): Promise<void> {
      const actor = this.actor;
      if (!actor) return;
      try {
        await runHudAction(actor, value);
      } catch (error) {
        console.error(`${SYSTEM_ID} | Token Action HUD: the action ${String(value)} failed`, error);
        ui.notifications?.error(localize("TERRAN.Hud.failed"));
      }
    }
  }

  class TerranSystemManager extends core.SystemManager {
    getActionHandler(): TerranActionHandler {
      return new TerranActionHandler();
    }
    /** The roll handlers a GM may pick from in Core's settings: ours only. */
    getAvailableRollHandlers(): Record<string, string> {
      return { core: localize("TERRAN.Hud.rollHandler") };
    }
    getRollHandler(): TerranRollHandler {
      return new TerranRollHandler();
    }
    registerDefaults(): Promise<TahDefaults> {
      return Promise.resolve(hudDefaults());
    }
  }

  return { requiredCoreModuleVersion: REQUIRED_CORE_VERSION, SystemManager: TerranSystemManager };
}
