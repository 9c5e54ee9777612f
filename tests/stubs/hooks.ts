/**
 * FOUNDRY STAND-INS — not Foundry. The global `Hooks` (foundryvtt.com/api/classes/foundry.helpers.Hooks.html):
 * `on(hook, fn)` registers a listener and returns its id, `once` the same for one call, `off(hook, fn | id)`
 * removes it; `call(hook, ...args)` calls the listeners "in the order in which they were registered.
 * Continue calling hooks until either all have been called or one returns false" and returns "Were all
 * hooks called without execution being prevented?"; `callAll` calls every listener whatever they return.
 * The listeners live in `world.hooks`, so `resetWorld()` clears them. Installed by ./foundry-client.ts.
 */
import { world } from "./world.ts";

type Listener = (...args: unknown[]) => unknown;
let nextId = 1;

function listeners(hook: string): { id: number; fn: Listener; once: boolean }[] {
  let list = world.hooks.get(hook);
  if (!list) world.hooks.set(hook, (list = []));
  return list;
}

function run(hook: string, args: unknown[], stoppable: boolean): boolean {
  for (const entry of [...listeners(hook)]) {
    if (entry.once) HooksStub.off(hook, entry.id);
    if (entry.fn(...args) === false && stoppable) return false;
  }
  return true;
}

export const HooksStub = {
  on(hook: string, fn: Listener, options: { once?: boolean } = {}): number {
    const id = nextId++;
    listeners(hook).push({ id, fn, once: options.once ?? false });
    return id;
  },
  once(hook: string, fn: Listener): number {
    return HooksStub.on(hook, fn, { once: true });
  },
  off(hook: string, fn: Listener | number): void {
    const list = listeners(hook);
    const i = list.findIndex((e) => e.id === fn || e.fn === fn);
    if (i >= 0) list.splice(i, 1);
  },
  call(hook: string, ...args: unknown[]): boolean {
    return run(hook, args, true);
  },
  callAll(hook: string, ...args: unknown[]): boolean {
    return run(hook, args, false);
  },
};

Reflect.set(globalThis, "Hooks", HooksStub);
