/// Every user action and system event of the five features, the backend and the other devices: what
/// `WholeApp.perform` takes (issue 37).
///
/// Devices, books, files and series are chosen by index and taken modulo what exists, so every action is
/// valid in every state: one the app would not offer there is refused with a `WholeApp.Refusal`.
public enum WholeAppAction: Hashable, Sendable, CustomStringConvertible {
    // The import (seed 004).
    /// The user picks one of `WholeApp.files` and a strategy; the import is prepared, no batch yet.
    case startImport(device: Int, file: Int, strategy: DuplicateStrategy)
    /// The device's oldest running import imports its next batch of 50 rows.
    case importNextBatch(device: Int)
    /// After a relaunch the user offers the interrupted import's file again.
    case resumeImport(device: Int)

    // Library Reset (seed 000).
    /// The user taps "Reset Library".
    case requestReset(device: Int)
    /// The user taps Cancel in the reset's dialog.
    case cancelResetDialog(device: Int)
    /// The user taps Reset in the dialog.
    case confirmReset(device: Int)
    /// The reset's cancel request meets the network (`LibraryResetRun.Network`).
    case cancelRequestAnswered(device: Int, LibraryResetRun.Network)
    /// The reset's next local step.
    case resetStep(device: Int)
    /// The user taps Retry on the reset's failure alert.
    case retryReset(device: Int)
    /// The user dismisses the reset's failure alert.
    case dismissResetFailure(device: Int)

    // Enrichment: the app's worker (seed 004) and the backend job (seeds 000 and 003).
    /// The provider answers the device's oldest request still on the wire.
    case enrichmentAnswer(device: Int, EnrichmentAnswer)
    /// The user asks the backend to enrich the books waiting in the queue (D-191).
    case startBackendJob(device: Int)
    /// The backend's loop processes one book of every running job.
    case backendLoopTurn
    /// Every running job fails at once (the backend's catastrophic error).
    case backendFails

    // The progress socket's client (seed 003).
    /// The socket's open succeeds.
    case socketOpens(device: Int)
    /// The socket's open fails.
    case socketOpenFails(device: Int)
    /// An open socket drops.
    case socketDrops(device: Int)
    /// A frame with the followed job's state as the backend holds it now reaches the device.
    case jobStateArrives(device: Int)

    // The work cache (seed 001).
    /// A search result, one of `WholeApp.searchResults`, maps to a work (inserted, not saved).
    case mapSearchResult(device: Int, result: Int)
    /// The app saves the store (what mapping inserted).
    case saveLibrary(device: Int)

    // Series (seed 002).
    /// The user creates a series named one of `WholeApp.seriesNames`.
    case createSeries(device: Int, name: Int)
    /// The user assigns a book to a series.
    case assignToSeries(device: Int, book: Int, series: Int)
    /// The user deletes a series.
    case deleteSeries(device: Int, series: Int)

    // The user's own edits.
    /// The user deletes a book.
    case deleteBook(device: Int, book: Int)
    /// The user renames a book to one of `WholeApp.titles`.
    case renameBook(device: Int, book: Int, title: Int)

    // The system.
    /// The app dies and launches again.
    case crashAndRelaunch(device: Int)
    /// The device's store fails its next save (a full disk).
    case storeFailsNextSave(device: Int)
    /// The device loses or regains its network.
    case connectivity(device: Int, online: Bool)
    /// The device's clock jumps by `milliseconds`, either way (the user set it, or NTP stepped it).
    case clockSteps(device: Int, milliseconds: Int64)
    /// The device pushes its saved changes to CloudKit, then pulls the others'.
    case sync(device: Int)
    /// Time passes for every device and the backend; a negative span counts as none.
    case timePasses(milliseconds: Int64)

    /// What the provider answers a metadata request.
    public enum EnrichmentAnswer: String, Hashable, Sendable, CaseIterable {
        /// A candidate at 90% confidence, applied without asking (`match`), or at 50%, for review.
        case match, lowConfidence
        /// HTTP 404, HTTP 503, or no answer within the app's timeout.
        case notFound, unavailable, timedOut
    }

