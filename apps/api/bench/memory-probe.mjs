// Loaded into the measured server with `node --import` by `pnpm bench:memory` (bench/memory.ts),
// never in production: writes V8's own view of its heap ten times a second to MEMORY_PROBE_FILE,
// so that the anonymous part of the process's RSS can be split into V8's heap and the rest
// (glibc's malloc: SQLite's page cache, libvips, Buffers). Plain JavaScript: the built server runs
// under plain node.
import { renameSync, writeFileSync } from "node:fs";
import v8 from "node:v8";

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  setInterval(() => {
    const spaces = Object.fromEntries(
      v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.physical_space_size]),
    );
    const { external, arrayBuffers } = process.memoryUsage();
    // Written whole, then renamed: the reader never sees half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify({ spaces, external, arrayBuffers }));
    renameSync(`${file}.tmp`, file);
  }, 100).unref();
}
