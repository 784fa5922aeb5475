import type { ComponentProps } from "react";
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
