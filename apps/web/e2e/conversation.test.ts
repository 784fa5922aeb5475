import { resolve } from "node:path";
import type { BrowserContext, Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setRoleOn } from "@artifact-atlas/api/test-support/live-database";
import { COMMENT_PLACEHOLDERS, type Artifact } from "@artifact-atlas/shared";
import { createArtifact, PASSWORD, trpcQuery, uniqueEmail } from "./support/api";
import { openPage, SCREENSHOT_DIR, shown } from "./support/browser";
import { useProductInBrowser } from "./support/product";

/*
 * Issue 33 in the browser: a member asks under someone else's artifact, with Markdown and a try at
 * a script; a visitor reads it on the public page; the owner hears of it in the bell, opens the
 * discussion, and accepts the member's suggested change; a curator hides a comment. Screenshots of
 * the discussion at 390 and 1280 px, light and dark, go to test-results/screenshots.
 */

// Each account signs up from an address of its own, as people do.
const product = useProductInBrowser(() => ({ TRUST_PROXY: "127.0.0.1,::1" }));
let addresses = 0;

async function signUp(context: BrowserContext, name: string, label: string) {
  addresses += 1;
  const email = uniqueEmail(label);
  const answer = await context.request.post(`${product.origin}/trpc/auth.signup`, {
    headers: { origin: product.origin, "x-forwarded-for": `198.51.100.${addresses}` },
    data: { userName: name, email, password: PASSWORD },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return email;
}

/** The first of what the locator finds, shown (several elements may match). */
function firstShown(locator: Locator): Promise<void> {
  return shown(locator.first());
}

describe("the conversation around an artifact", () => {
  it("is asked, read, heard of, decided and moderated", async () => {
    const ownerContext = await product.newContext();
    await signUp(ownerContext, "Olga Owner", "owner");
    const stone = await createArtifact(ownerContext, product.origin, {
      artifactName: "Bronze Lamp of Ostia",
      createdAt: "1st Century",
    });

    // A member asks, with Markdown, a reply-worthy doubt and a try at a script.
    const memberContext = await product.newContext();
    await signUp(memberContext, "Mary Anning", "member");
    const member = await openPage(memberContext);
    let dialogs = 0;
    member.page.on("dialog", (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await member.page.goto(`${product.origin}/artifacts/${stone.id}`);
    const discussion = member.page.getByRole("region", { name: "Discussion" });
    await firstShown(discussion.getByText("No comments yet."));
    const field = discussion.getByRole("textbox", { name: "Add a comment" });
    await field.fill(
      "Is this really **Roman**? <script>alert(1)</script> [see](javascript:alert(1))",
    );
    await discussion.getByRole("button", { name: "Post comment" }).click();
    const asked = discussion.getByRole("article", { name: "Comment by Mary Anning" });
    await firstShown(asked.locator("strong", { hasText: "Roman" }));
    await firstShown(asked.getByText("<script>alert(1)</script>", { exact: false }));
    expect(await asked.locator("script, a[href^='javascript']").count()).toBe(0);
    expect(dialogs).toBe(0);

    // The member follows it and, beside "Added by", its owner; then suggests a date.
    await discussion.getByRole("button", { name: "Follow Bronze Lamp of Ostia" }).click();
    await firstShown(discussion.getByRole("button", { name: "Unfollow Bronze Lamp of Ostia" }));
    const byline = member.page.locator("header", {
      has: member.page.getByRole("heading", { level: 1 }),
    });
    await byline.getByRole("button", { name: "Follow Olga Owner" }).click();
    await firstShown(byline.getByRole("button", { name: "Unfollow Olga Owner" }));
    await firstShown(byline.getByRole("checkbox", { name: "In the bell" }));
    await discussion.getByRole("button", { name: "Suggest a change" }).click();
    const suggest = discussion.getByRole("form", { name: "Suggest a change" });
    await suggest.getByLabel("Field").selectOption("createdAt");
    await suggest.getByLabel("New value").fill("2nd Century");
    await suggest.getByLabel("Reason").fill("The maker's stamp is of the *2nd* century.");
    await suggest.getByLabel("Source").fill("https://ostia.example/lamps");
    await suggest.getByRole("button", { name: "Send suggestion" }).click();
    await firstShown(discussion.getByText("Suggested change: Created At"));

    // A visitor reads it on the public page, and is invited to sign in.
    const visitorContext = await product.newContext({ width: 390 });
    const visitor = await openPage(visitorContext);
    await visitor.page.goto(`${product.origin}/a/${stone.id}`);
    const publicDiscussion = visitor.page.getByRole("region", { name: "Discussion" });
    await firstShown(publicDiscussion.locator("strong", { hasText: "Roman" }));
    await firstShown(
      publicDiscussion.getByRole("link", { name: "Sign in to join the discussion" }),
    );
    expect(await publicDiscussion.getByRole("textbox").count()).toBe(0);

    // The owner hears of it in the bell, opens the discussion and accepts the suggestion.
    const owner = await openPage(ownerContext);
    await owner.page.goto(`${product.origin}/notifications`);
    await owner.page
      .getByRole("link", { name: "New comments on your artifact “Bronze Lamp of Ostia”." })
      .click();
    await owner.page.waitForURL((url) => url.hash === "#discussion");
    const ownerDiscussion = owner.page.getByRole("region", { name: "Discussion" });
    await ownerDiscussion.getByRole("button", { name: "Accept" }).click();
    await firstShown(ownerDiscussion.getByText("Accepted", { exact: true }));
    await expect
      .poll(async () => {
        const artifact = await trpcQuery<Artifact>(product.origin, "artifacts.publicById", {
          id: stone.id,
        });
        return artifact.createdAt;
      })
      .toBe("2nd Century");

    // The owner answers the question, one level deep.
    const question = ownerDiscussion
      .getByRole("article", { name: "Comment by Mary Anning" })
      .first();
    await question.getByRole("button", { name: "Reply" }).click();
    const reply = ownerDiscussion.getByRole("form", { name: "Reply to Mary Anning" });
    await reply.getByRole("textbox").fill("Roman, yes: see the `OSTIA` stamp.");
    await reply.getByRole("button", { name: "Reply" }).click();
    await firstShown(ownerDiscussion.getByRole("article", { name: "Comment by Olga Owner" }));

    // A curator hides the first comment; the visitor then sees only that it was hidden.
    const curatorContext = await product.newContext({ width: 390 });
    const curatorEmail = await signUp(curatorContext, "Cara Curator", "curator");
    setRoleOn(product.databasePath, curatorEmail, "curator");
    const curator = await openPage(curatorContext);
    await curator.page.goto(`${product.origin}/artifacts/${stone.id}`);
    const curated = curator.page
      .getByRole("region", { name: "Discussion" })
      .getByRole("article", { name: "Comment by Mary Anning" })
      .first();
    await curated.getByRole("button", { name: "Hide" }).click();
    const reason = curated.getByRole("combobox", { name: "Reason" });
    await expect.poll(() => reason.locator("option").count()).toBeGreaterThan(1);
    await reason.selectOption({ index: 1 });
    await curated.getByRole("button", { name: "Hide" }).click();
    await firstShown(curated.getByText(COMMENT_PLACEHOLDERS.hidden, { exact: false }));
    await visitor.page.reload();
    await firstShown(publicDiscussion.getByText(COMMENT_PLACEHOLDERS.hidden));
    expect(await publicDiscussion.getByText("Is this really", { exact: false }).count()).toBe(0);

    // The owner's next artifact comes to the member's Following feed.
    await createArtifact(ownerContext, product.origin, { artifactName: "Glass Cup of Ostia" });
    await member.page.goto(`${product.origin}/following`);
    const feed = member.page.getByRole("region", { name: "New from members you follow" });
    await firstShown(feed.getByText("Glass Cup of Ostia"));

    for (const { problems } of [member, visitor, owner, curator]) expect(problems).toEqual([]);

    // The discussion as a member sees it, at both widths, in both themes.
    const cookies = await memberContext.cookies();
    for (const [who, path] of [
      ["member", `/artifacts/${stone.id}`],
      ["visitor", `/a/${stone.id}`],
    ] as const) {
      for (const width of [390, 1280]) {
        for (const theme of ["light", "dark"] as const) {
          const context = await product.newContext({ width, theme, reducedMotion: true });
          if (who === "member") await context.addCookies(cookies);
          const shot = await openPage(context);
          await shot.page.goto(`${product.origin}${path}`);
          const section = shot.page.getByRole("region", { name: "Discussion" });
          await firstShown(section.getByText("Suggested change: Created At"));
          await shot.page.screenshot({
            path: resolve(SCREENSHOT_DIR, `conversation-${who}-${width}-${theme}.png`),
            fullPage: true,
          });
          // The discussion alone, close up; the sticky header kept out of its way for the picture.
          await shot.page.evaluate(() => {
            const header = document.querySelector("header");
            if (header) header.style.position = "static";
          });
          await section.screenshot({
            path: resolve(SCREENSHOT_DIR, `conversation-${who}-${width}-${theme}-discussion.png`),
          });
          if (who === "member") {
            // Follow beside the owner's name, with the member's choices.
            const byline = shot.page.locator("header", {
              has: shot.page.getByRole("heading", { level: 1 }),
            });
            await byline.screenshot({
              path: resolve(SCREENSHOT_DIR, `conversation-member-${width}-${theme}-byline.png`),
            });
          }
          expect(shot.problems).toEqual([]);
        }
      }
    }
  });
});
