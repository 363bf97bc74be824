// Generated from Docs/Decisions.md by `CONFORMANCE_WRITE_DOCS=1 swift test --filter DecisionRegisterTests`.
// Do not edit: change the register and regenerate.

extension Decision {
    /// The register's decisions that rules rest on, in the register's order.
    static let register: [Decision] = [
        Decision(
            "D-014", title: "JSON is strict, and two values are equal when they encode alike",
            question: "The cancel endpoint (and later the progress protocol) reads hostile JSON and must encode deterministically; RFC 8259 leaves several choices open.",
            options: "Lenient parsing (BOM skipped, big integers rounded, lone surrogates replaced) or strict.",
            decision: "Strict: a byte-order mark, integers outside Int64, numbers beyond Double, lone surrogate escapes, invalid UTF-8, duplicate keys and nesting beyond 64 are typed errors with the byte offset. Encoding sorts keys by UTF-8 bytes with no whitespace; equality and hashing compare encodings, so `1` and `1.0` differ and canonically equivalent strings differ (traces compare byte for byte). Timestamps use `YYYY-MM-DDTHH:MM:SSZ`, milliseconds dropped toward the earlier second, years 0000 to 9999."),
        Decision(
            "D-015", title: "Authors are shared and outlive their works; per-relationship delete rules (resolves O-08)",
            question: nil,
            options: "(a) cascade Work → Authors (deleting one work would delete an author of other works and leave them dangling); (b) nullify Work ↔ Authors and delete authors in their own right.",
            decision: "(b). Work → Editions and Work → Entries cascade; Work ↔ Authors, Edition → Entry.edition and Entry → Work nullify (table in `LibraryStore`). An author without works is not an orphan; only editions and entries are owned. The reset deletes all four kinds, so nothing is left either way."),
        Decision(
            "D-017", title: "A cache hit adopts the DTO's other volume IDs, never another live work's",
            question: "A DTO with volume IDs `[v1, v9]` hits a work cached under `v1` only.",
            options: "(a) a hit returns the work and caches nothing more (the seed's code: `findExistingWork` returns the first hit and only a new work's volume IDs are cached), so a later DTO with `v9` alone makes a duplicate; (b) the DTO's other volume IDs join the work and the cache, any work's included (merging two live works' keys onto one); (c) they join, except those another live work holds.",
            decision: "`v9` joins the cache and the work's volume IDs, so the next DTO with `v9` alone finds the same work; a volume ID cached for another *live* work is left alone (the mapper never merges works). The lookup walks the DTO's IDs in order; the first live hit wins; stale entries met before it are evicted."),
        Decision(
            "D-018", title: "Deduplication keys",
            question: nil,
            options: "(a) `googleBooksVolumeIDs` only, as the seed's code caches them (`for volumeID in dto.googleBooksVolumeIDs`), every string a key; (b) `googleBooksVolumeIDs` then the primary `googleBooksVolumeID`, empty strings and repeats dropped, order kept; (c) the primary ID alone.",
            decision: "The keys are `googleBooksVolumeIDs` then `googleBooksVolumeID`, empty strings and repeats dropped, order kept; a DTO with no key always makes a new work and caches nothing."),
        Decision(
            "D-020", title: "Series survive a library reset (resolves O-07)",
            question: nil,
            options: "(a) delete series with everything; (b) keep series.",
            decision: "(b). Seed 000 enumerates what \"everything\" is, and series are not in it; seed 002 is specific and tests it. The reset deletes the four library kinds only. What a kept series shows for books that no longer exist is issue 6's to define (its memberships cannot point at deleted works): D-100."),
        Decision(
            "D-021", title: "A failed cancel request does not stop the reset (new contradiction O-14, resolved)",
            question: nil,
            options: "(a) the seed's code: the failed request throws inside the `do` and the reset shows \"Reset failed\", nothing deleted; (b) the seed's error table and edge case: continue with the local reset and report success, the job no longer followed; (c) continue, but keep following the job until the backend confirms.",
            decision: "Continue: the table, the edge case and issue 3 agree. The app stops following the job whatever the result (as production clears `currentJobId` even if the request fails)."),
        Decision(
            "D-022", title: "A failed delete or save rolls back and offers Retry",
            question: nil,
            options: "(a) the seed's code: the alert, with the deletions made so far left unsaved in the context (the library looks half deleted); (b) roll the unsaved deletions back, so the library shows what is saved, run none of the later steps, and offer Retry (the table's \"Retry button\"); (c) go on with the later steps and report the failure at the end.",
            decision: "The unsaved deletions are rolled back, so the library shows what is saved rather than a half-deleted view; later steps do not run; Retry runs the local steps again from the deletion; OK dismisses with nothing changed."),
        Decision(
            "D-023", title: "Canceling twice answers 200 and says so; ended jobs are not found",
            question: nil,
            options: "For a second cancel: (a) 404, the job being no longer running; (b) 200 with the seed's body again, saying nothing more; (c) 200 with `\"alreadyCanceled\": true`, broadcasting nothing. For a job that completed or failed: (d) 200 as if canceled; (e) 404 `JOB_NOT_FOUND` (\"No active job\").",
            decision: "A second cancel answers 200 with the seed's body plus `\"alreadyCanceled\": true` in `data`; a job that completed or failed is not active: 404 `JOB_NOT_FOUND` with the seed's message."),
        Decision(
            "D-024", title: "Malformed cancel requests",
            question: "The seed gives no error for a bad request; production answers 400 `INVALID_REQUEST` for a missing `jobId` and 500 for a body that is not JSON.",
            options: "(a) production's answers (500 for a body that is not JSON, any method, no limit, IDs matched exactly); (b) a 4xx for every malformed request with a code naming the problem (`INVALID_JSON` with the offset, `INVALID_REQUEST`, `PAYLOAD_TOO_LARGE` above a limit, `METHOD_NOT_ALLOWED`), job IDs matched without regard to ASCII case; (c) one 400 for all of them.",
            decision: "400 `INVALID_JSON` with the parser's message and `details.offset`; 400 `INVALID_REQUEST` naming the problem for a non-object body or a `jobId` that is missing, `null`, not a string or not a UUID; 413 `PAYLOAD_TOO_LARGE` above 16,384 bytes; 405 `METHOD_NOT_ALLOWED` for other methods. Job IDs match without regard to ASCII case in the job registry itself (one job per ID in any case), and the answer names the job by the ID it was started with: production issues lowercase UUIDs, Foundation's `uuidString` is uppercase. Other members are ignored, as production ignores them."),
        Decision(
            "D-027", title: "Identifiers are never reused, across rollback and crash",
            question: "SwiftData's identifiers must never name another object; a counter restored from the saved state on relaunch would reissue identifiers handed out to unsaved objects that a live cache may hold.",
            options: "(a) restore the counter with the saved state on rollback and relaunch (identifiers of unsaved objects are handed out again); (b) a counter that only moves forward, across rollback and crash.",
            decision: "The counter only moves forward and survives rollback and crash."),
        Decision(
            "D-029", title: "The enrichment queue's job bookkeeping",
            question: nil,
            options: "(a) the seed's sentence literally: only complete and canceled clear `currentJobId`, and any job's end clears it; (b) the followed job's end of any kind (complete, failed, canceled) clears it, other jobs' ends leave it. For `clearAll()`: (c) empty the pending works only; (d) the pending works, the work in flight and `currentJobId`.",
            decision: "`jobEnded(_:_:)` clears `currentJobId` for the followed job on complete, failed or canceled (the seed lists complete and canceled; a failed job is followed no longer either), and ignores other jobs' ends; `clearAll()` empties the queue, the work in flight and `currentJobId`."),
        Decision(
            "D-030", title: "The import saves after every batch of 50 (resolves O-10)",
            question: nil,
            options: "(a) one save at the end, all or nothing for the whole file (progress would show unsaved books; a crash at 1,499 of 1,500 loses everything); (b) a save per batch, each batch atomic.",
            decision: "(b): the seed's acceptance criterion and batch size only make sense with per-batch saves, and \"all-or-nothing\" is honoured per batch. A file is validated to its end before the first batch (D-036), so a malformed file imports nothing. A failed save rolls back its batch and stops the import, counting the rows not imported as errors; a crash keeps the saved batches, and the relaunch resumes the import from its checkpoint (D-130)."),
        Decision(
            "D-031", title: "What Smart keeps when it merges",
            question: nil,
            options: "(a) the row's values win (an update); (b) the library's values win and the row fills only the library's gaps; (c) the richer side field by field, by some measure of richness; the seed's \"keep richer dataset\" names no rule for a field both sides hold.",
            decision: "Field by field, the library's value wins and the row fills the library's gaps: the work's year; authors not yet linked (an author whose key is more than 80% similar to one of the work's authors, the tier-3 metric of D-034, is the same person: \"Suzanne Colins\" is not added to Suzanne Collins's book); an edition with the row's ISBN if the work has none with it (else the matching edition's missing publisher, pages, year); the entry's missing rating, notes and dates; a \"to read\" status (the least informative) gives way to the row's status. Smart merges every tier's match, tier 3 included, and records the tier and similarity in the summary."),
        Decision(
            "D-032", title: "Duplicates inside the file follow the same strategy",
            question: nil,
            options: "(a) the file's duplicates are always reduced to their first row; (b) they follow the chosen strategy, as library duplicates do (Skip keeps the first, Smart merges into it, Replace All keeps the last).",
            decision: "(b): \"deduplicates before SwiftData insertion\" says only that one book is left. The file's earlier rows join the duplicate index as they are imported, so a later row is compared with the library and the file alike. A repeat in a later batch (batches are saved one by one, D-030) finds its first copy saved: Replace All deletes it then and takes it off the enrichment queue, so the banner counts only live books. Replace All inserts the row as written, without the replaced work's ISBN, so (tiers not being transitive) \"The Hobbit\" with an ISBN, \"the hobbit\" without, then \"Hobbit\" with the ISBN end as two works, as the pairwise rule says."),
        Decision(
            "D-033", title: "Title normalization's edge cases (resolves O-11)",
            question: nil,
            options: "For the length step 3 measures: (a) the raw title (the seed's order: step 5 comes after step 3); (b) the part before the colon; (c) the title after steps 1 and 2, whitespace collapsed. For where it splits: the first colon or the last. For step 4: (a) periods of known abbreviations only (`Dept.`, `Vol.`), as the seed's word reads; (b) every period after a letter unless a digit follows. For a marker a later step exposes: one pass of the five steps (the seed's list) or rounds until the title stops changing.",
            decision: "The length is the title's after steps 1 and 2, whitespace collapsed, in characters; the first colon splits; nothing but spaces before it keeps the title whole. Series markers follow the seed's expression exactly (leftmost match; `#0.5` and `#1-3` are not markers); abbreviation periods are periods after a letter not followed by a digit. When a later step exposes a marker an earlier step missed (`(A, [x]#1)`), the five steps run again until the title stops changing, which makes normalization idempotent. Every case is in `TitleNormalization`'s documentation."),
        Decision(
            "D-034", title: "The fuzzy author metric",
            question: "Tier 3 needs \"fuzzy author match (>80% similarity score)\"; the seed does not define it.",
            options: "(a) a character-level edit distance on the names as written; (b) the same on normalized author keys, and on their words sorted (\"Austen, Jane\" against \"Jane Austen\"); (c) a token measure (Jaccard) or Jaro-Winkler. The seed's \">80% similarity score\" names a threshold, not a metric.",
            decision: "On author keys (lowercased; periods, commas, hyphens, apostrophes as spaces; whitespace collapsed), the larger of the normalized Levenshtein similarity `1 − distance / max(length)` of the keys and of their words sorted; a duplicate needs more than 0.8. Symmetric by construction. The distance counts the scalars of the keys' canonical composition (NFC), so keys Swift's `==` calls equal score 1 however their accents are encoded."),
        Decision(
            "D-035", title: "Row errors and field warnings",
            question: nil,
            options: "(a) a row of fewer fields than the header, or an unreadable field, fails the whole file; (b) the row is an error and the file goes on; (c) only a row without its title or author is an error, a field that cannot be read is left out with a warning. The seed's summary counts \"errors encountered\" without saying what one is.",
            decision: "A row is an error, not imported, when its title or author is empty, or when it has fewer fields than the header and a mapped column is missing. Extra fields are ignored with a warning. A field that cannot be read (a failed check digit, a rating of \"abc\", 2023/02/30) is left out with a warning and the book is imported. Goodreads' rating 0 is unrated; ratings round to quarter stars; an unknown status leaves the book \"to read\" with a warning."),
        Decision(
            "D-036", title: "A file is read to its end before anything is imported",
            question: "A file may be unreadable halfway (invalid UTF-8, an unterminated quote); the progress line needs the number of books.",
            options: "(a) import batch by batch as the file is read, stopping at the first unreadable byte (the batches before it saved); (b) read the whole file first and import nothing from a file that cannot be read to its end.",
            decision: "`prepare` parses the whole file once: an unreadable file is refused with the parser's error (byte offset and row), nothing imported, and the count of data rows is known for the progress line. The import then reads the file again in batches."),
        Decision(
            "D-037", title: "Tier precedence, and no \"failed query\" (resolves O-13)",
            question: nil,
            options: "For several matching library books: (a) the first tier that matches any book, in the seed's order, then the first such book; (b) the first book that matches by any tier; (c) the best score. For a failed query: the seed's \"assume no duplicate\" (a false negative), or retry; the model's index cannot fail.",
            decision: "A row's match is its best tier (1, then 2, then 3; within tier 3 the highest similarity), then the earliest-created work. The model's index cannot fail, so the failure policy has nothing to apply to; where it could (a store that refuses a read), the model would treat the row as new, as the seed says."),
        Decision(
            "D-038", title: "Accepted file names",
            question: nil,
            options: "(a) `.csv` only, as the seed's message says; (b) `.csv`, `.tsv` and `.txt` in any case, since tab-separated exports come with those names; (c) any name, the content deciding.",
            decision: "`.csv`, and `.tsv` and `.txt` (the names tab-separated exports come with), any case; any other name gets \"Please select a .csv file\"."),
        Decision(
            "D-039", title: "A quote inside an unquoted field is text",
            question: nil,
            options: "(a) reject a quote in an unquoted field; (b) open a quoted section at it; (c) read it as text, as Excel does.",
            decision: "(c). A field is quoted only when its first byte is a quote: `ab\"c,d\"` is the fields `ab\"c` and `d\"`, and a space before an opening quote makes that quote text (` \"a\"` is ` \"a\"`). Whitespace is kept as written; trimming belongs to field mapping."),
        Decision(
            "D-040", title: "Text after a closing quote is an error",
            question: nil,
            options: "(a) keep reading and append the text to the field (`\"ab\"c` is `abc`); (b) an error.",
            decision: "(b). After the quote that closes a quoted field, only the delimiter, a line break or the end of the file may follow; a second quote means the first was half of an escaped `\"\"`. Anything else, a space included, is `CSVParseError.textAfterClosingQuote(byte:offset:record:line:)` at that byte, and its message says how a quote is written inside a field. Reading on would hide the class of quoting error the production bug came from, and shift the user's columns without a word; since a file is read to its end before anything is imported (D-036), the user learns where the file is broken."),
        Decision(
            "D-041", title: "Blank lines are skipped; a line holding only `\"\"` is a record",
            question: "Is an empty line a book row (an error in the summary) or nothing; what do row numbers count?",
            options: "(a) RFC 4180 read literally: an empty line is a record of one empty field, a book row reported as an error; (b) a line with nothing before its line break is no record and has no record number; (c) a line of only whitespace is skipped too.",
            decision: "(b). A line with nothing before its line break (outside quotes) is blank wherever it is (at the start, after a byte-order mark, between records, at the end): no record number and no data row, but a physical line (`CSVRow.number` skips it; `CSVRow.lineNumber` and an error's `line` count it). The importer reports rows by record number (the header is record 1). A line of spaces is a record of one field of spaces, and a line holding only `\"\"` a record of one empty field, which the importer reports as a book row (too few fields); so `CSVWriter` writes a lone empty field as `\"\"`."),
        Decision(
            "D-042", title: "Files that are not text are refused by their signature",
            question: "A `.csv` may be a spreadsheet, a PDF or UTF-16; read as UTF-8 it fails later, less clearly.",
            options: "(a) let it fail as invalid UTF-8; (b) check known signatures at byte 0 first.",
            decision: "(b). Before any byte is parsed, the first 8 bytes (the whole file, at `finish`, if shorter) are compared with a UTF-16 byte-order mark (`FF FE`, `FE FF`), `%PDF-`, ZIP `PK 03 04` (`.xlsx`, `.numbers`, `.ods`), OLE2 `D0 CF 11 E0 A1 B1 1A E1` (legacy `.xls`), gzip `1F 8B`, PNG, JPEG `FF D8 FF` and `GIF87a`/`GIF89a`. A match, all its bytes present (`PK` or `%PDF` alone is text), is `CSVParseError.notCSV(reason:offset: 0)`, whose message names what the file seems to be and what to do (\"export it as CSV\"). A NUL byte anywhere is `notCSV(.nulByte)` at its offset. HTML or JSON fails the header check instead. A record inside the first 8 bytes is delivered with the 8th byte or at `finish`."),
        Decision(
            "D-043", title: "The UTF-8 byte-order mark is accepted only at byte 0",
            question: "Excel's \"CSV UTF-8\" starts with `EF BB BF`; Goodreads' export has none (production notes).",
            options: "(a) reject a byte-order mark (RFC 4180 knows none, and JSON refuses one, D-014); (b) skip it at byte 0 only, as Excel's \"CSV UTF-8\" writes it; (c) skip it wherever it stands.",
            decision: "A byte-order mark at byte 0 is skipped; offsets still count its three bytes (the first record starts at byte 3). Anywhere else U+FEFF is text and stays in its field, a second mark right after the first included; `CSVWriter` quotes a first field that starts with U+FEFF so that it reads back. A file holding only a byte-order mark has no records, and the importer calls it empty. (JSON, by contrast, refuses a byte-order mark, D-014: exports carry one, JSON requests do not.)"),
        Decision(
            "D-044", title: "Invalid UTF-8 is an error at its first byte, never repaired",
            question: nil,
            options: "(a) replace bad bytes with U+FFFD; (b) guess Latin-1 or Windows-1252; (c) an error.",
            decision: "(c), with the same rules as the JSON parser (D-014): `CSVParseError.invalidUTF8(_:offset:record:line:)` at the first byte of the bad sequence, the defect one of an invalid lead byte, an unexpected continuation byte, an overlong form, an encoded surrogate, a code point beyond U+10FFFF or a truncated sequence (cut short by any byte that is not a continuation byte, a delimiter or a line break included, or by the end of the file; Latin-1 `é` before a comma reads as one). The message says \"export the file as UTF-8\". A repaired or re-guessed name would import silently wrong and defeat duplicate detection; the whole file is refused before anything is imported (D-036), with the byte and record."),
        Decision(
            "D-045", title: "The limits: 64 KiB fields, 1 MiB records, 512 columns",
            question: nil,
            options: "(a) none (a hostile file takes the parser's memory); (b) far above any real export, checked where first seen, reported at the evidence's first byte; (c) near real sizes (refusing long reviews).",
            decision: "(b). `CSVLimits.default`: `fieldBytesMax` 65,536 bytes of a field's text (quotes removed, an escaped quote counted once), checked when the field ends, reported at its first byte (its opening quote); `rowBytesMax` 1,048,576 bytes of a record as written (quotes and delimiters included, its line break not), checked at every byte, reported at the record's first byte and first line; `columnsMax` 512, checked at the delimiter that would start field 513, reported at that field's first byte. Each is at least 1 (a precondition); `Int.max` means no limit. `rowBytesMax` also bounds the parser's memory: it holds one record."),
        Decision(
            "D-046", title: "When several rules are broken, the first check to fail in byte order wins",
            question: "One byte can break several rules (a long field in a long record, a bad byte past the record limit); the error reported must not depend on how the file was chunked.",
            options: "(a) report every problem found; (b) report the problem whose check fails first in byte order, the same in any chunking; (c) rank problems by kind (binary, then UTF-8, then grammar).",
            decision: "(b). At each byte, in order: (1) the record length, unless the byte is the record's line break; (2) the UTF-8 sequence in progress; (3) the grammar (delimiter, quote, line break, NUL, text). When a field ends: its length; then, at a delimiter, the column count. So a field too long that makes its record too long is `rowTooLong` (seen at the byte past the limit, before the field ends), and at one delimiter the field's length beats the column count. Each error names its evidence's offset (a field's or record's first byte), which can be earlier than another rule's: `\"abcd\"x` with `fieldBytesMax` 3 is `textAfterClosingQuote` at byte 6, as the field never ended. The same in any chunking, pushed or pulled."),
        Decision(
            "D-047", title: "Errors are sticky",
            question: "What a parser does when called again after an error.",
            options: "(a) let a caller resume after an error, skipping the bad record; (b) stop for good: every later call throws the same error, and records delivered before it stay delivered.",
            decision: "The first error stops the parser for good: every later `feed`, `finish`, `next` and `nextBatch` throws the same error, and later bytes are not read. An error thrown by the consumer's `onRow` stops it the same way, and so does `notCSV`. Rows delivered before the error stay delivered. `finish` twice does nothing; `feed` after `finish` is a programmer error (a precondition). After the last record a reader returns `nil` as often as it is asked."),
        Decision(
            "D-049", title: "Line breaks: LF, CR and CRLF, counted once across buffers",
            question: "Exports end lines with LF (Goodreads), CRLF (Excel) or CR (old Mac exports); a chunk may end between the CR and the LF of a CRLF.",
            options: "(a) CRLF only, as RFC 4180 writes records (Goodreads' LF exports would read as one record); (b) LF, CR and CRLF alike, a CRLF split between buffers counted once; (c) the terminator of the first line for the whole file.",
            decision: "LF, CR and CRLF each end one line, mixed freely in one file and inside quoted fields (where they are kept as text). A CRLF split between two buffers is one line break: the scanner keeps whether the previous buffer ended in CR. A record's `lineNumber` is its first line; an error's `line` is the line of its offset (an unterminated quote's is its opening quote's, `rowTooLong`'s the record's first line). Record numbers count records only (D-041). Whatever the buffers, the records and the error are those of the whole file read at once."),
        Decision(
            "D-050", title: "Comma or tab, decided by the header line",
            question: nil,
            options: "(a) by the file name (`.tsv`); (b) by the header line; (c) by sampling several lines.",
            decision: "(b). `CSVDialect.detect` counts commas and tabs outside quotes on the first line (up to the first CR or LF outside quotes): tab when there are more tabs than commas, comma otherwise (ties too; a one-column header has neither, and reads the same either way). Every `\"` toggles \"inside quotes\", exact for well-formed fields; a byte-order mark needs no skipping. The quote is always `\"`, and the delimiter holds for the whole file. The name does not decide: `.csv`, `.tsv` and `.txt` are all accepted (D-038), and users rename files."),
        Decision(
            "D-051", title: "Goodreads' `=\"…\"` ISBN guard is unwrapped by the ISBN reader, not the parser",
            question: nil,
            options: "Guard: (a) the parser strips `=\"…\"` (mangling a title written so); (b) the ISBN reader unwraps it; (c) nothing does (the seed names no guard). Hyphens and spaces: where the standard prints them, or anywhere. A lowercase `x`: invalid or `X`. No ISBN: empty, or invalid so that the import warns.",
            decision: "(b). The parser applies RFC 4180 and nothing more: `\"=\"\"0525540679\"\"\"` is the text `=\"0525540679\"`, `\"=\"\"\"\"\"` is `=\"\"`, and the fields after them are intact. `ISBNValue.parse`, for ISBN columns only, trims spaces and tabs, then a leading `=` and the quotes around the rest, then drops hyphens and spaces; `=\"\"` (and `=`) is no ISBN, without a warning. A lowercase `x` check character is read as `X`. A field with anything but whitespace that is no valid ISBN after this (a wrong length, a failed check digit, a misplaced X, a prefix other than 978 or 979, another character, `ISBN ` before the digits) is invalid, which the import warns about (D-035, D-066); a blank field is empty."),
        Decision(
            "D-054", title: "A 404, and any other 4xx but 429, fails at once",
            question: "The seed names no other status.",
            options: "For other 4xx statuses and an answer with no candidate: (a) retry them like a timeout; (b) fail at once, a 404 and no candidate as not found, other 4xx but 429 as rejected with the status; (c) fail only a 404 at once and retry the rest.",
            decision: "HTTP 404 and an answer with no candidate fail the work as `notFound`. Any other 4xx except 429 fails it as `rejected(status:)`: the request itself was refused, and sending it again unchanged cannot succeed. 429 (too many requests) is the server's load, not the request's fault, and is retried (D-055). Failed works are recorded with their reason (\"Not found\", \"Request refused (HTTP 403)\") and count as done for the banner (D-060)."),
        Decision(
            "D-055", title: "Timeouts, 429 and 5xx: five attempts, retried 1, 2, 4 and 8 s after each failure",
            question: "What do the four delays mean in attempts, from when are they measured, and for which failures?",
            options: "(a) four attempts; (b) four retries, five attempts; delays measured (c) from the request's start or (d) from the failure; (e) timeouts alone retried, or (f) 429 and 5xx with them, from one budget.",
            decision: "(b), (d), (f). Four delays, four retries: five attempts in all, each delay measured from the failure (the answer's arrival). A timeout (reported by the network layer; the worker keeps no request timer), HTTP 429 and any 5xx are transient and share the one budget; the fifth failure fails the work as `retriesExhausted(attempts: 5, last:)`. A retry also waits for the rate interval (D-059). A success or a 404 on a retry ends the chain like a first answer."),
        Decision(
            "D-056", title: "Offline, nothing is sent; a request cut off by the network is not an attempt",
            question: nil,
            options: "For a request in flight when connectivity drops: (a) count it as a timed-out attempt; (b) abandon it without counting and send it again when back online.",
            decision: "(b): losing the network is not the server's failure and must not use up a work's attempts (not even the fifth). Offline, no request is sent, the queue is left as it is and no timer is set (connectivity's return is an event). A request in flight when connectivity drops is abandoned, its late answer ignored, and sent again as the same attempt when connectivity returns. A retry whose wait ends offline is sent when connectivity returns; one that returns earlier still waits for its time."),
        Decision(
            "D-059", title: "One request at a time, starts at least 600 ms apart: the rate is a parameter",
            question: nil,
            options: "(a) no interval: requests as fast as answers come; (b) a fixed 600 ms between starts, the seed's 100 books a minute as a constant; (c) the same 600 ms by default, as configuration.",
            decision: "One work is current at a time, through its retries. No request (first attempt or retry) starts less than `requestStartIntervalMilliseconds` after the previous start, 600 ms by default: 100 books a minute while answers take less than that; a book takes the longer of the interval and the answer's latency. The interval is configuration, not a constant (see D-062 for the seed's benchmark times)."),
        Decision(
            "D-065", title: "LibraryThing's later `Primary Author` is \"Last, First\"",
            question: nil,
            options: "(a) read `Primary Author` as written, \"First Last\" (LibraryThing writes it \"Last, First\"); (b) read it as Goodreads' `Author l-f`, a value without a comma taken as written; when both author columns are present, (a) the later one or (b) the seed's `AUTHOR (first, last)`.",
            decision: "`Primary Author` is read as Goodreads' `Author l-f` is (\"Moore, Liz\" → \"Liz Moore\"); a value without a comma is taken as written, so a first-last value is read right as well. When both columns are present, `AUTHOR (first, last)` wins."),
        Decision(
            "D-071", title: "The throttle keeps the rate: milestones wait for the interval; milestones are quarters",
            question: nil,
            options: "(a) the code: milestones skip the interval (three a second in a burst); (b) at most 2 in a sliding second, milestones sent if there is room; (c) messages at least 500 ms apart, a milestone held like any report and sent, or subsumed by a higher count, within the interval. Milestones: 25 items or quarters.",
            decision: "(c), with quarters: a milestone is the first report at or past 25, 50, 75 or 100% of the total (a job of no items is at 100%). 500 ms spacing keeps \"never more than 2\" in every half-open window `[t, t + 1 s)`; (b) makes the rate hang on history the client cannot see. \"Every 25 items\" means nothing for jobs of 10 or 10,000 items, and `0 % 25 === 0` makes every report of `processedCount: 0` a milestone; the seed's code stays as `SeedProgressThrottle`."),
        Decision(
            "D-072", title: "The completion flush waits for the interval; the finish goes out right after it",
            question: nil,
            options: "(a) flush at once (breaks the rate: a message at 0, another at 500 and the flush at 501); (b) drop the held report and let the completion carry the count (the client never sees the final count as progress); (c) defer the flush and the completion to the end of the interval, at most 500 ms.",
            decision: "(c). The final count reaches the client before the completion and the rate holds; the completion is at most 500 ms late, far less than the job took. Reports after the finish are ignored (`afterFinish`), and nothing is sent after the terminal message. The completion also carries the final counts (`job_complete`'s summary), so the count is never lost even to a client that joins late."),
        Decision(
            "D-073", title: "The keep-alive is a message after 10 s of silence, not an exception to the throttle",
            question: nil,
            options: "(a) the code; (b) a timer: after 10 s without a message, send the last count again.",
            decision: "(b): `keepAlive: true` on a repeat of the last progress message (production's `job_progress` payload has a `keepAlive` flag), from the first message until the finish. The client's pings keep the socket open too (D-077); the keep-alive tells the user the job is alive."),
        Decision(
            "D-074", title: "A report below a count already reported is dropped",
            question: nil,
            options: "(a) send what arrives (the client's count goes backwards); (b) drop a report whose count is below the highest reported; (c) reorder.",
            decision: "(b): the higher count already sent (or held) subsumes it. Equal counts are accepted (a new title for the same count)."),
        Decision(
            "D-075", title: "Every message uses the Phase 2 envelope; durations are milliseconds",
            question: nil,
            options: "Keep seed 000's `data` shape for `canceled` alone, or put every type in the envelope `{type, jobId, pipeline, timestamp, version, payload}` that seed 003 lists as its prerequisite (\"Phase 1 Task 2: Unified message schema\"). Seconds or milliseconds for `duration`.",
            decision: "One envelope for every type: `canceled` carries seed 000's three fields as its `payload`. `duration` is in milliseconds, like every other time on the wire; seconds floored would report a 900 ms job as 0, and the status formatter shows seconds anyway. The completion's summary is `{totalProcessed, totalCount, successCount, failureCount, duration}` (production's, with the total)."),
        Decision(
            "D-076", title: "The message set, its version rule and its limits",
            question: "Issue 5 wants \"every message type the seeds use or imply\", strictly validated.",
            options: "(a) the seed's (`ping`, `pong`, `sync_request`, `job_progress`, `error`, `canceled`, the completion), any version, no limits; (b) production's: those, `1.0.0` only; (c) what a client needs (the job's size; its state after a reconnect), any `1.x.y`, named limits, a `pong` with the server's clock.",
            decision: "(c). Server to client: `job_started`, `job_progress`, `job_complete` (with `canceled`), `error`, `canceled`, `pong`, `sync_response`; client to server: `ping`, `sync_request`; the codec can require the sender. Written `1.0.0`; read: any `1.<minor>.<patch>` (new members ignored), else `unsupportedVersion`. A repeated payload `type` must agree. `pong` echoes `clientTime`, adds `serverTime`. Counts: non-negative, processed at most the total, successes plus failures equal to processed. Limits: 64 KiB a message, depth 8, job IDs of 1 to 128 bytes of letters, digits, `-_.:`, titles and status lines of 4,096 bytes (cut at a scalar boundary on encoding). Per-book `results` (seed 003) stay off the socket."),
        Decision(
            "D-077", title: "Reconnect at the third missed pong's deadline: 95 s, not 90 or 120",
            question: nil,
            options: "(a) 90 s, before the third pong could have arrived; (b) 120 s, the code; (c) each ping has its own 5 s deadline, and the third consecutive miss reconnects at its deadline.",
            decision: "(c): pings at 30, 60 and 90 s after the last sign of life, reconnect at 95 s, the first moment three attempts have really failed under the seed's 5 s pong budget, and before the server's 100 s idle close. Any pong, even late, proves the connection alive and clears the count; the round trip is measured from the echoed `clientTime` only when it is the latest ping's time and not in the client's future. The deadline is inclusive for the timer: a pong 4,999 ms after its ping answers it, none by 5,000 ms is a miss (at one instant the timer runs first), which HEART-04 checks on both sides."),
        Decision(
            "D-078", title: "Backoff: production's 1, 2, 4, 8, 16 s, then every 30 s for up to ten minutes",
            question: "Issue 5: \"production uses 1, 2, 4, 8, 16 s capped at 30 s, five tries: choose and document\". Five tries give up after 31 s of outage, and then the final count is lost, which the project must never allow.",
            options: "(a) production's five tries, 1, 2, 4, 8 and 16 s, then give up; (b) the seed's \"exponential backoff\" with no cap or limit (32, 64, 128 s…); (c) production's first five delays, then every 30 s up to a limit; for a refused open: retry it like any failure, or stop.",
            decision: "The first five delays are production's; later tries wait the 30 s cap; the client gives up after ten minutes of continuous failure, longer than the backend takes to abandon a job with no progress (300 s), so the job's ending is settled by then and stays on the server for a later `sync_request`. An open that hangs is abandoned after production's 10 s handshake timeout. A refused open (401, 404) is final. No jitter in the model; the simulator adds it from its seed. A client that gave up is started again when the app returns to the foreground."),
        Decision(
            "D-079", title: "Resume: a `sync_request` after every open, answered with the job's state and ending",
            question: nil,
            options: "Replay every message missed (the server keeps a log per job); or answer with the state: status, latest count, and the terminal message if the job has ended.",
            decision: "The state (`sync_response` with a `JobSnapshot`), after every open, the first included (the job may have reported before the socket opened), asked again every 5 s until the answer comes (a request or its answer can be lost; the simulator's swarm runs found a client connected for good without ever learning the ending when the one request was lost). Counts only grow, so the latest count subsumes every progress message missed, and the ending is the one message that must not be missed; a log would cost memory per job for nothing the user sees. The server keeps the job's state after the job ends."),
        Decision(
            "D-080", title: "Sockets need the job's token; refusals reveal nothing",
            question: nil,
            options: "(a) any token, or none, as the seed's socket code accepts every upgrade; (b) the job's token, compared without regard to case; (c) the job's exact token, with a refusal that says nothing of the job; for a second connection: keep both, refuse the new one, or let it replace the old one.",
            decision: "A socket upgrade must present the job's token; a missing, wrong or other job's token gets 401 with `E_UNAUTHORIZED` and a message that does not name the job. Tokens are compared without stopping at the first difference. One socket per job: a reconnect replaces the old socket, which is closed with 1001. A client also refuses a frame naming another job (`jobId`), so a misrouted message is never shown. Frames a side cannot decode are dropped with a typed error and the connection stays open. A progress message with a lower count than the last one applied (overtaken on the network), or the same message again (duplicated), is dropped as stale, so the user sees neither a count going back nor a message twice; a keep-alive repeats the count at a new time and is applied."),
        Decision(
            "D-081", title: "Error codes: `E_[A-Z0-9_]{1,60}`, twelve known, unknown well-formed codes accepted",
            question: nil,
            options: "(a) a closed enum of the seed's six codes, refusing any other; (b) any string; (c) a validated open set: a fixed form, known constants, unknown well-formed codes accepted.",
            decision: "(c). A code is `E_` and then 1 to 60 of `A-Z`, `0-9`, `_`. The known codes are the seed's six plus `E_INVALID_MESSAGE` (a client frame the server could not decode), `E_UNAUTHORIZED` (a socket without the job's token), `E_JOB_NOT_FOUND`, `E_PROVIDER_TIMEOUT`, `E_PROVIDER_UNAVAILABLE` and `E_INTERNAL`. Cancellation is not an error and has no code. Decoding accepts a well-formed unknown code, since a newer server may add codes and the client must still show the user message; a malformed code is refused with `ProgressErrorCode.FormatError` (missing prefix, empty name, too long, or the offset of the first bad byte), reported as `JSONFieldError.invalidValue` at `payload.code`."),
        Decision(
            "D-082", title: "Which codes are retryable by default",
            question: nil,
            options: "For the codes the seed does not rule on: (a) retryable unless known to be permanent; (b) not retryable unless known to be transient.",
            decision: "The seed's rules for its codes. For the rest: `E_PROVIDER_TIMEOUT`, `E_PROVIDER_UNAVAILABLE` and `E_INTERNAL` are transient, so retryable; `E_INVALID_MESSAGE`, `E_UNAUTHORIZED` and `E_JOB_NOT_FOUND` fail the same way on a retry, so not. An unknown code is not retryable by default (b): a retry button for a failure the client does not understand promises what it cannot know; a newer server that means otherwise sends `retryable`. The default applies only when the payload (or the builder) gives no flag; a given flag always wins."),
        Decision(
            "D-083", title: "A payload without `userMessage` or `retryable` takes the code's defaults",
            question: "The seed's iOS test and example send every field; production's error payload is `{code, message, details?, retryable?}`, with no user message. The seed's iOS alert falls back to `errorPayload?.userMessage ?? \"An error occurred\"`.",
            options: "(a) require `userMessage` (refuses every production error); (b) fall back to `message` (shows the user a technical message); (c) a user message per code.",
            decision: "(c). A missing or `null` `userMessage` becomes `code.defaultUserMessage`: the seed's own user message where the seed writes one for the code (\"Something went wrong during enrichment. Please try again.\", \"Could not parse your CSV file. Please check the format.\", \"AI analysis failed. Please try again.\", \"No books found. Try a clearer photo with better lighting.\"), a project message for the other known codes (`E_GEMINI_TIMEOUT` has two seed messages, one per pipeline, so it gets a neutral \"AI processing took too long. Please try again.\"), and the seed's \"An error occurred\" for an unknown code. A missing `retryable` becomes `code.defaultRetryable` (D-082). `message` stays required: both the seed and production send it."),
        Decision(
            "D-084", title: "Text limits, cut at a Unicode scalar boundary; texts otherwise as given",
            question: "The seed bounds the number of affected items but no text; titles and messages can be hostile.",
            options: "Limits: none, or named byte bounds. Where to cut: at a UTF-8 byte (invalid text), at a grapheme cluster (`Character`) or at a Unicode scalar. Control characters: strip or keep.",
            decision: "`message` and `userMessage` at most 4,096 UTF-8 bytes (`messageBytesMax`); each affected item and detail text (`provider`, `fileName`, `apiEndpoint`) at most 1,000 (`affectedItemBytesMax`, `ErrorDetails.textBytesMax`). Builders and initializers cut longer text, with no marker, to the longest prefix ending on a Unicode scalar boundary; the decoder refuses it (`JSONFieldError.invalidValue` naming the field). Scalars, not grapheme clusters: grapheme rules change with the Unicode version, and the cut must depend on the bytes alone, though it may then separate a final combining mark or split an emoji sequence. Control characters and all other scalars are kept (the encoder escapes them). Errors and details compare payloads, so texts compare by UTF-8 bytes, as `JSONValue` does."),
        Decision(
            "D-085", title: "At most ten affected items, and `details.affectedItemsTotal` keeps the count",
            question: nil,
            options: "For more than ten: (a) keep the first ten and lose the count; (b) keep the first ten and record the total; the decoder: (c) cut an over-long list; (d) refuse it.",
            decision: "(b) and (d). The initializer keeps the first ten items in order and sets `details.affectedItemsTotal` to the full count (or keeps a larger total given), so truncation loses no count; `affectedItemsCount` reads it back. The enrichment builder also sets `failureCount` to every failed title, as the seed does. The decoder refuses eleven or more items at `payload.affectedItems` (a conforming server never sends them) and a total below the items listed at `payload.details.affectedItemsTotal`."),
        Decision(
            "D-086", title: "Stack traces never go on the wire",
            question: nil,
            options: "(a) send the stack as the seed does; (b) never send it.",
            decision: "(b). A stack trace tells an attacker about the server and the user nothing; logs are the place for it. `ErrorDetails` has no `stack` field, so no builder can send one, and the decoder ignores a received `stack` member as it ignores every unknown detail member."),
        Decision(
            "D-087", title: "An AI scan failure is a timeout when its reason contains \"timeout\" in any ASCII case",
            question: nil,
            options: "(a) case-sensitive, as written; (b) ASCII letters in any case; (c) Unicode case folding.",
            decision: "(b). The seed's intent is to tell timeouts from other failures, and the messages of JavaScript's runtime write the word capitalized (\"TimeoutError\", undici's \"UND_ERR_HEADERS_TIMEOUT\", \"Headers Timeout Error\"), which (a) would call API errors. (c) would make fullwidth or other look-alike letters match and depends on Unicode tables. Both outcomes are retryable; only the code and the advice differ. \"timed out\" and \"time out\" do not contain the word and stay API errors, as in the seed."),
        Decision(
            "D-088", title: "Enrichment status: counts clamped, total 0 is 100%, percentages exact",
            question: nil,
            options: "Bad counts: trap, refuse, or clamp. Total 0: the seed's `NaN`, 0% or 100%. Percentage: the seed's floating point or exact integers.",
            decision: "Clamp: a negative count is 0 and `processed` above `total` is `total`, in the text as in the figures, so the message and its percentage agree (\"12 of 10\" is shown as \"10 of 10\", 100%). Total 0 is \"0 of 0\" and 100% (nothing is left to do). The percentage is `floor(processed × 100 / total)` computed exactly with a double-width product, so 29 of 100 is 29% (the seed's doubles give 28) and no count overflows. A title is cut to 1,000 UTF-8 bytes at a scalar boundary (D-084); a negative estimate is shown as unknown."),
        Decision(
            "D-089", title: "CSV status: the fraction is clamped to 0...1 and NaN is 0",
            question: nil,
            options: "(a) the seed's code as written: `Math.floor(progress * 100)` on any number, so 1.5 shows 150% and NaN shows \"NaN% complete\"; (b) clamp the fraction to 0...1 and take NaN as 0, then the seed's product; (c) refuse a fraction out of range. Within 0...1: (a) the seed's product in doubles, as its JavaScript computes it (0.29, stored as 0.2899…, gives 28%); (b) the decimal the fraction prints as (29%).",
            decision: "A fraction below 0 is 0, above 1 is 1, NaN is 0; then the seed's own product `floor(fraction × 100)` in doubles, so a fraction that is not exactly representable rounds as it does in the seed (0.29 is stored as 0.2899… and gives 28). Phases are an enum, so there is no unknown phase; a caller holding a name writes `CSVImportPhase(rawValue: name) ?? .parsing`, the seed's fallback (and `?? .analyzing` for the AI scanner)."),
        Decision(
            "D-090", title: "The \"couldn't find\" status keeps its figures",
            question: nil,
            options: "(a) no figures, as written; (b) the same figures as a progress message.",
            decision: "(b). The seed's handler reads only the two messages, so nothing depends on the omission, and a progress bar driven by the metadata should not lose its place when one book is not found."),
        Decision(
            "D-091", title: "A time-remaining estimate that works",
            question: nil,
            options: "(a) the seed's call, always `null`; (b) its function given the start, in doubles; (c) the formula given the start, exact, 0 when nothing remains, unknown when the clock went back.",
            decision: "(c). `TimeRemainingEstimate(start:)` takes the job's start and `secondsRemaining(processed:total:now:)` takes `now` (the model reads no clock). In order: 0 when nothing remains, whatever the clock; `nil` when `now` is before the start; `nil` when nothing is processed yet; otherwise `ceil(remaining × elapsed / (processed × 1000))` seconds, computed exactly with a 128-bit product, saturating at `Int.max`. Counts are clamped as in D-088."),
        Decision(
            "D-092", title: "The decoder is strict about known fields and ignores the rest",
            question: "How strictly to read an error payload from a server that may be older (production) or newer than the model.",
            options: "(a) lenient: read what can be read, default the rest (a missing count as 0), ignore wrong kinds; (b) strict about everything, refusing unknown members too (a `Codable` type's default); (c) strict about the fields the protocol defines, naming the field at fault, and ignoring members it does not define, so a newer server's additions do not break an older client.",
            decision: "`code` and `message` are required; known fields are type-checked: counts and sizes are non-negative integers written without fraction or exponent, `statusCode` is an HTTP status (100–599), texts are strings within D-084's bounds, `affectedItems` an array of strings, `details` an object. `null` in an optional field counts as absent, as everywhere in the JSON layer; `null` in a required field is refused as the wrong type, not as missing. Unknown members are ignored, in the payload (production repeats `type` there) and in `details`. Every refusal is a `JSONFieldError` naming the field's path below the caller's (`payload.details.failureCount`, `payload.affectedItems[1]`); no input makes the decoder trap."),
        Decision(
            "D-093", title: "Every payload has all six members",
            question: nil,
            options: "(a) the seed's handlers as written: `affectedItems` and `details` only where a handler has them (the CSV and AI scanner payloads have no `affectedItems`); (b) production's: `details` and `retryable` optional; (c) all six members always, `[]` and `{}` when empty.",
            decision: "The encoder always writes the six members, `affectedItems` as `[]` and `details` as `{}` when there are none, so every error has one shape for clients; within `details` only the present fields are written. The decoder accepts either form. The encoding is canonical (`JSONValue.encoded()`), so equal errors have equal bytes."),
        Decision(
            "D-094", title: "Decimal positions and book 0 are placed but never counted",
            question: nil,
            options: "(a) refuse them with a warning, as the seed's expression does; (b) round them to a whole number; (c) keep them as places of their own, outside the count.",
            decision: "(c). `SeriesPlace` holds thousandths: `#` may be followed by digits and optionally `.` and one to three digits (`#2.25`); `#1.2345` and `#1.` are refused. 0 and decimals order exactly between the counted books (0 < 0.5 < 1 < 1.25 < 2) and show in the detail, but \"Harry Potter (7 books)\" stays 7: only whole numbers from 1 are counted by progress, gaps and recommendations. (a) loses a book the user owns from its series; (b) collides with the real book of that number. Finishing a novella counts as reaching its whole part (`#2.5` → 2). Numbers go up to 9,999."),
        Decision(
            "D-095", title: "A range is an omnibus that covers each of its books",
            question: nil,
            options: "(a) refuse ranges; (b) place the omnibus at its first number; (c) place it over the range.",
            decision: "(c). `#a-b` (or with an en dash) with 1 ≤ a < b and at most 100 books is one place covering a through b: owning the omnibus owns each of those books, reading it reads them, and the reader has reached b after finishing it. A backwards, empty or from-0 range is refused with a warning. (b) would report books 2 and 3 missing to a reader who owns them in one volume. Reading order puts a single book before an omnibus starting at the same number."),
        Decision(
            "D-096", title: "Three sources, in precedence; nothing is inferred; an unnamed Google Books ID borrows a name",
            question: "What does \"respects Google Books classification\" mean when Google Books gives no series?",
            options: "(a) Google Books alone decides when it answered; (b) every source adds what it states, Google Books first; (c) also infer series from subjects, authors or similar titles.",
            decision: "(b): Google Books has no \"standalone\" field; the seed falls back on missing data. On a book's place in a series, Google Books beats OpenLibrary beats the title's `(Name, #N)` marker (name to the last comma, nothing after the place; other brackets ignored, unwarned); a conflict is logged. Nothing is inferred: The Hobbit stays unassigned. An unnamed Google Books entry takes the name another source gives the same place if no series has its ID, else is skipped (`unnamedGoogleBooksSeries`)."),
        Decision(
            "D-097", title: "A book in two series: every entry is read, within limits",
            question: nil,
            options: "(a) read the first entry of each source, as the field paths say; (b) read every entry.",
            decision: "(b), since the data model is many-to-many and a second entry is as much metadata as the first. Limits: 32 entries a source, 8 series a book by detection, 32 series a book in all, 1,000 books a series; what is cut is logged (`tooManySeries`) or refused (`SeriesEdit.tooManySeriesForBook`, `.seriesFull`). By hand a book may join any series, and it is in a series at most once."),
        Decision(
            "D-098", title: "One series per normalized name: a manual and a detected \"Foundation\" are one series",
            question: nil,
            options: "(a) two series, merged by the user; (b) the second joins the first; (c) fuzzy matching.",
            decision: "(b). `SeriesName.key` lowercases, drops apostrophes, makes other non-letters and non-digits separators, and drops a leading \"the\" and a trailing \"series\" (\"The Expanse Series\" = \"expanse\"); every letter, digit and diacritic counts (\"Foundations\", \"Élan\" stay apart): a false merge mixes two series. Detection links a book to the existing series, which keeps its source, name, total and order, adopts the claim's Google Books ID and fills an unknown author from the work; a book already in it keeps its place. Creating or renaming to a name another series has (or had, D-099) is refused (`.duplicateName(existing:)`: \"Did you mean…?\"). One book's entries with one Google Books ID are one series."),
        Decision(
            "D-099", title: "The user's edits stick: removals, deletions and renames",
            question: "Does detection, run again (a re-enrichment, a re-import), undo the user's edits?",
            options: "(a) detection applies the metadata afresh: a removed book comes back, a deleted series is recreated, a renamed one gets a detected twin under its old name; (b) remember removals, deleted series' name keys and Google Books IDs and renamed series' earlier names, and respect them until the user undoes them by hand; (c) stop detecting a book once the user has edited any series it is in.",
            decision: "No: (b). A book the user removed from a series is not put back (`skippedRemovedByUser`); assigning it by hand forgets the removal. A deleted series' name keys and Google Books IDs are remembered and detection does not recreate it (`skippedDeletedSeries`); creating or renaming a series by hand to one of those names lifts that. A renamed series keeps the keys of its earlier names (up to 8, oldest forgotten first), so \"Harry Potter #3\" still joins the series the user renamed \"HP\"."),
        Decision(
            "D-100", title: "Series across a library reset and deleted works (completes D-020)",
            question: nil,
            options: "After the works are gone: (a) keep memberships pointing at deleted works; (b) delete series with no books left; (c) keep every series and drop the memberships of deleted works.",
            decision: "(c); (a) breaks the invariant that a membership never names a work the store lacks, (b) contradicts the seed. The series library (`SeriesLibrary`) is a value beside the store, part of `AppState`, written as it changes; a reset or a deletion never touches it. Views treat a work that is gone as missing, so a series reads \"0/7 books\" at once; `removeDeletedWorks(in:at:)` then drops those memberships and forgets removals of works that are gone (identifiers are never reused). A series keeps its name, total, author, source, earlier names and Google Books IDs, so a re-imported book finds it again. Library Reset runs `removeDeletedWorks(in:)` once its deletion is saved, leaving `updatedAt` alone; a reset whose save fails keeps the memberships."),
        Decision(
            "D-101", title: "Reordering moves books between the series' places",
            question: nil,
            options: "(a) renumber the books 1 to n in the new order; (b) keep the places and move the books between them.",
            decision: "(b). In a series numbered 1 to n (every manual series filled by appending) it is (a); in a series with gaps (books 1, 3, 5) or novellas, the gaps and the novella's slot stay where they were instead of collapsing into 1, 2, 3. A reading order must be a permutation of the series' books, else `.notAPermutation` and nothing changes. `moveBook(_:in:toIndex:at:)` is SwiftUI's `.onMove`. Setting a book's number directly is `setPlace`. Books at the same place keep the order they were placed or dragged in."),
        Decision(
            "D-103", title: "Progress counts owned books; \"Completed\" means every book read (resolves O-12)",
            question: nil,
            options: "(a) everything by owned; (b) everything by read; (c) the bar by owned, completion by read.",
            decision: "(c). Owned books drive the bar, \"N/T books\", \"57% complete\", the screen reader's \"N of T books complete\" and the missing books; read books drive \"Completed! 🎉\", the celebration and the Completed / In Progress / Not Started filters; owning every book unread shows \"All Books Owned ✅\". Percentage: `floor(owned × 100 / total)`. An unknown total shows \"4 books\" (\"4 books, total unknown\"), no percentage or completion, gaps only below the highest book placed; a lookup's total fills it. A book detected past the total raises it, with a warning; a manual one is refused (`placeBeyondTotal`, `totalBelowHighestPlace`)."),
        Decision(
            "D-104", title: "Next in series: reading order first, then the lowest skipped book, then the author's series",
            question: nil,
            options: "(a) the lowest missing book, whatever was just finished; (b) the first unread book after the one finished, owned or not; (c) the lowest unread book.",
            decision: "(b), then (c): among the counted books, the first unread number after the one just finished, else the first unread number; if every book is read, related series. (b) gives the seed's example (Book 2 before owned Book 4) without (a)'s detour; \"the last book\" is the last unread one (finishing Book 7 with Book 3 unread offers Book 3). Prompts: owned → \"Continue with Book N?\"; a wishlisted work → \"Add 'Title (Book N)' to your library?\" (no Goodreads markers); no work → \"Add Book N?\". Related series: unfinished ones whose author has the same name key, alphabetical, at most 3: \"More series by Author: A, B\"; none without an author. A completed series adds \"You finished Name! 🎉\", with confetti unless the user reduces motion."),
        Decision(
            "D-105", title: "The texts the seed leaves open",
            question: nil,
            options: "Gaps: (a) every number listed; (b) runs as ranges. Unshown cases (unknown total, omnibus, novella, uncovered number): (a) \"Book 3 of 7\" filled in whatever the total (\"Book 3 of 0\"); (b) the unknown left out, places as written; missing numbers (a) left out or (b) rows. Name with total: (a) \"(N books)\" always; (b) \"book\" for one, the name alone when unknown. A total of one: (a) \"0/1 books\"; (b) \"0/1 book\".",
            decision: "Gaps: runs `a-b`, joined by commas and a final \"and\", \"book\" for one number: \"book 2 missing\", \"books 2 and 4 missing\", \"books 2-7 missing\", \"books 2, 4-6 and 9 missing\". Badges: \"Book 3 of 7\", \"Book 3\" with an unknown total, \"Books 1-3 of 7\", \"Book 0.5\". Rows: \"Book 2 · Title ✓\" (no Goodreads markers), \"Book 4 ➕\" for a number no book covers. Name: \"Harry Potter (7 books)\", \"(1 book)\", alone when the total is unknown. Header: \"Name · Author · T books · P% complete\", unknowns left out (\"Dune · Frank Herbert\"). Card and screen-reader counts keep the seed's words: \"0/1 books\", \"1 of 1 books complete\"."),
        Decision(
            "D-106", title: "Series identifiers and limits",
            question: nil,
            options: "(a) the seed's `UUID`s and no limits, so a hostile or broken metadata response or import grows without bound; (b) identifiers numbered in creation order and a named limit for every quantity, one past each refused or cut with a warning, a lookup's total outside 1 to 9,999 read as unknown.",
            decision: "`SeriesID` numbers series from 1 in creation order and never reuses a number, like the store's identifiers, so runs are deterministic and a kept ID names its series or nothing. Limits, each named with its unit: names 200 UTF-8 bytes (authors cut there), OpenLibrary strings 1,000 bytes, Google Books IDs 200 bytes, numbers up to 9,999, 3 decimals, omnibus 100 books, 1,000 books a series, 32 series a book, 8 series a book by detection, 32 entries a source, 8 names a series, 100,000 series, 100 scalars of input kept in a warning, 4 covers a card, 3 related series, 50 search results. A total is 1 to 9,999: the user's other totals are refused, a lookup's are read as unknown."),
        Decision(
            "D-118", title: "A header holding the columns the seed names for a format is that format",
            question: "An unstated 60% threshold on the share of a format's full export header read the seed's five StoryGraph columns as a spreadsheet, and `ISBN/UID` lost D-066's meaning. Which headers are a format?",
            options: "(a) every column of a format's full export header (trimmed exports unrecognised); (b) a share of it with a threshold; (c) the columns the seed names; (d) a threshold, or every column the seed names.",
            decision: "(d). A format's confidence is the share of its full export header present. A format qualifies with at least 60% (exactly 60% included: 9 of StoryGraph's 15, 15 of Goodreads' 24, 3 of LibraryThing's 4), or when the header holds every column the seed's criteria name for it (all five of StoryGraph's or Goodreads'; LibraryThing's seed header is already a signature); the best confidence among those that qualify wins, ties to the format listed first. So a trimmed or reordered export keeps its format, the seed's columns always suffice, and a spreadsheet sharing a few names (`Title, Author, ISBN`) borrows no rules."),
        Decision(
            "D-119", title: "The job socket's closes: 1000 after the ending, 1001 when idle or replaced, none for a bad frame",
            question: nil,
            options: "Production's codes and delays, or codes that follow from the decisions already taken.",
            decision: "The connection that receives the ending (`job_complete`, or `error` with its counts) is closed with 1000 right after it: the job ended as the protocol says, and a close queued behind the last frame cannot overtake it. A connection without a frame from the client for 100 s is closed with 1001 at exactly 100,000 ms; any frame, even one refused, restarts the count, the server's own messages do not. A new accepted connection replaces the open one, closed with 1001. A frame that is not a client message for this job is refused without an answer or a close (not 1002): a newer client's message must not cost an older server the connection (D-076, D-092). A cancel broadcasts `canceled` and keeps the socket open, so the loop's `job_complete` with `canceled: true` reaches the app (seed 000), then closes it with 1000."),
        Decision(
            "D-120", title: "Two valid ISBNs that differ are two books, unless title and author are the same",
            question: "Tier 3 can match one author's two books sharing the part before the colon and having different valid ISBNs: Skip drops one, Smart merges it, Replace All deletes the other. What may the tiers say?",
            options: "(a) the tiers as worded; (b) differing ISBNs rule out every tier, so two editions of one work are two works; (c) they rule out tier 3, tier 1 keeping its match as another edition.",
            decision: "(c). An ISBN names an edition: two that differ are two editions or two books, which a lossy normalized title cannot tell apart, so a tier 3 match is the false duplicate the seed avoids. The same title and author as written are one work with its editions: tier 1 stands, Smart adds the row's ISBN as another edition (D-031, never over the library's), Skip counts the row, Replace All replaces. Valid is D-051's: a failed check digit or a StoryGraph UID (D-066) rules nothing out; a library work differs when none of its editions' ISBNs is the row's. Another edition spelt otherwise is missed (none in D-123's corpus)."),
        Decision(
            "D-121", title: "Tier 3 tells subtitles and series positions apart",
            question: "Normalized, \"Title: A\" is \"Title: B\" and \"(S, #1)\" is \"(S, #2)\": what does tier 3 compare?",
            options: "(a) the normalized title alone; (b) the title with subtitle and marker (a respelling without them stops matching); (c) the normalized title, plus the dropped parts where both books have them.",
            decision: "(c). A title's distinctions are the subtitle step 3 strips (normalized itself, lowercased) and the number of its first series marker as step 1 finds it, leading zeros dropped, read from tier 1's key of the title (lowercased, whitespace collapsed, NFC). Tier 3 needs no part present on both books with different values: \"Title: A\" is not \"Title: B\" but may be \"Title\"; \"(S, #1)\" is not \"(S, #2)\" but may be \"Title\" or \"(Other Name, #01)\". The 10-character rule holds: \"Abcd: Efgh\" (10) keeps its subtitle and is not \"Abcd\"; \"Abcde: Efgh\" (11) may be \"Abcde\". Markers step 1 leaves (`#0.5`, `#1-3`) stay in the normalized title, so an omnibus is never its volume. Distinctions are read only for works whose title and author already match."),
        Decision(
            "D-122", title: "Replace All deletes the authors it leaves with no works",
            question: "A replaced book whose author the row spells otherwise (\"Suzanne Collins\" by \"S. Collins\"), or whose co-author the row omits, leaves an author with no works. Keep or delete?",
            options: "(a) keep (the store's rule: the library then holds authors without books, and every re-import adds more); (b) delete the replaced work's authors left with no works; (c) delete every author without works.",
            decision: "(b). Deleting the old entry is the user replacing a book, and its authors whom no book names any more go with it. D-015 stands for the store and for everything else: only Replace All, which knows the work it removes, deletes, and only that work's authors; an author without works from elsewhere stays. The row's book is inserted first, so an author it names again (by name key) keeps their identity and data. Skip and Smart delete no author."),
        Decision(
            "D-126", title: "A work-cache hit never rewrites the work, synthetic or not",
            question: "A DTO may be `synthetic` (the backend's guess, from an AI scan) or real. When a real DTO hits a work a synthetic one made, does the mapper replace the work's fields?",
            options: "(a) keep the work and add the DTO's other volume IDs (D-017); (b) overwrite the work with the real DTO; (c) mark works synthetic and let a real DTO upgrade them.",
            decision: "(a). The seed's own test keeps the first title on a hit (\"original title preserved\"), the Work entity has no synthetic flag in the seed's model, and the user may have edited the work since. Real data reaches the work through enrichment, which fills missing fields only (D-052)."),
        Decision(
            "D-127", title: "The summary names merged and replaced duplicates; only Skip's are \"skipped\"",
            question: "The line read \"Imported N books, D duplicates skipped, E errors\" for every strategy, so a Smart import called its merges skipped, and a Replace All import counted its replacements as imported without saying so.",
            options: "(a) one line for every strategy, \"Imported N books, D duplicates skipped, E errors\" (a merge called skipped, a replacement counted as imported without a word); (b) the seed's three figures, with merges and replacements named when there are any; (c) a replacement counted as a duplicate.",
            decision: "The seed's three figures always show; merges and replacements are named when there are any: \"Imported 1 book, 3 duplicates merged, 0 duplicates skipped, 0 errors\"; \"Imported 58 books, 4 of them replacing duplicates, 0 duplicates skipped, 0 errors\". The counts stay disjoint and add up: imported (replacements included) + merged + skipped + errors = data rows (`skipped` is `duplicates − merged`)."),
        Decision(
            "D-140", title: "A dash marks no subtitle",
            question: "Exports also write a subtitle after a dash: \"Star Wars - A New Hope\", \"Dune – Deluxe Edition\". Step 3 names only `:`. Does \"Title - Subtitle\" lose its part after the dash?",
            options: "(a) only `:` splits, as the seed writes step 3 (a dash and what follows it stay); (b) ` - `, ` – ` and ` — ` split like `:` past 10 characters; (c) any hyphen splits.",
            decision: "(a). The seed's step names one character, and a dash is as often part of a title (\"Catch-22\", \"Spider-Man\", \"Harry Potter - Die Heiligtümer des Todes\" is one title in its edition) as before a subtitle; a dash that stays costs a search only a little recall, while a dash cut in the wrong place loses words the search needs. A colon after a dash still splits (\"The Lord of the Rings - Part One: The Fellowship\" → \"The Lord of the Rings - Part One\"), and a dash after the colon goes with the subtitle. Tier 3's distinctions (D-121) read the same subtitle, so \"Dune - Messiah\" and \"Dune - Children\" have different normalized titles and are never one book by tier 3."),
        Decision(
            "D-141", title: "A quoted field still open at the end of the file is an error",
            question: "`a,\"bc` and a review whose closing quote was lost end inside a quoted field. Read or refuse?",
            options: "(a) end the field at the end of the file, as lenient readers do (the rest of the file, line breaks included, becomes one field of the last row, and the user's books after the quote are lost without a word); (b) an error at the opening quote.",
            decision: "(b): `CSVParseError.unterminatedQuotedField(offset:record:line:)` at the opening quote's byte, record and line, so that the message points where the quote was opened; the records before it are delivered (D-047), and the import refuses the file whole (D-036)."),
        Decision(
            "D-142", title: "The columns the seed does not name are read as the exports write them",
            question: "What else of a known export is read, and what does each named column hold?",
            options: "(a) only the columns the seed names, each as one text; (b) every column an import can use, as the export writes it: which ISBN form a column holds, whether an author column is a list or \"Last, First\", which date is the date read.",
            decision: "(b). Goodreads: `ISBN` holds ISBN-10s and `ISBN13` ISBN-13s (the latter read first), `Author l-f` is the primary author \"Last, First\" when `Author` is empty, `Additional Authors` a comma-separated list, `Date Read` the date read (and the shelves, dates added, publisher, pages, years, review and private notes the import reads). LibraryThing: `ISBN` holds either form; the later export's `Date Read`. StoryGraph: `Authors` is a list, primary first; `ISBN/UID` holds either form or a UID (D-066); `Last Date Read` is the date read. The columns are found by name wherever they stand (D-143)."),
        Decision(
            "D-143", title: "Column names as files write them; a spreadsheet is read by its names",
            question: "How are column names compared; what is a header of no known format; what does a refusal name?",
            options: "Names: (a) as the seed writes them; (b) trimmed, ignoring ASCII case. Unknown header: (a) always manual mapping; (b) a spreadsheet read by recognised names (`title`, `book title`, `author`, `writer`, `isbn-13`…), manual mapping only without a recognisable title or author, its confidence the share recognised. Refusal: (a) a generic \"unknown format\"; (b) the missing columns and the header's names.",
            decision: "(b) each. Names are compared trimmed and ignoring ASCII case, so re-saved or re-cased exports keep their format and columns. A header of no known format with a recognisable title and author column is a spreadsheet (`ExportFormat.generic`), its columns found by `ColumnMapping.genericNames`. Title and Author are both required: a header without either is refused with `MissingColumns`, naming the missing ones (Title, then Author) and the header's names trimmed; the app then offers the manual mapping."),
        Decision(
            "D-144", title: "Tier 1 compares collapsed titles and the primary authors' name keys",
            question: "A book has several authors and exports space and punctuate names differently (\"J.R.R. Tolkien\", \"J. R. R. Tolkien\", \"Liz    Moore\"). What is an exact match?",
            options: "(a) the strings as written, ignoring case (the seed's words; \"Liz    Moore\" is not \"Liz Moore\", and the pair falls to tier 3); (b) titles with runs of whitespace collapsed and the primary authors' name keys (D-034's: lowercased, periods, commas, hyphens and apostrophes as spaces, whitespace collapsed); (c) every author compared, in any order.",
            decision: "(b). The same book written by two exports is tier 1, not a fuzzy match; the primary author is the one every export has (co-authors are often missing), so a co-author added or dropped does not stop a match, while two books whose primary authors differ are not tier 1."),
        Decision(
            "D-145", title: "A file of only whitespace or a byte-order mark is empty",
            question: "A file of a few spaces and line breaks, or only Excel's byte-order mark, has no header. Is it empty, or a header of one blank column?",
            options: "(a) only a file of no bytes is empty (a file of spaces is a header without a title column, refused for its missing columns); (b) a file holding nothing but spaces, tabs and line breaks after a byte-order mark at byte 0 is empty.",
            decision: "(b): the user sees the empty-file message, which is what such a file is to them."),
        Decision(
            "D-150", title: "After a relaunch the work cache may return the saved work or a new one",
            question: "CACHE-04 asked for a new (duplicate) work after a relaunch, because the model's cache lives in memory (D-016, D-019). An app that persists its cache across relaunches returns the saved work instead, and was failed for it. What may a relaunch do?",
            options: "(a) require a new work, as the model's in-memory cache gives (a persisted cache fails on something no seed asks); (b) require the saved work (the in-memory cache of the seed's own code fails); (c) allow either, as long as the map returns a live work: never a deleted work nor one lost in the crash.",
            decision: "(c). CACHE-10 is a choices check: after a relaunch a saved work's volume ID maps to that work (\"the cache persists\") or to a new work (\"the cache lives in memory\"), and the report says which; returning a work that is not live is CACHE-07's failure, another earlier work CACHE-10's. The model keeps (a): its mapper is rebuilt on relaunch (D-019)."),
        Decision(
            "D-151", title: "A cancel request bears the job's token; one without it is answered as for an unknown job",
            question: "A job started with a token: may anyone who learns its ID cancel it, and what does a request without the token (or with another job's) get?",
            options: "(a) production: the endpoint reads no token, so the ID alone cancels; (b) refuse with 401 `E_UNAUTHORIZED`, as the socket refuses (D-080), which tells the caller the job exists; (c) answer exactly as for an unknown job, 404 `JOB_NOT_FOUND`, and leave the job running.",
            decision: "(c), and the app's cancel request (Library Reset's, RESET-16) bears the followed job's token. A refused cancel changes nothing: the job's loop goes on to its next book (JOB-08). A job started without a token is canceled by its ID alone (D-129)."),
        Decision(
            "D-152", title: "The job loop: one book a turn, in order, a progress message each, and the counts at the end",
            question: "The two seeds describe different loops: 000's checks cancellation before each book, one at a time; 003's enriches ten at a time and sends progress through the throttle. What does a turn do, and what does the loop broadcast?",
            options: "(a) 003's parallel enrichment, ten books at once, progress throttled, cancellation seen only between batches; (b) 000's sequential loop: one book a turn in order, checked before each, a `progress` per book (the count done including it, the total, its title; throttling is the socket's layer, D-071), then `complete` with `canceled: false` and 003's success and failure counts; a canceled run's final `complete` carries the counts so far.",
            decision: "(b): only a sequential loop keeps 000's \"before processing each book\", and the seam takes one book a turn so a suite can cancel between any two."),
        Decision(
            "D-153", title: "The enrichment queue holds each work once",
            question: "A work added while it is pending or being enriched, or twice in one batch: is it queued again, and what do `add` and `addMultiple` answer?",
            options: "(a) queue it again, as \"queues all works\" read literally gives, enriching it twice in a row; (b) each work is pending at most once and never while in flight: `add` queues at the back unless the work is pending or in flight and says whether it did, `addMultiple` skips such works and repeats within the batch and returns how many it queued.",
            decision: "(b). Enriching a work twice spends two of the rate's requests (D-059) for one result, and an import that queues its batches (D-064) meets works already queued after a crash (D-130)."),
        Decision(
            "D-160", title: "After a cancel the socket sends no later report, and a cancel of a job not running sends nothing",
            question: "What does the job's socket send after a cancel, before the loop's final update, and for a cancel of a job that is not running?",
            options: "(a) send every report as it comes, and broadcast `canceled` for every cancel request; (b) no report after the cancel, and `canceled` broadcast once, for a running job only; (c) as (b), also dropping the loop's final update.",
            decision: "(b). After `canceled` the count the user saw is the one the cancel announced, until the final `job_complete` with `canceled: true` carries the last counts (seed 000's final update, so not (c)). A second cancel, or a cancel of a job that completed or failed, changes nothing and sends nothing, as the cancel endpoint answers it (D-023: 200 `alreadyCanceled`, or 404)."),
        Decision(
            "D-161", title: "A recorded frame belongs to the job of its line",
            question: "A recording (`sessioncheck`, issue 23) writes each frame on a line that names its job; the frame names a job too (`jobId`). Which one does the checker believe when they differ?",
            options: "(a) the frame's: file the frame under the job it names; (b) the line's, and say nothing; (c) the line's, and report the frame: a socket carries one job's messages (D-080: one socket per job, and a client refuses a frame naming another job), so a frame naming another job was misrouted by the server or misfiled by the recorder.",
            decision: "(c), as REC-01: the frame is checked with the line's job, and its `jobId` naming another job (compared as job IDs are, without regard to ASCII case, D-024) is a violation of its own."),
        Decision(
            "D-170", title: "A series name is trimmed, its whitespace collapsed, and has a letter or digit",
            question: "Is \"  Harry   Potter  #7  \" Harry Potter at 7, a series \"  Harry   Potter\", or none? Is \"!!! #1\" a series \"!!!\"? Is a Google Books ID or lookup name of spaces one? May the user create \" ?! \"?",
            options: "(a) the regex as written: a space after the number refused, other spaces kept, \"!!! #1\" a series \"!!!\", any typed name taken; (b) every text (metadata, markers, IDs, authors, typed names) trimmed, whitespace runs collapsed, no name without a letter or digit; (c) (b), keeping punctuation-only names.",
            decision: "(b): stray spaces and tabs are never meant, and would split a name from the same name typed. A name without a letter or digit has an empty key (D-098), never found again, so such an OpenLibrary string or marker is unparseable (a warning), a Google Books ID or lookup name of spaces is none (no ID: unparseable; no name: unnamed, D-096), and creating or renaming to such a name is refused (`SeriesName.Problem.empty`)."),
    ]
}
