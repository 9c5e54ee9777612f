/**
 * FOUNDRY STAND-INS: a repair notice is drawn as (cleaned) HTML by core (NotificationOptions `clean`,
 * foundryvtt.com/api/v14), so the document's name and the stored values it quotes reach it escaped.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GENERATIONS, resetWorld } from "../stubs/foundry-client.ts";
import { repairText } from "../../src/data/repair-text.ts";

describe.each(GENERATIONS)("[Foundry stand-ins, v%i] a repair notice's text", (generation) => {
  beforeEach(() => resetWorld(generation));

  it("a name or stored value with markup is quoted as text, never as markup", () => {
    const i18n = game.i18n;
    if (!i18n) throw new Error("no i18n");
    const format = vi.spyOn(i18n, "format");
    repairText(
      "TERRAN.Repair.notice",
      { name: '<img src=x style="position:fixed">', prefix: "TERRAN.Character" },
      { path: "ego.value", from: "<b>9</b>", to: "5", kept: "" },
    );
    const data: unknown = format.mock.calls.at(-1)?.[1];
    expect(data).toMatchObject({
      name: foundry.utils.escapeHTML('<img src=x style="position:fixed">'),
      from: foundry.utils.escapeHTML("<b>9</b>"),
      to: "5",
    });
    format.mockRestore();
  });
});
