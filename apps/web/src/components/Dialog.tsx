import { clsx } from "clsx";
import { CircleCheck, CircleX, TriangleExclamationPoint } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";
import { Button } from "./Button";

export type DialogVariant = "confirm" | "success" | "error";

interface DialogProps {
  open: boolean;
  variant: DialogVariant;
  title: string;
  description?: string | undefined;
  /** More than words below the description (a link to copy); notices only. */
  children?: ReactNode;
  /** The main button: "OK" for notices; the confirm dialog's action, e.g. "Yes, delete it!". */
  confirmLabel?: string | undefined;
  /** A notice's second button (Undo after Deleted!), which ends in onConfirm; OK ends in onClose. */
  actionLabel?: string | undefined;
  /** Confirm dialogs only. */
  cancelLabel?: string | undefined;
  /** Closes by itself after this many milliseconds (success notices). */
  autoCloseMs?: number | undefined;
  onConfirm?: () => void;
  /** Escape, the backdrop, Cancel, OK and the timer all end here. */
  onClose: () => void;
  /**
   * Where focus goes on close, when it cannot be where it was at the opening: a dialog opened
   * after a wait (another dialog, a busy and so disabled button) finds focus on the page's body.
   * When that element is gone by then (a deleted row, another page), focus goes to the page's
   * main region, never to nowhere (issue 29).
   */
  returnFocusTo?: RefObject<HTMLElement | null> | undefined;
}

const ICONS = {
  confirm: { Icon: TriangleExclamationPoint, tone: "bg-accent-soft text-accent" },
  success: { Icon: CircleCheck, tone: "bg-success-soft text-success" },
  error: { Icon: CircleX, tone: "bg-danger-soft text-danger" },
} as const;

/**
 * An accessible modal built on the native <dialog>: it is labelled by its title and described by
 * its text, traps focus while open (showModal), closes on Escape, and gives focus back on close.
 */
export default function Dialog({
  open,
  variant,
  title,
  description,
  children,
  confirmLabel = "OK",
  actionLabel,
  cancelLabel = "Cancel",
  autoCloseMs,
  onConfirm,
  onClose,
  returnFocusTo: fixedReturn,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const active = document.activeElement;
      returnFocusTo.current =
        fixedReturn?.current ??
        (active instanceof HTMLElement && active !== document.body ? active : null);
      dialog.showModal();
      // Destructive confirmations start on Cancel; notices on their only button.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      const target = returnFocusTo.current;
      returnFocusTo.current = null;
      if (target?.isConnected) target.focus();
      if (!target || document.activeElement !== target) {
        document.getElementById("main")?.focus({ preventScroll: true });
      }
    }
  }, [open, fixedReturn]);

  useEffect(() => {
    if (!open || !autoCloseMs) return;
    const timer = window.setTimeout(() => onCloseRef.current(), autoCloseMs);
    return () => window.clearTimeout(timer);
  }, [open, autoCloseMs]);

  const { Icon, tone } = ICONS[variant];
  const isConfirm = variant === "confirm";

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Escape: the dialog closes through our state so that every way out runs onClose once.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the dialog element itself is a click on the backdrop around the panel.
        if (event.target === event.currentTarget) onClose();
      }}
      className={clsx(
        "m-auto w-[calc(100%-2rem)] max-w-md overflow-hidden rounded-2xl border border-line bg-surface p-0 text-ink shadow-lift",
        "open:animate-[fade-up_180ms_ease-out]",
      )}
    >
      {open && (
        <div className="flex flex-col items-center px-6 pt-8 pb-6 text-center sm:px-8">
          <span
            className={clsx("mb-4 flex size-14 items-center justify-center rounded-full", tone)}
          >
            <Icon aria-hidden="true" className="size-7" />
          </span>
          <h2 id={titleId} className="font-serif text-2xl font-semibold text-ink">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="mt-2 text-base leading-relaxed text-muted">
              {description}
            </p>
          )}
          {children}
          <div
            className={clsx(
              "mt-7 flex w-full gap-3",
              isConfirm ? "flex-col-reverse sm:flex-row sm:justify-center" : "justify-center",
            )}
          >
            {isConfirm ? (
              <>
                <Button
                  variant="secondary"
                  onClick={onClose}
                  data-autofocus
                  className="sm:min-w-32"
                >
                  {cancelLabel}
                </Button>
                <Button variant="danger" onClick={onConfirm} className="sm:min-w-32">
                  {confirmLabel}
                </Button>
              </>
            ) : (
              <>
                {actionLabel && (
                  <Button variant="secondary" onClick={onConfirm} className="min-w-32">
                    {actionLabel}
                  </Button>
                )}
                <Button onClick={onClose} data-autofocus className="min-w-32">
                  {confirmLabel}
                </Button>
              </>
            )}
          </div>
        </div>
      )}
      {open && autoCloseMs ? (
        <div aria-hidden="true" className="h-1 w-full bg-surface-muted">
          <div
            className="h-full origin-left bg-accent motion-reduce:hidden"
            style={{ animation: `timer-drain ${autoCloseMs}ms linear forwards` }}
          />
        </div>
      ) : null}
    </dialog>
  );
}
