import MarkdownIt, { type Options } from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import sanitizeHtml from "sanitize-html";
import { MENTION_MAX_WORDS } from "@artifact-atlas/shared";

/*
 * A comment's Markdown, rendered once when it is written (docs/conversation.md): paragraphs,
 * emphasis, strikethrough, code, quotes, lists and links; no images, headings, tables or HTML.
 * markdown-it escapes any HTML typed and refuses javascript:, vbscript:, file: and data: links;
 * sanitize-html then keeps only the tags and attributes below, so that a flaw in either alone
 * lets nothing through. The page never runs the text as anything but these tags.
 */

/** The deepest nesting of quotes and lists (as opened blocks) a comment may have. */
export const COMMENT_MAX_DEPTH = 16;

const options: Options & { maxNesting: number } = {
  html: false,
  linkify: true,
  breaks: true,
  typographer: false,
  // Above COMMENT_MAX_DEPTH, so that a comment markdown-it would cut short is refused instead.
  maxNesting: COMMENT_MAX_DEPTH + 4,
};
const markdown = new MarkdownIt("default", options).disable([
  "image",
  "heading",
  "lheading",
  "table",
  "hr",
  "html_block",
  "html_inline",
]);
// Only links written with their scheme (https://…): a bare "example.com" stays text.
markdown.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
// http(s), mailto and the site's own paths; anything else (javascript:, data:, //elsewhere,
// a relative "page") stays text, rather than a link that sanitize-html would empty.
const LINK = /^(?:https?:\/\/|mailto:|\/(?!\/))/i;
markdown.validateLink = (url) => LINK.test(url.trim());
markdown.renderer.rules.mention = (tokens, index) =>
  `<span class="mention">${markdown.utils.escapeHtml(tokens[index]?.content ?? "")}</span>`;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "em",
    "s",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
  ].concat(["a", "span"]),
  allowedAttributes: { a: ["href", "rel"], span: ["class"], ol: ["start"] },
  allowedClasses: { span: ["mention"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // A link someone typed is theirs, not the site's: no ranking, no window.opener.
    a: sanitizeHtml.simpleTransform("a", { rel: "nofollow ugc noopener noreferrer" }),
  },
};

/**
 * "@" at the start of a word (not in an email address), then up to MENTION_MAX_WORDS words: the
 * longest of them that names a member is the mention.
 */
const MENTION = new RegExp(
  `(^|[^\\p{L}\\p{N}@._-])@([\\p{L}\\p{N}][\\p{L}\\p{N}'’._-]*(?: [\\p{L}\\p{N}][\\p{L}\\p{N}'’._-]*){0,${MENTION_MAX_WORDS - 1}})`,
  "gu",
);
/** The most @ one comment is read for; more stay plain text. */
const MENTIONS_READ_MAX = 50;

/** The names a mention's words could be, longest first, each without trailing punctuation. */
function namesIn(words: string): string[] {
  const parts = words.split(" ");
  const names: string[] = [];
  for (let count = parts.length; count >= 1; count -= 1) {
    const name = parts
      .slice(0, count)
      .join(" ")
      .replace(/['’._-]+$/u, "");
    if (name !== "" && !names.includes(name)) names.push(name);
  }
  return names;
}

export interface Member {
  id: number;
  name: string;
}

/** Who the mentions name: lower-cased name → member, for the names that name one member. */
export type MentionResolver = (candidates: string[]) => Map<string, Member>;

export interface RenderedComment {
  html: string;
  /** How many links the rendered comment holds (a new account may post at most two). */
  links: number;
  /** The members it mentions, in order, each once. */
  mentions: Member[];
  /** How deeply its quotes and lists nest, in opened blocks. */
  depth: number;
}

/** Every text token outside a link, with the array and index it sits at. */
function* textTokens(tokens: Token[]): Generator<{ list: Token[]; index: number }> {
  for (const token of tokens) {
    if (token.type !== "inline" || !token.children) continue;
    let inLink = 0;
    const children = token.children;
    for (let index = 0; index < children.length; index += 1) {
      const child = children[index] as Token;
      if (child.type === "link_open") inLink += 1;
      else if (child.type === "link_close") inLink -= 1;
      else if (child.type === "text" && inLink === 0) yield { list: children, index };
    }
  }
}

function deepest(tokens: Token[]): number {
  let depth = 0;
  let most = 0;
  for (const token of tokens) {
    depth += token.nesting;
    most = Math.max(most, depth);
  }
  return most;
}

/** Renders a comment's Markdown to sanitised HTML, marking the mentions `resolve` recognises. */
export function renderComment(body: string, resolve: MentionResolver): RenderedComment {
  const tokens = markdown.parse(body, {});
  const matches: { list: Token[]; index: number; found: RegExpExecArray[] }[] = [];
  let read = 0;
  for (const place of textTokens(tokens)) {
    const found = [...(place.list[place.index] as Token).content.matchAll(MENTION)].slice(
      0,
      Math.max(0, MENTIONS_READ_MAX - read),
    );
    read += found.length;
    if (found.length > 0) matches.push({ ...place, found });
  }
  const candidates = [
    ...new Set(matches.flatMap(({ found }) => found.flatMap((match) => namesIn(match[2] ?? "")))),
  ];
  const members = candidates.length > 0 ? resolve(candidates) : new Map<string, Member>();
  const mentioned = new Map<number, Member>();

  // Right to left within each token list, so that the indexes still to visit stay where they are.
  for (const { list, index, found } of matches.reverse()) {
    const token = list[index] as Token;
    const pieces: Token[] = [];
    let from = 0;
    for (const match of found) {
      const name = namesIn(match[2] ?? "").find((candidate) =>
        members.has(candidate.toLowerCase()),
      );
      if (!name) continue;
      const member = members.get(name.toLowerCase()) as Member;
      mentioned.set(member.id, member);
      const at = (match.index ?? 0) + (match[1]?.length ?? 0);
      pieces.push(newToken("text", token.content.slice(from, at)));
      pieces.push(newToken("mention", `@${name}`));
      from = at + 1 + name.length;
    }
    if (pieces.length === 0) continue;
    pieces.push(newToken("text", token.content.slice(from)));
    list.splice(index, 1, ...pieces.filter((piece) => piece.content !== ""));
  }

  const html = sanitizeHtml(markdown.renderer.render(tokens, markdown.options, {}), SANITIZE);
  return {
    html,
    links: (html.match(/<a href=/g) ?? []).length,
    mentions: [...mentioned.values()],
    depth: deepest(tokens),
  };
}

/** markdown-it's own Token class, as its parsers make them. */
const TokenOf = markdown.core.State.prototype.Token;

function newToken(type: "text" | "mention", content: string): Token {
  const token = new TokenOf(type, "", 0);
  token.content = content;
  return token;
}
