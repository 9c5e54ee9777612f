/**
 * The character's data model (R-CHAR-1 … R-CHAR-7, R-GRIT, R-EGO, R-HARM, R-XP, R-SAY). Stored fields
 * carry the limits their rules demand; derived data (saves, Mortally Wounded, armour, flags…) is
 * computed by `deriveCharacter` from the rules.
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
import { deriveLegacy, keepLegacyWithinMax, LEGACY_ATTRIBUTES, LEGACY_RATING_MAX, LEGACY_SKILLS } from "../legacy.ts";

const rating = () => integerField(0, 0, ATTRIBUTE_MAX);
const legacyRating = () => integerField(0, 0, LEGACY_RATING_MAX);

/**
 * The Legacy ruleset's own fields, beside Core's (src/data/legacy.ts says why): four attributes, five
 * skills, the current HP and Ego (their maxima are derived), the two wounds, the Ego lost this session
 * (R-LEG-12) and the Advancements won by a roll and not yet taken (R-LEG-13).
 */
function legacySchema() {
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
    hp: new SchemaField({ value: integerField(2, 0) }),
    ego: new SchemaField({ value: integerField(2, 0) }),
    wounds: new SchemaField({ critical: booleanField(), mortal: booleanField() }),
    egoLost: integerField(0, 0),
    advancementsWon: integerField(0, 0),
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
    grit: new SchemaField({ value: integerField(0, 0), max: integerField(0, 0), dice: integerField(1, 0, 10) }),
    ego: new SchemaField({
      value: integerField(0, 0, EGO_MAX),
      max: integerField(0, 0, EGO_MAX),
      dice: integerField(1, 0, 10),
    }),
    wounds: new SchemaField({ stressed: booleanField(), broken: booleanField(), weary: booleanField() }),
    dead: booleanField(),
    lost: booleanField(),
    xp: integerField(0, 0),
    sayonara: booleanField(),
    departed: booleanField(),
    freeAdvancements: integerField(0, 0),
    legacy: legacySchema(),
    biography: htmlField(),
    notes: htmlField(),
    unmigrated: unmigratedField(),
    repairs: repairsField(),
  };
}

export type CharacterSchema = ReturnType<typeof defineCharacterSchema>;

/**
 * Joint limits no single field can state (R-CHAR-5, R-GRIT-1, R-EGO-1): the key of the message naming
 * the first one `source` breaks, or null. The model does NOT enforce them with `validateJoint`: a throw
 * there makes a loaded character invalid (foundryvtt#8743) and may not stop a v14 update
 * (foundryvtt#14133). They hold by repair instead: on load in `migrateData`, on update in `_preUpdate`
 * (src/data/migrations/repair.ts, src/data/update-repair.ts).
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
   * Token bars of a new character follow the world's ruleset (src/data/token-bars.ts): core gives every new
   * actor the manifest's Grit and Ego; a ruleset with the HP model (Legacy) shows HP and Ego instead. Bars
   * the creation data names are kept. The pending document is changed with `updateSource`, as for a
   * Challenge (ChallengeData#_preCreate).
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

  /**
   * The base model's repair, then R-LEG-4 R-LEG-7 (ruling): an update that lowers a Legacy maximum (a
   * rating set on the form, by a macro) brings current HP and Ego down with it (src/data/legacy.ts
   * `keepLegacyWithinMax`); the maxima need the items, which only the document knows.
   */
  override async _preUpdate(
    ...args: Parameters<foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation>["_preUpdate"]>
  ) {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const [changes] = args;
    if (typeof changes === "object" && changes !== null) keepLegacyWithinMax(this.toObject(), changes, this.#items());
    return allowed;
  }

  /** The character's items as the rules read them. */
  #items(): ItemSnapshot[] {
    const items: ItemSnapshot[] = [];
    for (const item of this.parent.items) {
      const snapshot = itemSnapshot(item);
      if (snapshot) items.push(snapshot);
    }
    return items;
  }

  /** Derived data (not stored). */
  declare derived: CharacterDerived;

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const items = this.#items();
    this.derived = deriveCharacter(this, items);
    // Token bars (src/data/token-bars.ts) read `legacy.hp` and `legacy.ego` as { value, max }: the maxima
    // are derived, so they are set on the prepared data here and never stored.
    const legacy = deriveLegacy(this, items);
    Object.assign(this.legacy.hp, { max: legacy.hp.max });
    Object.assign(this.legacy.ego, { max: legacy.ego.max });
  }
}
