import { writeFileSync } from "node:fs";

/** Writes a bench's Markdown report formatted as `pnpm lint` expects the repository's Markdown. */
export async function writeMarkdownReport(path: string, markdown: string): Promise<void> {
  const prettier = await import("prettier");
  const options = (await prettier.resolveConfig(path)) ?? {};
  writeFileSync(path, await prettier.format(markdown, { ...options, filepath: path }));
}
