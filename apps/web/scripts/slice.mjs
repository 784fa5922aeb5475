/* eslint-disable no-console -- a command-line tool that prints the files it writes. */
/* global document -- the callback runs in the browser page. */
// Cuts tall screenshots into viewable slices: node slice.mjs OUTDIR HEIGHT file.png...
import { readFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { chromium } from "playwright-core";

const [outDir, sliceHeight, ...files] = process.argv.slice(2);
const height = Number(sliceHeight);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
const page = await browser.newPage();
for (const file of files) {
  const data = readFileSync(file).toString("base64");
  await page.setContent(
    `<body style="margin:0"><img id="i" src="data:image/png;base64,${data}"></body>`,
  );
  const { w, h } = await page.evaluate(() => {
    const img = document.getElementById("i");
    return { w: img.naturalWidth, h: img.naturalHeight };
  });
  await page.setViewportSize({ width: w, height: Math.min(h, height) });
  for (let y = 0, n = 0; y < h; y += height, n += 1) {
    const out = resolve(outDir, `${basename(file, ".png")}-${n}.png`);
    await page.screenshot({
      path: out,
      fullPage: true,
      clip: { x: 0, y, width: w, height: Math.min(height, h - y) },
    });
    console.log(out);
  }
}
await browser.close();
