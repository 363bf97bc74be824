// Thin adapters from the app's Library Reset, Series Tracking and progress socket code (`LibraryFeatures`)
// to the conformance kit's seams. They convert values and forward calls; the behaviour is the app's.
//
// Six of the app's type names are also SpecModel's (`SeriesPosition`, `SeriesSource`, `SeriesDetection`,
// `SeriesBook`, `StoreError`, `LibraryStore`): the app's are written `LibraryFeatures.X` here.

import LibraryFeatures
import SpecConformance
import SpecModel

// MARK: - Library Reset (seed 000)

struct AppLibraryReset: LibraryResetting {
    var app = BooksAppState()
    var controller = LibraryResetController()

    /// Loads the app as the setup describes it: saved books, a save, then the unsaved ones.
    mutating func setUp(_ setup: LibraryResetSetup) throws {
        var state = BooksAppState()
        let authors = setup.authors.map { state.store.insertAuthor(name: $0) }
        var works = [ObjectID?](repeating: nil, count: setup.books.count)
        for saved in [true, false] {
            for (index, book) in setup.books.enumerated() where book.saved == saved {
                let work = state.store.insertWork(
                    title: book.title, volumeIDs: book.volumeIDs,
                    authors: book.authors.filter(authors.indices.contains).map { authors[$0] }
                )
                works[index] = work
                let editions = book.editionISBNs.compactMap { state.store.insertEdition(isbn13: $0, of: work) }
                if let status = book.entry {
                    let edition = book.entryEdition.flatMap { editions.indices.contains($0) ? editions[$0] : nil }
                    state.store.insertEntry(status: ShelfStatus(rawValue: status.rawValue)!, for: work, edition: edition)
                }
            }
            if saved { try state.store.save() }
        }
        state.enrichmentQueue.addMultiple(setup.queuedBooks.compactMap { works.indices.contains($0) ? works[$0] : nil })
        if let job = setup.followedJob { state.enrichmentQueue.setCurrentJobId(job.jobId, token: job.token) }
        state.searchHistory = SearchHistoryState(recentSearches: setup.recentSearches, trendingBooks: setup.trendingBooks)
        state.featureFlags = AppFeatureFlags(
            aiProvider: AIProviderChoice(rawValue: setup.featureFlags.aiProvider.rawValue)!,
            experimentalScannerEnabled: setup.featureFlags.experimentalScannerEnabled,
            batchEnrichmentEnabled: setup.featureFlags.batchEnrichmentEnabled,
            seriesTrackingEnabled: setup.featureFlags.seriesTrackingEnabled
        )
        state.preferences = UserPreferences(
            theme: AppTheme(rawValue: setup.settings.theme.rawValue)!,
            libraryLayout: LibraryLayoutChoice(rawValue: setup.settings.libraryLayout.rawValue)!,
            showsCoverImages: setup.settings.showsCoverImages, textScalePercent: setup.settings.textScalePercent
        )
        state.cloudSync = CloudSyncState(
            isSyncEnabled: setup.cloudKit.isSyncEnabled,
            accountStatus: ICloudAccountStatus(rawValue: setup.cloudKit.accountStatus.rawValue)!,
            lastChangeToken: setup.cloudKit.lastChangeToken
        )
        state.seriesNames = setup.series
        switch setup.storeFailure {
        case .delete?: state.store.failNextDelete = true
        case .save?: state.store.failNextSave = true
        case nil: break
        }
        app = state
    }

    mutating func tapResetLibrary() { controller.tapResetLibrary() }

    mutating func cancelConfirmation() { controller.cancelConfirmation() }

    mutating func confirmReset() throws -> BackendCancelRequest? {
        controller.confirmReset(&app).map { BackendCancelRequest(jobId: $0.jobId, token: $0.token) }
    }

    mutating func receiveCancelResult(_ result: CancelRequestResult) throws {
        let outcome: EnrichmentCancelOutcome
        switch result {
        case let .answered(status, errorCode): outcome = .answered(status: status, errorCode: errorCode)
        case let .failed(reason): outcome = .failed(reason: reason)
        }
        controller.receiveCancelOutcome(outcome, &app)
    }

    var supportsStoreFailures: Bool { true }

    mutating func retryAfterFailure() throws { controller.retry(&app) }

