import { Archive, Landmark, Users, type LucideIcon } from "lucide-react";

/* The home carousel's slides: hard-coded by the specification, not loaded from the server. */

export interface HeroSlide {
  key: string;
  eyebrow: string;
  title: string;
  subtitle: string;
  Icon: LucideIcon;
}

export const HERO_SLIDES: HeroSlide[] = [
  {
    key: "discover",
    eyebrow: "The collection",
    title: "Discover the Past, One Artifact at a Time",
    subtitle:
      "Browse tools, monuments, writings and works of art catalogued by historians, researchers and enthusiasts.",
    Icon: Landmark,
  },
  {
    key: "civilizations",
    eyebrow: "Across civilizations",
    title: "Objects That Shaped the Human Story",
    subtitle:
      "From carved stone to early machines, follow the discoveries that changed how we understand our history.",
    Icon: Archive,
  },
  {
    key: "community",
    eyebrow: "Community",
    title: "Share the Finds That Fascinate You",
    subtitle:
      "Add artifacts, record where they were found and who found them, and keep history within everyone's reach.",
    Icon: Users,
  },
];
