import { Component, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import ErrorScreen from "../routes/error";

interface BoundaryProps {
  /** The screen's address: the error screen stays until the visitor goes somewhere else. */
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  pathname: string;
}

/** React catches render errors only in a class component; React itself logs what it caught. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

/**
 * The error screen in place of a screen that failed to load (its code) or to render. Going to
 * another page tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
