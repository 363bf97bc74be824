import SpecModel

extension ProgressMessageRejection {
    /// The refusal of a frame whose values make no message: an app's decoder builds the kit's message
    /// types with their `checked` factories (`JobSnapshot.checked(…)`, `ErrorDetails.checked(…)`), which
    /// throw where the initialisers would stop the process, and maps the error here.
    public init(_ error: ProgressValueError) {
        self.init(.invalidValue, field: error.field)
    }
}
