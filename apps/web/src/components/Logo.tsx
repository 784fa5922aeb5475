import { Landmark } from "lucide-react";
import { Link } from "react-router-dom";

export function Logo() {
  return (
    <Link to="/" className="group inline-flex items-center gap-2.5 rounded-lg">
      <span className="flex size-9 items-center justify-center rounded-lg bg-accent text-on-accent shadow-sm">
        <Landmark aria-hidden="true" className="size-5" />
      </span>
      <span className="font-serif text-xl font-semibold tracking-tight whitespace-nowrap text-ink">
        Artifact Atlas
      </span>
    </Link>
  );
}
