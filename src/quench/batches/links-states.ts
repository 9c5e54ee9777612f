/**
 * Roll links and token states in a live world: enrichment turns links into ours (an unreadable one into its
 * hint), the ruleset's states are core status effects in the generation's shape, and a HUD toggle runs the
 * sheet's operation. It checks what the stand-ins assume.
 */
import type { CharacterData } from "../../data/actor/character.ts";
import { kit, Made, type TerranBatch } from "../support.ts";
import { settle } from "./sheets.ts";

export const linksStatesBatch: TerranBatch = {
  key: "terran-engine.links-states",
  displayName: "Terran Engine: inline roll links and states on tokens",
  register({ describe, it, after, assert }) {
    const { hasStatusEffect, currentRuleset } = kit();
    const made = new Made();
    after(() => made.cleanUp());

    describe("inline roll links", () => {
      it("core's enrichment turns @Risky, @Reaction and @Fortune into the system's links, an unknown one into its hint", async () => {
        const html = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
          "<p>@Risky[finesse] @Reaction[insight] @Fortune[4] @Risky[flying]</p>",
        );
        for (const kind of ["risky", "reaction", "fortune"]) assert.include(html, `data-te-roll-link="${kind}"`);
        assert.include(html, "te-roll-link-invalid");
        assert.notInclude(html, "@Risky[finesse]");
      });
    });

    describe("states on tokens", () => {
      it("the world's ruleset's states are among core's status effects", () => {
        for (const def of currentRuleset().tokenStates) assert.isTrue(hasStatusEffect(def.id), def.id);
      });

      it("a wound track toggled as the token HUD does is marked by the sheet's operation, and its status effect follows", async () => {
        const actor = made.keep(await Actor.create({ name: "Quench states", type: "character" }));
        const broken = currentRuleset().tokenStates.find((d) => d.source.kind === "wound");
        if (broken?.source.kind !== "wound") return; // A ruleset without tracks (HP): nothing to toggle.
        const track = broken.source.track;
        await actor.toggleStatusEffect(broken.id);
        assert.isTrue((actor.system as CharacterData).wounds[track], "the track is marked");
        await settle(() => actor.statuses.has(broken.id));
        assert.isTrue(actor.statuses.has(broken.id), "the status effect follows");
        await actor.toggleStatusEffect(broken.id);
        assert.isFalse((actor.system as CharacterData).wounds[track], "the track recovers");
        await settle(() => !actor.statuses.has(broken.id));
        assert.isFalse(actor.statuses.has(broken.id), "the status effect goes");
      });
    });
  },
};
