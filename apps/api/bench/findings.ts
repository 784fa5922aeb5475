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
- **One- and two-character searches** are too short for trigrams. Their pages walk the sort's
  narrow index with LIKE until the page is full, never the table. Counting them with LIKE read
  every name: 8 ms p50 and 11 to 12 ms p99 of CPU at 100,000 names, the one query over the target
  (the \`(cold)\` rows of the previous runs). Migration 0004 keeps \`artifact_name_pieces\`: how many
  names contain each one- and two-character piece of the lowered names, kept by triggers in the same
  transaction as every write to a name (about 34 µs more per added artifact; 7.6 s to build at
  100,000). A count is now one lookup, so the cold rows above answer in microseconds. A rare short
  term (256 matches or fewer) still reads the narrow index once to collect its ids (about 7 ms at
  100,000), then keeps them until a name changes; the bench data has no such term.
- **A regression caught by this benchmark**: when the search moved to its own module, the walk of a
  short or common search sorted by likes read \`artifacts_list_idx\` instead of the sort's own index,
  so SQLite read every match and sorted it: 7 to 14 ms for page 1, 33 ms for page 5,000 of "o". The
  plan test in test/artifact-search.test.ts now checks that such a walk uses the sort's index.
- **Counts**: \`count(*)\` over the smallest index takes 20–30 µs; the collection's size is now also
  kept until an artifact is added or deleted.
- **Wall clock and CPU**: the p99 column is wall-clock time on a machine that other work shared (load
  average above). Where p99 is far above p50 while the CPU p99 is not, the process was waiting for a
  core, not working.
- **Generating the data**: the million trigger-firing like inserts first spent most of their time
  writing a statement journal to a temporary file (3.2 million pwrite calls, found with \`strace -c\`);
  \`temp_store = MEMORY\` and a 256 MB page cache on the generating connection halved the time.

### HTTP: the product against its ceilings (profiles with \`node --cpu-prof\`)

CPU per request below is the server process's own CPU time (from /proc, user plus system) divided
by the requests answered, measured side by side with the ceiling: unlike req/s it barely moves when
other work shares the machine.

- **@fastify/helmet** calls \`helmet(options)\` for every request, rebuilding every middleware and
  the Content-Security-Policy string: about a tenth of a REST request's CPU time. The headers never
  change per request (no nonces), so src/plugins/security-headers.ts asks the plugin once at start
  and sets the same headers from a list (identical headers, test/security/headers.test.ts).
- **The database read under load** cost about 15 µs per request in the server's profile against
  7 µs in a loop: each read is its own WAL read transaction, and strace shows two \`fcntl\` lock calls
  and a \`stat\` for each. The same few answers are asked for again and again (the home page, page 1,
  a popular artifact), so the public reads now keep their answers in memory until this server writes
  anything (src/db/read-cache.ts, decision 010). Whether anything was written is SQLite's
  \`total_changes()\`, which takes no lock: 0.07 µs, against 2.4 µs for \`PRAGMA data_version\` and
  6.5 to 9.4 µs for the read itself, measured in one loop. REST GET /artifacts/{id} went from 0.37 to
  0.53–0.59 of the ceiling over three runs of this benchmark, tRPC list reads from 0.35–0.58 to
  0.70–0.75. The row "every id once" asks for a different artifact each time, so nothing kept
  helps: that is the cost of a read that misses.
- **Logging**: Fastify wrote two lines per request ("incoming request", "request completed") and
  pino's wildcard redaction paths (\`*.password\`) made it copy and walk every logged object: 34 µs
  per request in a pino micro-benchmark, 22 of them redaction. Now one access line per request
  (src/logging.ts, the same fields) and exact redaction paths only. The LOG_LEVEL=warn rows are the
  same server without that line: about 10 µs of CPU per request.
- **Hooks**: the request id, CORS, origin check and session hooks were async functions, a promise
  and a microtask each on every request; they are callback hooks now.
- **What is left of REST GET /artifacts/{id}**: about 48 µs of CPU per request against 19 to 25 µs
  for the bare route. Adding the product's 13 response headers (helmet's eleven, the request id,
  Vary) to the bare route alone took it from 26 to 38 µs: Node checks and writes every header of
  every answer. The access line is about 10 µs, the hooks, routing, the kept answer and the id check
  about 6. 0.7 of the ceiling would need the whole request in about 1.4 times the bare route, less
  than the bare route plus its security headers. We keep the headers on every answer (decision 007)
  and the access log, so this target stays missed on purpose; sending fewer headers with JSON
  answers is the one large lever left.
- **tRPC**: the do-nothing procedure costs about 260 to 300 µs of CPU per request here against
  about 20 µs for the bare Fastify route: the Fastify adapter turns each request into a Fetch
  \`Request\` and \`Response\` with web streams and \`AbortSignal.any\`, and copies its options with a
  spread helper at each middleware. A do-nothing procedure answering the same 4.5 kB page of eight
  artifacts cost the same as one answering null (within the noise), so the answer's size is not the
  gap. What the reads add is the product's per-request work that REST pays too (headers, access
  line, hooks: about 30 µs), input validation and our one middleware (about 10 µs of tRPC's option
  copying), and the answer's JSON (about 15 µs in \`resolveResponse\`): the reads sit at 0.70–0.75
  of the ceiling, short of 0.8.
- **The machine**: two cores shared by the server under test, autocannon and everything else that
  ran. The bare Fastify ceiling is limited by autocannon as much as by the server, so its req/s and
  every ratio to it move with the load; the medians of interleaved runs above are the fairest
  figures this machine gives.
- **Writes**: like then unlike is two transactions with \`synchronous=FULL\` (decision 002), each a
  session lookup through the lucia adapter and an fsync; it has no target.

### Memory

- The product starts at about 110 MB RSS (the bare tRPC ceiling at 63 MB; the start-up
  \`quick_check\` alone leaves about 10 MB of SQLite's memory behind). Under tRPC load V8 grew the
  old generation with short-lived garbage, the more the faster requests came: a forced GC brought
  the heap from 95 MB back to 27 MB (no leak), but RSS stayed at the high-water mark (272 MB, up to
  300 MB with the read cache's faster answers). The server now runs with
  \`--max-old-space-size=128\` (package.json \`config.serverNodeOptions\`, used by scripts/start.sh and
  by this benchmark alike): V8 collects sooner, RSS stays near 160 MB, and throughput did not move.
  The read cache holds at most 4,096 answers (a few MB).

### Web

- **Nothing was compressed**: on Lighthouse's simulated slow 4G the first paint waited on 274 kB of
  script and 47 kB of CSS. The build now writes brotli and gzip copies of every text file and the
  server sends the one the browser accepts (117 kB and 9 kB on the wire; decision 011). Mobile
  performance went from 69–78 to 91–97.
- **Fonts** were requested only after React rendered, and their swap moved the text; index.html now
  preloads the two Latin files every page paints with.
- **Layout shift**: /allartifacts showed a spinner that the grid replaced, pushing the footer down
  (0.095); it now shows card-shaped placeholders and keeps the count line's height (0.001). /login
  shifted the same way when its screen's code arrived (0.047 on desktop, 0.2 in one mobile run): the
  footer now waits with the screen (0.002).
- **First-load JavaScript**: 142.6 kB gzipped, of which the libraries were about 117 kB. The
  sections below the first screen, the popup and the social icons left the first download, and one
  entry file replaced four shared chunks (135.1 kB); then the routes moved from React Router's data
  router to declarative \`<Routes>\` with lazy screens, which drops the router's state machine:
  117.4 kB, under the 130 kB budget with room to spare (decision 013).
  apps/web/e2e/bundle-budget.test.ts now fails the test run when a budget is exceeded or a
  protected screen joins the first load.
- Lighthouse's best-practices score counts console errors: the bench data's images are on the
  product's own origin; with the demo collection's external images (unreachable here) it is 96.
`;
