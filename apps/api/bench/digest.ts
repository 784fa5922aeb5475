import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import Fastify from "fastify";
import {
  COMMENTS_PAGE_SIZE,
  FOLLOWING_FEED_PAGE_SIZE,
  FOLLOWS_MAX,
  FOLLOWS_PAGE_SIZE,
} from "@artifact-atlas/shared";
import { closeDatabase, openDatabase } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { createOutbox, smtpTransport } from "../src/mail/outbox";
import { discussionPage } from "../src/services/conversation/comments";
import { sendDailyDigests } from "../src/services/conversation/digest";
import { followingFeed, listFollows } from "../src/services/conversation/follows";
import { prepareDiscussionStatements } from "../src/services/conversation/statements";
import { createArtifactStore } from "../src/store/artifact-store";
import { generateBenchDatabase, HISTORY_BENCH, KEPT_BENCH_DATABASE } from "./generate";

/*
 * `pnpm bench:digest`: the daily digest for 10,000 followers (issue 33), sent through the real
 * outbox and nodemailer to an SMTP server in another process, while a read of the longest
 * discussion's first page arrives every 10 ms in this one, as a request would. It reports the
 * event loop's delay and that read's latency without the digest and then during it, side by side
 * in the same run, the digest's time, and the most the outbox held against the half it may fill.
 * Every follower also follows a collection of 500 artifacts added since their last digest. After
 * the digest it reads /following for one member with FOLLOWS_MAX follows of the three kinds.
 * The bench collection is the kept one of `pnpm bench:queries` (BENCH_DATABASE); the follows,
 * collections and digest lines it adds are removed again.
 */

/** `pnpm bench:digest 2000` measures a smaller round. */
const FOLLOWERS = Number(process.argv[2] ?? 10_000);
const READ_EVERY_MS = 10;
const BASELINE_MS = 5_000;
const path = KEPT_BENCH_DATABASE;

if (!existsSync(path)) {
  console.log(`generating the bench collection into ${path}`);
  await generateBenchDatabase(path, { sessions: 1, imageUrl: "/favicon.svg" });
}
const db = openDatabase(path);
migrateDatabase(db);
const sqlite = db.$client;
const now = Date.now();

/** Every member follows the longest discussion, and all but its owner follow the owner too. */
function seed(): number {
  const busiest = HISTORY_BENCH.artifactId;
  const owner = sqlite.prepare("select owner_id from artifacts where id = ?").pluck().get(busiest);
  const added = sqlite
    .prepare(
      `select id from artifacts where owner_id = ? and status = 'published' and deleted_at is null
       and id != ? order by id desc limit 2`,
    )
    .pluck()
    .all(owner, busiest) as number[];
  const members = sqlite
    .prepare("select id from users where suspended_at is null order by id limit ?")
    .pluck()
    .all(FOLLOWERS) as number[];
  const follow = sqlite.prepare(
    `insert into follows (follower_id, target_kind, target_id, bell, email, created_at)
     values (?, ?, ?, 0, 1, ?)`,
  );
  const line = sqlite.prepare(
    `insert into digest_items (user_id, kind, artifact_id, count, first_at) values (?, ?, ?, ?, ?)`,
  );
  const collectionLine = sqlite.prepare(
    "insert into digest_collections (user_id, collection_id, first_at) values (?, ?, ?)",
  );
  sqlite.transaction(() => {
    const coins = benchCollection(owner as number, 500);
    for (const member of members) {
      follow.run(member, "artifact", busiest, now);
      line.run(member, "discussion_new", busiest, 12, now - 60_000);
      follow.run(member, "collection", coins, now);
      collectionLine.run(member, coins, now - 30_000);
      if (member === owner) continue;
      follow.run(member, "member", owner, now);
      for (const id of added) line.run(member, "followed_member_artifact", id, 1, now - 30_000);
    }
    sqlite.prepare("delete from digests_sent").run();
  })();
  return members.length;
}

/** A public curated collection of the owner's with `size` public artifacts added a moment ago. */
function benchCollection(ownerId: number, size: number): number {
  const id = sqlite
    .prepare(
      `insert into collections (owner_id, title, description, description_html, kind, visibility,
         created_at, updated_at)
       values (?, ?, '', '', 'curated', 'public', ?, ?) returning id`,
    )
    .pluck()
    .get(ownerId, `${BENCH_TITLE} ${size}`, now, now) as number;
  sqlite
    .prepare(
      `insert into collection_items (collection_id, artifact_id, position, added_at)
       select ?, id, row_number() over (order by id), ? from (
         select id from artifacts where status = 'published' and deleted_at is null
         order by id desc limit ?)`,
    )
    .run(id, now - 20_000, size);
  return id;
}
const BENCH_TITLE = "bench:digest collection";

/**
 * /following's page for a member with FOLLOWS_MAX follows of the three kinds (300 collections,
 * the rest members with public artifacts): its two reads, the list of follows (with each name
 * checked for what may be shown) and the feed, each p50 and p99 of 200 reads.
 */
