import parsePrometheusTextFormat, { type Family } from "parse-prometheus-text-format";
import { afterEach, expect, it } from "vitest";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { createUserWithSession } from "./support/users";

/*
 * /metrics (issue 35) read by a Prometheus text parser: only for METRICS_ALLOW's addresses
 * (anyone else gets the 404 of a path that does not exist), labels bounded by route patterns
 * whatever URLs are asked for, and the gauges an operator alerts on.
 */

let t: TestApp | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

const scrape = (app: TestApp["app"], remoteAddress = "127.0.0.1") =>
  app.inject({ method: "GET", url: "/metrics", remoteAddress });

function family(families: Family[], name: string): Family {
  const found = families.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no metric ${name}`);
  return found;
}

const value = (families: Family[], name: string) =>
  Number(family(families, name).metrics[0]?.value);

it("counts requests by route pattern and status, never by URL, with latency histograms", async () => {
  t = await createTestApp();
  const alice = await createUserWithSession(t);
  const artifact = await addArtifact(t, alice);
  for (const id of [artifact.id, 999_998, 999_999]) {
    await t.app.inject({
      method: "GET",
      url: `/artifacts/${id}`,
      headers: { cookie: alice.cookie },
    });
  }
  for (let i = 0; i < 20; i += 1) {
    await t.app.inject({ method: "GET", url: `/no-such-path-${i}?q=${i}` });
  }

  const answer = await scrape(t.app);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(answer.headers["cache-control"]).toBe("no-store");
  const families = parsePrometheusTextFormat(answer.body);

  const requests = family(families, "atlas_http_requests_total");
  expect(requests.type).toBe("COUNTER");
  const routes = new Set(requests.metrics.map((sample) => sample.labels?.route));
  // Twenty different URLs of no route are one series; three artifacts are one route.
  expect(routes.has("(no route)")).toBe(true);
  expect([...routes].some((route) => route?.includes("no-such-path"))).toBe(false);
  expect([...routes].some((route) => /\d{6}/.test(route ?? ""))).toBe(false);
  const artifactReads = requests.metrics.filter(
    (sample) => sample.labels?.route === "/artifacts/:id" && sample.labels.method === "GET",
  );
  expect(
    Object.fromEntries(
      artifactReads.map((sample) => [sample.labels?.status, Number(sample.value)]),
    ),
  ).toEqual({ 200: 1, 404: 2 });
  const missing = requests.metrics.find((sample) => sample.labels?.route === "(no route)");
  expect(Number(missing?.value)).toBe(20);

  // The parser folds a histogram's labelled series into one: its lines are read as written.
  expect(family(families, "atlas_http_request_duration_seconds").type).toBe("HISTOGRAM");
  const series = 'route="/artifacts/:id",method="GET"';
  expect(answer.body).toContain(`atlas_http_request_duration_seconds_count{${series}} 3\n`);
  expect(answer.body).toContain(
    `atlas_http_request_duration_seconds_bucket{le="+Inf",${series}} 3\n`,
  );
  expect(answer.body).toMatch(
    /atlas_http_request_duration_seconds_bucket\{le="0\.02",route="\/artifacts\/:id",method="GET"\} \d/,
  );

  // The event loop, and the scrape itself is not counted.
  expect(family(families, "nodejs_eventloop_lag_p99_seconds").type).toBe("GAUGE");
  expect(routes.has("/metrics")).toBe(false);
});

it("reports the database, the queues and the backups an operator alerts on", async () => {
  t = await createTestApp({ BACKUP_SCHEDULE: "0 3 * * *" });
  const admin = await createUserWithSession(t, { role: "admin" });
  let families = parsePrometheusTextFormat((await scrape(t.app)).body);
  expect(value(families, "atlas_database_bytes")).toBeGreaterThan(10_000);
  expect(value(families, "atlas_outbox_waiting")).toBe(0);
  expect(value(families, "atlas_image_queue_taken")).toBe(0);
  expect(value(families, "atlas_backup_last_result")).toBe(-1);
  expect(value(families, "atlas_backup_last_good_age_seconds")).toBe(-1);
  expect(value(families, "atlas_backup_late")).toBe(0);
  expect(value(families, "atlas_backup_sends_failed")).toBe(0);
  expect(family(families, "atlas_answers_shed_total").metrics).toEqual([]);

  expect((await trpc(t.app, "mutation", "backups.backUpNow", undefined, admin.cookie)).status).toBe(
    200,
  );
  families = parsePrometheusTextFormat((await scrape(t.app)).body);
  expect(value(families, "atlas_backup_last_result")).toBe(1);
  expect(value(families, "atlas_backup_last_good_age_seconds")).toBeGreaterThanOrEqual(0);
  expect(value(families, "atlas_backup_last_good_age_seconds")).toBeLessThan(60);
});

it("counts the answers turned away as too busy, by status", async () => {
  // The smallest budget of work (decision 100): a few hundred cheap calls spend it.
  t = await createTestApp({ WORK_BUDGET_MS_PER_MINUTE: "100" });
  let refused = 0;
  for (let calls = 0; calls < 20_000 && refused < 3; calls += 1) {
    const answer = await t.app.inject({ url: "/artifacts", remoteAddress: "198.51.100.1" });
    if (answer.statusCode === 429) refused += 1;
  }
  expect(refused).toBe(3);
  const families = parsePrometheusTextFormat((await scrape(t.app)).body);
  expect(family(families, "atlas_answers_shed_total").metrics).toEqual([
    { labels: { status: "429" }, value: "3" },
  ]);
});

it("answers only METRICS_ALLOW's addresses; anyone else gets the 404 of no such path", async () => {
  t = await createTestApp({ METRICS_ALLOW: "10.0.0.0/8" });
  const nowhere = await t.app.inject({
    method: "GET",
    url: "/no-such-path",
    remoteAddress: "127.0.0.1",
  });
  const refused = await scrape(t.app, "127.0.0.1");
  expect(refused.statusCode).toBe(404);
  expect(refused.body).toBe(nowhere.body);
  expect(refused.body).not.toContain("atlas_");
  expect((await scrape(t.app, "192.168.1.20")).statusCode).toBe(404);
  const allowed = await scrape(t.app, "10.1.2.3");
  expect(allowed.statusCode).toBe(200);
  expect(allowed.body).toContain("# TYPE atlas_http_requests_total counter");
});

it("is off for everyone with an empty METRICS_ALLOW, and names the client behind TRUST_PROXY", async () => {
  t = await createTestApp({ METRICS_ALLOW: "" });
  expect((await scrape(t.app, "127.0.0.1")).statusCode).toBe(404);
  await t.close();

  t = await createTestApp({ TRUST_PROXY: "127.0.0.1", METRICS_ALLOW: "127.0.0.1" });
  // A client of the proxy is not the proxy's own loopback.
  const viaProxy = await t.app.inject({
    method: "GET",
    url: "/metrics",
    remoteAddress: "127.0.0.1",
    headers: { "x-forwarded-for": "198.51.100.7" },
  });
  expect(viaProxy.statusCode).toBe(404);
  expect((await scrape(t.app, "127.0.0.1")).statusCode).toBe(200);
});

it("refuses an address list with something that is not an address", async () => {
  await expect(createTestApp({ METRICS_ALLOW: "127.0.0.1,prometheus.local" })).rejects.toThrow(
    '"prometheus.local" is not an IP address or a range',
  );
});
