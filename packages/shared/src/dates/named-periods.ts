/*
 * Named periods the date parser recognises ("Ming dynasty", "Late Bronze Age"), with the years
 * they stand for (BC negative, no year 0) and where those years come from. This is a data file:
 * add a period or an alias here and the parser, the form's hint and the filters follow. Names are
 * matched whole, ignoring case, accents, hyphens and a leading "the"; write each alias as people
 * write it, with or without "dynasty"/"period". When sources differ, the entry says which it follows.
 *
 * Sources (cited per entry by their short name):
 * - Met: The Metropolitan Museum of Art, Heilbrunn Timeline of Art History, chronologies of China,
 *   Japan, Egypt, the Ancient Near East and Europe (metmuseum.org/toah).
 * - Shaw: Ian Shaw (ed.), The Oxford History of Ancient Egypt, Oxford University Press 2000,
 *   chronology pp. 479–483.
 * - Britannica: Encyclopaedia Britannica, the article named in the entry.
 * - Levy: Thomas E. Levy (ed.), The Archaeology of Society in the Holy Land, Leicester University
 *   Press 1995, chronological table (Levantine ages).
 */

export interface NamedPeriod {
  /** Every way the period is written; the first is its name. */
  names: readonly string[];
  from: number;
  to: number;
  source: string;
}

