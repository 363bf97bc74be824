import SpecModel
import Testing

/// What a stored book costs in memory (Decision D-112): the store keeps each kind's objects side by
/// side, so an import touches an object's stride of fresh memory per book and kind, and the 1,500-book
/// target depends on it. A field added inline to an entity fails here, to be weighed against keeping it
/// out of line as `Work`'s enrichment fields are.
@Suite struct EntityLayoutTests {
    @Test func theEntitiesKeepTheSizesTheImportWasMeasuredWith() {
        #expect(MemoryLayout<Work>.stride <= 208, "a work is \(MemoryLayout<Work>.stride) bytes")
        #expect(MemoryLayout<Edition>.stride <= 128, "an edition is \(MemoryLayout<Edition>.stride) bytes")
        #expect(MemoryLayout<UserLibraryEntry>.stride <= 104, "an entry is \(MemoryLayout<UserLibraryEntry>.stride) bytes")
        #expect(MemoryLayout<Author>.stride <= 72, "an author is \(MemoryLayout<Author>.stride) bytes")
    }
}
