/**
 * The system's Tour: Foundry's `foundry.nue.Tour` (documented at that path on v13 and v14,
 * foundryvtt.com/api/v14/modules/foundry.nue.html; registration checks it, ./register.ts) with a
 * stage (./stage.ts). Before each
 * step (`_preStep`, which core awaits before it draws the step) the stage opens what the step needs and
 * the step's selector and content are set to where it points now; when the tour is left or completed,
 * the stage closes what it opened. Peers do the same: Lancer's tours (src/module/tours/lancer-tour.ts)
 * open a sheet or the settings in `_preStep` and set a step's selector there; Legend in the Mist's hero
 * sheet tour demonstrates on the user's live sheet.
 *
 * The class is made on first use, not when this module loads: `foundry.nue.Tour` is read when the tours
 * are registered (`ready`), never at import.
 */
import { SYSTEM_ID } from "../../system-id.ts";
import { TOUR_NAMESPACE, TourStageHost, type Placement } from "./stage.ts";
import { NOT_FOUND, type TerranTourDefinition } from "./steps.ts";

type TourConfig = foundry.nue.Tour.Config;

/**
 * Foundry's TourConfig for `definition`. Core localises the title and description (TourConfig docs) and
 * each step's title and content: Lancer's tours give steps lang keys only (public/tours/combat.json).
 */
export function tourConfig(definition: TerranTourDefinition, display: boolean): TourConfig {
  return {
    namespace: TOUR_NAMESPACE,
    id: definition.id,
    title: definition.title,
    description: definition.description,
    restricted: definition.restricted,
    display,
    canBeResumed: false,
    steps: definition.steps.map((step) => ({
      id: step.id,
      title: step.title,
      content: step.content,
      ...(step.selector ? { selector: step.selector } : {}),
    })),
  };
}

/** What the registry does once a user has seen a tour to its end (./register.ts: stop offering it). */
export type TourSeen = (id: TerranTourDefinition["id"]) => Promise<void>;

function makeTourClass(Base: typeof foundry.nue.Tour) {
  return class TerranTour extends Base {
    readonly definition: TerranTourDefinition;
    readonly #stage = new TourStageHost();
    readonly #seen: TourSeen;

    constructor(definition: TerranTourDefinition, display: boolean, seen: TourSeen) {
      super(tourConfig(definition, display), { namespace: TOUR_NAMESPACE, id: definition.id });
      this.definition = definition;
      this.#seen = seen;
    }

    /** Puts the step's window or card on screen and points at it; a stage that fails says so, in the middle. */
    protected override async _preStep(): Promise<void> {
      await super._preStep();
      const current = this.currentStep;
      const step = this.definition.steps.find((s) => s.id === current?.id);
      if (!current || !step) return;
      let placed: Placement;
      try {
        placed = await this.#stage.enter(step);
      } catch (error) {
        console.warn(`${SYSTEM_ID} | tour ${this.definition.id}: step ${step.id} could not be shown`, error);
        placed = { selector: undefined, content: NOT_FOUND };
      }
      current.selector = placed.selector ?? "";
      current.content = placed.content;
    }

    /** After the last step the stage is left at once (as Legend in the Mist's tours do), whatever ends the tour. */
    protected override async _postStep(): Promise<void> {
      await super._postStep();
      if (!this.hasNext) await this.#stage.leave();
    }

    override exit(): void {
      super.exit();
      void this.#stage.leave();
    }

    override async complete(): Promise<void> {
      await super.complete();
      await this.#stage.leave();
      await this.#seen(this.definition.id);
    }
  };
}

export type TerranTour = InstanceType<ReturnType<typeof makeTourClass>>;

let tourClass: ReturnType<typeof makeTourClass> | null = null;

/** The system's Tour class, built on Foundry's Tour the first time it is asked for. */
export function terranTourClass(): ReturnType<typeof makeTourClass> {
  tourClass ??= makeTourClass(foundry.nue.Tour);
  return tourClass;
}
