import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sessions } from "../../src/db/schema";
import { createTestApp, sessionCookieFrom, TEST_ORIGIN, trpc, type TestApp } from "../support/app";
import { artifactFields } from "../support/artifacts";
import { me, post, signUp } from "../support/auth";
import { addArtifactBody, rest } from "../support/rest";

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});

afterEach(async () => {
  await t.close();
});

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);

async function login(email: string, password: string, cookie?: string) {
  return post(t.app, "auth.login", { email, password }, cookie ? { cookie } : {});
}

describe("session fixation", () => {
  it("never adopts a session cookie chosen before sign-in", async () => {
    const { input } = await signUp(t.app);
    const planted = "atlas_session=attacker-chosen-token-0123456789";

    const response = await login(input.email, input.password, planted);
    expect(response.statusCode).toBe(200);
    const issued = sessionCookieFrom(response);
    expect(issued).toBeDefined();
    expect(issued).not.toBe(planted);
    // The planted value names no session, before or after.
    expect(await me(t.app, planted)).toBeNull();
    expect((await me(t.app, issued))?.email).toBe(input.email);
  });

  it("replaces an attacker's own valid session planted in the victim's browser", async () => {
    const attacker = await signUp(t.app);
    const victim = await signUp(t.app);

    const response = await login(victim.input.email, victim.input.password, attacker.cookie);
    const issued = sessionCookieFrom(response);
    expect(issued).toBeDefined();
    expect(issued).not.toBe(attacker.cookie);
    expect((await me(t.app, issued))?.email).toBe(victim.input.email);
    // The planted session is over: the attacker's copy of it gives them nobody, least of all the victim.
    expect(await me(t.app, attacker.cookie)).toBeNull();
  });

  it("starts a new session on sign-up too, whatever cookie came with it", async () => {
    const attacker = await signUp(t.app);
    const response = await post(
      t.app,
      "auth.signup",
      { userName: "Fresh Member", email: "fresh@example.com", password: "Secret123" },
      { cookie: attacker.cookie },
    );
    const issued = sessionCookieFrom(response);
    expect(issued).toBeDefined();
    expect(issued).not.toBe(attacker.cookie);
    expect(await me(t.app, attacker.cookie)).toBeNull();
  });

  it("stores only a hash of the cookie's token, so a copy of the database signs nobody in", async () => {
    const { cookie } = await signUp(t.app);
    const token = tokenOf(cookie);
    const ids = t.db
      .select({ id: sessions.id })
      .from(sessions)
      .all()
      .map((row) => row.id);
    expect(ids).toEqual([sha256(token)]);
    expect(await me(t.app, `atlas_session=${ids[0]}`)).toBeNull();
  });
});

describe("a cookie copied before logout", () => {
  it("is worthless everywhere once its owner signed out", async () => {
    const { input, cookie: stolen } = await signUp(t.app);
    const artifact = await trpc(t.app, "mutation", "artifacts.create", artifactFields(), stolen);
    expect(artifact.status).toBe(200);
    const id = (artifact.data as { id: number }).id;

    const logout = await trpc(t.app, "mutation", "auth.logout", undefined, stolen);
    expect(logout.status).toBe(200);
    expect(t.db.select().from(sessions).all()).toHaveLength(0);

    expect(await me(t.app, stolen)).toBeNull();
    const attempts = [
      await trpc(t.app, "query", "artifacts.mine", undefined, stolen),
      await trpc(t.app, "query", "likes.list", undefined, stolen),
      await trpc(t.app, "mutation", "artifacts.create", artifactFields(), stolen),
      await trpc(t.app, "mutation", "artifacts.delete", { id }, stolen),
      await trpc(t.app, "mutation", "likes.like", { id }, stolen),
      await trpc(t.app, "mutation", "users.updateProfile", { displayName: "Thief" }, stolen),
    ];
    for (const attempt of attempts) expect(attempt.status).toBe(401);

    const restAttempts = [
      await rest(t.app, "GET", `/artifacts?email=${input.email}`, { cookie: stolen }),
      await rest(t.app, "POST", "/artifacts", {
        cookie: stolen,
        body: addArtifactBody({
          id: 0,
          email: input.email,
          name: input.userName,
          photoUrl: null,
          role: "member",
          cookie: stolen,
        }),
      }),
      await rest(t.app, "DELETE", `/artifacts/${id}`, { cookie: stolen }),
      await rest(t.app, "POST", "/liked-artifacts", { cookie: stolen, body: { artifact_id: id } }),
      await rest(t.app, "GET", "/liked-artifact", { cookie: stolen }),
      await rest(t.app, "POST", "/jwt", { cookie: stolen, body: { email: input.email } }),
    ];
    for (const attempt of restAttempts) expect(attempt.statusCode).toBe(401);
    // The artifact is still there and unliked.
    const check = await trpc(t.app, "query", "artifacts.byId", { id });
    expect((check.data as { likeCount: number }).likeCount).toBe(0);
  });

  it("tells the browser to forget it", async () => {
    const { cookie } = await signUp(t.app);
    const response = await post(t.app, "auth.logout", {}, { cookie });
    const blank = response.cookies.find((c) => c.name === "atlas_session");
    expect(blank?.value).toBe("");
    expect(blank?.maxAge).toBe(0);
    // And a later request with the dead cookie is answered with a blank one too.
    const later = await t.app.inject({
      method: "GET",
      url: "/trpc/auth.me",
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(later.cookies.find((c) => c.name === "atlas_session")?.value).toBe("");
  });
});