    func observe() -> LibraryResetObservation {
        let screen: ResetScreen
        switch controller.presentation {
        case .none: screen = .nothing
        case .confirmationDialog: screen = .confirmation
        case .successToast: screen = .success
        case .failureAlert: screen = .failureWithRetry
        }
        return LibraryResetObservation(
            works: app.store.works.count, editions: app.store.editions.count, authors: app.store.authors.count,
            entries: app.store.entries.count, pendingWorks: app.enrichmentQueue.pending.count,
            workInFlight: app.enrichmentQueue.inFlight != nil, currentJobId: app.enrichmentQueue.currentJobId,
            recentSearches: app.searchHistory.recentSearches, trendingBooks: app.searchHistory.trendingBooks,
            featureFlags: FeatureFlags(
                aiProvider: FeatureFlags.AIProvider(rawValue: app.featureFlags.aiProvider.rawValue)!,
                experimentalScannerEnabled: app.featureFlags.experimentalScannerEnabled,
                batchEnrichmentEnabled: app.featureFlags.batchEnrichmentEnabled,
                seriesTrackingEnabled: app.featureFlags.seriesTrackingEnabled
            ),
            settings: AppSettings(
                theme: AppSettings.Theme(rawValue: app.preferences.theme.rawValue)!,
                libraryLayout: AppSettings.LibraryLayout(rawValue: app.preferences.libraryLayout.rawValue)!,
                showsCoverImages: app.preferences.showsCoverImages, textScalePercent: app.preferences.textScalePercent
            ),
            cloudKit: CloudKitSyncState(
                isSyncEnabled: app.cloudSync.isSyncEnabled,
                accountStatus: CloudKitSyncState.AccountStatus(rawValue: app.cloudSync.accountStatus.rawValue)!,
                lastChangeToken: app.cloudSync.lastChangeToken
            ),
            series: app.seriesNames, screen: screen
        )
    }
}

// MARK: - Series (seed 002)

enum SeriesConversion {
    static func position(_ place: SeriesPlace) -> LibraryFeatures.SeriesPosition {
        LibraryFeatures.SeriesPosition(firstThousandths: place.firstThousandths, lastThousandths: place.lastThousandths)
    }

    static func place(_ position: LibraryFeatures.SeriesPosition) -> SeriesPlace {
        position.isOmnibus
            ? SeriesPlace(omnibus: (position.firstThousandths / 1000)...(position.lastThousandths / 1000))
            : SeriesPlace(thousandths: position.firstThousandths)
    }

    static func series(_ shelf: SeriesShelf) -> BookSeries {
        BookSeries(
            name: shelf.name, totalBooks: shelf.totalBooks, author: shelf.author,
            books: shelf.books.map { LibraryFeatures.SeriesBook(position: position($0.place), title: $0.title, owned: $0.owned, read: $0.read) }
        )
    }

    static func evidence(_ source: LibraryFeatures.SeriesSource) -> SeriesEvidence {
        switch source {
        case .googleBooks: return .googleBooks
        case .openLibrary: return .openLibrary
        case .titleMarker: return .titleMarker
        }
    }
}

struct AppSeriesDetection: SeriesDetecting {
    func detectedSeries(title: String, metadata: SeriesMetadata) -> SeriesDetectionReport {
        let info = EnrichmentSeriesInfo(
            googleBooks: metadata.googleBooks.map {
                GoogleVolumeSeries(seriesId: $0.seriesID, orderNumber: $0.orderNumber, seriesName: $0.seriesName, totalBooks: $0.totalBooks)
            },
            openLibrary: metadata.openLibrary
        )
        let detection = SeriesParser.parse(title: title, enrichment: info)
        return SeriesDetectionReport(
            series: detection.series.map {
                DetectedSeries(name: $0.name, googleBooksSeriesIDs: $0.googleBooksSeriesIDs, place: SeriesConversion.place($0.position), totalBooks: $0.totalBooks)
            },
            warnings: detection.warnings.map { warning -> SeriesDetectionWarning in
                switch warning {
                case let .unparseable(source): return .unparseable(SeriesConversion.evidence(source))
                case let .unnamedGoogleSeries(id): return .unnamedGoogleBooksSeries(seriesID: id)
                case let .conflictingPositions(kept, ignored): return .conflictingPlaces(kept: SeriesConversion.evidence(kept), ignored: SeriesConversion.evidence(ignored))
                case let .totalRaised(from, to): return .totalRaised(from: from, to: to)
                case .tooManySeries: return .tooManySeries
                }
            }
        )
    }
}

