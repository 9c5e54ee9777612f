/**
 * The sheets the sandbox shows: the fixture actors and items of tests/fixtures/sheets.ts rendered with
 * the sheets' own pure context builders and template parts (src/applications/sheets/).
 */

export interface SheetScene {
  readonly id: string;
  /** What the sandbox's index calls it. */
  readonly title: string;
  /** The window's title (the document's name). */
  readonly windowTitle: string;
  /** The application's own classes (its DEFAULT_OPTIONS.classes), on the window element. */
  readonly classes: readonly string[];
  readonly width: number;
  readonly height: number;
  /** A narrow width it must still fit. */
  readonly narrow: number;
  /** The window content: every part, in order. */
  readonly render: () => string;
}

export const SHEETS: readonly SheetScene[] = [];
