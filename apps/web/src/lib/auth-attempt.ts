import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import type { SessionUser } from "@artifact-atlas/shared";
import { useDialogs } from "../components/DialogProvider";
import { sessionChanged } from "./cache-updates";
import { trpc } from "./trpc";

interface AuthAttempt {
  /** The API call that signs the visitor in and answers the user. */
  request: () => Promise<SessionUser>;
  success: { title: string; text: string };
  redirectTo: string;
  failureTitle: string;
  /** The text shown inline and in the error popup. */
  failureMessage: (error: unknown) => string;
  /** Runs first on a failure, e.g. to show the server's per-field messages. */
  onFailure?: (error: unknown) => void;
}

/**
 * Login and signup end alike: on success the new session replaces every cached answer, a popup
 * says so and the screen moves on; on failure the message shows inline and in an error popup.
 */
export function useAuthAttempt() {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);

  const attempt = async (options: AuthAttempt) => {
    setFormError(null);
    try {
      const user = await options.request();
      await sessionChanged(utils, queryClient, user);
      void dialogs.notify({ variant: "success", ...options.success });
      await navigate(options.redirectTo, { replace: true });
    } catch (error) {
      options.onFailure?.(error);
      const message = options.failureMessage(error);
      setFormError(message);
      void dialogs.notify({ variant: "error", title: options.failureTitle, text: message });
    }
  };

  return { formError, attempt };
}
