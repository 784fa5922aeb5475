import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Highlighted } from "./Highlighted";

describe("Highlighted", () => {
  it("marks the ranges as text in <mark>, never as HTML", () => {
    const { container } = render(
      <p>
        <Highlighted
          text="Béziers <b>panel</b> of Béziers"
          ranges={[
            [0, 7],
            [24, 31],
            [40, 50],
          ]}
        />
      </p>,
    );
    const marks = [...container.querySelectorAll("mark")].map((mark) => mark.textContent);
    expect(marks).toEqual(["Béziers", "Béziers"]);
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toBe("Béziers <b>panel</b> of Béziers");
  });

  it("shows plain text without ranges", () => {
    const { container } = render(<Highlighted text="Rosetta Stone" />);
    expect(container.innerHTML).toBe("Rosetta Stone");
  });
});
