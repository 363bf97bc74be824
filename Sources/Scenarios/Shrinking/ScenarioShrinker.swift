import Simulator
import SpecModel

/// Shrinks a failing simulated run to a smaller one that breaks the same property at the same actor,
/// written as a scenario file that replays it (issue 24, "Minimal failing runs").
///
/// The run is (scenario, seed). Shrinking first makes its faults explicit: swarm faults become the
/// fixed options the seed drew, and the frames the faults hit (lost, held back, duplicated) become a
/// frame script (`FaultOptions.scriptedFrames`) with the random rates at zero. Then it takes
/// away, while the failure stays: scripted frames (in halves, then quarters, down to one at a time),
/// partitions and offline windows, rates, latency spread, clock faults, and the inputs (items, books,
/// devices, CSV rows), and narrows what is left (windows, the heal). Each candidate is written as a
/// file and read back before it runs, so the result is exactly what the file says.
///
/// A candidate is kept only if its run breaks the same property at the same actor (the failure's
/// `key`) and it is smaller: fewer fault elements, then fewer events, then shorter fault windows. The
/// order is strict, so shrinking ends; `runsMax` bounds its cost.
public enum ScenarioShrinker {
    /// What shrinking a failing run gave.
    public struct Shrunk: Sendable {
        /// The failure kept: its property and actor, as the original run broke them.
        public var failure: ScenarioFailure
        /// The events the original run took.
        public var eventsBefore: Int
        /// The fault elements of the original run, once its faults were made explicit.
        public var faultElementsBefore: Int
        /// The smallest failing scenario found, with the one seed it replays with.
        public var scenario: ScenarioFile
        public var fileText: String
        /// The events the shrunk run takes.
        public var eventsAfter: Int
        /// The fault elements left: scripted frames, partitions, offline windows, rates, spread, clock faults.
        public var faultElementsAfter: Int
        /// The shrunk run's digest, the same on each replay.
        public var digest: TraceDigest
        /// The shrunk run's failure, in its own figures.
        public var shrunkFailure: ScenarioFailure
        /// The runs shrinking took.
        public var runs: Int
        /// What each kept step changed, in order.
        public var steps: [String]

        /// Events before over events after.
        public var reduction: Double { Double(eventsBefore) / Double(max(1, eventsAfter)) }
    }

    /// Why a run could not be shrunk.
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        /// The run kept every property: there is nothing to shrink.
        case keptEveryProperty
        /// The run did not break the property asked for; the keys it did break.
        case noSuchFailure(asked: String, broken: [String])
        /// The run's own scenario cannot be written as a file (see `ScenarioFileError.notWritable`).
        case notWritable(String)

