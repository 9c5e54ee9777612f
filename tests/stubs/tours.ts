/**
 * FOUNDRY STAND-INS — not Foundry. Foundry's guided tours: `foundry.nue.Tour` and the registry
 * `game.tours` (a ToursCollection). Installed by ./foundry-client.ts; the registered tours live in
 * `world.tours`, so `resetWorld()` forgets them. Only what the system uses is here, each with its evidence:
 *
 * - `new Tour(config, { id, namespace })`: "Construct a Tour by providing a configuration", the options'
 *   id and namespace "supercede" the config's; `config` is "cloned to avoid mutating the original
 *   configuration" (foundryvtt.com/api/v13 and /api/v14, foundry.nue.Tour / foundry.nue.tours.*Tour
 *   constructors and the `config` property; the v14 `foundry.nue` namespace lists Tour).
 * - `id`, `namespace`, `key` ("of the form ${namespace}.${id}"), `currentStep` ("the current Step,
 *   or null if the tour has not yet started"), `hasNext`, `status` and `Tour.STATUS` with UNSTARTED,
 *   IN_PROGRESS and COMPLETED (same pages). The STATUS strings' values are the stand-in's own: the docs
 *   name the keys only, and the system compares with `Tour.STATUS.*`, never a literal.
 * - Progress is kept per client: `stepIndex` is "-1 if the tour has not yet started, or null if the tour
 *   is finished", and a tour made again (the next page load) reads it back (`_reloadProgress`, "Reloads the
 *   Tour's current step from the saved progress"). `exit()` "Exit the tour at the current step": it stays
 *   in progress. `reset()` "Reset the Tour to an un-started state". `start()` begins at the first step
 *   unless `canBeResumed` ("Whether the Tour can be resumed or if it always needs to start from the
 *   beginning. Defaults to false", TourConfig). The stand-in keeps one client per user.
 * - `steps` leaves out, for a player, a step that is `restricted` ("Whether the Step is restricted to the
 *   GM only", TourStep); a `restricted` tour ("restricted to the GM only", TourConfig) is not listed for a
 *   player (`listedTours`), and the stand-in refuses to start it for one (stricter: what core does then
 *   is not documented).
 * - `start()`, `next()`, `previous()`, `exit()`, `complete()`: each move awaits `_preStep()` before the step
 *   is drawn (the step's selector and content are read after it, which is how Lancer's tours set a step's
 *   selector in `_preStep`, src/module/tours/lancer-tour.ts) and `_postStep()` when the step is left. A
 *   `_preStep` that throws stops the move: its promise rejects and the step is not drawn. The stand-in
 *   records each drawn step's selector and content in `drawn` instead of drawing it.
 * - TourConfig (foundryvtt.com/api/v13/interfaces/foundry.TourConfig.html): namespace, id, title and steps
 *   are required, each TourStep an id, title and content (foundry.TourStep.html); the stand-in refuses a
 *   config without them, and an `id` or `namespace` option that is not a string.
 * - `game.tours.register(namespace, id, tour)` (foundry.nue.ToursCollection#register). Refused, stricter
 *   than verified: a tour that is not a Tour, a namespace or id that is not its own, and a key registered
 *   twice (what core does then is not known here).
 */
import { world } from "./world.ts";

type Json = Record<string, unknown>;

export interface DrawnStep {
  readonly id: string;
  readonly selector: string | undefined;
  readonly content: string;
}

function checkConfig(config: unknown): asserts config is Json & { steps: Json[] } {
  if (typeof config !== "object" || config === null) throw new Error("stand-in Tour: no configuration");
  const c = config as Json;
  for (const field of ["namespace", "id", "title"]) {
    if (typeof c[field] !== "string" || c[field] === "") throw new Error(`stand-in Tour: config.${field} is required`);
  }
  if (!Array.isArray(c.steps)) throw new Error("stand-in Tour: config.steps must be an array");
  for (const step of c.steps as unknown[]) {
    const s = (typeof step === "object" && step !== null ? step : {}) as Json;
    for (const field of ["id", "title", "content"]) {
      if (typeof s[field] !== "string")
        throw new Error(`stand-in Tour: a step needs ${field} (${JSON.stringify(step)})`);
    }
  }
}

/** Saved progress by `${user id}:${tour key}`, one store per world (resetWorld makes a new `world.tours`). */
const progressStores = new WeakMap<Map<string, TourStub>, Map<string, number | null>>();
function savedProgress(): Map<string, number | null> {
  const store = progressStores.get(world.tours) ?? new Map<string, number | null>();
  progressStores.set(world.tours, store);
  return store;
}

export class TourStub {
  static readonly STATUS = { UNSTARTED: "unstarted", IN_PROGRESS: "in-progress", COMPLETED: "completed" } as const;

