/// Every limit of the CSV import (seed 004), each stated once with its unit and its source; the types
/// that keep one take it from here.
package enum ImportLimits {
    // Batches

    /// Rows per batch (seed 004_…, "Batch Size: 50 rows/batch"; Decision D-030).
    package static let batchRowsMax = 50

    // Title normalization

    /// The longest title (in characters) whose subtitle step 3 keeps.
    package static let subtitleKeptLengthMax = 10
    /// The most rounds of the five steps: every round that changes a title after the first shortens
    /// it, and a title needs far fewer to stop changing.
    package static let titleNormalizationRoundsMax = 16

    // Format detection and its messages

    /// The lowest share of a known format's signature a header must match to be that format.
    package static let knownFormatConfidenceMin = 0.6
    /// The longest part of the message that lists the columns found, in UTF-8 bytes; the rest are counted.
    package static let foundColumnsListBytesMax = 300
    /// The most UTF-8 bytes of one column's name the message shows.
    package static let columnNameBytesMax = 60
}
