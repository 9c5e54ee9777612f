/**
 * The architecture's rules, checked by dependency-cruiser in `npm run lint` (docs/ARCHITECTURE.md):
 *
 *   entry (terran.ts, quench/) → applications (and api.ts) → documents (and the services beside them)
 *     → data, chat, dice, settings, compat → rules
 *
 * Imports go down only, `src/rules/` imports nothing but itself, and no module reaches itself again
 * through its imports (dynamic `import()` included). Type-only imports are not code at run time and may
 * point anywhere but into a cycle of values.
 */
const LOW = "^src/(data|chat|dice|settings|compat|types)/|^src/system-id\\.ts$";
const DOCUMENTS = "^src/(documents|relay|table|prompts|services)/";
const APPLICATIONS = "^src/applications/|^src/api\\.ts$";
const ENTRY = "^src/terran\\.ts$|^src/quench/";

/** A rule forbidding value imports from `from` into `to`. */
const down = (name, comment, from, to) => ({
  name,
  comment,
  severity: "error",
  from: { path: from },
  to: { path: to, dependencyTypesNot: ["type-only"] },
});

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A module never reaches itself again through its imports (dynamic ones included).",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "rules-are-pure",
      comment: "src/rules/ imports only from src/rules/: no other layer, no package (Foundry's types included).",
      severity: "error",
      from: { path: "^src/rules/" },
      to: { pathNot: "^src/rules/" },
    },
    down(
      "low-layers-stay-low",
      "data, chat, dice, settings and compat never import documents, services or applications.",
      LOW,
      `${DOCUMENTS}|${APPLICATIONS}|${ENTRY}`,
    ),
    down(
      "documents-below-applications",
      "Documents and services never import applications (a presenter is handed down at init).",
      DOCUMENTS,
      `${APPLICATIONS}|${ENTRY}`,
    ),
    down(
      "applications-below-entry",
      "Applications never import the entry or the in-Foundry test batches.",
      APPLICATIONS,
      ENTRY,
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js", ".mjs"] },
    exclude: { path: "\\.d\\.ts$" },
  },
};
