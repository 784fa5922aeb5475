import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  Artifact,
  LikedArtifactsPage,
  LikeStatus,
  MyArtifactsPage,
  SessionUser,
} from "@artifact-atlas/shared";
import { hashPassword } from "../../src/auth/password";
import { artifacts, likes, users } from "../../src/db/schema";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact, artifactFields, like } from "../support/artifacts";
import { me, PASSWORD, post } from "../support/auth";
import { fingerprint } from "../support/fingerprint";
import { addArtifactBody, rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * Mallory is signed in with her own account and tries to read or change Alice's things through
 * every tRPC procedure and every REST path. Identity comes from the session alone.
 */

let t: TestApp;
let alice: SignedInUser;
let mallory: SignedInUser;
let aliceArtifact: Artifact;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUserWithSession(t, { email: "alice@example.com", name: "Alice Curator" });
  mallory = await createUserWithSession(t, { email: "mallory@example.com", name: "Mallory Other" });
  t.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, alice.id))
    .run();
  aliceArtifact = await addArtifact(t, alice, { artifactName: "Alice's Astrolabe" });
  await like(t, alice, aliceArtifact.id);
});

afterAll(async () => {
  await t.close();
});

function aliceArtifactRow() {
  return t.db.select().from(artifacts).where(eq(artifacts.id, aliceArtifact.id)).get();
}

function aliceLikes(): number {
  return t.db.select().from(likes).where(eq(likes.userId, alice.id)).all().length;
}

/** Runs `attempt`, expects `status`, and that nothing in the database moved. */
async function refusedWithoutChange(status: number, attempt: () => Promise<number>) {
  const before = fingerprint(t.db);
  const row = aliceArtifactRow();
  expect(await attempt()).toBe(status);
  expect(fingerprint(t.db)).toEqual(before);
  expect(aliceArtifactRow()).toEqual(row);
  expect(aliceLikes()).toBe(1);
}

const mentionsAlice = (body: string) =>
  body.includes(alice.email) || body.includes(`"ownerId"`) || body.includes(`"owner_id"`);

