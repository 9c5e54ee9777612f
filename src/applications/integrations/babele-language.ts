/**
 * Babele gives every user the compendia in ONE language: the one the GM's own client runs (a player reads
 * the file list a GM's client shared, built from the GM's language: Babele 2.7 script/babele.js lines
 * 545–567, 2.9 translation-sources.js `shareTranslationFiles`). So when a player's Foundry runs in a
 * language the system has compendium files for and Babele translated none of our packs, the player is
 * told why, and the active GM is asked to show what to do (README, "Modules your table may already use").
 */
import { SYSTEM_ID } from "../../system-id.ts";
import { format, localize } from "../sheets/sheet-glue.ts";

/** The languages the system ships compendium files for (lang/babele/<language>/). */
export const BABELE_LANGUAGES: readonly string[] = ["pt-BR"];

/** The query a player's client sends the active GM (CONFIG.queries, registered on every client). */
export const BABELE_LANGUAGE_QUERY = `${SYSTEM_ID}.babeleLanguage`;

/** Any pack of ours: Babele translates all or none of them (one file list). */
const SAMPLE_PACK = `${SYSTEM_ID}.rules`;

/** What of Babele this reads (2.7 and 2.9 both have it: babele.js `isTranslated`). */
export interface BabeleStatus {
  isTranslated?(collection: string): boolean;
}

/** Users the GM was told about in this session (each once). */
const told = new Set<string>();

/** The GM's side: reads the asker's word as untrusted (foundryvtt#13418: the sender is not known). */
export function tellGm(data: unknown): Promise<{ shown: boolean }> {
  const userId: unknown = typeof data === "object" && data !== null ? Reflect.get(data, "userId") : undefined;
  const language: unknown = typeof data === "object" && data !== null ? Reflect.get(data, "language") : undefined;
  const user = typeof userId === "string" ? game.users?.get(userId) : undefined;
  if (!user || typeof language !== "string" || !BABELE_LANGUAGES.includes(language) || told.has(user.id ?? ""))
    return Promise.resolve({ shown: false });
  told.add(user.id ?? "");
  ui.notifications?.warn(format("TERRAN.Babele.gmLanguage", { name: user.name }), { permanent: true });
  return Promise.resolve({ shown: true });
}

/** On `babele.ready`: a user whose language has our files but whose compendia stayed English. */
export async function checkCompendiumLanguage(babele: BabeleStatus): Promise<void> {
  const language = game.i18n?.lang ?? "";
  if (!BABELE_LANGUAGES.includes(language) || babele.isTranslated?.(SAMPLE_PACK) !== false) return;
  ui.notifications?.info(localize("TERRAN.Babele.playerLanguage"), { permanent: true });
  const gm = game.users?.activeGM;
  if (!gm || gm.id === game.user?.id) return;
  try {
    await gm.query(BABELE_LANGUAGE_QUERY, { userId: game.user?.id ?? "", language }, { timeout: 10_000 });
  } catch (error) {
    console.warn(`${SYSTEM_ID} | the GM's client did not take the Babele language notice`, error);
  }
}
