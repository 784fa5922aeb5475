import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { COMMENT_MAX_LENGTH } from "@artifact-atlas/shared";
import {
  COMMENT_MAX_DEPTH,
  renderComment,
  type Member,
} from "../../src/services/conversation/markdown";

/*
 * Issue 33: a comment's Markdown against hostile input. What comes out holds only the subset's
 * tags (p, br, strong, em, s, code, pre, blockquote, ul, ol, li, a with an http(s), mailto or
 * site path href, and the mention's span), whatever was typed.
 */

const nobody = () => new Map<string, Member>();
const html = (body: string) => renderComment(body, nobody).html;

const ALLOWED_TAG = /^<\/?(p|br|strong|em|s|code|pre|blockquote|ul|ol|li|a|span)(\s|>|\/>)/;

/** Every tag of `output` is one of the subset's, with only its attributes. */
function onlyTheSubset(output: string): void {
  for (const [tag] of output.matchAll(/<[^>]*>/g)) {
    expect(tag, output).toMatch(ALLOWED_TAG);
    for (const [, name, value] of tag.matchAll(/\s([a-z-]+)="([^"]*)"/g)) {
      expect(["href", "rel", "class", "start"], tag).toContain(name);
      if (name === "href") expect(value, tag).toMatch(/^(https?:\/\/|mailto:|\/(?!\/))/i);
      if (name === "class") expect(value).toBe("mention");
    }
  }
}

