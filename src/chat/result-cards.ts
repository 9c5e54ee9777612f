/**
 * View models of the simple result cards (`templates/chat/result-card.hbs`): a title, dice, labelled lines, a
 * note and a tone.
 */
import {
  advancementGritReset,
  assertEgo,
  assertFace,
  assertTrack,
  EGO_MAX,
  assertFaces,
  assertInteger,
  assertText,
  fortune,
  getRuleset,
  GROUP_ATTRIBUTES,
  GROUPS,
  creationPoints,
  egoRoll,
  gritRoll,
  malaiseFor,
  resetEgo,
  restGrit,
  assertListUpTo,
  STORED_LIST_MAX,
  RulesError,
  sayonaraTrack,
  type Attribute,
  type CreationRoll,
  type Malaise,
  type MoraleOutcome,
  type RulesetId,
  type Track,
} from "../rules/index.ts";

export type ResultTone = "light" | "dark" | "neutral";

export interface ResultLine {
  readonly labelKey: string;
  /** Language-neutral (numbers, arrows); shown when `valueKey` is null. */
  readonly value: string;
  /** May use `{value}` and `{n}`. */
  readonly valueKey: string | null;
  readonly n: number | null;
}

export interface ResultDie {
  readonly face: number;
  readonly cssClass: string;
  /** R-EGO-2 / R-LEG-8 marked on the die as the Risky card marks it; absent: none. */
  readonly cost?: number;
}

export interface ResultCardView {
  readonly cssClass: string;
  readonly titleKey: string;
  /** Shown escaped; or null. */
  readonly actorName: string | null;
  readonly dice: readonly ResultDie[];
  readonly lines: readonly ResultLine[];
  readonly noteKey: string | null;
  readonly tone: ResultTone;
}

const TONES: readonly string[] = ["light", "dark", "neutral"] satisfies readonly ResultTone[];
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function assertTextOrNull(value: unknown, what: string): void {
  if (value !== null) assertText(value, what);
}

/** `{n}` in its text, an Ego spent: a whole number from 0, or null. */
function assertCountOrNull(value: unknown, what: string): void {
  if (value !== null) assertInteger(value as number, what, 0);
}

function assertList(value: unknown, what: string, item: (entry: Record<string, unknown>) => void): void {
  for (const entry of assertListUpTo(value as unknown[], STORED_LIST_MAX, what)) {
    if (!isRecord(entry)) throw new RulesError("bad-choice", `${what} holds something that is not a record.`, { what });
    item(entry);
  }
}

/** Checked whole: every field has the type its view gives it. */
export function assertResultCardView(state: ResultCardView): ResultCardView {
  const raw: unknown = state;
  if (!isRecord(raw)) throw new RulesError("bad-choice", "A result card is not a record.", { what: "card" });
  assertText(raw.cssClass, "The card's class");
  assertText(raw.titleKey, "The card's title");
  assertTextOrNull(raw.actorName, "The actor's name");
  assertTextOrNull(raw.noteKey, "The card's note");
  if (typeof raw.tone !== "string" || !TONES.includes(raw.tone))
    throw new RulesError("unknown-id", "A result card names an unknown tone.", { id: String(raw.tone) });
  assertList(raw.dice, "The card's dice", (die) => {
    assertFace(die.face as number, "A die's face");
    assertText(die.cssClass, "A die's class");
  });
  assertList(raw.lines, "The card's lines", (entry) => {
    assertText(entry.labelKey, "A line's label");
    assertText(entry.value, "A line's value");
    assertTextOrNull(entry.valueKey, "A line's text");
    assertCountOrNull(entry.n, "A line's count");
  });
  return state;
}

export function resultLine(
  labelKey: string,
  value: string | number,
  valueKey: string | null = null,
  n: number | null = null,
): ResultLine {
  return { labelKey, value: String(value), valueKey, n };
}

/** Its kind (CSS classes) and tone, the roller's name, its parts. */
export function resultCard(
  kind: string,
  parts: Omit<ResultCardView, "cssClass" | "actorName">,
  actorName: string | null | undefined,
): ResultCardView {
  return {
    cssClass: `terran-engine chat-card result-card ${kind} tone-${parts.tone}`,
    actorName: actorName ?? null,
    ...parts,
  };
}

/** The first on a tie; summing keeps them all. */
function keptDice(faces: readonly number[], all: boolean): ResultDie[] {
  const best = faces.reduce((b, f, i) => (f > (faces[b] ?? 0) ? i : b), 0);
  return faces.map((face, i) => ({ face, cssClass: `die${all || i === best ? " kept" : " dropped"}` }));
}

