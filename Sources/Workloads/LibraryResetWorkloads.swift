import Fixtures
import Generators
import SpecModel

/// Library Reset on libraries of 1,500 to 1,000,000 books, each with an edition, an entry, shared
/// authors, every work queued and a running backend job.
///
/// Targets (issue 3, release build): 1,500 books in at most 1 ms (≥ 1.5M books/s) and 1,000,000 in at
/// most 1 s (≥ 1M books/s); the sizes between share the 1M books/s floor, so a cost that grows faster
/// than linearly misses them. The seed's own target is under 2 s for 1,000+ books.
package enum LibraryResetWorkloads {
    /// The library sizes reset, in books: from the seed's 1,500 to 1,000,000.
    package static let libraryBooks = [1_500, 15_000, 150_000, 1_000_000]

    /// One reset workload per library size, smallest first.
    package static var all: [Workload] { libraryBooks.map(reset) }

    /// The reset of a library of `books` books, from the confirmation to the success toast.
    ///
    /// The library is built before the timed part and handed to it by moving, so the timed reset
    /// owns it alone and frees the deleted objects inside the timed region (at `save()`).
    package static func reset(books: Int) -> Workload {
        .timed(TimedWorkload(
            name: "library.reset.\(books)",
            summary: "Library Reset of \(books) books (editions, shared authors, entries, queued job), confirm to toast",
            unit: "books",
            releaseTargetPerSecond: books <= 1_500 ? 1_500_000 : 1_000_000,
            memoryItemCount: books,
            makeIteration: {
                let prepared = Handover(LibraryFixture.benchmarkLibrary(books: books))
                return {
                    var (app, backend) = prepared.take()
                    let outcome = LibraryResetRun.run(&app, backend: &backend, at: LibraryFixture.builtAt)
                    precondition(outcome == .succeeded, "the benchmark reset ended \(outcome)")
                    blackHole(app.store.nextRawIdentifier)
                    return books
                }
            }
        ))
    }
}

/// Hands a prepared value to the timed closure exactly once, by moving it out.
final class Handover<Value>: @unchecked Sendable {
    private var value: Value?

    init(_ value: Value) { self.value = value }

    func take() -> Value {
        guard let value = value.take() else { preconditionFailure("a prepared benchmark value was taken twice") }
        return value
    }
}
