import { Download } from "lucide-react";
import { buttonClasses } from "../Button";
import { FormSection } from "../FormSection";

/**
 * Download my data: a plain link to the file, which the server streams (GET /account/data), so
 * that a large account's file never sits whole in the page's memory (decision 034).
 */
export function DownloadDataSection() {
  return (
    <FormSection title="Download my data" icon={Download}>
      <div className="flex flex-col gap-4">
        <p className="text-sm leading-relaxed text-muted">
          One JSON file with your account, the artifacts you added with their history, the artifacts
          you like and the reports you made.
        </p>
        <a
          href="/account/data"
          download="artifact-atlas-my-data.json"
          className={buttonClasses({ variant: "secondary" })}
        >
          <Download aria-hidden="true" className="size-4" />
          Download my data
        </a>
      </div>
    </FormSection>
  );
}