  config: Json & { steps: Json[] };
  readonly #id: string;
  readonly #namespace: string;
  /** Each step as it would be drawn (after `_preStep`). */
  readonly drawn: DrawnStep[] = [];

  constructor(config: unknown, options: { id?: unknown; namespace?: unknown } = {}) {
    checkConfig(config);
    for (const key of ["id", "namespace"] as const) {
      if (options[key] !== undefined && typeof options[key] !== "string")
        throw new Error(`stand-in Tour: option ${key} must be a string`);
    }
    this.config = structuredClone(config);
    this.#id = typeof options.id === "string" ? options.id : String(config.id);
    this.#namespace = typeof options.namespace === "string" ? options.namespace : String(config.namespace);
  }

  get id(): string {
    return this.#id;
  }
  get namespace(): string {
    return this.#namespace;
  }
  get key(): string {
    return `${this.#namespace}.${this.#id}`;
  }
  /** The steps this user sees: a restricted one only for a GM. */
  get steps(): Json[] {
    return this.config.steps.filter((step) => step.restricted !== true || world.user.isGM);
  }
  /** This client's saved step: -1 before the start, null once finished. */
  get stepIndex(): number | null {
    const saved = savedProgress().get(this.#progressKey);
    return saved === undefined ? -1 : saved;
  }
  get currentStep(): Json | null {
    const index = this.stepIndex;
    return index === null ? null : (this.steps[index] ?? null);
  }
  /** "Returns True if there is a next TourStep" (Tour#hasNext). */
  get hasNext(): boolean {
    const index = this.stepIndex;
    return index !== null && index + 1 < this.steps.length;
  }
  get status(): string {
    const index = this.stepIndex;
    if (index === null) return TourStub.STATUS.COMPLETED;
    return index < 0 ? TourStub.STATUS.UNSTARTED : TourStub.STATUS.IN_PROGRESS;
  }

  async start(): Promise<void> {
    if (this.config.restricted === true && !world.user.isGM)
      throw new Error(`stand-in Tour: ${this.key} is restricted to the GM`);
    const index = this.stepIndex;
    const resume = this.config.canBeResumed === true && index !== null && index >= 0;
    await this.progress(resume ? index : 0);
  }
  async next(): Promise<void> {
    const index = this.stepIndex ?? this.steps.length;
    if (index + 1 >= this.steps.length) return this.complete();
    await this.progress(index + 1);
  }
  async previous(): Promise<void> {
    await this.progress(Math.max(0, (this.stepIndex ?? 0) - 1));
  }
  async progress(index: number): Promise<void> {
    if ((this.stepIndex ?? -1) >= 0) await this._postStep();
    this.#save(index);
    await this._preStep();
    const step = this.currentStep ?? {};
    this.drawn.push({
      id: String(step.id),
      selector: typeof step.selector === "string" && step.selector !== "" ? step.selector : undefined,
      content: String(step.content),
    });
  }
  exit(): void {
    // The step reached stays saved: the tour is still in progress.
  }
  reset(): Promise<void> {
    this.#save(-1);
    return Promise.resolve();
  }
  async complete(): Promise<void> {
    await this._postStep();
    this.#save(null);
  }
  /** Core's own work before and after a step is not modelled: a subclass adds its own. */
  _preStep(): Promise<void> {
    return Promise.resolve();
  }
  _postStep(): Promise<void> {
    return Promise.resolve();
  }

  get #progressKey(): string {
    return `${world.user.id}:${this.key}`;
  }
  #save(index: number | null): void {
    savedProgress().set(this.#progressKey, index);
  }
}

/** The tours the Manage Tours window lists for the current user: `display`, and `restricted` for a GM only. */
export function listedTours(): TourStub[] {
  return [...world.tours.values()].filter(
    (t) => t.config.display === true && (t.config.restricted !== true || world.user.isGM),
  );
}

/** `game.tours`: register and look up by key. */
export const toursCollection = {
  register(namespace: unknown, id: unknown, tour: unknown): void {
    if (!(tour instanceof TourStub)) throw new Error("stand-in ToursCollection: register takes a Tour");
    if (typeof namespace !== "string" || typeof id !== "string" || namespace === "" || id === "")
      throw new Error("stand-in ToursCollection: register needs a namespace and an id");
    if (tour.namespace !== namespace || tour.id !== id)
      throw new Error(`stand-in ToursCollection: ${namespace}.${id} is registered with the tour ${tour.key}`);
    const key = `${namespace}.${id}`;
    if (world.tours.has(key)) throw new Error(`stand-in ToursCollection: ${key} is registered already`);
    world.tours.set(key, tour);
  },
  get(key: string): TourStub | undefined {
    return world.tours.get(key);
  },
};
