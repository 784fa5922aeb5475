import { act, fireEvent, render, screen } from "@testing-library/react";
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
});
