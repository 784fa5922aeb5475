import "@fontsource-variable/fraunces";
import "@fontsource-variable/inter";
import "./styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { DialogProvider } from "./lib/dialogs";
import { createAppClients, trpc } from "./lib/trpc";
import { createRoutes } from "./router";

const { queryClient, trpcClient, utils } = createAppClients();
const router = createBrowserRouter(createRoutes(utils));

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <DialogProvider>
          <RouterProvider router={router} />
        </DialogProvider>
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