describe("hostile input", () => {
  test.each([
    ["a script tag", "<script>alert(1)</script>", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n"],
    [
      "an image with onerror",
      "<img src=x onerror=alert(1)>",
      "<p>&lt;img src=x onerror=alert(1)&gt;</p>\n",
    ],
    ["a javascript: link", "[click](javascript:alert(1))", "<p>[click](javascript:alert(1))</p>\n"],
    [
      "a javascript: link in capitals and spaces",
      "[x]( JaVaScRiPt:alert(1) )",
      "<p>[x]( JaVaScRiPt:alert(1) )</p>\n",
    ],
    [
      "an entity-encoded javascript: link",
      "[x](&#106;avascript:alert(1))",
      "<p>[x](javascript:alert(1))</p>\n",
    ],
    [
      "a data: link",
      "[x](data:text/html;base64,PHNjcmlwdD4=)",
      "<p>[x](data:text/html;base64,PHNjcmlwdD4=)</p>\n",
    ],
    ["a protocol-relative link", "[x](//evil.example/)", "<p>[x](//evil.example/)</p>\n"],
    ["a javascript: autolink", "<javascript:alert(1)>", "<p>&lt;javascript:alert(1)&gt;</p>\n"],
    [
      "an image",
      "![x](https://evil.example/track.png)",
      '<p>!<a href="https://evil.example/track.png" rel="nofollow ugc noopener noreferrer">x</a></p>\n',
    ],
    [
      "a link with a quoting title",
      '[x](https://ok.example "a\\" onmouseover=\\"alert(1)")',
      '<p><a href="https://ok.example" rel="nofollow ugc noopener noreferrer">x</a></p>\n',
    ],
    [
      "raw HTML blocks",
      "<div onclick=alert(1)>\n\nhi\n\n</div>",
      "<p>&lt;div onclick=alert(1)&gt;</p>\n<p>hi</p>\n<p>&lt;/div&gt;</p>\n",
    ],
    [
      "an iframe",
      '<iframe src="https://evil.example"></iframe>',
      '<p>&lt;iframe src="<a href="https://evil.example" rel="nofollow ugc noopener noreferrer">https://evil.example</a>"&gt;&lt;/iframe&gt;</p>\n',
    ],
    [
      "a heading and a table",
      "# Big\n\n| a | b |\n|---|---|\n| 1 | 2 |",
      "<p># Big</p>\n<p>| a | b |<br />\n|---|---|<br />\n| 1 | 2 |</p>\n",
    ],
    ["HTML in code", "`<script>`", "<p><code>&lt;script&gt;</code></p>\n"],
    [
      "a nested link trick",
      "[[x](javascript:alert(1))](https://ok.example)",
      '<p><a href="https://ok.example" rel="nofollow ugc noopener noreferrer">[x](javascript:alert(1))</a></p>\n',
    ],
  ])("%s stays text", (_name, input, expected) => {
    const output = html(input);
    expect(output).toBe(expected);
    onlyTheSubset(output);
  });

  test("keeps the subset: emphasis, code, quotes, lists and safe links", () => {
    const output = html(
      "*a* **b** ~~c~~ `d`\n\n> quoted\n\n1. one\n2. two\n\n- [site](/artifacts/3)\n- <https://example.org>\n- [mail](mailto:a@example.org)\n\n```\ncode\n```",
    );
    expect(output).toContain("<em>a</em> <strong>b</strong> <s>c</s> <code>d</code>");
    expect(output).toContain("<blockquote>\n<p>quoted</p>\n</blockquote>");
    expect(output).toContain("<ol>\n<li>one</li>");
    expect(output).toContain(
      '<a href="/artifacts/3" rel="nofollow ugc noopener noreferrer">site</a>',
    );
    expect(output).toContain('<a href="mailto:a@example.org"');
    expect(output).toContain("<pre><code>code\n</code></pre>");
    expect(renderComment("a https://x.example b [c](https://y.example)", nobody).links).toBe(2);
  });

  test("measures how deeply quotes and lists nest, so that a flood of them is refused", () => {
    expect(renderComment(">".repeat(COMMENT_MAX_DEPTH) + " deep", nobody).depth).toBeGreaterThan(
      COMMENT_MAX_DEPTH,
    );
    expect(renderComment("> > > three", nobody).depth).toBeLessThanOrEqual(COMMENT_MAX_DEPTH);
    // However deep the brackets or stars, nothing but the subset comes out.
    onlyTheSubset(html("[".repeat(2000) + "x" + "](javascript:1)".repeat(500)));
    onlyTheSubset(html("*_".repeat(2500)));
  });

  test("whatever is typed, only the subset comes out (2,000 generated comments)", () => {
    const pieces = fc.constantFrom(
      "<",
      ">",
      "<script>",
      "</a>",
      "<a href='javascript:x'>",
      "[",
      "](",
      ")",
      "javascript:",
      "data:",
      "//",
      "http://x.example",
      "*",
      "_",
      "`",
      "```\n",
      "> ",
      "- ",
      "1. ",
      "\n",
      "\n\n",
      "&#",
      '"',
      "'",
      " onerror=",
      "@",
      "![",
      "<img src=x>",
      "mailto:",
      "&lt;",
      "\\",
      " ",
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(pieces, fc.string({ maxLength: 5 })), { maxLength: 60 }),
        (parts) => {
          const body = parts.join("").slice(0, COMMENT_MAX_LENGTH);
          onlyTheSubset(html(body));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("mentions", () => {
  const members = new Map<string, Member>([
    ["mary anning", { id: 1, name: "Mary Anning" }],
    ["mary", { id: 2, name: "Mary" }],
  ]);
  const resolve = (candidates: string[]) =>
    new Map([...members].filter(([key]) => candidates.map((c) => c.toLowerCase()).includes(key)));

  test("take the longest name that names a member, and are never HTML", () => {
    const rendered = renderComment("@Mary Anning found it; @mary agrees. <b>@Mary</b>", resolve);
    expect(rendered.mentions.map((member) => member.id)).toEqual([1, 2]);
    expect(rendered.html).toBe(
      '<p><span class="mention">@Mary Anning</span> found it; <span class="mention">@mary</span> agrees. &lt;b&gt;<span class="mention">@Mary</span>&lt;/b&gt;</p>\n',
    );
  });

  test("are not read in code, links or email addresses", () => {
    const rendered = renderComment("`@Mary` [@Mary](https://x.example) mary@example.org", resolve);
    expect(rendered.mentions).toEqual([]);
  });
});
