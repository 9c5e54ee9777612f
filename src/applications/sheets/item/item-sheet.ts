/**
 * The item sheet for weapons, armour, advancements and conditions (ApplicationV2 + Handlebars): the
 * plain input goes to `itemSheetContext` (pure, tested); simple fields are submitted with the form,
 * list fields (ranges, tags, flags, dice modifiers and their scopes) are edited by the pure edits of
 * item-context.ts and saved whole.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { isMechanicsFlag, isModifierScope, isWeaponTag } from "../../../rules/index.ts";
import { itemSnapshot } from "../../../data/snapshot.ts";
import type { ItemSnapshot } from "../../../data/source.ts";
import { currentRuleset } from "../../../settings/settings.ts";
import {
  editModifier,
  itemSheetContext,
  newModifier,
  parseCustomTags,
  removeModifier,
  toggleIn,
  toggleModifierScope,
  type ItemSheetView,
  type ModifierField,
} from "./item-context.ts";
import { ITEM_LIMITED_PARTS, ITEM_SHEET_PARTS, itemSheetParts, SHEET_PARTIALS, systemPath } from "../parts.ts";
import { defineAdvancementSchema } from "../../../data/item/advancement.ts";
import { defineArmourSchema } from "../../../data/item/armour.ts";
import { defineConditionSchema } from "../../../data/item/condition.ts";
import { defineWeaponSchema } from "../../../data/item/weapon.ts";
import { enrich, format, pickImage, updateFlat } from "../sheet-glue.ts";
import { SheetShell } from "../sheet-shell.ts";
import { inputOf } from "../../dom.ts";
import { say } from "../../../prompts/notify.ts";

type SheetConfiguration = foundry.applications.api.DocumentSheetV2.Configuration<Item.Implementation>;
type SheetRenderOptions = foundry.applications.api.DocumentSheetV2.RenderOptions;

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ItemSheetV2 } = foundry.applications.sheets;

type Context = foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation> & ItemSheetView;

/** `data-change` handlers the item templates name (tests/applications/sheets/actions.test.ts). */
export const ITEM_CHANGE_HANDLERS = ["customTags", "modifierField"] as const;

const MODIFIER_FIELDS: readonly ModifierField[] = ["dice", "label", "situational"];

/** Each item type's schema, whose number limits the form is held to. */
const ITEM_SCHEMAS = {
  weapon: defineWeaponSchema,
  armour: defineArmourSchema,
  advancement: defineAdvancementSchema,
  condition: defineConditionSchema,
} as const;

export class TerranItemSheet<
  RenderContext extends Context = Context,
  Configuration extends SheetConfiguration = SheetConfiguration,
  RenderOptions extends SheetRenderOptions = SheetRenderOptions,