struct AppSeriesProgress: SeriesProgressCalculating {
    func progress(of series: SeriesShelf) -> SeriesProgressReport {
        let summary = SeriesProgressCalculator(SeriesConversion.series(series)).summary
        return SeriesProgressReport(
            ownedCount: summary.ownedCount, readCount: summary.readCount, percentComplete: summary.percentComplete,
            missingNumbers: summary.missingNumbers, progressText: summary.progressText, percentText: summary.percentText,
            accessibilityLabel: summary.accessibilityLabel, badge: summary.badge, gapsText: summary.gapsText,
            offersAddMissingBooks: summary.showsAddMissingBooks
        )
    }
}

struct AppNextInSeries: NextInSeriesRecommending {
    func recommendation(for question: NextInSeriesQuestion) -> NextInSeriesAnswer? {
        let recommender = SeriesRecommender(series: SeriesConversion.series(question.series), others: question.otherSeries.map(SeriesConversion.series))
        guard let suggestion = recommender.afterFinishing(question.finished, reduceMotion: question.reduceMotion) else { return nil }
        let next: NextInSeriesAnswer.Next
        switch suggestion.next {
        case let .continueWith(bookIndex, number): next = .continueWith(book: bookIndex, number: number)
        case let .add(number, bookIndex): next = .add(number: number, book: bookIndex)
        case let .relatedSeries(names): next = .relatedSeries(names)
        }
        return NextInSeriesAnswer(next: next, prompt: suggestion.prompt, celebration: suggestion.celebration, confetti: suggestion.confetti)
    }
}

// MARK: - Progress socket (seed 003)

enum SocketConversion {
    // The kit's message types trap on values no message can hold; the `checked` factories throw instead,
    // and a frame whose values make no message is refused.
    static func message(_ message: SocketMessage) throws(ProgressValueError) -> ProgressMessage {
        ProgressMessage(
            jobId: message.jobId, pipeline: ProgressPipeline(rawValue: message.pipeline.rawValue)!,
            timestamp: Timestamp(epochMilliseconds: message.timestamp), payload: try payload(message.payload)
        )
    }

    static func payload(_ payload: SocketPayload) throws(ProgressValueError) -> ProgressPayload {
        switch payload {
        case let .jobStarted(totalCount):
            return .jobStarted(try JobStarted.checked(totalCount: totalCount))
        case let .progress(update):
            return .progress(try ProgressUpdate.checked(
                processedCount: update.processedCount, totalCount: update.totalCount, currentTitle: update.currentTitle,
                userMessage: update.userMessage, keepAlive: update.keepAlive
            ))
        case let .complete(completion):
            return .complete(try self.completion(completion))
        case let .error(error):
            return .error(try structuredError(error))
        case let .canceled(cancellation):
            return .canceled(try JobCancellation.checked(message: cancellation.message, processedItems: cancellation.processedItems, totalItems: cancellation.totalItems))
        case let .ping(clientTime):
            return .ping(Ping(clientTime: clientTime))
        case let .pong(clientTime, serverTime):
            return .pong(Pong(clientTime: clientTime, serverTime: serverTime))
        case let .syncRequest(lastProcessedCount):
            return .syncRequest(try SyncRequest.checked(lastProcessedCount: lastProcessedCount))
        case let .syncResponse(snapshot):
            var completion: JobCompletion?
            if let ending = snapshot.completion { completion = try self.completion(ending) }
            var error: StructuredError?
            if let failure = snapshot.error { error = try structuredError(failure) }
            return .syncResponse(try JobSnapshot.checked(
                status: JobStatus(rawValue: snapshot.status.rawValue)!, processedCount: snapshot.processedCount, totalCount: snapshot.totalCount,
                completion: completion, error: error
            ))
        }
    }

    static func completion(_ completion: JobCompletePayload) throws(ProgressValueError) -> JobCompletion {
        try JobCompletion.checked(
            canceled: completion.canceled, totalProcessed: completion.totalProcessed, totalCount: completion.totalCount,
            successCount: completion.successCount, failureCount: completion.failureCount,
            durationMilliseconds: completion.durationMilliseconds, userMessage: completion.summary
        )
    }

    static func structuredError(_ error: JobErrorPayload) throws(ProgressValueError) -> StructuredError {
        let details = error.details
        return try StructuredError.checked(
            code: ProgressErrorCode(rawValue: error.code)!, message: error.message, userMessage: error.userMessage,
            affectedItems: error.affectedItems, retryable: error.retryable,
            details: try ErrorDetails.checked(
                successCount: details.successCount, failureCount: details.failureCount, affectedItemsTotal: details.affectedItemsTotal,
                provider: details.provider, statusCode: details.statusCode, fileName: details.fileName, fileSize: details.fileSize,
                imageSize: details.imageSize, apiEndpoint: details.apiEndpoint
            )
        )
    }

