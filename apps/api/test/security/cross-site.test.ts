import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@artifact-atlas/shared";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/app";
import { addArtifact, artifactFields, like } from "../support/artifacts";
import { me, PASSWORD } from "../support/auth";
import { fingerprint } from "../support/fingerprint";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { hashPassword } from "../../src/auth/password";
import { users } from "../../src/db/schema";

/*
 * Cross-site request forgery: another site's page makes the visitor's browser send a form (or a
 * "simple" fetch) to every write we have, with the visitor's cookie. Every one must be refused with
 * 403 before it touches anything.
 */

let t: TestApp;
let victim: SignedInUser;
let artifactId: number;
const VICTIM_EMAIL = "victim@example.com";

beforeAll(async () => {
  t = await createTestApp();
  victim = await createUserWithSession(t, { email: VICTIM_EMAIL, name: "Victim Person" });
  // A password, so that a forged login would have something to succeed with.
  t.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, victim.id))
    .run();
  const artifact = await addArtifact(t, victim);
  artifactId = artifact.id;
  await like(t, victim, artifactId);
});

afterAll(async () => {
  await t.close();
});

interface Target {
  name: string;
  method: "POST" | "PUT" | "DELETE";
  url: () => string;
  /** The fields the attacker's form sends (flat: forms have no nesting). */
  fields: () => Record<string, string>;
}

const fieldsAsStrings = (): Record<string, string> => {
  const { images: _images, ...text } = artifactFields();
  return text;
};

const TRPC_MUTATIONS: Target[] = [
  {
    name: "auth.signup",
    method: "POST",
    url: () => "/trpc/auth.signup",
    fields: () => ({ userName: "Forged Person", email: "forged@example.com", password: PASSWORD }),
  },
  {
    name: "auth.login",
    method: "POST",
    url: () => "/trpc/auth.login",
    fields: () => ({ email: VICTIM_EMAIL, password: PASSWORD }),
  },
  { name: "auth.logout", method: "POST", url: () => "/trpc/auth.logout", fields: () => ({}) },
  {
    name: "users.updateProfile",
    method: "POST",
    url: () => "/trpc/users.updateProfile",
    fields: () => ({ displayName: "Hijacked Name", photoUrl: "https://evil.example/p.png" }),
  },
  {
    name: "artifacts.create",
    method: "POST",
    url: () => "/trpc/artifacts.create",
    fields: fieldsAsStrings,
  },
  {
    name: "artifacts.update",
    method: "POST",
    url: () => "/trpc/artifacts.update",
    fields: () => ({
      id: String(artifactId),
      ...Object.fromEntries(
        Object.entries(artifactFields({ artifactName: "Defaced" })).map(([k, v]) => [
          `fields[${k}]`,
          v,
        ]),
      ),
    }),
  },
  {
    name: "artifacts.delete",
    method: "POST",
    url: () => "/trpc/artifacts.delete",
    fields: () => ({ id: String(artifactId) }),
  },
  {
    name: "likes.like",
    method: "POST",
    url: () => "/trpc/likes.like",
    fields: () => ({ id: String(artifactId) }),
  },
  {
    name: "likes.unlike",
    method: "POST",
    url: () => "/trpc/likes.unlike",
    fields: () => ({ id: String(artifactId) }),
  },
];

const REST_WRITES: Target[] = [
  { name: "POST /artifacts", method: "POST", url: () => "/artifacts", fields: fieldsAsStrings },
  {
    name: "PUT /artifacts/{id}",
    method: "PUT",
    url: () => `/artifacts/${artifactId}`,
    fields: () => ({ ...fieldsAsStrings(), artifactName: "Defaced", userEmail: VICTIM_EMAIL }),
  },
  {
    name: "DELETE /artifacts/{id}",
    method: "DELETE",
    url: () => `/artifacts/${artifactId}`,
    fields: () => ({ userEmail: VICTIM_EMAIL }),
  },
  {
    name: "POST /liked-artifacts",
    method: "POST",
    url: () => "/liked-artifacts",
    fields: () => ({ artifact_id: String(artifactId), applicant_email: VICTIM_EMAIL }),
  },
  {
    name: "DELETE /liked-artifacts/{id}",
    method: "DELETE",
    url: () => `/liked-artifacts/${artifactId}?email=${VICTIM_EMAIL}`,
    fields: () => ({}),
  },
  {
    name: "POST /jwt",
    method: "POST",
    url: () => "/jwt",
    fields: () => ({ email: VICTIM_EMAIL }),
  },
];

const BOUNDARY = "----formdata-evil-7MA4YWxkTrZu0gW";

/** The bodies a cross-site page can send without a preflight: forms and text/plain fetches. */
const ENCODINGS = {
  "application/x-www-form-urlencoded": (fields: Record<string, string>) => ({
    contentType: "application/x-www-form-urlencoded",
    payload: new URLSearchParams(fields).toString(),
  }),
  "multipart/form-data": (fields: Record<string, string>) => ({
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload:
      Object.entries(fields)
        .map(
          ([name, value]) =>
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join("") + `--${BOUNDARY}--\r\n`,
  }),
  "text/plain": (fields: Record<string, string>) => ({
    contentType: "text/plain;charset=UTF-8",
    payload: JSON.stringify(fields),
  }),
} as const;

/** How a browser labels a request that another site started. */
const CROSS_SITE_HEADERS: Record<string, Record<string, string>> = {
  "another origin": { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
  "an opaque origin (sandboxed frame)": { origin: "null", "sec-fetch-site": "cross-site" },
  "a sibling subdomain": { origin: "http://evil.localhost:3000", "sec-fetch-site": "same-site" },
  "no Origin, Sec-Fetch-Site cross-site": { "sec-fetch-site": "cross-site" },
};

describe.each([...TRPC_MUTATIONS, ...REST_WRITES])("$name", (target) => {
  it.each(Object.keys(ENCODINGS) as (keyof typeof ENCODINGS)[])(
    "refuses a cross-site %s post with 403 and changes nothing",
    async (encoding) => {
      for (const [label, siteHeaders] of Object.entries(CROSS_SITE_HEADERS)) {
        const before = fingerprint(t.db);
        const { contentType, payload } = ENCODINGS[encoding](target.fields());
        const response = await t.app.inject({
          method: target.method,
          url: target.url(),
          headers: { ...siteHeaders, cookie: victim.cookie, "content-type": contentType },
          payload,
        });
        expect(response.statusCode, label).toBe(403);
        expect(response.json(), label).toEqual({ error: MESSAGES.crossOriginRefused });
        expect(response.headers["set-cookie"], label).toBeUndefined();
        expect(fingerprint(t.db), label).toEqual(before);
      }
      // The visitor is still signed in: a forged logout did not end the session either.
      expect((await me(t.app, victim.cookie))?.email).toBe(VICTIM_EMAIL);
    },
  );
});

describe.each(TRPC_MUTATIONS)("$name from our own origin", (target) => {
  it("refuses a form post even from the app's origin: tRPC takes JSON only", async () => {
    for (const encoding of ["application/x-www-form-urlencoded", "multipart/form-data"] as const) {
      const before = fingerprint(t.db);
      const { contentType, payload } = ENCODINGS[encoding](target.fields());
      const response = await t.app.inject({
        method: "POST",
        url: target.url(),
        headers: { origin: TEST_ORIGIN, cookie: victim.cookie, "content-type": contentType },
        payload,
      });
      expect(response.statusCode, encoding).toBe(403);
      expect(fingerprint(t.db), encoding).toEqual(before);
    }
  });
});
