/** What both roll dialogs' steppers share: a button's state and the Dark Dice ceiling. */
import { type DialogMessage } from "../format.ts";

export interface StepperButton {
  readonly disabled: boolean;
  readonly tooltip: DialogMessage;
}

/** No world setting takes the Dark Dice stepper past this (the setting itself offers 1–30). */
export const DARK_MAX_LIMIT = 100;
