import { afterEach, describe, expect, it } from "vitest";
import { AUTH_RULES } from "../src/rate-limit";
import { loadEnv } from "../src/env";
import { createTestApp, TEST_ORIGIN, type TestApp } from "./support/app";
import { PASSWORD } from "./support/auth";

/*
 * TRUST_PROXY names the proxies whose X-Forwarded-For hops are believed. The sign-in limits show
 * which address the server took for the client: a client is refused after its 20 attempts.
 */

function configError(value: string): string {
  try {
    loadEnv({ TRUST_PROXY: value });
  } catch (error) {
    return (error as Error).message;
  }
  return "";
}

const SET_ADDRESSES =
  "set the addresses of the proxies in front of Atlas instead (e.g. 127.0.0.1,::1 for a proxy on this machine, or 10.0.0.0/8)";

describe("the TRUST_PROXY setting", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["0", false],
    [" , ", false],
    ["127.0.0.1", ["127.0.0.1"]],
    [" 127.0.0.1 , ::1 ", ["127.0.0.1", "::1"]],
    ["10.0.0.0/8,fd00::/8", ["10.0.0.0/8", "fd00::/8"]],
  ])("reads %j as %j", (value, expected) => {
    expect(loadEnv({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it("refuses true, which would let any client choose its address, and says what to set", () => {
    expect(configError("true")).toContain(
      `TRUST_PROXY: true would believe every X-Forwarded-For hop, so any client could choose its address; ${SET_ADDRESSES}`,
    );
  });

  it.each(["1", "2"])(
    "refuses the hop count %j, which cannot tell a proxy from a client",
    (value) => {
      expect(configError(value)).toContain(
        `TRUST_PROXY: a number of proxies cannot tell a proxy from a client that connects directly; ${SET_ADDRESSES}`,
      );
    },
  );

  it.each(["yes", "-1", "1.5", "localhost", "10.0.0.0/33", "10.0.0.1/", "::1/129", "1.2.3"])(
    "refuses %j by name",
    (value) => {
      expect(configError(value)).toContain(
        `TRUST_PROXY: "${value}" is not an IP address or a range such as 10.0.0.0/8`,
      );
    },
  );
});

describe("whose address the rate limits count", () => {
  let t: TestApp;

  afterEach(async () => {
    await t.close();
  });

  /** A sign-in attempt arriving over a connection from `peer`, with the given X-Forwarded-For. */
  function attempt(peer: string, forwardedFor: string | undefined, index: number) {
    return t.app.inject({
      method: "POST",
      url: "/trpc/auth.login",
      remoteAddress: peer,
      headers: {
        origin: TEST_ORIGIN,
        "content-type": "application/json",
        ...(forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor }),
      },
      payload: JSON.stringify({ email: `someone${index}@example.com`, password: PASSWORD }),
    });
  }

  /** Spends a client's attempts, each for another account, through the given hops. */
  async function spend(peer: string, forwardedFor: (index: number) => string | undefined) {
    for (let i = 0; i < AUTH_RULES.perAddress.limit; i += 1) {
      expect((await attempt(peer, forwardedFor(i), i)).statusCode).toBe(401);
    }
  }

  it("without TRUST_PROXY: the connection's, whatever X-Forwarded-For says", async () => {
    t = await createTestApp();
    await spend("203.0.113.10", (i) => `198.51.100.${i + 1}`);

    expect((await attempt("203.0.113.10", "198.51.100.200", 99)).statusCode).toBe(429);
    expect((await attempt("203.0.113.11", "198.51.100.1", 99)).statusCode).toBe(401);
  });

  it("through a trusted proxy: the address it saw, not what the client wrote before it", async () => {
    t = await createTestApp({ TRUST_PROXY: "127.0.0.1,::1" });
    // The client writes a new address of its own each time; the proxy appends the real one.
    await spend("127.0.0.1", (i) => `10.9.9.${i + 1}, 198.51.100.7`);

    expect((await attempt("127.0.0.1", "10.9.9.200, 198.51.100.7", 99)).statusCode).toBe(429);
    expect((await attempt("::1", "198.51.100.7", 99)).statusCode).toBe(429);
    // A dual-stack socket shows the IPv4 proxy as ::ffff:127.0.0.1: still the proxy.
    expect((await attempt("::ffff:127.0.0.1", "198.51.100.7", 99)).statusCode).toBe(429);
    expect((await attempt("127.0.0.1", "198.51.100.8", 99)).statusCode).toBe(401);
  });

  it("through a chain of trusted proxies: the first address from the end that is not one", async () => {
    t = await createTestApp({ TRUST_PROXY: "127.0.0.1,10.0.0.0/8" });
    await spend("127.0.0.1", (i) => `192.0.2.${i + 1}, 198.51.100.7, 10.1.2.3`);

    expect((await attempt("127.0.0.1", "198.51.100.7, 10.200.0.1", 99)).statusCode).toBe(429);
    expect((await attempt("127.0.0.1", "198.51.100.8, 10.1.2.3", 99)).statusCode).toBe(401);
  });

  it("from a client that is not a trusted proxy: its own address, whatever it claims", async () => {
    t = await createTestApp({ TRUST_PROXY: "127.0.0.1" });
    await spend("203.0.113.12", (i) => `198.51.100.${i + 1}`);

    expect((await attempt("203.0.113.12", "198.51.100.200", 99)).statusCode).toBe(429);
    // The address it claimed to be is untouched.
    expect((await attempt("127.0.0.1", "198.51.100.1", 99)).statusCode).toBe(401);
  });
});
