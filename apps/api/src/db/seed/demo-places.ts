import type { PlacePrecision } from "@artifact-atlas/shared";
import type { PlacesWithCountries } from "../../services/places/places";

/*
 * Where each demo artifact was found and where it is now (issue 31), by its name. Findspots are
 * the recorded sites (a cave, a tomb, a wreck); an artifact that was never lost (a manuscript kept
 * in libraries since it was written, a calculator kept by its maker's heirs) has none.
 * Coordinates to four decimals from the sites' published positions; about 1 km where the spot
 * within a site is not recorded, a region where only the district is.
 * Each point carries its country as the gazetteer's lookup of COUNTRY_LOOKUP_VERSION finds it,
 * looked up once and written here, so that a seeded database (every fresh server's) has nothing
 * for the start to look up and never builds the gazetteer (decision 122);
 * test/places/seeded-countries.test.ts checks them against the lookup.
 */

type Point = [
  label: string,
  lat: number,
  lon: number,
  country: string | null,
  precision?: PlacePrecision,
];

const BRITISH_MUSEUM: Point = ["British Museum, London", 51.5194, -0.127, "GB"];
const BRITISH_LIBRARY: Point = ["British Library, London", 51.5299, -0.127, "GB"];
const LOUVRE: Point = ["Musée du Louvre, Paris", 48.8606, 2.3376, "FR"];
const EGYPTIAN_MUSEUM: Point = ["Egyptian Museum, Cairo", 30.0478, 31.2336, "EG"];
const VATICAN_MUSEUMS: Point = ["Vatican Museums, Vatican City", 41.9065, 12.4536, "VA"];
const HUBEI_MUSEUM: Point = ["Hubei Provincial Museum, Wuhan", 30.561, 114.366, "CN"];

/** A site still where it stands: found and kept in one place. */
function inSitu(point: Point): [Point, Point] {
  return [point, point];
}