    static func rejection(_ error: SocketDecodingError) -> ProgressMessageRejection {
        let reason: ProgressMessageRejection.Reason
        switch error.reason {
        case .oversized: reason = .oversized
        case .notJSON: reason = .notJSON
        case .unsupportedVersion: reason = .unsupportedVersion
        case .unknownType: reason = .unknownType
        case .unexpectedSender: reason = .unexpectedSender
        case .missingField: reason = .missingField
        case .wrongType: reason = .wrongType
        case .invalidValue: reason = .invalidValue
        }
        return ProgressMessageRejection(reason, field: error.field)
    }

    static func action(_ command: ProgressSocketLogic.Command) -> ProgressSocketClient.Action {
        switch command {
        case let .open(reconnect): return .open(reconnect: reconnect)
        case let .send(message):
            // The app's own messages hold its own counts: a value no message can hold is the app's bug.
            do { return .send(try Self.message(message)) } catch { preconditionFailure("the app built an invalid message: \(error)") }
        case .close: return .close
        }
    }
}

struct AppProgressMessages: ProgressMessageDecoding {
    func decode(_ bytes: [UInt8], from sender: ProgressSender) throws(ProgressMessageRejection) -> ProgressMessage {
        do {
            return try SocketConversion.message(try SocketMessageDecoder().decode(bytes, from: sender == .server ? .server : .client))
        } catch let error as SocketDecodingError {
            throw SocketConversion.rejection(error)
        } catch let error as ProgressValueError {
            throw ProgressMessageRejection(error)
        } catch {
            throw ProgressMessageRejection(.invalidValue)
        }
    }
}

struct AppHeartbeat: HeartbeatScheduling {
    var logic = HeartbeatLogic()

    var deadline: Timestamp? { logic.nextWake.map { Timestamp(epochMilliseconds: $0) } }

    mutating func start(at now: Timestamp) { logic.reset(now: now.epochMilliseconds) }

    mutating func fire(at now: Timestamp) -> Heartbeat.Action {
        switch logic.tick(now: now.epochMilliseconds) {
        case .nothing: return .nothing
        case let .sendPing(clientTime): return .sendPing(clientTime: clientTime)
        case let .reconnect(missedPongs): return .reconnect(missedPongs: missedPongs)
        }
    }

    mutating func pongReceived(clientTime: Int64?, at now: Timestamp) -> Heartbeat.PongOutcome {
        switch logic.pong(clientTime: clientTime, now: now.epochMilliseconds) {
        case let .roundTrip(milliseconds): return .roundTrip(milliseconds: milliseconds)
        case .unmeasured: return .unmeasured
        case .ignored: return .ignored
        }
    }
}

struct AppProgressSocket: ProgressSocketConnecting {
    var logic = ProgressSocketLogic()

    var deadline: Timestamp? { logic.nextWake.map { Timestamp(epochMilliseconds: $0) } }

    mutating func start(_ job: ProgressJobTicket, at now: Timestamp) -> [ProgressSocketClient.Action] {
        let followed = FollowedSocketJob(jobId: job.jobId, pipeline: JobPipeline(rawValue: job.pipeline.rawValue)!, token: job.token)
        return logic.connect(followed, now: now.epochMilliseconds).map(SocketConversion.action)
    }

    mutating func opened(at now: Timestamp) -> [ProgressSocketClient.Action] {
        logic.didOpen(now: now.epochMilliseconds).map(SocketConversion.action)
    }

    mutating func openFailed(status: Int?, at now: Timestamp) -> [ProgressSocketClient.Action] {
        logic.didFailToOpen(status: status, now: now.epochMilliseconds).map(SocketConversion.action)
    }

    mutating func connectionLost(at now: Timestamp) -> [ProgressSocketClient.Action] {
        logic.didLoseConnection(now: now.epochMilliseconds).map(SocketConversion.action)
    }

    mutating func fire(at now: Timestamp) -> [ProgressSocketClient.Action] {
        logic.fire(now: now.epochMilliseconds).map(SocketConversion.action)
    }

    mutating func received(_ frame: [UInt8], at now: Timestamp) -> [ProgressSocketClient.Action] {
        logic.didReceive(frame, now: now.epochMilliseconds).map(SocketConversion.action)
    }
}
