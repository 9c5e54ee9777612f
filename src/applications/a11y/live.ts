/**
 * Accessibility, live values. A screen reader hears a change of what the templates mark with
 * `data-announce` (the roll dialog's odds and dice, a character's Grit and Ego, a Challenge's
 * Disposition, a card's outcome and Effect): after a re-render that changed them, their text goes to
 * one polite live region of the page. The region outlives every re-render (a region that is replaced
 * with its content is not reliably read), and nothing is said on the first render nor when nothing
 * changed. `data-announce="…"` gives the words to say; an empty one says the element's own text.
 *
 * No Foundry and no imports: the sandbox page loads this file as it is (sandbox/server.ts).
 */

export const LIVE_REGION_ID = "terran-engine-live";

/** The text of an element with a space at each element boundary ("Fail" + "31%" → "Fail 31%"). */
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

/** What `root` marks to announce, in document order, as one text. */
export function announcements(root: ParentNode): string {
  return [...root.querySelectorAll<HTMLElement>("[data-announce]")]
    .map((el) => {
      const said = el.dataset.announce ?? "";
      return said !== "" ? said : spokenText(el);
    })
    .filter(Boolean)
    .join(". ");
}

/** The page's polite live region (made on first use, visually hidden). */
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

/**
 * After a render of `root`: says what changed since `previous` (null: the first render, said
 * nothing), and returns what `root` shows now, to pass as `previous` next time.
 */
export function announceChange(root: Element, previous: string | null): string {
  const now = announcements(root);
  if (previous !== null && now !== "" && now !== previous) liveRegion(root.ownerDocument).textContent = now;
  return now;
}
