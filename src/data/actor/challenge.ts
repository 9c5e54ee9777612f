/**
 * A Challenge (R-CH-1 … R-CH-5): its tier, Disposition, Effect dice, further facets, optional armour
 * and GM-only notes.
 */
import { booleanField, choiceField, integerField, repairsField, textField, unmigratedField } from "../fields.ts";
import { CHALLENGE_TIER_IDS } from "../limits.ts";
import { tokenBarUpdate } from "../token-bars.ts";
import { TerranDataModel } from "../base-model.ts";
import { migrateChallenge } from "../migrations/index.ts";

export { CHALLENGE_TIER_IDS };

/** The fields a Challenge and each of its facets share. */
function tierFields() {
  const { SchemaField } = foundry.data.fields;
  return {
    tier: choiceField(CHALLENGE_TIER_IDS, "dangerous"),
    /**
     * R-CH-1 Exceptional's n: its Effect dice (≥ 4). Its Disposition, any whole number ≥ 40
     * (10n proposed), is `disposition`.
     */
    n: integerField(4, 4, 100),
    disposition: new SchemaField({ value: integerField(10, 0), max: integerField(10, 0) }),
    dice: integerField(1, 0, 100),
    halved: booleanField(),
  };
}

export function defineChallengeSchema() {
  const { ArrayField, SchemaField } = foundry.data.fields;
  return {
    ...tierFields(),
    facets: new ArrayField(new SchemaField({ name: textField(), ...tierFields() })),
    armour: integerField(0, 0, 10),
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
   * A new Challenge's token shows its Disposition (the manifest's primary bar is the characters' Grit):
   * the pending document is changed with `updateSource`, as core documents for `_preCreate` ("Modifications
   * to the pending document before it is persisted should be performed with this.updateSource()",
   * foundryvtt.com/api/v11/classes/foundry.documents.BaseActor.html). A bar the creation data names and a
   * Challenge has is kept (src/data/token-bars.ts).
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

  /** R-RA-7 overcome when a Disposition (its own or a facet's, R-CH-5) reaches 0. */
  get overcome(): boolean {
    return this.disposition.value === 0 || this.facets.some((f) => f.disposition.value === 0);
  }
}
