/**
 * Turns a refusal from the rules (a RulesError) into a localised warning. Every operation that a
 * user triggers goes through `attempt`, so a broken rule is explained and nothing changes.
 */
import { RulesError } from "../rules/index.ts";

/**
 * The localised text of a RulesError: for a card refusal with a known reason, `TERRAN.Card.Reason.<reason>`
 * (it says why, where "not allowed" would not); otherwise `TERRAN.Error.<code>` formatted with its data.
 */
export function rulesErrorText(error: RulesError): string {
  const i18n = game.i18n;
  const reason = error.data.reason;
  const reasonKey = typeof reason === "string" && /^[A-Za-z]+$/.test(reason) ? `TERRAN.Card.Reason.${reason}` : null;
  if (reasonKey && i18n?.has(reasonKey)) return i18n.localize(reasonKey);
  const key = `TERRAN.Error.${error.code}`;
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

/** A closed control pressed anyway (it stays focusable so its reason can be read): its reason, as a warning. */
export function sayWhyClosed(reason: { readonly key: string; readonly value: string } | null): void {
  if (!reason) return;
  ui.notifications?.warn(game.i18n?.format(reason.key, { value: reason.value }) ?? reason.key);
}
