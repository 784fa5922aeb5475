import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRateLimiter, perMinute } from "../../src/rate-limit";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact, artifactFields } from "../support/artifacts";
import { fingerprint } from "../support/fingerprint";
import { addArtifactBody, rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

/* The per-user write budget, shared by tRPC and REST, answered 429 with Retry-After. */

const LIMIT = 4;
let t: TestApp;
let user: SignedInUser;
let other: SignedInUser;
let artifactId: number;

beforeEach(async () => {
  t = await createTestApp({ WRITE_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  user = await createUserWithSession(t);
  other = await createUserWithSession(t);
  // Added by the other user, so that it costs the user under test nothing.
  artifactId = (await addArtifact(t, other)).id;
});

afterEach(async () => {
  await t.close();
});

/** One write of each kind the budget covers, answering the HTTP status. */
const WRITES: Record<
  string,
  (who: SignedInUser) => Promise<{ status: number; retryAfter?: string }>
> = {
  "tRPC artifacts.create": async (who) => {
    const r = await trpc(t.app, "mutation", "artifacts.create", artifactFields(), who.cookie);
    return { status: r.status, retryAfter: r.response.headers["retry-after"] as string };
  },
  "tRPC likes.like": async (who) => {
    const r = await trpc(t.app, "mutation", "likes.like", { id: artifactId }, who.cookie);
    return { status: r.status, retryAfter: r.response.headers["retry-after"] as string };
  },
  "tRPC likes.unlike": async (who) => {
    const r = await trpc(t.app, "mutation", "likes.unlike", { id: artifactId }, who.cookie);
    return { status: r.status, retryAfter: r.response.headers["retry-after"] as string };
  },
  "tRPC users.updateProfile": async (who) => {
    const r = await trpc(
      t.app,
      "mutation",
      "users.updateProfile",
      { displayName: "Busy Bee" },
      who.cookie,
    );
    return { status: r.status, retryAfter: r.response.headers["retry-after"] as string };
  },
  "REST POST /artifacts": async (who) => {
    const r = await rest(t.app, "POST", "/artifacts", {
      cookie: who.cookie,
      body: addArtifactBody(who),
    });
    return { status: r.statusCode, retryAfter: r.headers["retry-after"] as string };
  },
  "REST POST /liked-artifacts": async (who) => {
    const r = await rest(t.app, "POST", "/liked-artifacts", {
      cookie: who.cookie,
      body: { artifact_id: String(artifactId) },
    });
    return { status: r.statusCode, retryAfter: r.headers["retry-after"] as string };
  },
  "REST DELETE /liked-artifacts/{id}": async (who) => {
    const r = await rest(t.app, "DELETE", `/liked-artifacts/${artifactId}`, { cookie: who.cookie });
    return { status: r.statusCode, retryAfter: r.headers["retry-after"] as string };
  },
};

describe.each(Object.keys(WRITES))("%s", (name) => {
  const write = WRITES[name] as (
    who: SignedInUser,
  ) => Promise<{ status: number; retryAfter?: string }>;

  it("is refused with 429 and Retry-After once the user's budget is spent, changing nothing", async () => {
    for (let i = 0; i < LIMIT; i += 1) expect((await write(user)).status).toBeLessThan(300);
    const before = fingerprint(t.db);
    const refused = await write(user);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    expect(fingerprint(t.db)).toEqual(before);
    // Another user's budget is their own.
    expect((await write(other)).status).toBeLessThan(300);
  });
});

describe("the shared budget", () => {
  it("counts tRPC and REST writes together, and leaves reads alone", async () => {
    for (let i = 0; i < LIMIT / 2; i += 1) {
      expect((await WRITES["tRPC artifacts.create"]!(user)).status).toBe(200);
      expect((await WRITES["REST POST /artifacts"]!(user)).status).toBe(201);
    }
    expect((await WRITES["REST POST /liked-artifacts"]!(user)).status).toBe(429);
    expect((await WRITES["tRPC likes.like"]!(user)).status).toBe(429);
    const refusedUpdate = await rest(t.app, "PUT", `/artifacts/${artifactId}`, {
      cookie: user.cookie,
      body: artifactFields(),
    });
    expect(refusedUpdate.statusCode).toBe(429);
    expect(refusedUpdate.json()).toMatchObject({ success: false });
    expect(
      (await trpc(t.app, "mutation", "artifacts.delete", { id: artifactId }, user.cookie)).status,
    ).toBe(429);

    expect((await trpc(t.app, "query", "artifacts.mine", undefined, user.cookie)).status).toBe(200);
    expect((await trpc(t.app, "query", "likes.list", undefined, user.cookie)).status).toBe(200);
    expect((await rest(t.app, "GET", "/artifacts")).statusCode).toBe(200);
  });

  it("does not count requests of signed-out visitors against anyone", async () => {
    for (let i = 0; i < LIMIT * 2; i += 1) {
      expect((await trpc(t.app, "mutation", "likes.like", { id: artifactId })).status).toBe(401);
    }
    expect((await WRITES["tRPC likes.like"]!(user)).status).toBe(200);
  });

  it("the tRPC refusal carries the code the web app switches on", async () => {
    for (let i = 0; i < LIMIT; i += 1) await WRITES["tRPC likes.like"]!(user);
    const refused = await trpc(t.app, "mutation", "likes.like", { id: artifactId }, user.cookie);
    expect(refused.error?.data.code).toBe("TOO_MANY_REQUESTS");
    expect(refused.error?.message).toMatch(/Please wait \d+ seconds? and try again/);
  });
});

describe("createRateLimiter with the write rule", () => {
  it("allows a full minute's budget at once, then one write per refill interval", () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(perMinute(60), { now: () => now });
    for (let i = 0; i < 60; i += 1) expect(limiter.take(7)).toBe(0);
    expect(limiter.take(7)).toBe(1);
    now += 999;
    expect(limiter.take(7)).toBe(1);
    now += 1;
    expect(limiter.take(7)).toBe(0);
    expect(limiter.take(7)).toBe(1);
    now += 60_000;
    for (let i = 0; i < 60; i += 1) expect(limiter.take(7)).toBe(0);
    expect(limiter.take(8)).toBe(0);
  });

  it("tells a slow budget's caller how long to wait", () => {
    let now = 0;
    const limiter = createRateLimiter(perMinute(2), { now: () => now });
    expect(limiter.take(1)).toBe(0);
    expect(limiter.take(1)).toBe(0);
    expect(limiter.take(1)).toBe(30);
    now += 15_000;
    expect(limiter.take(1)).toBe(15);
  });
});
