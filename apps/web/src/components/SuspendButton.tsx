import { Ban, CircleCheck } from "lucide-react";
import { useRef, useState } from "react";
import { SUSPENSION_REASON_MAX_LENGTH, type AdminUser } from "@artifact-atlas/shared";
import { suspensionChanged } from "../lib/cache-updates";
import { serverMessage } from "../lib/errors";
import { trpc } from "../lib/trpc";
import { Button } from "./Button";
import Dialog from "./Dialog";
import { useDialogs } from "./DialogProvider";
import { TextAreaField } from "./Field";

/**
 * A row action of the Admin screen's accounts (issue 29): Suspend, with a reason the audit log
 * keeps, or Lift suspension. A suspended account cannot sign in or write; its public work stays.
 */
export function SuspendButton({
  account,
}: {
  account: Pick<AdminUser, "id" | "name" | "suspendedAt">;
}) {
  const utils = trpc.useUtils();
  const dialogs = useDialogs();
  const suspend = trpc.admin.suspend.useMutation({ onSettled: () => suspensionChanged(utils) });
  const lift = trpc.admin.unsuspend.useMutation({ onSettled: () => suspensionChanged(utils) });
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const button = useRef<HTMLButtonElement>(null);

  const failed = (failure: unknown, fallback: string) =>
    dialogs.notify({
      variant: "error",
      title: "Nothing changed",
      text: serverMessage(failure) ?? fallback,
    });

  const confirmSuspension = async () => {
    if (!reason.trim()) {
      setError("Please give a reason: it goes into the audit log.");
      return;
    }
    setAsking(false);
    try {
      await suspend.mutateAsync({ userId: account.id, reason });
      setReason("");
    } catch (failure) {
      await failed(failure, "The account could not be suspended. Please try again later.");
    }
  };

  const liftSuspension = async () => {
    const confirmed = await dialogs.confirm({
      title: "Lift the suspension?",
      text: `${account.name} will be able to sign in and write again.`,
      confirmLabel: "Lift suspension",
      cancelLabel: "Cancel",
    });
    if (!confirmed) return;
    try {
      await lift.mutateAsync({ userId: account.id });
    } catch (failure) {
      await failed(failure, "The suspension could not be lifted. Please try again later.");
    }
  };

  if (account.suspendedAt) {
    return (
      <Button
        variant="ghost"
        size="sm"
        busy={lift.isPending}
        aria-label={`Lift the suspension of ${account.name}`}
        onClick={() => void liftSuspension()}
      >
        <CircleCheck aria-hidden="true" className="size-4" />
        Lift suspension
      </Button>
    );
  }
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        busy={suspend.isPending}
        aria-label={`Suspend ${account.name}`}
        onClick={() => {
          setError(undefined);
          setAsking(true);
        }}
      >
        <Ban aria-hidden="true" className="size-4" />
        Suspend
      </Button>
      <Dialog
        open={asking}
        returnFocusTo={button}
        variant="confirm"
        title={`Suspend ${account.name}?`}
        description="They are signed out everywhere and cannot sign in or write until you lift it. What they published stays."
        confirmLabel="Suspend"
        cancelLabel="Cancel"
        onConfirm={() => void confirmSuspension()}
        onClose={() => setAsking(false)}
      >
        <TextAreaField
          label="Reason"
          className="mt-5 w-full text-left"
          maxLength={SUSPENSION_REASON_MAX_LENGTH}
          value={reason}
          error={error}
          onChange={(event) => setReason(event.target.value)}
        />
      </Dialog>
    </>
  );
}
