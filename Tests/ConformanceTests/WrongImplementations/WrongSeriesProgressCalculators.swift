import SpecConformance
import SpecModel

// Wrong series progress calculators: each counts, rounds or labels one thing the way an app's code might.

/// The model with one edit applied to the series it is given or to the report it returns.
private struct EditedProgressCalculator: SeriesProgressCalculating {
    var editSeries: @Sendable (SeriesShelf) -> SeriesShelf = { $0 }
    var editReport: @Sendable (SeriesShelf, SeriesProgressReport) -> SeriesProgressReport = { $1 }

    func progress(of series: SeriesShelf) -> SeriesProgressReport {
        editReport(series, ModelSeriesProgressCalculator().progress(of: editSeries(series)))
    }
}

extension SeriesShelf {
    /// The series with each book's place replaced by `edit`'s, kept in reading order.
    func replacingPlaces(_ edit: (SeriesPlace) -> SeriesPlace) -> SeriesShelf {
        let moved = books.map { SeriesShelf.Book(place: edit($0.place), title: $0.title, owned: $0.owned, read: $0.read) }.sorted { $0.place < $1.place }
        let highest = moved.compactMap { $0.place.countedNumbers?.upperBound }.max() ?? 0
        return SeriesShelf(name: name, author: author, totalBooks: totalBooks.map { Swift.max($0, highest) }, books: moved)
    }

    /// The series with each book owned exactly when it is read.
    var ownedWhenRead: SeriesShelf {
        SeriesShelf(name: name, author: author, totalBooks: totalBooks, books: books.map { SeriesShelf.Book(place: $0.place, title: $0.title, owned: $0.read, read: $0.read) })
    }
}

extension SeriesPlace {
    /// A novella's place rounded down to the book before it (`#1.5` → `#1`); other places unchanged.
    var roundedDown: SeriesPlace {
        guard !isOmnibus, firstThousandths % 1_000 != 0, firstThousandths >= 1_000 else { return self }
        return SeriesPlace(firstThousandths / 1_000)
    }

    /// An omnibus's place at its first book (`#1-3` → `#1`); other places unchanged.
    var atFirstBook: SeriesPlace {
        isOmnibus ? SeriesPlace(firstThousandths / 1_000) : self
    }
}

enum WrongSeriesProgressCalculators {
    static let all: [WrongImplementation] = [
        .of({ .seriesProgress }, "ProgressCountsReadBooks", flaw: "the bar and \"N/T books\" count books read, not owned (the seed's contradiction O-12 taken the other way)", breaks: "SERIESPROG-03") {
            EditedProgressCalculator(editSeries: { $0.ownedWhenRead })
        },
        .of({ .seriesProgress }, "OwnedRowsCounted", flaw: "counts the owned rows of `books`: a novella and a prequel count as books, an omnibus as one", breaks: "SERIESPROG-01") {
            EditedProgressCalculator(editReport: { series, report in
                var counted = report
                counted.ownedCount = series.books.count { $0.owned }
                counted.readCount = series.books.count { $0.read }
                if let total = series.totalBooks {
                    counted.percentComplete = counted.ownedCount * 100 / total
                    counted.percentText = "\(counted.ownedCount * 100 / total)% complete"
                    counted.progressText = "\(counted.ownedCount)/\(total) books"
                    counted.accessibilityLabel = "\(counted.ownedCount) of \(total) books complete"
                }
                return counted
            })
        },
        .of({ .seriesProgress }, "NovellaCountedAsTheBookBeforeIt", flaw: "rounds a novella's place down, so owning #1.5 owns book 1", breaks: "SERIESPROG-01") {
            EditedProgressCalculator(editSeries: { $0.replacingPlaces(\.roundedDown) })
        },
        .of({ .seriesProgress }, "OmnibusCountedAtItsFirstBook", flaw: "places an omnibus `#1-3` at book 1 only, so books 2 and 3 show as missing", breaks: "SERIESPROG-13") {
            EditedProgressCalculator(editSeries: { $0.replacingPlaces(\.atFirstBook) })
        },
        .of({ .seriesProgress }, "PercentRoundedToNearest", flaw: "rounds the percentage to the nearest (6 of 7 shows 86%), not down", breaks: "SERIESPROG-14") {
            EditedProgressCalculator(editReport: { series, report in
                guard let total = series.totalBooks else { return report }
                var rounded = report
                let percent = (report.ownedCount * 100 + total / 2) / total
                rounded.percentComplete = percent
                rounded.percentText = "\(percent)% complete"
                return rounded
            })
        },
        .of({ .seriesProgress }, "CompletedWhenEveryBookOwned", flaw: "shows \"Completed! 🎉\" once every book is owned, read or not", breaks: "SERIESPROG-17") {
            EditedProgressCalculator(editReport: { _, report in
                var edited = report
                if report.badge == SeriesProgress.allOwnedBadge { edited.badge = SeriesProgress.completedBadge }
                return edited
            })
        },
        .of({ .seriesProgress }, "PercentOfTheHighestBookPlaced", flaw: "with an unknown total, shows a percentage of the highest book placed", breaks: "SERIESPROG-07") {
            EditedProgressCalculator(editReport: { series, report in
                guard series.totalBooks == nil else { return report }
                let highest = series.books.compactMap { $0.place.countedNumbers?.upperBound }.max() ?? 0
                guard highest > 0 else { return report }
                var edited = report
                edited.percentComplete = report.ownedCount * 100 / highest
                edited.percentText = "\(report.ownedCount * 100 / highest)% complete"
                edited.progressText = "\(report.ownedCount)/\(highest) books"
                return edited
            })
        },
        .of({ .seriesProgress }, "GapsListedOneByOne", flaw: "lists every missing number (\"books 2, 3 and 4 missing\") instead of runs", breaks: "SERIESPROG-06") {
            EditedProgressCalculator(editReport: { _, report in
                var edited = report
                let numbers = report.missingNumbers.map(String.init)
                if numbers.count > 1 {
                    edited.gapsText = "books " + numbers.dropLast().joined(separator: ", ") + " and " + numbers[numbers.count - 1] + " missing"
                }
                return edited
            })
        },
    ]
}
