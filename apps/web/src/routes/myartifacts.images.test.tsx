import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MY_ARTIFACTS_PAGE_SIZE } from "@artifact-atlas/shared";
import { createFakeApi, cursorPages } from "../test/fake-api";
import { makeArtifact, renderApp, SIGNED_IN_USER } from "../test/render";

/*
 * Issue 30: the My Artifacts table's images had no width and height, so each row grew when its
 * image arrived (a layout shift). Every image now states its size: an upload its own, an image
 * elsewhere the 4:3 box it is drawn in.
 */

const UPLOAD = `/images/${"a".repeat(64)}`;

describe("My Artifacts' table", () => {
  it("gives every image a width and a height before it loads", async () => {
    renderApp(
      createFakeApi({
        "auth.me": () => SIGNED_IN_USER,
        "artifacts.mine": cursorPages(
          [
            makeArtifact({
              id: 3,
              artifactName: "Bronze Mirror",
              artifactImage: UPLOAD,
              imageWidth: 1600,
              imageHeight: 1200,
            }),
            makeArtifact({ id: 4, artifactName: "Venus Figurine" }),
          ],
          MY_ARTIFACTS_PAGE_SIZE,
        ),
      }),
      "/myartifacts",
    );
    const table = await screen.findByRole("table");
    const images = within(table)
      .getAllByRole("img")
      .filter((element) => element.tagName === "IMG");
    expect(
      images.map((image) => [image.getAttribute("width"), image.getAttribute("height")]),
    ).toEqual([
      ["1600", "1200"],
      ["800", "600"],
    ]);
  });
});
