import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BRAND } from "@artifact-atlas/shared";

function Shell() {
  return (
    <main>
      <h1>{BRAND}</h1>
      <p>The web app is on its way; the API is served at /trpc.</p>
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Shell />
  </StrictMode>,
);
