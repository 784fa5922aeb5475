import { clsx } from "clsx";
import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";
import { Link, type LinkProps } from "react-router-dom";
import { Spinner } from "./Spinner";

type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "inverse";
type ButtonSize = "sm" | "md" | "lg";

interface StyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-accent text-on-accent hover:bg-accent-hover shadow-sm",
  secondary:
    "border border-line-strong/60 bg-surface text-ink hover:border-accent hover:text-accent",
  ghost: "text-ink hover:bg-surface-muted",
  danger: "bg-danger text-on-danger hover:bg-danger-hover shadow-sm",
  /** On the dark hero panels, whatever the theme. */
  inverse: "bg-[#e8936a] text-[#1a120c] hover:bg-[#f0a883] shadow-sm",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "h-9 px-3 text-sm gap-1.5",
  md: "h-11 px-5 text-sm gap-2",
  lg: "h-12 px-6 text-base gap-2",
};

/** The one button look, shared by buttons and links that act as buttons. */
export function buttonClasses({ variant = "primary", size = "md", fullWidth }: StyleOptions = {}) {
  return clsx(
    "inline-flex shrink-0 items-center justify-center rounded-lg font-semibold whitespace-nowrap",
    "transition-colors duration-150 select-none",
    "disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    fullWidth && "w-full",
  );
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleOptions {
  /** Disables the button and shows a spinner with `busyText` in place of the label. */
  busy?: boolean;
  busyText?: ReactNode;
  ref?: Ref<HTMLButtonElement> | undefined;
}

export function Button({
  variant,
  size,
  fullWidth,
  busy = false,
  busyText,
  className,
  disabled,
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={clsx(buttonClasses({ variant, size, fullWidth }), className)}
      {...rest}
    >
      {busy ? (
        <>
          <Spinner size="sm" className="text-current" />
          {busyText ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}

export function ButtonLink({
  variant,
  size,
  fullWidth,
  className,
  ...rest
}: LinkProps & StyleOptions) {
  return (
    <Link className={clsx(buttonClasses({ variant, size, fullWidth }), className)} {...rest} />
  );
}
