import SpecConformance

extension ConformanceCatalog {
    /// The CSVImport seams: the model's implementations, run against their suites.
    static let csvImportModels: [ModelImplementation] = [
        .of({ .titleNormalization }) { ModelTitleNormalizer() },
        .of({ .isbnReading }) { ModelISBNReader() },
        .of({ .csvRecordReading }) { ModelCSVRecordReader() },
        .of({ .exportFormatDetection }) { ModelExportFormatDetector() },
        .of({ .duplicateDetection }) { ModelDuplicateDetector() },
        .of({ .strategyImport }) { ModelStrategyImporter() },
    ]

    /// The CSVImport seams' wrong implementations.
    static let csvImportWrongImplementations: [WrongImplementation] =
        WrongTitleNormalizers.all + WrongISBNReaders.all + WrongCSVRecordReaders.all + WrongExportFormatDetectors.all
            + WrongDuplicateDetectors.all + WrongStrategyImporters.all
}
