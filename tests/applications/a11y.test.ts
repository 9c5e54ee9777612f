/**
 * Accessibility: the keyboard, focus and live-region helpers (src/applications/a11y/) on a happy-dom page.
 * The browser tests run the same files in Chromium around the sandbox's re-renders.
 */
import { Window } from "happy-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { focusFirst, focusKeys, rememberFocus, restoreFocus } from "../../src/applications/a11y/focus.ts";
import { A11yKeeper } from "../../src/applications/a11y/keeper.ts";
import { pressOnKey } from "../../src/applications/a11y/keyboard.ts";
import { announceChange, announcements, LIVE_REGION_ID } from "../../src/applications/a11y/live.ts";

let doc: Document;
let root: HTMLElement;

beforeEach(() => {
  doc = new Window().document as unknown as Document;
  root = doc.createElement("div");
  doc.body.append(root);
});

/** The one element of the root that `selector` finds. */
function one(selector: string): HTMLElement {
  const el = root.querySelector<HTMLElement>(selector);
  if (!el) throw new Error(`no ${selector}`);
  return el;
}

const active = (): string => (doc.activeElement as HTMLElement | null)?.outerHTML.replace(/>.*$/s, ">") ?? "";

/** Renders `html` into the root again, as a re-render replaces a part. */
function rerender(html: string): void {
  root.innerHTML = html;
}

const DICE = (roles: [string, string, string]) =>
  `<ol><li><button data-action="select-die" data-index="0" data-role="${roles[0]}">4</button><button data-action="select-die" data-index="0" data-role="effect">Effect</button></li>` +
  `<li><button data-action="select-die" data-index="1" data-role="${roles[1]}">2</button><button data-action="select-die" data-index="1" data-role="effect">Effect</button></li>` +
  `<li><button data-action="select-die" data-index="2" data-role="${roles[2]}">5</button></li></ol><button data-action="confirm-effect">Confirm</button>`;

describe("accessibility: focus after a re-render", () => {
  it("the same control again: a stepper keeps the focus", () => {
    rerender('<button data-action="darkDown">−</button><output>0</output><button data-action="darkUp">+</button>');
    root.querySelector<HTMLElement>('[data-action="darkUp"]')?.focus();
    const memory = rememberFocus(root, doc.activeElement);
    rerender('<button data-action="darkDown">−</button><output>1</output><button data-action="darkUp">+</button>');
    expect(active()).toBe("<body>");
    restoreFocus(root, memory);
    expect(active()).toBe('<button data-action="darkUp">');
  });

  it("R-RA-1 a die just chosen as Precision is no longer a choice: the focus stays on that die (its Effect button)", () => {
    rerender(DICE(["precision", "precision", "precision"]));
    root.querySelector<HTMLElement>('[data-index="1"][data-role="precision"]')?.focus();
    const memory = rememberFocus(root, doc.activeElement);
    // After the click die 1 is the Precision: its face is no button any more.
    rerender(
      DICE(["precision", "none", "precision"]).replace(
        '<button data-action="select-die" data-index="1" data-role="none">2</button>',
        "<span>2</span>",
      ),
    );
    restoreFocus(root, memory);
    expect(active()).toBe('<button data-action="select-die" data-index="1" data-role="effect">');
  });

  it("a control gone or disabled: the control now at its place; nothing at all: the root itself", () => {
    rerender(
      '<button data-action="a">A</button><button data-action="confirm-effect">Confirm</button><button data-action="b">B</button>',
    );
    root.querySelector<HTMLElement>('[data-action="confirm-effect"]')?.focus();
    const memory = rememberFocus(root, doc.activeElement);
    expect(memory?.index).toBe(1);
    rerender(
      '<button data-action="a">A</button><button data-action="apply-effect">Apply</button><button data-action="confirm-effect" disabled>Confirm</button>',
    );
    restoreFocus(root, memory);
    expect(active()).toBe('<button data-action="apply-effect">');

    root.querySelector<HTMLElement>('[data-action="apply-effect"]')?.focus();
    const again = rememberFocus(root, doc.activeElement);
    rerender("<p>Locked</p>");
    restoreFocus(root, again);
    expect(doc.activeElement).toBe(root);
    expect(root.getAttribute("tabindex")).toBe("-1");
  });

  it("a field is found by its name, a control of an item row within its row; focus outside the root is left alone", () => {
    rerender(
      '<input name="system.ego.value"><li data-item-id="a"><button data-action="moveUp">↑</button></li><li data-item-id="b"><button data-action="moveUp">↑</button></li>',
    );
    expect(focusKeys(one("input"))).toEqual(['input[name="system.ego.value"]']);
    expect(focusKeys(one('[data-item-id="b"] button'))[0]).toBe('[data-item-id="b"] [data-action="moveUp"]');
    root.querySelector<HTMLElement>('[data-item-id="b"] button')?.focus();
    const memory = rememberFocus(root, doc.activeElement);
    rerender(
      '<input name="system.ego.value"><li data-item-id="b"><button data-action="moveUp">↑</button></li><li data-item-id="a"><button data-action="moveUp">↑</button></li>',
    );
    restoreFocus(root, memory);
    expect((doc.activeElement as HTMLElement).closest("li")?.dataset.itemId).toBe("b");

    const outside = doc.createElement("button");
    doc.body.append(outside);
    outside.focus();
    expect(rememberFocus(root, doc.activeElement)).toBeNull();
  });

  it("a window's first render focuses its first enabled control", () => {
    rerender(
      '<button disabled>no</button><span hidden><button>hidden</button></span><button data-action="darkUp">+</button>',
    );
    focusFirst(root);
    expect(active()).toBe('<button data-action="darkUp">');
  });
});

