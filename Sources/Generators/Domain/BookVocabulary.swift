/// The words and names the book-text generators draw from, embedded so generation needs no files.
///
/// Each list's first entry is what shrinking reaches, so the first entries are the shortest:
/// titles shrink to "A" and names to "A B". Lists are arrays, never sets, so the order is fixed.
enum BookVocabulary {
    /// Lowercase title words (proper nouns capitalised); title case is applied when rendering.
    static let titleWords: [String] = [
        "a", "the", "of", "and", "in", "to", "for", "at", "by", "with", "from", "under", "over", "between",
        "beyond", "after", "before", "without", "all", "every", "one", "two", "three", "seven", "hundred",
        "thousand", "night", "house", "girl", "boy", "man", "woman", "king", "queen", "city", "sea", "river",
        "fire", "ice", "blood", "bone", "bones", "shadow", "shadows", "light", "dark", "darkness", "star",
        "stars", "moon", "sun", "wind", "rain", "snow", "storm", "song", "dance", "game", "games", "war",
        "peace", "love", "death", "life", "time", "world", "land", "road", "way", "door", "window", "garden",
        "forest", "mountain", "island", "ocean", "sky", "heart", "mind", "soul", "secret", "secrets", "lie",
        "lies", "truth", "dream", "dreams", "memory", "ghost", "witch", "wolf", "dragon", "crown", "throne",
        "sword", "glass", "silver", "gold", "golden", "iron", "red", "black", "white", "blue", "green",
        "little", "last", "first", "lost", "hidden", "silent", "broken", "burning", "wild", "quiet", "long",
        "old", "new", "young", "great", "small", "dead", "perfect", "beautiful", "dangerous", "strange",
        "invisible", "midnight", "summer", "winter", "autumn", "spring", "morning", "tomorrow", "yesterday",
        "library", "bookshop", "letter", "letters", "book", "story", "stories", "tale", "tales", "map",
        "journey", "return", "rise", "fall", "end", "beginning", "daughter", "son", "mother", "father",
        "sister", "brother", "wife", "husband", "friend", "stranger", "hunger", "thief", "spy", "doctor",
        "soldier", "prince", "princess", "orchard", "lighthouse", "station", "train", "ship", "room",
        "kitchen", "tree", "trees", "flowers", "bird", "birds", "horse", "cat", "dog", "fox", "bear", "raven",
        "salt", "sugar", "bread", "wine", "tea", "paper", "ink", "stone", "water", "earth", "ash", "dust",
        "smoke", "echo", "whisper", "promise", "wish", "hope", "fear", "grace", "mercy", "fury", "glory",
        "empire", "kingdom", "court", "thorns", "roses", "mockingbird", "hobbit", "rings", "mockingjay",
        "dune", "foundation", "beloved", "years", "days", "hours", "ways", "things", "we", "you", "who",
        "what", "where", "why", "how", "is", "was", "never", "always", "again", "still", "here", "there",
        "Paris", "London", "Tokyo", "Rome", "Venice", "Berlin", "Brooklyn", "Mars", "Earth", "Emma",
        "Rebecca", "Jane", "Anna", "Odyssey", "Gatsby", "Frankenstein", "Dracula", "Middlemarch",
    ]

    /// Accented and non-Latin title words.
    static let nonASCIITitleWords: [String] = [
        "café", "naïve", "façade", "über", "straße", "cœur", "mañana", "niño", "déjà", "vu", "Zürich",
        "Kraków", "São", "Ångström", "Amélie", "Brontë", "Þór", "Ísland", "Ελλάδα", "Война", "мир",
        "東京", "ノルウェイの森", "三体", "한국", "שלום", "سلام", "Ναυτίλος",
    ]

    /// Words with apostrophes.
    static let apostropheWords: [String] = [
        "Ender's", "Sorcerer's", "Handmaid's", "Philosopher's", "Widow's", "Time's", "Don't", "Can't",
        "Wouldn't", "O'Brien", "'Salem's", "Rock'n'roll", "Y'all",
    ]

    /// Abbreviations ending in a period (or containing periods), the bane of sentence splitters.
    static let abbreviations: [String] = [
        "Mr.", "Mrs.", "Ms.", "Dr.", "Dept.", "St.", "Vol.", "No.", "Jr.", "U.S.", "U.K.", "etc.", "vs.",
        "Co.", "Inc.", "Ltd.", "Pt.", "Ch.", "Ed.", "A.I.",
    ]

    /// Symbols that stand as words.
    static let symbols: [String] = ["&", "-", "—", "+", "/", "*", "%", "$1,000", "#1", "100%"]

    /// Emoji as they appear in titles: single astral scalars, a variation selector, ZWJ sequences,
    /// skin tones and a flag (a regional-indicator pair).
    static let emoji: [String] = [
        "📚", "🐉", "❤️", "🔥", "✨", "🌙", "👩‍👩‍👧", "🇫🇷", "🧙🏽‍♀️", "☕", "🏳️‍🌈", "💀",
    ]

