import SpecConformance

extension ConformanceCatalog {
    /// The Library seams: the model's implementations, run against their suites.
    static let libraryModels: [ModelImplementation] = [
        .of({ .workCache }) { ModelWorkCacheSession() },
    ]

    /// The Library seams' wrong implementations.
    static let libraryWrongImplementations: [WrongImplementation] =
        WrongWorkCacheSessions.all
}
