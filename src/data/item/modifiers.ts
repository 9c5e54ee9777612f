/** R-POOL-2 the dice modifiers and flags an advancement or condition carries, as schema fields. */
import { MECHANICS_FLAGS } from "../../rules/index.ts";
import { booleanField, integerField, textField } from "../fields.ts";
import { MODIFIER_SCOPES } from "../limits.ts";

export { MODIFIER_SCOPES };

export function diceModifiersField() {
  const { ArrayField, SchemaField, SetField, StringField } = foundry.data.fields;
  return new ArrayField(
    new SchemaField({
      id: new StringField({ required: true, blank: false, initial: () => foundry.utils.randomID() }),
      dice: integerField(1, -4, 4),
      label: textField(),
      appliesTo: new SetField(new StringField({ required: true, blank: false, choices: [...MODIFIER_SCOPES] }), {
        initial: ["any"],
      }),
      situational: booleanField(true),
    }),
  );
}

export function flagsField() {
  const { SetField, StringField } = foundry.data.fields;
  return new SetField(new StringField({ required: true, blank: false, choices: [...MECHANICS_FLAGS] }));
}
