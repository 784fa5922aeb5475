import { MailX } from "lucide-react";
import { useLocation } from "react-router-dom";
import { CONVERSATION_MESSAGES } from "@artifact-atlas/shared";
import { Button } from "../components/Button";
import { Page } from "../components/Container";
import { PageHeader } from "../components/PageHeader";
import { serverMessage } from "../lib/errors";
import { trpc } from "../lib/trpc";

/**
 * The digest mail's unsubscribe link (/unsubscribe#token), opened without signing in. The token
 * stays in the fragment, out of every log; a button sends it, so that a mail scanner following the
 * link stops nothing.
 */
export default function UnsubscribeRoute() {
  const token = useLocation().hash.slice(1);
  const unsubscribe = trpc.follows.unsubscribe.useMutation();

  return (
    <Page width="medium">
      <title>Unsubscribe | Artifact Atlas</title>
      <PageHeader
        eyebrow="Daily digest"
        title="Unsubscribe"
        subtitle="Stop the daily email this link came in."
      />
      {unsubscribe.isSuccess ? (
        <p role="status" className="text-lg text-ink">
          {unsubscribe.data.message}
        </p>
      ) : (
        <div className="flex flex-col items-start gap-4">
          <Button
            busy={unsubscribe.isPending}
            disabled={token === ""}
            onClick={() => unsubscribe.mutate({ token })}
          >
            <MailX aria-hidden="true" className="size-4" />
            Stop these emails
          </Button>
          {(token === "" || unsubscribe.isError) && (
            <p role="alert" className="font-medium text-danger">
              {token === ""
                ? CONVERSATION_MESSAGES.unsubscribeInvalid
                : (serverMessage(unsubscribe.error) ??
                  "The email could not be stopped. Please try again.")}
            </p>
          )}
        </div>
      )}
    </Page>
  );
}
