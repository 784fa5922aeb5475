import type { ArtifactType } from "@artifact-atlas/shared";
import {
  Amphora,
  Cog,
  Feather,
  Gem,
  Hammer,
  Landmark,
  Palette,
  ScrollText,
  type LucideIcon,
} from "lucide-react";

interface TypeStyle {
  Icon: LucideIcon;
  /**
   * Tinted panel behind a missing image, in muted museum-label hues; its text keeps at least
   * 6:1 contrast in both themes.
   */
  panel: string;
  /** A small badge with the type's name. */
  badge: string;
}

const TYPE_STYLES: Record<ArtifactType, TypeStyle> = {
  Tools: {
    Icon: Hammer,
    panel: "bg-[#efe4d2] text-[#6a4a1e] dark:bg-[#332a1f] dark:text-[#e6cfa6]",
    badge: "bg-[#efe4d2] text-[#6a4a1e] dark:bg-[#332a1f] dark:text-[#e6cfa6]",
  },
  Monument: {
    Icon: Landmark,
    panel: "bg-[#e7e2da] text-[#4e473f] dark:bg-[#2c2a27] dark:text-[#d9d2c7]",
    badge: "bg-[#e7e2da] text-[#4e473f] dark:bg-[#2c2a27] dark:text-[#d9d2c7]",
  },
  Art: {
    Icon: Palette,
    panel: "bg-[#f2e0dc] text-[#7a2f2b] dark:bg-[#352323] dark:text-[#eec0b8]",
    badge: "bg-[#f2e0dc] text-[#7a2f2b] dark:bg-[#352323] dark:text-[#eec0b8]",
  },
  Sculptures: {
    Icon: Amphora,
    panel: "bg-[#f1e1d3] text-[#7b3d1c] dark:bg-[#36261d] dark:text-[#efc4a4]",
    badge: "bg-[#f1e1d3] text-[#7b3d1c] dark:bg-[#36261d] dark:text-[#efc4a4]",
  },
  Technology: {
    Icon: Cog,
    panel: "bg-[#dde8e7] text-[#2d5a5c] dark:bg-[#1f2f31] dark:text-[#a9d6d4]",
    badge: "bg-[#dde8e7] text-[#2d5a5c] dark:bg-[#1f2f31] dark:text-[#a9d6d4]",
  },
  Documents: {
    Icon: ScrollText,
    panel: "bg-[#efe8d2] text-[#5d4f1c] dark:bg-[#312c1c] dark:text-[#e1d39f]",
    badge: "bg-[#efe8d2] text-[#5d4f1c] dark:bg-[#312c1c] dark:text-[#e1d39f]",
  },
  Writings: {
    Icon: Feather,
    panel: "bg-[#e3e2ee] text-[#413c6e] dark:bg-[#27263a] dark:text-[#c9c5f0]",
    badge: "bg-[#e3e2ee] text-[#413c6e] dark:bg-[#27263a] dark:text-[#c9c5f0]",
  },
  Others: {
    Icon: Gem,
    panel: "bg-[#e2e9de] text-[#3f5a3a] dark:bg-[#232e23] dark:text-[#bfd8b5]",
    badge: "bg-[#e2e9de] text-[#3f5a3a] dark:bg-[#232e23] dark:text-[#bfd8b5]",
  },
};

export function typeStyle(type: string): TypeStyle {
  return TYPE_STYLES[type as ArtifactType] ?? TYPE_STYLES.Others;
}
