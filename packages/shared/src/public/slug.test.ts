import { describe, expect, it } from "vitest";
import { artifactSlug, permanentArtifactPath, publicArtifactPath } from "./slug";

describe("artifactSlug", () => {
  it("keeps lower-case letters and digits joined by single hyphens", () => {
    expect(artifactSlug("Rosetta Stone")).toBe("rosetta-stone");
    expect(artifactSlug("  The Antikythera  Mechanism (c. 100 BC)! ")).toBe(
      "the-antikythera-mechanism-c-100-bc",
    );
  });

  it("drops accents and anything that could break out of a path", () => {
    expect(artifactSlug("Pietà of Michelangelo")).toBe("pieta-of-michelangelo");
    expect(artifactSlug('</script><script>alert("x")</script>')).toBe(
      "script-script-alert-x-script",
    );
    expect(artifactSlug("../../etc/passwd?x=1#y")).toBe("etc-passwd-x-1-y");
  });

  it("is empty for a name without Latin letters or digits, and the path is then the id alone", () => {
    expect(artifactSlug("兵馬俑")).toBe("");
    expect(publicArtifactPath({ id: 7, artifactName: "兵馬俑" })).toBe("/a/7");
    expect(publicArtifactPath({ id: 7, artifactName: "Terracotta Army" })).toBe(
      "/a/7/terracotta-army",
    );
  });

  it("is at most 60 characters and never ends in a hyphen", () => {
    const slug = artifactSlug(`${"word ".repeat(40)}end`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith("-")).toBe(false);
  });

  it("gives the permanent link from the id alone", () => {
    expect(permanentArtifactPath(42)).toBe("/a/42");
  });
});
