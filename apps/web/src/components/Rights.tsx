import { clsx } from "clsx";
import { Scale } from "lucide-react";
import type { Ref, SelectHTMLAttributes } from "react";
import { RIGHTS_STATEMENTS, rightsStatement } from "@artifact-atlas/shared";
import { SelectField } from "./Field";

/*
 * Rights (issue 30): each image's licence or rights statement, by its short name with a link to
 * its URI, and the select the form chooses it with.
 */

const RIGHTS_OPTIONS = RIGHTS_STATEMENTS.map((statement) => ({
  value: statement.uri,
  label: statement.name,
}));

/** A rights statement's short name, linking to the statement itself. */
export function RightsLink({ uri, className }: { uri: string; className?: string }) {
  const statement = rightsStatement(uri);
  return (
    <a
      href={statement.uri}
      rel="license noreferrer"
      target="_blank"
      className={clsx(
        "inline-flex items-center gap-1 font-medium text-accent underline underline-offset-2",
        className,
      )}
    >
      <Scale aria-hidden="true" className="size-3.5 shrink-0" />
      {statement.name}
    </a>
  );
}

type RightsSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "className"> & {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
};

/** Chooses an image's rights from the fixed list; the hint says what they mean. */
export function RightsSelect({ label, error, ...select }: RightsSelectProps) {
  return (
    <SelectField
      label={label}
      options={RIGHTS_OPTIONS}
      error={error}
      hint="Whether others may reuse this image: a Creative Commons licence, the public domain, or a rightsstatements.org statement."
      {...select}
    />
  );
}
