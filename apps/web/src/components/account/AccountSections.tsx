import type { SessionUser } from "@artifact-atlas/shared";
import { QueryState } from "../QueryState";
import { SectionSpinner } from "../Spinner";
import { trpc } from "../../lib/trpc";
import { ChangePasswordSection } from "./ChangePasswordSection";
import { DeleteAccountSection } from "./DeleteAccountSection";
import { DownloadDataSection } from "./DownloadDataSection";
import { SessionsSection } from "./SessionsSection";

/** Below Update Profile's own fields (issue 20): the account's password, sessions, data, end. */
export function AccountSections({ user }: { user: SessionUser }) {
  const settings = trpc.account.settings.useQuery();
  return (
    <QueryState
      query={settings}
      loading={<SectionSpinner label="Loading your account" />}
      failed={
        <p role="alert" className="mt-10 text-sm font-medium text-danger">
          Your account settings could not be loaded right now. Please try again later.
        </p>
      }
    >
      {(data) => (
        <div className="mt-10 flex flex-col gap-6">
          <ChangePasswordSection settings={data} />
          <SessionsSection />
          <DownloadDataSection />
          <DeleteAccountSection user={user} settings={data} />
        </div>
      )}
    </QueryState>
  );
}
