import Generators
import SpecModel

extension ConformanceSuite where Implementation: EnrichmentQueueing {
    /// The enrichment queue suite: order and repeats, one work at a time, deleted works dropped,
    /// `clearAll`, the job bookkeeping, laws over generated programs on the queue alone, and generated
    /// programs compared with the model step by step.
    public static var enrichmentQueue: ConformanceSuite {
        typealias R = EnrichmentQueueRules
        typealias P = QueuePrograms
        typealias E = QueueExample
        func examples(_ rule: Rule, _ about: String, _ list: [ConformanceExample<QueueExample>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, list) { queue, example in try example.check(on: queue) }
        }
        func law(_ rule: Rule, _ about: String, cases: Int, _ programs: Gen<[QueueCommand]>, exercises: @escaping (QueueCommand) -> Bool,
                 _ body: @escaping (QueueCommand, QueueLaw.Before, QueueTracer<Implementation>, String) throws -> Void) -> ConformanceCheck<Implementation> {
            .property(rule, about, cases: cases, programs, describe: P.describe, exercises: { P.has($0, exercises) }) { queue, program in
                try QueueLaw.check(program, on: queue, body)
            }
        }
        func isAdd(_ command: QueueCommand) -> Bool {
            switch command {
            case .add, .addMultiple: return true
            default: return false
            }
        }
        func isBatch(_ command: QueueCommand) -> Bool {
            if case .addMultiple = command { return true } else { return false }
        }
        let inserts = Array(repeating: QueueCommand.insert, count: 5)
        let none = E.none
        return ConformanceSuite(id: "enrichment-queue", title: "Enrichment queue", seam: "EnrichmentQueueing", checks: [
            examples(R.add, "adding works one by one", [
                ConformanceExample("first in, first queued; a repeat is refused", E(
                    Array(inserts.prefix(3)) + [.add(2), .add(0), .add(2), .add(1)],
                    returns: ["#1", "#2", "#3", "true", "true", "false", "true"], pending: [3, 1, 2]), pins: "D-153"),
                ConformanceExample("the work in flight is refused until it is finished", E(
                    [.insert, .add(0), .startNext, .add(0), .finish, .add(0)],
                    returns: ["#1", "true", "*", "false", "-", "true"], pending: [1]), pins: "D-153"),
            ]),
            law(R.add, "generated programs of adds, starts and finishes", cases: 30, P.programs(addMultiple: 0, delete: 0, jobs: 0), exercises: isAdd) { command, before, after, asked in
                guard case .add = command else { return }
                try QueueLaw.eachWorkOnce(command, before, after, asked)
            },
            examples(R.addMultiple, "adding works in a batch", [
                ConformanceExample("a batch of new works, in its order", E(
                    Array(inserts.prefix(3)) + [.addMultiple([2, 0, 1])], returns: ["#1", "#2", "#3", "*"], pending: [3, 1, 2]), pins: "seed: \"addMultiple() queues all works\""),
                ConformanceExample("a batch behind the works already queued", E(
                    Array(inserts.prefix(4)) + [.add(0), .addMultiple([3, 1])], returns: ["#1", "#2", "#3", "#4", "*", "*"], pending: [1, 4, 2]), pins: "seed: \"addMultiple() queues all works\""),
                ConformanceExample("nothing adds nothing", E(
                    [.insert, .add(0), .addMultiple([])], returns: ["#1", "*", "*"], pending: [1]), pins: "seed: \"addMultiple() queues all works\""),
            ]),
            law(R.addMultiple, "generated programs of batches with repeats", cases: 30, P.programs(addMultiple: 6, delete: 0, jobs: 0), exercises: isBatch) { try QueueLaw.batchQueued($0, $1, $2, $3) },
            examples(R.addMultipleSkipsRepeats, "repeats in a batch", [
                ConformanceExample("repeats in the batch and against the queue are skipped", E(
                    inserts + [.add(1), .addMultiple([0, 1, 2, 0, 3, 2])],
                    returns: ["#1", "#2", "#3", "#4", "#5", "*", "3"], pending: [2, 1, 3, 4]), pins: "D-153"),
                ConformanceExample("nothing adds nothing", E(
                    [.insert, .add(0), .addMultiple([])], returns: ["#1", "*", "0"], pending: [1]), pins: "D-153"),
                ConformanceExample("the work in flight is skipped", E(
                    [.insert, .insert, .add(0), .startNext, .addMultiple([0, 1, 1])],
                    returns: ["#1", "#2", "*", "*", "1"], pending: [2]), pins: "D-153"),
            ]),
            law(R.addMultipleSkipsRepeats, "generated programs of batches with repeats", cases: 30, P.programs(addMultiple: 6, delete: 0, jobs: 0), exercises: isBatch) { command, before, after, asked in
                guard case .addMultiple = command else { return }
                try QueueLaw.eachWorkOnce(command, before, after, asked)
            },
            examples(R.oneAtATime, "starting works", [
                ConformanceExample("the oldest first, one at a time", E(
                    Array(inserts.prefix(3)) + [.addMultiple([2, 0, 1]), .startNext, .startNext, .finish, .startNext],
                    returns: ["#1", "#2", "#3", "*", "#3", "nil", "-", "#1"], pending: [2], inFlight: 1), pins: "seed: \"Process one work at a time (sequential, respects API rate limits)\""),
                ConformanceExample("nothing queued, nothing started", E(
                    [.insert, .startNext, .finish, .startNext], returns: ["#1", "nil", "-", "nil"], pending: [], inFlight: none), pins: "seed: \"Process one work at a time\""),
            ]),
            law(R.oneAtATime, "generated programs of adds, starts and finishes", cases: 30, P.programs(addMultiple: 3, delete: 0, jobs: 0), exercises: { $0 == .startNext }) { try QueueLaw.oldestFirst($0, $1, $2, $3) },
            examples(R.staleDropped, "deleting queued works", [
                ConformanceExample("deleted works are passed over", E(
                    Array(inserts.prefix(4)) + [.addMultiple([0, 1, 2, 3]), .delete(0), .delete(1), .startNext, .finish, .startNext, .finish, .startNext],
                    returns: ["#1", "#2", "#3", "#4", "*", "deleted #1", "deleted #3", "#2", "-", "#4", "-", "nil"], pending: []),
                    pins: "seed: \"Stale PersistentID (work deleted) → Remove from queue silently\""),
                ConformanceExample("a queue of only deleted works ends empty", E(
                    [.insert, .insert, .addMultiple([0, 1]), .delete(0), .delete(0), .startNext],
                    returns: ["#1", "#2", "*", "deleted #1", "deleted #2", "nil"], pending: [], inFlight: none), pins: "seed: \"Remove from queue silently\""),
            ]),
            law(R.staleDropped, "generated programs that delete queued works", cases: 30, P.programs(addMultiple: 3, delete: 4, jobs: 0), exercises: { $0 == .startNext }) { try QueueLaw.deletedNeverStarted($0, $1, $2, $3) },
            examples(R.clearAll, "clearing the queue", [
                ConformanceExample("pending works and the job go", E(
                    Array(inserts.prefix(3)) + [.addMultiple([0, 1, 2]), .setJob(0), .clearAll],
                    returns: ["#1", "#2", "#3", "*", "-", "-"], pending: [], job: none),
                    pins: "seed: \"when enrichment queue cleared, then `currentJobId` set to nil\""),
                ConformanceExample("with a work in flight", E(
                    Array(inserts.prefix(3)) + [.addMultiple([0, 1, 2]), .startNext, .setJob(1), .clearAll],
                    returns: ["#1", "#2", "#3", "*", "*", "-", "-"], pending: [], job: none),
                    pins: "seed: \"enrichment queue emptied\""),
            ]),
            examples(R.clearAllInFlight, "clearing the queue with a work in flight", [
                ConformanceExample("the work in flight goes too, and may be queued and started again", E(
                    Array(inserts.prefix(3)) + [.addMultiple([0, 1, 2]), .startNext, .setJob(0), .clearAll, .add(0), .startNext],
                    returns: ["#1", "#2", "#3", "*", "*", "-", "-", "true", "#1"], pending: [], inFlight: 1),
                    pins: "D-029"),
                ConformanceExample("nothing is in flight after it", E(
                    [.insert, .add(0), .startNext, .clearAll], returns: ["#1", "*", "#1", "-"], inFlight: none), pins: "D-029"),
            ]),
            examples(R.jobFollowed, "following backend jobs", [
                ConformanceExample("the followed job completes", E([.setJob(0), .jobEnded(0, .complete)], returns: ["-", "-"], job: none), pins: "seed: \"clearCurrentJobId() when complete or canceled\""),
                ConformanceExample("the followed job is canceled", E([.setJob(0), .jobEnded(0, .canceled)], returns: ["-", "-"], job: none), pins: "seed: \"clearCurrentJobId() when complete or canceled\""),
                ConformanceExample("a new job replaces the followed one", E([.setJob(1), .setJob(0)], returns: ["-", "-"], job: 0), pins: "seed: \"Always call setCurrentJobId() when starting enrichment\""),
            ]),
            examples(R.jobBookkeeping, "the ends the seed does not list", [
                ConformanceExample("the followed job fails", E([.setJob(0), .jobEnded(0, .failed)], returns: ["-", "-"], job: none), pins: "D-029"),
                ConformanceExample("another job ending changes nothing", E(
                    [.setJob(0), .jobEnded(1, .complete), .jobEnded(1, .failed), .jobEnded(1, .canceled)], returns: ["-", "-", "-", "-"], job: 0), pins: "D-029"),
                ConformanceExample("the job replaced, its end changes nothing", E(
                    [.setJob(1), .setJob(0), .jobEnded(1, .canceled)], returns: ["-", "-", "-"], job: 0), pins: "D-029"),
                ConformanceExample("works are not touched by the job's end", E(
                    [.insert, .add(0), .setJob(0), .jobEnded(0, .complete)], returns: ["#1", "*", "-", "-"], pending: [1]), pins: "D-029"),
            ]),
            .property(R.sequences, "generated programs of every command", method: .differential, cases: 40, P.programs(addMultiple: 3, delete: 2, jobs: 3), describe: P.describe) { queue, program in
                try QueueRun.compare(program, on: queue)
            },
        ])
    }
}

