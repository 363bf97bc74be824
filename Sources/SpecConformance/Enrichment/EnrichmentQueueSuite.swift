import Generators
import SpecModel

extension ConformanceSuite where Implementation: EnrichmentQueueing {
    /// The enrichment queue suite: order and repeats, one work at a time, deleted works dropped,
    /// `clearAll`, the job bookkeeping, and generated programs compared with the model step by step.
    public static var enrichmentQueue: ConformanceSuite {
        typealias R = EnrichmentQueueRules
        typealias P = QueuePrograms
        func examples(_ rule: Rule, _ about: String, _ list: [ConformanceExample<QueueExample>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, list) { queue, example in try example.check(on: queue) }
        }
        func differential(_ rule: Rule, _ about: String, cases: Int, _ programs: Gen<[QueueCommand]>) -> ConformanceCheck<Implementation> {
            .property(rule, about, method: .differential, cases: cases, programs, describe: P.describe) { queue, program in
                try QueueRun.compare(program, on: queue)
            }
        }
        let inserts = Array(repeating: QueueCommand.insert, count: 5)
        return ConformanceSuite(id: "enrichment-queue", title: "Enrichment queue", seam: "EnrichmentQueueing", checks: [
            examples(R.add, "adding works one by one", [
                ConformanceExample("first in, first queued; a repeat is refused", QueueExample(
                    Array(inserts.prefix(3)) + [.add(2), .add(0), .add(2), .add(1)],
                    returns: ["#1", "#2", "#3", "true", "true", "false", "true"], pending: [3, 1, 2]), pins: "seed: \"Process one work at a time\""),
                ConformanceExample("the work in flight is refused until it is finished", QueueExample(
                    [.insert, .add(0), .startNext, .add(0), .finish, .add(0)],
                    returns: ["#1", "true", "#1", "false", "-", "true"], pending: [1]), pins: "D-029"),
            ]),
            examples(R.addMultiple, "adding works in a batch", [
                ConformanceExample("repeats in the batch and against the queue are skipped", QueueExample(
                    inserts + [.add(1), .addMultiple([0, 1, 2, 0, 3, 2])],
                    returns: ["#1", "#2", "#3", "#4", "#5", "true", "3"], pending: [2, 1, 3, 4]), pins: "seed: \"addMultiple() queues all works\""),
                ConformanceExample("nothing adds nothing", QueueExample(
                    [.insert, .add(0), .addMultiple([])], returns: ["#1", "true", "0"], pending: [1]), pins: "seed: \"addMultiple() queues all works\""),
                ConformanceExample("the work in flight is skipped", QueueExample(
                    [.insert, .insert, .add(0), .startNext, .addMultiple([0, 1, 1])],
                    returns: ["#1", "#2", "true", "#1", "1"], pending: [2], inFlight: 1), pins: "D-029"),
            ]),
            differential(R.addMultiple, "generated programs of batches with repeats", cases: 30, P.programs(addMultiple: 6, delete: 0, jobs: 0)),
            examples(R.oneAtATime, "starting works", [
                ConformanceExample("the oldest first, one at a time", QueueExample(
                    Array(inserts.prefix(3)) + [.addMultiple([2, 0, 1]), .startNext, .startNext, .finish, .startNext],
                    returns: ["#1", "#2", "#3", "3", "#3", "nil", "-", "#1"], pending: [2], inFlight: 1), pins: "seed: \"Process one work at a time (sequential, respects API rate limits)\""),
                ConformanceExample("nothing queued, nothing started", QueueExample(
                    [.insert, .startNext, .finish, .startNext], returns: ["#1", "nil", "-", "nil"], pending: []), pins: "seed: \"Process one work at a time\""),
            ]),
            examples(R.staleDropped, "deleting queued works", [
                ConformanceExample("deleted works are passed over", QueueExample(
                    Array(inserts.prefix(4)) + [.addMultiple([0, 1, 2, 3]), .delete(0), .delete(1), .startNext, .finish, .startNext, .finish, .startNext],
                    returns: ["#1", "#2", "#3", "#4", "4", "deleted #1", "deleted #3", "#2", "-", "#4", "-", "nil"], pending: []),
                    pins: "seed: \"Stale PersistentID (work deleted) → Remove from queue silently\""),
                ConformanceExample("a queue of only deleted works ends empty", QueueExample(
                    [.insert, .insert, .addMultiple([0, 1]), .delete(0), .delete(0), .startNext],
                    returns: ["#1", "#2", "2", "deleted #1", "deleted #2", "nil"], pending: []), pins: "D-058"),
            ]),
            differential(R.staleDropped, "generated programs that delete queued works", cases: 30, P.programs(addMultiple: 3, delete: 4, jobs: 0)),
            examples(R.clearAll, "clearing the queue", [
                ConformanceExample("pending, in flight and the job all go", QueueExample(
                    Array(inserts.prefix(3)) + [.addMultiple([0, 1, 2]), .startNext, .setJob(0), .clearAll, .add(0), .startNext],
                    returns: ["#1", "#2", "#3", "3", "#1", "-", "-", "true", "#1"], pending: [], inFlight: 1),
                    pins: "seed: \"when enrichment queue cleared, then `currentJobId` set to nil\""),
            ]),
            examples(R.jobBookkeeping, "following backend jobs", [
                ConformanceExample("the followed job completes", QueueExample([.setJob(0), .jobEnded(0, .complete)], returns: ["-", "-"], pending: []), pins: "seed: \"clearCurrentJobId() when complete or canceled\""),
                ConformanceExample("the followed job is canceled", QueueExample([.setJob(0), .jobEnded(0, .canceled)], returns: ["-", "-"], pending: []), pins: "seed: \"clearCurrentJobId() when complete or canceled\""),
                ConformanceExample("the followed job fails", QueueExample([.setJob(0), .jobEnded(0, .failed)], returns: ["-", "-"], pending: []), pins: "D-029"),
                ConformanceExample("another job ending changes nothing", QueueExample(
                    [.setJob(0), .jobEnded(1, .complete), .jobEnded(1, .failed), .jobEnded(1, .canceled)], returns: ["-", "-", "-", "-"], pending: [], job: 0), pins: "D-029"),
                ConformanceExample("a new job replaces the followed one", QueueExample(
                    [.setJob(1), .setJob(0), .jobEnded(1, .canceled)], returns: ["-", "-", "-"], pending: [], job: 0), pins: "seed: \"Always call setCurrentJobId() when starting enrichment\""),
                ConformanceExample("works are not touched by the job's end", QueueExample(
                    [.insert, .add(0), .setJob(0), .jobEnded(0, .complete)], returns: ["#1", "true", "-", "-"], pending: [1]), pins: "D-029"),
            ]),
            differential(R.sequences, "generated programs of every command", cases: 40, P.programs(addMultiple: 3, delete: 2, jobs: 3)),
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
