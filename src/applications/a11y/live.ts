/**
 * Live values for screen readers: after a re-render, changed `data-announce` text goes to one polite live
 * region that outlives every render (a replaced region is not reliably read); nothing is said on the first
 * render. No Foundry, no imports (sandbox/server.ts loads it as is).
 */

export const LIVE_REGION_ID = "terran-engine-live";

/** A space at each element boundary ("Fail" + "31%" → "Fail 31%"). */
function spokenText(el: Element): string {
  const words: string[] = [];
  const walk = (node: Node): void => {
    if (node.nodeType === 3) words.push(node.textContent ?? "");
    else if (node.nodeType === 1 && (node as Element).getAttribute("aria-hidden") !== "true")
      for (const child of node.childNodes) walk(child);
    words.push(" ");
  };
  walk(el);
  return words.join("").replace(/\s+/g, " ").trim();
}

/** In document order, as one text. */
export function announcements(root: ParentNode): string {
  return [...root.querySelectorAll<HTMLElement>("[data-announce]")]
    .map((el) => {
      const said = el.dataset.announce ?? "";
      return said !== "" ? said : spokenText(el);
    })
    .filter(Boolean)
    .join(". ");
}

/** Made on first use, visually hidden. */
export function liveRegion(doc: Document): HTMLElement {
  const found = doc.getElementById(LIVE_REGION_ID);
  if (found) return found;
  const region = doc.createElement("div");
  region.id = LIVE_REGION_ID;
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  region.setAttribute(
    "style",
    "position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap;border:0",
  );
  doc.body.append(region);
  return region;
}

/** `previous` null: the first render, said nothing; returns the next `previous`. */
export function announceChange(root: Element, previous: string | null): string {
  const now = announcements(root);
  if (previous !== null && now !== "" && now !== previous) liveRegion(root.ownerDocument).textContent = now;
  return now;
}