const track = (t: Track): string => `${t.value} / ${t.max}`;

export interface GritResetInput {
  readonly actorName?: string | null;
  readonly faces: readonly number[];
  /** R-GRIT-1 */
  readonly dieHard: boolean;
  /** R-GRIT-2 or R-GRIT-3 */
  readonly kind: "rest" | "advancement";
  /** R-GRIT-2 (one die fewer, Asceticism or not). */
  readonly poorNight?: boolean;
  /** R-GRIT-2 … */
  readonly poorFood?: boolean;
  /** … unless Asceticism cancelled it. */
  readonly asceticism?: boolean;
  /** Needed for the advancement reset; shown when given. */
  readonly previous?: Track;
}

/** R-GRIT-1 … R-GRIT-3 */
export function gritResetCard(input: GritResetInput): ResultCardView {
  const faces = assertFaces(input.faces, "Grit die");
  if (input.previous) assertTrack(input.previous, "Grit");
  const roll = gritRoll(faces, input.dieHard);
  let after: Track;
  let noteKey: string;
  if (input.kind === "advancement") {
    if (!input.previous)
      throw new RulesError("choice-required", "The advancement reset needs the Grit before the roll.");
    after = advancementGritReset(input.previous, roll);
    noteKey = "TERRAN.Card.Grit.advancement";
  } else {
    after = restGrit(roll);
    noteKey =
      faces.length === 0
        ? "TERRAN.Card.Grit.noDice"
        : input.poorNight || (input.poorFood && !input.asceticism)
          ? "TERRAN.Card.Grit.poorRest"
          : input.poorFood
            ? "TERRAN.Card.Grit.asceticism"
            : "TERRAN.Card.Grit.rested";
  }
  const lines = [
    resultLine(input.dieHard ? "TERRAN.Card.Grit.rollSum" : "TERRAN.Card.Grit.rollHighest", roll),
    resultLine(
      "TERRAN.Card.Grit.value",
      input.previous ? `${track(input.previous)} \u2192 ${track(after)}` : track(after),
    ),
  ];
  return resultCard(
    "grit-reset",
    {
      titleKey: input.kind === "advancement" ? "TERRAN.Card.Grit.titleAdvancement" : "TERRAN.Card.Grit.title",
      dice: keptDice(faces, input.dieHard),
      lines,
      noteKey,
      tone: after.value === 0 ? "dark" : "light",
    },
    input.actorName,
  );
}

export interface EgoResetInput {
  readonly actorName?: string | null;
  readonly rulesetId: RulesetId;
  readonly faces: readonly number[];
  readonly previous?: Track;
}

/** R-EGO-1, R-EGO-4, R-EGO-5 */
export function egoResetCard(input: EgoResetInput): ResultCardView {
  const faces = assertFaces(input.faces, "Ego die");
  if (input.previous) assertTrack(input.previous, "Ego", EGO_MAX);
  const reset = resetEgo(getRuleset(input.rulesetId), faces);
  const now = `${reset.ego} / ${reset.ego}`;
  const lines = [
    resultLine("TERRAN.Card.EgoReset.roll", reset.ego),
    resultLine("TERRAN.Card.EgoReset.value", input.previous ? `${track(input.previous)} \u2192 ${now}` : now),
  ];
  if (reset.xp > 0) lines.push(resultLine("TERRAN.Card.EgoReset.xp", `+${reset.xp}`));
  return resultCard(
    "ego-reset",
    {
      titleKey: "TERRAN.Card.EgoReset.title",
      dice: keptDice(faces, false),
      lines,
      noteKey: reset.row ? reset.row.labelKey : "TERRAN.Card.EgoReset.noDice",
      tone: reset.ego === 0 ? "dark" : "light",
    },
    input.actorName,
  );
}

export interface MalaiseInput {
  readonly actorName?: string | null;
  readonly face: number;
  /** R-HARM-6 or null. */
  readonly attribute: Attribute | null;
  /** The loss could not be taken. */
  readonly dies: boolean;
}

function malaiseEntryKey(malaise: Malaise): string {
  return malaise.kind === "attribute"
    ? `TERRAN.Card.Malaise.entry.${malaise.group}`
    : `TERRAN.Card.Malaise.entry.${malaise.kind}`;
}