        public var description: String {
            switch self {
            case .keptEveryProperty: return "the run kept every property: there is no failure to shrink"
            case let .noSuchFailure(asked, broken): return "the run did not break \(asked); it broke \(broken.joined(separator: ", "))"
            case let .notWritable(reason): return reason
            }
        }
    }

    /// Shrinks the run of `scenario` with `seed`, keeping the failure `key` (`property@actor`), or the
    /// run's first failure when `key` is `nil`.
    public static func shrink(_ scenario: ScenarioFile, seed: UInt64, keeping key: String? = nil, runsMax: Int = 4_000) throws(Refusal) -> Shrunk {
        let first = scenario.run(seed: seed)
        guard let firstFailure = first.failures.first else { throw .keptEveryProperty }
        let target = key ?? firstFailure.key
        guard let failure = first.failures.first(where: { $0.key == target }) else {
            throw .noSuchFailure(asked: target, broken: first.failures.map(\.key))
        }
        var search = Search(seed: seed, key: target, runsMax: runsMax)
        // The faults made explicit: the options the seed drew, at whole milliseconds.
        var start = scenario.seeds([seed])
        var explicit = Self.wholeMilliseconds(scenario.faultOptions(seed: seed))
        // A swarm draws an HTTP timeout for every kind; a run that reads none keeps the default.
        if !scenario.usesHTTPTimeout { explicit.httpTimeoutNanoseconds = FaultOptions.calm.httpTimeoutNanoseconds }
        start.faults = .fixed(explicit)
        guard var current = search.attempt(start) else {
            if case let .failure(error) = search.writable(start) { throw .notWritable("\(error)") }
            throw .notWritable("the run with its faults at whole milliseconds no longer breaks \(target)")
        }
        let faultElementsBefore = current.size.faultElements
        search.steps.append("faults made explicit: \(current.scenario.fixedFaults)")
        // The frames the random faults hit, as a script, with the random rates at zero.
        var scripted = current.scenario.fixedFaults
        scripted.scriptedFrames = Self.merged(scripted.scriptedFrames, current.outcome.frameFates.map(Self.wholeMilliseconds))
        (scripted.lossPartsPerMillion, scripted.duplicationPartsPerMillion, scripted.reorderPartsPerMillion, scripted.reorderDelayMaxNanoseconds) = (0, 0, 0, 0)
        if let kept = search.attempt(current.scenario.faults(scripted), force: true) {
            current = kept
            search.steps.append("the frames the faults hit scripted (\(scripted.scriptedFrames.count)), the random rates at zero")
        }
        // First improvement: after each kept candidate, the passes start again from the smaller run.
        improving: while search.runs < runsMax {
            for (label, candidates) in Self.passes(current.scenario) {
                for candidate in candidates {
                    guard let kept = search.attempt(candidate), kept.size < current.size else { continue }
                    current = kept
                    search.note(label)
                    continue improving
                }
            }
            break
        }
        // The last kept candidate's run, of the file as written and read back.
        let replayed = current.outcome
        return Shrunk(
            failure: failure, eventsBefore: first.eventsRun, faultElementsBefore: faultElementsBefore,
            scenario: current.scenario, fileText: current.fileText, eventsAfter: replayed.eventsRun,
            faultElementsAfter: current.size.faultElements, digest: replayed.digest,
            shrunkFailure: replayed.failures.first { $0.key == target } ?? failure, runs: search.runs, steps: search.steps
        )
    }

    /// A candidate that was run: the scenario as read back from its file, its text and its outcome.
    struct Tried {
        var scenario: ScenarioFile
        var fileText: String
        var outcome: ScenarioFile.Outcome
        var size: Size
    }

    /// The order shrinking decreases: fault elements, then events, then the inputs' size, then the
    /// times things happen at (the user's reset, the heal, the HTTP timeout), then the total length of
    /// fault windows, then the scripted frames' numbers and nodes (earlier frames, lower devices).
    struct Size: Comparable {
        var faultElements: Int
        var events: Int
        var inputs: Int
        var timesMilliseconds: UInt64
        var windowNanoseconds: UInt64
        var scriptWeight: Int

        static func < (lhs: Size, rhs: Size) -> Bool {
            (lhs.faultElements, lhs.events, lhs.inputs, lhs.timesMilliseconds, lhs.windowNanoseconds, lhs.scriptWeight)
                < (rhs.faultElements, rhs.events, rhs.inputs, rhs.timesMilliseconds, rhs.windowNanoseconds, rhs.scriptWeight)
        }
    }

    struct Search {
        let seed: UInt64
        let key: String
        let runsMax: Int
        var runs = 0
        var steps: [String] = []
        var seen: Set<String> = []

        /// Notes a kept step; a step repeated in a row is counted rather than listed again.
        mutating func note(_ step: String) {
            if let last = steps.last, last == step || last.hasPrefix(step + " ×") {
                let count = last == step ? 2 : (Int(last.dropFirst(step.count + 2)) ?? 1) + 1
                steps[steps.count - 1] = "\(step) ×\(count)"
            } else {
                steps.append(step)
            }
        }

        init(seed: UInt64, key: String, runsMax: Int) {
            self.seed = seed
            self.key = key
            self.runsMax = runsMax
        }

        /// The candidate written and read back, or why it cannot be.
        func writable(_ candidate: ScenarioFile) -> Result<(ScenarioFile, String), ScenarioFileError> {
            do {
                let text = try candidate.fileText()
                return .success((try ScenarioFile(decoding: Array(text.utf8)), text))
            } catch {
                return .failure(error)
            }
        }

        /// Runs the candidate as its file says, if it is new and the budget allows; the run if it
        /// breaks the property at the actor.
        mutating func attempt(_ candidate: ScenarioFile, force: Bool = false) -> Tried? {
            guard force || runs < runsMax, case let .success((read, text)) = writable(candidate), seen.insert(text).inserted else { return nil }
            runs += 1
            let outcome = read.run(seed: seed)
            guard outcome.failures.contains(where: { $0.key == key }) else { return nil }
            return Tried(scenario: read, fileText: text, outcome: outcome, size: Size(
                faultElements: read.faultElements, events: outcome.eventsRun, inputs: read.inputSize, timesMilliseconds: read.timesMilliseconds, windowNanoseconds: read.fixedFaults.windowNanoseconds,
                scriptWeight: read.fixedFaults.scriptedFrames.reduce(0) { $0 + $1.frame + $1.from.rawValue + $1.to.rawValue }
            ))
        }
    }

    /// Options at whole milliseconds: window starts rounded down, ends and delays up.
    static func wholeMilliseconds(_ options: FaultOptions) -> FaultOptions {
        var copy = options
        copy.partitions = options.partitions.map { partition in
            var rounded = partition
            rounded.window = wholeMilliseconds(partition.window)
            return rounded
        }
        copy.offline = options.offline.mapValues { $0.map(wholeMilliseconds) }
        copy.scriptedFrames = options.scriptedFrames.map(wholeMilliseconds)
        return copy
    }

    static func wholeMilliseconds(_ window: TimeWindow) -> TimeWindow {
        let ms = FaultOptions.millisecond
        return TimeWindow(start: window.start / ms * ms, end: (window.end + ms - 1) / ms * ms)
    }

    static func wholeMilliseconds(_ scripted: FaultOptions.ScriptedFrame) -> FaultOptions.ScriptedFrame {
        let ms = FaultOptions.millisecond
        var copy = scripted
        switch scripted.fate {
        case .lost: break
        case let .arrives(held, duplicateAfter):
            copy.fate = .arrives(heldNanoseconds: (held + ms - 1) / ms * ms, duplicateAfterNanoseconds: duplicateAfter.map { ($0 + ms - 1) / ms * ms })
        }
        return copy
    }

    /// `base` with `added` entries for frames it does not script yet, in link and frame order.
    static func merged(_ base: [FaultOptions.ScriptedFrame], _ added: [FaultOptions.ScriptedFrame]) -> [FaultOptions.ScriptedFrame] {
        var byFrame: [String: FaultOptions.ScriptedFrame] = [:]
        for scripted in added + base { byFrame["\(scripted.from.rawValue) \(scripted.to.rawValue) \(scripted.message ?? "") \(scripted.frame)"] = scripted }
        return byFrame.values.sorted()
    }

    /// The candidates of each pass, simplest first.
    static func passes(_ scenario: ScenarioFile) -> [(String, [ScenarioFile])] {
        let options = scenario.fixedFaults
        var passes: [(String, [ScenarioFile])] = []
        func with(_ change: (inout FaultOptions) -> Void) -> ScenarioFile {
            var copy = options
            change(&copy)
            return scenario.faults(copy)
        }
        passes.append(("a partition removed", options.partitions.indices.map { index in with { $0.partitions.remove(at: index) } }))
        let offline = options.offline.keys.sorted().flatMap { node in (options.offline[node] ?? []).indices.map { (node, $0) } }
        passes.append(("an offline window removed", offline.map { node, index in
            with {
                $0.offline[node]?.remove(at: index)
                if $0.offline[node]?.isEmpty == true { $0.offline[node] = nil }
            }
        }))
        passes += scriptedFramePasses(scenario, with)
        passes.append(("a random rate set to zero", [
            with { $0.lossPartsPerMillion = 0 }, with { $0.duplicationPartsPerMillion = 0 },
            with { ($0.reorderPartsPerMillion, $0.reorderDelayMaxNanoseconds) = (0, 0) },
        ]))
        passes.append(("a random rate halved", [
            with { $0.lossPartsPerMillion /= 2 }, with { $0.duplicationPartsPerMillion /= 2 }, with { $0.reorderPartsPerMillion /= 2 },
        ]))
        passes.append(("latency made fixed", [with { $0.frameLatency = FaultOptions.calm.frameLatency; $0.requestLatency = $0.frameLatency }]
            + [with { $0.frameLatency = .fixed(nanoseconds: $0.frameLatency.minimum); $0.requestLatency = $0.frameLatency }]))
        let second = 1_000 * FaultOptions.millisecond
        if scenario.usesHTTPTimeout {
            passes.append(("the HTTP timeout changed", [FaultOptions.calm.httpTimeoutNanoseconds, options.httpTimeoutNanoseconds / 2 / second * second]
                .filter { $0 >= second && $0 != options.httpTimeoutNanoseconds }.map { timeout in with { $0.httpTimeoutNanoseconds = timeout } }))
        }
        passes.append(("the inputs made smaller", scenario.smallerInputs))
        passes.append(("a fault window narrowed", narrowedWindows(options).map { narrowed in with { $0 = narrowed } }))
        passes.append(("a fault window moved earlier", earlierWindows(options).map { earlier in with { $0 = earlier } }))
        if let refusal = scenario.openRefusal {
            let ms = FaultOptions.millisecond
            var candidates = [scenario]
            candidates[0].openRefusal = nil
            for earlier in Array(Set([0, refusal.fromNanoseconds / 2 / ms * ms])).filter({ $0 < refusal.fromNanoseconds }).sorted() {
                candidates.append(scenario.refusingOpens(fromMilliseconds: earlier / ms, status: refusal.status))
            }
            passes.append(("the refusal of opens removed or moved earlier", candidates))
        }
        if let heal = scenario.healAtMilliseconds, heal > 0 {
            passes.append(("the heal moved earlier", Array(Set([0, heal / 2, heal / 4 * 3, heal / 8 * 7])).filter { $0 < heal }.sorted().map { scenario.healing(atMilliseconds: $0) }))
        }
        return passes.filter { !$0.1.isEmpty }
    }

    /// The passes over the scripted frames: removed in halves, quarters, …, then one at a time; moved
    /// earlier on their link; and, in a CloudKit run, moved to the device before theirs.
    static func scriptedFramePasses(_ scenario: ScenarioFile, _ with: ((inout FaultOptions) -> Void) -> ScenarioFile) -> [(String, [ScenarioFile])] {
        var passes: [(String, [ScenarioFile])] = []
        let script = scenario.fixedFaults.scriptedFrames
        var chunk = script.count
        while chunk >= 1 {
            var candidates: [ScenarioFile] = []
            for start in stride(from: 0, to: script.count, by: chunk) {
                let removed = start..<min(script.count, start + chunk)
                candidates.append(with { $0.scriptedFrames = Array(script[..<removed.lowerBound] + script[removed.upperBound...]) })
            }
            passes.append(("\(chunk) scripted frame\(chunk == 1 ? "" : "s") removed", candidates))
            chunk /= 2
        }
        passes.append(("a scripted frame moved earlier", script.indices.flatMap { index in
            [1, script[index].frame / 2].filter { $0 < script[index].frame }.map { earlier in
                with { $0.scriptedFrames[index].frame = earlier; $0.scriptedFrames = merged([], $0.scriptedFrames) }
            }
        }))
        if case .cloudKit = scenario.kind {
            // A device's scripted frames moved to the device before it, so fewer devices can follow.
            passes.append(("a scripted frame moved to another device", script.indices.compactMap { index in
                let device = script[index].from == CloudKitRun.server ? \FaultOptions.ScriptedFrame.to : \FaultOptions.ScriptedFrame.from
                guard script[index][keyPath: device].rawValue > 1 else { return nil }
                return with {
                    $0.scriptedFrames[index][keyPath: device] = NodeID(script[index][keyPath: device].rawValue - 1)
                    $0.scriptedFrames = merged([], $0.scriptedFrames)
                }
            }))
        }
        return passes
    }

    /// Each window moved to start at 0 or at half its start, its length kept.
    static func earlierWindows(_ options: FaultOptions) -> [FaultOptions] {
        let ms = FaultOptions.millisecond
        return eachWindow(of: options) { window in
            let length = window.end - window.start
            return Array(Set([0, window.start / 2 / ms * ms])).filter { $0 < window.start }.sorted().map { TimeWindow(start: $0, end: $0 + length) }
        }
    }

    /// Each window cut to its first half, its second half, or a quarter shorter at either end (at whole
    /// milliseconds).
    static func narrowedWindows(_ options: FaultOptions) -> [FaultOptions] {
        let ms = FaultOptions.millisecond
        return eachWindow(of: options) { window in
            let length = window.end - window.start
            guard length >= ms else { return [] }
            let half = length / 2 / ms * ms
            let quarter = max(ms, length / 4 / ms * ms)
            let windows = [
                TimeWindow(start: window.start, end: window.start + half), TimeWindow(start: window.start + half, end: window.end),
                TimeWindow(start: window.start + quarter, end: window.end), TimeWindow(start: window.start, end: window.end - quarter),
            ]
            return windows.filter { $0 != window }
        }
    }

    /// The options with one partition's or offline window's time replaced by each of `replacements(window)`.
    static func eachWindow(of options: FaultOptions, _ replacements: (TimeWindow) -> [TimeWindow]) -> [FaultOptions] {
        var result: [FaultOptions] = []
        for index in options.partitions.indices {
            for window in replacements(options.partitions[index].window) {
                var copy = options
                copy.partitions[index].window = window
                result.append(copy)
            }
        }
        for node in options.offline.keys.sorted() {
            let windows = options.offline[node] ?? []
            for index in windows.indices {
                for window in replacements(windows[index]) {
                    var copy = options
                    copy.offline[node]?[index] = window
                    result.append(copy)
                }
            }
        }
        return result
    }
}

