import { act, fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Carousel, type CarouselSlide } from "./Carousel";

const SLIDES: CarouselSlide[] = ["Alpha", "Beta", "Gamma"].map((title) => ({
  key: title,
  label: title,
  content: <p>{title} slide</p>,
}));

/** The one slide that is not hidden from assistive technology. */
function shownSlide(): string {
  return screen.getByRole("group", { name: /of 3/ }).getAttribute("aria-label") ?? "";
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function region() {
  return screen.getByRole("region", { name: "Featured" });
}

function swipe(fromX: number, toX: number) {
  fireEvent.touchStart(region(), { touches: [{ clientX: fromX, clientY: 100 }] });
  fireEvent.touchEnd(region(), { changedTouches: [{ clientX: toX, clientY: 100 }] });
}

describe("Carousel", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it("advances every 5000 ms and wraps from the last slide to the first", () => {
    render(<Carousel slides={SLIDES} label="Featured" />);
    expect(shownSlide()).toBe("1 of 3: Alpha");
    advance(4999);
    expect(shownSlide()).toBe("1 of 3: Alpha");
    advance(1);
    expect(shownSlide()).toBe("2 of 3: Beta");
    advance(5000);
    expect(shownSlide()).toBe("3 of 3: Gamma");
    advance(5000);
    expect(shownSlide()).toBe("1 of 3: Alpha");
  });

  it("wraps both ways with the previous and next buttons, and the dots jump", () => {
    render(<Carousel slides={SLIDES} label="Featured" />);
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(shownSlide()).toBe("3 of 3: Gamma");
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(shownSlide()).toBe("1 of 3: Alpha");
    fireEvent.click(screen.getByRole("button", { name: "Go to slide 2" }));
    expect(shownSlide()).toBe("2 of 3: Beta");
    expect(screen.getByRole("button", { name: "Go to slide 2" })).toHaveAttribute(
      "aria-current",
      "true",
    );
  });

  it("a manual move restarts the full interval", () => {
    render(<Carousel slides={SLIDES} label="Featured" />);
    advance(4000);
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(shownSlide()).toBe("2 of 3: Beta");
    advance(4000);
    expect(shownSlide()).toBe("2 of 3: Beta");
    advance(1000);
    expect(shownSlide()).toBe("3 of 3: Gamma");
  });

  it("moves on a swipe of more than 50 px only", () => {
    render(<Carousel slides={SLIDES} label="Featured" />);
    swipe(200, 150); // exactly 50 px: not a swipe
    expect(shownSlide()).toBe("1 of 3: Alpha");
    swipe(200, 149); // 51 px left: next
    expect(shownSlide()).toBe("2 of 3: Beta");
    swipe(100, 151); // 51 px right: previous
    expect(shownSlide()).toBe("1 of 3: Alpha");
    swipe(100, 160); // right again from the first slide wraps to the last
    expect(shownSlide()).toBe("3 of 3: Gamma");
  });

  it("pauses while hovered and resumes when the pointer leaves", () => {
    render(<Carousel slides={SLIDES} label="Featured" />);
    fireEvent.mouseEnter(region());
    advance(15000);
    expect(shownSlide()).toBe("1 of 3: Alpha");
    fireEvent.mouseLeave(region());
    advance(5000);
    expect(shownSlide()).toBe("2 of 3: Beta");
  });

  it("pauses while keyboard focus is inside", () => {
    render(<Carousel slides={SLIDES} label="Featured" />);
    act(() => screen.getByRole("button", { name: "Go to slide 1" }).focus());
    advance(10000);
    expect(shownSlide()).toBe("1 of 3: Alpha");
    act(() => screen.getByRole("button", { name: "Go to slide 1" }).blur());
    advance(5000);
    expect(shownSlide()).toBe("2 of 3: Beta");
  });

  it("stops for good with the pause button and starts again with play", () => {
    render(<Carousel slides={SLIDES} label="Featured" />);
    fireEvent.click(screen.getByRole("button", { name: "Pause slideshow" }));
    advance(20000);
    expect(shownSlide()).toBe("1 of 3: Alpha");
    const play = screen.getByRole("button", { name: "Play slideshow" });
    fireEvent.click(play);
    // Focus on the play button itself does not hold the slideshow.
    act(() => play.focus());
    advance(5000);
    expect(shownSlide()).toBe("2 of 3: Beta");
  });

  it("starts paused for visitors who ask for reduced motion", () => {
    // jsdom has no matchMedia; this one answers as a browser set to reduce motion would.
    Object.defineProperty(window, "matchMedia", {
      configurable: true,
      value: (query: string) => ({ matches: query.includes("reduce"), media: query }),
    });
    try {
      render(<Carousel slides={SLIDES} label="Featured" />);
      expect(screen.getByRole("button", { name: "Play slideshow" })).toBeInTheDocument();
      advance(10000);
      expect(shownSlide()).toBe("1 of 3: Alpha");
    } finally {
      Reflect.deleteProperty(window, "matchMedia");
    }
  });
});
