/**
 * FOUNDRY STAND-INS — not Foundry. Core's deprecation warnings: an API core keeps only for
 * compatibility logs a warning when called ("foundry.utils.logCompatibilityWarning(message, { since,
 * until })", foundryvtt.com/api/v14/functions/foundry.utils.logCompatibilityWarning.html), e.g. v14's
 * `ChatMessage.applyRollMode` and `core.rollMode`, kept as aliases until v16 (dnd5e 5.3 still calls
 * `ChatMessage.applyRollMode` on v14, module/documents/actor/actor.mjs:1682; vttforge audit rule
 * VTTF-AUDIT-013 "the old names warn until v16").
 *
 * Every warning is kept here, and `tests/support/no-deprecations.ts` fails the test that caused one:
 * the system must use each generation's own API, and we learn of every deprecation it hits. A test that
 * means to call a deprecated name takes its warnings with `takeDeprecations()`.
 */

export interface Deprecation {
  readonly message: string;
  readonly since: number;
  readonly until: number;
}

const logged: Deprecation[] = [];

/** Core's `logCompatibilityWarning`: logs (console.warn) and keeps the warning. */
export function logCompatibilityWarning(message: string, options: { since: number; until: number }): void {
  logged.push({ message, since: options.since, until: options.until });
  console.warn(
    `Deprecated since Version ${options.since}: ${message} (backwards-compatible support will be removed in Version ${options.until})`,
  );
}

/** The warnings logged since the last call, and forgets them. */
export function takeDeprecations(): Deprecation[] {
  return logged.splice(0, logged.length);
}
