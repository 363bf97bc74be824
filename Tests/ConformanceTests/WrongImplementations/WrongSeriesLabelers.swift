import SpecConformance
import SpecModel

// Wrong series labelers: each writes one of the Series views' texts the way an app's view model might.

/// The model's texts with one edit.
private struct EditedLabeler: SeriesLabeling {
    let edit: @Sendable (SeriesShelf, inout SeriesLabels) -> Void

    func labels(of series: SeriesShelf) -> SeriesLabels {
        var labels = ModelSeriesLabeler().labels(of: series)
        edit(series, &labels)
        return labels
    }
}

enum WrongSeriesLabelers {
    static let all: [WrongImplementation] = [
        .of({ .seriesLabels }, "UnknownTotalShownAsZero", flaw: "badges a book of a series of unknown total \"Book 3 of 0\"", breaks: "SERIESPROG-18") {
            EditedLabeler { series, labels in
                guard series.totalBooks == nil else { return }
                labels.badges = labels.badges.map { $0 + " of 0" }
            }
        },
        .of({ .seriesLabels }, "OmnibusBadgedAtItsFirstBook", flaw: "badges an omnibus `#1-3` \"Book 1 of 7\"", breaks: "SERIESPROG-18") {
            EditedLabeler { series, labels in
                labels.badges = zip(series.books, labels.badges).map { book, badge in
                    guard book.place.isOmnibus, let first = book.place.countedNumbers?.lowerBound else { return badge }
                    return "Book \(first)" + (series.totalBooks.map { " of \($0)" } ?? "")
                }
            }
        },
        .of({ .seriesLabels }, "MissingNumbersLeftOut", flaw: "lists only the books the series holds, so the gaps do not show", breaks: "SERIESPROG-19") {
            EditedLabeler { _, labels in
                labels.rows.removeAll { !$0.contains(" · ") }
            }
        },
        .of({ .seriesLabels }, "RowsKeepGoodreadsMarker", flaw: "shows \"Golden Son (Red Rising Saga, #2)\" in the detail, the title as stored", breaks: "SERIESPROG-19") {
            EditedLabeler { series, labels in
                var books = series.books.makeIterator()
                labels.rows = labels.rows.map { row in
                    guard let separator = row.firstRange(of: " · "), let book = books.next() else { return row }
                    return String(row[..<separator.upperBound]) + book.title + " " + String(row.split(separator: " ").last ?? "")
                }
            }
        },
        .of({ .seriesLabels }, "WishlistedBookTicked", flaw: "ticks a book the series knows but the user does not own, as if owned", breaks: "SERIESPROG-10") {
            EditedLabeler { _, labels in
                labels.rows = labels.rows.map { $0.contains(" · ") && $0.hasSuffix(" ➕") ? String($0.dropLast(2)) + " ✓" : $0 }
            }
        },
        .of({ .seriesLabels }, "OneBooks", flaw: "names a series of one book \"Standalone (1 books)\"", breaks: "SERIESPROG-21") {
            EditedLabeler { series, labels in
                guard series.totalBooks == 1 else { return }
                labels.displayName = "\(series.name) (1 books)"
                labels.header = labels.header.replacing(" · 1 book", with: " · 1 books")
            }
        },
    ]
}
