/**
 * Stand-in of a character sheet's roll buttons (the keyboard-only Risky Action starts on the
 * sheet): in Foundry an attribute's or a Save's button opens the roll dialog for that character
 * (src/applications/sheets/character/character-sheet.ts); in the sandbox it opens the dialog built from the same
 * fixture the sheet shows, beside the sheet, with a chat column for the card. Weapons (their roll
 * needs the weapon's item) still run in Foundry only.
 */
import { ATTRIBUTES, GROUPS, getRuleset, type RollTarget } from "../src/rules/index.ts";
import type { DialogFixture } from "./fixtures.ts";
import { SHEETS } from "./sheets.ts";

/** The dialog id a sheet's roll button opens: "sheet:<sheet id>:<what>" (what: an attribute, or "save:<group>"). */
export function sheetDialogId(sheetId: string, what: string): string {
  return `sheet:${sheetId}:${what}`;
}

function targetOf(what: string): RollTarget | null {
  const attribute = ATTRIBUTES.find((a) => a === what);
  if (attribute) return { kind: "attribute", attribute };
  const group = GROUPS.find((g) => `save:${g}` === what);
  return group ? { kind: "save", group } : null;
}

/** The dialog fixture of a sheet's roll button, or null (no such sheet, not a character, or a weapon). */
export function sheetDialogFixture(id: string): DialogFixture | null {
  const match = /^sheet:([\w-]+):([\w:]+)$/.exec(id);
  const input = SHEETS.find((s) => s.id === match?.[1])?.character;
  const target = targetOf(match?.[2] ?? "");
  if (!input || !target) return null;
  return {
    actorName: input.name,
    subject: {
      ruleset: getRuleset(input.rulesetId),
      state: { source: input.system, items: input.items },
      target,
      weapon: null,
    },
  };
}
