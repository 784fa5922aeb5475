import { publicArtifactPath } from "@artifact-atlas/shared";
import type { KeysetReader, SitemapRow } from "../store/public-artifacts";
import { escapeXml } from "./html";

/** The most URLs one sitemap file may list (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows read from the database at a time while a sitemap is written. */
const ROWS_PER_READ = 1_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** How many sitemap files `total` public pages need; 0 and 1 both mean one plain sitemap. */
export function sitemapPartCount(total: number, maxUrls = SITEMAP_MAX_URLS): number {
  return Math.max(1, Math.ceil(total / maxUrls));
}

/** The sitemap index: one entry per part, /sitemaps/1.xml and on. */
export function sitemapIndex(origin: string, parts: number): string {
  const entries = Array.from(
    { length: parts },
    (_, index) =>
      `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${index + 1}.xml`)}</loc></sitemap>`,
  );
  return `${XML_HEAD}<sitemapindex ${NAMESPACE}>\n${entries.join("\n")}\n</sitemapindex>\n`;
}

function isoDay(milliseconds: number): string {
  return new Date(milliseconds).toISOString().slice(0, 10);
}

/**
 * A urlset of at most `count` public pages after the id `after`, as chunks of text read
 * ROWS_PER_READ rows at a time: a stream pulls the next chunk only when the client has taken the
 * last, so a slow reader holds one chunk, and the database is free between two.
 */
export async function* sitemapUrls(
  origin: string,
  read: KeysetReader<SitemapRow>,
  { after, count }: { after: number; count: number },
): AsyncGenerator<string> {
  yield `${XML_HEAD}<urlset ${NAMESPACE}>\n`;
  let last = after;
  let left = count;
  while (left > 0) {
    const rows = read(last, Math.min(ROWS_PER_READ, left));
    if (rows.length === 0) break;
    yield rows
      .map(
        (row) =>
          `<url><loc>${escapeXml(origin + publicArtifactPath(row))}</loc><lastmod>${isoDay(row.editedAt)}</lastmod></url>\n`,
      )
      .join("");
    last = rows[rows.length - 1]!.id;
    left -= rows.length;
  }
  yield "</urlset>\n";
}

/**
 * robots.txt: the public pages and the collection may be crawled; the screens behind the login,
 * the API and the downloads may not; the sitemap says where the public pages are.
 */
export function robotsTxt(origin: string): string {
  const disallowed = [
    "/artifacts/",
    "/likedartifacts",
    "/addartifacts",
    "/myartifacts",
    "/myArtifacts",
    "/update-artifact/",
    "/profile",
    "/update-profile",
    "/imports",
    "/login",
    "/signup",
    "/trpc/",
    "/auth/",
    "/export",
    "/liked-artifact",
    "/jwt",
  ];
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowed.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
