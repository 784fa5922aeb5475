import { KeyRound } from "lucide-react";
import { useRef, useState } from "react";
import type { AdminResetLink, AdminUser } from "@artifact-atlas/shared";
import { serverMessage } from "../lib/errors";
import { trpc } from "../lib/trpc";
import { Button } from "./Button";
import { CopyButton } from "./CopyButton";
import Dialog from "./Dialog";
import { useDialogs } from "./DialogProvider";

/**
 * A row action of the Admin screen's accounts (issue 20, decision 070): after a confirmation, a
 * one-time password reset link for the account, shown once with a Copy button. It is what an admin
 * hands over when mail is off or a mail does not arrive.
 */
export function ResetLinkButton({ account }: { account: Pick<AdminUser, "id" | "name"> }) {
  const dialogs = useDialogs();
  const createLink = trpc.admin.createResetLink.useMutation();
  // Held only while its dialog is open: closing it is the last anyone sees of the link.
  const [made, setMade] = useState<AdminResetLink | null>(null);
  // The link's dialog opens after the confirmation and the wait, while this button is disabled.
  const button = useRef<HTMLButtonElement>(null);

  const make = async () => {
    const confirmed = await dialogs.confirm({
      title: "Make a reset link?",
      text: `Whoever opens the link can choose a new password for ${account.name} and sign in as them, so give it only to ${account.name}. Earlier unused links for this account stop working.`,
      confirmLabel: "Make link",
      cancelLabel: "Cancel",
    });
    if (!confirmed) return;
    try {
      setMade(await createLink.mutateAsync({ userId: account.id }));
    } catch (error) {
      await dialogs.notify({
        variant: "error",
        title: "No reset link was made",
        text: serverMessage(error) ?? "The link could not be made. Please try again later.",
      });
    }
  };

  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        busy={createLink.isPending}
        aria-label={`Make a password reset link for ${account.name}`}
        onClick={() => void make()}
      >
        <KeyRound aria-hidden="true" className="size-4" />
        Reset link
      </Button>
      {/* Always there, so that closing hands focus back to the button. */}
      <Dialog
        open={made !== null}
        returnFocusTo={button}
        variant="success"
        title="Reset link made"
        description={`This link works once, within 30 minutes. It is shown only now: copy it and give it to ${account.name}.`}
        confirmLabel="Done"
        onClose={() => setMade(null)}
      >
        {made && (
          <div className="mt-5 w-full text-left">
            <p className="rounded-lg border border-line bg-surface-muted px-3 py-2 font-mono text-sm break-all text-ink select-all">
              {made.link}
            </p>
            <div className="mt-3">
              <CopyButton text={made.link} label={`Copy the reset link for ${account.name}`} />
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}
