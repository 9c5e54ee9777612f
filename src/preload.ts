/**
 * Code a client needs only on first use (the roll dialog, a card's click handling, the sheets'
 * behaviour) is split out of the startup bundle (vite.config.ts, bench/size.ts). Once the world is
 * ready and the browser is idle, it is fetched in the background, so the first click does not wait on
 * the network. A failed fetch is only logged: the real `import()` on first use tries again.
 */

/** Runs `task` when the browser is idle (or soon, where `requestIdleCallback` does not exist). */
export type Scheduler = (task: () => void) => void;

const whenIdle: Scheduler = (task) => {
  const idle: unknown = Reflect.get(globalThis, "requestIdleCallback");
  if (typeof idle === "function") idle.call(globalThis, task, { timeout: 5000 });
  else setTimeout(task, 1000);
};

export function preloadWhenIdle(loaders: readonly (() => Promise<unknown>)[], schedule: Scheduler = whenIdle): void {
  schedule(() => {
    for (const load of loaders) {
      load().catch((error: unknown) => console.warn("terran-engine | background load failed; it will load on first use", error));
    }
  });
}

/**
 * The on-demand code a first click most often needs, by what it does: fetched in the background once
 * the world is ready (src/terran.ts), and each loaded by the in-Foundry suite to check that Foundry
 * serves the system's `chunks/` (src/quench/batches/load.ts).
 */
export const FIRST_USE = {
  cardDrawing: () => import("./applications/chat/card-render.ts"),
  cardClicks: () => import("./applications/chat/card-controller.ts"),
  rollDialog: () => import("./applications/dialogs/roll-dialog.ts"),
  characterSheet: () => import("./applications/sheets/character-sheet-logic.ts"),
  challengeSheet: () => import("./applications/sheets/challenge-sheet-logic.ts"),
  itemSheet: () => import("./applications/sheets/item-context.ts"),
  operations: () => import("./documents/operations/index.ts"),
  characterMoves: () => import("./documents/character-moves.ts"),
} as const;