> extends HandlebarsApplicationMixin(ItemSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["terran-engine", "te-sheet", "item-sheet"],
    position: { width: 560, height: 640 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      editImage: TerranItemSheet.#onEditImage,
      toggleRange: TerranItemSheet.#onToggleRange,
      toggleTag: TerranItemSheet.#onToggleTag,
      toggleFlag: TerranItemSheet.#onToggleFlag,
      toggleScope: TerranItemSheet.#onToggleScope,
      addModifier: TerranItemSheet.#onAddModifier,
      removeModifier: TerranItemSheet.#onRemoveModifier,
    },
  };

  static override PARTS = {
    header: { template: systemPath(ITEM_SHEET_PARTS.header) },
    weapon: { template: systemPath(ITEM_SHEET_PARTS.weapon) },
    armour: { template: systemPath(ITEM_SHEET_PARTS.armour) },
    advancement: { template: systemPath(ITEM_SHEET_PARTS.advancement), templates: SHEET_PARTIALS.map(systemPath) },
    condition: { template: systemPath(ITEM_SHEET_PARTS.condition), templates: SHEET_PARTIALS.map(systemPath) },
    description: {
      template: systemPath(ITEM_SHEET_PARTS.description),
      scrollable: [""],
      templates: SHEET_PARTIALS.map(systemPath),
    },
  };

  #snapshot(): ItemSnapshot {
    const snapshot = itemSnapshot(this.document);
    if (!snapshot) throw new Error(`The item sheet cannot show an item of type ${this.document.type}.`);
    return snapshot;
  }

  protected override async _prepareContext(
    options: DeepPartial<RenderOptions> & { isFirstRender: boolean },
  ): Promise<RenderContext> {
    const context = await super._prepareContext(options);
    const item = this.document;
    const snapshot = this.#snapshot();
    const view = itemSheetContext({
      name: item.name,
      img: item.img ?? "",
      uuid: item.uuid,
      item: snapshot,
      rulesetId: currentRuleset().id,
      permissions: {
        editable: this.isEditable,
        owner: item.isOwner,
        limited: item.limited,
        isGM: game.user?.isGM ?? false,
      },
      enriched: { description: await enrich(snapshot.system.description, item) },
      ownerName: item.parent?.name ?? null,
    });
    return Object.assign(context, view);
  }

  readonly #shell = new SheetShell();

  /** Only the header, this type's part and the description; a limited viewer gets no mechanics part. */
  protected override _configureRenderParts(options: RenderOptions) {
    const parts = super._configureRenderParts(options);
    return this.#shell.keepParts(
      parts,
      this.document.limited ? ITEM_LIMITED_PARTS : itemSheetParts(this.#snapshot().type),
    );
  }

  protected override async _onFirstRender(
    context: DeepPartial<RenderContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._onFirstRender(context, options);
    this.#shell.bind(this.element, (event) => {
      const input = inputOf(event.target);
      if (input?.dataset.change) void this.#onChange(input);
    });
  }

  protected override async _preRender(
    context: DeepPartial<RenderContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._preRender(context, options);
    this.#shell.beforeRender(this);
  }

  protected override async _onRender(
    context: DeepPartial<RenderContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._onRender(context, options);
    this.#shell.afterRender(this);
  }

  protected override _prepareSubmitData(
    event: SubmitEvent,
    form: HTMLFormElement,
    formData: foundry.applications.ux.FormDataExtended,
    updateData?: unknown,
  ) {
    const type = itemSnapshot(this.document)?.type;
    this.#shell.correctNumbers(formData, type ? ITEM_SCHEMAS[type]() : {}, this.document);
    return super._prepareSubmitData(event, form, formData, updateData);
  }

  async #onChange(input: HTMLInputElement): Promise<void> {
    const snapshot = this.#snapshot();
    if (input.dataset.change === "customTags" && snapshot.type === "weapon") {
      await updateFlat(this.document, { "system.customTags": parseCustomTags(input.value) });
      return;
    }
    if (
      input.dataset.change === "modifierField" &&
      (snapshot.type === "advancement" || snapshot.type === "condition")
    ) {
      const field = MODIFIER_FIELDS.find((f) => f === input.dataset.field);
      const index = Number(input.closest<HTMLElement>("[data-index]")?.dataset.index);
      if (!field || !Number.isInteger(index)) return;
      const raw = input.type === "checkbox" ? input.checked : input.value;
      const { dice, corrected } = editModifier(snapshot.system.dice, index, field, raw);
      if (corrected) say("warn", format(corrected.key, { value: corrected.value }));
      await updateFlat(this.document, { "system.dice": dice });
    }
  }

  static async #onEditImage(this: TerranItemSheet): Promise<void> {
    await pickImage(this.document);
  }

  static async #onToggleRange(this: TerranItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const snapshot = this.#snapshot();
    const range = target.dataset.range;
    if (snapshot.type !== "weapon" || !range) return;
    await updateFlat(this.document, { "system.ranges": toggleIn(snapshot.system.ranges, range) });
  }

  static async #onToggleTag(this: TerranItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const snapshot = this.#snapshot();
    const tag = target.dataset.tag ?? "";
    if (snapshot.type !== "weapon" || !isWeaponTag(tag)) return;
    await updateFlat(this.document, { "system.tags": toggleIn(snapshot.system.tags, tag) });
  }

  static async #onToggleFlag(this: TerranItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const snapshot = this.#snapshot();
    const flag = target.dataset.flag ?? "";
    if ((snapshot.type !== "advancement" && snapshot.type !== "condition") || !isMechanicsFlag(flag)) return;
    await updateFlat(this.document, { "system.flags": toggleIn(snapshot.system.flags, flag) });
  }

  static async #onToggleScope(this: TerranItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const snapshot = this.#snapshot();
    const scope = target.dataset.scope ?? "";
    const index = Number(target.dataset.index);
    if (
      (snapshot.type !== "advancement" && snapshot.type !== "condition") ||
      !isModifierScope(scope) ||
      !Number.isInteger(index)
    )
      return;
    await updateFlat(this.document, { "system.dice": toggleModifierScope(snapshot.system.dice, index, scope) });
  }

  static async #onAddModifier(this: TerranItemSheet): Promise<void> {
    const snapshot = this.#snapshot();
    if (snapshot.type !== "advancement" && snapshot.type !== "condition") return;
    await updateFlat(this.document, {
      "system.dice": [...snapshot.system.dice, newModifier(foundry.utils.randomID())],
    });
  }

  static async #onRemoveModifier(this: TerranItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const snapshot = this.#snapshot();
    const index = Number(target.dataset.index);
    if ((snapshot.type !== "advancement" && snapshot.type !== "condition") || !Number.isInteger(index)) return;
    await updateFlat(this.document, { "system.dice": removeModifier(snapshot.system.dice, index) });
  }
}
