import { clsx } from "clsx";
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
}

const controlClasses = (invalid: boolean, extra?: string) =>
  clsx(
    "block w-full rounded-lg border bg-surface px-3.5 text-base text-ink shadow-xs sm:text-sm",
    "placeholder:text-muted/80 transition-colors duration-150",
    "focus-visible:outline-2 focus-visible:outline-offset-0",
    // The attribute, not :read-only, which every <select> matches.
    "[&[readonly]]:bg-surface-muted [&[readonly]]:text-muted",
    // Control borders keep 3:1 against the surface (WCAG 1.4.11).
    invalid ? "border-danger" : "border-line-strong hover:border-ink/70",
    extra,
  );

/** Label, control, hint and inline error, wired together for assistive technology. */
function useFieldIds(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return { id, hintId, errorId, describedBy };
}

function Frame({
  id,
  label,
  hint,
  hintId,
  error,
  errorId,
  className,
  children,
}: FieldFrameProps & { id: string; hintId?: string; errorId?: string; children: ReactNode }) {
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {hint && (
        <p id={hintId} className="text-xs leading-relaxed text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = FieldFrameProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, "className"> & {
    ref?: Ref<HTMLInputElement>;
  };

export function TextField({ label, hint, error, className, ...input }: TextFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <Frame {...ids} label={label} hint={hint} error={error} className={className}>
      <input
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={controlClasses(Boolean(error), "h-11")}
        {...input}
      />
    </Frame>
  );
}

type TextAreaFieldProps = FieldFrameProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "className"> & {
    ref?: Ref<HTMLTextAreaElement>;
  };

export function TextAreaField({ label, hint, error, className, ...textarea }: TextAreaFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <Frame {...ids} label={label} hint={hint} error={error} className={className}>
      <textarea
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={controlClasses(Boolean(error), "min-h-28 py-2.5 leading-relaxed")}
        {...textarea}
      />
    </Frame>
  );
}

type SelectFieldProps = FieldFrameProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "className"> & {
    ref?: Ref<HTMLSelectElement>;
    options: readonly { value: string; label: string }[];
    /** A first, disabled option shown until a value is chosen. */
    placeholder?: string;
  };

export function SelectField({
  label,
  hint,
  error,
  className,
  options,
  placeholder,
  ...select
}: SelectFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <Frame {...ids} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <select
          id={ids.id}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={controlClasses(Boolean(error), "h-11 appearance-none pr-10")}
          {...select}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <span aria-hidden="true" className="select-arrow" />
      </div>
    </Frame>
  );
}
