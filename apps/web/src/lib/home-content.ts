import {
  Archive,
  BookOpen,
  Heart,
  Sparkles,
  Telescope,
  Users,
  type LucideIcon,
} from "lucide-react";

/* Home's static sections: hard-coded by the specification, not loaded from the server. */

interface Stat {
  value: string;
  label: string;
  Icon: LucideIcon;
}

export const STATS: Stat[] = [
  { value: "1,230+", label: "Artifacts Tracked", Icon: Archive },
  { value: "5,000+", label: "Active Users", Icon: Users },
  { value: "6,850+", label: "Total Likes", Icon: Heart },
  { value: "1,100+", label: "Contributions", Icon: Sparkles },
];

interface Milestone {
  year: string;
  title: string;
  text: string;
}

export const MILESTONES: Milestone[] = [
  {
    year: "1992",
    title: "A Catalogue Begins",
    text: "A small circle of historians starts a shared card index of notable innovations and the objects behind them.",
  },
  {
    year: "2003",
    title: "The Archive Goes Digital",
    text: "Thousands of index cards are scanned, cross-referenced and made searchable for the first time.",
  },
  {
    year: "2011",
    title: "Open to Everyone",
    text: "Students and enthusiasts join the historians, adding their own finds, photographs and sources.",
  },
  {
    year: "2019",
    title: "A Global Community",
    text: "Contributors from more than forty countries document artifacts from every period and continent.",
  },
  {
    year: "2025",
    title: "Artifact Atlas",
    text: "The collection relaunches as Artifact Atlas, with likes, personal collections and a renewed catalogue.",
  },
];

interface VisionCard {
  title: string;
  text: string;
  Icon: LucideIcon;
}

export const VISION: VisionCard[] = [
  {
    title: "Preserve",
    text: "Record every artifact with its context, so knowledge outlives any single museum label.",
    Icon: Archive,
  },
  {
    title: "Connect",
    text: "Bring historians, researchers and enthusiasts together around the objects they care about.",
    Icon: Users,
  },
  {
    title: "Educate",
    text: "Make the stories behind artifacts easy to find, read and share for learners of every age.",
    Icon: BookOpen,
  },
  {
    title: "Discover",
    text: "Surface overlooked finds and new research, and help the next discovery find its audience.",
    Icon: Telescope,
  },
];

interface Contributor {
  name: string;
  role: string;
  contributions: number;
  initials: string;
}

export const CONTRIBUTORS: Contributor[] = [
  {
    name: "Dr. Elena Marlowe",
    role: "Classical archaeologist",
    contributions: 247,
    initials: "EM",
  },
  { name: "Rafael Okonkwo", role: "Museum conservator", contributions: 183, initials: "RO" },
  { name: "Mei Lin Tanaka", role: "Epigraphy researcher", contributions: 165, initials: "MT" },
];

export const CONTRIBUTORS_UPDATED = "Last Updated: May 2025";

interface Article {
  category: string;
  title: string;
  excerpt: string;
  author: string;
  readMinutes: number;
  href: string;
}

export const ROMAN_ARTICLES: Article[] = [
  {
    category: "Archaeology",
    title: "Reading the Herculaneum Scrolls",
    excerpt:
      "Carbonised by Vesuvius in AD 79, the papyri of the Villa of the Papyri are giving up their first legible lines to X-ray imaging.",
    author: "Dr. Julia Avenell",
    readMinutes: 7,
    href: "https://en.wikipedia.org/wiki/Herculaneum_papyri",
  },
  {
    category: "Military History",
    title: "Letters from Vindolanda",
    excerpt:
      "Birthday invitations, requests for socks and duty rosters: wooden tablets from a fort near Hadrian's Wall show life on the frontier.",
    author: "Marcus Hale",
    readMinutes: 6,
    href: "https://en.wikipedia.org/wiki/Vindolanda_tablets",
  },
  {
    category: "Engineering",
    title: "Why Roman Concrete Still Stands",
    excerpt:
      "Lime clasts once dismissed as poor mixing let ancient concrete seal its own cracks, two thousand years after it was poured.",
    author: "Dr. Priya Raman",
    readMinutes: 5,
    href: "https://en.wikipedia.org/wiki/Roman_concrete",
  },
  {
    category: "Art & Craft",
    title: "The Lycurgus Cup's Hidden Colours",
    excerpt:
      "Tiny particles of gold and silver make this 4th-century glass cup glow green in reflected light and red when lit from within.",
    author: "Sofia Bellini",
    readMinutes: 4,
    href: "https://en.wikipedia.org/wiki/Lycurgus_Cup",
  },
  {
    category: "Excavations",
    title: "New Frescoes from Pompeii",
    excerpt:
      "Recent digs in the city's ninth region have uncovered a banquet hall painted with heroes of the Trojan War.",
    author: "Luca Ferrante",
    readMinutes: 8,
    href: "https://en.wikipedia.org/wiki/Pompeii",
  },
  {
    category: "Mysteries",
    title: "The Riddle of the Roman Dodecahedron",
    excerpt:
      "More than a hundred bronze dodecahedra have been found across the northern provinces, and no one yet knows what they were for.",
    author: "Dr. Anna Kessler",
    readMinutes: 6,
    href: "https://en.wikipedia.org/wiki/Roman_dodecahedron",
  },
];
