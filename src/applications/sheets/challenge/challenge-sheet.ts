/**
 * The Challenge sheet (ApplicationV2 + Handlebars): gathers the plain input, hands it to
 * `challengeSheetContext` (pure, tested) and handles the clicks: a tier preset (R-CH-1, Exceptional
 * asks for n and its Disposition of 40 or more), facets added, edited and removed (R-CH-5), "Roll Effect" (R-CH-2) for
 * the Challenge or one facet. GM notes are GM-only; a viewer with limited permission sees the header only.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { ChallengeData, defineChallengeSchema } from "../../../data/actor/challenge.ts";
import { CharacterData } from "../../../data/actor/character.ts";
import type { FacetSource } from "../../../data/source.ts";
import { attempt, say } from "../../../prompts/notify.ts";
import { TerranActor } from "../../../documents/actor.ts";
import { characterState } from "../../../documents/state.ts";
import { currentRuleset, SETTINGS } from "../../../settings/settings.ts";
import { SYSTEM_ID } from "../../../system-id.ts";
import {
  challengeSheetContext,
  editFacet,
  newFacet,
  tierNeedsN,
  tierPreset,
  type ChallengeSheetView,
  type FacetField,
} from "./challenge-context.ts";
import { askNumber } from "../ask-number.ts";
import { rollEffectAsked } from "./challenge-roll.ts";
import { rollMorale } from "../../chat/roll-other.ts";
import { challengeSheetInput } from "./challenge-input.ts";
import { CHALLENGE_LIMITED_PARTS, CHALLENGE_SHEET_PARTS, SHEET_PARTIALS, systemPath } from "../parts.ts";
import { enrich, format, localize, pickImage, updateFlat } from "../sheet-glue.ts";
import { elementOf, fieldOf } from "../../dom.ts";
import { TerranActorSheet } from "../actor-sheet.ts";
import {
  changeForecastChoice,
  DEFAULT_FORECAST_CHOICES,
  isForecastField,
  type ForecastCharacter,
  type ForecastChoices,
} from "./challenge-forecast.ts";
import type { ChallengeForecastInput } from "../inputs.ts";

type RenderOptions = foundry.applications.sheets.ActorSheetV2.RenderOptions;

type Context = foundry.applications.sheets.ActorSheetV2.RenderContext & ChallengeSheetView;

/** `data-change` handlers the Challenge templates name (tests/applications/sheets/actions.test.ts). */
export const CHALLENGE_CHANGE_HANDLERS = ["tier", "facetField"] as const;

const FACET_FIELDS: readonly FacetField[] = ["name", "value", "max", "dice"];

export class ChallengeSheet extends TerranActorSheet<Context> {
  static override DEFAULT_OPTIONS = {
    classes: ["terran-engine", "te-sheet", "challenge-sheet"],
    position: { width: 720, height: 560 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      editImage: ChallengeSheet.#onEditImage,
      rollEffect: ChallengeSheet.#onRollEffect,
      rollMorale: ChallengeSheet.#onRollMorale,
      addFacet: ChallengeSheet.#onAddFacet,
      removeFacet: ChallengeSheet.#onRemoveFacet,
    },
  };

  static override PARTS = {
    header: { template: systemPath(CHALLENGE_SHEET_PARTS.header) },
    main: { template: systemPath(CHALLENGE_SHEET_PARTS.main), scrollable: [""] },
    forecast: { template: systemPath(CHALLENGE_SHEET_PARTS.forecast) },
    notes: { template: systemPath(CHALLENGE_SHEET_PARTS.notes), templates: SHEET_PARTIALS.map(systemPath) },
  };

  /** The GM's forecast panel: open or not, and the approach chosen (kept between renders, never stored). */
  #forecastOpen = false;
  /** Null until the GM changes one: the panel's defaults (DEFAULT_FORECAST_CHOICES). */
  #forecast: ForecastChoices | null = null;

