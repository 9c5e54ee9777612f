/**
 * Runs against FOUNDRY STAND-INS. The helpers the Quench batches share (src/quench/support.ts) that
 * need no DOM: `posting` (the messages a call posted, kept for clean-up) and `Made` (what a batch made
 * is deleted once, newest first; one a test deleted itself and forgot is left alone). The batches
 * themselves run only inside Foundry.
 */
import "../stubs/foundry-client.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { GENERATIONS, resetWorld, world } from "../stubs/foundry-client.ts";
import { Made, posting } from "../../src/quench/support.ts";

/** A document that records its deletions (the clean-up's contract: `id` and `delete()`). */
function recorder(id: string, log: string[]) {
  return { id, delete: () => Promise.resolve(void log.push(id)) };
}

describe.each(GENERATIONS)("the batches' shared helpers on generation %i", (generation) => {
  beforeEach(() => resetWorld(generation));

  it("posting returns what the call returned and only the messages it posted, which the clean-up deletes", async () => {
    const earlier = await ChatMessage.create({ content: "before the call" });
    const made = new Made();
    const { result, messages } = await posting(made, async () => {
      await ChatMessage.create({ content: "one" });
      await ChatMessage.create({ content: "two" });
      return 7;
    });
    expect(result).toBe(7);
    expect(messages).toHaveLength(2);
    expect(messages.map((m) => m.id)).not.toContain(earlier?.id);
    await made.cleanUp();
    expect([...world.messages.keys()]).toEqual([earlier?.id]);
  });

  it("posting a call that posts nothing keeps nothing", async () => {
    await ChatMessage.create({ content: "before the call" });
    const made = new Made();
    const { messages } = await posting(made, () => Promise.resolve(null));
    expect(messages).toEqual([]);
    await made.cleanUp();
    expect(world.messages.size).toBe(1);
  });

  it("Made deletes newest first, once; a forgotten document is not deleted", async () => {
    const log: string[] = [];
    const made = new Made();
    const [a, b, c] = ["a", "b", "c"].map((id) => made.keep(recorder(id, log)));
    made.forget(b ?? recorder("none", log));
    await made.cleanUp();
    await made.cleanUp();
    expect(log).toEqual([c?.id, a?.id]);
  });
});
