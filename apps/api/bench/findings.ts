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
- **One find (issues 27–29)**: every list reads through \`find()\` and one SQL builder
  (store/find.ts); the plans above live inside it. The names search now folds accents and takes its
  words in any order (a second trigram index, migration 0037); the ASCII index still tells when a
  LIKE walk finds every match, so sorted pages keep their speed. A search in all fields for words
  in more than half the collection is read newest first and its counts read a sample of about
  5,000 matches ("a": page 48 → 5 ms, facets 190–200 → 45–60 ms at 100,000 artifacts).
- **Counts**: \`count(*)\` over the smallest index takes 20–30 µs; the collection's size is now also
  kept until an artifact is added or deleted.
- **Wall clock and CPU**: the p99 column is wall-clock time on a machine that other work shared (load
  average above). Where p99 is far above p50 while the CPU p99 is not, the process was waiting for a
  core, not working.
- **Generating the data**: the million trigger-firing like inserts first spent most of their time
  writing a statement journal to a temporary file (3.2 million pwrite calls, found with \`strace -c\`);
  \`temp_store = MEMORY\` and a 256 MB page cache on the generating connection halved the time.

### HTTP: the product against its ceilings (profiles with \`node --cpu-prof\`)

CPU per request below is the server process's own CPU time divided by the requests answered. Since
2026-11-25 the server runs on Node 26 (decision 019); the history of the Node 20 measurements is in
the git history of this file.

- **What stays, and why**: the read cache (src/db/read-cache.ts, decision 010) keeps the hot public
  reads' answers until this server writes, because under load a read transaction's locks cost more
  than a short indexed query; one access line per request written by hand (src/access-log.ts) and
  written to stdout in batches (src/log-output.ts, decision 014), because pino's general path and a
  \`write(2)\` per line cost more than the request's own work; callback hooks instead of async
  ones; our own tRPC plugin around \`resolveResponse\` (decision 015); the security headers that
  only act on a page sent with documents only (decision 016); and the heap cap with its growth
  setting (decision 017). Each was measured as a gain a busy server notices (about a tenth or more
  of a request's CPU, or its memory) and is re-measured by this benchmark.
- **Node 26: what the Node 20 workarounds measure now** (\`pnpm bench:profile\`, REST GET
  /artifacts/{id}, six processes of each build on the same machine, medians of each function's own
  CPU per request). The whole request cost 40–58 µs of CPU in either build while other work shared
  the machine; the socket write alone is 22–29 µs of it.
  - *Keeping a tick object alive* (decision 018, removed): \`process.nextTick\` 0.23–0.45 µs per
    request with the keeper, 0.23–0.71 without, and no start in six was slow. The plain-Node
    reproduction still slows down on Node 26 (700–1,500 ns a call against 80–250 with a kept tick
    object), so V8 still collects the map, but in the server it is well under a microsecond.
  - *Remembering Vary merges* (removed): \`mergeVary\` is 0.35–0.65 µs of a request without the
    memo. Not something anyone could notice; the code is simpler without the two maps.
  - *Asking @fastify/helmet for its headers at start* (removed): the same headers are now a literal
    table, so the start no longer builds two throwaway Fastify apps; no per-request difference.
  - *Keeping the REST detail read's JSON text* (removed): Fastify's serialiser was 1.4–1.8 µs of a
    REST read on Node 20; serialising again is a few percent of a request's CPU, and REST no longer
    reaches into the cache.
  - The full runs above show what these removals cost as throughput, side by side with the
    ceilings.
- **tRPC: most of the distance to the do-nothing ceiling is tRPC's own**. The row "byId's input and
  answer from memory" is a procedure on the ceiling's server with byId's input schema that answers
  the sample artifact: no hooks, no log line, no database. Reading the input, the validator
  middleware, JSON and undici's \`Response\` take a sixth of the do-nothing call's throughput before
  the product does anything; the 0.8 target leaves little for the hooks, the access line, the
  session check and the read.
- **The floor row**: a server of its own (ceilings.ts, \`rest-floor\`) with the bare route plus only
  what every answer of the product owes, each done once in the route: the request id, the security
  headers of a JSON answer and Vary, the id checked with the REST path's own validation, and the
  access line through the product's own logging. It shows how much of the bare route's speed any
  product answer can keep.
- **Per-request profiles** (\`pnpm bench:profile\`, apps/api/bench/profile.ts): the built server
  under \`node --cpu-prof\` on a fresh database, a fixed number of requests to one path, and each
  function's own time divided by the requests, counting only the samples taken while they ran. A
  function's share hardly moves between runs, so a microsecond shows where req/s side by side
  could not; use several processes (\`--processes\`), since two starts of one build differ.
- **The machine**: two cores shared by the server under test, autocannon and everything else that
  ran. The bare Fastify ceiling is limited by autocannon as much as by the server, so its req/s and
  every ratio to it move with the load: each ratio is the median of each round's ratio to the
  ceiling's run of the same round (paired), over five rounds.
- **Writes**: like then unlike is two transactions with \`synchronous=FULL\` (decision 002), each a
  session lookup and an fsync; it has no target.
- **Limits added for issue "No single client can take Atlas down"** (docs/operations.md, "Limits"):
  the body buffer, the request timeout, the connection cap, the batch cap, load shedding and the
  read cache's byte budget all sit on every request's path or the cache's miss path; the runs above
  include them.

### Memory

- The product starts at about 110 MB RSS (the bare tRPC ceiling at 63 MB; the start-up
  \`quick_check\` alone leaves about 10 MB of SQLite's memory behind). Under tRPC load V8 grew the
  old generation with short-lived garbage, the more the faster requests came: a forced GC brought
  the heap from 95 MB back to 27 MB (no leak), but RSS stayed at the high-water mark (272 MB, up to
  300 MB with the read cache's faster answers). The server now runs with
  \`--max-old-space-size=128\` (package.json \`config.serverNodeOptions\`, used by scripts/start.sh and
  by this benchmark alike): V8 collects sooner, RSS stayed near 160 MB. Under a cap that small V8
  also grows the old generation by only about 10% after each full collection, which tRPC's garbage
  made costly (above, "Old-generation garbage on every tRPC call"); with
  \`--heap-growing-percent=200\` beside the cap (decision 017) RSS peaks near 180 MB. The read
  cache holds at most 4,096 answers (a few MB).
- **Node 26, issue "A supported Node LTS"** (\`pnpm bench:memory\`, apps/api/bench/memory.ts:
  the built server on the bench collection, one large upload, the read scenarios above twice,
  the RSS taken apart at its peak by mapping and V8 heap space; decision 017): the highest RSS
  above is made of about 67 MB mapped from disk (the node binary 52, libvips 9, other libraries 7),
  V8's heap near 100 MB (old space 80, young 8) and 75 MB of other memory (malloc: SQLite's 16 MB
  page cache, buffers, what libvips leaves). The server starts at about 140 MB (a bare Node 26
  process: 42 MB), so the 200 MB target leaves 60 MB for the load. Measured side by side, no
  option got there without a noticeable loss: a 96 MB heap cap peaked at 221–236 MB for 10–19%
  more CPU per read; dropping \`--heap-growing-percent=200\` saved nothing at the peak and tripled
  the CPU of image answers; a 2 MB SQLite cache saved 15 MB at start for 8–17% more CPU on reads
  the read cache misses; malloc's thresholds and a smaller young generation stayed within the
  20–25 MB two runs of one server differ by. All four together peaked at 191–208 MB (the
  configured server 225–250 in the same rounds) for 9–15% more CPU on tRPC lists. The target is
  missed for want of a smaller process, not of a flag.

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
