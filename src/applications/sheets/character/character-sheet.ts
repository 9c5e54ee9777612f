/**
 * The character sheet (ApplicationV2 + Handlebars): the actor's plain input to `characterSheetContext`,
 * and clicks to the actor's operations, each refusal a localised warning. Dropped items: see
 * ./character-drop.ts. Attributes, Saves and weapons drag to the hotbar.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { isAttribute, isWoundTrack, type Attribute } from "../../../rules/index.ts";
import { itemSnapshot } from "../../../data/snapshot.ts";
import { TerranActor } from "../../../documents/actor.ts";
import { currentRuleset } from "../../../settings/settings.ts";
import { confirm } from "../../../prompts/notify.ts";
import { openRoll } from "../../resolution/index.ts";
import { characterSheetContext, type CharacterSheetView } from "./character-context.ts";
import {
  activateAdvancement,
  addCustomSkill,
  addHeldSkill,
  advancementRoll,
  applyRatings,
  chooseSplit,
  developSkill,
  endLegacySession,
  endScene,
  endSceneEffect,
  restAsked,
  startSuccessor,
  legacyRecover,
  refillLegacyEgo,
  removeHeldSkill,
  rollLegacyCreation,
  rollRatings,
  rollStartingEgo,
  rollStartingGrit,
  setLegacyRating,
  takeAdvancement,
  rollCreationSkills,
  takeCreationSkill,
  setSkillGroups,
  takeCreationPoint,
  takeLegacyHarm,
  toggleLegacyWound,
} from "./character-actions.ts";
import { addDroppedItem } from "./character-drop.ts";
import { characterSheetInput } from "./character-input.ts";
import { dropSort, moveItem } from "../common.ts";
import { CHARACTER_TAB_LABELS, CHARACTER_TABS, isCharacterTab, type CharacterSheetInput } from "../inputs.ts";
import { CHARACTER_LIMITED_PARTS, CHARACTER_SHEET_PARTS, SHEET_PARTIALS, systemPath } from "../parts.ts";
import { ROLL_DRAG_TYPE, rollLabelKey, type RollDragData } from "../hotbar.ts";
import { defineCharacterSchema } from "../../../data/actor/character.ts";
import { droppedItem, enrich, firstHandling, localize, pickImage, updateFlat } from "../sheet-glue.ts";
import { elementOf, inputOf } from "../../dom.ts";
import { TerranActorSheet } from "../actor-sheet.ts";

type ActorSheetV2 = foundry.applications.sheets.ActorSheetV2;
type RenderOptions = foundry.applications.sheets.ActorSheetV2.RenderOptions;

type Context = foundry.applications.sheets.ActorSheetV2.RenderContext & CharacterSheetView;

/** `data-change` handlers the character templates name (tests/applications/sheets/actions.test.ts). */
export const CHARACTER_CHANGE_HANDLERS = ["archetypeText"] as const;

export class CharacterSheet extends TerranActorSheet<Context> {
  static override DEFAULT_OPTIONS = {
    classes: ["terran-engine", "te-sheet", "character-sheet"],
    position: { width: 800, height: 820 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      editImage: CharacterSheet.#onEditImage,
      roll: CharacterSheet.#onRoll,
      setRating: CharacterSheet.#onSetRating,
      rest: CharacterSheet.#onRest,
      resetEgo: CharacterSheet.#onResetEgo,
      toggleWound: CharacterSheet.#onToggleWound,
      sayonara: CharacterSheet.#onSayonara,
      toggleExpand: CharacterSheet.#onToggleExpand,
      // Play or edit mode (not "toggleControls": ApplicationV2 handles that action name itself).
      toggleMode: CharacterSheet.#onToggleMode,
      editItem: CharacterSheet.#onEditItem,
      moveUp: CharacterSheet.#onMove,
      moveDown: CharacterSheet.#onMove,
      deleteItem: CharacterSheet.#onDeleteItem,
      toggleEquipped: CharacterSheet.#onToggleEquipped,
      createItem: CharacterSheet.#onCreateItem,
      // The creation panel (./character-actions.ts).
      rollRatings,
      chooseSplit,
      applyRatings,
      rollStartingGrit,
      rollStartingEgo,
      takeAdvancement,
      // v0.6.2's steps of the panel (./character-actions.ts).
      rollCreationSkills,
      takeCreationSkill,
      setSkillGroups,
      takeCreationPoint,
      // R-ADV-1 / R-ADV-2 the activation controls (./character-actions.ts).
      activateAdvancement,
      endSceneEffect,
      endScene,
      // R-V-5 the Skills block (./character-actions.ts).
      addHeldSkill,
      addCustomSkill,
      removeHeldSkill,
      // R-SAY-1 / R-LEG-15 a departed character's successor (./character-actions.ts).
      startSuccessor,
      // The HP health model's buttons (Legacy, ./character-actions.ts).
      rollLegacyCreation,
      setLegacyRating,
      toggleLegacyWound,
      legacyRecover,
      refillLegacyEgo,
      endLegacySession,
      advancementRoll,
      developSkill,
      takeLegacyHarm,
    },
  };