describe("accessibility: live values said politely", () => {
  it("what a render marks, in order: the words given, else the element's text with a space at each element", () => {
    rerender(
      '<strong data-announce="Dark Dice 1">1</strong><div data-announce><dt>Fail</dt><dd>31%</dd></div><p>not said</p><h4 data-announce>Effect <span>5</span><span aria-hidden="true">!</span></h4>',
    );
    expect(announcements(root)).toBe("Dark Dice 1. Fail 31%. Effect 5");
  });

  it("nothing on the first render nor when nothing changed; a change goes to one polite region of the page", () => {
    rerender("<dd data-announce>Success 40%</dd>");
    let said = announceChange(root, null);
    expect(doc.getElementById(LIVE_REGION_ID)).toBeNull();
    said = announceChange(root, said);
    expect(doc.getElementById(LIVE_REGION_ID)).toBeNull();
    rerender("<dd data-announce>Success 52%</dd>");
    said = announceChange(root, said);
    const region = doc.getElementById(LIVE_REGION_ID);
    expect(region?.textContent).toBe("Success 52%");
    expect(region?.getAttribute("aria-live")).toBe("polite");
    expect(region?.getAttribute("role")).toBe("status");
    rerender("<dd data-announce>Success 61%</dd>");
    announceChange(root, said);
    expect(doc.querySelectorAll(`#${LIVE_REGION_ID}`).length).toBe(1);
    expect(region?.textContent).toBe("Success 61%");
  });

  it("the keeper does both around a render", () => {
    const keeper = new A11yKeeper();
    rerender('<button data-action="darkUp">+</button><output data-announce="Dark Dice 0">0</output>');
    keeper.after(root);
    root.querySelector<HTMLElement>("button")?.focus();
    keeper.before(root);
    rerender('<button data-action="darkUp">+</button><output data-announce="Dark Dice 1">1</output>');
    keeper.after(root);
    expect(active()).toBe('<button data-action="darkUp">');
    expect(doc.getElementById(LIVE_REGION_ID)?.textContent).toBe("Dark Dice 1");
  });
});

describe("accessibility: Enter and Space press a role=button that is no button", () => {
  it("the portrait opens by keyboard; a real button and other keys are left to the browser", () => {
    rerender('<img role="button" tabindex="0" data-action="editImage" alt=""><button data-action="x">x</button>');
    const clicks: string[] = [];
    root.addEventListener("click", (event) => clicks.push((event.target as HTMLElement).dataset.action ?? ""));
    const press = (el: HTMLElement, key: string): boolean => {
      const event = new (doc.defaultView as unknown as { KeyboardEvent: typeof KeyboardEvent }).KeyboardEvent(
        "keydown",
        { key, bubbles: true, cancelable: true },
      );
      el.addEventListener("keydown", pressOnKey, { once: true });
      el.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const img = one("img");
    expect(press(img, "Enter")).toBe(true);
    expect(press(img, " ")).toBe(true);
    expect(press(img, "a")).toBe(false);
    expect(press(one("button"), "Enter")).toBe(false);
    expect(clicks).toEqual(["editImage", "editImage"]);
  });
});