describe("tRPC", () => {
  it("auth.me answers the caller, never anyone else", async () => {
    expect((await me(t.app, mallory.cookie))?.email).toBe(mallory.email);
  });

  it("auth.signup with Alice's email does not take her account over", async () => {
    await refusedWithoutChange(409, async () => {
      const result = await trpc(t.app, "mutation", "auth.signup", {
        userName: "Mallory Again",
        email: "ALICE@example.com",
        password: "Mallory123",
      });
      return result.status;
    });
    const stillAlice = await post(t.app, "auth.login", { email: alice.email, password: PASSWORD });
    expect(stillAlice.statusCode).toBe(200);
  });

  it("auth.login with Alice's email and a guess fails", async () => {
    const result = await trpc(t.app, "mutation", "auth.login", {
      email: alice.email,
      password: "Guess1234",
    });
    expect(result.status).toBe(401);
  });

  it("auth.logout ends only the caller's session", async () => {
    const spare = await createUserWithSession(t, { email: "mallory2@example.com" });
    const result = await trpc(t.app, "mutation", "auth.logout", undefined, spare.cookie);
    expect(result.status).toBe(200);
    expect((await me(t.app, alice.cookie))?.email).toBe(alice.email);
  });

  it("users.updateProfile changes the caller only, whatever ids or emails the input names", async () => {
    const result = await trpc(
      t.app,
      "mutation",
      "users.updateProfile",
      { displayName: "Renamed Mallory", id: alice.id, email: alice.email, userId: alice.id },
      mallory.cookie,
    );
    expect(result.status).toBe(200);
    expect((result.data as SessionUser).id).toBe(mallory.id);
    expect((await me(t.app, alice.cookie))?.name).toBe("Alice Curator");
  });

  it("public reads never carry an owner's id or email", async () => {
    for (const [path, input] of [
      ["artifacts.popular", undefined],
      ["artifacts.list", { search: "Astrolabe" }],
      ["artifacts.byId", { id: aliceArtifact.id }],
      ["artifacts.similar", { id: aliceArtifact.id }],
    ] as const) {
      const result = await trpc(t.app, "query", path, input, mallory.cookie);
      expect(result.status, path).toBe(200);
      expect(mentionsAlice(result.response.body), path).toBe(false);
    }
  });

  it("artifacts.mine lists the caller's artifacts only", async () => {
    const result = await trpc(t.app, "query", "artifacts.mine", undefined, mallory.cookie);
    expect((result.data as MyArtifactsPage).items.map((a) => a.id)).not.toContain(aliceArtifact.id);
  });

  it("artifacts.create ignores an owner, name, like count or id smuggled into the input", async () => {
    const result = await trpc(
      t.app,
      "mutation",
      "artifacts.create",
      {
        ...artifactFields(),
        ownerId: alice.id,
        owner_id: alice.id,
        userEmail: alice.email,
        username: "Alice Curator",
        likeCount: 999,
        id: aliceArtifact.id,
      },
      mallory.cookie,
    );
    expect(result.status).toBe(200);
    const created = result.data as Artifact;
    expect(created.id).not.toBe(aliceArtifact.id);
    expect(created.username).toBe((await me(t.app, mallory.cookie))?.name);
    expect(created.likeCount).toBe(0);
    const row = t.db.select().from(artifacts).where(eq(artifacts.id, created.id)).get();
    expect(row?.ownerId).toBe(mallory.id);
  });

  it("artifacts.update of Alice's artifact is FORBIDDEN and changes nothing", async () => {
    await refusedWithoutChange(403, async () => {
      const result = await trpc(
        t.app,
        "mutation",
        "artifacts.update",
        { id: aliceArtifact.id, fields: artifactFields({ artifactName: "Defaced" }) },
        mallory.cookie,
      );
      expect(result.error?.data.code).toBe("FORBIDDEN");
      return result.status;
    });
  });

  it("artifacts.delete of Alice's artifact is FORBIDDEN and keeps it and its likes", async () => {
    await refusedWithoutChange(403, async () => {
      const result = await trpc(
        t.app,
        "mutation",
        "artifacts.delete",
        { id: aliceArtifact.id },
        mallory.cookie,
      );
      return result.status;
    });
  });

  it("likes.status reports the caller's like, not Alice's", async () => {
    const result = await trpc(
      t.app,
      "query",
      "likes.status",
      { id: aliceArtifact.id },
      mallory.cookie,
    );
    expect(result.data).toEqual({ liked: false, likeCount: 1 } satisfies LikeStatus);
  });

  it("likes.unlike cannot remove Alice's like", async () => {
    await refusedWithoutChange(200, async () => {
      const result = await trpc(
        t.app,
        "mutation",
        "likes.unlike",
        { id: aliceArtifact.id },
        mallory.cookie,
      );
      expect(result.data).toEqual({ liked: false, likeCount: 1 });
      return result.status;
    });
  });

  it("likes.like adds the caller's like beside Alice's, and likes.list shows each their own", async () => {
    const liked = await trpc(
      t.app,
      "mutation",
      "likes.like",
      { id: aliceArtifact.id },
      mallory.cookie,
    );
    expect(liked.data).toEqual({ liked: true, likeCount: 2 });
    const other = await createUserWithSession(t, { email: "bystander@example.com" });
    const list = await trpc(t.app, "query", "likes.list", undefined, other.cookie);
    expect(list.data as LikedArtifactsPage).toEqual({ items: [], nextCursor: null });
    await trpc(t.app, "mutation", "likes.unlike", { id: aliceArtifact.id }, mallory.cookie);
    expect(aliceLikes()).toBe(1);
  });
});

