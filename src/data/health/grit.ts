/**
 * The Grit health model's stored data (R-GRIT-1, R-HARM-4): `system.grit` (its maximum stored) and the three
 * wound tracks `system.wounds`.
 */
import { isMortallyWounded } from "../../rules/index.ts";
import { booleanField, integerField } from "../fields.ts";
import { healthData } from "./types.ts";

function gritSchema() {
  const { SchemaField } = foundry.data.fields;
  return {
    grit: new SchemaField({ value: integerField(0, 0), max: integerField(0, 0), dice: integerField(1, 0, 10) }),
    wounds: new SchemaField({ stressed: booleanField(), broken: booleanField(), weary: booleanField() }),
  };
}

export const GRIT_DATA = healthData({
  schema: gritSchema,
  limits: {
    "grit.value": { kind: "integer", min: 0, initial: 0 },
    "grit.max": { kind: "integer", min: 0, initial: 0 },
    "grit.dice": { kind: "integer", min: 0, max: 10, initial: 1 },
  },
  tracks: [{ value: "grit.value", max: "grit.max" }],
  /** R-HARM-5 */
  derivedKey: "mortallyWounded",
  derive: (source) => isMortallyWounded(source.wounds),
  bars: { bar1: "grit", bar2: "ego" },
});
