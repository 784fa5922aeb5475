import { clsx } from "clsx";
import { typeStyle } from "../lib/artifact-types";

export function TypeBadge({ type }: { type: string }) {
  const { Icon, badge } = typeStyle(type);
  return (
    <span
      className={clsx(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold",
        badge,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {type}
    </span>
  );
}
