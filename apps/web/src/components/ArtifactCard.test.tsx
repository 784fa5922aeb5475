import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { truncate } from "../lib/text";
import { makeArtifact } from "../test/render";
import { ArtifactCard } from "./ArtifactCard";

const LONG =
  "The stele carries one decree in hieroglyphic, Demotic and Ancient Greek, which gave scholars the key to Egyptian writing.";

describe("truncate", () => {
  it("cuts after 100 characters and adds an ellipsis", () => {
    expect(LONG.length).toBeGreaterThan(100);
    expect(truncate(LONG)).toBe(`${LONG.slice(0, 100)}...`);
    expect(truncate(LONG)).toHaveLength(103);
  });

  it("puts the ellipsis after the last word when the cut falls on a space", () => {
    const text = `${"a".repeat(99)} ${"b".repeat(20)}`;
    expect(truncate(text)).toBe(`${"a".repeat(99)}...`);
  });

  it("leaves text of 100 characters or fewer whole", () => {
    const exactly100 = "x".repeat(100);
    expect(truncate(exactly100)).toBe(exactly100);
    expect(truncate("Short.")).toBe("Short.");
  });
});

describe("ArtifactCard", () => {
  it("shows the name, the cut context, the likes and a link to the details", () => {
    render(
      <MemoryRouter>
        <ArtifactCard artifact={makeArtifact({ id: 42, historicalContext: LONG, likeCount: 7 })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Rosetta Stone" })).toBeInTheDocument();
    expect(screen.getByText(`${LONG.slice(0, 100)}...`)).toBeInTheDocument();
    expect(screen.queryByText(LONG)).not.toBeInTheDocument();
    expect(screen.getByText("7")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /View Details/ })).toHaveAttribute(
      "href",
      "/artifacts/42",
    );
  });
});
