import SpecConformance

extension ConformanceCatalog {
    /// The Series seams: the model's implementations, run against their suites.
    static let seriesModels: [ModelImplementation] = [
        .of({ .seriesProgress }) { ModelSeriesProgressCalculator() },
        .of({ .nextInSeries }) { ModelNextInSeriesRecommender() },
        .of({ .seriesDetection }) { ModelSeriesDetector() },
        .of({ .seriesLinking }) { ModelSeriesLinker() },
        .of({ .seriesLabels }) { ModelSeriesLabeler() },
    ]

    /// The Series seams' wrong implementations.
    static let seriesWrongImplementations: [WrongImplementation] =
        WrongSeriesProgressCalculators.all + WrongNextInSeriesRecommenders.all + WrongSeriesDetectors.all + WrongSeriesLinkers.all + WrongSeriesLabelers.all
}
