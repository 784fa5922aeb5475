import { unsupportedNodeMessage } from "./node-version";

// The bundle's entry (dist/server.js). The server's modules load only once the runtime is known to
// be one they run on: an older Node would otherwise fail inside a dependency with a cryptic error.
const problem = unsupportedNodeMessage(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
await import("./server");
