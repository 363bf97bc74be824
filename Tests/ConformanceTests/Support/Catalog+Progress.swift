import SpecConformance
import SpecModel

extension ConformanceCatalog {
    /// The Progress seams: the model's implementations, run against their suites.
    static let progressModels: [ModelImplementation] = [
        .of({ .progressMessageEncoding }) { ModelProgressMessageCodec() },
        .of({ .progressMessageDecoding }) { ModelProgressMessageCodec() },
        .of({ .progressThrottle }) { ModelProgressThrottle() },
        .of({ .heartbeat }) { ModelHeartbeat() },
        .of({ .progressReconnect }) { ModelProgressSocketClient() },
        .of({ .structuredErrors }) { ModelStructuredErrorBuilder() },
        .of({ .statusMessages }) { ModelStatusMessageFormatter() },
        .of({ .progressJobSocket }) { ModelProgressJobSocket() },
    ]

    /// The Progress seams' wrong implementations.
    static let progressWrongImplementations: [WrongImplementation] =
        WrongProgressMessageCodecs.all + WrongProgressThrottles.all + WrongHeartbeats.all + WrongProgressSocketClients.all
            + WrongStructuredErrorBuilders.all + WrongStatusMessageFormatters.all + WrongProgressJobSockets.all
}
