/**
 * `npm run babele [-- --check]`: the pt-BR translations of the compendia, for the Babele module.
 *
 * ## Where Babele looks, and how it matches
 * The system registers `lang/babele` on Babele's `babele.init` hook (src/compat/babele.ts). Babele then
 * reads `systems/terran-engine/lang/babele/<language>/*.json`, one file per pack, named after the pack's
 * collection: `lang/babele/pt-BR/terran-engine.<pack>.json` (Babele's `loadTranslations` builds that
 * directory from `setSystemTranslationsDir` and the core "language" setting, and takes the collection
 * from the file name: In3luki/fvtt-babele src/module/babele/babele.ts). It looks an entry up by the
 * document's English name, then by its `_id` (`TranslatedCompendium#translationsFor`); we key by `_id`,
 * which never changes when the English is reworded and never collides (two table results "Success").
 *
 * ## The file format (both translators write exactly this)
 * ```json
 * {
 *   "label": "Condições e Mal-estares",            // the pack's label in pt-BR (Babele shows it)
 *   "mapping": { ... },                            // written by this script, per document type (below)
 *   "entries": {
 *     "<document _id>": {
 *       "name": "…",                               // every document
 *       "description": "<p>…</p>",                 // Item: system.description; Actor: system.notes;
 *                                                  // RollTable: description (only when the English has one)
 *       "pages": {                                 // JournalEntry only, keyed by page _id
 *         "<page _id>": { "name": "…", "text": "<p>…</p>" }
 *       },
 *       "results": {                               // RollTable only, keyed by result _id
 *         "<result _id>": { "name": "…", "description": "<p>…</p>" }   // each field the English has
 *       },
 *       "_todo": true,                             // present = not translated yet (the text is English)
 *       "_english": "3f2a9c1e"                     // fingerprint of the English this was translated from
 *     }
 *   }
 * }
 * ```
 * - `mapping` (Babele merges it over its defaults for the pack's document type):
 *   Item `{ name, description: "system.description" }`; Actor `{ name, description: "system.notes" }`;
 *   JournalEntry `{ name, pages: { path: "pages", converter: "terranPages" } }`;
 *   RollTable `{ name, description, results: { path: "results", converter: "terranTableResults" } }`.
 *   The two converters are ours (src/compat/babele.ts), registered on `babele.init`; they match pages and
 *   results by `_id` and replace only the fields an entry gives.
 * - Keys starting with `_` are ours; Babele reads only the mapped fields and ignores them.
 * - Links must survive: every `[[/r …]]` roll, `@UUID[…]{…}` link and `@Enricher[…]` of the English must
 *   appear in the translation with the same target; a `{label}` may be translated
 *   (tests/packs/babele.test.ts checks it).
 *
 * ## What the script does (`npm run babele`)
 * For every pack, reads `packs/_source/<pack>/*.json` and the pack's file (if any), then writes the file:
 * - a document without an entry gets a skeleton: its English text, marked `"_todo": true`;
 * - a page or result without a translation is added to its entry with its English text, marked `_todo`;
 * - an entry (or page, or result) whose document no longer exists is dropped;
 * - a hand translation is kept as it is; the `mapping` is rewritten; keys keep the sources' order;
 * - an entry without `_todo` and without `_english` is taken as freshly translated: it gets `_english`,
 *   the fingerprint of its document's current English;
 * - an entry whose `_english` differs from its document's current English is STALE (the English was
 *   reworded since): it is kept and reported. Revise the translation, then delete `_english`.
 * It then lists what is untranslated or stale. `--check` writes nothing and exits 1 when any file is
 * missing, any document lacks an entry or a field, any entry is `_todo` or stale, or any entry names a
 * document that no longer exists.
 */
export {};
