/**
 * The sheets' code that is needed only once a sheet is open (context builders, drops, most actions)
 * loads on first use, not with the system (vite.config.ts splits what `import()` reaches; bench/size.ts
 * holds startup to its budget). A sheet class stays registered at init as Foundry requires; its
 * handlers reach that code through these helpers. Once loaded, a module is the browser's: later calls
 * cost nothing.
 */

/** An ApplicationV2 action handler (`this` is the application). */
export type SheetAction<T> = (this: T, event: PointerEvent, target: HTMLElement) => unknown;

/** A handler that loads its module on first use and calls the handler `pick` chooses from it. */
export function lazyAction<T, M>(load: () => Promise<M>, pick: (module: M) => SheetAction<T>): (this: T, event: PointerEvent, target: HTMLElement) => Promise<void> {
  return async function (this: T, event: PointerEvent, target: HTMLElement): Promise<void> {
    await pick(await load()).call(this, event, target);
  };
}
