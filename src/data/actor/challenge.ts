/**
 * A Challenge (R-CH-1 … R-CH-5): its tier, Disposition, Effect dice, further facets, optional armour
 * and GM-only notes.
 */
import { CORE, type ChallengeTierId } from "../../rules/index.ts";
import { booleanField, choiceField, integerField, textField, unmigratedField } from "../fields.ts";
import { migrateChallenge, overwriteSource } from "../migrations/index.ts";

/** R-CH-1 the tier ids (the same in every ruleset; the tables may differ). */
export const CHALLENGE_TIER_IDS: readonly ChallengeTierId[] = CORE.challengeTiers.map((t) => t.id);

/** The fields a Challenge and each of its facets share. */
function tierFields() {
  const { SchemaField } = foundry.data.fields;
  return {
    tier: choiceField(CHALLENGE_TIER_IDS, "dangerous"),
    /** Exceptional's n (≥ 4). */
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
  };
}

export type ChallengeSchema = ReturnType<typeof defineChallengeSchema>;

export class ChallengeData extends foundry.abstract.TypeDataModel<ChallengeSchema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["TERRAN.Challenge"];

  static override defineSchema(): ChallengeSchema {
    return defineChallengeSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    // Foundry keeps the object it passed in (foundryvtt#13141): migrate it in place, and return it.
    return super.migrateData(overwriteSource(source, migrateChallenge(source)));
  }

  /** R-RA-7 overcome when a Disposition (its own or a facet's, R-CH-5) reaches 0. */
  get overcome(): boolean {
    return this.disposition.value === 0 || this.facets.some((f) => f.disposition.value === 0);
  }
}
