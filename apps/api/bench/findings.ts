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
  (src/logging.ts, the same fields) and exact redaction paths only, none under \`req\` or \`res\`
  (those paths made pino copy both objects on every line; Fastify's serializers never put a header
  there). Each line was still its own \`write(2)\`, waking the log reader every time; the lines now
  leave in 4 KB batches, at least every 100 ms and on exit (src/log-output.ts, decision 014).
  pino's own buffered destination was tried first and was slower than no buffering: sonic-boom
  measures the byte length of its whole waiting buffer again on every line (3.4 µs per line in the
  profile). 200,000 access lines into a pipe: 4.9 µs each written one by one, 5.4 with pino's
  buffer, 2.6 batched.
- **The access line, written by hand**: with every hook removed, the product's REST read still
  took about 34 µs of CPU per answer at LOG_LEVEL=info against 24 at warn (servers side by side,
  quiet machine), although pino builds and writes the line in 1.35 µs in a loop. Under load the line
  costs more than its own instructions: pino's general path (the request's child bindings, the
  serializers that read the request and reply objects, one object per field) adds allocation and
  garbage collection to every answer. The line's shape never changes, so src/access-log.ts now
  writes it itself: the same keys in the same order, every text JSON-escaped
  (test/access-log.test.ts sends a forged URL and Host over a raw socket), to the logger's own
  stream, at the request's own level; a failed answer's line still goes through pino and its error
  serializer. In the side-by-side comparison the REST read went from 46.4 to 41.3 µs of CPU per
  answer; in \`pnpm bench\` the LOG_LEVEL=warn row went from 0.13 above the product's ratio to 0.04
  above it. tRPC reads moved within the noise.
- **Hooks**: the request id, CORS, origin check and session hooks were async functions, a promise
  and a microtask each on every request; they are callback hooks now.
- **tRPC's Fastify adapter and the heap cap**: a GC trace of the server under tRPC load showed a
  full (mark-compact) collection about every 280 ms, each after some 22 MB had been promoted to the
  old generation: about 36 kB per request survived two young-generation collections although no
  request lives that long. The adapter builds every Fetch \`Request\` with an \`AbortController\` of
  its own and aborts it when the answer closes; undici follows that signal through a \`WeakRef\` and a
  \`FinalizationRegistry\`, and a young-generation collection may not clear a WeakRef's target, so
  each request's objects were promoted. With the 128 MB cap V8 runs a full collection every time the
  old generation grows by about 20 MB (6 such collections in 5 s without the cap, 18 with it). The
  abort on close also built a \`DOMException\`, stack trace included, for every answer. The product
  now registers its own plugin (src/trpc/fastify-plugin.ts, decision 015): the same
  \`resolveResponse\` of tRPC, a \`Request\` without a signal of ours, the answer copied onto the
  reply. A do-nothing call went from 94 to 47 µs in a side-by-side loop; under load a full
  collection now comes about once a second, after about 6 kB per request. In \`pnpm bench\` the
  do-nothing ceiling went from about 3,500 to 6,500 req/s and the reads from about 2,500 to 3,800
  (p99 from 40–50 ms to 25–30 ms); like then unlike from 820 to 1,000. The ceiling registers the
  same plugin, so it stays the ceiling of the path the product takes.
- **Security headers by kind of answer** (decision 016): helmet's eleven headers went on every
  answer, and seven of them only act on a page a browser renders (Referrer-Policy,
  Cross-Origin-Opener-Policy, Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options,
  X-Permitted-Cross-Domain-Policies, X-XSS-Protection). JSON answers now carry the policy, nosniff,
  X-Frame-Options, CORP and HSTS (OWASP's set for APIs); HTML and SVG keep all eleven. Two servers
  side by side on the same database, loaded in turns: the REST read's CPU per answer went from 46.9
  to 43.0 µs at best (about 7%).
- **Vary, merged as text**: the same server with one route changed at a time, side by side (15
  interleaved one-second rounds), showed the REST read's \`appendVary(reply, "Accept")\` at about
  6 µs per answer against setting the whole value: CORS had already set \`Vary: Origin\`, and the
  merge split it into an array, trimmed, filtered, built a set of lowered names and joined again.
  It now works on the text alone (\`,origin,accept,\` looked up with \`includes\`;
  test/vary.test.ts), about 3 µs above the whole value in the same comparison. tRPC calls, which
  merge "trpc-accept, accept", take the same path. Remembering each merge (a small map) measured another 1.5 µs in one process and nothing across
  two at first; the per-request profiles later put \`appendVary\` at 0.55 µs of every REST read,
  and 0.14 with the merges remembered, so they are now kept (at most 32 by what was there, 32 by
  what is added).
- **What is left between the product and its ceilings**, measured as CPU per answer with two
  servers side by side on a quiet machine, one part taken away at a time. REST GET /artifacts/{id}:
  the bare route 18 µs; the product without its six hooks (request id, security headers, cookies,
  CORS, origin check, session) and at LOG_LEVEL=warn 24 µs (0.78 of the ceiling); with the hooks
  31 µs; with the hooks and the access line as pino wrote it, 40 µs (0.5). So, before the line was
  written by hand: the access line about 10 µs, the hooks and the headers they add about 7 µs, the
  route's own work (the id's validation, the kept answer and its change check, the mapping, Vary)
  about 5 µs. The hooks' share was mostly not theirs: without the CORS hook the answer had no Vary
  yet, so the route's Vary merge (below) took its short way.
- **tRPC: most of the distance is tRPC's own**. The row "byId's input and answer from memory" is a
  procedure on the ceiling's server with byId's input schema that answers the sample artifact: no
  hooks, no log line, no database. It reached 0.83–0.85 of the do-nothing procedure in the
  latest runs: reading the \`input\` parameter, the validator middleware (tRPC copies its
  options object twice per middleware with a generic object-spread helper), JSON and undici's
  \`Response\` for a 440-byte answer take 15% of the do-nothing call's throughput before the
  product does anything. The 0.8 target leaves about 5% for the hooks, the access line, the session
  check and the database read. Without hooks and at LOG_LEVEL=warn the product's byId reached about
  0.78 side by side. A profile of the product and that procedure side by side shows the same tRPC
  and undici functions 10–30% slower in the product's process (a 30 MB heap of its own, more code)
  and 4 µs more garbage collection per call, spread over hundreds of functions.
- **The floor row**: a server of its own (ceilings.ts, \`rest-floor\`) with the bare route plus only
  what every answer of the product owes, each done once in the route: the request id, the security
  headers of a JSON answer and Vary, the id checked with the REST path's own validation, and the
  access line through the product's own logging, read from a pipe. It reached 0.81 of the bare
  route in the run above (0.77–0.87 in the last three runs; 0.73–0.77 side by side when the bare
  route, not autocannon, is the limit), so what every answer owes leaves room for the 0.7 target;
  the product's REST read, at 0.51–0.64 in those runs, spends the rest elsewhere. Measured one piece at a time, one route changed at a time in the
  same server (CPU per answer, 15 interleaved one-second rounds): the six hooks cost about 1 µs in
  all (the floor's route registered in the product behind every hook: 31.3 µs, against 30.2 for a
  floor server started inside the product's process); merging the six hooks into one, reading
  cookies only in the session hook, and dropping both onSend hooks each made no difference. The
  REST route's own work: the Vary merge above (3 µs saved, 3 µs left), the id's zod validation
  about 1–2 µs, and the read cache 2–5 µs against a plain map of the same answers (of which
  asking SQLite whether a transaction is open, about 1 µs, is now asked only when an answer would
  be kept), although
  getArtifact's whole kept path takes 0.25 µs in a loop (SQLite's total_changes() 0.07 µs): under
  load, each call into SQLite probably starts from cold processor caches (this VM has no hardware
  counters to show it).
- **tRPC: the product's own do-nothing procedure** (added to a measurement build only) cost 194 µs
  of CPU per call against the ceiling's 146. The same minimal tRPC server started inside the
  product's process on a port of its own: 169 µs, so about 23 µs is the process. The product's
  router and context through a plain Fastify server in that process: 165 µs, so they cost nothing.
  The product's hooks, headers and access line: about 30 µs, three times what they cost a REST read.
  Profiles side by side show where: creating AbortSignals, \`AbortSignal.any\` and tRPC's
  object-spread helper take two to three times as long per call in the product's process, and
  full collections, which mark the product's larger heap (19.5 MB live after a full collection,
  against 11.9 MB for the ceiling), come three times as often per call under its heap cap (below,
  "Old-generation garbage on every tRPC call"). The
  byId procedure's own work (input, read cache, service) adds nothing measurable over a fixed answer
  in the same process. The same do-nothing call through plain Fastify servers started in the
  product's process, one part added at a time (13 interleaved rounds): no logger 164.5 µs; Fastify's
  pino logger, whose child per request carries the request id, 171.8 µs; with the access line 180.2
  µs; the whole product app 190.7 µs. On the REST path the logger and the line cost about 5 µs
  together, here 16. We have not found why. Closing this gap
  means not making those signals, that is, not calling \`resolveResponse\`: our own implementation
  of tRPC's HTTP protocol (batching, method checks, error shapes, status codes). It would make every
  tRPC call several times cheaper but the ceiling, which registers the same plugin, as much, and it
  is a second wire implementation to keep in step with tRPC; we have not taken that step.
- **Old-generation garbage on every tRPC call** (decision 017): \`--trace-gc\` under load (50
  connections, 6 s, one server at a time) counted the memory each full collection freed: about
  4 kB per call for the do-nothing ceiling and 6 kB for the product's byId, none for REST reads.
  Calls do not live that long; the garbage is born old. On Node 20 an \`AbortSignal\` is made as
  an \`EventTarget\` whose prototype is then swapped and three fields added, and V8 gives every
  such object a hidden class of its own, allocated in the old generation: two signals never share
  one (\`%HaveSameMap\`), two plain EventTargets do. Web streams are made the same way. In a
  loop, making one signal cost about 2.5 µs and left about 0.8 kB for a full collection; a plain
  EventTarget with the same three fields 0.3 µs and nothing; \`WeakRef\`s to short-lived objects
  left nothing either. A tRPC call makes four such objects: the signal undici gives every
  \`Request\`, the controller \`resolveResponse\` makes for the call and their combination
  (\`AbortSignal.any\`), and the stream of the \`Response\` body. Node 22 makes signals without the
  swap (nodejs/node#52408). With the 128 MB cap, V8 lets the old generation grow by only about 10%
  after each full collection, so the product ran one every 2,500 calls (the uncapped ceiling one
  every 8,000), each marking its whole heap; a profile of both under the same load put garbage
  collection at 17.5 µs per product call against 7.2 for the ceiling. The server now lets the old
  generation grow to three times what survived before the next full collection, still under the
  cap (\`--heap-growing-percent=200\`): side by side, byId's CPU per answer went from 224.6 to
  212.1 µs (no cap: 201.9), and the highest RSS of a bench run from 160 to 178 MB.
- **Measured and not taken**: replacing tRPC's object-spread helper with \`Object.assign\` (a patch
  of its build output, in a measurement build): one server, interleaved rounds, two processes of
  each build: calls with an input 5% cheaper (175 to 165–174 µs of CPU), the do-nothing call about
  1%, so the ratio of an input-and-answer call to the do-nothing call moves from 0.81–0.85 to 0.86.
  Too little for the 0.8 target, and a patch of a dependency's output is ours to carry through
  every upgrade. A shorter Content-Security-Policy on JSON answers (\`default-src 'none'\`, about
  250 bytes fewer per answer) and a lazily made per-request logger (Fastify's
  \`childLoggerFactory\`) made no difference to the CPU per answer that two servers side by side
  could show.
- **Per-request profiles** (\`pnpm bench:profile\`, apps/api/bench/profile.ts): the built server
  under \`node --cpu-prof\` on a fresh database, a fixed number of requests to one path, and each
  function's own time divided by the requests, counting only the samples taken while they ran. A
  function's share hardly moves between runs, so a microsecond shows where req/s side by side
  could not. REST GET /artifacts/{id}, four processes: 38.8 µs of CPU per request in one, 46.0–51.4
  in the others (next point); of it the socket write (\`writev\`, the kernel's loopback send) is
  18–22 µs, and no piece of the product's own JavaScript is above 2 µs (before decision 018). tRPC byId, four processes,
  231–261 µs (with the profiler on): the socket write 28, tRPC's object-spread helper 14, making
  AbortSignals 11.5 and combining them 9.6, web streams' \`makeTransferable\` 9, garbage
  collection 10: the Fetch objects of tRPC's \`resolveResponse\` (above) are about a fifth of a call.
- **One start in two was slower for its whole life, and why** (decision 018): in about half of
  the product's starts, \`process.nextTick\` took 3–5 µs of every request building its tick
  objects instead of 0.1–0.6, and the access line's functions about twice as long; the process
  stayed so until it stopped, and its REST read cost 46–51 µs of CPU instead of 35–39. A probe
  (100,000 nextTick calls at a time) reads about 40 ns a call in a fast process and 270–540 ns in a
  slow one, and showed when it is decided: 0 of 18 starts were slow after opening, checking and
  migrating the database, 5 of 22 after building the app, 17 of 34 once it listened. Plain Node 20
  reproduces it in a dozen lines: bursts of nextTick with a full collection (\`global.gc()\`)
  between them, while no tick is queued, and every later call takes about 270 ns. Node builds each
  tick object as a literal with two computed symbol keys; when none is alive a full collection
  frees their maps, new ones are made, the literal's inline cache goes megamorphic and the
  optimised nextTick takes the generic path for good. Keeping one tick object alive keeps the map:
  the server now does so from its first line (src/tick-objects.ts), and so do the ceilings. After
  it: 0 of 12 starts slow by the probe, and \`pnpm bench:profile\` over four starts 34.1–35.3 µs
  per REST read with nextTick at 0.2 µs. Tried before the cause was found and not kept: calling
  nextTick 100,000 times before anything loads (the probe stayed fast, but garbage collection went
  from 1 to 9–10 µs per request) and V8's \`--no-allocation-site-pretenuring\` (3 of 5 starts still
  slow). Until this, the benchmark's one start of the product per run decided most of a run's ratios.
- **The REST detail read keeps its JSON text** (decision 010): Fastify's serialiser was 1.4–1.8 µs
  of every REST read in every profile, for the same artifact serialised again; the text is now
  kept beside the artifact until the data changes, and the serialiser is gone from the profile.
  The route returns the text, not the reply: an async handler that returns the reply (a thenable)
  costs another turn of the promise machinery.
- **The product against the floor, per request** (after the three changes above; two starts of
  each, 200,000 requests, the product's start-up check left out): the floor 25.9–26.3 µs of CPU,
  the product 26.7–28.5. What is left is the read cache's check (0.6 µs), the hooks (0.45) and a
  slightly longer access line; the product's REST read now costs about what every answer owes.
- **tRPC's own input and answer**, one server, interleaved rounds, procedures that differ only in
  what they take and answer: do-nothing 152 µs of CPU, byId's input 165, the artifact as answer
  156, both 176. tRPC's own handling of an input and an answer takes about 16% of the do-nothing
  call before the product does anything, of the 20% the 0.8 target leaves; the REST floor shows
  that the request id, security headers and access line alone cost more than the other 4%.
- **How far the ratios move**: earlier full runs gave REST 0.59, 0.52, 0.69, 0.52, 0.60, 0.56,
  0.64 and 0.51 and tRPC reads between 0.54 and 0.82; the runs on a busy machine score higher,
  because autocannon shares the two cores and limits the fast ceilings more than the product.
  This session, one change at a time: REST 0.67 and tRPC reads 0.60–0.68 at the start; 0.56 and
  0.59–0.63 with the kept JSON text (a slow start); 0.69 and 0.62–0.63 once no start is slow
  (decision 018); and in the run above, with the Vary merges remembered, REST 0.81 (its rounds
  0.69–0.88; the floor 0.94), **met**, and tRPC reads 0.61–0.64, missed. Faster ceilings also made
  the tRPC ratios lower: tRPC reads were 0.70–0.75 of the stock adapter's slower ceiling while every
  figure a user waits for is better now.
- **The machine**: two cores shared by the server under test, autocannon and everything else that
  ran. The bare Fastify ceiling is limited by autocannon as much as by the server, so its req/s and
  every ratio to it move with the load: the same scenario moved by up to a third between rounds of
  one run. Each ratio is therefore the median of each round's ratio to the ceiling's run of the
  same round (paired), over five rounds. Two fresh processes of the same build also differ: one
  REST read measured 38.0 and 42.5 µs of CPU per answer in two processes side by side, and
  another pair the other way round ("One start in two was slower" above says why). A change worth a few µs
  is therefore measured as two routes of one server (an experiment build with both), or with
  \`pnpm bench:profile\` over several processes, not as two servers.
- **Writes**: like then unlike is two transactions with \`synchronous=FULL\` (decision 002), each a
  session lookup through the lucia adapter and an fsync; it has no target.

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
