import type { SessionUser } from "@artifact-atlas/shared";
import { Spinner } from "../Spinner";
import { trpc } from "../../lib/trpc";
import { ChangePasswordSection } from "./ChangePasswordSection";
import { DeleteAccountSection } from "./DeleteAccountSection";
import { DownloadDataSection } from "./DownloadDataSection";
import { SessionsSection } from "./SessionsSection";

/** Below Update Profile's own fields (issue 20): the account's password, sessions, data, end. */
export function AccountSections({ user }: { user: SessionUser }) {
  const settings = trpc.account.settings.useQuery();
  if (!settings.data) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading your account" />
      </div>
    );
  }
  return (
    <div className="mt-10 flex flex-col gap-6">
      <ChangePasswordSection settings={settings.data} />
      <SessionsSection />
      <DownloadDataSection />
      <DeleteAccountSection user={user} settings={settings.data} />
    </div>
  );
}
