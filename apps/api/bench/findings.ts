/**
 * The part of docs/benchmarks.md that a person writes: what the measurements showed and what was
 * done about it. The tables above it are regenerated on every run; keep this text true to them.
 */
export const FINDINGS = `
## What we found

### Lists and search at 100,000 artifacts

- **Before**: every list call ran \`artifact_name LIKE :pattern\` (with \`%\` for no search) and a
  count with the same filter, so each call read the whole table: about 30 ms for page 1 of the
  plain list, 55 ms (newest first) to 140 ms (least liked first) for page 10,000, 30 ms for a search.
  Plans: \`SCAN artifacts\`.
- **Search** now uses an FTS5 trigram index (migration 0002, docs/decisions/009). It indexes the
  ASCII-lowered names case-sensitively, which is exactly what LIKE compares, so counts and pages come
  from the index with no recheck of the rows. The first design (\`trigram case_sensitive 0\` on the
  raw names) folds non-ASCII letters too and needed that recheck: 3 to 35 ms per count, growing with
  the number of matches. A count from the index is about a millisecond even for a term in a quarter
  of the names. Plans: \`SCAN artifacts_name_fts VIRTUAL TABLE INDEX 0:M1\`; newest first reads the
  index backwards by rowid and stops after the page (\`INDEX 192:M1\`).
- **Deep pages**: each sort has a narrow index in its order (migration 0003); a page is the ids at
  an OFFSET in that index (\`SCAN … USING COVERING INDEX\`), then eight rows by primary key, and the
  OFFSET is counted from whichever end is nearer. Page 10,000 went from 55–140 ms to well under a
  millisecond. "Most liked first, ties by ascending id" is a mixed direction: with only the ascending
  index SQLite sorted every group of equal like counts (\`USE TEMP B-TREE FOR LAST TERM OF ORDER BY\`,
  32 ms at page 10,000), hence \`artifacts_likes_desc_idx (like_count desc, id, artifact_name)\`.
- **Searches sorted by likes** have two plans, chosen per call from the count: walk the sort's index
  testing names with LIKE until the page is full (cheap when many names match), or read every match
  from the search index and sort them (cheap when few do). The worst case left is a page in the
  middle of a broad search sorted by likes (about half the index walked: 5–6 ms).
- **One- and two-character searches** are too short for trigrams. They use LIKE over the narrow
  \`artifacts_list_idx\`, never the table, but counting them reads every name: about 10 ms of CPU at
  100,000 names, the one query over the target when it runs (the \`(cold)\` rows). Counts are cached
  per term until a name changes (\`artifact_names_version\`, bumped by the same triggers), since the
  search box sends such terms while people type; a cached short search answers in about 0.1 ms.
  Making the cold count itself fast would take an index of one- and two-character substrings.
- **Counts**: \`count(*)\` over the smallest index takes 20–30 µs; the collection's size is now also
  kept until an artifact is added or deleted.
- **Wall clock and CPU**: the p99 column is wall-clock time on a machine that other work shared (load
  average above). Where p99 is far above p50 while the CPU p99 is not, the process was waiting for a
  core, not working.
- **Generating the data**: the million trigger-firing like inserts first spent most of their time
  writing a statement journal to a temporary file (3.2 million pwrite calls, found with \`strace -c\`);
  \`temp_store = MEMORY\` and a 256 MB page cache on the generating connection halved the time.

### HTTP: the product against its ceilings (profiles with \`node --cpu-prof\`)

- **@fastify/helmet** calls \`helmet(options)\` for every request, rebuilding every middleware and
  the Content-Security-Policy string: about a tenth of a REST request's CPU time. The headers never
  change per request (no nonces), so src/plugins/security-headers.ts now asks the plugin once at
  start (on a throwaway instance) and sets the same headers from a list: 150 → 100 µs of CPU per
  REST GET /artifacts/{id} in our measurement, identical headers (test/security/headers.test.ts).
- **Logging** at the default level writes two JSON lines per request (\`incoming request\`,
  \`request completed\`, each with its request id). In a pino micro-benchmark with our options the
  two lines cost 34 µs per request, of which 22 µs is redaction: the wildcard paths (\`*.password\`,
  \`*.token\`, …) make pino copy and walk every logged object. Without the wildcards 18 µs, without
  redaction 11.5 µs; in the server's profile logging is about 15 of the 100 µs of a REST request.
  The LOG_LEVEL=warn rows measure the same server without those lines; on this machine the
  difference is within the run-to-run noise. Not changed here (src/logging.ts belongs to the
  hardening work); dropping the wildcard paths would recover most of the redaction cost.
- **The rest of a REST request** beyond the bare route: eight hooks (request id, security headers,
  cookies, CORS, origin check, session, cookie onSend), about 800 bytes of response headers, the id
  check, and the database read: 7 µs in a loop, but about 23 µs in the server's profile, where the
  CPU caches are cold again by the time the next request's statement runs. \`appendVary\` split and
  joined the Vary header on every request (now a fast path). Together this is about three times
  the bare route's work, so GET /artifacts/{id} stays near a third of the ceiling; 0.7 would need
  the whole request, database read included, in about 1.4 times the bare route's 35 µs.
- **tRPC**: the do-nothing procedure costs about 280 µs of CPU per request here against about 35 µs
  for the bare Fastify route: the Fastify adapter turns each request into a Fetch \`Request\` and
  \`Response\` with web streams, \`AbortSignal.any\`, a \`DOMException\` when the socket closes, and
  copies its options with a spread helper at each middleware. artifacts.byId adds input validation,
  the context, the query and a larger answer. A list answer carries eight whole artifacts (about
  5 kB) and runs two statements, which is why the list rows stay further from a procedure that
  returns null.
- **The machine**: two cores shared by the server under test, autocannon and everything else that
  ran. The bare Fastify ceiling is limited by autocannon, not by the server (its profile is about
  45% idle), so its req/s and every ratio to it move with the load; the medians of interleaved runs
  above are the fairest figures this machine gives.
- **Writes**: like then unlike is two transactions with \`synchronous=FULL\` (decision 002), each a
  session lookup through the lucia adapter and an fsync; it has no target.

### Memory

- The product starts at about 110 MB RSS (the bare tRPC ceiling at 63 MB; the start-up
  \`quick_check\` alone leaves about 10 MB of SQLite's memory behind). Under tRPC load V8 grows the
  old generation with short-lived garbage, the more the faster requests come: a forced GC brings
  the heap from 95 MB back to 27 MB (no leak), but RSS stays at the high-water mark. The bare tRPC
  ceiling grows the same way (63 → 146 MB). With \`--max-old-space-size=128\` the peak in the
  same load was 150–160 MB with no loss of throughput. That is a deployment flag (NODE_OPTIONS or
  scripts/start.sh), not code; \`pnpm bench\` runs the server exactly as scripts/start.sh does, so it
  is not applied here.

### Web

- First-load JavaScript of / and /allartifacts is 142.6 kB gzipped (the entry chunk and the shared
  vendor chunk), over the 130 kB budget; a size check joins the test run once it fits.
  The protected screens are separate chunks.
- Lighthouse's mobile settings simulate a slow 4G link and a 4× slower CPU on top of this busy
  machine; the first-load size and the fonts weigh most there. On desktop, /allartifacts shifts its
  layout when the list arrives.
`;
