/**
 * What the Challenge sheet needs only once it is open — its context builder, the tier and facet
 * editors, the number prompt and the GM's forecast (with the forecast rules) — in one module the sheet
 * loads on first use (./lazy.ts), so none of it is in the startup bundle.
 */
export { challengeSheetContext, editFacet, newFacet, tierNeedsN, tierPreset } from "./challenge-context.ts";
export { askNumber } from "./ask-number.ts";
export { changeForecastChoice, DEFAULT_FORECAST_CHOICES, isForecastField } from "./challenge-forecast.ts";
