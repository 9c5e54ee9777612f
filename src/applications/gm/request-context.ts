/**
 * The GM's "request a roll" dialog's view, pure: the characters (those of selected tokens ticked), what
 * to roll (an attribute, a Save as a Reaction, or the Fortune die with its chance) and a note; and
 * reading the form back into a request. The attributes and Saves are the ruleset's.
 */
import { assertRequestSubject, type RequestSubject } from "../../chat/index.ts";
import { RulesError, type Ruleset } from "../../rules/index.ts";

export interface RequestCandidate {
  readonly uuid: string;
  readonly name: string;
  /** Its token is selected on the canvas. */
  readonly selected: boolean;
}

export interface RequestOption {
  readonly value: string;
  readonly labelKey: string;
  readonly selected: boolean;
}

export interface RequestDialogContext {
  readonly characters: readonly {
    readonly index: number;
    readonly name: string;
    readonly checked: boolean;
    readonly selected: boolean;
    readonly field: string;
  }[];
  readonly attributes: readonly RequestOption[];
  readonly saves: readonly RequestOption[];
  readonly fortune: RequestOption;
  readonly chance: number;
  readonly empty: boolean;
  readonly post: { readonly disabled: boolean; readonly tooltipKey: string | null };
}

export const characterField = (index: number): string => `actor-${index}`;

/**
 * The dialog as it opens (the ruleset's attributes, and its Saves when it has them); the first attribute is chosen, the
 * Fortune chance is 4+.
 */
export function requestDialogContext(candidates: readonly RequestCandidate[], ruleset: Ruleset): RequestDialogContext {
  const scheme = ruleset.attributes;
  const anySelected = candidates.some((c) => c.selected);
  const empty = candidates.length === 0;
  return {
    characters: candidates.map((c, index) => ({
      index,
      name: c.name,
      checked: anySelected ? c.selected : false,
      selected: c.selected,
      field: characterField(index),
    })),
    attributes: scheme.list.map((a, i) => ({ value: `attribute:${a.id}`, labelKey: a.labelKey, selected: i === 0 })),
    saves:
      scheme.saves === null
        ? []
        : scheme.groups.map((g) => ({ value: `save:${g.id}`, labelKey: g.saveLabelKey, selected: false })),
    fortune: { value: "fortune", labelKey: "TERRAN.Request.Dialog.fortune", selected: false },
    chance: 4,
    empty,
    post: { disabled: empty, tooltipKey: empty ? "TERRAN.Request.Dialog.none" : null },
  };
}

/** What the form holds, as the glue read it. */
export interface RequestFormValues {
  readonly ticked: readonly boolean[];
  readonly subject: string;
  readonly chance: string;
  readonly note: string;
}

/**
 * The request the form describes; refused with the reason when nothing is ticked or the roll is not one the rules know.
 */
export function readRequestForm(
  candidates: readonly RequestCandidate[],
  form: RequestFormValues,
  ruleset: Ruleset,
): { subject: RequestSubject; note: string; actors: RequestCandidate[] } {
  const actors = candidates.filter((_, i) => form.ticked[i] === true);
  if (actors.length === 0)
    throw new RulesError("choice-required", "Pick at least one character to roll.", { reason: "noneChosen" });
  const [kind, id] = form.subject.split(":");
  const chance = form.chance.trim() === "" ? Number.NaN : Number(form.chance);
  const raw = kind === "attribute" ? { kind, attribute: id } : kind === "save" ? { kind, group: id } : { kind, chance };
  return { subject: assertRequestSubject(raw, ruleset), note: form.note, actors };
}
