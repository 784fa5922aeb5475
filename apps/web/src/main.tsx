import "@fontsource-variable/fraunces";
import "@fontsource-variable/inter";
import "./styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { DialogProvider } from "./components/DialogProvider";
import { createAppClients, trpc } from "./lib/trpc";
import { AppRoutes, loadScreensOf } from "./router";

const { queryClient, trpcClient } = createAppClients();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// Not a top-level await: the screens' chunks import from this one, which must finish first.
void loadScreensOf(window.location.pathname).then(() =>
  createRoot(root).render(
    <StrictMode>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <DialogProvider>
            {/* Not in a transition: a screen still loading shows its spinner at once (routes/root.tsx). */}
            <BrowserRouter useTransitions={false}>
              <AppRoutes />
            </BrowserRouter>
          </DialogProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>,
  ),
);