extension ScenarioFile {
    /// The scenario's fault options, or `nil` for swarm faults (drawn from each seed).
    public var explicitFaults: FaultOptions? {
        if case let .fixed(options) = faults { return options }
        return nil
    }

    /// The fixed fault options (calm for swarm, which shrinking first makes fixed).
    var fixedFaults: FaultOptions { explicitFaults ?? .calm }

    /// Fault elements: scripted frames, partitions, offline windows, nonzero random rates (the
    /// provider's too), a latency that is not fixed, and clocks that are not perfect. (The HTTP timeout
    /// is the app's setting, not a fault: shrinking moves it back to its default only for a shorter run.)
    var faultElements: Int {
        let options = fixedFaults
        var count = options.scriptedFrames.count + options.partitions.count + options.offline.values.reduce(0) { $0 + $1.count }
        count += [options.lossPartsPerMillion, options.duplicationPartsPerMillion, options.reorderPartsPerMillion].filter { $0 > 0 }.count
        if case .fixed = options.frameLatency {} else { count += 1 }
        if case let .progress(_, _, _, appClock, backendClock, _) = kind {
            count += [appClock, backendClock].filter { $0 != .perfect }.count
        }
        if openRefusal != nil { count += 1 }
        if case let .importAndEnrich(configuration) = kind {
            count += [configuration.notFoundPartsPerMillion, configuration.unavailablePartsPerMillion, configuration.silentPartsPerMillion].filter { $0 > 0 }.count
        }
        if case .swarm = faults { count += 1 }
        return count
    }