    /// Subtitles that exports repeat by the thousand.
    static let subtitlePhrases: [String] = [
        "A Novel", "A Memoir", "Stories", "A Love Story", "A Thriller", "Poems", "An Autobiography",
        "A Brief History of Humankind", "The Definitive Edition", "Book One", "Part 2", "Essays",
    ]

    /// Edition markers; the parenthesised ones look like series markers to a careless parser.
    static let editionMarkers: [String] = [
        "[Special Edition]", "[Illustrated]", "(Illustrated Edition)", "[Unabridged]",
        "(Anniversary Edition)", "[Box Set]", "(Movie Tie-in)", "[10th Anniversary Edition]",
        "(Collector's Edition)", "[Annotated]",
    ]

    /// Words a title keeps in lowercase unless they come first.
    static let minorWords: [String] = [
        "a", "an", "the", "of", "and", "in", "to", "for", "at", "by", "with", "from", "is", "was",
    ]

    /// Given names, ASCII.
    static let givenNames: [String] = [
        "A", "Liz", "Jane", "John", "Mary", "Ann", "Tom", "Ian", "Zadie", "Toni", "Ursula", "Neil", "Terry",
        "Agatha", "Virginia", "Ernest", "George", "Charles", "Emily", "Charlotte", "Octavia", "Isaac",
        "Margaret", "Kazuo", "Sally", "Donna", "Colson", "Celeste", "Madeline", "Taylor", "Brandon",
        "Robin", "Leigh", "Tana", "Stephen", "Kurt", "Jhumpa", "Salman", "Arundhati", "Ted", "Andy",
        "Frank", "Paulo", "Elena", "Orhan", "Kate", "Mark", "Sarah", "Rainbow", "Cormac", "Hilary",
        "Louise", "Ottessa", "Ocean", "Yaa", "Min Jin", "Mary Ann", "Jean-Paul", "Gabriel", "Isabel",
    ]

    /// Given names with diacritics or in non-Latin scripts.
    static let nonASCIIGivenNames: [String] = [
        "Zoë", "José", "Søren", "Björn", "Chloé", "Ngũgĩ", "Małgorzata", "Özlem", "Jiří", "Ólafur",
        "Andrés", "Françoise", "Leïla", "Dương", "Ælfric", "Лев", "Фёдор", "春樹", "Amélie", "Éric",
        "Halldór",
    ]

    /// Family names, ASCII.
    static let familyNames: [String] = [
        "B", "Moore", "Smith", "Rowling", "Tolkien", "Austen", "Morrison", "Atwood", "Ishiguro", "Rooney",
        "Tartt", "Whitehead", "Ng", "Miller", "Reid", "Sanderson", "Hobb", "Bardugo", "French", "King",
        "Lahiri", "Rushdie", "Roy", "Chiang", "Weir", "Herbert", "Coelho", "Ferrante", "Pamuk", "Atkinson",
        "Twain", "Woolf", "Orwell", "Dickens", "Hemingway", "Christie", "Pratchett", "Gaiman", "Butler",
        "Asimov", "Le", "Mantel", "Penny", "Moshfegh", "Vuong", "Gyasi", "Lee", "Rowell", "McCarthy",
        "Adichie", "Kingsolver", "O'Connor", "McEwan", "Smith-Jones",
    ]

    /// Family names with diacritics or in non-Latin scripts.
    static let nonASCIIFamilyNames: [String] = [
        "Márquez", "Müller", "Brontë", "Čapek", "Kierkegaard", "Ibáñez", "Pérez", "Gündüz", "Szymborska",
        "Tokarczuk", "Ødegaard", "Nesbø", "Lagerlöf", "Camões", "Laxness", "Толстой", "Достоевский",
        "村上", "Nguyễn", "Żeromski", "Süskind", "Ōe", "Sigurðardóttir",
    ]

    /// Compound family names, ASCII.
    static let compoundFamilyNames: [String] = [
        "Le Guin", "de Beauvoir", "du Maurier", "Conan Doyle", "Bulwer-Lytton", "Vargas Llosa",
        "Van Gogh", "Vonnegut Jr.", "Taylor Jenkins Reid", "St. John Mandel", "Ngozi Adichie",
        "Mac Donald", "Smith III",
    ]

    /// Compound family names with diacritics.
    static let nonASCIICompoundFamilyNames: [String] = [
        "García Márquez", "Pérez-Reverte", "Ruiz Zafón", "de Saint-Exupéry", "Allende Llona",
        "Dal Bó", "Ibáñez Blasco",
    ]

    /// Writers known by one name.
    static let singleNames: [String] = [
        "Homer", "Plato", "Colette", "Voltaire", "Sappho", "Virgil", "Saki", "Avi", "Moebius", "Sapphire",
        "Banksy", "Zane",
    ]

    /// Writers known by one name, with diacritics or in non-Latin scripts.
    static let nonASCIISingleNames: [String] = ["Molière", "Hergé", "莫言", "Ovídio", "Rūmī"]
}
