import { ScrollText, Search, Users } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import {
  ADMIN_USERS_PAGE_SIZE,
  ROLE_LABELS,
  ROLES,
  type AdminUser,
  type Role,
} from "@artifact-atlas/shared";
import { Button, buttonClasses } from "../components/Button";
import { useDialogs } from "../components/DialogProvider";
import { EmptyState } from "../components/EmptyState";
import { SelectField, TextField } from "../components/Field";
import { LoadFailedCard } from "../components/Failures";
import { LoadMore } from "../components/LoadMore";
import { QueryState } from "../components/QueryState";
import { ResetLinkButton } from "../components/ResetLinkButton";
import { SuspendButton } from "../components/SuspendButton";
import { PageSpinner } from "../components/Spinner";
import { TBody, THead, Table, Td, Th, Tr } from "../components/Table";
import { roleChanged } from "../lib/cache-updates";
import { formatDay } from "../lib/dates";
import { serverMessage } from "../lib/errors";
import { useSession } from "../lib/session";
import { countLabel } from "../lib/text";
import { trpc } from "../lib/trpc";

const isRole = (value: string | null): value is Role => ROLES.includes(value as Role);

const ROLE_OPTIONS = [
  { value: "", label: "Every role" },
  ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
];

/** "a curator", "an admin". */
const withArticle = (role: Role) =>
  `${role === "admin" ? "an" : "a"} ${ROLE_LABELS[role].toLowerCase()}`;

/** The search form; what it asks for lives in the URL (?q=, ?role=), so a search can be linked. */
function AccountSearch() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get("q") ?? "");
  const [role, setRole] = useState(params.get("role") ?? "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (search.trim()) next.set("q", search.trim());
    if (isRole(role)) next.set("role", role);
    setParams(next);
  };
  return (
    <form
      role="search"
      aria-label="Accounts"
      onSubmit={submit}
      className="mb-6 grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
    >
      <TextField
        label="Name or email"
        type="search"
        value={search}
        maxLength={100}
        onChange={(event) => setSearch(event.target.value)}
      />
      <SelectField
        label="Role"
        value={role}
        options={ROLE_OPTIONS}
        onChange={(event) => setRole(event.target.value)}
      />
      <Button type="submit">
        <Search aria-hidden="true" className="size-4" />
        Search
      </Button>
    </form>
  );
}

/** A row's role, changed on the spot after a confirmation. */
function RoleSelect({ account }: { account: AdminUser }) {
  const utils = trpc.useUtils();
  const dialogs = useDialogs();
  const setRole = trpc.admin.setRole.useMutation();

  const change = async (role: Role) => {
    const confirmed = await dialogs.confirm({
      title: "Change this role?",
      text: `Make ${account.name} ${withArticle(role)}?`,
      confirmLabel: `Make ${ROLE_LABELS[role].toLowerCase()}`,
      cancelLabel: "Cancel",
    });
    if (!confirmed) return;
    try {
      await setRole.mutateAsync({ userId: account.id, role });
      // The admin may have changed their own role: the session says what they may see now.
      await roleChanged(utils);
      await dialogs.notify({
        variant: "success",
        title: "Role changed",
        text: `${account.name} is now ${withArticle(role)}.`,
        timerMs: 2000,
      });
    } catch (error) {
      await dialogs.notify({
        variant: "error",
        title: "The role was not changed",
        text: serverMessage(error) ?? "The role could not be changed. Please try again later.",
      });
    }
  };

  return (
    <select
      aria-label={`Role of ${account.name}`}
      value={account.role}
      disabled={setRole.isPending}
      onChange={(event) => {
        if (isRole(event.target.value)) void change(event.target.value);
      }}
      className="h-9 rounded-lg border border-line-strong bg-surface px-2.5 text-sm text-ink hover:border-ink/70"
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

/** /admin: every account, searchable, with its role, joined date and number of artifacts. */
export default function AdminAccountsRoute() {
  const [params] = useSearchParams();
  const search = params.get("q") ?? undefined;
  const role = params.get("role");
  const accounts = trpc.admin.users.useInfiniteQuery(
    { search, role: isRole(role) ? role : undefined, limit: ADMIN_USERS_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor },
  );
  const items = accounts.data?.pages.flatMap((page) => page.items) ?? [];
  // An admin changes their own password on Update Profile, with the current one (decision 070).
  const myId = useSession().user?.id;

  return (
    <section aria-labelledby="accounts-heading">
      <title>Accounts | Admin | Artifact Atlas</title>
      <h2 id="accounts-heading" className="sr-only">
        Accounts
      </h2>
      {/* The key starts the form afresh when the URL changes (back, a link). */}
      <AccountSearch key={params.toString()} />
      <QueryState
        query={accounts}
        loading={<PageSpinner label="Loading accounts" />}
        failed={
          <LoadFailedCard
            title="Error Loading Accounts"
            message="Unable to load the accounts. Please try again later."
          />
        }
      >
        {() =>
          items.length === 0 ? (
            <EmptyState
              icon={Users}
              title="No accounts found"
              message="Try another name or email."
            />
          ) : (
            <>
              <Table label="Accounts">
                <THead>
                  <Tr>
                    <Th>Account</Th>
                    <Th>Role</Th>
                    <Th>Joined</Th>
                    <Th>Artifacts</Th>
                    <Th className="text-right">Actions</Th>
                  </Tr>
                </THead>
                <TBody>
                  {items.map((account) => (
                    <Tr key={account.id} className="transition-colors hover:bg-surface-muted/60">
                      <Td label="Account">
                        {/* One block: on phones each cell is a row of label and value. */}
                        <div className="min-w-0">
                          <span className="block font-semibold break-words">{account.name}</span>
                          <span className="block text-sm break-all text-muted">
                            {account.email}
                          </span>
                          {account.suspendedAt && (
                            <span className="mt-1 block text-sm break-words text-danger">
                              Suspended
                              {account.suspendedReason ? `: ${account.suspendedReason}` : ""}
                            </span>
                          )}
                        </div>
                      </Td>
                      <Td label="Role">
                        <RoleSelect account={account} />
                      </Td>
                      <Td label="Joined" className="whitespace-nowrap">
                        <time dateTime={account.joinedAt}>{formatDay(account.joinedAt)}</time>
                      </Td>
                      <Td label="Artifacts" className="tabular-nums">
                        {account.artifactCount}
                      </Td>
                      <Td label="Actions">
                        <div className="flex w-full flex-wrap justify-end gap-1">
                          {account.id !== myId && <ResetLinkButton account={account} />}
                          {account.id !== myId && account.role !== "admin" && (
                            <SuspendButton account={account} />
                          )}
                          <Link
                            to={`/admin/audit?actor=${account.id}`}
                            className={buttonClasses({ variant: "ghost", size: "sm" })}
                            aria-label={`What ${account.name} did`}
                          >
                            <ScrollText aria-hidden="true" className="size-4" />
                            Audit
                          </Link>
                        </div>
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
              <p className="mt-4 text-sm text-muted">
                {countLabel(items.length, "account")} shown. The last admin cannot stop being one.
              </p>
              <LoadMore pages={accounts}>Show more accounts</LoadMore>
            </>
          )
        }
      </QueryState>
    </section>
  );
}