    /// When things happen, summed in milliseconds: the user's reset, the heal, and the HTTP timeout.
    var timesMilliseconds: UInt64 {
        let ms = FaultOptions.millisecond
        var total = (healAtMilliseconds ?? 0) + (usesHTTPTimeout ? fixedFaults.httpTimeoutNanoseconds / ms : 0)
        switch kind {
        case let .cloudKit(configuration): total += configuration.resetAtNanoseconds / ms
        case let .resetDuringEnrichment(configuration): total += configuration.resetAtNanoseconds / ms
        case .progress, .importAndEnrich, .dayInTheApp: break
        }
        return total
    }

    /// Whether the run reads the HTTP timeout (the progress run's socket does not).
    var usesHTTPTimeout: Bool {
        if case .progress = kind { return false }
        return true
    }

    /// The size of the scenario's inputs: items, books (devices count as books), or the CSV's bytes.
    var inputSize: Int {
        switch kind {
        case let .progress(items, _, _, _, _, _): return items
        case let .cloudKit(configuration): return configuration.devices * (configuration.booksPerDevice + 1) + configuration.booksAfterReset
        case let .resetDuringEnrichment(configuration): return configuration.books
        case let .importAndEnrich(configuration): return configuration.file.bytes.count
        case let .dayInTheApp(c): return c.devices + c.imports * c.rowsPerImport + c.resets + c.jobs + c.edits + c.crashes + c.clockSteps
        }
    }

