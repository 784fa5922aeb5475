import { FolderPlus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useSession } from "../lib/session";
import { Button } from "./Button";

// The chooser loads when first opened: the button sits on the first screens, whose download
// has a budget (e2e/bundle-budget.test.ts).
const CollectionChooser = lazy(() => import("./CollectionChooser"));

/**
 * Add to collection (issue 32): on a card, the detail page and the public page. Signed-in members
 * choose one of their collections (their own and shared curated ones) or create one on the spot.
 * Nothing is shown to a visitor.
 */
export default function AddToCollectionButton({
  artifactId,
  artifactName,
  size = "sm",
  className,
}: {
  artifactId: number;
  artifactName: string;
  size?: "sm" | "md";
  className?: string;
}) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        size={size}
        className={className}
        onClick={() => setOpen(true)}
      >
        <FolderPlus aria-hidden="true" className="size-4" />
        Add to collection
        <span className="sr-only">: {artifactName}</span>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CollectionChooser
            artifactId={artifactId}
            artifactName={artifactName}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
