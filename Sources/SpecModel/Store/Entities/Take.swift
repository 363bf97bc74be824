/// Moves `value` out, leaving `empty` in its place.
///
/// The entity initialisers take a consumed draft's strings and arrays this way (and its optionals with
/// `Optional.take()`): a field copied out of the draft is retained, then released again when the draft
/// ends, and for the import's million fields that pair cost more than the rest of building the
/// entities (Decision D-111).
@inline(__always)
func take<Value>(_ value: inout Value, leaving empty: Value) -> Value {
    var taken = empty
    swap(&taken, &value)
    return taken
}