/** R-HARM-6 */
export function malaiseCard(input: MalaiseInput): ResultCardView {
  const face = assertFace(input.face, "The Malaise die");
  const malaise = malaiseFor(face);
  if (input.attribute !== null) {
    if (malaise.kind !== "attribute" || input.dies || !GROUP_ATTRIBUTES[malaise.group].includes(input.attribute)) {
      throw new RulesError("bad-choice", `A Malaise of ${face} cannot take a point of ${input.attribute}.`, {
        attribute: input.attribute,
      });
    }
  }
  if (malaise.kind === "attribute" && !input.dies && input.attribute === null) {
    throw new RulesError(
      "choice-required",
      `A Malaise of ${face} takes a point from an attribute of ${malaise.group}: say which.`,
    );
  }
  if (input.dies && malaise.kind === "none")
    throw new RulesError("bad-choice", "A Malaise of 1 changes nothing; it cannot kill.");
  const lines = [
    resultLine("TERRAN.Card.Malaise.die", face),
    resultLine("TERRAN.Card.Malaise.result", "", malaiseEntryKey(malaise)),
  ];
  if (input.attribute)
    lines.push(resultLine("TERRAN.Card.Malaise.attribute", "", `TERRAN.Attribute.${input.attribute}`));
  return resultCard(
    "malaise",
    {
      titleKey: "TERRAN.Card.Malaise.title",
      dice: [{ face, cssClass: "die kept" }],
      lines,
      noteKey: input.dies
        ? "TERRAN.Card.Malaise.dies"
        : malaise.kind === "none"
          ? "TERRAN.Card.Malaise.spared"
          : "TERRAN.Card.Malaise.permanent",
      tone: input.dies ? "dark" : malaise.kind === "none" ? "light" : "neutral",
    },
    input.actorName,
  );
}

/** R-CHAR-4 */
export function creationCard(input: {
  readonly actorName?: string | null;
  readonly roll: CreationRoll;
}): ResultCardView {
  const lines = GROUPS.map((group) => {
    const face = assertFace(input.roll[group], `The ${group} creation die`);
    return resultLine(`TERRAN.Group.${group}`, face, "TERRAN.Card.Creation.points", creationPoints(face));
  });
  return resultCard(
    "creation",
    {
      titleKey: "TERRAN.Card.Creation.title",
      dice: GROUPS.map((g) => ({ face: input.roll[g], cssClass: "die kept" })),
      lines,
      noteKey: "TERRAN.Card.Creation.note",
      tone: "neutral",
    },
    input.actorName,
  );
}

/** R-V-6 the extra skills die of creation: its face and the skills it gives, from any group. */
export function skillRollCard(input: {
  readonly actorName?: string | null;
  readonly face: number;
  readonly extra: number;
}): ResultCardView {
  const face = assertFace(input.face, "The extra skills die");
  const extra = assertInteger(input.extra, "The extra skills", 0);
  return resultCard(
    "creation-skills",
    {
      titleKey: "TERRAN.Card.CreationSkills.title",
      dice: [{ face, cssClass: "die kept" }],
      lines: [resultLine("TERRAN.Card.CreationSkills.die", face, "TERRAN.Card.CreationSkills.more", extra)],
      noteKey: "TERRAN.Card.CreationSkills.note",
      tone: "neutral",
    },
    input.actorName,
  );
}

export interface StartingTrackInput {
  readonly actorName?: string | null;
  readonly track: "grit" | "ego";
  readonly faces: readonly number[];
  /** R-GRIT-1 */
  readonly dieHard?: boolean;
}

/** R-CHAR-7 with R-GRIT-1 / R-EGO-1: nothing else happens, unlike a later reset. */
export function startingTrackCard(input: StartingTrackInput): ResultCardView {
  const faces = assertFaces(input.faces, input.track === "grit" ? "Grit die" : "Ego die");
  const sums = input.track === "grit" && (input.dieHard ?? false);
  const value = input.track === "grit" ? gritRoll(faces, sums) : egoRoll(faces);
  const name = input.track === "grit" ? "Grit" : "Ego";
  return resultCard(
    `starting-${input.track}`,
    {
      titleKey: `TERRAN.Card.Starting.${name}.title`,
      dice: keptDice(faces, sums),
      lines: [
        resultLine(sums ? "TERRAN.Card.Grit.rollSum" : "TERRAN.Card.Grit.rollHighest", value),
        resultLine(`TERRAN.Card.Starting.${name}.value`, `${value} / ${value}`),
      ],
      noteKey: value === 0 ? "TERRAN.Card.Starting.noDice" : "TERRAN.Card.Starting.note",
      tone: value === 0 ? "dark" : "light",
    },
    input.actorName,
  );
}

