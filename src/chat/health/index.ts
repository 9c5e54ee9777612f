/**
 * The Challenge card's harm records and a harm request's choices, one half per health model, each tagged with
 * its model and looked up by that tag. A card may hold both kinds of record (it outlives a change of ruleset),
 * so the card checks and shows every record it holds.
 */
import { RulesError, type Ruleset } from "../../rules/index.ts";
import {
  assertGritHarmEntry,
  cleanGritHarmEntry,
  gritChoiceMade,
  gritHarmView,
  readGritChoice,
  type GritHarmChoice,
  type GritHarmEntry,
  type GritHarmView,
} from "./grit.ts";
import {
  assertHpHarmEntry,
  cleanHpHarmEntry,
  hpChoiceMade,
  hpHarmView,
  readHpChoice,
  type HpHarmChoice,
  type HpHarmEntry,
  type HpHarmView,
} from "./hp.ts";
import { badChoice, choiceField } from "./record.ts";

export * from "./grit.ts";
export * from "./hp.ts";

export type HealthModelName = Ruleset["health"]["kind"];

/** One of the card's `harm`, tagged with its model. */
export type HarmRecord = GritHarmEntry | HpHarmEntry;
export type HarmRecordView = GritHarmView | HpHarmView;
/** The owner's choices in a harm request, tagged with the model that reads them. */
export type HarmChoice = GritHarmChoice | HpHarmChoice;

type Of<U, M extends HealthModelName> = Extract<U, { readonly model: M }>;

interface ModelHalf<M extends HealthModelName> {
  readonly assert: (entry: Of<HarmRecord, M>, value: number) => Of<HarmRecord, M>;
  readonly clean: (entry: Of<HarmRecord, M>, value: number) => Of<HarmRecord, M>;
  readonly view: (entry: Of<HarmRecord, M>, value: number) => Of<HarmRecordView, M>;
  readonly readChoice: (data: unknown) => Of<HarmChoice, M>;
  readonly choiceMade: (choice: Of<HarmChoice, M>) => boolean;
}

const HALVES: { readonly [M in HealthModelName]: ModelHalf<M> } = {
  grit: {
    assert: assertGritHarmEntry,
    clean: cleanGritHarmEntry,
    view: gritHarmView,
    readChoice: readGritChoice,
    choiceMade: gritChoiceMade,
  },
  hp: {
    assert: assertHpHarmEntry,
    clean: cleanHpHarmEntry,
    view: hpHarmView,
    readChoice: readHpChoice,
    choiceMade: hpChoiceMade,
  },
};

/** A model's own name (never one the object inherits). */
export function isHealthModelName(value: unknown): value is HealthModelName {
  return typeof value === "string" && Object.hasOwn(HALVES, value);
}

/** The tag of a stored record, own property only; a refusal for anything else. */
function recordModel(entry: unknown): HealthModelName {
  const model: unknown =
    typeof entry === "object" && entry !== null && Object.hasOwn(entry, "model") ? Reflect.get(entry, "model") : null;
  if (!isHealthModelName(model))
    throw new RulesError("unknown-id", `A harm record names no health model (${String(model)}).`, {
      id: String(model),
    });
  return model;
}

/** Indexed by a generic tag, so each model's half keeps its own types (TypeScript's correlated unions). */
function halfFor<M extends HealthModelName>(model: M): ModelHalf<M> {
  return HALVES[model];
}

function halfOf(entry: HarmRecord): ModelHalf<HealthModelName> {
  return halfFor(recordModel(entry));
}

/** R-CH-4 checked whole by its model against the card's Effect `value`. */
export function assertHarmRecord(entry: HarmRecord, value: number): HarmRecord {
  return halfOf(entry).assert(entry, value);
}

/** R-CH-4 checked and cleaned to its own fields by its model. */
export function cleanHarmRecord(entry: HarmRecord, value: number): HarmRecord {
  return halfOf(entry).clean(entry, value);
}

/** R-CH-4 drawn by its model, checked first. */
export function harmRecordView(entry: HarmRecord, value: number): HarmRecordView {
  return halfOf(entry).view(entry, value);
}

/** Untrusted: the tag picks the model whose reader reads the rest. */
export function readHarmChoice(data: unknown): HarmChoice {
  const model = choiceField(data, "model");
  if (!isHealthModelName(model)) throw badChoice("model");
  return HALVES[model].readChoice(data);
}

/** R-HARM-2 / R-HARM-3 / R-LEG-5 / R-LEG-6 a choice only the owner or a GM makes. */
export function harmChoiceMade(choice: HarmChoice): boolean {
  return halfFor(choice.model).choiceMade(choice);
}

/** The choice when it is `model`'s; else refused as a malformed request (a choice for another world). */
export function choiceOfModel<M extends HealthModelName>(choice: HarmChoice, model: M): Of<HarmChoice, M> {
  if (choice.model !== model)
    throw new RulesError(
      "not-allowed",
      `The request to apply is malformed (choice.model): "${choice.model}" is not this world's health model.`,
      { reason: "badRequest", field: "choice.model" },
    );
  return choice as Of<HarmChoice, M>;
}
