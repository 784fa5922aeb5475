import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { copyText } from "../lib/clipboard";
import { Button } from "./Button";

/** How long "Copied" shows before the button reads Copy again. */
const CONFIRMATION_MS = 2_000;

/** A Copy button for one text; says Copied (to screen readers too) once the text is copied. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = window.setTimeout(() => setState("idle"), CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  return (
    <div className="flex items-center gap-3">
      <Button
        variant="secondary"
        size="sm"
        aria-label={label}
        onClick={async () => setState((await copyText(text)) ? "copied" : "failed")}
      >
        {state === "copied" ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {state === "copied" ? "Copied" : "Copy"}
      </Button>
      <span aria-live="polite" className="text-sm text-muted">
        {state === "failed" ? "Select the text and copy it by hand." : ""}
      </span>
    </div>
  );
}
