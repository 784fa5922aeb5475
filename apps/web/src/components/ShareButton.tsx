import { publicArtifactPath, type Artifact } from "@artifact-atlas/shared";
import { Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import { copyText } from "../lib/clipboard";
import { Button } from "./Button";

const CONFIRMATION_MS = 3_000;

/**
 * Share: the artifact's public page (/a/{id}/{slug}), which anyone can open without signing in.
 * The system share sheet where the browser has one, otherwise the link is copied.
 */
export function ShareButton({ artifact }: { artifact: Pick<Artifact, "id" | "artifactName"> }) {
  const [message, setMessage] = useState("");
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(""), CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  const url = `${window.location.origin}${publicArtifactPath(artifact)}`;

  const share = async () => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: artifact.artifactName, url });
        return;
      } catch (error) {
        // The person closed the sheet: nothing to say.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    setMessage((await copyText(url)) ? "Link copied to the clipboard." : `Copy this link: ${url}`);
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={() => void share()}>
        <Share2 aria-hidden="true" className="size-4" />
        Share
      </Button>
      <span aria-live="polite" className="text-sm break-all text-muted">
        {message}
      </span>
    </div>
  );
}