const PLACES: Record<string, [findspot: Point | null, present: Point]> = {
  "Rosetta Stone": [
    ["Fort Julien, Rashid (Rosetta), Egypt", 31.42, 30.42, "EG", "about-1km"],
    BRITISH_MUSEUM,
  ],
  "Code of Hammurabi": [["Susa, Iran", 32.1894, 48.2578, "IR", "about-1km"], LOUVRE],
  "Cyrus Cylinder": [
    ["Babylon (Esagila), Iraq", 32.5361, 44.4206, "IQ", "about-1km"],
    BRITISH_MUSEUM,
  ],
  "Magna Carta (Cotton MS Augustus II.106)": [null, BRITISH_LIBRARY],
  "Merneptah Stele": [
    ["Mortuary temple of Merneptah, Thebes, Egypt", 25.7259, 32.6103, "EG"],
    EGYPTIAN_MUSEUM,
  ],
  "Dead Sea Scrolls": [
    ["Qumran Caves, West Bank", 31.7417, 35.4589, "PS", "about-1km"],
    ["Shrine of the Book, Israel Museum, Jerusalem", 31.7723, 35.204, "IL"],
  ],
  "Gutenberg Bible (Lenox copy)": [
    null,
    ["New York Public Library, New York", 40.7532, -73.9822, "US"],
  ],
  "Book of Kells": [null, ["Trinity College Library, Dublin", 53.3438, -6.2566, "IE"]],
  "Diamond Sutra of Dunhuang": [
    ["Library Cave, Mogao Caves, Dunhuang, China", 40.0425, 94.8092, "CN"],
    BRITISH_LIBRARY,
  ],
  "Beowulf Manuscript (Nowell Codex)": [null, BRITISH_LIBRARY],
  "Lindisfarne Gospels": [null, BRITISH_LIBRARY],
  "Voynich Manuscript": [
    ["Villa Mondragone, Frascati, Italy", 41.8075, 12.6925, "IT"],
    ["Beinecke Rare Book & Manuscript Library, New Haven", 41.3114, -72.9273, "US"],
  ],
  "Codex Sinaiticus": [
    ["Saint Catherine's Monastery, Sinai, Egypt", 28.5559, 33.976, "EG"],
    BRITISH_LIBRARY,
  ],
  "Phaistos Disc": [
    ["Palace of Phaistos, Crete, Greece", 35.0512, 24.8136, "GR"],
    ["Heraklion Archaeological Museum, Heraklion", 35.3388, 25.1366, "GR"],
  ],
  "Antikythera Mechanism": [
    ["Antikythera wreck, off Antikythera, Greece", 35.87, 23.31, "GR", "about-1km"],
    ["National Archaeological Museum, Athens", 37.9891, 23.7329, "GR"],
  ],
  "Nebra Sky Disc": [
    ["Mittelberg, near Nebra, Germany", 51.2838, 11.5208, "DE"],
    ["State Museum of Prehistory, Halle (Saale)", 51.491, 11.976, "DE"],
  ],
  "Oseberg Ship": [
    ["Oseberg burial mound, Tønsberg, Norway", 59.305, 10.421, "NO"],
    ["Museum of the Viking Age, Bygdøy, Oslo", 59.9049, 10.6843, "NO"],
  ],
  "Iron Pillar of Delhi": [null, ["Qutb complex, Mehrauli, Delhi", 28.5245, 77.1855, "IN"]],
  "Analytical Engine Trial Model": [null, ["Science Museum, London", 51.4978, -0.1745, "GB"]],
  "Ishango Bone": [
    ["Ishango, Virunga National Park, DR Congo", -0.125, 29.6, "CD", "about-1km"],
    ["Royal Belgian Institute of Natural Sciences, Brussels", 50.8368, 4.3762, "BE"],
  ],
  "Gebel el-Arak Knife": [
    ["Gebel el-Arak (reported), Upper Egypt", 26.05, 32.35, "EG", "region"],
    LOUVRE,
  ],
  "Sword of Goujian": [
    ["Wangshan Tomb 1, Jiangling, Hubei, China", 30.4, 112.15, "CN", "about-10km"],
    HUBEI_MUSEUM,
  ],
  "Pascaline Calculator": [null, ["Musée des Arts et Métiers, Paris", 48.8666, 2.3555, "FR"]],
  "Galileo's Telescopes": [null, ["Museo Galileo, Florence", 43.7677, 11.2556, "IT"]],
  "Mask of Tutankhamun": [
    ["Tomb KV62, Valley of the Kings, Egypt", 25.7402, 32.6014, "EG"],
    ["Grand Egyptian Museum, Giza", 29.9946, 31.1193, "EG"],
  ],
  "Bayeux Tapestry": [
    ["Bayeux Cathedral, Bayeux, France", 49.2745, -0.702, "FR"],
    ["Bayeux Museum, Bayeux", 49.2762, -0.7036, "FR"],
  ],
  "Alexander Mosaic": [
    ["House of the Faun, Pompeii, Italy", 40.751, 14.4848, "IT"],
    ["National Archaeological Museum, Naples", 40.8535, 14.2505, "IT"],
  ],
  "Standard of Ur": [
    ["Royal Cemetery, Ur, Iraq", 30.9625, 46.1031, "IQ", "about-1km"],
    BRITISH_MUSEUM,
  ],
  "Sutton Hoo Helmet": [["Sutton Hoo, Suffolk, England", 52.0889, 1.3379, "GB"], BRITISH_MUSEUM],
  "Lascaux Cave Paintings": inSitu(["Lascaux cave, Montignac, France", 45.0544, 1.1697, "FR"]),
  "Gundestrup Cauldron": [
    ["Rævemose bog, near Gundestrup, Denmark", 56.817, 9.549, "DK", "about-1km"],
    ["National Museum of Denmark, Copenhagen", 55.6746, 12.5749, "DK"],
  ],
  "Portland Vase": [null, BRITISH_MUSEUM],
  "Narmer Palette": [
    ["Hierakonpolis (Nekhen), Egypt", 25.097, 32.779, "EG", "about-1km"],
    EGYPTIAN_MUSEUM,
  ],
  "Venus of Willendorf": [
    ["Willendorf in der Wachau, Austria", 48.3225, 15.4025, "AT"],
    ["Natural History Museum, Vienna", 48.2052, 16.3598, "AT"],
  ],
  "Terracotta Army": inSitu([
    "Mausoleum of the First Qin Emperor, Lintong, Xi'an",
    34.3853,
    109.2785,
    "CN",
  ]),
  "Nefertiti Bust": [
    ["Workshop of Thutmose, Amarna, Egypt", 27.645, 30.897, "EG"],
    ["Neues Museum, Berlin", 52.52, 13.3977, "DE"],
  ],
  "Venus de Milo": [["Ancient Milos, near Tripiti, Milos, Greece", 36.736, 24.421, "GR"], LOUVRE],
  "Laocoön and His Sons": [
    ["Esquiline Hill, Rome", 41.894, 12.501, "IT", "about-1km"],
    VATICAN_MUSEUMS,
  ],
  "Augustus of Prima Porta": [
    ["Villa of Livia, Prima Porta, Rome", 42.001, 12.487, "IT"],
    VATICAN_MUSEUMS,
  ],
  "Lion-man of Hohlenstein-Stadel": [
    ["Hohlenstein-Stadel cave, Lone valley, Germany", 48.549, 10.173, "DE"],
    ["Museum Ulm, Ulm", 48.3975, 9.993, "DE"],
  ],
  "Winged Victory of Samothrace": [
    ["Sanctuary of the Great Gods, Samothrace, Greece", 40.5007, 25.5304, "GR"],
    LOUVRE,
  ],
  "Aztec Sun Stone": [
    ["Zócalo, Mexico City", 19.4326, -99.1332, "MX"],
    ["National Museum of Anthropology, Mexico City", 19.426, -99.1863, "MX"],
  ],
  Stonehenge: inSitu(["Stonehenge, Wiltshire, England", 51.1789, -1.8262, "GB"]),
  "Great Pyramid of Giza": inSitu(["Giza Plateau, Egypt", 29.9792, 31.1342, "EG"]),
  Colosseum: inSitu(["Colosseum, Rome", 41.8902, 12.4922, "IT"]),
  "Pont du Gard": inSitu(["Pont du Gard, Vers-Pont-du-Gard, France", 43.9475, 4.535, "FR"]),
  Parthenon: inSitu(["Acropolis, Athens", 37.9715, 23.7267, "GR"]),
  "Machu Picchu": inSitu(["Machu Picchu, Cusco Region, Peru", -13.1631, -72.545, "PE"]),
  "Great Sphinx of Giza": inSitu(["Giza Plateau, Egypt", 29.9753, 31.1376, "EG"]),
  "Göbekli Tepe": inSitu(["Göbekli Tepe, near Şanlıurfa, Turkey", 37.2233, 38.9224, "TR"]),
  "Hadrian's Wall": inSitu([
    "Hadrian's Wall, Northumberland and Cumbria, England",
    55.0,
    -2.3,
    "GB",
    "region",
  ]),
  "Ishtar Gate": [
    ["Babylon, Iraq", 32.543, 44.421, "IQ", "about-1km"],
    ["Pergamon Museum, Berlin", 52.5212, 13.3969, "DE"],
  ],
  "Lewis Chessmen": [
    ["Uig, Isle of Lewis, Scotland", 58.195, -6.95, "GB", "about-10km"],
    BRITISH_MUSEUM,
  ],
  "Bianzhong of Marquis Yi of Zeng": [
    ["Tomb of Marquis Yi of Zeng, Suizhou, China", 31.715, 113.36, "CN"],
    HUBEI_MUSEUM,
  ],
  "Hope Diamond": [
    ["Kollur mine, Guntur district, India", 16.72, 80.05, "IN", "region"],
    ["National Museum of Natural History, Washington, D.C.", 38.8913, -77.0261, "US"],
  ],
  "Houmuwu Ding": [
    ["Wuguan village, near Anyang, China", 36.126, 114.315, "CN", "about-1km"],
    ["National Museum of China, Beijing", 39.905, 116.401, "CN"],
  ],
  "Gallo-Roman Dodecahedron of Tongeren": [
    ["Leopoldwal, Tongeren, Belgium", 50.781, 5.464, "BE", "about-1km"],
    ["Gallo-Romeins Museum, Tongeren", 50.78, 5.464, "BE"],
  ],
};

function placeOf([label, lat, lon, country, precision = "exact"]: Point) {
  return { label, lat, lon, precision, geonamesId: null, country };
}

/** The demo artifact's places with their countries; every demo artifact has an entry (test/seed.test.ts). */
export function demoPlaces(artifactName: string): PlacesWithCountries | undefined {
  const entry = PLACES[artifactName];
  if (!entry) return undefined;
  const [findspot, present] = entry;
  return { findspot: findspot ? placeOf(findspot) : null, presentPlace: placeOf(present) };
}
