import { describe, expect, it } from "vitest";
import { cardPermission, type ActionPermission, type ApplySetting } from "../../src/chat/index.ts";
import { GM, OTHER, ROLLER } from "./fixtures.ts";

const ALLOWED: ActionPermission = { allowed: true, viaGm: false, reasonKey: null };
const VIA_GM: ActionPermission = { allowed: true, viaGm: true, reasonKey: null };
const NO_GM: ActionPermission = { allowed: false, viaGm: false, reasonKey: "TERRAN.Card.Reason.noGm" };
const NOT_ROLLER: ActionPermission = { allowed: false, viaGm: false, reasonKey: "TERRAN.Card.Reason.notRoller" };
const NOT_OWNER: ActionPermission = { allowed: false, viaGm: false, reasonKey: "TERRAN.Card.Reason.notOwner" };
const OWNED_ONLY = "TERRAN.Card.Reason.ownedOnly";
/** Open, with the hint that it reaches only targets the user owns (directly, or through the GM). */
const HERE_OWNED: ActionPermission = { allowed: true, viaGm: false, reasonKey: OWNED_ONLY };
const GM_OWNED: ActionPermission = { allowed: true, viaGm: true, reasonKey: OWNED_ONLY };
const REFUSED_OWNED: ActionPermission = { allowed: false, viaGm: false, reasonKey: OWNED_ONLY };

type Who = "roller" | "other player" | "GM";
const USERS = { roller: ROLLER, "other player": OTHER, GM } as const;
type Kind = "risky" | "challenge";

/**
 * [card, who, owns the target (null: not chosen yet, as when the card is drawn), setting, GM online, expected apply].
 */
const APPLY_MATRIX: readonly (readonly [Kind, Who, boolean | null, ApplySetting, boolean, ActionPermission])[] = [
  // A GM applies everything directly.
  ["risky", "GM", null, "gm", false, ALLOWED],
  ["challenge", "GM", false, "owners", true, ALLOWED],
  // The roller: through the GM, or directly what they own under "owners".
  ["risky", "roller", null, "gm", true, VIA_GM],
  ["risky", "roller", null, "gm", false, NO_GM],
  ["risky", "roller", null, "owners", true, VIA_GM],
  ["risky", "roller", null, "owners", false, HERE_OWNED],
  ["risky", "roller", true, "owners", false, ALLOWED],
  ["risky", "roller", true, "gm", true, VIA_GM],
  ["risky", "roller", false, "owners", true, VIA_GM],
  ["risky", "roller", false, "owners", false, REFUSED_OWNED],
  ["risky", "roller", false, "gm", false, NO_GM],
  // Another player and a player's Effect: only an owner of the target, only under "owners".
  ["risky", "other player", null, "gm", true, NOT_ROLLER],
  ["risky", "other player", true, "gm", true, NOT_ROLLER],
  ["risky", "other player", null, "owners", true, GM_OWNED],
  ["risky", "other player", null, "owners", false, HERE_OWNED],
  ["risky", "other player", true, "owners", false, ALLOWED],
  ["risky", "other player", false, "owners", true, NOT_OWNER],
  // A Challenge's harm: a player on a character they own, whatever the setting.
  ["challenge", "other player", null, "gm", true, GM_OWNED],
  ["challenge", "other player", null, "gm", false, NO_GM],
  ["challenge", "other player", true, "gm", true, VIA_GM],
  ["challenge", "other player", true, "owners", false, ALLOWED],
  ["challenge", "other player", null, "owners", false, HERE_OWNED],
  ["challenge", "other player", false, "gm", true, NOT_OWNER],
  ["challenge", "other player", false, "owners", true, NOT_OWNER],
];

describe("chat card permissions", () => {
  it.each(APPLY_MATRIX)(
    "R-RA-7 R-CH-4: applying (permission matrix): %s card, %s, owns target %s, setting %s, GM online %s",
    (cardKind, who, owned, setting, gmOnline, expected) => {
      const permissions = cardPermission({
        user: USERS[who],
        rollerId: ROLLER.id,
        gmOnline,
        targetOwnedByUser: owned,
        applySetting: setting,
        cardKind,
      });
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
  ] as const)(
    "R-RA-1 R-EGO-2: choosing, confirming and undoing Ego (permission matrix): %s, GM online %s",
    (who, gmOnline, expected) => {
      for (const owned of [true, false]) {
        for (const setting of ["gm", "owners"] as const) {
          const p = cardPermission({
            user: USERS[who],
            rollerId: ROLLER.id,
            gmOnline,
            targetOwnedByUser: owned,
            applySetting: setting,
          });
          expect([p.choose, p.confirm, p.undoEgo]).toEqual([expected, expected, expected]);
        }
      }
    },
  );

  it.each([
    ["roller", false, ALLOWED],
    ["roller", true, { allowed: false, viaGm: false, reasonKey: "TERRAN.Card.Reason.egoConfirmed" }],
    ["GM", false, ALLOWED],
    ["GM", true, ALLOWED],
    ["other player", false, NOT_ROLLER],
    ["other player", true, NOT_ROLLER],
  ] as const)(
    "R-EGO-2 (ruling): giving back Ego mends a mistake: %s, dice confirmed %s",
    (who, confirmed, expected) => {
      const p = cardPermission({
        user: USERS[who],
        rollerId: ROLLER.id,
        gmOnline: true,
        targetOwnedByUser: null,
        applySetting: "gm",
        confirmed,
      });
      expect(p.undoEgo).toEqual(expected);
    },
  );

  it("R-RA-1: a GM who is also the roller may do everything directly (permission matrix)", () => {
    const p = cardPermission({
      user: GM,
      rollerId: GM.id,
      gmOnline: false,
      targetOwnedByUser: false,
      applySetting: "gm",
    });
    expect(p).toEqual({ choose: ALLOWED, confirm: ALLOWED, undoEgo: ALLOWED, apply: ALLOWED });
  });
});
