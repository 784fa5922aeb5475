import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import type { DialogVariant } from "./Dialog";

// Most visits never see a popup: its code loads when the first one opens.
const Dialog = lazy(() => import("./Dialog"));

interface NoticeOptions {
  variant: "success" | "error";
  title: string;
  text?: string | undefined;
  /** Auto-close after this many milliseconds. */
  timerMs?: number | undefined;
  /** A second button beside OK (Undo after Deleted!); notify then answers whether it was pressed. */
  actionLabel?: string | undefined;
}

interface ConfirmOptions {
  title: string;
  text?: string;
  confirmLabel: string;
  cancelLabel: string;
}

interface DialogApi {
  /**
   * Shows a success or error popup; resolves when it closes (OK, Escape or its timer), with true
   * only when its `actionLabel` button closed it.
   */
  notify(options: NoticeOptions): Promise<boolean>;
  /** Asks a yes/no question; resolves true only for the confirm button. */
  confirm(options: ConfirmOptions): Promise<boolean>;
}

interface Request {
  key: number;
  variant: DialogVariant;
  title: string;
  text?: string | undefined;
  timerMs?: number | undefined;
  confirmLabel?: string | undefined;
  actionLabel?: string | undefined;
  cancelLabel?: string | undefined;
  resolve: (confirmed: boolean) => void;
}

const DialogContext = createContext<DialogApi | null>(null);

/**
 * One popup at a time for the whole app. It lives above the router so that a popup shown just
 * before a navigation (Welcome!, Login Successful!) stays on screen on the next page.
 */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<Request | null>(null);
  const [open, setOpen] = useState(false);
  const nextKey = useRef(0);
  const current = useRef<Request | null>(null);
  /*
   * The element focused last outside a popup: where a popup gives focus back (issue 29). The one
   * focused when it opens may have lost focus by then: a busy button is disabled, and a disabled
   * button drops focus, as the confirm popup before it did.
   */
  const lastFocused = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest("dialog")) lastFocused.current = target;
    };
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, []);

  const show = useCallback((next: Omit<Request, "key">) => {
    // A newer popup replaces an open one, which then counts as dismissed.
    current.current?.resolve(false);
    nextKey.current += 1;
    const request = { ...next, key: nextKey.current };
    current.current = request;
    setRequest(request);
    setOpen(true);
  }, []);

  const api = useMemo<DialogApi>(
    () => ({
      notify: (options) =>
        new Promise<boolean>((resolve) =>
          show({
            variant: options.variant,
            title: options.title,
            text: options.text,
            timerMs: options.timerMs,
            actionLabel: options.actionLabel,
            resolve,
          }),
        ),
      confirm: (options) =>
        new Promise<boolean>((resolve) =>
          show({
            variant: "confirm",
            title: options.title,
            text: options.text,
            confirmLabel: options.confirmLabel,
            cancelLabel: options.cancelLabel,
            resolve,
          }),
        ),
    }),
    [show],
  );

  const finish = useCallback((confirmed: boolean) => {
    current.current?.resolve(confirmed);
    current.current = null;
    setOpen(false);
  }, []);
  const close = useCallback(() => finish(false), [finish]);

  return (
    <DialogContext.Provider value={api}>
      {children}
      {request && (
        <Suspense fallback={null}>
          <Dialog
            key={request.key}
            open={open}
            variant={request.variant}
            title={request.title}
            description={request.text}
            confirmLabel={request.confirmLabel}
            actionLabel={request.actionLabel}
            cancelLabel={request.cancelLabel}
            returnFocusTo={lastFocused}
            autoCloseMs={request.timerMs}
            onConfirm={() => finish(true)}
            onClose={close}
          />
        </Suspense>
      )}
    </DialogContext.Provider>
  );
}

export function useDialogs(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error("useDialogs needs a <DialogProvider> above it");
  return api;
}
