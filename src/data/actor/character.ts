/**
 * The character's data model (R-CHAR-*, R-GRIT, R-EGO, R-HARM, R-XP, R-SAY); derived data is
 * `deriveCharacter`'s.
 */
import { ATTRIBUTE_MAX, ATTRIBUTE_TOTAL_CAP, attributeTotal, EGO_MAX } from "../../rules/index.ts";
import { deriveCharacter, type CharacterDerived } from "../derived.ts";
import { booleanField, htmlField, integerField, repairsField, textField, unmigratedField } from "../fields.ts";
import { TerranDataModel } from "../base-model.ts";
import { migrateCharacter } from "../migrations/index.ts";
import type { CharacterSource, ItemSnapshot } from "../source.ts";
import { itemSnapshot } from "../snapshot.ts";
import { characterBarUpdate } from "../token-bars.ts";
import { currentRuleset } from "../../settings/settings.ts";
import { healthSchema, keepHealthWithinMax, setBarMaxima } from "../health/index.ts";
import { LEGACY_ATTRIBUTES, LEGACY_RATING_MAX, LEGACY_SKILLS } from "../ratings.ts";

const rating = () => integerField(0, 0, ATTRIBUTE_MAX);
const legacyRating = () => integerField(0, 0, LEGACY_RATING_MAX);

/** The rated character's block (data/ratings.ts, R-LEG-1, R-LEG-7). */
function ratingsSchema() {
  const { SchemaField } = foundry.data.fields;
  return new SchemaField({
    attributes: new SchemaField(
      Object.fromEntries(LEGACY_ATTRIBUTES.map((a) => [a, legacyRating()])) as Record<
        (typeof LEGACY_ATTRIBUTES)[number],
        ReturnType<typeof legacyRating>
      >,
    ),
    skills: new SchemaField(
      Object.fromEntries(LEGACY_SKILLS.map((k) => [k, legacyRating()])) as Record<
        (typeof LEGACY_SKILLS)[number],
        ReturnType<typeof legacyRating>
      >,
    ),
    ego: new SchemaField({ value: integerField(2, 0) }),
  });
}

export function defineCharacterSchema() {
  const { SchemaField } = foundry.data.fields;
  return {
    archetype: textField(),
    identity: new SchemaField({ culture: textField(), clan: textField(), concept: textField(), cult: textField() }),
    attributes: new SchemaField({
      intuition: rating(),
      reason: rating(),
      finesse: rating(),
      exertion: rating(),
      attunement: rating(),
      influence: rating(),
    }),
    // Every health shape's blocks (data/health/).
    ...healthSchema(),
    ego: new SchemaField({
      value: integerField(0, 0, EGO_MAX),
      max: integerField(0, 0, EGO_MAX),
      dice: integerField(1, 0, 10),
    }),
    dead: booleanField(),
    lost: booleanField(),
    xp: integerField(0, 0),
    sayonara: booleanField(),
    departed: booleanField(),
    freeAdvancements: integerField(0, 0),
    ratings: ratingsSchema(),
    // R-V-5 data/held-skills.ts writes each entry.
    heldSkills: new foundry.data.fields.ArrayField(
      new foundry.data.fields.StringField({ required: true, blank: false }),
      { required: true, initial: [] },
    ),
    // R-V-2 (ruling) the two skill groups chosen with the GM for Spacer or an archetype of one's own.
    skillGroups: new foundry.data.fields.ArrayField(
      new foundry.data.fields.StringField({ required: true, blank: false }),
      { required: true, initial: [] },
    ),
    // R-V-1 (ruling) step 7: a trinket, a patch and a picture, free text.
    keepsakes: new SchemaField({ trinket: textField(), patch: textField(), picture: textField() }),
    // R-LEG-12 the Ego lost, R-LEG-13 the Advancements won.
    egoLost: integerField(0, 0),
    advancementsWon: integerField(0, 0),
    biography: htmlField(),
    notes: htmlField(),
    unmigrated: unmigratedField(),
    repairs: repairsField(),
  };
}

export type CharacterSchema = ReturnType<typeof defineCharacterSchema>;

/**
 * R-CHAR-5, R-GRIT-1, R-EGO-1: the first broken one's message key, or null. Not enforced by `validateJoint`: a
 * throw makes a loaded character invalid (foundryvtt#8743) and may not stop a v14 update (foundryvtt#14133);
 * the repair holds them instead.
 */
export function characterJointError(source: Pick<CharacterSource, "attributes" | "grit" | "ego">): string | null {
  if (attributeTotal(source.attributes) > ATTRIBUTE_TOTAL_CAP) return "TERRAN.Error.attributeTotal";
  if (source.grit.value > source.grit.max) return "TERRAN.Error.gritAboveMax";
  if (source.ego.value > source.ego.max) return "TERRAN.Error.egoAboveMax";
  return null;
}

export class CharacterData extends TerranDataModel<CharacterSchema, Actor.Implementation> {
  static override readonly KIND = "character";
  static override readonly MIGRATION = migrateCharacter;
  static override LOCALIZATION_PREFIXES = ["TERRAN.Character"];

  static override defineSchema(): CharacterSchema {
    return defineCharacterSchema();
  }

  /**
   * The world's health model's bars (data/token-bars.ts) unless the creation data names its own;
   * `updateSource`, as ChallengeData#_preCreate.
   */
  override async _preCreate(
    ...args: Parameters<foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation>["_preCreate"]>
  ) {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    const [data] = args;
    const asked = (bar: "bar1" | "bar2"): unknown => foundry.utils.getProperty(data, `prototypeToken.${bar}.attribute`);
    const update = characterBarUpdate(currentRuleset(), { bar1: asked("bar1"), bar2: asked("bar2") });
    if (update) this.parent.updateSource(update);
    return allowed;
  }

  /** Each health shape's `keepWithinMax` (data/health/), which needs the items only the document knows. */
  override async _preUpdate(
    ...args: Parameters<foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation>["_preUpdate"]>
  ) {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const [changes] = args;
    if (typeof changes === "object" && changes !== null) keepHealthWithinMax(this.toObject(), changes, this.#items());
    return allowed;
  }

  /** As the rules read them. */
  #items(): ItemSnapshot[] {
    const items: ItemSnapshot[] = [];
    for (const item of this.parent.items) {
      const snapshot = itemSnapshot(item);
      if (snapshot) items.push(snapshot);
    }
    return items;
  }

  /** Not stored. */
  declare derived: CharacterDerived;

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const items = this.#items();
    this.derived = deriveCharacter(this, items);
    // Token bars read { value, max }: the derived maxima are set here, never stored.
    setBarMaxima(this, this.derived);
    Object.assign(this.ratings.ego, { max: this.derived.ratings.ego.max });
  }
}
