/** src/preload.ts: the code split out of the startup bundle is fetched once the browser is idle. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { preloadWhenIdle } from "../../src/preload.ts";

afterEach(() => vi.restoreAllMocks());

describe("background loading of the code used on first use", () => {
  it("loads nothing before the scheduler runs the task, then each loader once", () => {
    const tasks: (() => void)[] = [];
    const loaders = [vi.fn(() => Promise.resolve("dialog")), vi.fn(() => Promise.resolve("cards"))];
    preloadWhenIdle(loaders, (t) => tasks.push(t));
    for (const load of loaders) expect(load).not.toHaveBeenCalled();
    expect(tasks).toHaveLength(1);
    for (const task of tasks) task();
    for (const load of loaders) expect(load).toHaveBeenCalledTimes(1);
  });

  it("a failed load is logged, not thrown, and does not stop the others", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const after = vi.fn(() => Promise.resolve());
    preloadWhenIdle([() => Promise.reject(new Error("offline")), after], (t) => t());
    expect(after).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/will load on first use/);
  });

  it("without requestIdleCallback it falls back to a timer", () => {
    vi.useFakeTimers();
    try {
      Reflect.deleteProperty(globalThis, "requestIdleCallback");
      const load = vi.fn(() => Promise.resolve());
      preloadWhenIdle([load]);
      expect(load).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1000);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
