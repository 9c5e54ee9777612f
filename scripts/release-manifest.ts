/**
 * The shipped manifest (dist/system.json, and release/system.json beside the zip) is the repository's
 * system.json with four fields derived from package.json, so each is written once:
 *
 * - `version`: package.json's `version` (the release tag is `v` + this version);
 * - `url`: the repository, package.json's `repository.url`;
 * - `manifest` and `download`: GitHub's "latest release" asset URLs of that repository
 *   (`<url>/releases/latest/download/<asset>`), which always name the newest published release, so a
 *   world that installed by manifest URL finds updates there.
 *
 * The repository's system.json must not hold these fields (a second copy would drift): this refuses it.
 * Used by vite.config.ts (the build) and scripts/package.ts (the release); pure, no file access.
 */

/** The release assets' file names (scripts/package.ts writes them; the workflow uploads them). */
export const RELEASE_ZIP = "terran-engine.zip";
export const RELEASE_MANIFEST = "system.json";

/** The fields derived here; the repository's system.json leaves them out. */
export const DERIVED_FIELDS = ["version", "url", "manifest", "download"] as const;

export interface ReleaseUrls {
  readonly url: string;
  readonly manifest: string;
  readonly download: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The GitHub repository package.json names (`repository` as `{ url }` or a string), as
 * https://github.com/<owner>/<repo>.
 */
export function repositoryUrl(pkg: unknown): string {
  const repository = isRecord(pkg) ? pkg.repository : undefined;
  const raw = typeof repository === "string" ? repository : isRecord(repository) ? repository.url : undefined;
  if (typeof raw !== "string")
    throw new Error("package.json: `repository.url` is missing (the release URLs are derived from it)");
  const match = /^(?:git\+)?https:\/\/github\.com\/([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(raw);
  if (!match) throw new Error(`package.json: repository.url ${raw} is not an https://github.com/<owner>/<repo> URL`);
  return `https://github.com/${match[1]}/${match[2]}`;
}

/** The repository URL and the "latest release" URLs of the manifest and the zip. */
export function releaseUrls(pkg: unknown): ReleaseUrls {
  const url = repositoryUrl(pkg);
  const latest = `${url}/releases/latest/download`;
  return { url, manifest: `${latest}/${RELEASE_MANIFEST}`, download: `${latest}/${RELEASE_ZIP}` };
}

/** package.json's version, checked as semver X.Y.Z (pre-release suffix allowed). */
export function packageVersion(pkg: unknown): string {
  const version = isRecord(pkg) ? pkg.version : undefined;
  if (typeof version !== "string" || !/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(version)) {
    throw new Error(`package.json: version ${String(version)} is not semver X.Y.Z`);
  }
  return version;
}

/** The manifest to ship: the repository's system.json with version and release URLs from package.json. */
export function releaseManifest(manifest: unknown, pkg: unknown): Record<string, unknown> {
  if (!isRecord(manifest)) throw new Error("system.json is not a JSON object");
  const written = DERIVED_FIELDS.filter((field) => field in manifest);
  if (written.length > 0) {
    throw new Error(
      `system.json: ${written.join(", ")} are derived from package.json at build time; remove them from system.json`,
    );
  }
  const { id, title, description, ...rest } = manifest;
  return { id, title, description, version: packageVersion(pkg), ...rest, ...releaseUrls(pkg) };
}
