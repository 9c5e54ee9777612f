/** A Challenge (R-CH-1 … R-CH-5). */
import {
  booleanField,
  choiceField,
  integerField,
  optionalBooleanField,
  repairsField,
  textField,
  unmigratedField,
} from "../fields.ts";
import { CHALLENGE_TIER_IDS } from "../limits.ts";
import { tokenBarUpdate } from "../token-bars.ts";
import { TerranDataModel } from "../base-model.ts";
import { migrateChallenge } from "../migrations/index.ts";
import { isRecord } from "../migrations/values.ts";
import { clearMoraleMarks } from "../morale-mark.ts";

export { CHALLENGE_TIER_IDS };

function tierFields() {
  const { SchemaField } = foundry.data.fields;
  return {
    tier: choiceField(CHALLENGE_TIER_IDS, "dangerous"),
    /** R-CH-1 a scaling tier's n (its Disposition is `disposition`). */
    n: integerField(4, 4, 100),
    disposition: new SchemaField({ value: integerField(10, 0), max: integerField(10, 0) }),
    dice: integerField(1, 0, 100),
    halved: booleanField(),
    /** R-V-16 Morale was rolled at this 0 (data/morale-mark.ts). */
    moraleRolled: optionalBooleanField(),
  };
}

export function defineChallengeSchema() {
  const { ArrayField, SchemaField } = foundry.data.fields;
  return {
    ...tierFields(),
    facets: new ArrayField(new SchemaField({ name: textField(), ...tierFields() })),
    armour: integerField(0, 0, 10),
    /** R-V-16 */
    sentient: booleanField(),
    /** GM-only (system.json gmOnlyFields). */
    notes: new foundry.data.fields.HTMLField({ required: true, blank: true, initial: "", gmOnly: true }),
    unmigrated: unmigratedField(),
    repairs: repairsField(),
  };
}

export type ChallengeSchema = ReturnType<typeof defineChallengeSchema>;

export class ChallengeData extends TerranDataModel<ChallengeSchema, Actor.Implementation> {
  static override readonly KIND = "challenge";
  static override readonly MIGRATION = migrateChallenge;
  static override LOCALIZATION_PREFIXES = ["TERRAN.Challenge"];

  static override defineSchema(): ChallengeSchema {
    return defineChallengeSchema();
  }

  /**
   * Its token shows its Disposition: `updateSource`, as core asks of `_preCreate`
   * (foundryvtt.com/api/v11/classes/foundry.documents.BaseActor.html). A bar the creation data names is kept.
   */
  override async _preCreate(
    ...args: Parameters<foundry.abstract.TypeDataModel<ChallengeSchema, Actor.Implementation>["_preCreate"]>
  ) {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    const [data] = args;
    const asked = (bar: "bar1" | "bar2"): unknown => foundry.utils.getProperty(data, `prototypeToken.${bar}.attribute`);
    const current = (bar: "bar1" | "bar2"): unknown =>
      foundry.utils.getProperty(this.parent, `prototypeToken.${bar}.attribute`);
    const update = tokenBarUpdate("challenge", {
      bar1: asked("bar1") === undefined ? current("bar1") : asked("bar1"),
      bar2: asked("bar2") === undefined ? current("bar2") : asked("bar2"),
    });
    if (update) this.parent.updateSource(update);
    return allowed;
  }

  /** R-V-16 after the repair (which expands the change): a track the update leaves above 0 loses its Morale mark. */
  override async _preUpdate(
    ...args: Parameters<foundry.abstract.TypeDataModel<ChallengeSchema, Actor.Implementation>["_preUpdate"]>
  ) {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const [changes] = args;
    const system: unknown = isRecord(changes) ? changes.system : undefined;
    if (isRecord(system)) clearMoraleMarks(this.toObject(), system);
    return allowed;
  }

  /** R-RA-7 / R-CH-5 */
  get overcome(): boolean {
    return this.disposition.value === 0 || this.facets.some((f) => f.disposition.value === 0);
  }
}
