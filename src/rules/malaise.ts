/** R-HARM-6 Malaise: what surviving Mortally Wounded costs for good; a loss that cannot be taken kills. */
import {
  assertAttributes,
  assertGroup,
  GROUP_ATTRIBUTES,
  type Attribute,
  type Attributes,
  type Group,
} from "./attributes.ts";
import { assertFace } from "./dice.ts";
import { assertInteger, RulesError } from "./errors.ts";

export type Malaise =
  | { readonly kind: "none" }
  | { readonly kind: "attribute"; readonly group: Group }
  | { readonly kind: "egoDice" }
  | { readonly kind: "gritDice" };

/** R-HARM-6 */
export function malaiseFor(face: number): Malaise {
  switch (assertFace(face, "The Malaise die")) {
    case 1:
      return { kind: "none" };
    case 2:
      return { kind: "attribute", group: "prowess" };
    case 3:
      return { kind: "attribute", group: "insight" };
    case 4:
      return { kind: "attribute", group: "resolve" };
    case 5:
      return { kind: "egoDice" };
    case 6:
      return { kind: "gritDice" };
  }
}

export interface MalaiseTarget {
  readonly attributes: Attributes;
  readonly gritDice: number;
  readonly egoDice: number;
}

export interface MalaiseResult extends MalaiseTarget {
  readonly malaise: Malaise;
  readonly attribute: Attribute | null;
  /** The loss could not be taken. */
  readonly dies: boolean;
}

/** R-HARM-6 (those above 0). */
export function malaiseOptions(attributes: Attributes, group: Group): Attribute[] {
  return GROUP_ATTRIBUTES[assertGroup(group)].filter((a) => assertInteger(attributes[a], `${a} rating`, 0, 4) > 0);
}

/** R-HARM-6 `choice` is required when both of the group's attributes are above 0. */
export function applyMalaise(target: MalaiseTarget, malaise: Malaise, choice?: Attribute): MalaiseResult {
  const gritDice = assertInteger(target.gritDice, "Grit dice", 0);
  const egoDice = assertInteger(target.egoDice, "Ego dice", 0);
  assertAttributes(target.attributes);
  const unchanged: MalaiseResult = { ...target, malaise, attribute: null, dies: false };
  switch (malaise.kind) {
    case "none":
      return unchanged;
    case "egoDice":
      return egoDice === 0 ? { ...unchanged, dies: true } : { ...unchanged, egoDice: egoDice - 1 };
    case "gritDice":
      return gritDice === 0 ? { ...unchanged, dies: true } : { ...unchanged, gritDice: gritDice - 1 };
    default:
      throw new RulesError("unknown-id", `"${String((malaise as { kind: unknown }).kind)}" is not a Malaise.`, {
        id: String((malaise as { kind: unknown }).kind),
      });
    case "attribute": {
      const options = malaiseOptions(target.attributes, malaise.group);
      if (options.length === 0) return { ...unchanged, dies: true };
      const chosen = choice ?? (options.length === 1 ? options[0] : undefined);
      if (chosen === undefined) {
        throw new RulesError("choice-required", `Choose which attribute loses a point: ${options.join(" or ")}.`, {
          options: options.join(","),
        });
      }
      if (!options.includes(chosen)) {
        throw new RulesError("bad-choice", `${chosen} cannot lose a point here; choose ${options.join(" or ")}.`, {
          attribute: chosen,
        });
      }
      return {
        ...unchanged,
        attributes: { ...target.attributes, [chosen]: target.attributes[chosen] - 1 },
        attribute: chosen,
      };
    }
  }
}
