/** The dice each roll on the character sheet starts from, and its roll button. Pure. */
import { buildPool, type DiceModifier, type RollTarget, type Ruleset } from "../../../rules/index.ts";
import type { CharacterDerived } from "../../../data/derived.ts";
import type { CharacterSource } from "../../../data/source.ts";
import { button, type Message } from "../common.ts";
import type { Gate } from "./character-context.ts";
import type { RollView } from "./character-views.ts";

export function lightFor(
  ruleset: Ruleset,
  source: CharacterSource,
  derived: CharacterDerived,
  target: RollTarget,
): number {
  // Only the modifiers that always apply; situational ones are ticked in the dialog. A stored modifier
  // of 0 dice changes nothing and is left out (the rules refuse it).
  const modifiers: DiceModifier[] = derived.modifiers.filter((m) => !m.situational && m.dice !== 0);
  return buildPool({
    ruleset,
    target,
    attributes: source.attributes,
    wounds: source.wounds,
    flags: derived.flags,
    modifiers,
    dark: 0,
  }).light;
}

export function rollView(what: string, light: number, hint: Message, g: Gate): RollView {
  const b = button(hint, g.notOwner, g.dead);
  return { ...b, what, light, draggable: !b.disabled };
}
