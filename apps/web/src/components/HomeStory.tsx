import { ArrowRight, ArrowUpRight, Clock, Compass } from "lucide-react";
import {
  CONTRIBUTORS,
  CONTRIBUTORS_UPDATED,
  MILESTONES,
  ROMAN_ARTICLES,
  STATS,
  VISION,
} from "../lib/home-content";
import { ButtonLink } from "./Button";
import { HomeSection } from "./HomeSection";

/**
 * Home's static sections below the most popular artifacts, hard-coded by the specification. They
 * are a chunk of their own: the first screenful does not wait for their code.
 */
export default function HomeStory() {
  return (
    <>
      <Impact />
      <Journey />
      <Vision />
      <TopContributors />
      <LatestDiscoveries />
    </>
  );
}

function Impact() {
  return (
    <HomeSection
      headingId="impact-heading"
      className="border-y border-line bg-surface-muted"
      eyebrow="Our impact"
      title="Impact in Numbers"
      subtitle="A growing record of history, kept by people who care about it."
    >
      <dl className="grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
        {STATS.map(({ value, label, Icon }) => (
          <div
            key={label}
            className="flex flex-col items-center rounded-2xl border border-line bg-surface px-4 py-8 text-center shadow-card"
          >
            <Icon aria-hidden="true" className="mb-3 size-6 text-accent" />
            <dt className="order-last mt-1 text-sm font-medium text-muted">{label}</dt>
            <dd className="font-serif text-3xl font-semibold text-ink sm:text-4xl">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-12 flex justify-center">
        <ButtonLink to="/allartifacts" size="lg">
          Join Our Community
          <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
      </div>
    </HomeSection>
  );
}

function Journey() {
  return (
    <HomeSection
      headingId="journey-heading"
      width="medium"
      eyebrow="Since 1992"
      title="Our Journey"
      subtitle="From a card index to a community catalogue."
    >
      <div className="relative">
        <div
          aria-hidden="true"
          className="absolute inset-y-0 left-1/2 hidden w-0.5 -translate-x-1/2 bg-line md:block"
        />
        <ol className="relative ml-3 border-l-2 border-line md:ml-0 md:border-l-0">
          {MILESTONES.map((milestone, index) => (
            <li
              key={milestone.year}
              className="relative mb-10 pl-8 last:mb-0 md:grid md:grid-cols-2 md:gap-12 md:pl-0"
            >
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[9px] size-4 rounded-full border-4 border-paper bg-accent md:left-1/2 md:-translate-x-1/2"
              />
              <div
                className={
                  index % 2 === 0 ? "md:col-start-1 md:text-right" : "md:col-start-2 md:row-start-1"
                }
              >
                <p className="font-serif text-2xl font-semibold text-accent">{milestone.year}</p>
                <h3 className="mt-1 font-serif text-xl font-semibold text-ink">
                  {milestone.title}
                </h3>
                <p className="mt-2 text-base leading-relaxed text-muted">{milestone.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </HomeSection>
  );
}

function Vision() {
  return (
    <HomeSection
      headingId="vision-heading"
      className="border-y border-line bg-surface"
      eyebrow="What drives us"
      title="Our Vision"
      subtitle="Four commitments behind every entry in the atlas."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {VISION.map(({ title, text, Icon }) => (
          <li
            key={title}
            className="rounded-2xl border border-line bg-paper p-6 transition-shadow hover:shadow-card"
          >
            <span className="mb-5 flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="font-serif text-xl font-semibold text-ink">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted">{text}</p>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

function TopContributors() {
  return (
    <HomeSection
      headingId="contributors-heading"
      width="medium"
      eyebrow="Thank you"
      title="Top Contributors"
      subtitle={CONTRIBUTORS_UPDATED}
    >
      <ol className="grid gap-6 sm:grid-cols-3">
        {CONTRIBUTORS.map((contributor, index) => (
          <li
            key={contributor.name}
            className="relative flex flex-col items-center rounded-2xl border border-line bg-surface px-6 py-8 text-center shadow-card"
          >
            <span className="absolute top-4 left-4 text-xs font-semibold text-muted">
              #{index + 1}
            </span>
            <span
              aria-hidden="true"
              className="flex size-20 items-center justify-center rounded-full bg-accent-soft font-serif text-2xl font-semibold text-accent ring-4 ring-paper"
            >
              {contributor.initials}
            </span>
            <h3 className="mt-4 font-serif text-lg font-semibold text-ink">{contributor.name}</h3>
            <p className="text-sm text-muted">{contributor.role}</p>
            <p className="mt-4 inline-flex items-baseline gap-1.5 rounded-full bg-surface-muted px-3 py-1">
              <span className="font-serif text-xl font-semibold text-ink">
                {contributor.contributions}
              </span>
              <span className="text-xs font-medium text-muted">contributions</span>
            </p>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}

function LatestDiscoveries() {
  return (
    <HomeSection
      headingId="roman-heading"
      className="border-t border-line bg-surface-muted"
      eyebrow="Reading list"
      title="Latest Discoveries in Roman History"
      subtitle="Hand-picked reading on new finds and old puzzles from the Roman world."
    >
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {ROMAN_ARTICLES.map((article) => (
          <li key={article.title}>
            <a
              href={article.href}
              target="_blank"
              rel="noopener noreferrer"
              className="group flex h-full flex-col rounded-2xl border border-line bg-surface p-6 shadow-card transition duration-200 hover:-translate-y-0.5 hover:shadow-lift motion-reduce:hover:translate-y-0"
            >
              <div className="flex items-center justify-between gap-3">
                <span className="inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-2.5 py-1 text-xs font-semibold text-accent">
                  <Compass aria-hidden="true" className="size-3.5" />
                  {article.category}
                </span>
                <ArrowUpRight
                  aria-hidden="true"
                  className="size-5 text-muted transition-colors group-hover:text-accent"
                />
              </div>
              <h3 className="mt-4 font-serif text-xl leading-snug font-semibold text-ink group-hover:text-accent">
                {article.title}
                <span className="sr-only"> (opens in a new tab)</span>
              </h3>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-muted">{article.excerpt}</p>
              <div className="mt-5 flex items-center justify-between gap-3 border-t border-line pt-4 text-sm">
                <span className="font-medium text-ink">{article.author}</span>
                <span className="inline-flex items-center gap-1.5 text-muted">
                  <Clock aria-hidden="true" className="size-4" />
                  {article.readMinutes} min read
                </span>
              </div>
            </a>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
