/**
 * The sandbox's forecast panel (scene "sheet/challenge-forecast"): a change in the panel posts the
 * GM's choices and the changed field; the answer is the panel re-rendered by the real pure builder
 * and template, as the Challenge sheet re-renders it in Foundry (src/applications/sheets/challenge/challenge-sheet.ts).
 * A correction (a number clamped, text refused) comes back as the notice Foundry would warn with.
 */
import {
  changeForecastChoice,
  DEFAULT_FORECAST_CHOICES,
  isForecastField,
  type ForecastChoices,
} from "../src/applications/sheets/challenge/challenge-forecast.ts";
import { challengeSheetContext } from "../src/applications/sheets/challenge/challenge-context.ts";
import { CHALLENGE_SHEET_PARTS } from "../src/applications/sheets/parts.ts";
import { TIER_RANKS } from "../src/rules/index.ts";
import { forecastChallenge } from "../tests/fixtures/sheets.ts";
import { english } from "../tests/support/templates.ts";
import { currentLanguage, render } from "./templates.ts";

const ORDERS = ["gm", "player-first", "player-last"] as const;

/** The choices the page sent back, checked field by field (anything odd: the fixture's own). */
function choicesOf(raw: unknown, fallback: ForecastChoices): ForecastChoices {
  if (typeof raw !== "object" || raw === null) return fallback;
  const r = raw as Record<string, unknown>;
  const text = (k: keyof ForecastChoices): string => (typeof r[k] === "string" ? r[k] : String(fallback[k]));
  const whole = (k: "light" | "dark" | "armour"): number =>
    typeof r[k] === "number" && Number.isInteger(r[k]) ? r[k] : fallback[k];
  return {
    facet: text("facet"),
    character: text("character"),
    attribute: text("attribute"),
    light: whole("light"),
    dark: whole("dark"),
    armour: whole("armour"),
    rank: TIER_RANKS.find((t) => t === r.rank) ?? fallback.rank,
    order: ORDERS.find((o) => o === r.order) ?? fallback.order,
  };
}

export function forecastAction(body: unknown): { choices: ForecastChoices; html: string; notice: string | null } {
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const fixture = forecastChallenge();
  const start = fixture.forecast?.choices ?? DEFAULT_FORECAST_CHOICES;
  let choices = choicesOf(b.choices, start);
  let notice: string | null = null;
  if (isForecastField(b.field) && typeof b.value === "string") {
    const changed = changeForecastChoice(choices, b.field, b.value);
    choices = changed.choices;
    if (changed.corrected) notice = english(changed.corrected.key).replace("{value}", changed.corrected.value);
  }
  const context = challengeSheetContext({
    ...fixture,
    forecast: fixture.forecast ? { ...fixture.forecast, choices, locale: currentLanguage() } : undefined,
  });
  const html = render(CHALLENGE_SHEET_PARTS.forecast.replace(/^templates\//, ""), context);
  return { choices, html, notice };
}
