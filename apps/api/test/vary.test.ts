import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { appendVary } from "../src/plugins/cors";

/*
 * Vary is built by several parts of one answer (CORS, the REST detail path, tRPC, the web app's
 * compressed files): each adds its fields to what is there. A shared cache keys answers on it, so
 * a field must never be lost, and one named twice only wastes bytes.
 */

/** The Vary header of an answer whose parts added `additions` in this order. */
async function varyAfter(...additions: string[]): Promise<string | undefined> {
  const app = Fastify();
  app.get("/", async (_request, reply) => {
    for (const fields of additions) appendVary(reply, fields);
    return {};
  });
  const response = await app.inject("/");
  await app.close();
  const vary = response.headers.vary;
  return vary === undefined ? undefined : String(vary);
}

describe("appendVary", () => {
  it("sets the fields as given when the answer varies on nothing yet", async () => {
    expect(await varyAfter("Origin")).toBe("Origin");
    expect(await varyAfter("trpc-accept, accept")).toBe("trpc-accept, accept");
  });

  it("adds fields after those already there, in order", async () => {
    expect(await varyAfter("Origin", "Accept")).toBe("Origin, Accept");
    expect(await varyAfter("Origin", "trpc-accept, accept")).toBe("Origin, trpc-accept, accept");
    expect(await varyAfter("Origin", "Accept", "Accept-Encoding")).toBe(
      "Origin, Accept, Accept-Encoding",
    );
  });

  it("leaves out a field that is already named, whatever its case", async () => {
    expect(await varyAfter("Origin, Accept", "accept")).toBe("Origin, Accept");
    expect(await varyAfter("origin", "Origin")).toBe("origin");
    expect(await varyAfter("Origin", "Accept, ACCEPT")).toBe("Origin, Accept");
  });

  it("tells a field from a longer one that begins with the same name", async () => {
    expect(await varyAfter("Accept-Encoding", "Accept")).toBe("Accept-Encoding, Accept");
    expect(await varyAfter("Accept", "Accept-Encoding")).toBe("Accept, Accept-Encoding");
    expect(await varyAfter("X-Accept", "Accept")).toBe("X-Accept, Accept");
  });

  it("ignores blanks and empty items in what it is given and what is there", async () => {
    expect(await varyAfter("Origin", " , Accept ,")).toBe("Origin, Accept");
    expect(await varyAfter("Origin ,  Accept", "Accept")).toBe("Origin ,  Accept");
  });

  it("merges each value on its own: one answer's fields never leak into another's", async () => {
    for (let index = 0; index < 20; index += 1) {
      expect(await varyAfter(`X-Field-${index}`, "Accept")).toBe(`X-Field-${index}, Accept`);
      expect(await varyAfter(`X-Field-${index}, Accept`, "accept")).toBe(
        `X-Field-${index}, Accept`,
      );
    }
    expect(await varyAfter("Origin", "Accept")).toBe("Origin, Accept");
  });
});
