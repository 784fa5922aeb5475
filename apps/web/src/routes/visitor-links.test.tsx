import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ArtifactFacets, ArtifactPage } from "@artifact-atlas/shared";
import { createFakeApi } from "../test/fake-api";
import { makeArtifact, renderApp, SIGNED_IN_USER } from "../test/render";

/** Lazy screens load their code first: slower than findBy's default on a busy machine. */
const LOADING = { timeout: 5_000 };

/*
 * Issue 29: a visitor is not sent to a wall. The spec's links stay (View Details to the protected
 * /artifacts/{id}), but the Login screen they lead to offers the artifact's public page, and the
 * screens the spec does not draw link visitors to /a/{id}.
 */

describe("the Login screen reached from an artifact", () => {
  it("offers the artifact's public page, without signing in", async () => {
    renderApp(createFakeApi({ "auth.me": () => null }), "/login?redirect=%2Fartifacts%2F42");
    const link = await screen.findByRole("link", { name: "View it without signing in" }, LOADING);
    expect(link).toHaveAttribute("href", "/a/42");
    expect(screen.getByText("Only here to look?")).toBeInTheDocument();
  });

  it("is where the guard sends a visitor who opens /artifacts/{id}, with the same offer", async () => {
    const { router } = renderApp(createFakeApi({ "auth.me": () => null }), "/artifacts/7/history");
    expect(
      await screen.findByRole("link", { name: "View it without signing in" }, LOADING),
    ).toHaveAttribute("href", "/a/7");
    expect(router.location.pathname).toBe("/login");
  });

  it("offers nothing of the kind when reached from elsewhere", async () => {
    renderApp(createFakeApi({ "auth.me": () => null }), "/login?redirect=%2Fmyartifacts");
    expect(await screen.findByRole("button", { name: "Sign in" }, LOADING)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "View it without signing in" })).toBeNull();
  });
});

describe("the timeline's artifacts", () => {
  const facets: ArtifactFacets = {
    types: [],
    centuries: [{ value: -2, count: 1 }],
    locations: [],
    rights: [],
    countries: [],
    undated: 0,
  };
  const list = (): ArtifactPage => ({
    items: [makeArtifact({ id: 12, artifactName: "Rosetta Stone" })],
    total: 1,
    page: 1,
    pageCount: 1,
  });

  async function linkFor(me: () => unknown) {
    renderApp(
      createFakeApi({
        "auth.me": me,
        "artifacts.facets": () => facets,
        "artifacts.list": list,
        "notifications.unreadCount": () => 0,
      }),
      "/timeline",
    );
    const section = (
      await screen.findByRole("heading", { name: /^Artifacts of/ }, LOADING)
    ).closest("section")!;
    return within(section).findByRole("link", { name: "Rosetta Stone" });
  }

  it("lead a visitor to the public page", async () => {
    expect(await linkFor(() => null)).toHaveAttribute("href", "/a/12");
  });

  it("lead a signed-in member to the detail page", async () => {
    const link = await linkFor(() => SIGNED_IN_USER);
    await waitFor(() => expect(link).toHaveAttribute("href", "/artifacts/12"));
  });
});
