/**
 * Every entry point the fuzz drives: the rules engine's, the chat cards' builders and transitions, the click sequences,
 * and the Table luck window's view.
 */
import { CARD_ENTRIES } from "./card-entries.ts";
import { SEQUENCE_ENTRIES } from "./card-sequences.ts";
import type { EntryPoint } from "./harness.ts";
import { LUCK_LEDGER_ENTRIES } from "./luck-ledger-entries.ts";
import { LUCK_ENTRIES } from "./luck-entries.ts";
import { RULES_ENTRIES } from "./rules-entries.ts";

export const ALL_ENTRIES: Readonly<Record<string, EntryPoint>> = {
  ...RULES_ENTRIES,
  ...CARD_ENTRIES,
  ...SEQUENCE_ENTRIES,
  ...LUCK_LEDGER_ENTRIES,
  ...LUCK_ENTRIES,
};
