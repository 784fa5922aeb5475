import { lazy, Suspense, type ComponentProps } from "react";

// Add to collection (issue 32) sits on the first screens' cards, whose JavaScript has a budget
// (e2e/bundle-budget.test.ts): the button and its dialog load on demand.
const AddToCollectionButton = lazy(() => import("./AddToCollectionButton"));

export function AddToCollection(props: ComponentProps<typeof AddToCollectionButton>) {
  return (
    <Suspense fallback={null}>
      <AddToCollectionButton {...props} />
    </Suspense>
  );
}
