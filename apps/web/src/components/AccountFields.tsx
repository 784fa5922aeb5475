import type { ComponentProps } from "react";
import { MESSAGES } from "@artifact-atlas/shared";
import { TextField } from "./Field";

type TextFieldProps = ComponentProps<typeof TextField>;
type PresetProps = "type" | "inputMode" | "autoComplete" | "placeholder";

/** The account's email, as the login and signup forms ask for it. */
export function EmailField(props: Omit<TextFieldProps, PresetProps | "label">) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      {...props}
    />
  );
}

/** The address of the account's photo (signup and Update Profile label it differently). */
export function PhotoUrlField(props: Omit<TextFieldProps, PresetProps>) {
  return (
    <TextField
      type="url"
      inputMode="url"
      autoComplete="photo"
      placeholder="https://example.com/you.jpg"
      {...props}
    />
  );
}

/**
 * A password: the account's own ("current"), or one being chosen ("new"), which shows the rules a
 * new password must meet. The purpose also tells password managers to fill or to propose one.
 */
export function PasswordField({
  purpose,
  ...props
}: Omit<TextFieldProps, "type" | "autoComplete" | "hint"> & { purpose: "current" | "new" }) {
  return (
    <TextField
      type="password"
      autoComplete={`${purpose}-password`}
      hint={purpose === "new" ? MESSAGES.passwordHint : undefined}
      {...props}
    />
  );
}
