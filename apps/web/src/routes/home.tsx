import { ArrowRight } from "lucide-react";
import { lazy, Suspense } from "react";
import { ArtifactCards } from "../components/ArtifactCards";
import { ButtonLink } from "../components/Button";
import { Carousel, type CarouselSlide } from "../components/Carousel";
import { HomeSection } from "../components/HomeSection";
import { QueryState } from "../components/QueryState";
import { PageSpinner } from "../components/Spinner";
import { HERO_SLIDES, type HeroSlide } from "../lib/hero-slides";
import { trpc } from "../lib/trpc";

const HomeStory = lazy(() => import("../components/HomeStory"));

export default function HomeRoute() {
  return (
    <>
      <title>Home | Artifact Atlas</title>
      <h1 className="sr-only">Artifact Atlas</h1>
      <Hero />
      <PopularArtifacts />
      <Suspense fallback={null}>
        <HomeStory />
      </Suspense>
    </>
  );
}

function HeroSlideView({ slide }: { slide: HeroSlide }) {
  const { Icon } = slide;
  return (
    <div className="relative flex min-h-[30rem] items-center overflow-hidden bg-gradient-to-br from-hero-from via-hero-from to-hero-to sm:min-h-[34rem]">
      <div
        aria-hidden="true"
        className="absolute inset-0 opacity-[0.07] [background-image:linear-gradient(#fff_1px,transparent_1px),linear-gradient(90deg,#fff_1px,transparent_1px)] [background-size:48px_48px]"
      />
      <Icon
        aria-hidden="true"
        strokeWidth={0.6}
        className="absolute top-1/2 -right-16 size-[20rem] -translate-y-1/2 text-[#f3d9c4] opacity-[0.08] sm:right-6 sm:size-[26rem] sm:opacity-[0.13] lg:right-0 xl:right-28"
      />
      {/* Wider side margins from md up keep the text clear of the previous/next buttons. */}
      <div className="relative mx-auto w-full max-w-7xl px-5 pt-14 pb-24 sm:px-8 md:px-24">
        <div className="max-w-2xl">
          <p className="mb-4 text-xs font-semibold tracking-[0.25em] text-[#f0b996] uppercase">
            {slide.eyebrow}
          </p>
          <h2 className="font-serif text-4xl leading-[1.1] font-semibold text-[#fbf5ec] sm:text-5xl lg:text-6xl">
            {slide.title}
          </h2>
          <p className="mt-5 max-w-xl text-base leading-relaxed text-[#e8ddcf] sm:text-lg">
            {slide.subtitle}
          </p>
          <ButtonLink to="/allartifacts" size="lg" variant="inverse" className="mt-8">
            Explore Collection
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}

const SLIDES: CarouselSlide[] = HERO_SLIDES.map((slide) => ({
  key: slide.key,
  label: slide.title,
  content: <HeroSlideView slide={slide} />,
}));

function Hero() {
  return <Carousel slides={SLIDES} label="Featured collections" />;
}

function PopularArtifacts() {
  const popular = trpc.artifacts.popular.useQuery(undefined, {
    meta: { failureLog: "Error fetching artifacts" },
  });
  // Spec: a failed fetch is logged; the spinner stops and the grid stays empty.
  const empty = <ArtifactCards artifacts={[]} />;
  return (
    <HomeSection
      headingId="popular-heading"
      eyebrow="Community favourites"
      title="Most Popular Artifacts"
      subtitle="The objects our community returns to most, ranked by likes."
    >
      <QueryState
        query={popular}
        loading={<PageSpinner label="Loading popular artifacts" />}
        notFound={empty}
        failed={empty}
      >
        {(artifacts) => <ArtifactCards artifacts={artifacts} />}
      </QueryState>
      <div className="mt-12 flex justify-center">
        <ButtonLink to="/allartifacts" variant="secondary" size="lg">
          Explore All Artifacts
          <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
      </div>
    </HomeSection>
  );
}