  /**
   * Core's tabs: ApplicationV2 handles `data-action="tab"` itself and keeps the open tab on the sheet
   * instance (`tabGroups.primary`), so it survives re-renders but not a reload. Not stored on the actor:
   * a tab click is not a change to the character, and observers may not write to it.
   */
  static override TABS = {
    primary: {
      tabs: CHARACTER_TABS.map((id) => ({ id, label: CHARACTER_TAB_LABELS[id], cssClass: "" })),
      initial: "main",
    },
  };

  static override PARTS = {
    header: { template: systemPath(CHARACTER_SHEET_PARTS.header) },
    tabs: { template: systemPath(CHARACTER_SHEET_PARTS.tabs) },
    main: { template: systemPath(CHARACTER_SHEET_PARTS.main), scrollable: [""] },
    items: {
      template: systemPath(CHARACTER_SHEET_PARTS.items),
      scrollable: [""],
      templates: SHEET_PARTIALS.map(systemPath),
    },
    biography: {
      template: systemPath(CHARACTER_SHEET_PARTS.biography),
      scrollable: [""],
      templates: SHEET_PARTIALS.map(systemPath),
    },
  };

  /** The sheet's own state between renders (the open tab is core's `tabGroups.primary`). */
  readonly #expanded = new Set<string>();
  /** Play or edit mode (the toggle in the header; ./character-sheet.ts #onToggleMode). */
  #editingMode = true;
  /** The creation panel's split chosen so far (./character-actions.ts), kept between renders. */
  creationShares: Partial<Record<Attribute, number>> = {};

  /**
   * Core marks the tab and its section active; the nav's aria-selected follows at once (not only on the next render).
   */
  override changeTab(tab: string, group: string, options?: Parameters<ActorSheetV2["changeTab"]>[2]): void {
    super.changeTab(tab, group, options);
    for (const link of this.element.querySelectorAll<HTMLElement>(`[data-action="tab"][data-group="${group}"]`)) {
      link.setAttribute("aria-selected", String(link.dataset.tab === tab));
      // The WAI-ARIA tabs pattern: the open tab is the list's one Tab stop.
      link.setAttribute("tabindex", link.dataset.tab === tab ? "0" : "-1");
    }
  }

