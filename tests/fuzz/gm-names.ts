/** The GM side's fuzz entries (tests/fuzz/gm-side.ts), named apart so `npm run fuzz` lists them unloaded. */
export const GM_ENTRY_NAMES = [
  "gm:applyEffect",
  "gm:applyHarm",
  "gm:carryComplication",
  "gm:payShare",
  "gm:montageWord",
  "gm:cardClick",
] as const;
export type GmEntryName = (typeof GM_ENTRY_NAMES)[number];