/** R-FORT-1 */
export function fortuneCard(input: {
  readonly actorName?: string | null;
  readonly face: number;
  readonly chance: number;
}): ResultCardView {
  const result = fortune(input.face, input.chance);
  return resultCard(
    "fortune",
    {
      titleKey: "TERRAN.Card.Fortune.title",
      dice: [{ face: result.face, cssClass: "die kept" }],
      lines: [
        resultLine("TERRAN.Card.Fortune.chance", `${result.chance}+`),
        resultLine(
          "TERRAN.Card.Fortune.result",
          "",
          result.success ? "TERRAN.Card.Fortune.success" : "TERRAN.Card.Fortune.failure",
        ),
      ],
      noteKey: null,
      tone: result.success ? "light" : "dark",
    },
    input.actorName,
  );
}

export interface SayonaraInput {
  readonly actorName?: string | null;
  readonly rulesetId: RulesetId;
  readonly old: { readonly grit: Track; readonly ego: Track };
  readonly rolls: { readonly grit: number; readonly ego: number };
}

/** R-SAY-1 */
export function sayonaraCard(input: SayonaraInput): ResultCardView {
  const ruleset = getRuleset(input.rulesetId);
  const grit = sayonaraTrack(ruleset, input.old.grit, input.rolls.grit);
  // R-EGO-1 the old Ego track is 0–6 too.
  assertTrack(input.old.ego, "Ego", EGO_MAX);
  const ego = sayonaraTrack(ruleset, input.old.ego, assertEgo(input.rolls.ego));
  return resultCard(
    "sayonara",
    {
      titleKey: "TERRAN.Card.Sayonara.title",
      dice: [],
      lines: [
        resultLine("TERRAN.Card.Sayonara.grit", `${track(input.old.grit)} \u2192 ${track(grit)}`),
        resultLine("TERRAN.Card.Sayonara.ego", `${track(input.old.ego)} \u2192 ${track(ego)}`),
      ],
      noteKey: ruleset.sayonara === "new" ? "TERRAN.Card.Sayonara.new" : "TERRAN.Card.Sayonara.higher",
      tone: "dark",
    },
    input.actorName,
  );
}

export interface MoraleCardInput {
  /** The Challenge, and its facet's name when a facet rolled. */
  readonly actorName: string;
  readonly facetName: string | null;
  readonly faces: readonly number[];
  readonly chain: readonly number[];
  readonly outcome: MoraleOutcome;
}

const MORALE_NOTES: Readonly<Record<MoraleOutcome["result"], string>> = {
  "gives-up": "TERRAN.Card.Morale.givesUp",
  lower: "TERRAN.Card.Morale.lower",
  "carries-on": "TERRAN.Card.Morale.carriesOn",
};

/** R-V-16 what a Challenge's Morale roll did. */
export function moraleCard(input: MoraleCardInput): ResultCardView {
  const faces = assertFaces(input.faces, "Morale die");
  const chain = input.chain.length === 0 ? [] : assertFaces(input.chain, "Explosion die");
  const o = input.outcome;
  const value = assertInteger(o.value, "A Morale value", 1);
  const lines = [resultLine("TERRAN.Card.Morale.value", value)];
  if (chain.length > 0) lines.push(resultLine("TERRAN.Card.Morale.chain", chain.join(" + ")));
  if (o.result === "lower") {
    lines.push(resultLine("TERRAN.Card.Morale.tier", "", `TERRAN.ChallengeTier.${o.stats.tier}`));
    lines.push(resultLine("TERRAN.Card.Morale.disposition", o.stats.disposition));
  }
  if (o.result === "carries-on") lines.push(resultLine("TERRAN.Card.Morale.disposition", o.disposition));
  if (input.facetName !== null)
    lines.unshift(resultLine("TERRAN.Card.Morale.facet", assertText(input.facetName, "A facet")));
  return resultCard(
    "morale",
    {
      titleKey: "TERRAN.Card.Morale.title",
      dice: keptDice(faces, false),
      lines,
      noteKey: MORALE_NOTES[o.result],
      tone: o.result === "gives-up" ? "light" : "dark",
    },
    assertText(input.actorName, "A Challenge's name"),
  );
}