function followingPage(memberId: number): void {
  const follow = sqlite.prepare(
    `insert or ignore into follows (follower_id, target_kind, target_id, bell, email, created_at)
     values (?, ?, ?, 1, 0, ?)`,
  );
  sqlite.transaction(() => {
    const owners = sqlite
      .prepare(
        `select distinct owner_id from artifacts where status = 'published' and owner_id != ?
         limit ?`,
      )
      .pluck()
      .all(memberId, FOLLOWS_MAX - 303) as number[];
    for (const owner of owners) follow.run(memberId, "member", owner, now);
    for (let i = 0; i < 300; i += 1) {
      follow.run(memberId, "collection", benchCollection(owners[i % owners.length]!, 5), now);
    }
  })();
  const member = { id: memberId, role: "member" as const };
  const held = sqlite
    .prepare("select count(*) from follows where follower_id = ?")
    .pluck()
    .get(memberId);
  for (const [label, read] of [
    ["follows list", () => listFollows({ db }, member, { limit: FOLLOWS_PAGE_SIZE })],
    ["following feed", () => followingFeed({ db }, member, { limit: FOLLOWING_FEED_PAGE_SIZE })],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const started = performance.now();
      read();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `/following ${label} (${String(held)} follows): p50 ${percentile(times, 50).toFixed(2)} ms, ` +
        `p99 ${percentile(times, 99).toFixed(2)} ms`,
    );
  }
}

function cleanUp(): void {
  sqlite.transaction(() => {
    sqlite.prepare("delete from follows where created_at = ?").run(now);
    sqlite.prepare("delete from digest_items").run();
    sqlite.prepare("delete from digest_collections").run();
    sqlite.prepare("delete from digests_sent").run();
    sqlite.prepare("delete from collections where title like ?").run(`${BENCH_TITLE}%`);
  })();
}

/** The SMTP server in its own process, and how to ask it how many mails it accepted. */
async function startSink() {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  const script = new URL("./smtp-sink.ts", import.meta.url).pathname;
  const child = spawn(process.execPath, ["--import", tsx, script], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => String((await lines.next()).value);
  const port = Number(/^listening (\d+)$/.exec(await nextLine())?.[1]);
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted: async () => {
      child.stdin.write("?\n");
      return Number(await nextLine());
    },
    stop: () => child.kill(),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

interface Phase {
  loopP50: number;
  loopP99: number;
  loopMax: number;
  readP50: number;
  readP99: number;
  readMax: number;
  reads: number;
}

/**
 * Reads the discussion every READ_EVERY_MS until `done` resolves; a read's latency counts from
 * when it was due, so time spent waiting for the event loop is in it, as a request's would be.
 */
async function measure(done: Promise<unknown>, onTick: () => void = () => {}): Promise<Phase> {
  const store = createArtifactStore(db);
  const deps = { db, artifactStore: store, discussions: prepareDiscussionStatements(sqlite) };
  const read = () =>
    discussionPage(deps, null, {
      id: HISTORY_BENCH.artifactId,
      cursor: null,
      limit: COMMENTS_PAGE_SIZE,
    });
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const latencies: number[] = [];
  let finished = false;
  void done.then(() => (finished = true));
  loop.enable();
  while (!finished) {
    const due = performance.now() + READ_EVERY_MS;
    await sleep(READ_EVERY_MS);
    read();
    latencies.push(performance.now() - due);
    onTick();
  }
  loop.disable();
  latencies.sort((a, b) => a - b);
  const ms = (ns: number) => ns / 1e6;
  return {
    loopP50: ms(loop.percentile(50)),
    loopP99: ms(loop.percentile(99)),
    loopMax: ms(loop.max),
    readP50: percentile(latencies, 50),
    readP99: percentile(latencies, 99),
    readMax: latencies.at(-1) ?? 0,
    reads: latencies.length,
  };
}

const followers = seed();
const sink = await startSink();
const outbox = createOutbox({
  transport: smtpTransport(sink.url),
  from: "Artifact Atlas <atlas@bench.example>",
  log: Fastify({ logger: false }).log,
});
const deps = { db, outbox, env: { publicOrigin: "https://atlas.example" } } as Parameters<
  typeof sendDailyDigests
>[0];

try {
  const baseline = await measure(sleep(BASELINE_MS));
  let mostPending = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const digest = sendDailyDigests(deps, now).then(async ({ queued }) => {
    await outbox.idle();
    return { queued, seconds: (performance.now() - started) / 1000 };
  });
  const during = await measure(digest, () => {
    mostPending = Math.max(mostPending, outbox.pending);
  });
  const { queued, seconds } = await digest;
  const cpu = process.cpuUsage(cpuBefore);
  const accepted = await sink.accepted();

  const f = (value: number) => value.toFixed(2).padStart(8);
  console.log(`digest for ${followers.toLocaleString("en")} followers`);
  console.log(
    `  queued ${queued}, accepted by the SMTP server ${accepted}, in ${seconds.toFixed(1)} s ` +
      `(${(accepted / seconds).toFixed(0)} mails/s), this process's CPU ` +
      `${((cpu.user + cpu.system) / 1000 / accepted).toFixed(2)} ms a mail (with the reads)`,
  );
  console.log(
    `  outbox: at most ${mostPending} pending (sampled every ${READ_EVERY_MS} ms); ` +
      `the digest may fill ${Math.floor(outbox.capacity / 2)} of ${outbox.capacity}`,
  );
  console.log(`${"".padEnd(16)} loop p50 loop p99 loop max read p50 read p99 read max reads`);
  for (const [label, phase] of [
    ["no digest", baseline],
    ["during digest", during],
  ] as const) {
    const figures = [phase.loopP50, phase.loopP99, phase.loopMax, phase.readP50, phase.readP99];
    console.log(
      `${label.padEnd(16)} ${figures.map(f).join(" ")} ${f(phase.readMax)} ${phase.reads}`,
    );
  }
  followingPage(1 + (sqlite.prepare("select min(id) from users").pluck().get() as number));
} finally {
  outbox.close();
  sink.stop();
  cleanUp();
  closeDatabase(db);
}
