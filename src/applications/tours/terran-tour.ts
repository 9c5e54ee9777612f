/**
 * The system's Tour: `foundry.nue.Tour` (foundryvtt.com/api/v14/modules/foundry.nue.html) with a stage
 * (./stage.ts), set up in `_preStep`, which core awaits before drawing a step, and closed when the tour ends,
 * as Lancer's tours do (src/module/tours/lancer-tour.ts) and Legend in the Mist's hero sheet tour. The class is
 * made on first use (`ready`), never at import.
 */
import { SYSTEM_ID } from "../../system-id.ts";
import { TOUR_NAMESPACE, TourStageHost, type Placement } from "./stage.ts";
import { NOT_FOUND, type TerranTourDefinition } from "./steps.ts";

type TourConfig = foundry.nue.Tour.Config;

/**
 * Core localises title, description and each step's title and content: Lancer's tours give lang keys only
 * (public/tours/combat.json).
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

/** Stop offering it (./register.ts). */
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

    /** A stage that fails says so, in the middle. */
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

    /** The stage is left at once, whatever ends the tour (as Legend in the Mist's tours do). */
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

/** Built on Foundry's Tour the first time it is asked for. */
export function terranTourClass(): ReturnType<typeof makeTourClass> {
  tourClass ??= makeTourClass(foundry.nue.Tour);
  return tourClass;
}
