import { Link } from "react-router-dom";
import { Logo } from "./Logo";

const LINKS = [
  { to: "/", label: "Home" },
  { to: "/addartifacts", label: "Add Artifacts" },
  { to: "/allartifacts", label: "All Artifacts" },
  { to: "/profile", label: "My Profile" },
];

/** Each icon is a symbol of public/social-icons.svg: a static file, not JavaScript of the first load. */
const SOCIAL = [
  { href: "https://github.com", label: "GitHub", icon: "github" },
  { href: "https://x.com", label: "X", icon: "x" },
  { href: "https://www.linkedin.com", label: "LinkedIn", icon: "linkedin" },
  { href: "https://www.youtube.com", label: "YouTube", icon: "youtube" },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto border-t border-line bg-surface">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr] lg:px-8">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-4 text-sm leading-relaxed text-muted">
            A community catalogue of historical artifacts, kept by historians, researchers and
            enthusiasts. Tracking innovations since 1992.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="font-sans text-xs font-semibold tracking-[0.18em] text-muted uppercase">
            Explore
          </h2>
          <ul className="mt-4 flex flex-col gap-2.5">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-sm text-ink transition-colors hover:text-accent">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-sans text-xs font-semibold tracking-[0.18em] text-muted uppercase">
            Follow us
          </h2>
          <ul className="mt-4 flex gap-2">
            {SOCIAL.map(({ href, label, icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${label} (opens in a new tab)`}
                  className="inline-flex size-10 items-center justify-center rounded-lg border border-line text-ink transition-colors hover:border-accent hover:text-accent"
                >
                  <svg aria-hidden="true" className="size-4">
                    <use href={`/social-icons.svg#${icon}`} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-7xl px-4 py-5 text-sm text-muted sm:px-6 lg:px-8">
          © {year} Artifact Atlas. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
