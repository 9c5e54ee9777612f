/** R-V-8 the Panic section of a Risky card as its template draws it: the offer with its odds, or what it did. */
import type { PanicOffer, PanicRecord } from "../../chat/index.ts";
import { percent } from "../format.ts";

export interface PanicCardView {
  readonly button: { readonly labelKey: string; readonly disabled: boolean; readonly tooltipKey: string | null } | null;
  readonly dice: number;
  readonly odds: readonly { readonly labelKey: string; readonly text: string }[];
  readonly record: (PanicRecord & { readonly stateKey: string }) | null;
}

/** Null when there is neither an offer nor a record. */
export function panicContext(
  offer: PanicOffer | null,
  record: PanicRecord | null,
  locale: string,
): PanicCardView | null {
  if (!offer && !record) return null;
  return {
    button: record ? null : (offer?.button ?? null),
    dice: offer?.dice ?? 0,
    odds: record ? [] : (offer?.odds ?? []).map((o) => ({ labelKey: o.labelKey, text: percent(o.p, locale).text })),
    record: record ? { ...record, stateKey: `TERRAN.Panic.${record.state}` } : null,
  };
}
