/** Builders for the operations' tests: plain, deeply frozen character states (no Foundry). */
import { expect } from "vitest";
import {
  getAdvancement,
  RulesError,
  type Attributes,
  type ConditionKind,
  type RulesErrorCode,
  type WoundTrack,
} from "../../../src/rules/index.ts";
import type {
  AdvancementSource,
  ArmourKind,
  ArmourSource,
  CharacterSource,
  ConditionSource,
  ItemSnapshot,
  PoolTrackSource,
} from "../../../src/data/source.ts";
import type { CharacterState } from "../../../src/documents/operations/index.ts";

export interface CharacterOptions {
  readonly attributes?: Partial<Attributes>;
  readonly grit?: Partial<PoolTrackSource>;
  readonly ego?: Partial<PoolTrackSource>;
  readonly wounds?: readonly WoundTrack[];
  readonly xp?: number;
  readonly dead?: boolean;
  readonly lost?: boolean;
  readonly sayonara?: boolean;
  readonly departed?: boolean;
  readonly freeAdvancements?: number;
  readonly cult?: string;
  /** R-V-5 stored entries; absent as on a character saved before held skills. */
  readonly heldSkills?: readonly string[];
  /** Absent: "hero". */
  readonly archetype?: string;
  /** R-V-2 (ruling) the chosen groups; absent as on a character saved before them. */
  readonly skillGroups?: readonly string[];
}

/** A fresh character: attributes 0, Grit 3/3 with 1 die, Ego 4/4 with 1 die, no wounds, 0 XP. */
export function character(options: CharacterOptions = {}): CharacterSource {
  const marked = options.wounds ?? [];
  return {
    archetype: options.archetype ?? "hero",
    identity: { culture: "", clan: "", concept: "", cult: options.cult ?? "" },
    attributes: {
      intuition: 0,
      reason: 0,
      finesse: 0,
      exertion: 0,
      attunement: 0,
      influence: 0,
      ...options.attributes,
    },
    grit: { value: 3, max: 3, dice: 1, ...options.grit },
    ego: { value: 4, max: 4, dice: 1, ...options.ego },
    wounds: {
      stressed: marked.includes("stressed"),
      broken: marked.includes("broken"),
      weary: marked.includes("weary"),
    },
    dead: options.dead ?? false,
    lost: options.lost ?? false,
    xp: options.xp ?? 0,
    sayonara: options.sayonara ?? false,
    departed: options.departed ?? false,
    freeAdvancements: options.freeAdvancements ?? 0,
    ...(options.heldSkills ? { heldSkills: [...options.heldSkills] } : {}),
    ...(options.skillGroups ? { skillGroups: [...options.skillGroups] } : {}),
    biography: "",
    notes: "",
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** A character and its items, frozen: an operation that tried to change its input would throw. */
export function state(options: CharacterOptions = {}, ...items: ItemSnapshot[]): CharacterState {
  return deepFreeze({ source: character(options), items });
}

let next = 0;
const newId = (prefix: string): string => `${prefix}${String(++next).padStart(4, "0")}`;

export function armour(kind: ArmourKind, over: Partial<ArmourSource> & { id?: string } = {}): ItemSnapshot {
  const { id, ...system } = over;
  const value = kind === "heavy" ? 2 : 1;
  return {
    id: id ?? newId(kind),
    name: kind,
    type: "armour",
    system: { kind, value, equipped: true, destroyed: false, description: "", ...system },
  };
}

/** An advancement's system data: an engine one (flags and dice from the rules) or a homebrew one (key ""). */
export function advancementSource(key: string, over: Partial<AdvancementSource> = {}): AdvancementSource {
  const def = key === "" ? undefined : getAdvancement(key);
  return {
    key,
    source: "core",
    cult: "",
    dice: (def?.dice ?? []).map((d) => ({ ...d, appliesTo: [...d.appliesTo] })),
    flags: [...(def?.flags ?? [])],
    developed: "",
    specialty: "",
    requiresMutations: def?.requiresMutations ?? 0,
    description: "",
    ...over,
  };
}

export function advancement(key: string, over: Partial<AdvancementSource> = {}): ItemSnapshot {
  return { id: newId("adv"), name: key || "homebrew", type: "advancement", system: advancementSource(key, over) };
}

export function condition(kind: ConditionKind = "condition", over: Partial<ConditionSource> = {}): ItemSnapshot {
  return {
    id: newId("cond"),
    name: kind,
    type: "condition",
    system: { kind, key: "", dice: [], flags: [], description: "", ...over },
  };
}

/** `n` homebrew advancements (to reach an advancement count). */
export function advancements(n: number): ItemSnapshot[] {
  return Array.from({ length: n }, () => advancement(""));
}

/** Runs `fn` and returns the RulesError it throws; fails if it returns (nothing may be returned). */
export function refusal(fn: () => unknown): RulesError {
  let returned: unknown;
  try {
    returned = fn();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  expect.unreachable(`expected a RulesError, but the operation returned ${JSON.stringify(returned)}`);
}

/** Asserts that `fn` is refused with this code and a readable message matching `message`. */
export function expectRefusal(fn: () => unknown, code: RulesErrorCode, message: RegExp): RulesError {
  const error = refusal(fn);
  expect(error.code).toBe(code);
  expect(error.message).toMatch(message);
  return error;
}
