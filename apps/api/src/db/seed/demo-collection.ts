import {
  NOT_EVALUATED,
  type ArtifactImageItem,
  type ArtifactType,
  type RightsUri,
} from "@artifact-atlas/shared";

export interface DemoArtifact {
  artifactName: string;
  artifactImage: string; // URL of a photograph on Wikimedia Commons (rights: demoImage below)
  artifactType: ArtifactType; // one of "Tools" | "Monument" | "Art" | "Sculptures" | "Technology" | "Documents" | "Writings" | "Others"
  historicalContext: string; // 2-4 sentences, accurate
  createdAt: string; // free text, e.g. "c. 196 BC", "15th Century", "1455"
  discoveredAt: string; // free text, e.g. "1799"
  discoveredBy: string; // a person, team or civilization
  presentLocation: string; // museum or collection, with city
  /** How many seeded member accounts like it (0..12); makes "most popular" meaningful and varied. */
  likes: number;
}

export const demoArtifacts: readonly DemoArtifact[] = [
  // Documents
  {
    artifactName: "Rosetta Stone",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Rosetta_Stone.JPG",
    artifactType: "Documents",
    historicalContext:
      "A granodiorite stele carrying a priestly decree issued at Memphis in honour of Ptolemy V, written " +
      "in Egyptian hieroglyphs, Demotic script and Ancient Greek. Because the three versions record the " +
      "same text, the stone became the key to deciphering hieroglyphs, a breakthrough announced by " +
      "Jean-François Champollion in 1822. It passed to British possession in 1801 and has been " +
      "displayed in London since 1802.",
    createdAt: "196 BC",
    discoveredAt: "1799",
    discoveredBy: "Pierre-François Bouchard and French soldiers of the Egyptian campaign",
    presentLocation: "British Museum, London",
    likes: 12,
  },
  {
    artifactName: "Code of Hammurabi",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Milkau_Oberer_Teil_der_Stele_mit_dem_Text_von_Hammurapis_Gesetzescode_369-2.jpg",
    artifactType: "Documents",
    historicalContext:
      "A basalt stele inscribed in Akkadian cuneiform with the laws of Hammurabi, sixth king of the " +
      "First Babylonian Dynasty, beneath a relief of the king before the god Shamash. Its roughly 282 " +
      "provisions cover trade, property, family life and penalties. The stele was carried off to Susa " +
      "as war booty by the Elamite king Shutruk-Nakhunte in the 12th century BC, where French " +
      "excavators found it.",
    createdAt: "c. 1755–1750 BC",
    discoveredAt: "1901–1902",
    discoveredBy: "French archaeological mission to Susa led by Jacques de Morgan",
    presentLocation: "Musée du Louvre, Paris",
    likes: 6,
  },
  {
    artifactName: "Cyrus Cylinder",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Cyrus_Cylinder.jpg",
    artifactType: "Documents",
    historicalContext:
      "A barrel-shaped clay cylinder inscribed in Akkadian cuneiform in the name of Cyrus the Great " +
      "after the Persian capture of Babylon in 539 BC. The text presents Cyrus as restoring temples " +
      "and allowing displaced peoples to return home, and it was buried as a foundation deposit. It is " +
      "sometimes described as an early charter of rights, a reading historians treat with caution.",
    createdAt: "c. 539–530 BC",
    discoveredAt: "1879",
    discoveredBy: "Hormuzd Rassam",
    presentLocation: "British Museum, London",
    likes: 3,
  },
  {
    artifactName: "Magna Carta (Cotton MS Augustus II.106)",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Magna_Carta_(British_Library_Cotton_MS_Augustus_II.106).jpg",
    artifactType: "Documents",
    historicalContext:
      "One of four surviving exemplifications of the charter of liberties agreed by King John with " +
      "rebel barons at Runnymede in June 1215. Its clauses limiting arbitrary royal power, including " +
      "the principle that no free man should be punished except by lawful judgement, became a lasting " +
      "reference point in constitutional history. This copy came to the British Library from the " +
      "collection of the antiquary Sir Robert Cotton.",
    createdAt: "1215",
    discoveredAt: "Early 17th century (entered the Cotton library)",
    discoveredBy: "Sir Robert Cotton (collector)",
    presentLocation: "British Library, London",
    likes: 5,
  },
  {
    artifactName: "Merneptah Stele",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Merneptah_Stele_2022_11.jpg",
    artifactType: "Documents",
    historicalContext:
      "A granite stele recording the victories of Pharaoh Merneptah, chiefly over the Libyans and their " +
      "allies, in the fifth year of his reign. Its closing lines list defeated peoples in Canaan and " +
      "contain the earliest known mention of Israel in an Egyptian text. The slab had first been " +
      "inscribed for Amenhotep III and was reused for Merneptah.",
    createdAt: "c. 1208 BC",
    discoveredAt: "1896",
    discoveredBy: "Flinders Petrie",
    presentLocation: "Egyptian Museum, Cairo",
    likes: 1,
  },

  // Writings
  {
    artifactName: "Dead Sea Scrolls",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Psalms_Scroll.jpg",
    artifactType: "Writings",
    historicalContext:
      "Some 900 Jewish manuscripts in Hebrew, Aramaic and Greek recovered from caves near Qumran on the " +
      "shore of the Dead Sea, among them the oldest known copies of books of the Hebrew Bible. The " +
      "first scrolls were found by Bedouin shepherds in 1946–1947, and further caves were explored by " +
      "Bedouin and archaeologists until 1956. The Great Psalms Scroll shown here came from Cave 11.",
    createdAt: "c. 3rd century BC – 1st century AD",
    discoveredAt: "1946–1956",
    discoveredBy: "Bedouin shepherds, beginning with Muhammed edh-Dhib",
    presentLocation: "Shrine of the Book, Israel Museum, Jerusalem",
    likes: 6,
  },
  {
    artifactName: "Gutenberg Bible (Lenox copy)",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Gutenberg_Bible,_Lenox_Copy,_New_York_Public_Library,_2009._Pic_01.jpg",
    artifactType: "Writings",
    historicalContext:
      "The Latin Bible printed in Mainz by Johannes Gutenberg was the first major book produced in " +
      "Europe with movable metal type. Around 180 copies were printed, of which about 49 survive, some " +
      "incomplete. The Lenox copy was bought by the collector James Lenox in 1847 and was the first " +
      "Gutenberg Bible to reach the Americas.",
    createdAt: "c. 1454–1455",
    discoveredAt: "1847 (acquired)",
    discoveredBy: "James Lenox (collector)",
    presentLocation: "New York Public Library, New York",
    likes: 5,
  },
  {
    artifactName: "Book of Kells",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/KellsFol032vChristEnthroned.jpg",
    artifactType: "Writings",
    historicalContext:
      "An illuminated manuscript of the four Gospels in Latin, made by monks of the Columban tradition, " +
      "probably begun on Iona and continued at Kells in Ireland. Its pages combine Insular interlace, " +
      "animal ornament and full-page portraits such as Christ enthroned. The annals record its theft " +
      "from Kells in 1007 and its recovery without the jewelled cover.",
    createdAt: "c. 800",
    discoveredAt: "c. 1661 (presented to Trinity College)",
    discoveredBy: "Henry Jones, Bishop of Meath",
    presentLocation: "Trinity College Library, Dublin",
    likes: 4,
  },
  {
    artifactName: "Diamond Sutra of Dunhuang",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Diamond_sutra.jpg",
    artifactType: "Writings",
    historicalContext:
      "A Chinese translation of a Mahayana Buddhist sutra printed from woodblocks on a paper scroll " +
      "about five metres long. Its colophon dates it to 868 and names Wang Jie as having it made on " +
      "behalf of his parents, making it the earliest known dated printed book. It was sealed in the " +
      "Library Cave at the Mogao Caves and reached London after Aurel Stein acquired it in 1907.",
    createdAt: "868",
    discoveredAt: "1900 (Library Cave opened); acquired 1907",
    discoveredBy: "Wang Yuanlu; acquired by Aurel Stein",
    presentLocation: "British Library, London",
    likes: 2,
  },
  {
    artifactName: "Beowulf Manuscript (Nowell Codex)",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Beowulf_Cotton_MS_Vitellius_A_XV_f._132r.jpg",
    artifactType: "Writings",
    historicalContext:
      "The only surviving manuscript of the Old English epic Beowulf, copied by two scribes in a codex " +
      "that also contains other prose and verse. It bears the name of the antiquary Laurence Nowell and " +
      "the date 1563, and later entered the library of Sir Robert Cotton. The edges were scorched in the " +
      "Ashburnham House fire of 1731, so early transcripts help scholars read lost letters.",
    createdAt: "c. 975–1025",
    discoveredAt: "1563 (earliest recorded ownership)",
    discoveredBy: "Laurence Nowell (antiquary)",
    presentLocation: "British Library, London",
    likes: 3,
  },
  {
    artifactName: "Lindisfarne Gospels",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/LindisfarneFol27rIncipitMatt.jpg",
    artifactType: "Writings",
    historicalContext:
      "A richly decorated Latin Gospel book made at the monastery of Lindisfarne in Northumbria, " +
      "traditionally attributed to Eadfrith, bishop of Lindisfarne. In the 10th century the priest " +
      "Aldred added an interlinear Old English gloss, the oldest surviving translation of the Gospels " +
      "into English. The manuscript later belonged to Sir Robert Cotton.",
    createdAt: "c. 715–720",
    discoveredAt: "Early 17th century (entered the Cotton library)",
    discoveredBy: "Sir Robert Cotton (collector)",
    presentLocation: "British Library, London",
    likes: 2,
  },
  {
    artifactName: "Voynich Manuscript",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Voynich_Manuscript_(32).jpg",
    artifactType: "Writings",
    historicalContext:
      "An illustrated codex written in an unknown script, with drawings of unidentified plants, " +
      "astronomical diagrams and bathing figures. Radiocarbon dating places its vellum in the early " +
      "15th century, and its text has not been deciphered. It takes its name from the book dealer " +
      "Wilfrid Voynich, who bought it in 1912, and it was given to Yale University in 1969.",
    createdAt: "Early 15th century (vellum dated 1404–1438)",
    discoveredAt: "1912",
    discoveredBy: "Wilfrid Voynich (book dealer)",
    presentLocation: "Beinecke Rare Book & Manuscript Library, Yale University, New Haven",
    likes: 6,
  },
  {
    artifactName: "Codex Sinaiticus",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Codex_Sinaiticus_Matthew_6,4-32.JPG",
    artifactType: "Writings",
    historicalContext:
      "A handwritten Greek Bible on parchment and one of the two oldest near-complete manuscripts of the " +
      "Christian Bible, with the earliest complete copy of the New Testament. Constantin von Tischendorf " +
      "obtained leaves at Saint Catherine's Monastery in Sinai in 1844 and 1859. Its surviving leaves are " +
      "now divided between London, Leipzig, Saint Catherine's Monastery and Saint Petersburg.",
    createdAt: "4th century",
    discoveredAt: "1844 and 1859",
    discoveredBy: "Constantin von Tischendorf",
    presentLocation: "British Library, London (largest portion)",
    likes: 1,
  },
  {
    artifactName: "Phaistos Disc",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Phaistos_Disc_-_Side_A_-_6380_-_crop1.jpg",
    artifactType: "Writings",
    historicalContext:
      "A disc of fired clay about 16 cm across, stamped on both sides with 241 signs arranged in a " +
      "spiral. The signs were pressed into the wet clay with individual stamps, an early use of movable " +
      "type for a text. The script has not been deciphered, and its meaning and purpose remain unknown.",
    createdAt: "c. 1850–1600 BC",
    discoveredAt: "1908",
    discoveredBy: "Luigi Pernier (Italian archaeological mission)",
    presentLocation: "Heraklion Archaeological Museum, Heraklion, Crete",
    likes: 4,
  },

  // Technology
  {
    artifactName: "Antikythera Mechanism",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/NAMA_Machine_d%27Anticyth%C3%A8re_1.jpg",
    artifactType: "Technology",
    historicalContext:
      "A hand-cranked bronze device of interlocking gear wheels that modelled the movements of the Sun " +
      "and Moon, the lunar phases and the timing of eclipses. Its corroded fragments were recovered from " +
      "a Roman-era shipwreck off the Greek island of Antikythera. X-ray tomography has since revealed " +
      "much of its gearing and thousands of characters of inscribed text.",
    createdAt: "c. 2nd–1st century BC",
    discoveredAt: "1901 (recognised in 1902)",
    discoveredBy: "Greek sponge divers; identified by Valerios Stais",
    presentLocation: "National Archaeological Museum, Athens",
    likes: 11,
  },
  {
    artifactName: "Nebra Sky Disc",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Nebra_disc_1.jpg",
    artifactType: "Technology",
    historicalContext:
      "A bronze disc about 30 cm across, inlaid with gold symbols generally read as the Sun or full Moon, " +
      "a crescent Moon and stars, including a cluster often identified as the Pleiades. It is regarded as " +
      "the oldest known concrete depiction of astronomical phenomena and is attributed to the Únětice " +
      "culture. Looted by unlicensed detectorists, it was recovered in a police operation in Basel in 2002.",
    createdAt: "c. 1800–1600 BC",
    discoveredAt: "1999",
    discoveredBy: "Henry Westphal and Mario Renner (unlicensed detectorists)",
    presentLocation: "State Museum of Prehistory, Halle (Saale)",
    likes: 5,
  },
  {
    artifactName: "Oseberg Ship",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Osebergskipet_2016.jpg",
    artifactType: "Technology",
    historicalContext:
      "A clinker-built oak ship with a richly carved prow, preserved in a burial mound that held two " +
      "women in 834 together with a wagon, sledges and household goods. Tree-ring dating shows the ship " +
      "itself was built some years earlier. It remains one of the best-preserved examples of Viking Age " +
      "shipbuilding.",
    createdAt: "c. 820 (buried in 834)",
    discoveredAt: "1903 (excavated 1904)",
    discoveredBy: "Knut Rom (farmer); excavated by Gabriel Gustafson",
    presentLocation: "Museum of the Viking Age, Bygdøy, Oslo",
    likes: 3,
  },
  {
    artifactName: "Iron Pillar of Delhi",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Iron_Pillar_01.jpg",
    artifactType: "Technology",
    historicalContext:
      "A wrought-iron column a little over seven metres high, bearing a Sanskrit inscription in " +
      "Gupta-period script that honours a king named Chandra, usually identified with Chandragupta II. " +
      "It is known for its resistance to corrosion, which metallurgists attribute to the high phosphorus " +
      "content of the iron and a thin protective surface layer. It stands in the Qutb complex, where it " +
      "was moved in the medieval period.",
    createdAt: "c. AD 400",
    discoveredAt: "Never lost",
    discoveredBy: "Gupta Empire (makers)",
    presentLocation: "In situ, Qutb complex, Mehrauli, Delhi",
    likes: 2,
  },
  {
    artifactName: "Analytical Engine Trial Model",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Babbages_Analytical_Engine,_1834-1871._(9660574685).jpg",
    artifactType: "Technology",
    historicalContext:
      "Charles Babbage designed the Analytical Engine from 1834 as a general-purpose mechanical computer " +
      "with a separate arithmetic unit and memory, to be programmed with punched cards. Ada Lovelace " +
      "described its possibilities in her notes of 1843. The machine was never completed, and this trial " +
      "model of part of its mill was still unfinished at Babbage's death in 1871.",
    createdAt: "1834–1871",
    discoveredAt: "Never lost (kept by the Babbage family after 1871)",
    discoveredBy: "Charles Babbage (inventor)",
    presentLocation: "Science Museum, London",
    likes: 1,
  },

  // Tools
  {
    artifactName: "Ishango Bone",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Os_d%27Ishango_IRSNB.JPG",
    artifactType: "Tools",
    historicalContext:
      "A baboon fibula with a piece of quartz fixed in one end and groups of notches cut in three " +
      "columns along its length. It was excavated at Ishango, near Lake Edward in what is now the " +
      "Democratic Republic of the Congo. The notches may have served as a tally, and proposals that they " +
      "record arithmetic or a lunar count remain debated.",
    createdAt: "c. 20,000 years ago",
    discoveredAt: "1950",
    discoveredBy: "Jean de Heinzelin de Braucourt",
    presentLocation: "Royal Belgian Institute of Natural Sciences, Brussels",
    likes: 2,
  },
  {
    artifactName: "Gebel el-Arak Knife",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Gebel_el-Arak_Knife_ivory_handle_(front_top_part_detail).jpg",
    artifactType: "Tools",
    historicalContext:
      "A ceremonial flint knife with a handle carved from hippopotamus ivory, made in Egypt during the " +
      "late Predynastic period. One face of the handle shows a battle on land and water, the other a " +
      "figure between two lions in a style that reflects contact with Mesopotamia. The dealer who sold it " +
      "reported that it came from Gebel el-Arak near Abydos.",
    createdAt: "c. 3300–3200 BC",
    discoveredAt: "1914 (acquired in Cairo)",
    discoveredBy: "Georges Bénédite (acquired for the Louvre)",
    presentLocation: "Musée du Louvre, Paris",
    likes: 0,
  },
  {
    artifactName: "Sword of Goujian",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/20230208_Bronze_sword_used_by_King_Goujian_of_Yue_01.jpg",
    artifactType: "Tools",
    historicalContext:
      "A bronze jian with a diamond-pattern blade and an inscription in bird-and-worm seal script naming " +
      "King Goujian of Yue, who reigned in the late Spring and Autumn period. It was found in a tomb at " +
      "Jiangling in Hubei, with little tarnish after more than two thousand years. It is among the most " +
      "celebrated examples of ancient Chinese bronze metallurgy.",
    createdAt: "5th century BC",
    discoveredAt: "1965",
    discoveredBy: "Archaeologists excavating Wangshan Tomb No. 1, Jiangling",
    presentLocation: "Hubei Provincial Museum, Wuhan",
    likes: 4,
  },
  {
    artifactName: "Pascaline Calculator",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Arts_et_Metiers_Pascaline_dsc03869.jpg",
    artifactType: "Tools",
    historicalContext:
      "A mechanical calculator designed by Blaise Pascal from 1642, partly to help his father with tax " +
      "computations in Rouen. Numbers were entered by turning dials, and a system of gears carried tens " +
      "from one wheel to the next, so the machine could add directly and subtract by a complement method. " +
      "Pascal built around fifty machines, and nine are known to survive.",
    createdAt: "1642–1652",
    discoveredAt: "Never lost",
    discoveredBy: "Blaise Pascal (inventor)",
    presentLocation: "Musée des Arts et Métiers, Paris",
    likes: 3,
  },
  {
    artifactName: "Galileo's Telescopes",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Galilei_telescopes,_Museo_Galileo,_Florence,_Inv._242,_2428,_224088.jpg",
    artifactType: "Tools",
    historicalContext:
      "Two surviving telescopes made by Galileo Galilei, fitted with lenses he ground himself. With " +
      "instruments like these he observed the mountains of the Moon, the phases of " +
      "Venus and four moons of Jupiter, publishing his first discoveries in Sidereus Nuncius in 1610. " +
      "They passed into the Medici collections in Florence.",
    createdAt: "1609–1610",
    discoveredAt: "Never lost",
    discoveredBy: "Galileo Galilei (maker)",
    presentLocation: "Museo Galileo, Florence",
    likes: 5,
  },

  // Art
  {
    artifactName: "Mask of Tutankhamun",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/CairoEgMuseumTaaMaskMostlyPhotographed.jpg",
    artifactType: "Art",
    historicalContext:
      "The funerary mask of the young pharaoh Tutankhamun, made of gold inlaid with coloured glass and " +
      "semi-precious stones such as lapis lazuli, and weighing about 10 kg. It covered the head and " +
      "shoulders of the king's mummy inside the innermost coffin of tomb KV62 in the Valley of the Kings. " +
      "The tomb was found in 1922; the mask was reached in 1925.",
    createdAt: "c. 1323 BC",
    discoveredAt: "1925",
    discoveredBy: "Howard Carter",
    presentLocation: "Grand Egyptian Museum, Giza",
    likes: 10,
  },
  {
    artifactName: "Bayeux Tapestry",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Bayeux_Tapestry_scene57_Harold_death.jpg",
    artifactType: "Art",
    historicalContext:
      "An embroidered linen cloth nearly 70 metres long that narrates the events leading to the Norman " +
      "conquest of England and the Battle of Hastings in 1066. It was probably commissioned by Bishop " +
      "Odo of Bayeux and is thought to have been made in England. It is first recorded in an inventory " +
      "of Bayeux Cathedral in 1476.",
    createdAt: "1070s",
    discoveredAt: "1476 (first recorded)",
    discoveredBy: "Chapter of Bayeux Cathedral (inventory)",
    presentLocation: "Bayeux Museum, Bayeux",
    likes: 6,
  },
  {
    artifactName: "Alexander Mosaic",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Battle_of_Issus_mosaic_-_Museo_Archeologico_Nazionale_-_Naples_2013-05-16_16-25-06_BW.jpg",
    artifactType: "Art",
    historicalContext:
      "A Roman floor mosaic of more than a million tesserae showing Alexander the Great confronting the " +
      "Persian king Darius III, probably at the Battle of Issus. It decorated the House of the Faun at " +
      "Pompeii and is generally thought to copy a lost Hellenistic painting. It was moved to Naples in 1843.",
    createdAt: "c. 100 BC",
    discoveredAt: "1831",
    discoveredBy: "Excavators of the House of the Faun, Pompeii",
    presentLocation: "National Archaeological Museum, Naples",
    likes: 4,
  },
  {
    artifactName: "Standard of Ur",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Standard_of_Ur_-_War.jpg",
    artifactType: "Art",
    historicalContext:
      "A hollow wooden box inlaid with shell, red limestone and lapis lazuli, with one side showing scenes " +
      "of war and the other scenes of peace and feasting. It was found in one of the largest graves of " +
      "the Royal Cemetery at Ur in southern Mesopotamia. Its original purpose is unknown; the name " +
      "'standard' reflects the excavator's suggestion.",
    createdAt: "c. 2600 BC",
    discoveredAt: "1927–1928",
    discoveredBy: "Leonard Woolley",
    presentLocation: "British Museum, London",
    likes: 3,
  },
  {
    artifactName: "Sutton Hoo Helmet",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Sutton_Hoo_helmet_2016.png",
    artifactType: "Art",
    historicalContext:
      "An Anglo-Saxon iron helmet decorated with tinned-bronze panels, a face mask and a dragon whose " +
      "wings form the eyebrows. It was found crushed into hundreds of fragments in the Mound 1 ship " +
      "burial at Sutton Hoo, Suffolk, which is often associated with King Rædwald of East Anglia. The " +
      "pieces were reassembled in the 1940s and again in 1970–1971.",
    createdAt: "Early 7th century",
    discoveredAt: "1939",
    discoveredBy: "Excavation team of Basil Brown and Charles Phillips",
    presentLocation: "British Museum, London",
    likes: 5,
  },
  {
    artifactName: "Lascaux Cave Paintings",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Lascaux_painting.jpg",
    artifactType: "Art",
    historicalContext:
      "A cave complex decorated with about 600 painted and some 1,500 engraved figures, mostly horses, " +
      "aurochs, deer and other animals. Four teenagers entered the cave in September 1940. It was closed " +
      "to the public in 1963 to protect the paintings, and visitors now see a full-scale replica nearby.",
    createdAt: "c. 17,000 years ago",
    discoveredAt: "1940",
    discoveredBy: "Marcel Ravidat, Jacques Marsal, Georges Agnel and Simon Coencas",
    presentLocation: "In situ, Montignac, Dordogne, France (closed to visitors)",
    likes: 6,
  },
  {
    artifactName: "Gundestrup Cauldron",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Gundestrupkedlen-_00054_(cropped).jpg",
    artifactType: "Art",
    historicalContext:
      "A richly decorated silver vessel found dismantled in a peat bog in northern Jutland. Its plates " +
      "show deities, animals and ritual scenes, including an antlered figure often compared with the " +
      "Celtic god Cernunnos. The imagery appears largely Celtic, while the silverworking technique " +
      "suggests Thracian craftsmen.",
    createdAt: "c. 150 BC – AD 1",
    discoveredAt: "1891",
    discoveredBy: "Peat cutters near Gundestrup, Himmerland",
    presentLocation: "National Museum of Denmark, Copenhagen",
    likes: 2,
  },
  {
    artifactName: "Portland Vase",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Portland_Vase_BM_Gem4036_n1.jpg",
    artifactType: "Art",
    historicalContext:
      "A Roman cameo-glass vase of dark blue glass overlaid with white glass carved into mythological " +
      "figures. It is recorded in Rome around 1600 and later belonged to the Barberini family and the " +
      "Dukes of Portland. Smashed by a visitor in 1845, it has been restored several times, and its " +
      "design inspired copies by Josiah Wedgwood.",
    createdAt: "c. AD 1–25",
    discoveredAt: "c. 1600 (first recorded in Rome)",
    discoveredBy: "Recorded in the collection of Cardinal Francesco Maria del Monte",
    presentLocation: "British Museum, London",
    likes: 1,
  },
  {
    artifactName: "Narmer Palette",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Narmer_Palette.jpg",
    artifactType: "Art",
    historicalContext:
      "A ceremonial siltstone palette carved in low relief, showing King Narmer wearing the White Crown " +
      "on one side and the Red Crown on the other. It carries some of the earliest known hieroglyphic " +
      "signs. It is often read as commemorating the unification of Upper and Lower Egypt, although that " +
      "interpretation is debated.",
    createdAt: "c. 3100 BC",
    discoveredAt: "1897–1898",
    discoveredBy: "James Quibell and Frederick Green",
    presentLocation: "Egyptian Museum, Cairo",
    likes: 2,
  },

  // Sculptures
  {
    artifactName: "Venus of Willendorf",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Venus_von_Willendorf_01.jpg",
    artifactType: "Sculptures",
    historicalContext:
      "An 11 cm figurine of a woman carved from oolitic limestone and tinted with red ochre, made during " +
      "the Gravettian period of the Upper Palaeolithic. It was found during excavations near Willendorf " +
      "in the Wachau valley of Lower Austria. Its purpose is unknown, and interpretations range from a " +
      "fertility symbol to a self-representation.",
    createdAt: "c. 30,000 years ago",
    discoveredAt: "1908",
    discoveredBy: "Excavation team of Josef Szombathy (find credited to Johann Veran)",
    presentLocation: "Natural History Museum, Vienna",
    likes: 4,
  },
  {
    artifactName: "Terracotta Army",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Terracotta_Army,_View_of_Pit_1.jpg",
    artifactType: "Sculptures",
    historicalContext:
      "Thousands of life-size terracotta soldiers, horses and chariots buried in pits near the mausoleum " +
      "of Qin Shi Huang, the first emperor of a unified China. Each figure was assembled from moulded " +
      "parts and finished individually, and all were originally painted. Farmers digging a well " +
      "uncovered the first fragments in 1974.",
    createdAt: "Late 3rd century BC",
    discoveredAt: "1974",
    discoveredBy: "Local farmers digging a well, including Yang Zhifa",
    presentLocation: "Emperor Qinshihuang's Mausoleum Site Museum, Lintong, Xi'an",
    likes: 9,
  },
  {
    artifactName: "Nefertiti Bust",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Nofretete_Neues_Museum.jpg",
    artifactType: "Sculptures",
    historicalContext:
      "A painted limestone and stucco bust of Queen Nefertiti, Great Royal Wife of the pharaoh Akhenaten. " +
      "It was found in the workshop of the sculptor Thutmose at Amarna and is thought to have served as " +
      "a model. Egypt has repeatedly asked for its return from Berlin.",
    createdAt: "c. 1345 BC",
    discoveredAt: "1912",
    discoveredBy: "German Oriental Society team led by Ludwig Borchardt",
    presentLocation: "Neues Museum, Berlin",
    likes: 6,
  },
  {
    artifactName: "Venus de Milo",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Front_views_of_the_Venus_de_Milo.jpg",
    artifactType: "Sculptures",
    historicalContext:
      "A Hellenistic marble statue just over two metres tall, usually identified as Aphrodite and " +
      "attributed to Alexandros of Antioch. It was found by a farmer on the island of Milos and acquired " +
      "for King Louis XVIII of France. The arms were already missing when it was found.",
    createdAt: "c. 150–125 BC",
    discoveredAt: "1820",
    discoveredBy: "Yorgos Kentrotas (farmer)",
    presentLocation: "Musée du Louvre, Paris",
    likes: 5,
  },
  {
    artifactName: "Laocoön and His Sons",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Laocoon_Pio-Clementino_Inv1059-1064-1067.jpg",
    artifactType: "Sculptures",
    historicalContext:
      "A marble group showing the Trojan priest Laocoön and his two sons attacked by sea serpents, " +
      "praised by Pliny the Elder and attributed by him to three sculptors from Rhodes. It was unearthed " +
      "in a vineyard on the Esquiline Hill in Rome, and Pope Julius II sent Giuliano da Sangallo and " +
      "Michelangelo to examine it. It has been in the Vatican collections since 1506.",
    createdAt: "c. 1st century BC – 1st century AD",
    discoveredAt: "1506",
    discoveredBy: "Felice de Fredis, in his vineyard in Rome",
    presentLocation: "Vatican Museums, Vatican City",
    likes: 3,
  },
  {
    artifactName: "Augustus of Prima Porta",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Statue-Augustus.jpg",
    artifactType: "Sculptures",
    historicalContext:
      "A marble statue of the first Roman emperor in military dress, raising his arm in address. The " +
      "reliefs on his breastplate show the return by the Parthians of Roman standards lost at Carrhae, a " +
      "diplomatic success of 20 BC. It was found at the villa of his wife Livia at Prima Porta, north of " +
      "Rome, and traces of its original paint survive.",
    createdAt: "Early 1st century AD",
    discoveredAt: "1863",
    discoveredBy: "Excavators at the Villa of Livia, Prima Porta",
    presentLocation: "Vatican Museums, Vatican City",
    likes: 2,
  },
  {
    artifactName: "Lion-man of Hohlenstein-Stadel",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Loewenmensch1.jpg",
    artifactType: "Sculptures",
    historicalContext:
      "A figure carved from mammoth ivory with a lion's head and an upright, human-like body, about 31 cm " +
      "tall. Its fragments were recovered at the end of an excavation in the Hohlenstein-Stadel cave in " +
      "southern Germany in 1939 and first assembled in 1969. It is among the oldest known figurative " +
      "sculptures.",
    createdAt: "c. 40,000 years ago",
    discoveredAt: "1939",
    discoveredBy: "Robert Wetzel and Otto Völzing",
    presentLocation: "Museum Ulm, Ulm",
    likes: 3,
  },
  {
    artifactName: "Winged Victory of Samothrace",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Victoire_de_Samothrace_-_Musee_du_Louvre_-_20190812.jpg",
    artifactType: "Sculptures",
    historicalContext:
      "A Hellenistic marble statue of Nike, goddess of victory, alighting on the prow of a warship. It " +
      "stood in the Sanctuary of the Great Gods on the island of Samothrace. Since 1884 it has been " +
      "displayed at the head of the Daru staircase in the Louvre.",
    createdAt: "c. 190 BC",
    discoveredAt: "1863",
    discoveredBy: "Charles Champoiseau (French consul)",
    presentLocation: "Musée du Louvre, Paris",
    likes: 4,
  },
  {
    artifactName: "Aztec Sun Stone",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Piedra_del_Sol_en_MNA.jpg",
    artifactType: "Sculptures",
    historicalContext:
      "A basalt monolith about 3.6 metres in diameter carved with a central face surrounded by rings of " +
      "day signs and cosmological symbols. It was made in the Mexica capital Tenochtitlan in the decades " +
      "before the Spanish conquest and later buried. Although often called the Aztec calendar, it is " +
      "understood as a sculpture of Mexica cosmology rather than a working calendar.",
    createdAt: "c. 1502–1521",
    discoveredAt: "1790",
    discoveredBy: "Workers repaving the main square of Mexico City",
    presentLocation: "National Museum of Anthropology, Mexico City",
    likes: 2,
  },

  // Monuments
  {
    artifactName: "Stonehenge",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Stonehenge2007_07_30.jpg",
    artifactType: "Monument",
    historicalContext:
      "A prehistoric monument of standing stones built in several phases, with large sarsen stones and " +
      "smaller bluestones brought from the Preseli Hills in Wales. Its main axis aligns with sunrise at " +
      "the summer solstice and sunset at the winter solstice. It has been a UNESCO World Heritage Site, " +
      "together with Avebury, since 1986.",
    createdAt: "c. 3000–2000 BC",
    discoveredAt: "Never lost (first described c. 1130)",
    discoveredBy: "Henry of Huntingdon (earliest written account)",
    presentLocation: "In situ, Wiltshire, England",
    likes: 8,
  },
  {
    artifactName: "Great Pyramid of Giza",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Kheops-Pyramid.jpg",
    artifactType: "Monument",
    historicalContext:
      "The largest of the pyramids at Giza, built as the tomb of the Fourth Dynasty pharaoh Khufu. " +
      "Originally about 146 metres high, it remained the tallest human-made structure for nearly four " +
      "thousand years. It is the only one of the Seven Wonders of the Ancient World still standing.",
    createdAt: "c. 2560 BC",
    discoveredAt: "Never lost",
    discoveredBy: "Ancient Egyptians (Fourth Dynasty)",
    presentLocation: "In situ, Giza Plateau, Egypt",
    likes: 6,
  },
  {
    artifactName: "Colosseum",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Colosseo_2020.jpg",
    artifactType: "Monument",
    historicalContext:
      "The Flavian Amphitheatre, begun under Emperor Vespasian and inaugurated by his son Titus in AD 80. " +
      "It could hold an estimated 50,000 spectators for gladiatorial games and public spectacles. " +
      "Earthquakes and centuries of stone robbing removed much of its outer ring, but it remains the " +
      "largest amphitheatre ever built.",
    createdAt: "AD 70–80",
    discoveredAt: "Never lost",
    discoveredBy: "Roman Empire (Flavian dynasty)",
    presentLocation: "In situ, Rome, Italy",
    likes: 7,
  },
  {
    artifactName: "Pont du Gard",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Pont_du_Gard_BLS.jpg",
    artifactType: "Monument",
    historicalContext:
      "A three-tiered Roman bridge that carried the aqueduct of Nîmes across the Gardon river. At about " +
      "49 metres it is the highest of all surviving Roman aqueduct bridges. The aqueduct it served ran " +
      "for around 50 kilometres with only a very slight overall descent.",
    createdAt: "1st century AD",
    discoveredAt: "Never lost",
    discoveredBy: "Roman Empire (builders of the Nîmes aqueduct)",
    presentLocation: "In situ, Vers-Pont-du-Gard, France",
    likes: 1,
  },
  {
    artifactName: "Parthenon",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/The_Parthenon_in_Athens.jpg",
    artifactType: "Monument",
    historicalContext:
      "A Doric temple on the Athenian Acropolis dedicated to Athena, built under Pericles with the " +
      "architects Ictinus and Callicrates and sculpture overseen by Phidias. It later served as a church " +
      "and a mosque, and was badly damaged in 1687 when a Venetian shell ignited gunpowder stored inside. " +
      "Many of its sculptures were removed to Britain in the early 19th century.",
    createdAt: "447–432 BC",
    discoveredAt: "Never lost",
    discoveredBy: "Ancient Athenians",
    presentLocation: "In situ, Acropolis, Athens",
    likes: 4,
  },
  {
    artifactName: "Machu Picchu",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/80_-_Machu_Picchu_-_Juin_2009_-_edit.jpg",
    artifactType: "Monument",
    historicalContext:
      "An Inca citadel on a ridge above the Urubamba valley, probably built as an estate for the emperor " +
      "Pachacuti. It was abandoned around the time of the Spanish conquest, though local farmers still " +
      "knew the site. Hiram Bingham brought it to international attention in 1911.",
    createdAt: "c. 1450",
    discoveredAt: "1911 (brought to international attention)",
    discoveredBy: "Hiram Bingham, guided by local farmers",
    presentLocation: "In situ, Cusco Region, Peru",
    likes: 5,
  },
  {
    artifactName: "Great Sphinx of Giza",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Great_Sphinx_of_Giza_-_20080716a.jpg",
    artifactType: "Monument",
    historicalContext:
      "A recumbent lion with a human head carved from the limestone bedrock of the Giza plateau, about " +
      "73 metres long. It is generally attributed to the pharaoh Khafre. Drifting sand buried it " +
      "repeatedly, and its body was cleared in modern excavations from 1817 onwards.",
    createdAt: "c. 2500 BC",
    discoveredAt: "Never lost (first modern excavation 1817)",
    discoveredBy: "Giovanni Battista Caviglia (first modern excavation)",
    presentLocation: "In situ, Giza Plateau, Egypt",
    likes: 3,
  },
  {
    artifactName: "Göbekli Tepe",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/G%C3%B6bekli_Tepe,_Urfa.jpg",
    artifactType: "Monument",
    historicalContext:
      "A hilltop site of circular enclosures formed by massive T-shaped limestone pillars, many carved " +
      "with foxes, snakes, boars and birds. It was built by communities at the very beginning of the " +
      "Neolithic, thousands of years before Stonehenge. The site was noted in a 1963 survey, and its " +
      "significance was recognised by Klaus Schmidt, who led excavations from 1995.",
    createdAt: "c. 9500–8000 BC",
    discoveredAt: "1963 (survey); recognised 1994",
    discoveredBy: "Klaus Schmidt",
    presentLocation: "In situ, near Şanlıurfa, Turkey",
    likes: 6,
  },
  {
    artifactName: "Hadrian's Wall",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Hadrian%27s_wall_at_Greenhead_Lough.jpg",
    artifactType: "Monument",
    historicalContext:
      "A Roman frontier wall begun in AD 122 under Emperor Hadrian, running about 117 kilometres from the " +
      "River Tyne to the Solway Firth. It was garrisoned through a system of forts, milecastles and " +
      "turrets. It forms part of the Frontiers of the Roman Empire World Heritage Site.",
    createdAt: "AD 122–c. 128",
    discoveredAt: "Never lost",
    discoveredBy: "Roman army under Emperor Hadrian",
    presentLocation: "In situ, Northumberland and Cumbria, England",
    likes: 2,
  },
  {
    artifactName: "Ishtar Gate",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Ishtar_Gate_at_Berlin_Museum.jpg",
    artifactType: "Monument",
    historicalContext:
      "A monumental gateway to the inner city of Babylon built under King Nebuchadnezzar II, faced with " +
      "blue glazed bricks and rows of dragons and aurochs in relief. German excavators recovered its " +
      "brick fragments in the early 20th century. A reconstruction using the original bricks was " +
      "assembled in Berlin and opened to the public in 1930.",
    createdAt: "c. 575 BC",
    discoveredAt: "1902–1914 (excavated)",
    discoveredBy: "Robert Koldewey (German Oriental Society)",
    presentLocation: "Pergamon Museum, Berlin",
    likes: 4,
  },

  // Others
  {
    artifactName: "Lewis Chessmen",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/UigChessmen_SelectionOfKings.jpg",
    artifactType: "Others",
    historicalContext:
      "A hoard of 93 objects, mostly chess pieces carved from walrus ivory and whale teeth, together " +
      "with gaming pieces and a belt buckle. They were found at Uig on the Isle of Lewis and were " +
      "probably made in Norway. The pieces are divided between museums in London and Edinburgh.",
    createdAt: "12th century",
    discoveredAt: "1831",
    discoveredBy: "Found at Uig, Isle of Lewis; finder traditionally named as Malcolm MacLeod",
    presentLocation: "British Museum, London, and National Museum of Scotland, Edinburgh",
    likes: 5,
  },
  {
    artifactName: "Bianzhong of Marquis Yi of Zeng",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/20230208_Chime_bells_of_Marquis_Yi_of_Zeng.jpg",
    artifactType: "Others",
    historicalContext:
      "A set of 65 bronze bells hung on a three-tiered wooden rack, buried in the tomb of Marquis Yi of " +
      "the state of Zeng. Each bell sounds two distinct tones depending on where it is struck, and " +
      "inscriptions on the bells record musical terms and pitch relationships. The tomb was located " +
      "during construction work in 1977 and excavated the following year.",
    createdAt: "c. 433 BC",
    discoveredAt: "1977–1978",
    discoveredBy: "Archaeologists of the Hubei Provincial Museum",
    presentLocation: "Hubei Provincial Museum, Wuhan",
    likes: 1,
  },
  {
    artifactName: "Hope Diamond",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/Hope_Diamond.jpg",
    artifactType: "Others",
    historicalContext:
      "A deep blue diamond of 45.52 carats, cut from a larger stone mined in India and sold by the " +
      "merchant Jean-Baptiste Tavernier to Louis XIV in 1668. That stone, the French Blue, was stolen in " +
      "1792, and a recut diamond appeared in London by 1812, later owned by the Hope family. The jeweller " +
      "Harry Winston donated it to the Smithsonian Institution in 1958.",
    createdAt: "Recut to its present form by 1812",
    discoveredAt: "By 1666",
    discoveredBy: "Jean-Baptiste Tavernier (earliest recorded owner)",
    presentLocation:
      "National Museum of Natural History, Smithsonian Institution, Washington, D.C.",
    likes: 4,
  },
  {
    artifactName: "Houmuwu Ding",
    artifactImage: "https://commons.wikimedia.org/wiki/Special:FilePath/HouMuWuDingFullView.jpg",
    artifactType: "Others",
    historicalContext:
      "A rectangular bronze ritual cauldron weighing about 833 kilograms, the heaviest bronze vessel " +
      "known from ancient China. Its inscription dedicates it to a royal mother of the late Shang " +
      "dynasty. Villagers found it near Anyang in 1939 and reburied it to keep it from occupying " +
      "Japanese forces before it was recovered in 1946.",
    createdAt: "c. 1300–1046 BC",
    discoveredAt: "1939",
    discoveredBy: "Villagers of Wuguan, near Anyang",
    presentLocation: "National Museum of China, Beijing",
    likes: 0,
  },
  {
    artifactName: "Gallo-Roman Dodecahedron of Tongeren",
    artifactImage:
      "https://commons.wikimedia.org/wiki/Special:FilePath/Pentagon-dodeca%C3%ABder_in_brons,_150_tot_400_NC,_vindplaats-_Tongeren,_Leopoldwal,_1939,_collectie_Gallo-Romeins_Museum_Tongeren,_4002.jpg",
    artifactType: "Others",
    historicalContext:
      "A hollow bronze object with twelve pentagonal faces, each pierced by a round hole of a different " +
      "size, and small knobs at its corners. More than a hundred such dodecahedra are known, mostly from " +
      "the north-western provinces of the Roman Empire. No ancient text describes them, and their " +
      "purpose remains unknown.",
    createdAt: "AD 150–400",
    discoveredAt: "1939",
    discoveredBy: "Unrecorded finder at the Leopoldwal, Tongeren",
    presentLocation: "Gallo-Romeins Museum, Tongeren",
    likes: 3,
  },
];

