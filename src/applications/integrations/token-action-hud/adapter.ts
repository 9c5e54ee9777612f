/**
 * Our adapter for Token Action HUD Core 2.x (github.com/Larkinabout/fvtt-token-action-hud-core), built in. Core
 * has no published types: what is used is declared below from its code (module/core/api.mjs, module/main.mjs,
 * module/managers/system-manager.mjs, module/handlers/action-handlers/action-handler.mjs,
 * roll-handlers/roll-handler.mjs). Its classes exist only once Core loads, so ours are made in
 * `tokenActionHudSystem`.
 */
import { SYSTEM_ID } from "../../../system-id.ts";
import { format, localize } from "../../sheets/sheet-glue.ts";
import { HUD_GROUPS, type HudAction, type HudGroup, type HudLabel } from "./hud-actions.ts";
import { hudActionsOf, runHudAction } from "./run.ts";

/** Core compares the major only when no minor is given. */
export const REQUIRED_CORE_VERSION = "2";

/** For `ActionHandler#addActions` (its `createAction` fills in the rest). */
export interface TahActionData {
  readonly id: string;
  readonly name: string;
  readonly encodedValue: string;
  readonly img?: string;
  readonly info1?: { readonly text: string };
  /** See action.hbs line 3: `disabled` is drawn greyed (tah-hud.less lines 178–201). */
  readonly cssClass?: string;
  /** Without one Core shows none (action.hbs line 6). */
  readonly tooltip?: string;
}

/** `defaults.groups`, read by group-handler.mjs `#setDefaultGroups` by id. */
export interface TahGroupChoice {
  readonly id: string;
  readonly name: string;
  readonly listName: string;
  readonly type: "system";
}

/** `nestId`: the parent's joined to the id by "_" (utils.mjs `getNestedGroups`). */
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

export interface TahActionHandler {
  readonly actor: Actor.Implementation | null | undefined;
  addActions(actions: TahActionData[], group: { id: string; type: "system" }): void;
}

export interface TahRollHandler {
  readonly actor: Actor.Implementation | null | undefined;
}

export interface TahCoreApi {
  readonly ActionHandler: new () => TahActionHandler;
  readonly RollHandler: new () => TahRollHandler;
  readonly SystemManager: new (coreModuleId: string) => object;
}

/** Read by Core's main.mjs `registerCoreModule`. */
export interface TahSystemApi {
  readonly requiredCoreModuleVersion: string;
  readonly SystemManager: new (coreModuleId: string) => object;
}

function groupName(id: HudGroup): string {
  return localize(`TERRAN.Hud.Group.${id}`);
}

/**
 * Not the list's id: `addActions(actions, { id, type })` adds to every group with that id (group-handler.mjs
 * `getGroups`), so a shared id would show the actions twice.
 */
export const tabOf = (id: HudGroup): string => `${id}Tab`;

/** One tab per group, each holding one list of the same name. */
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

/** Core shows its tooltip as HTML (tooltip-handler.mjs lines 19–21). */
const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * A closed control is drawn `disabled` (Core's class) with the sheet's reason; Core still hands its click over
 * (roll-handler.mjs lines 43–85), and ./run.ts says the reason again.
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

export function tokenActionHudSystem(core: TahCoreApi): TahSystemApi {
  class TerranActionHandler extends core.ActionHandler {
    /** Called on every rebuild with the layout's group ids; none for several tokens. */
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
    /** Core does not await it (roll-handler.mjs line 85). */
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
    /** Ours only. */
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
