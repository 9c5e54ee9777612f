/**
 * Turns a refusal from the rules (a RulesError) into a localised warning. Every operation that a
 * user triggers goes through `attempt`, so a broken rule is explained and nothing changes.
 */
import { RulesError } from "../rules/index.ts";

/** The localised text of a RulesError: `TERRAN.Error.<code>` formatted with its data. */
export function rulesErrorText(error: RulesError): string {
  const key = `TERRAN.Error.${error.code}`;
  const i18n = game.i18n;
  if (!i18n?.has(key)) return error.message;
  const data = Object.fromEntries(Object.entries(error.data).map(([k, v]) => [k, String(v)]));
  return i18n.format(key, data);
}

/** Runs `fn`; a RulesError becomes a warning notification and `null`. Other errors propagate. */
export async function attempt<T>(fn: () => Promise<T> | T): Promise<T | null> {
  try {
    return await fn();
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    ui.notifications?.warn(rulesErrorText(error));
    return null;
  }
}