  get #terranActor(): TerranActor {
    const actor = this.document;
    if (!(actor instanceof TerranActor)) throw new Error("The character sheet needs a TerranActor.");
    return actor;
  }

  /**
   * The plain input of the pure context builder (gathered as the Token Action HUD gathers it: ./character-input.ts).
   */
  async #input(): Promise<CharacterSheetInput> {
    return characterSheetInput(this.#terranActor, {
      editable: this.isEditable,
      enrich,
      ui: {
        activeTab: isCharacterTab(this.tabGroups.primary) ? this.tabGroups.primary : "main",
        expanded: [...this.#expanded],
        creation: {
          roll: this.#terranActor.creationRoll,
          shares: this.creationShares,
          skillRoll: this.#terranActor.creationSkillRoll,
          point: this.#terranActor.creationPoint,
        },
        editing: this.#editingMode,
      },
    });
  }

  protected override async _prepareContext(
    options: DeepPartial<RenderOptions> & { isFirstRender: boolean },
  ): Promise<Context> {
    const context = await super._prepareContext(options);
    return Object.assign(context, characterSheetContext(await this.#input()));
  }

  /** Limited viewers see the header only. */
  protected override partsShown(declared: readonly string[]): readonly string[] {
    return this.document.limited ? CHARACTER_LIMITED_PARTS : declared;
  }

  protected override formSchema() {
    return defineCharacterSchema();
  }

  protected override onRootChange(event: Event): void {
    const input = inputOf(event.target);
    if (input?.dataset.change) void this.#onChange(input);
  }

  /** Drag and drop, bound once on the root beside the shared listeners (../actor-sheet.ts). */
  protected override async _onFirstRender(
    context: DeepPartial<Context>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._onFirstRender(context, options);
    const root = this.element;
    root.addEventListener("dragstart", (event) => this._onDragStart(event));
    root.addEventListener("dragover", (event) => {
      if (this.isEditable) event.preventDefault();
    });
    root.addEventListener("drop", (event) => void this._onDrop(event));
  }

  // -------------------------------------------------------------------------------------------
  // Change handlers (inputs with data-change)

  async #onChange(input: HTMLInputElement): Promise<void> {
    if (input.dataset.change === "archetypeText") {
      const text = input.value.trim();
      if (text) await updateFlat(this.document, { "system.archetype": text });
    }
  }

  // -------------------------------------------------------------------------------------------
  // Drag and drop

  /**
   * Roll buttons carry a roll (for the hotbar); item rows carry their item. Named as ActorSheetV2's
   * handler so core's drag binding, if any, lands here too (each event is handled once).
   */
  _onDragStart(event: DragEvent): void {
    const transfer = event.dataTransfer;
    const el = elementOf(event.target)?.closest<HTMLElement>("[data-drag-roll], li[data-item-id]");
    if (!transfer || !el || !firstHandling(event)) return;
    const what = el.dataset.dragRoll;
    if (what) {
      const item = this.document.items.get(what);
      const data: RollDragData = {
        type: ROLL_DRAG_TYPE,
        actorUuid: this.document.uuid,
        what,
        label: item ? item.name : localize(rollLabelKey(currentRuleset(), what) ?? what),
      };
      transfer.setData("text/plain", JSON.stringify(data));
      return;
    }
    const item = this.document.items.get(el.dataset.itemId ?? "");
    if (item) transfer.setData("text/plain", JSON.stringify(item.toDragData()));
  }

  /**
   * A drop on the sheet: an item of this actor is reordered; an Advancement is bought (R-XP-2,
   * R-GRIT-3); other items are copied in (weapons and armour unequipped, ready to equip; a Condition
   * brings its +1 XP through TerranItem; Obsessive Focus asks its shift first, R-COND-1). Named as
   * ActorSheetV2's handler (see _onDragStart).
   */
  async _onDrop(event: DragEvent): Promise<void> {
    if (!firstHandling(event) || !this.isEditable) return;
    event.preventDefault();
    const dropped: unknown = foundry.applications.ux.TextEditor.implementation.getDragEventData(event);
    if (typeof dropped !== "object" || dropped === null || (dropped as { type?: unknown }).type !== "Item") return;
    const actor = this.#terranActor;
    const item = await droppedItem(dropped);
    if (!item) return;
    if (item.parent === actor) {
      const target = elementOf(event.target)?.closest<HTMLElement>("li[data-item-id]")?.dataset.itemId;
      if (!target || !item.id) return;
      const siblings = actor.items
        .filter((i) => i.type === item.type)
        .map((i) => ({ id: i.id ?? "", sort: i.sort, name: i.name }));
      const updates = dropSort(siblings, item.id, target);
      if (updates.length > 0) await actor.updateEmbeddedDocuments("Item", updates);
      return;
    }
    await addDroppedItem(actor, item);
  }

  // -------------------------------------------------------------------------------------------
  // Actions

  static async #onEditImage(this: CharacterSheet): Promise<void> {
    await pickImage(this.document);
  }

  static async #onRoll(this: CharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const what = target.dataset.roll;
    if (what) await openRoll(this.document, what);
  }

  static async #onSetRating(this: CharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const attribute = target.dataset.attribute ?? "";
    const value = Number(target.dataset.value);
    if (!isAttribute(attribute)) return;
    // The actor checks the rules (R-CHAR-1, R-CHAR-5): a stale circle from an older render is refused with a warning.
    await this.#terranActor.setAttribute(attribute, value);
  }

  static async #onRest(this: CharacterSheet): Promise<void> {
    // R-GRIT-2 both questions: a poor night and poor food each cost the die (Asceticism cancels the food's).
    await restAsked(this.#terranActor);
  }

  static async #onResetEgo(this: CharacterSheet): Promise<void> {
    await this.#terranActor.resetEgo();
  }

  static async #onToggleWound(this: CharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const track = target.dataset.track ?? "";
    if (!isWoundTrack(track)) return;
    const actor = this.#terranActor;
    if (actor.characterState().source.wounds[track]) await actor.recoverWound(track);
    else await actor.markWound(track);
  }

  static async #onSayonara(this: CharacterSheet): Promise<void> {
    if (await confirm("TERRAN.Sheet.Sayonara.confirmTitle", "TERRAN.Sheet.Sayonara.confirmPrompt"))
      await this.#terranActor.declareSayonara();
  }

  #itemOf(target: HTMLElement): Item.Implementation | undefined {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";
    return this.document.items.get(id);
  }

  /**
   * The owner's toggle: play or edit mode, kept on the sheet instance as the open tab is (so per user —
   * each client has its own — and per sheet, across re-renders and reopening; as dnd5e 5.x keeps its
   * sheet mode). The sheet opens in edit mode, as it always has.
   */
  static async #onToggleMode(this: CharacterSheet): Promise<void> {
    this.#editingMode = !this.#editingMode;
    await this.render();
  }

  static #onToggleExpand(this: CharacterSheet, _event: PointerEvent, target: HTMLElement): void {
    const item = this.#itemOf(target);
    if (!item?.id) return;
    if (this.#expanded.has(item.id)) this.#expanded.delete(item.id);
    else this.#expanded.add(item.id);
    void this.render();
  }

  static async #onEditItem(this: CharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.#itemOf(target)?.sheet?.render(true);
  }

  static async #onMove(this: CharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.#itemOf(target);
    if (!item?.id) return;
    const siblings = this.document.items
      .filter((i) => i.type === item.type)
      .map((i) => ({ id: i.id ?? "", sort: i.sort, name: i.name }));
    const updates = moveItem(siblings, item.id, target.dataset.action === "moveUp" ? -1 : 1);
    if (updates.length > 0) await this.document.updateEmbeddedDocuments("Item", updates);
  }

  static async #onDeleteItem(this: CharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.#itemOf(target);
    if (!item) return;
    // A function keeps a `$&` in the name. A title is text: peers pass raw names (dnd5e item.mjs:1220).
    const title = localize("TERRAN.Sheet.Items.deleteTitle").replace("{value}", () => item.name);
    if (await confirm(title, "TERRAN.Sheet.Items.deletePrompt")) await item.delete();
  }

  static async #onToggleEquipped(this: CharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.#itemOf(target);
    const snapshot = item ? itemSnapshot(item) : null;
    if (!item || !snapshot || (snapshot.type !== "weapon" && snapshot.type !== "armour")) return;
    await updateFlat(item, { "system.equipped": !snapshot.system.equipped });
  }

  static async #onCreateItem(this: CharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const type = target.dataset.type;
    if (type !== "weapon" && type !== "armour" && type !== "advancement" && type !== "condition") return;
    const created = await this.document.createEmbeddedDocuments("Item", [
      { name: localize(`TERRAN.Sheet.Items.newName.${type}`), type },
    ]);
    await created?.[0]?.sheet?.render(true);
  }
}
