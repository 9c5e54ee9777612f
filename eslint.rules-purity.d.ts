import type { Linter } from "eslint";
/** The ESLint block that keeps src/rules/ pure (see eslint.rules-purity.js). */
export declare const rulesPurity: Linter.Config;
