import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "../src/env";
import { createTestApp, TEST_ORIGIN, type TestApp } from "./support/app";
import { failToStart } from "./support/server";

/** PUBLIC_ORIGIN, DEV_ORIGINS and CORS_ORIGINS all go through one parser (env.ts parseOrigin). */

describe("origin settings", () => {
  it.each([
    ["PUBLIC_ORIGIN", "localhost:3000", "localhost:3000"],
    ["PUBLIC_ORIGIN", "null", "null"],
    ["PUBLIC_ORIGIN", "ftp://atlas.example", "ftp://atlas.example"],
    ["PUBLIC_ORIGIN", "not a url", "not a url"],
    ["DEV_ORIGINS", "localhost:5173", "localhost:5173"],
    ["DEV_ORIGINS", "nota url", "nota url"],
    ["DEV_ORIGINS", "http://localhost:5173, null", "null"],
    ["DEV_ORIGINS", "file:///home/someone/page.html", "file:///home/someone/page.html"],
    ["CORS_ORIGINS", "friend.example", "friend.example"],
    ["CORS_ORIGINS", "data:text/html,hi", "data:text/html"],
  ])("%s=%j stops the start with a message naming the variable", (name, value, refused) => {
    let message = "";
    try {
      loadEnv({ [name]: value });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`${name}: "${refused}" is not an origin such as https://example.org`);
  });

  it("reduces each to scheme://host:port, whichever variable names it", () => {
    const env = loadEnv({
      PUBLIC_ORIGIN: "https://Atlas.Example.org/collection/",
      DEV_ORIGINS: " http://localhost:5173/ , ",
      CORS_ORIGINS: "https://friend.example:8443/app",
    });
    expect(env.publicOrigin).toBe("https://atlas.example.org");
    expect(env.allowedOrigins).toEqual([
      "https://atlas.example.org",
      "http://localhost:5173",
      "https://friend.example:8443",
    ]);
    expect(env.secureCookies).toBe(true);
  });

  it("defaults the public origin to localhost on the port, and never allows null", () => {
    const env = loadEnv({ PORT: "4100", DEV_ORIGINS: "", PUBLIC_ORIGIN: " " });
    expect(env.publicOrigin).toBe("http://localhost:4100");
    // Issue 29: the start log prints 127.0.0.1 (HOST); writes from there are the same site's.
    expect(env.allowedOrigins).toEqual(["http://localhost:4100", "http://127.0.0.1:4100"]);
  });

  it("allows a loopback public origin's other name, and nothing beside any other origin", () => {
    expect(loadEnv({ PUBLIC_ORIGIN: "http://127.0.0.1:8080" }).allowedOrigins).toEqual([
      "http://127.0.0.1:8080",
      "http://localhost:8080",
    ]);
    expect(loadEnv({ PUBLIC_ORIGIN: "https://localhost" }).allowedOrigins).toEqual([
      "https://localhost",
      "https://127.0.0.1",
    ]);
    for (const origin of ["https://atlas.example.org", "http://192.168.1.20:3000"]) {
      expect(loadEnv({ PUBLIC_ORIGIN: origin }).allowedOrigins).toEqual([origin]);
    }
  });
});

describe("a write sent with the opaque origin null", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("is refused whatever the settings allow", async () => {
    t = await createTestApp({
      DEV_ORIGINS: "http://localhost:5173",
      CORS_ORIGINS: "https://friend.example",
    });
    for (const origin of ["null", TEST_ORIGIN]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/trpc/auth.logout",
        headers: { origin, "content-type": "application/json" },
        payload: "{}",
      });
      if (origin === "null") expect(response.statusCode).toBe(403);
      else expect(response.statusCode).not.toBe(403);
    }
  });
});

describe("the server started with a bad origin", () => {
  const dir = mkdtempSync(join(tmpdir(), "atlas-origins-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("exits before listening, naming PUBLIC_ORIGIN", async () => {
    const result = await failToStart({
      databasePath: join(dir, "atlas.db"),
      env: { PUBLIC_ORIGIN: "localhost:3000" },
    });
    expect(result.code).toBe(1);
    expect(result.listened).toBe(false);
    expect(result.stderr).toContain('PUBLIC_ORIGIN: "localhost:3000" is not an origin');
  });
});
