import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The newcomer's map: README.md's Layout names every top-level folder of the sources, and
 * docs/decisions/README.md indexes every decision record. Both drift as soon as someone adds a
 * folder or a record without a line, so the test run says so.
 */

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SOURCE_ROOTS = ["apps/api/src", "apps/web/src", "packages/shared/src"];
const DECISIONS = join(ROOT, "docs/decisions");

function read(path: string): string {
  return readFileSync(join(ROOT, path), "utf8");
}

/** The fenced block under "## Layout" in README.md. */
function layoutBlock(): string[] {
  const readme = read("README.md");
  const section = readme.split(/^## /m).find((part) => part.startsWith("Layout\n"));
  if (!section) throw new Error('README.md has no "## Layout" section');
  const block = /```\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error("README.md's Layout has no fenced block");
  return block[1]!.split("\n");
}

/**
 * The folders the Layout names directly under `root`: its lines are `root/` at the start of a
 * line, then one line per entry indented by two spaces, names first (several separated by
 * commas), then two or more spaces and what lives there; deeper-indented lines continue it.
 */
function foldersNamedUnder(root: string): string[] | null {
  const lines = layoutBlock();
  const start = lines.findIndex((line) => line.split(/\s{2,}/)[0] === `${root}/`);
  if (start === -1) return null;
  const folders: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    if (!/^ {2}\S/.test(line)) continue;
    const names = line.trim().split(/\s{2,}/)[0]!;
    for (const name of names.split(/,\s*/)) {
      if (name.endsWith("/")) folders.push(name.slice(0, -1));
    }
  }
  return folders;
}

function foldersOf(root: string): string[] {
  return readdirSync(join(ROOT, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function markdownFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

/** The targets of the relative links of a markdown file (not in code), without their `#fragment`. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!.split("#")[0]!)
    .filter((target) => target !== "" && !/^[a-z]+:/i.test(target));
}

const RECORD_FILE = /^\d{3}-[a-z0-9-]+\.md$/;
const STUB =
  /^Superseded: folded into \[[^\]]+\]\((\d{3}-[a-z0-9-]+\.md)\) on \d{4}-\d{2}-\d{2}\.$/m;

describe("README.md's Layout", () => {
  for (const root of SOURCE_ROOTS) {
    it(`names every top-level folder of ${root}, and no folder it lacks`, () => {
      const named = foldersNamedUnder(root);
      expect(named, `the Layout has no block starting with "${root}/"`).not.toBeNull();
      const actual = foldersOf(root);
      expect(
        actual.filter((folder) => !named!.includes(folder)),
        `folders of ${root} missing from README.md's Layout`,
      ).toEqual([]);
      expect(
        named!.filter((folder) => !actual.includes(folder)),
        `folders README.md's Layout names under ${root} that do not exist`,
      ).toEqual([]);
    });
  }
});

describe("the decision records' index", () => {
  const records = readdirSync(DECISIONS).filter((name) => RECORD_FILE.test(name));
  const linked = () => new Set(relativeLinks(read("docs/decisions/README.md")));

  it("links only records that exist", () => {
    expect([...linked()].filter((target) => !existsSync(join(DECISIONS, target)))).toEqual([]);
  });

  it("lists every record file", () => {
    expect(records.length).toBeGreaterThan(0);
    const listed = linked();
    expect(records.filter((name) => !listed.has(name))).toEqual([]);
  });

  it("has folded records point to a living record, never to another folded one", () => {
    const stubs = records.filter((name) => STUB.test(readFileSync(join(DECISIONS, name), "utf8")));
    expect(stubs.length).toBeGreaterThan(0);
    for (const stub of stubs) {
      const target = STUB.exec(readFileSync(join(DECISIONS, stub), "utf8"))![1]!;
      expect(existsSync(join(DECISIONS, target)), `${stub} points to ${target}`).toBe(true);
      expect(stubs, `${stub} points to ${target}, itself folded`).not.toContain(target);
    }
  });
});

describe("links between the documents", () => {
  it("every relative link of README.md and docs/ reaches a file or folder", () => {
    const broken: string[] = [];
    for (const file of ["README.md", ...markdownFiles("docs")]) {
      for (const target of relativeLinks(read(file))) {
        const path = join(ROOT, dirname(file), decodeURI(target));
        if (!existsSync(path)) broken.push(`${file} -> ${relative(ROOT, path)}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