export const NAMED_PERIODS: readonly NamedPeriod[] = [
  // China: the Met's chronology, which follows the Xia–Shang–Zhou Chronology Project for 1046 BC.
  { names: ["Shang dynasty", "Shang"], from: -1600, to: -1046, source: "Met, China" },
  { names: ["Zhou dynasty", "Zhou"], from: -1046, to: -256, source: "Met, China" },
  { names: ["Western Zhou", "Western Zhou dynasty"], from: -1046, to: -771, source: "Met, China" },
  { names: ["Eastern Zhou", "Eastern Zhou dynasty"], from: -770, to: -256, source: "Met, China" },
  { names: ["Spring and Autumn period"], from: -770, to: -476, source: "Met, China" },
  {
    names: ["Warring States period", "Warring States"],
    from: -475,
    to: -221,
    source: "Met, China",
  },
  { names: ["Qin dynasty", "Qin"], from: -221, to: -206, source: "Met, China" },
  { names: ["Han dynasty", "Han"], from: -206, to: 220, source: "Met, China" },
  { names: ["Western Han", "Western Han dynasty"], from: -206, to: 9, source: "Met, China" },
  { names: ["Eastern Han", "Eastern Han dynasty"], from: 25, to: 220, source: "Met, China" },
  { names: ["Six Dynasties", "Six Dynasties period"], from: 220, to: 589, source: "Met, China" },
  { names: ["Three Kingdoms", "Three Kingdoms period"], from: 220, to: 280, source: "Met, China" },
  { names: ["Sui dynasty", "Sui"], from: 581, to: 618, source: "Met, China" },
  { names: ["Tang dynasty", "Tang"], from: 618, to: 907, source: "Met, China" },
  {
    names: ["Five Dynasties", "Five Dynasties period", "Five Dynasties and Ten Kingdoms"],
    from: 907,
    to: 960,
    source: "Met, China",
  },
  { names: ["Liao dynasty", "Liao"], from: 907, to: 1125, source: "Met, China" },
  { names: ["Song dynasty", "Song"], from: 960, to: 1279, source: "Met, China" },
  { names: ["Northern Song", "Northern Song dynasty"], from: 960, to: 1127, source: "Met, China" },
  { names: ["Southern Song", "Southern Song dynasty"], from: 1127, to: 1279, source: "Met, China" },
  { names: ["Jin dynasty", "Jurchen Jin"], from: 1115, to: 1234, source: "Met, China (Jurchen)" },
  { names: ["Yuan dynasty", "Yuan"], from: 1271, to: 1368, source: "Met, China" },
  { names: ["Ming dynasty", "Ming"], from: 1368, to: 1644, source: "Met, China" },
  { names: ["Qing dynasty", "Qing"], from: 1644, to: 1911, source: "Met, China" },

  // Japan: the Met's chronology (it dates Momoyama and Edo from 1573 and 1615).
  { names: ["Jomon period", "Jomon"], from: -10500, to: -300, source: "Met, Japan" },
  { names: ["Yayoi period", "Yayoi"], from: -300, to: 300, source: "Met, Japan" },
  { names: ["Kofun period", "Kofun"], from: 300, to: 710, source: "Met, Japan" },
  { names: ["Asuka period", "Asuka"], from: 538, to: 710, source: "Met, Japan" },
  { names: ["Nara period", "Nara"], from: 710, to: 794, source: "Met, Japan" },
  { names: ["Heian period", "Heian"], from: 794, to: 1185, source: "Met, Japan" },
  { names: ["Kamakura period", "Kamakura"], from: 1185, to: 1333, source: "Met, Japan" },
  {
    names: ["Nanbokucho period", "Nambokucho period", "Nanbokucho"],
    from: 1336,
    to: 1392,
    source: "Met, Japan",
  },
  { names: ["Muromachi period", "Muromachi"], from: 1392, to: 1573, source: "Met, Japan" },
  {
    names: ["Momoyama period", "Azuchi-Momoyama period", "Momoyama"],
    from: 1573,
    to: 1615,
    source: "Met, Japan",
  },
  { names: ["Edo period", "Edo", "Tokugawa period"], from: 1615, to: 1868, source: "Met, Japan" },
  { names: ["Meiji period", "Meiji era", "Meiji"], from: 1868, to: 1912, source: "Met, Japan" },
  { names: ["Taisho period", "Taisho era", "Taisho"], from: 1912, to: 1926, source: "Met, Japan" },
  { names: ["Showa period", "Showa era", "Showa"], from: 1926, to: 1989, source: "Met, Japan" },

  // Egypt: Shaw's chronology (the Met's differs by a few decades for the Old Kingdom's end).
  { names: ["Predynastic period", "Predynastic Egypt"], from: -5300, to: -3000, source: "Shaw" },
  {
    names: ["Early Dynastic period", "Early Dynastic Egypt"],
    from: -3000,
    to: -2686,
    source: "Shaw",
  },
  { names: ["Old Kingdom"], from: -2686, to: -2160, source: "Shaw" },
  { names: ["First Intermediate period"], from: -2160, to: -2055, source: "Shaw" },
  { names: ["Middle Kingdom"], from: -2055, to: -1650, source: "Shaw" },
  { names: ["Second Intermediate period"], from: -1650, to: -1550, source: "Shaw" },
  { names: ["New Kingdom"], from: -1550, to: -1069, source: "Shaw" },
  { names: ["Third Intermediate period"], from: -1069, to: -664, source: "Shaw" },
  { names: ["Late period", "Late period of Egypt"], from: -664, to: -332, source: "Shaw" },
  {
    names: ["Ptolemaic period", "Ptolemaic dynasty", "Ptolemaic Egypt"],
    from: -332,
    to: -30,
    source: "Shaw",
  },
  { names: ["Roman Egypt", "Roman period in Egypt"], from: -30, to: 395, source: "Shaw" },

  // Near East and the Levant: the Met and Levy (middle chronology for Mesopotamia).
  { names: ["Pre-Pottery Neolithic A", "PPNA"], from: -10000, to: -8800, source: "Levy" },
  { names: ["Pre-Pottery Neolithic B", "PPNB"], from: -8800, to: -6500, source: "Levy" },
  {
    names: ["Chalcolithic", "Chalcolithic period", "Copper Age"],
    from: -4500,
    to: -3300,
    source: "Levy",
  },
  { names: ["Early Bronze Age"], from: -3300, to: -2000, source: "Levy (Levant)" },
  { names: ["Middle Bronze Age"], from: -2000, to: -1550, source: "Levy (Levant)" },
  { names: ["Late Bronze Age"], from: -1550, to: -1200, source: "Levy (Levant); Met, Aegean" },
  { names: ["Bronze Age"], from: -3300, to: -1200, source: "Levy (Levant)" },
  { names: ["Iron Age"], from: -1200, to: -539, source: "Levy (Levant), to the Persian conquest" },
  {
    names: ["Akkadian period", "Akkadian Empire"],
    from: -2334,
    to: -2154,
    source: "Met, Mesopotamia",
  },
  {
    names: ["Ur III period", "Third Dynasty of Ur"],
    from: -2112,
    to: -2004,
    source: "Met, Mesopotamia",
  },
  { names: ["Old Babylonian period"], from: -1894, to: -1595, source: "Met, Mesopotamia" },
  {
    names: ["Neo-Assyrian period", "Neo-Assyrian Empire"],
    from: -911,
    to: -609,
    source: "Met, Mesopotamia",
  },
  {
    names: ["Neo-Babylonian period", "Neo-Babylonian Empire"],
    from: -626,
    to: -539,
    source: "Met, Mesopotamia",
  },
  { names: ["Achaemenid period", "Achaemenid Empire"], from: -550, to: -330, source: "Met, Iran" },
  { names: ["Parthian period", "Parthian Empire"], from: -247, to: 224, source: "Met, Iran" },
  {
    names: ["Sasanian period", "Sasanian Empire", "Sassanid period"],
    from: 224,
    to: 651,
    source: "Met, Iran",
  },

  // Europe: archaeological ages (Britannica) and the Greek and Roman periods (Met).
  {
    names: ["Upper Palaeolithic", "Upper Paleolithic"],
    from: -50000,
    to: -10000,
    source: "Britannica, Paleolithic Period",
  },
  {
    names: ["Mesolithic", "Mesolithic period"],
    from: -10000,
    to: -5000,
    source: "Britannica, Mesolithic (Europe)",
  },
  {
    names: ["Neolithic", "Neolithic period"],
    from: -7000,
    to: -2000,
    source: "Britannica, Neolithic (Europe)",
  },
  {
    names: ["Hallstatt period", "Hallstatt culture", "Hallstatt"],
    from: -800,
    to: -450,
    source: "Britannica, Hallstatt",
  },
  {
    names: ["La Tene period", "La Tene culture", "La Tene"],
    from: -450,
    to: -50,
    source: "Britannica, La Tène",
  },
  {
    names: ["Archaic Greece", "Archaic period"],
    from: -700,
    to: -480,
    source: "Met, Ancient Greece",
  },
  {
    names: ["Classical Greece", "Classical period"],
    from: -480,
    to: -323,
    source: "Met, Ancient Greece",
  },
  {
    names: ["Hellenistic period", "Hellenistic"],
    from: -323,
    to: -31,
    source: "Met, Ancient Greece",
  },
  {
    names: ["Roman Republic", "Roman Republican period"],
    from: -509,
    to: -27,
    source: "Met, Ancient Rome",
  },
  {
    names: ["Roman Imperial period", "Roman Empire", "Imperial Roman period", "Roman Imperial"],
    from: -27,
    to: 476,
    source: "Met, Ancient Rome (to the end of the Western Empire)",
  },
  {
    names: ["Byzantine period", "Byzantine Empire", "Byzantine"],
    from: 330,
    to: 1453,
    source: "Met, Byzantium",
  },
  { names: ["Migration period"], from: 375, to: 568, source: "Britannica, Migration period" },
  {
    names: ["Anglo-Saxon period", "Anglo-Saxon"],
    from: 410,
    to: 1066,
    source: "Britannica, Anglo-Saxon",
  },
  { names: ["Viking Age"], from: 793, to: 1066, source: "Britannica, Viking" },
  {
    names: ["Early Middle Ages", "Early Medieval period"],
    from: 500,
    to: 1000,
    source: "Britannica, Middle Ages",
  },
  {
    names: ["High Middle Ages", "High Medieval period"],
    from: 1000,
    to: 1300,
    source: "Britannica, Middle Ages",
  },
  {
    names: ["Late Middle Ages", "Late Medieval period"],
    from: 1300,
    to: 1500,
    source: "Britannica, Middle Ages",
  },
  {
    names: ["Middle Ages", "Medieval period"],
    from: 500,
    to: 1500,
    source: "Britannica, Middle Ages",
  },
  { names: ["Renaissance"], from: 1400, to: 1600, source: "Britannica, Renaissance" },
];
