/** The folder name under Data/systems/ and the namespace of settings and flags. */
export const SYSTEM_ID = "terran-engine";

/** The Foundry path of a file of the system (what `loadTemplates` and `{{> "…"}}` use). */
export function systemPath(relative: string): string {
  return `systems/${SYSTEM_ID}/${relative}`;
}
