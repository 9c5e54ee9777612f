/**
 * Babele gives every user the GM's language (players read the file list the GM shared: Babele 2.7
 * script/babele.js 545–567); a user whose language we ship but whose compendia stayed English is told why, and
 * the GM what to do.
 */
import { SYSTEM_ID } from "../../system-id.ts";
import { format, localize } from "../sheets/sheet-glue.ts";

/** In lang/babele/<language>/. */
export const BABELE_LANGUAGES: readonly string[] = ["pt-BR"];

/** CONFIG.queries, registered on every client. */
export const BABELE_LANGUAGE_QUERY = `${SYSTEM_ID}.babeleLanguage`;

/** Babele translates all or none of them. */
const SAMPLE_PACK = `${SYSTEM_ID}.rules`;

/** `isTranslated`, in 2.7 and 2.9. */
export interface BabeleStatus {
  isTranslated?(collection: string): boolean;
}

/** Each once. */
const told = new Set<string>();

/** The asker's word is untrusted (foundryvtt#13418). */
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

/** On `babele.ready`. */
export async function checkCompendiumLanguage(babele: BabeleStatus): Promise<void> {
  const language = game.i18n?.lang ?? "";
  if (!BABELE_LANGUAGES.includes(language) || babele.isTranslated?.(SAMPLE_PACK) !== false) return;
  ui.notifications?.info(localize("TERRAN.Babele.playerLanguage"));
  const gm = game.users?.activeGM;
  if (!gm || gm.id === game.user?.id) return;
  try {
    await gm.query(BABELE_LANGUAGE_QUERY, { userId: game.user?.id ?? "", language }, { timeout: 10_000 });
  } catch (error) {
    console.warn(`${SYSTEM_ID} | the GM's client did not take the Babele language notice`, error);
  }
}
