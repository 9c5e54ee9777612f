// The purity guard of src/rules/: the game's rules never touch Foundry's globals, the DOM, or a random
// number generator (dice faces are inputs). Kept in its own file so tests/guards/purity.test.ts can
// prove it fires, and eslint.config.js applies the very same block. What src/rules/ may import (only
// itself) is the architecture's rule, checked by dependency-cruiser (.dependency-cruiser.cjs).
const foundryGlobals = ["foundry", "game", "CONFIG", "ui", "Hooks", "canvas", "Roll", "ChatMessage", "Actor", "Item"];
const domGlobals = [
  "window",
  "document",
  "navigator",
  "localStorage",
  "sessionStorage",
  "HTMLElement",
  "Element",
  "Node",
  "Event",
];

export const rulesPurity = {
  files: ["src/rules/**/*.ts"],
  rules: {
    "no-restricted-globals": [
      "error",
      ...foundryGlobals.map((name) => ({
        name,
        message: `src/rules/ is pure: do not use Foundry's "${name}" here; pass the values in.`,
      })),
      ...domGlobals.map((name) => ({ name, message: `src/rules/ is pure: no DOM ("${name}") in the rules.` })),
    ],
    "no-restricted-properties": [
      "error",
      { object: "Math", property: "random", message: "src/rules/ never rolls dice: faces are inputs." },
      { object: "globalThis", message: "src/rules/ is pure: no globalThis." },
    ],
  },
};
