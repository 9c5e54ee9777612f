/**
 * R-LEG-16 Obsessive Focus dropped on a character whose ruleset reads it as skill dice (Legacy's `skillFocus`
 * flag): the player picks a skill for +1d and three for −1d, stored as scoped dice (`skill:<id>`) that the
 * Legacy roll dialog counts only for that skill. Closing the dialog still takes the condition (its Ego refill
 * is the table's), with no dice and a notice. `skillFocusDialogView` is the pure part; the rest is DialogV2.
 */
import { isModifierScope, RulesError, skillFocusModifiers, type Ruleset } from "../../../rules/index.ts";
import { fieldOf } from "../../dom.ts";
import { localize, type ImportedItemData } from "../sheet-glue.ts";

const PARTS = ["raise", "lower1", "lower2", "lower3"] as const;
export type SkillFocusPart = (typeof PARTS)[number];
export type SkillFocusPicks = Record<SkillFocusPart, string>;

export interface SkillFocusDialogView {
  readonly fields: readonly {
    readonly name: SkillFocusPart;
    readonly labelKey: string;
    readonly options: readonly { readonly value: string; readonly labelKey: string; readonly selected: boolean }[];
  }[];
  /** Why the last pick was refused (an i18n key), or null. */
  readonly refusalKey: string | null;
}

/** R-LEG-16 the dialog's content: four selects over the ruleset's skills, the first four picked by default. */
export function skillFocusDialogView(
  ruleset: Ruleset,
  picks: SkillFocusPicks | null,
  refused: boolean,
): SkillFocusDialogView {
  const skills = ruleset.skills?.list ?? [];
  return {
    fields: PARTS.map((name, i) => {
      const chosen = picks ? picks[name] : (skills[i]?.id ?? "");
      return {
        name,
        labelKey: `TERRAN.SkillFocus.${name}`,
        options: skills.map((s) => ({ value: s.id, labelKey: s.labelKey, selected: s.id === chosen })),
      };
    }),
    refusalKey: refused ? "TERRAN.SkillFocus.refused" : null,
  };
}

/** The dialog's HTML from its view (every string localised and escaped). */
function skillFocusHtml(view: SkillFocusDialogView): string {
  const esc = foundry.utils.escapeHTML;
  const fields = view.fields.map((f) => {
    const options = f.options.map(
      (o) => `<option value="${esc(o.value)}"${o.selected ? " selected" : ""}>${esc(localize(o.labelKey))}</option>`,
    );
    return `<label class="te-field"><span>${esc(localize(f.labelKey))}</span><select name="${f.name}">${options.join("")}</select></label>`;
  });
  const refusal = view.refusalKey ? `<p class="te-warning" role="alert">${esc(localize(view.refusalKey))}</p>` : "";
  return `<p>${esc(localize("TERRAN.SkillFocus.prompt"))}</p>${refusal}<div class="te-field-grid">${fields.join("")}</div>`;
}

/** The dialog's answer as four strings, or null (closed, or not an answer). */
function readPicks(result: unknown): SkillFocusPicks | null {
  if (typeof result !== "object" || result === null) return null;
  const r = result as Partial<Record<SkillFocusPart, unknown>>;
  const { raise, lower1, lower2, lower3 } = r;
  if (typeof raise !== "string" || typeof lower1 !== "string") return null;
  if (typeof lower2 !== "string" || typeof lower3 !== "string") return null;
  return { raise, lower1, lower2, lower3 };
}

/** Asks for the four picks once; null if the dialog is closed. */
async function askSkillFocus(ruleset: Ruleset, refused: SkillFocusPicks | null): Promise<SkillFocusPicks | null> {
  const view = skillFocusDialogView(ruleset, refused, refused !== null);
  const result: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: localize("TERRAN.SkillFocus.title") },
    content: skillFocusHtml(view),
    ok: {
      label: localize("TERRAN.AttributeShift.take"),
      callback: (_event: PointerEvent | SubmitEvent, button: HTMLButtonElement) => {
        // No instanceof: the dialog may live in a v14 detached window (another realm).
        const read = (name: SkillFocusPart) =>
          fieldOf(button.form?.querySelector(`select[name="${name}"]`))?.value ?? "";
        return { raise: read("raise"), lower1: read("lower1"), lower2: read("lower2"), lower3: read("lower3") };
      },
    },
    rejectClose: false,
  });
  return readPicks(result);
}

/**
 * R-LEG-16 the dropped Obsessive Focus ready to create: its dice the player's picks (the rules build
 * them: four different skills of the ruleset), or none with a notice when the player closed the dialog.
 */
export async function prepareSkillFocusDrop(ruleset: Ruleset, data: ImportedItemData): Promise<ImportedItemData> {
  const system = (data.system ?? {}) as Record<string, unknown>;
  let refused: SkillFocusPicks | null = null;
  for (;;) {
    const picks = await askSkillFocus(ruleset, refused);
    if (!picks) {
      ui.notifications?.info(localize("TERRAN.SkillFocus.unset"));
      return { ...data, system: { ...system, dice: [] } };
    }
    try {
      const dice = skillFocusModifiers(ruleset, picks.raise, [picks.lower1, picks.lower2, picks.lower3]);
      const stored = dice.map((d) => ({ ...d, appliesTo: d.appliesTo.filter(isModifierScope) }));
      return { ...data, system: { ...system, dice: stored } };
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      refused = picks;
    }
  }
}