    /// Smaller inputs of the scenario's kind: fewer items, books, devices or rows, perfect clocks, and
    /// the user's reset earlier. The bounds a property is judged by (liveness, convergence, drain) are
    /// never shrunk: a run cut short would break them for no fault of the implementation.
    var smallerInputs: [ScenarioFile] {
        func smaller(_ value: Int, floor: Int) -> [Int] {
            guard value > floor else { return [] }
            return Array(Set([floor, floor + (value - floor) / 2, value - 1])).filter { $0 < value && $0 >= floor }.sorted()
        }
        var candidates: [ScenarioFile] = []
        func with(_ kind: Kind) {
            var copy = self
            copy.kind = kind
            candidates.append(copy)
        }
        func earlier(_ nanoseconds: UInt64, floor: UInt64) -> [UInt64] {
            let ms = FaultOptions.millisecond
            return Array(Set([floor, nanoseconds / 2 / ms * ms, nanoseconds / 4 * 3 / ms * ms])).filter { $0 < nanoseconds && $0 >= floor }.sorted()
        }
        switch kind {
        case let .progress(items, interval, fails, appClock, backendClock, bound):
            for fewer in smaller(items, floor: 1) { with(.progress(items: fewer, itemIntervalMilliseconds: interval, failsAtEnd: fails, appClock: appClock, backendClock: backendClock, livenessBoundMilliseconds: bound)) }
            if appClock != .perfect { with(.progress(items: items, itemIntervalMilliseconds: interval, failsAtEnd: fails, appClock: .perfect, backendClock: backendClock, livenessBoundMilliseconds: bound)) }
            if backendClock != .perfect { with(.progress(items: items, itemIntervalMilliseconds: interval, failsAtEnd: fails, appClock: appClock, backendClock: .perfect, livenessBoundMilliseconds: bound)) }
        case let .cloudKit(configuration):
            for devices in smaller(configuration.devices, floor: 2) { var copy = configuration; copy.devices = devices; with(.cloudKit(copy)) }
            for books in smaller(configuration.booksPerDevice, floor: 0) { var copy = configuration; copy.booksPerDevice = books; with(.cloudKit(copy)) }
            for books in smaller(configuration.booksAfterReset, floor: 0) { var copy = configuration; copy.booksAfterReset = books; with(.cloudKit(copy)) }
            for time in earlier(configuration.resetAtNanoseconds, floor: 0) { var copy = configuration; copy.resetAtNanoseconds = time; with(.cloudKit(copy)) }

        case let .resetDuringEnrichment(configuration):
            for books in smaller(configuration.books, floor: 1) { var copy = configuration; copy.books = books; with(.resetDuringEnrichment(copy)) }
            for time in earlier(configuration.resetAtNanoseconds, floor: 0) { var copy = configuration; copy.resetAtNanoseconds = time; with(.resetDuringEnrichment(copy)) }
        case let .importAndEnrich(configuration):
            // Data rows in halves, quarters, …, then one at a time; the header stays.
            let lines = configuration.file.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            let rows = Array(lines.dropFirst().filter { !$0.isEmpty })
            var chunk = rows.count / 2
            while chunk >= 1 {
                for start in stride(from: 0, to: rows.count, by: chunk) where rows.count - chunk >= 1 {
                    let kept = rows[..<start] + rows[min(rows.count, start + chunk)...]
                    var copy = configuration
                    let text = ([lines[0]] + Array(kept)).map(Array.init).joined(separator: [UInt8(ascii: "\n")])
                    copy.file = ImportFile(name: configuration.file.name, bytes: Array(text) + [UInt8(ascii: "\n")])
                    with(.importAndEnrich(copy))
                }
                chunk /= 2
            }
            let providerRates: [WritableKeyPath<ImportAndEnrichRun.Configuration, UInt64>] = [\.notFoundPartsPerMillion, \.unavailablePartsPerMillion, \.silentPartsPerMillion]
            for keyPath in providerRates where configuration[keyPath: keyPath] > 0 {
                var copy = configuration
                copy[keyPath: keyPath] = 0
                with(.importAndEnrich(copy))
            }
        case let .dayInTheApp(configuration):
            // Fewer devices and fewer of each activity, then a shorter day and rarer syncs.
            let counts: [(WritableKeyPath<DayInTheAppRun.Configuration, Int>, Int)] = [
                (\.devices, 1), (\.imports, 0), (\.rowsPerImport, 1), (\.resets, 0), (\.jobs, 0), (\.edits, 0), (\.crashes, 0), (\.clockSteps, 0),
            ]
            for (keyPath, floor) in counts {
                for fewer in smaller(configuration[keyPath: keyPath], floor: floor) { var copy = configuration; copy[keyPath: keyPath] = fewer; with(.dayInTheApp(copy)) }
            }
            for time in earlier(configuration.dayNanoseconds, floor: 0) { var copy = configuration; copy.dayNanoseconds = time; with(.dayInTheApp(copy)) }
            // Rarer syncs: fewer events, as long as the devices still sync within the settle bound.
            for factor: UInt64 in [2, 4] where configuration.syncIntervalNanoseconds * factor <= configuration.settleBoundNanoseconds {
                var copy = configuration
                copy.syncIntervalNanoseconds *= factor
                with(.dayInTheApp(copy))
            }
        }
        return candidates
    }
}

extension FaultOptions {
    /// The total length of the partitions and offline windows, in nanoseconds.
    var windowNanoseconds: UInt64 {
        partitions.reduce(0) { $0 + $1.window.end - $1.window.start } + offline.values.joined().reduce(0) { $0 + $1.end - $1.start }
    }
}
