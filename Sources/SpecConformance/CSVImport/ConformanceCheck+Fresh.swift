import Generators

extension ConformanceCheck {
    /// A law over generated inputs whose body needs more than one fresh implementation (a library of
    /// A asked about B, and a library of B asked about A): `body` gets the suite's `make` and one input.
    ///
    /// The same engine runs it as `property`: failures shrink and replay alike.
    static func propertyWithFresh<Value>(
        _ rule: Rule, _ about: String, label: String? = nil, cases: Int = 100,
        _ generator: Gen<Value>, describe: @escaping (Value) -> String = { String(reflecting: $0) },
        exercises: ((Value) -> Bool)? = nil,
        _ body: @escaping (_ make: () -> Implementation, Value) throws -> Void
    ) -> ConformanceCheck {
        ConformanceCheck(rule: rule, method: .property, about: about, label: label, declaresWhatItExercises: exercises != nil) { make, context in
            PropertyCheckRun.run(generator, settings: context.settings(cases), describe: describe, exercises: exercises) { value in
                try body(make, value)
            }
        }
    }
}
