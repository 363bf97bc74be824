import SpecConformance

extension ConformanceCatalog {
    /// The Progress seams: the model's implementations, run against their suites.
    static let progressModels: [ModelImplementation] = [
    ]

    /// The Progress seams' wrong implementations.
    static let progressWrongImplementations: [WrongImplementation] = [
    ]
}
