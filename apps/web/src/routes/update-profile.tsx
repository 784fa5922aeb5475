import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import {
  MESSAGES,
  PROFILE_PREVIEW_SIZE_PX,
  profileUpdateInput,
  type ProfileUpdateInput,
} from "@artifact-atlas/shared";
import { PhotoUrlField } from "../components/AccountFields";
import { AccountSections } from "../components/account/AccountSections";
import { BackLink } from "../components/BackLink";
import { Button } from "../components/Button";
import { Page } from "../components/Container";
import { useDialogs } from "../components/DialogProvider";
import { TextField } from "../components/Field";
import { PageHeader } from "../components/PageHeader";
import { profileUpdated } from "../lib/cache-updates";
import { trpcErrorCode } from "../lib/errors";
import { loginPath } from "../lib/redirect";
import { useSession } from "../lib/session";
import { trpc } from "../lib/trpc";

/** The 80 px round preview; blank when the address does not load. */
function PhotoPreview({ url }: { url: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = failedUrl === url;
  return (
    <div className="flex items-center gap-4 rounded-xl border border-line bg-surface-muted p-4">
      <div
        className="shrink-0 overflow-hidden rounded-full border border-line bg-surface"
        style={{ width: PROFILE_PREVIEW_SIZE_PX, height: PROFILE_PREVIEW_SIZE_PX }}
      >
        {!failed && (
          <img
            src={url}
            alt="Preview of the new photo"
            width={PROFILE_PREVIEW_SIZE_PX}
            height={PROFILE_PREVIEW_SIZE_PX}
            referrerPolicy="no-referrer"
            onError={() => setFailedUrl(url)}
            className="size-full object-cover"
          />
        )}
      </div>
      <p className="text-sm text-muted">Preview</p>
    </div>
  );
}

export default function UpdateProfileRoute() {
  const { user } = useSession();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const utils = trpc.useUtils();
  const updateProfile = trpc.users.updateProfile.useMutation();

  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ProfileUpdateInput>({
    // The server applies the schema's transforms itself; the form sends what was typed.
    resolver: zodResolver(profileUpdateInput, undefined, { raw: true }),
    defaultValues: { displayName: user?.name ?? "", photoUrl: user?.photoUrl ?? "" },
  });
  const photoUrl = (useWatch({ control, name: "photoUrl" }) ?? "").trim();
  // Only a full web address is previewed: a half-typed one would be fetched from this site.
  const previewUrl = /^https?:\/\/[^\s/]+(\/\S*)?$/i.test(photoUrl) ? photoUrl : "";

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await updateProfile.mutateAsync(values);
      profileUpdated(utils, saved);
      await navigate("/profile");
    } catch (error) {
      if (trpcErrorCode(error) === "UNAUTHORIZED") {
        await navigate(loginPath("/update-profile"));
        return;
      }
      await dialogs.notify({ variant: "error", title: MESSAGES.profileUpdateFailed });
    }
  });

  return (
    <Page width="narrow">
      <title>Update Profile | Historical Artifacts</title>
      <BackLink to="/profile">Back to Profile</BackLink>
      <PageHeader
        title="Update Profile"
        subtitle="Change the name and photo shown with your contributions."
      />
      <form
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-5 rounded-3xl border border-line bg-surface p-6 shadow-card sm:p-8"
      >
        <TextField
          label="Name"
          autoComplete="name"
          error={errors.displayName?.message}
          {...register("displayName")}
        />
        <PhotoUrlField
          label="Photo URL"
          error={errors.photoUrl?.message}
          {...register("photoUrl")}
        />
        {previewUrl && <PhotoPreview key={previewUrl} url={previewUrl} />}
        <Button
          type="submit"
          size="lg"
          fullWidth
          busy={updateProfile.isPending}
          busyText="Updating..."
        >
          Save Changes
        </Button>
      </form>
      {user && <AccountSections user={user} />}
    </Page>
  );
}
