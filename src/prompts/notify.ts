/**
 * What the user is told and asked: every user-triggered operation goes through `attempt`, so a rules refusal is
 * a localised warning and nothing changes; the small prompts are DialogV2.
 */
import { RulesError } from "../rules/index.ts";

/** `TERRAN.Card.Reason.<reason>` for a card refusal with a known reason, else `TERRAN.Error.<code>`. */
export function rulesErrorText(error: RulesError): string {
  const i18n = game.i18n;
  const reason = error.data.reason;
  const why = error.data.why;
  // A card its author could not have made says which check it failed (chat/provenance.ts).
  const untrustedKey = reason === "untrustedCard" && typeof why === "string" ? `TERRAN.Card.Untrusted.${why}` : null;
  if (untrustedKey && i18n?.has(untrustedKey)) return i18n.localize(untrustedKey);
  const reasonKey = typeof reason === "string" && /^[A-Za-z]+$/.test(reason) ? `TERRAN.Card.Reason.${reason}` : null;
  if (reasonKey && i18n?.has(reasonKey)) return i18n.localize(reasonKey);
  const key = `TERRAN.Error.${error.code}`;
  if (!i18n?.has(key)) return error.message;
  const data = Object.fromEntries(Object.entries(error.data).map(([k, v]) => [k, String(v)]));
  return i18n.format(key, data);
}

/**
 * `text` as written: core cleans a notice's HTML "as untrusted user input" (NotificationOptions `clean`,
 * foundryvtt.com/api/v14).
 */
export function say(level: "info" | "warn" | "error", text: string, options?: { readonly permanent?: boolean }): void {
  ui.notifications?.[level](foundry.utils.escapeHTML(text), options);
}

/** A RulesError becomes a warning and `null`; other errors propagate. */
export async function attempt<T>(fn: () => Promise<T> | T): Promise<T | null> {
  try {
    return await fn();
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    say("warn", rulesErrorText(error));
    return null;
  }
}

/** A closed control stays focusable so its reason can be read; pressed, it says it. */
export function sayWhyClosed(reason: { readonly key: string; readonly value: string } | null): void {
  if (!reason) return;
  say("warn", game.i18n?.format(reason.key, { value: reason.value }) ?? reason.key);
}

// Small prompts

export interface Choice {
  readonly value: string;
  readonly label: string;
}

/** Null if the dialog is closed. */
export async function chooseOne(title: string, prompt: string, choices: readonly Choice[]): Promise<string | null> {
  const i18n = game.i18n;
  const result: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: i18n?.localize(title) ?? title },
    content: `<p>${foundry.utils.escapeHTML(i18n?.localize(prompt) ?? prompt)}</p>`,
    buttons: choices.map((c) => ({ action: c.value, label: i18n?.localize(c.label) ?? c.label })),
    rejectClose: false,
  });
  return typeof result === "string" && choices.some((c) => c.value === result) ? result : null;
}

/** False if the dialog is closed. */
export async function confirm(
  title: string,
  prompt: string,
  data?: Readonly<Record<string, string | number>>,
): Promise<boolean> {
  const i18n = game.i18n;
  const text = data
    ? i18n?.format(prompt, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])))
    : i18n?.localize(prompt);
  const result: unknown = await foundry.applications.api.DialogV2.confirm({
    window: { title: i18n?.localize(title) ?? title },
    content: `<p>${foundry.utils.escapeHTML(text ?? prompt)}</p>`,
    rejectClose: false,
  });
  return result === true;
}

/**
 * Closed after `ms` (the asker stopped waiting): "late" then. Closed through the instance its `render` callback
 * receives (foundry.DialogV2RenderCallback).
 */
export async function confirmNamedWithin(
  title: string,
  prompt: string,
  data: Readonly<Record<string, string>>,
  ms: number,
): Promise<boolean | "late"> {
  const i18n = game.i18n;
  let dialog: { close(): unknown } | null = null;
  let late = false;
  const timer = setTimeout(() => {
    late = true;
    void dialog?.close();
  }, ms);
  try {
    const result: unknown = await foundry.applications.api.DialogV2.confirm({
      window: { title: i18n?.localize(title) ?? title },
      content: `<p>${foundry.utils.escapeHTML(i18n?.format(prompt, data) ?? prompt)}</p>`,
      rejectClose: false,
      render: (_event: Event, opened: { close(): unknown }) => {
        dialog = opened;
      },
    });
    return late ? "late" : result === true;
  } finally {
    clearTimeout(timer);
  }
}

/** `data` fills the prompt's placeholders, escaped; false if closed. */
export async function confirmNamed(
  title: string,
  prompt: string,
  data: Readonly<Record<string, string>>,
): Promise<boolean> {
  const i18n = game.i18n;
  const text = i18n?.format(prompt, data) ?? prompt;
  const result: unknown = await foundry.applications.api.DialogV2.confirm({
    window: { title: i18n?.localize(title) ?? title },
    content: `<p>${foundry.utils.escapeHTML(text)}</p>`,
    rejectClose: false,
  });
  return result === true;
}
