/**
 * The part of `@foundryvtt/foundryvtt-cli` 3.0.3 the pack scripts use. The CLI ships no types
 * (TS7016); this is written from its README and JSDoc, and covers LevelDB packs only.
 */
declare module "@foundryvtt/foundryvtt-cli" {
  /** A document as the CLI reads or writes it: plain JSON with `_key` (and embedded documents inline). */
  export type PackEntry = Record<string, unknown>;

  export interface TransformerContext {
    /** "Item", "Actor", "RollTable", "JournalEntry"… */
    documentType?: string;
    /** The folder path, when extracting with `folders`. */
    folder?: string;
  }

  /** Return `false` to leave the entry out. May change the entry in place. */
  export type EntryTransformer = (
    entry: PackEntry,
    context?: TransformerContext,
  ) => Promise<false | undefined> | false | undefined;
  /** The file name (relative to the destination) an extracted entry is written to. */
  export type NameTransformer = (
    entry: PackEntry,
    context?: TransformerContext,
  ) => Promise<string | undefined> | string | undefined;

  export interface PackageOptions {
    yaml?: boolean;
    log?: boolean;
    transformEntry?: EntryTransformer;
  }

  export interface CompileOptions extends PackageOptions {
    recursive?: boolean;
  }

  export interface ExtractOptions extends PackageOptions {
    /** Delete the destination folder before writing. */
    clean?: boolean;
    folders?: boolean;
    omitVolatile?: boolean;
    jsonOptions?: { space?: string | number };
    transformName?: NameTransformer;
  }

  /**
   * Compiles the source files of `src` into the LevelDB pack folder `dest`. A top-level source
   * without `_key` is skipped silently; an embedded document without `_key` throws.
   */
  export function compilePack(src: string, dest: string, options?: CompileOptions): Promise<void>;

  /** Extracts the LevelDB pack `src` into one source file per primary document in `dest`. */
  export function extractPack(src: string, dest: string, options?: ExtractOptions): Promise<void>;
}
