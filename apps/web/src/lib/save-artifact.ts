import { useNavigate } from "react-router-dom";
import { useDialogs } from "../components/DialogProvider";
import { fieldErrors, trpcErrorCode } from "./errors";
import { loginPath } from "./redirect";

interface ArtifactSave {
  /** The API call, and any cache update once it has succeeded. */
  write: () => Promise<void>;
  /** The screen to come back to after logging in again, should the session have ended. */
  returnPath: string;
  failureNotice: (error: unknown) => { title: string; text: string };
  successNotice: { title: string; text: string; timerMs: number };
  /** Someone else saved the artifact since this edit began (CONFLICT): nothing was written. */
  onConflict?: () => Promise<void>;
}

/**
 * The add and update screens save alike. The server's per-field messages are answered for the
 * form to show inline; an ended session goes to the login page; any other failure is shown in a
 * popup. A saved artifact is confirmed in a popup, then My Artifacts shows.
 */
export function useSaveArtifact() {
  const navigate = useNavigate();
  const dialogs = useDialogs();

  return async (save: ArtifactSave): Promise<Record<string, string> | void> => {
    try {
      await save.write();
    } catch (error) {
      const code = trpcErrorCode(error);
      if (code === "UNAUTHORIZED") {
        await navigate(loginPath(save.returnPath));
        return;
      }
      if (code === "CONFLICT" && save.onConflict) {
        await save.onConflict();
        return;
      }
      const problems = fieldErrors(error);
      if (code === "BAD_REQUEST" && Object.keys(problems).length > 0) return problems;
      await dialogs.notify({ variant: "error", ...save.failureNotice(error) });
      return;
    }
    await dialogs.notify({ variant: "success", ...save.successNotice });
    await navigate("/myartifacts");
  };
}