/** Seeded member accounts that give the likes; they cannot sign in (no password). */
export const demoMembers: readonly { name: string; email: string }[] = [
  { name: "Ada Okafor", email: "ada.member@example.org" },
  { name: "Bruno Silva", email: "bruno.member@example.org" },
  { name: "Chiara Rossi", email: "chiara.member@example.org" },
  { name: "Dmitri Ivanov", email: "dmitri.member@example.org" },
  { name: "Elif Kaya", email: "elif.member@example.org" },
  { name: "Farah Haddad", email: "farah.member@example.org" },
  { name: "Gustav Lind", email: "gustav.member@example.org" },
  { name: "Hana Sato", email: "hana.member@example.org" },
  { name: "Ines Moreau", email: "ines.member@example.org" },
  { name: "Jonah Brooks", email: "jonah.member@example.org" },
  { name: "Kavya Nair", email: "kavya.member@example.org" },
  { name: "Luca Bianchi", email: "luca.member@example.org" },
];

export const demoCurator = { name: "Atlas Curator", email: "curator@example.org" } as const;

/**
 * The rights of a demo image that were checked against its Wikimedia Commons file page, with the
 * credit the licence asks for (issue 30). Images not listed here have not been checked: they are
 * "Copyright Not Evaluated", credited to their file page, where their licence can be read.
 */
const checkedDemoImageRights: Record<string, { rights: RightsUri; credit: string }> = {
  "https://commons.wikimedia.org/wiki/Special:FilePath/Rosetta_Stone.JPG": {
    rights: "http://creativecommons.org/licenses/by-sa/4.0/",
    credit: "Hans Hillewaert, via Wikimedia Commons",
  },
};

/** A demo artifact's image with its rights and credit line. */
export function demoImage(artifact: Pick<DemoArtifact, "artifactImage">): ArtifactImageItem {
  const url = artifact.artifactImage;
  const file = decodeURIComponent(url.slice(url.lastIndexOf("/") + 1)).replaceAll("_", " ");
  const checked = checkedDemoImageRights[url];
  return {
    url,
    alt: "",
    caption: "",
    rights: checked?.rights ?? NOT_EVALUATED,
    credit: checked?.credit ?? `Wikimedia Commons, File:${file}`,
  };
}
