import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACT_FIELD_LABELS, isWellFormedText, MESSAGES } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact, artifactFields } from "../support/artifacts";
import { trpcError } from "../support/auth";
import { fingerprint } from "../support/fingerprint";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * Text no one can see (NULs, zero-width characters) is no name, and text that is not well-formed
 * UTF-16 (half a surrogate pair) is refused: through either door, nothing of it is stored
 * (docs/decisions/022-text-no-one-can-see-and-broken-text.md).
 */

let t: TestApp;
let user: SignedInUser;
let artifactId: number;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUserWithSession(t, { name: "Ada Lovelace" });
  artifactId = (await addArtifact(t, user)).id;
});

afterAll(async () => {
  await t.close();
});

const NULS = "\u0000\u0000\u0000\u0000\u0000";
const HALF_AN_EMOJI = "Amphora \ud83c";

/** Every stored text is well-formed, read back byte for byte as SQLite holds it. */
function everyStoredTextIsWellFormed(): boolean {
  const rows = t.db.$client
    .prepare(
      "select artifact_name || historical_context || created_at || discovered_at || " +
        "discovered_by || present_location || artifact_image as text from artifacts " +
        "union all select name || coalesce(photo_url, '') from users",
    )
    .all() as { text: string }[];
  return rows.every(
    ({ text }) => isWellFormedText(text) && !text.includes("\ufffd") && !text.includes("\u0000"),
  );
}

describe("through tRPC", () => {
  it("refuses a name of NULs as missing and half an emoji as broken, storing nothing", async () => {
    const before = fingerprint(t.db);

    const invisible = await trpc(
      t.app,
      "mutation",
      "artifacts.create",
      artifactFields({ artifactName: NULS, discoveredBy: "\u200b\u200b" }),
      user.cookie,
    );
    expect(invisible.status).toBe(400);
    expect(trpcError(invisible.response).data.zodError?.fieldErrors).toEqual({
      artifactName: [MESSAGES.fieldRequired(ARTIFACT_FIELD_LABELS.artifactName)],
      discoveredBy: [MESSAGES.fieldRequired(ARTIFACT_FIELD_LABELS.discoveredBy)],
    });

    const broken = await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      { id: artifactId, fields: artifactFields({ historicalContext: HALF_AN_EMOJI }) },
      user.cookie,
    );
    expect(broken.status).toBe(400);
    expect(trpcError(broken.response).data.zodError?.fieldErrors).toEqual({
      // zod's flattened errors name the top-level key only.
      fields: [MESSAGES.brokenCharacter(ARTIFACT_FIELD_LABELS.historicalContext)],
    });

    const signup = await trpc(t.app, "mutation", "auth.signup", {
      userName: NULS,
      email: "nobody@example.com",
      password: "Secret123",
    });
    expect(signup.status).toBe(400);
    expect(trpcError(signup.response).data.zodError?.fieldErrors).toEqual({
      userName: [MESSAGES.userNameTooShort],
    });

    const profile = await trpc(
      t.app,
      "mutation",
      "users.updateProfile",
      { displayName: "Ada \ud800" },
      user.cookie,
    );
    expect(profile.status).toBe(400);

    expect(fingerprint(t.db)).toEqual(before);
    expect(everyStoredTextIsWellFormed()).toBe(true);
  });

  it("keeps the current name when the new one is only NULs", async () => {
    const result = await trpc(
      t.app,
      "mutation",
      "users.updateProfile",
      { displayName: NULS },
      user.cookie,
    );
    expect(result.status).toBe(200);
    const stored = t.db.$client.prepare("select name from users where id = ?").get(user.id) as {
      name: string;
    };
    expect(stored.name).toBe("Ada Lovelace");
  });
});

describe("through REST", () => {
  it("refuses a name of NULs as missing and half an emoji as broken, storing nothing", async () => {
    const before = fingerprint(t.db);

    const invisible = await rest(t.app, "POST", "/artifacts", {
      cookie: user.cookie,
      body: { ...artifactFields({ artifactName: NULS }), userEmail: user.email },
    });
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json()).toEqual({
      error: `artifactName: ${MESSAGES.fieldRequired(ARTIFACT_FIELD_LABELS.artifactName)}`,
    });

    // JSON.stringify writes the lone surrogate as the escape "\ud83c", as any client could.
    const broken = await rest(t.app, "PUT", `/artifacts/${artifactId}`, {
      cookie: user.cookie,
      body: { ...artifactFields({ presentLocation: HALF_AN_EMOJI }), userEmail: user.email },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      error: `presentLocation: ${MESSAGES.brokenCharacter(ARTIFACT_FIELD_LABELS.presentLocation)}`,
    });

    expect(fingerprint(t.db)).toEqual(before);
    expect(everyStoredTextIsWellFormed()).toBe(true);
  });
});
