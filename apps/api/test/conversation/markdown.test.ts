import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { COMMENT_MAX_LENGTH, MENTION_MAX_WORDS } from "@artifact-atlas/shared";
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

describe("event attributes", () => {
  test.each([
    ["on a tag typed as HTML", '<p onclick="alert(1)">hi</p>'],
    ["on an SVG", "<svg onload=alert(1)>"],
    ["in an autolink", '<https://ok.example/" onmouseover="alert(1)>'],
    ["in a link's address", '[x](https://ok.example/"onmouseover="alert(1))'],
    ["in a link's title", "[x](https://ok.example 'x\\' onfocus=alert(1) autofocus')"],
    ["in a mention's name", '@Mary" onclick="alert(1)'],
    ["spelled with entities", "<a href=x &#111;nclick=alert(1)>x</a>"],
  ])("%s never become attributes", (_name, input) => {
    const output = renderComment(
      input,
      (candidates) => new Map(candidates.map((name) => [name.toLowerCase(), { id: 1, name }])),
    ).html;
    onlyTheSubset(output);
    // Whatever the handler's spelling, no tag carries one: it is text between tags, if anywhere.
    for (const [tag] of output.matchAll(/<[^>]*>/g)) expect(tag).not.toMatch(/\son[a-z]+=/i);
  });
});

describe("images from elsewhere", () => {
  test.each([
    ["inline", "![track](https://evil.example/pixel.gif)"],
    ["by reference", "![track][p]\n\n[p]: https://evil.example/pixel.gif"],
    ["as HTML", '<img src="https://evil.example/pixel.gif">'],
    ["inside a link", "[![track](https://evil.example/pixel.gif)](https://ok.example)"],
    ["as an SVG image", '<svg><image href="https://evil.example/pixel.gif"/></svg>'],
    ["as a CSS background", '<span style="background:url(https://evil.example/p.gif)">x</span>'],
  ])("%s load nothing: no img, no src, no style", (_name, input) => {
    const output = html(input);
    onlyTheSubset(output);
    // What was typed may show as text; no tag of the output fetches anything.
    for (const [tag] of output.matchAll(/<[^>]*>/g)) {
      expect(tag).not.toMatch(/^<(img|image|svg)|\ssrc=|\sstyle=/i);
    }
  });
});

describe("huge inputs", () => {
  /** The worst characters for each way the output can grow, each as a whole comment. */
  const worst = {
    "angle brackets (escaped to &lt;)": "<".repeat(COMMENT_MAX_LENGTH),
    "ampersands (escaped to &amp;)": "&".repeat(COMMENT_MAX_LENGTH),
    "quotes (escaped to &quot;)": '"'.repeat(COMMENT_MAX_LENGTH),
    "line breaks (each a <br />)": "a\n".repeat(COMMENT_MAX_LENGTH / 2),
    "links (each with its rel)": "https://a.b ".repeat(COMMENT_MAX_LENGTH / 12),
    "list items": "- a\n".repeat(COMMENT_MAX_LENGTH / 4),
    emphasis: "*a* ".repeat(COMMENT_MAX_LENGTH / 4),
  };

  test.each(Object.entries(worst))("of %s render to a bounded size", (_name, body) => {
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_LENGTH);
    const output = html(body);
    onlyTheSubset(output);
    // A link's rel is the most one input character can cost; nothing grows past it.
    expect(output.length).toBeLessThan(12 * COMMENT_MAX_LENGTH);
  });

  test("ask the member directory about a bounded number of names, however many @ are typed", () => {
    const asked: string[][] = [];
    const rendered = renderComment(
      "@a @b ".repeat(COMMENT_MAX_LENGTH / 6) + "@Ann Bea Cid Dee Eve Fay",
      (candidates) => {
        asked.push(candidates);
        return new Map();
      },
    );
    expect(asked).toHaveLength(1);
    // At most 50 @ are read, each as at most MENTION_MAX_WORDS names.
    expect(asked[0]!.length).toBeLessThanOrEqual(50 * MENTION_MAX_WORDS);
    expect(rendered.mentions).toEqual([]);
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
