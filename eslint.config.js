import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import { rulesPurity } from "./eslint.rules-purity.js";

export default tseslint.config(
  { ignores: ["dist/", "out/", "coverage/", "node_modules/", "packs/**/*.db"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["*.js", ".dependency-cruiser.cjs"] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      eqeqeq: "error",
    },
  },
  { files: ["**/*.js", "**/*.cjs"], ...tseslint.configs.disableTypeChecked },
  { files: ["**/*.cjs"], languageOptions: { sourceType: "commonjs", globals: { ...globals.node } } },
  rulesPurity,
);
