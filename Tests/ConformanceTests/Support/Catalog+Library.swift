import SpecConformance

extension ConformanceCatalog {
    /// The Library seams: the model's implementations, run against their suites.
    static let libraryModels: [ModelImplementation] = [
        .of({ .workCache }) { ModelWorkCacheSession() },
        .of({ .enrichmentQueue }) { ModelEnrichmentQueue() },
        .of({ .enrichmentRetry }) { ModelEnrichmentRetryPolicy() },
        .of({ .cancelEndpoint }) { ModelEnrichmentJobBackend() },
        .of({ .enrichmentJobLoop }) { ModelEnrichmentJobBackend() },
        .of({ .libraryReset }) { ModelLibraryReset() },
    ]

    /// The Library seams' wrong implementations.
    static let libraryWrongImplementations: [WrongImplementation] =
        WrongWorkCacheSessions.all + WrongEnrichmentQueues.all + WrongEnrichmentRetryPolicies.all
        + WrongEnrichmentJobBackends.all + WrongLibraryResets.all
}
