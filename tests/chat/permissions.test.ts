import { describe, expect, it } from "vitest";
import { cardPermission, type ActionPermission, type ApplySetting } from "../../src/chat/index.ts";
import { GM, OTHER, ROLLER } from "./fixtures.ts";

const ALLOWED: ActionPermission = { allowed: true, viaGm: false, reasonKey: null };
const VIA_GM: ActionPermission = { allowed: true, viaGm: true, reasonKey: null };
const NO_GM: ActionPermission = { allowed: false, viaGm: false, reasonKey: "TERRAN.Card.Reason.noGm" };
const NOT_ROLLER: ActionPermission = { allowed: false, viaGm: false, reasonKey: "TERRAN.Card.Reason.notRoller" };

type Who = "roller" | "other player" | "GM";
const USERS = { roller: ROLLER, "other player": OTHER, GM } as const;

/** [who, owns the target, setting, GM online, expected apply]. */
const APPLY_MATRIX: readonly (readonly [Who, boolean, ApplySetting, boolean, ActionPermission])[] = [
  ["GM", false, "gm", true, ALLOWED],
  ["GM", false, "owners", true, ALLOWED],
  ["GM", true, "gm", false, ALLOWED],
  ["GM", false, "owners", false, ALLOWED],
  ["roller", true, "owners", true, ALLOWED],
  ["roller", true, "owners", false, ALLOWED],
  ["roller", true, "gm", true, VIA_GM],
  ["roller", true, "gm", false, NO_GM],
  ["roller", false, "owners", true, VIA_GM],
  ["roller", false, "owners", false, NO_GM],
  ["roller", false, "gm", true, VIA_GM],
  ["roller", false, "gm", false, NO_GM],
  ["other player", true, "owners", true, ALLOWED],
  ["other player", true, "owners", false, ALLOWED],
  ["other player", true, "gm", true, VIA_GM],
  ["other player", true, "gm", false, NO_GM],
  ["other player", false, "owners", true, VIA_GM],
  ["other player", false, "owners", false, NO_GM],
  ["other player", false, "gm", true, VIA_GM],
  ["other player", false, "gm", false, NO_GM],
];

describe("chat card permissions", () => {
  it.each(APPLY_MATRIX)(
    "R-RA-7 R-CH-4: applying (permission matrix): %s, owns target %s, setting %s, GM online %s",
    (who, owned, setting, gmOnline, expected) => {
      const permissions = cardPermission({ user: USERS[who], rollerId: ROLLER.id, gmOnline, targetOwnedByUser: owned, applySetting: setting });
      expect(permissions.apply).toEqual(expected);
    },
  );

  it.each([
    ["roller", true, ALLOWED],
    ["roller", false, ALLOWED],
    ["GM", true, ALLOWED],
    ["GM", false, ALLOWED],
    ["other player", true, NOT_ROLLER],
    ["other player", false, NOT_ROLLER],
  ] as const)("R-RA-1 R-EGO-2: choosing, confirming and undoing Ego (permission matrix): %s, GM online %s", (who, gmOnline, expected) => {
    for (const owned of [true, false]) {
      for (const setting of ["gm", "owners"] as const) {
        const p = cardPermission({ user: USERS[who], rollerId: ROLLER.id, gmOnline, targetOwnedByUser: owned, applySetting: setting });
        expect([p.choose, p.confirm, p.undoEgo]).toEqual([expected, expected, expected]);
      }
    }
  });

  it("R-RA-1: a GM who is also the roller may do everything directly (permission matrix)", () => {
    const p = cardPermission({ user: GM, rollerId: GM.id, gmOnline: false, targetOwnedByUser: false, applySetting: "gm" });
    expect(p).toEqual({ choose: ALLOWED, confirm: ALLOWED, undoEgo: ALLOWED, apply: ALLOWED });
  });
});