    /// The device the action happens on, or `nil` for the backend's and the clock's.
    public var device: Int? {
        switch self {
        case let .startImport(device, _, _), let .importNextBatch(device), let .resumeImport(device),
             let .requestReset(device), let .cancelResetDialog(device), let .confirmReset(device),
             let .cancelRequestAnswered(device, _), let .resetStep(device), let .retryReset(device),
             let .dismissResetFailure(device), let .enrichmentAnswer(device, _), let .startBackendJob(device),
             let .socketOpens(device), let .socketOpenFails(device), let .socketDrops(device), let .jobStateArrives(device),
             let .mapSearchResult(device, _), let .saveLibrary(device), let .createSeries(device, _),
             let .assignToSeries(device, _, _), let .deleteSeries(device, _), let .deleteBook(device, _),
             let .renameBook(device, _, _), let .crashAndRelaunch(device), let .storeFailsNextSave(device),
             let .connectivity(device, _), let .clockSteps(device, _), let .sync(device):
            return device
        case .backendLoopTurn, .backendFails, .timePasses:
            return nil
        }
    }

    /// Whether the action can happen while a reset's local steps run on its device (D-203): the next
    /// step itself, and what the device does not choose: a crash, a full disk, the network coming and
    /// going.
    var mayMeetTheResetsLocalSteps: Bool {
        switch self {
        case .resetStep, .crashAndRelaunch, .storeFailsNextSave, .connectivity, .clockSteps: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case let .startImport(d, file, strategy): return "device \(d): start import of file \(file) (\(strategy))"
        case let .importNextBatch(d): return "device \(d): import next batch"
        case let .resumeImport(d): return "device \(d): resume import"
        case let .requestReset(d): return "device \(d): request reset"
        case let .cancelResetDialog(d): return "device \(d): cancel the reset dialog"
        case let .confirmReset(d): return "device \(d): confirm reset"
        case let .cancelRequestAnswered(d, network): return "device \(d): cancel request \(network)"
        case let .resetStep(d): return "device \(d): reset step"
        case let .retryReset(d): return "device \(d): retry reset"
        case let .dismissResetFailure(d): return "device \(d): dismiss reset failure"
        case let .enrichmentAnswer(d, answer): return "device \(d): enrichment answer \(answer.rawValue)"
        case let .startBackendJob(d): return "device \(d): start backend job"
        case .backendLoopTurn: return "backend: loop turn"
        case .backendFails: return "backend: jobs fail"
        case let .socketOpens(d): return "device \(d): socket opens"
        case let .socketOpenFails(d): return "device \(d): socket open fails"
        case let .socketDrops(d): return "device \(d): socket drops"
        case let .jobStateArrives(d): return "device \(d): job state arrives"
        case let .mapSearchResult(d, result): return "device \(d): map search result \(result)"
        case let .saveLibrary(d): return "device \(d): save"
        case let .createSeries(d, name): return "device \(d): create series \(name)"
        case let .assignToSeries(d, book, series): return "device \(d): assign book \(book) to series \(series)"
        case let .deleteSeries(d, series): return "device \(d): delete series \(series)"
        case let .deleteBook(d, book): return "device \(d): delete book \(book)"
        case let .renameBook(d, book, title): return "device \(d): rename book \(book) to title \(title)"
        case let .crashAndRelaunch(d): return "device \(d): crash and relaunch"
        case let .storeFailsNextSave(d): return "device \(d): store fails next save"
        case let .connectivity(d, online): return "device \(d): \(online ? "online" : "offline")"
        case let .clockSteps(d, ms): return "device \(d): clock steps \(ms) ms"
        case let .sync(d): return "device \(d): sync"
        case let .timePasses(ms): return "\(ms) ms pass"
        }
    }
}