describe("REST", () => {
  it("GET /artifacts and GET /artifacts/{id} carry no owner emails", async () => {
    for (const url of ["/artifacts", `/artifacts/${aliceArtifact.id}`]) {
      const response = await rest(t.app, "GET", url, { cookie: mallory.cookie });
      expect(response.statusCode, url).toBe(200);
      expect(mentionsAlice(response.body), url).toBe(false);
    }
  });

  it("GET /artifacts?email=<Alice> is 403", async () => {
    const response = await rest(t.app, "GET", `/artifacts?email=${alice.email}`, {
      cookie: mallory.cookie,
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain("Astrolabe");
  });

  it("POST /artifacts as Alice (userEmail) is 403 and adds nothing", async () => {
    await refusedWithoutChange(403, async () => {
      const response = await rest(t.app, "POST", "/artifacts", {
        cookie: mallory.cookie,
        body: { ...addArtifactBody(mallory), userEmail: alice.email },
      });
      return response.statusCode;
    });
  });

  it("PUT /artifacts/{Alice's} is 403, with or without her email", async () => {
    for (const userEmail of [undefined, alice.email, mallory.email]) {
      await refusedWithoutChange(403, async () => {
        const response = await rest(t.app, "PUT", `/artifacts/${aliceArtifact.id}`, {
          cookie: mallory.cookie,
          body: { ...artifactFields({ artifactName: "Defaced" }), userEmail },
        });
        expect(response.json()).toMatchObject({ success: false });
        return response.statusCode;
      });
    }
  });

  it("DELETE /artifacts/{Alice's} is 403, with or without her email", async () => {
    for (const body of [undefined, { userEmail: alice.email }, { userEmail: mallory.email }]) {
      await refusedWithoutChange(403, async () => {
        const response = await rest(t.app, "DELETE", `/artifacts/${aliceArtifact.id}`, {
          cookie: mallory.cookie,
          ...(body ? { body } : {}),
        });
        return response.statusCode;
      });
    }
  });

  it("the like paths refuse Alice's email with 403 and keep her like", async () => {
    const id = aliceArtifact.id;
    const attempts = [
      () =>
        rest(t.app, "GET", `/liked-artifacts/${id}?email=${alice.email}`, {
          cookie: mallory.cookie,
        }),
      () =>
        rest(t.app, "POST", "/liked-artifacts", {
          cookie: mallory.cookie,
          body: { artifact_id: String(id), applicant_email: alice.email },
        }),
      () =>
        rest(t.app, "DELETE", `/liked-artifacts/${id}?email=${alice.email}`, {
          cookie: mallory.cookie,
        }),
      () => rest(t.app, "GET", `/liked-artifact?email=${alice.email}`, { cookie: mallory.cookie }),
    ];
    for (const attempt of attempts) {
      await refusedWithoutChange(403, async () => (await attempt()).statusCode);
    }
  });

  it("DELETE /liked-artifacts/{id} as Mallory leaves Alice's like alone", async () => {
    await refusedWithoutChange(200, async () => {
      const response = await rest(t.app, "DELETE", `/liked-artifacts/${aliceArtifact.id}`, {
        cookie: mallory.cookie,
      });
      expect(response.json()).toEqual({ liked: false, likeCount: 1 });
      return response.statusCode;
    });
  });

  it("GET /liked-artifact and GET /liked-artifacts/{id} answer the caller's own likes", async () => {
    const list = await rest(t.app, "GET", "/liked-artifact", { cookie: mallory.cookie });
    expect(list.json()).toEqual([]);
    const status = await rest(t.app, "GET", `/liked-artifacts/${aliceArtifact.id}`, {
      cookie: mallory.cookie,
    });
    expect(status.json()).toEqual({ liked: false, likeCount: 1 });
  });

  it("POST /jwt with Alice's email is 403", async () => {
    const response = await rest(t.app, "POST", "/jwt", {
      cookie: mallory.cookie,
      body: { email: alice.email },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("the OpenAPI document names no user", async () => {
    const response = await rest(t.app, "GET", "/openapi.json");
    expect(response.statusCode).toBe(200);
    expect(mentionsAlice(response.body)).toBe(false);
  });
});
