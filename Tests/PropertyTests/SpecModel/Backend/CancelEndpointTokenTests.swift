import SpecModel
import Testing

/// A job started with a token is canceled only by a request bearing it; the refusal is the unknown
/// job's answer, so no client can cancel, or learn of, another client's job (issue 5, Phase 1 token
/// authentication; Decision D-080).
@Suite struct CancelEndpointTokenTests {
    typealias Fixture = CancelEndpointFixture

    static func registry() -> BackendJobRegistry {
        var registry = BackendJobRegistry()
        registry.startJob(Fixture.seedJobId, books: Fixture.books, at: Fixture.startTime, token: "token-a")
        registry.startJob(Fixture.otherJobId, books: Fixture.books, at: Fixture.startTime, token: "token-b")
        return registry
    }

    static func post(_ jobId: String, token: String?) -> HTTPRequest {
        var request = Fixture.post(jobId: jobId)
        request.authorization = token
        return request
    }

    @Test(arguments: [nil, "", "token-b", "token-a ", "TOKEN-A"] as [String?])
    func aCancelWithoutTheJobsTokenIsAnsweredAsAnUnknownJob(token: String?) {
        var registry = Self.registry()
        let response = Fixture.handle(Self.post(Fixture.seedJobId, token: token), &registry)
        let unknown = Fixture.handle(Self.post("00000000-0000-4000-8000-000000000000", token: token), &registry)
        #expect(response == unknown)
        #expect(response.status == 404)
        #expect(response.errorCode == "JOB_NOT_FOUND")
        #expect(registry.job(Fixture.seedJobId)?.status == .running)
        #expect(registry.job(Fixture.otherJobId)?.status == .running)
    }

    @Test func theJobsOwnTokenCancelsItAndOnlyIt() {
        var registry = Self.registry()
        let response = Fixture.handle(Self.post(Fixture.seedJobId.uppercased(), token: "token-a"), &registry)
        #expect(response.status == 200)
        #expect(registry.job(Fixture.seedJobId)?.status == .canceled)
        #expect(registry.job(Fixture.otherJobId)?.status == .running)
    }

    /// Decision D-129: a job started without a token keeps the seed's API: its ID alone cancels it,
    /// with or without a token in the request; an empty token is no token.
    @Test(arguments: [nil, "", "any-token"] as [String?])
    func aJobWithoutATokenIsCanceledByItsIdAlone(presented: String?) {
        for started in [nil, ""] as [String?] {
            var registry = BackendJobRegistry()
            registry.startJob(Fixture.seedJobId, books: Fixture.books, at: Fixture.startTime, token: started)
            #expect(Fixture.handle(Self.post(Fixture.seedJobId, token: presented), &registry).status == 200)
        }
    }

    /// Issue 22: the comparison's work is the presented token's length, whatever the secret holds or
    /// how long it is, so its time reveals nothing of the secret.
    @Test func theTokenComparisonReadsThePresentedTokenOnceWhateverTheSecret() {
        let presented = Array("token-a".utf8)
        for secret in ["token-a", "token-b", "t", "a much longer secret than the guess", "xoken-a"] {
            let counted = CountingBytes(Array(secret.utf8))
            let equal = ProgressJobSocket.constantTimeEqual(presented, counted)
            #expect(counted.reads.value == presented.count, "reading \(counted.reads.value) secret bytes for \(secret)")
            #expect(equal == (secret == "token-a"))
        }
        #expect(!ProgressJobSocket.constantTimeEqual(Array("token-a-and-more".utf8), Array("token-a".utf8)))
        #expect(!ProgressJobSocket.constantTimeEqual([], Array("token-a".utf8)))
    }

    /// Library Reset sends the token the queue holds for its job, so the reset still cancels a
    /// token-protected job; the queue forgets the token with the job.
    @Test func libraryResetSendsTheJobsToken() {
        var app = AppState()
        var registry = Self.registry()
        app.enrichmentQueue.setCurrentJobId(Fixture.seedJobId, token: "token-a")
        let outcome = LibraryResetRun.run(&app, backend: &registry, at: Fixture.requestTime)
        #expect(outcome == .succeeded)
        #expect(registry.job(Fixture.seedJobId)?.status == .canceled)
        #expect(registry.job(Fixture.otherJobId)?.status == .running)
        #expect(app.enrichmentQueue.currentJobId == nil)
        #expect(app.enrichmentQueue.currentJobToken == nil)
    }
}

/// Bytes that count how many times they are read.
struct CountingBytes: RandomAccessCollection {
    let bytes: [UInt8]
    let reads = ReadCount()

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var startIndex: Int { 0 }
    var endIndex: Int { bytes.count }

    subscript(position: Int) -> UInt8 {
        reads.value += 1
        return bytes[position]
    }
}

/// A counter shared by the copies of a `CountingBytes`.
final class ReadCount {
    var value = 0
}
