/** R-LEG-14 the complications a character carries to its next related roll, read from a flag any client may write. */
import { describe, expect, it } from "vitest";
import { readComplications, withComplication, withoutComplications } from "../../src/data/complications.ts";

const bear = { challengeUuid: "Actor.bear", from: "Cave Bear", dice: 2 };
const storm = { challengeUuid: "Actor.storm", from: "Storm", dice: 1 };

describe("Pending complications", () => {
  it("R-LEG-14 (ruling): one complication per Challenge, the newer Effect replacing the older; used ones are cleared", () => {
    expect(withComplication([bear, storm], { ...bear, dice: 3 })).toEqual([storm, { ...bear, dice: 3 }]);
    expect(withoutComplications([bear, storm], ["Actor.bear"])).toEqual([storm]);
  });

  it("R-LEG-14: a stored list is read as untrusted: only 1 to 3 dice, a uuid and a name are kept", () => {
    expect(readComplications(undefined)).toEqual([]);
    expect(readComplications("x")).toEqual([]);
    expect(
      readComplications([
        bear,
        { ...storm, dice: 4 },
        { ...storm, dice: 0 },
        { ...storm, dice: 1.5 },
        { ...storm, from: "" },
        { ...storm, challengeUuid: "Actor.<script>" },
        null,
        [storm],
        storm,
        { ...bear, dice: 1 },
      ]),
    ).toEqual([storm, { ...bear, dice: 1 }]);
  });
});
