import { clsx } from "clsx";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { CAROUSEL_INTERVAL_MS, SWIPE_THRESHOLD_PX } from "@artifact-atlas/shared";
import { prefersReducedMotion } from "../lib/motion";

export interface CarouselSlide {
  key: string;
  /** Read to screen readers as the slide's name, e.g. its title. */
  label: string;
  content: ReactNode;
}

interface CarouselProps {
  slides: CarouselSlide[];
  /** Names the carousel region. */
  label: string;
}

/**
 * A small slideshow (WAI-ARIA APG carousel pattern): advances by itself, wraps both ways, stops
 * while hovered or focused and whenever the visitor presses pause (moving content must be
 * stoppable, WCAG 2.2.2). Visitors who ask for reduced motion start paused.
 */
export function Carousel({ slides, label }: CarouselProps) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const touchStartX = useRef<number | null>(null);
  const rotationButton = useRef<HTMLButtonElement>(null);
  const slidesId = useId();
  const running = !userPaused && !hovered && !focused && count > 1;

  // One timer per shown slide: a manual move restarts the full interval.
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(
      () => setIndex((current) => (current + 1) % count),
      CAROUSEL_INTERVAL_MS,
    );
    return () => window.clearTimeout(timer);
  }, [running, index, count]);

  const go = (next: number) => setIndex(((next % count) + count) % count);
  const previous = () => go(index - 1);
  const next = () => go(index + 1);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative isolate overflow-hidden"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => {
        // The play/pause button itself does not pause: pressing Play must start the slideshow.
        if (!rotationButton.current?.contains(event.target)) setFocused(true);
      }}
      onBlur={(event) => {
        const stillInside = event.currentTarget.contains(event.relatedTarget as Node | null);
        const toRotation = rotationButton.current?.contains(event.relatedTarget as Node | null);
        if (!stillInside || toRotation) setFocused(false);
      }}
      onTouchStart={(event) => {
        touchStartX.current = event.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(event) => {
        const start = touchStartX.current;
        const end = event.changedTouches[0]?.clientX;
        touchStartX.current = null;
        if (start === null || end === undefined) return;
        const distance = end - start;
        if (distance > SWIPE_THRESHOLD_PX) previous();
        else if (distance < -SWIPE_THRESHOLD_PX) next();
      }}
    >
      <div
        id={slidesId}
        aria-live={running ? "off" : "polite"}
        className="grid [&>*]:[grid-area:1/1]"
      >
        {slides.map((slide, slideIndex) => {
          const active = slideIndex === index;
          return (
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`${slideIndex + 1} of ${count}: ${slide.label}`}
              aria-hidden={active ? undefined : true}
              inert={!active}
              className={clsx(
                "transition-opacity duration-700 ease-out",
                active ? "opacity-100" : "pointer-events-none opacity-0",
              )}
            >
              {slide.content}
            </div>
          );
        })}
      </div>

      {count > 1 && (
        <>
          <button
            type="button"
            onClick={previous}
            aria-controls={slidesId}
            aria-label="Previous slide"
            className="absolute top-1/2 left-4 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/35 text-white backdrop-blur-sm transition-colors hover:bg-black/55 md:inline-flex"
          >
            <ChevronLeft aria-hidden="true" className="size-6" />
          </button>
          <button
            type="button"
            onClick={next}
            aria-controls={slidesId}
            aria-label="Next slide"
            className="absolute top-1/2 right-4 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/35 text-white backdrop-blur-sm transition-colors hover:bg-black/55 md:inline-flex"
          >
            <ChevronRight aria-hidden="true" className="size-6" />
          </button>

          <div className="absolute inset-x-0 bottom-5 flex items-center justify-center gap-3">
            <button
              ref={rotationButton}
              type="button"
              onClick={() => setUserPaused((paused) => !paused)}
              aria-label={userPaused ? "Play slideshow" : "Pause slideshow"}
              className="inline-flex size-9 items-center justify-center rounded-full bg-black/35 text-white backdrop-blur-sm transition-colors hover:bg-black/55"
            >
              {userPaused ? (
                <Play aria-hidden="true" className="size-4" />
              ) : (
                <Pause aria-hidden="true" className="size-4" />
              )}
            </button>
            <div className="flex items-center gap-1 rounded-full bg-black/35 px-2 py-1 backdrop-blur-sm">
              {slides.map((slide, slideIndex) => (
                <button
                  key={slide.key}
                  type="button"
                  onClick={() => go(slideIndex)}
                  aria-controls={slidesId}
                  aria-label={`Go to slide ${slideIndex + 1}`}
                  aria-current={slideIndex === index ? "true" : undefined}
                  className="group inline-flex size-7 items-center justify-center"
                >
                  <span
                    className={clsx(
                      "block h-2 rounded-full transition-all duration-300",
                      slideIndex === index
                        ? "w-6 bg-white"
                        : "w-2 bg-white/55 group-hover:bg-white/80",
                    )}
                  />
                </button>
              ))}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
