/**
 * What the batches share: the documents a batch made (deleted in its `after` hook) and a batch's definition.
 */
import type { QuenchKit } from "./kit.ts";
import type { QuenchBatchContext, QuenchBatchKey } from "./quench-types.ts";

let held: QuenchKit | null = null;

/** Handed over by ./register.ts before any batch runs. */
export function holdKit(kit: QuenchKit): void {
  held = kit;
}

/** ./kit.ts, as the entry handed it over. */
export function kit(): QuenchKit {
  if (!held) throw new Error("the Quench batches ran before the system handed them its code");
  return held;
}

export interface TerranBatch {
  /** `terran-engine.<area>`: Quench wants the package id first (src/module/quench.ts registerBatch). */
  readonly key: QuenchBatchKey;
  /** English only: a test label, not a player-facing string. */
  readonly displayName: string;
  readonly register: (context: QuenchBatchContext) => void;
}

interface Deletable {
  readonly id: string | null;
  delete(): Promise<unknown>;
}

/** `cleanUp()` deletes them newest first, ignoring ones already gone. */
export class Made {
  readonly #docs: Deletable[] = [];

  /** A creation that returned nothing fails the test. */
  keep<T extends Deletable>(doc: T | undefined | null): T {
    if (!doc) throw new Error("Foundry created nothing");
    this.#docs.push(doc);
    return doc;
  }

  /** A test that deleted it itself. */
  forget(doc: Deletable): void {
    const index = this.#docs.indexOf(doc);
    if (index >= 0) this.#docs.splice(index, 1);
  }

  async cleanUp(): Promise<void> {
    for (const doc of this.#docs.splice(0).reverse()) {
      try {
        await doc.delete();
      } catch (error) {
        console.warn(`terran-engine | quench clean-up: could not delete ${doc.id ?? "?"}`, error);
      }
    }
  }
}

/** A GM when run from Quench's window in a throwaway world. */
export function currentUser(): User.Implementation {
  const user = game.user;
  if (!user) throw new Error("no user is logged in");
  return user;
}

/** With the messages it posted (kept in `made`); nothing else posts during a Quench test. */
export async function posting<T>(
  made: Made,
  fn: () => Promise<T>,
): Promise<{ result: T; messages: ChatMessage.Implementation[] }> {
  const before = new Set((game.messages?.contents ?? []).map((m) => m.id));
  const result = await fn();
  const messages = (game.messages?.contents ?? []).filter((m) => !before.has(m.id)).map((m) => made.keep(m));
  return { result, messages };
}

/**
 * As a user's click arrives: a bubbling MouseEvent of the element's own window; fails when there is nothing.
 */
export function clickOn(root: HTMLElement, selector: string): void {
  const target = root.querySelector<HTMLElement>(selector);
  if (!target) throw new Error(`nothing to click: ${selector}`);
  const view = target.ownerDocument.defaultView ?? window;
  target.dispatchEvent(new view.MouseEvent("click", { bubbles: true, cancelable: true }));
}

/** Every sheet of this system is an ApplicationV2. */
export interface LiveSheet {
  readonly rendered: boolean;
  readonly element: HTMLElement;
  readonly tabGroups: Record<string, string | null>;
  render(options?: { force?: boolean }): Promise<unknown>;
  close(): Promise<unknown>;
  changeTab(tab: string, group: string): void;
}

/** The types also allow a v1 sheet. */
export function sheetOf(doc: { readonly sheet: unknown }): LiveSheet {
  const sheet = doc.sheet;
  if (typeof sheet !== "object" || sheet === null || !("changeTab" in sheet))
    throw new Error("the document has no ApplicationV2 sheet");
  return sheet as LiveSheet;
}

/** Within its own min/max. */
export function anotherValue(input: { readonly value: string; readonly min: string; readonly max: string }): number {
  const current = Number(input.value);
  const max = input.max === "" ? Infinity : Number(input.max);
  return current + 1 <= max ? current + 1 : current - 1;
}