  #system(): ChallengeData {
    const system = this.document.system;
    if (!(system instanceof ChallengeData)) throw new Error("The Challenge sheet needs a Challenge.");
    return system;
  }

  protected override async _prepareContext(
    options: DeepPartial<RenderOptions> & { isFirstRender: boolean },
  ): Promise<Context> {
    const context = await super._prepareContext(options);
    const view = challengeSheetContext(
      await challengeSheetInput(this.document, this.#system(), {
        editable: this.isEditable,
        enrich,
        forecast: () => this.#forecastInput(this.#forecast ?? DEFAULT_FORECAST_CHOICES),
      }),
    );
    return Object.assign(context, view);
  }

  /** Limited viewers see the header (name, image, tier); players never get the GM notes part. */
  protected override partsShown(declared: readonly string[]): readonly string[] {
    return this.document.limited ? CHALLENGE_LIMITED_PARTS : game.user?.isGM ? declared : ["header", "main"];
  }

  protected override formSchema() {
    return defineChallengeSchema();
  }

  protected override onRootChange(event: Event): void {
    const input = fieldOf(event.target);
    if (input?.dataset.change) void this.#onChange(input);
    else if (input?.dataset.forecast !== undefined) this.#onForecastChange(input);
  }

  protected override async _onFirstRender(
    context: DeepPartial<Context>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._onFirstRender(context, options);
    // A <details> "toggle" does not bubble: caught on the way down.
    this.element.addEventListener("toggle", (event) => this.#onForecastToggle(event.target), true);
  }

  /**
   * The forecast panel's input, for the GM: while it is open, the world's characters by name, and the
   * chosen one's state (the only one read).
   */
  #forecastInput(choices: ForecastChoices): ChallengeForecastInput {
    const characters: ForecastCharacter[] = [];
    if (this.#forecastOpen) {
      for (const actor of game.actors?.contents ?? []) {
        if (!(actor.system instanceof CharacterData)) continue;
        const id = actor.id ?? "";
        const state = id === choices.character && actor instanceof TerranActor ? characterState(actor) : null;
        characters.push({ id, name: actor.name, ...(state ? { state } : {}) });
      }
      characters.sort((a, b) => a.name.localeCompare(b.name));
    }
    return {
      open: this.#forecastOpen,
      choices,
      characters,
      singleDieServesBoth: game.settings?.get(SYSTEM_ID, SETTINGS.singleDieServesBoth) ?? true,
      locale: game.i18n?.lang ?? "en",
    };
  }

  /** A forecast choice changed: keep it and re-render the panel (nothing is stored on the Challenge). */
  #onForecastChange(input: HTMLInputElement | HTMLSelectElement): void {
    const field = input.dataset.forecast;
    if (!isForecastField(field)) return;
    const { choices, corrected } = changeForecastChoice(this.#forecast ?? DEFAULT_FORECAST_CHOICES, field, input.value);
    if (corrected) say("warn", format(corrected.key, { value: corrected.value }));
    this.#forecast = choices;
    void this.render();
  }

  /** The panel opened or closed: computed only while open. */
  #onForecastToggle(target: EventTarget | null): void {
    const el = elementOf(target);
    if (!el?.hasAttribute("data-forecast-panel")) return;
    const open = (el as HTMLDetailsElement).open;
    if (open === this.#forecastOpen) return;
    this.#forecastOpen = open;
    if (open) void this.render();
  }

  /** The facet a control belongs to: null for the Challenge's own row, else its index. */
  #facetOf(el: HTMLElement): number | null {
    const raw = el.closest<HTMLElement>("[data-facet]")?.dataset.facet ?? "";
    return raw === "" ? null : Number(raw);
  }

  async #onChange(input: HTMLInputElement | HTMLSelectElement): Promise<void> {
    const facet = this.#facetOf(input);
    if (input.dataset.change === "tier") await this.#applyTier(facet, input.value);
    else if (input.dataset.change === "facetField" && facet !== null) {
      const field = FACET_FIELDS.find((f) => f === input.dataset.field);
      if (!field) return;
      const { facets, corrected } = editFacet(this.#system().toObject().facets, facet, field, input.value);
      if (corrected) say("warn", format(corrected.key, { value: corrected.value }));
      await updateFlat(this.document, { "system.facets": facets });
    }
  }

  /**
   * R-CH-1 the tier preset: Disposition and dice from the table. Exceptional (ruling) asks for n, its
   * dice, then for its Disposition: any whole number from 40 up, 10n proposed.
   */
  async #applyTier(facet: number | null, tier: string): Promise<void> {
    await attempt(async () => {
      const rulesetId = currentRuleset().id;
      const needs = tierNeedsN(rulesetId, tier);
      const source = this.#system().toObject();
      let n: number | undefined;
      let disposition: number | undefined;
      if (needs.needed) {
        const row = facet === null ? source : source.facets[facet];
        const current = row?.n ?? needs.min;
        const answer = await askNumber("TERRAN.Sheet.Challenge.nTitle", "TERRAN.Sheet.Challenge.nPrompt", {
          min: needs.min,
          max: 100,
          value: current,
        });
        if (answer === null) return void this.render();
        n = answer;
        // An Exceptional row keeps its own Disposition as the proposal; any other row starts at 10n.
        const kept = row?.tier === tier ? row.disposition.max : 0;
        const proposed = Math.max(
          needs.minDisposition,
          kept >= needs.minDisposition ? kept : needs.dispositionPerN * n,
        );
        const chosen = await askNumber("TERRAN.Sheet.Challenge.nTitle", "TERRAN.Sheet.Challenge.dispositionPrompt", {
          min: needs.minDisposition,
          max: 1000,
          value: proposed,
        });
        if (chosen === null) return void this.render();
        disposition = chosen;
      }
      const preset = tierPreset(rulesetId, tier, n, disposition);
      if (facet === null) {
        await updateFlat(this.document, {
          "system.tier": preset.tier,
          "system.n": preset.n,
          "system.disposition": preset.disposition,
          "system.dice": preset.dice,
          "system.halved": preset.halved,
        });
      } else {
        const facets: FacetSource[] = source.facets.map((f, i) => (i === facet ? { ...f, ...preset } : f));
        await updateFlat(this.document, { "system.facets": facets });
      }
    });
  }

  static async #onEditImage(this: ChallengeSheet): Promise<void> {
    await pickImage(this.document);
  }

  /** R-CH-2 Roll Effect (R-LEG-10 how many gang up, where the ruleset has it): ./challenge-roll.ts. */
  static async #onRollEffect(this: ChallengeSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await rollEffectAsked(this.document, this.#facetOf(target));
  }

  /** R-V-16 Roll Morale for the track at 0 (src/applications/chat/roll-other.ts). */
  static async #onRollMorale(this: ChallengeSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await rollMorale(this.document, this.#facetOf(target));
  }

  static async #onAddFacet(this: ChallengeSheet): Promise<void> {
    const facets = [
      ...this.#system().toObject().facets,
      newFacet(currentRuleset().id, localize("TERRAN.Sheet.Challenge.newFacet")),
    ];
    await updateFlat(this.document, { "system.facets": facets });
  }

  static async #onRemoveFacet(this: ChallengeSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const index = this.#facetOf(target);
    if (index === null) return;
    const facets = this.#system()
      .toObject()
      .facets.filter((_, i) => i !== index);
    await updateFlat(this.document, { "system.facets": facets });
  }
}
