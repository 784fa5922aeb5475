/**
 * The Node.js line the server runs on (decision 019). `.nvmrc` and the `engines` of package.json
 * name the same version; a test keeps the three in step.
 */
export const REQUIRED_NODE_VERSION = "26.10.0";

/** Why `version` (process.versions.node) cannot run the server, or null when it can. */
export function unsupportedNodeMessage(version: string): string | null {
  const [major = 0, minor = 0, patch = 0] = version.split(".").map(Number);
  const [wantMajor = 0, wantMinor = 0, wantPatch = 0] =
    REQUIRED_NODE_VERSION.split(".").map(Number);
  const supported =
    major === wantMajor && (minor > wantMinor || (minor === wantMinor && patch >= wantPatch));
  if (supported) return null;
  return (
    `Artifact Atlas needs Node.js ${REQUIRED_NODE_VERSION} (or a newer ${wantMajor}.x); this is ${version}. ` +
    "`npm start` brings the right one into .node/ by itself."
  );
}
