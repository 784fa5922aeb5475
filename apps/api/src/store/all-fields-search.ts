import type { MatchRanges } from "@artifact-atlas/shared";

/*
 * "Search in: All fields" (migration 0022): what a person typed becomes an FTS5 query made only of
 * quoted words, so that no input (quotes, hyphens, `*`, NEAR, AND, column filters, one or two
 * characters) can be read as FTS5 syntax, and the words it matched are found again in the text
 * for the cards' highlights, which go to the browser as ranges, never as HTML.
 */

/** The most words of a search that count: more only make the query slower, never better. */
const MAX_WORDS = 8;
/** Words this long or longer also match longer words they begin ("bron" finds "bronze"). */
const PREFIX_FROM = 3;

/** A word as the unicode61 tokenizer reads it: letters, numbers and private-use characters. */
const WORD = /[\p{L}\p{N}\p{Co}]+/gu;

/** Lowered and without accents, as `unicode61 remove_diacritics 2` folds the index. */
export function foldWord(word: string): string {
  return word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * Words that say nothing about an artifact: Lucene's English stop words (decision 090). Every word
 * of a search must match, so "the bronze axe" would miss a "Bronze axe head" for its "the".
 */
const STOP_WORDS = new Set(
  (
    "a an and are as at be but by for if in into is it no not of on or such that the their then " +
    "there these they this to was will with"
  ).split(" "),
);

/**
 * The distinct folded words of a search, at most MAX_WORDS, without stop words unless it has no
 * other word: a search for "the" alone still looks for it.
 */
export function searchWords(search: string): string[] {
  const words = [
    ...new Set((search.match(WORD) ?? []).map(foldWord).filter((word) => word.length > 0)),
  ];
  const telling = words.filter((word) => !STOP_WORDS.has(word));
  return (telling.length > 0 ? telling : words).slice(0, MAX_WORDS);
}

/**
 * The FTS5 MATCH text for these words: each in double quotes (a word holds no quote, as WORD
 * shows), longer ones as prefixes, all required. Null when the search has no word at all: it then
 * finds nothing.
 */
export function allFieldsQuery(words: readonly string[]): string | null {
  if (words.length === 0) return null;
  return words.map((word) => (word.length >= PREFIX_FROM ? `"${word}"*` : `"${word}"`)).join(" ");
}

/** Where the words matched in a text, as [start, end) ranges of its characters. */
export function matchRanges(text: string, words: readonly string[]): MatchRanges {
  const ranges: MatchRanges = [];
  for (const match of text.matchAll(WORD)) {
    const folded = foldWord(match[0]);
    const hit = words.some((word) =>
      word.length >= PREFIX_FROM ? folded.startsWith(word) : folded === word,
    );
    if (hit) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}