/// The generated programs of the enrichment queue suite.
enum QueuePrograms {
    /// Programs of up to 18 commands; the weights of batches, deletes and job commands vary by check.
    static func programs(addMultiple: Int, delete: Int, jobs: Int) -> Gen<[QueueCommand]> {
        let index = Gen<Int>.int(in: 0...5)
        var weighted: [(weight: Int, generator: Gen<QueueCommand>)] = [
            (3, Gen<QueueCommand>.constant(.insert)),
            (3, index.map { QueueCommand.add($0) }),
            (3, Gen<QueueCommand>.constant(.startNext)),
            (2, Gen<QueueCommand>.constant(.finish)),
            (1, Gen<QueueCommand>.constant(.clearAll)),
        ]
        if addMultiple > 0 { weighted.append((addMultiple, Gen<Int>.array(of: index, count: 0...6).map { QueueCommand.addMultiple($0) })) }
        if delete > 0 { weighted.append((delete, index.map { QueueCommand.delete($0) })) }
        if jobs > 0 {
            let job = Gen<Int>.int(in: 0...1)
            weighted.append((jobs, job.map { QueueCommand.setJob($0) }))
            weighted.append((jobs, Gen<(Int, EnrichmentQueue.JobEnd)>.zip(job, Gen<EnrichmentQueue.JobEnd>.element(of: [.complete, .failed, .canceled])).map { QueueCommand.jobEnded($0, $1) }))
        }
        return Gen<QueueCommand>.array(of: Gen<QueueCommand>.frequency(weighted), count: 1...18)
    }

    static func describe(_ program: [QueueCommand]) -> String {
        program.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "; ")
    }
}
