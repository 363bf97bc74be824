extension EnrichmentWorker {
    /// Fills what the work is missing from the candidate and saves; returns the fields filled.
    ///
    /// Only missing fields are filled (`nil`, an empty string or an empty list): what the user
    /// imported is the user's (their ISBN names the edition they own) and is never overwritten. The
    /// title is never touched (seed 004_…: "Original title stored in `work.title` (displayed to
    /// user)"). ISBNs, publisher and page count go to the work's first edition, inserted if the work
    /// has none. Google Books volume IDs are not written: they are the work cache's keys, which only
    /// the DTOMapper maintains (Decisions D-016, D-017).
    ///
    /// The store is saved when anything changed, so an enrichment is durable as soon as the queue
    /// counts it done (the queue is persisted as it changes). If the save fails, the work and its
    /// edition are put back as they were and the error is returned; other unsaved changes stay pending.
    static func apply(_ candidate: EnrichmentCandidate, to id: PersistentIdentifier, in store: inout LibraryStore) -> Result<[EnrichedField], StoreError> {
        guard let original = store.work(id) else { return .failure(.notFound(id)) }
        var work = original
        var fields: [EnrichedField] = []
        fill(&work.coverURL, from: candidate.coverURL, .coverURL, &fields)
        fill(&work.firstPublicationYear, from: candidate.publicationYear, .firstPublicationYear, &fields)
        fill(&work.workDescription, from: candidate.workDescription, .workDescription, &fields)
        fill(&work.originalLanguage, from: candidate.language, .originalLanguage, &fields)
        if work.subjectTags.isEmpty, !candidate.subjects.isEmpty {
            work.subjectTags = candidate.subjects
            fields.append(.subjectTags)
        }
        fill(&work.openLibraryWorkID, from: candidate.openLibraryWorkID, .openLibraryWorkID, &fields)
        if work != original {
            // Relationships are unchanged so far, so the whole value can be written back.
            LibraryStore.related("the enriched work \(id)") { () throws(StoreError) in try store.modifyWork(id) { $0 = work } }
        }

        var originalEdition: Edition?
        var insertedEdition: PersistentIdentifier?
        if candidate.hasEditionFields {
            let existing = original.editionIDList.first.flatMap { store.edition($0) }
            var edition = existing.map(EditionDraft.init(copying:)) ?? EditionDraft()
            fill(&edition.isbn13, from: candidate.isbn13, .isbn13, &fields)
            fill(&edition.isbn10, from: candidate.isbn10, .isbn10, &fields)
            fill(&edition.publisher, from: candidate.publisher, .publisher, &fields)
            fill(&edition.pageCount, from: candidate.pageCount, .pageCount, &fields)
            if let existing {
                if EditionDraft(copying: existing) != edition {
                    originalEdition = existing
                    LibraryStore.related("the work \(id)'s edition \(existing.id)") { () throws(StoreError) in try store.modifyEdition(existing.id) { $0.fill(from: edition) } }
                }
            } else {
                do {
                    insertedEdition = try store.insertEdition(edition, of: id)
                } catch {
                    // `id` is the work read live above, and an edition of a live work always inserts.
                    preconditionFailure("an edition of the live work \(id) could not be inserted: \(error)")
                }
            }
        }

        guard !fields.isEmpty else { return .success([]) }
        do {
            try store.save()
        } catch {
            if let insertedEdition { _ = store.deleteEdition(insertedEdition) }
            if let originalEdition { LibraryStore.related("the restored edition \(originalEdition.id)") { () throws(StoreError) in try store.modifyEdition(originalEdition.id) { $0 = originalEdition } } }
            if work != original { LibraryStore.related("the restored work \(id)") { () throws(StoreError) in try store.modifyWork(id) { $0 = original } } }
            return .failure(error)
        }
        return .success(fields)
    }

    /// Sets a missing text field (`nil` or blank, see `EnrichmentText.isMissing`) from the candidate's,
    /// when the candidate has one, and records the field.
    private static func fill(_ field: inout String?, from candidate: String?, _ name: EnrichedField, _ fields: inout [EnrichedField]) {
        guard EnrichmentText.isMissing(field), !EnrichmentText.isMissing(candidate) else { return }
        field = candidate
        fields.append(name)
    }

    /// Sets a missing number from the candidate's, when the candidate has one, and records the field.
    private static func fill(_ field: inout Int?, from candidate: Int?, _ name: EnrichedField, _ fields: inout [EnrichedField]) {
        guard field == nil, let candidate else { return }
        field = candidate
        fields.append(name)
    }

    /// What choosing a candidate did.
    public enum ReviewChoice: Hashable, Sendable {
        /// The candidate was applied; the work is enriched with these fields.
        case applied(fields: [EnrichedField])
        /// The work has no candidates waiting (never needed review, or already resolved).
        case notAwaitingReview
        /// The work was deleted; its candidates are forgotten.
        case workDeleted
        /// The save failed; nothing changed and the candidates still wait.
        case saveFailed(StoreError)
    }

    /// The user chose candidate `index` for a work needing review: it is applied as an automatic match
    /// would be (missing fields only, then saved) and the work counts as enriched.
    ///
    /// Seed: 004_…, "system stores candidates for manual selection".
    ///
    /// - Precondition: when the work needs review, `index` is a position in its candidates as
    ///   `EnrichmentRecords` lists them (the review screen's rows).
    public mutating func chooseCandidate(at index: Int, for work: PersistentIdentifier, _ app: inout AppState) -> ReviewChoice {
        guard case let .needsReview(candidates)? = app.enrichmentRecords.byWork[work] else { return .notAwaitingReview }
        precondition(candidates.indices.contains(index), "candidate \(index) of \(candidates.count) for \(work)")
        guard app.store.work(work) != nil else {
            app.enrichmentRecords.byWork[work] = nil
            return .workDeleted
        }
        switch Self.apply(candidates[index], to: work, in: &app.store) {
        case let .success(fields):
            app.enrichmentRecords.byWork[work] = .enriched(fields: fields)
            return .applied(fields: fields)
        case let .failure(error):
            return .saveFailed(error)
        }
    }
}

extension EditionDraft {
    /// The draft with an edition's fields.
    fileprivate init(copying edition: Edition) {
        self.init(
            isbn10: edition.isbn10, isbn13: edition.isbn13, publisher: edition.publisher,
            publicationDate: edition.publicationDate, pageCount: edition.pageCount,
            coverURL: edition.coverURL, format: edition.format
        )
    }
}

extension Edition {
    /// Takes the fields enrichment fills from a draft.
    fileprivate mutating func fill(from draft: EditionDraft) {
        isbn13 = draft.isbn13
        isbn10 = draft.isbn10
        publisher = draft.publisher
        pageCount = draft.pageCount
    }
}
