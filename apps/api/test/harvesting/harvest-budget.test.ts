import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@artifact-atlas/shared";
import { createTestApp, type TestApp } from "../support/app";
import { insertArtifacts } from "../support/harvesting";
import { parseXml, tokenOf } from "../support/oai";

/*
 * A harvester and the budget of work (decision 100, amended by 117): its pages are charged as
 * any REST request is, and once its client has spent the budget it is told to wait the protocol's
 * way, 503 with Retry-After (OAI-PMH 2.0, section 3.1.2.2), which harvesters honour, never the
 * 429 on which many give a whole harvest up. The smallest budget allowed, so that a few pages
 * spend it.
 */

const BUDGET_MS = 100;
const ARTIFACTS = 400;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ WORK_BUDGET_MS_PER_MINUTE: String(BUDGET_MS) });
  // Long records, so that a page costs a few milliseconds.
  insertArtifacts(t.db, ARTIFACTS, () => ({ imageAlt: "An image of a long object. ".repeat(20) }));
});

afterAll(async () => {
  await t.close();
});

function oai(query: string, remoteAddress: string) {
  return t.app.inject({ url: `/oai?${query}`, remoteAddress });
}

describe("a harvester that has spent its budget of work", () => {
  it("is answered 503 with Retry-After, by GET and POST, and other clients are not", async () => {
    const harvester = "198.51.100.7";
    let query = "verb=ListRecords&metadataPrefix=edm";
    let refusal: Awaited<ReturnType<typeof oai>> | null = null;
    // Around the collection again and again until refused (a page costs at least a millisecond).
    for (let page = 0; page < 1_000 && !refusal; page += 1) {
      const answer = await oai(query, harvester);
      if (answer.statusCode !== 200) {
        refusal = answer;
        break;
      }
      const answered = parseXml(answer.body)["OAI-PMH"];
      expect(answered.error).toBeUndefined();
      const token = tokenOf(answered.ListRecords)?.token;
      query = token
        ? `verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`
        : "verb=ListRecords&metadataPrefix=edm";
    }
    expect(refusal?.statusCode).toBe(503);
    const seconds = Number(refusal!.headers["retry-after"]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect((refusal!.json() as { error: string }).error).toBe(MESSAGES.workBudgetSpent(seconds));

    // The same by POST, as a form.
    const posted = await t.app.inject({
      method: "POST",
      url: "/oai",
      remoteAddress: harvester,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: query,
    });
    expect(posted.statusCode).toBe(503);
    expect(Number(posted.headers["retry-after"])).toBeGreaterThanOrEqual(1);

    // The rest of the site keeps its own answer to a spent budget (429), and another address
    // harvests on.
    expect((await t.app.inject({ url: "/artifacts", remoteAddress: harvester })).statusCode).toBe(
      429,
    );
    const other = await oai("verb=ListRecords&metadataPrefix=edm", "203.0.113.9");
    expect(other.statusCode).toBe(200);
    expect(tokenOf(parseXml(other.body)["OAI-PMH"].ListRecords)?.completeListSize).toBe(
      String(ARTIFACTS),
    );
  });
});
