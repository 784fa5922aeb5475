import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { DialogProvider, useDialogs } from "./DialogProvider";

function Harness({ onResult }: { onResult: (result: unknown) => void }) {
  const dialogs = useDialogs();
  const [, setCount] = useState(0);
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          const confirmed = await dialogs.confirm({
            title: "Are you sure?",
            text: "You won't be able to recover this artifact!",
            confirmLabel: "Yes, delete it!",
            cancelLabel: "Cancel",
          });
          onResult(confirmed);
          setCount((count) => count + 1);
        }}
      >
        Delete
      </button>
      <button
        type="button"
        onClick={async () => {
          await dialogs.notify({
            variant: "success",
            title: "Artifact has been added",
            timerMs: 2000,
          });
          onResult("closed");
        }}
      >
        Add
      </button>
    </>
  );
}

describe("dialogs", () => {
  it("asks for confirmation in a labelled modal that starts on Cancel and returns focus", async () => {
    const onResult = vi.fn();
    render(
      <DialogProvider>
        <Harness onResult={onResult} />
      </DialogProvider>,
    );
    const trigger = screen.getByRole("button", { name: "Delete" });
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = await screen.findByRole("dialog", { name: "Are you sure?" });
    expect(dialog).toHaveAccessibleDescription("You won't be able to recover this artifact!");
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    fireEvent.click(screen.getByRole("button", { name: "Yes, delete it!" }));
    await vi.waitFor(() => expect(onResult).toHaveBeenCalledWith(true));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it("treats Escape as Cancel", async () => {
    const onResult = vi.fn();
    render(
      <DialogProvider>
        <Harness onResult={onResult} />
      </DialogProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Are you sure?" });
    // What the browser fires on the open modal when Escape is pressed.
    fireEvent(dialog, new Event("cancel", { cancelable: true }));
    await vi.waitFor(() => expect(onResult).toHaveBeenCalledWith(false));
  });

  it("closes a timed success notice by itself after its timer", async () => {
    vi.useFakeTimers();
    const onResult = vi.fn();
    render(
      <DialogProvider>
        <Harness onResult={onResult} />
      </DialogProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    expect(screen.getByRole("dialog", { name: "Artifact has been added" })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1999);
    });
    expect(onResult).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(onResult).toHaveBeenCalledWith("closed");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  describe("focus after a popup (issue 29)", () => {
    /** A save button that is disabled while busy, as Button is, and then reports an error. */
    function BusySave() {
      const dialogs = useDialogs();
      const [busy, setBusy] = useState(false);
      return (
        <button
          type="button"
          disabled={busy}
          onClick={async (event) => {
            setBusy(true);
            // What Chromium does to a focused button that becomes disabled.
            event.currentTarget.blur();
            await Promise.resolve();
            setBusy(false);
            await dialogs.notify({ variant: "error", title: "Error!", text: "Failed" });
          }}
        >
          Save
        </button>
      );
    }

    it("goes back to the button that opened it, though it was busy and lost focus", async () => {
      render(
        <DialogProvider>
          <BusySave />
        </DialogProvider>,
      );
      const save = screen.getByRole("button", { name: "Save" });
      save.focus();
      fireEvent.click(save);
      const dialog = await screen.findByRole("dialog", { name: "Error!" });
      fireEvent.click(within(dialog).getByRole("button", { name: "OK" }));
      await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
      expect(save).toHaveFocus();
    });

    /** A row's Delete, which takes its row away before the Deleted! popup. */
    function Row() {
      const dialogs = useDialogs();
      const [gone, setGone] = useState(false);
      return (
        <main id="main" tabIndex={-1}>
          {!gone && (
            <button
              type="button"
              onClick={async () => {
                setGone(true);
                await dialogs.notify({
                  variant: "success",
                  title: "Deleted!",
                  actionLabel: "Undo",
                });
              }}
            >
              Delete
            </button>
          )}
        </main>
      );
    }

    it("goes to the page's main region when its opener is gone, never to nowhere", async () => {
      render(
        <DialogProvider>
          <Row />
        </DialogProvider>,
      );
      const remove = screen.getByRole("button", { name: "Delete" });
      remove.focus();
      fireEvent.click(remove);
      const dialog = await screen.findByRole("dialog", { name: "Deleted!" });
      fireEvent.click(within(dialog).getByRole("button", { name: "OK" }));
      await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
      expect(screen.getByRole("main")).toHaveFocus();
    });
  });

  it("answers whether a notice's second button closed it", async () => {
    const answers: boolean[] = [];
    function Ask() {
      const dialogs = useDialogs();
      return (
        <button
          type="button"
          onClick={async () =>
            answers.push(
              await dialogs.notify({ variant: "success", title: "Deleted!", actionLabel: "Undo" }),
            )
          }
        >
          Ask
        </button>
      );
    }
    render(
      <DialogProvider>
        <Ask />
      </DialogProvider>,
    );
    for (const press of ["Undo", "OK"]) {
      fireEvent.click(screen.getByRole("button", { name: "Ask" }));
      const dialog = await screen.findByRole("dialog", { name: "Deleted!" });
      fireEvent.click(within(dialog).getByRole("button", { name: press }));
      await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    }
    expect(answers).toEqual([true, false]);
  });
});
