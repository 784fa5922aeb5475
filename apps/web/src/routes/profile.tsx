import { Mail, Pencil, UserRound, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Avatar } from "../components/Avatar";
import { ButtonLink } from "../components/Button";
import { Page } from "../components/Container";
import { useSession } from "../lib/session";

function ProfileDetail({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-xl bg-surface-muted p-4">
      <dt className="flex items-center gap-2.5 text-xs font-semibold tracking-wider text-muted uppercase">
        <Icon aria-hidden="true" className="size-5 shrink-0 text-accent" />
        {label}
      </dt>
      <dd className="mt-1.5 pl-[1.875rem] font-medium break-words text-ink">{children}</dd>
    </div>
  );
}

export default function ProfileRoute() {
  const { user } = useSession();
  const name = user?.name || "Guest";
  const email = user?.email || "Email not available";

  return (
    <Page width="medium">
      <title>My Profile | Historical Artifacts</title>
      <section className="overflow-hidden rounded-3xl border border-line bg-surface shadow-card">
        <div
          aria-hidden="true"
          className="h-28 bg-gradient-to-br from-hero-from to-hero-to sm:h-36"
        />
        <div className="-mt-14 flex flex-col items-center px-6 pb-10 text-center sm:-mt-16">
          <Avatar
            src={user?.photoUrl}
            alt={user?.photoUrl ? `Photo of ${name}` : ""}
            size={112}
            className="ring-4"
          />
          <h1 className="mt-5 font-serif text-3xl font-semibold text-ink sm:text-4xl">
            Welcome, {name}!
          </h1>
          <p className="mt-2 text-base text-muted">{email}</p>
          <ButtonLink to="/update-profile" className="mt-6">
            <Pencil aria-hidden="true" className="size-4" />
            Update Profile
          </ButtonLink>
        </div>

        <div className="border-t border-line px-6 py-8 sm:px-10">
          <h2 className="font-serif text-xl font-semibold text-ink">Your Profile Information</h2>
          <dl className="mt-5 grid gap-4 sm:grid-cols-2">
            <ProfileDetail icon={UserRound} label="Name">
              {user?.name || "Not provided"}
            </ProfileDetail>
            <ProfileDetail icon={Mail} label="Email">
              {user?.email || "Not provided"}
            </ProfileDetail>
          </dl>
        </div>
      </section>
    </Page>
  );
}
