/** Small prompts the actor operations need (which wound track, which attribute, offer a roll). */

export interface Choice {
  readonly value: string;
  readonly label: string;
}

/** Asks the user to pick one of `choices`; null if the dialog is closed. */
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

/** Asks a yes/no question; false if the dialog is closed. */
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

/** Asks a yes/no question whose text names things (`data` fills the prompt's placeholders; the text is escaped); false if closed. */
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
